"""workbooks/excel/lite/main.py, the xlwings Lite scripts, run against the double
with everything Lite lacks (Range.api, the status bar, screen updating) taken away."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlsolver.core.paint import BLACK, WHITE

from . import xlwings_double as double
from .puzzles import laid_out, square_rings

pytest.importorskip("xlwings", reason="main.py imports xlwings: pip install '.[test]'")
MAIN = Path(__file__).resolve().parents[2] / "workbooks" / "excel" / "lite" / "main.py"


def missing(what):
    def fail(self, *args):
        raise AttributeError(f"xlwings Lite has no {what}")
    return property(fail, fail)


@pytest.fixture
def lite_scripts(monkeypatch):
    monkeypatch.setenv("XLSOLVER_NO_NUMBA", "1")
    monkeypatch.setattr(double.Range, "api", missing("Range.api"))
    monkeypatch.setattr(double.App, "status_bar", missing("App.status_bar"))
    monkeypatch.setattr(double.App, "screen_updating", missing("App.screen_updating"))
    namespace: dict = {"__name__": "main"}
    exec(compile(MAIN.read_text(encoding="utf-8"), str(MAIN), "exec"), namespace)
    return namespace


def test_every_action_has_a_script(lite_scripts):
    for name in ("solve", "step", "hint", "check", "clear", "explain", "run_action_cell"):
        assert callable(lite_scripts[name])


def test_solve_paints_fills_without_the_missing_members(lite_scripts):
    book = double.double_of(laid_out(square_rings(12)), "Puzzle")
    lite_scripts["solve"](book)
    assert not [c for c in book.calls if c.startswith(("api.", "App."))]
    cells = book._sheets._list[0].cells_
    grey, white = (int(s.fill[4:6] + s.fill[2:4] + s.fill[0:2], 16) for s in (BLACK, WHITE))
    fills = [c.fill for c in cells.values()]
    assert fills.count(grey) > 0 and fills.count(white) > 0
    assert fills.count(grey) + fills.count(white) == 144
    assert not any(c.borders for c in cells.values()), "Lite draws no diagonal lines"
    assert any(isinstance(c.value, str) and c.value == "unique solution" for c in cells.values())


def test_a_mistake_is_reported_in_the_sheet(lite_scripts):
    book = double.Book(("Notes",))
    book._sheets._list[0].put(1, 1, "no puzzle here")
    lite_scripts["solve"](book)
    assert book._sheets._list[0].cells_[(3, 1)].value.startswith("xlsolver: ")


def test_the_requirements_line_lists_what_main_imports():
    requirements = (MAIN.parent / "requirements.txt").read_text().split()
    assert requirements == ["xlwings", "numpy", "openpyxl", "xlsolver"]
