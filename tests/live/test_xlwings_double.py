"""The recording double cannot drift from xlwings: every member it offers exists
in the installed xlwings with the same kind (method or property, settable or
not) and the same parameter names."""

from __future__ import annotations

import inspect

import pytest

from . import xlwings_double as double

xlwings = pytest.importorskip("xlwings", reason="xlwings is in the test extra: pip install '.[test]'")
from xlwings import main as xw_main  # noqa: E402

PAIRS = [
    (double.Book, xw_main.Book), (double.Sheets, xw_main.Sheets), (double.Sheet, xw_main.Sheet),
    (double.Range, xw_main.Range), (double.App, xw_main.App), (double.Names, xw_main.Names),
    (double.Name, xw_main.Name), (double.Font, xw_main.Font),
]
# Helpers of the double that tests call directly; they are not xlwings members.
HELPERS = {"put", "cells_", "calls", "saved_to", "status_history", "visible_"}
CLASS_HELPERS = {double.Sheets: {"activate"}}  # Sheet.activate is xlwings'; Sheets.activate(name) is not
# Constructors are the double's own: xlwings objects are made by its engines, not by callers.
DUNDERS = {"__getitem__", "__iter__", "__len__", "__contains__"}


def members(cls):
    for name, value in vars(cls).items():
        if name in HELPERS | CLASS_HELPERS.get(cls, set()) or (name.startswith("_") and name not in DUNDERS):
            continue
        yield name, value


def params(function) -> list[str]:
    return [p.name for p in inspect.signature(function).parameters.values()
            if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]


@pytest.mark.parametrize("fake, real", PAIRS, ids=lambda c: c.__name__)
def test_double_members_match_xlwings(fake, real):
    for name, value in members(fake):
        theirs = inspect.getattr_static(real, name, None)
        assert theirs is not None, f"xlwings.{real.__name__} has no member {name}"
        if isinstance(value, property):
            assert isinstance(theirs, property), f"{real.__name__}.{name} is not a property in xlwings"
            if value.fset is not None:
                assert theirs.fset is not None, f"{real.__name__}.{name} cannot be set in xlwings"
        else:
            mine = value.__func__ if isinstance(value, (classmethod, staticmethod)) else value
            other = theirs.__func__ if isinstance(theirs, (classmethod, staticmethod)) else theirs
            assert isinstance(value, classmethod) == isinstance(theirs, classmethod), name
            assert params(mine) == params(other), f"{real.__name__}.{name}{inspect.signature(other)}"


def test_backend_uses_only_members_the_double_has():
    """The back end's xlwings calls, read from its source, are all in the double."""
    import ast
    from pathlib import Path

    import xlsolver.backends.xlwings_backend as backend

    tree = ast.parse(Path(backend.__file__).read_text(encoding="utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    natives = (double._BookApi, double._SheetApi, double._RangeApi, double._Interior, double._Border, double._Font,
               double._Areas)
    offered = {name for cls, _ in PAIRS for name in vars(cls)} | {name for cls in natives for name in vars(cls)}
    excel_like = {"sheets", "names", "app", "range", "used_range", "value", "color", "api", "address",
                  "status_bar", "screen_updating", "refers_to_range", "refers_to", "font", "row_height",
                  "column_width", "fullname", "caller", "active", "Interior", "Borders", "LineStyle", "Weight",
                  "ColorIndex", "Color", "delete", "add", "save", "SaveCopyAs", "name", "Visible", "activate",
                  "Font", "Size", "Bold", "HorizontalAlignment", "HasFormula", "number_format", "formula",
                  "clear_contents", "visible", "size", "bold", "SpecialCells", "Areas", "CountLarge", "Address",
                  "Count", "Item"}
    assert excel_like & used <= offered
