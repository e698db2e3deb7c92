"""The user's workbook is sacred: on every bundled workbook, every action
leaves the user's cells as they were, and clear gives back the sheet exactly.

Each workbook goes through the actions its kinds offer, painted into the file
each time (as ``--in-place`` does), then through clear; every cell of every
sheet that was there before is compared by value and by the XML of its
style records (font, fill, border, alignment, protection) and number format.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from openpyxl.xml.functions import tostring

from xlsolver.jobs import Options, run_workbook

WORKBOOKS = Path(__file__).resolve().parent.parent / "workbooks"
ACTIONS = ["step", "hint", "check", "step", "solve", "explain"]


def cells_of(path: Path, sheets: list[str] | None = None) -> dict:
    """Every stored cell's value and whole format, by sheet and coordinate."""
    book = openpyxl.load_workbook(path)
    out = {}
    for ws in book.worksheets:
        if sheets is not None and ws.title not in sheets:
            continue
        for row in ws.iter_rows():
            for cell in row:
                style = tuple(tostring(part.to_tree()).decode() if part is not None else None
                              for part in (cell.font, cell.fill, cell.border, cell.alignment, cell.protection))
                out[(ws.title, cell.coordinate)] = (cell.value, cell.number_format, style)
    return out


def visible(path: Path) -> list[str]:
    return [ws.title for ws in openpyxl.load_workbook(path).worksheets if ws.sheet_state == "visible"]


def meaningful(cells: dict) -> dict:
    """Cells that hold a value or a format other than the default (openpyxl keeps
    some empty cells it has read, others not: those say nothing)."""
    blank = openpyxl.Workbook().active["A1"]
    default = tuple(tostring(part.to_tree()).decode() for part in
                    (blank.font, blank.fill, blank.border, blank.alignment, blank.protection))
    return {key: value for key, value in cells.items() if value != (None, "General", default)}


@pytest.mark.parametrize("name", ["nonogram", "nonogram-colour", "sudoku", "polyomino"])
def test_every_action_then_clear_gives_the_workbook_back(tmp_path, name):
    source = WORKBOOKS / f"{name}.xlsx"
    path = tmp_path / source.name
    shutil.copy(source, path)
    before = meaningful(cells_of(source))
    sheets = visible(source)
    options = Options(budget_seconds=3, settings={"pencil": True})
    for action in ACTIONS:
        run_workbook(path, action, in_place=True, options=options)
    painted = meaningful(cells_of(path, sheets))
    assert painted != before, "the actions painted nothing: the test would prove nothing"
    # Every value of the user's is still there, unchanged, after all the actions.
    for key, (value, _, _) in before.items():
        if value is not None and painted.get(key, (None,))[0] != value:
            pytest.fail(f"{key[0]}!{key[1]} held {value!r} and now holds {painted.get(key, (None,))[0]!r}")
    [*reports] = run_workbook(path, "clear", in_place=True)
    assert all(r.ok for r in reports), [r.line() for r in reports]
    after = meaningful(cells_of(path, sheets))
    changed = sorted(set(before) ^ set(after) | {k for k in before.keys() & after.keys() if before[k] != after[k]})
    assert not changed, f"not given back: {changed[:10]}"
    assert visible(path)[:len(sheets)] == sheets
    assert "xlsolver_owned" not in openpyxl.load_workbook(path).sheetnames  # nothing left to give back
