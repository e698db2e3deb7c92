"""Lesson 06's checks accept its solutions and reject plausible wrong answers: they
count the calls into "Excel" (the recording double) and read the cells back."""

from __future__ import annotations

import pytest
from openpyxl.utils import get_column_letter

from .lessons import checks_module, solution_namespace

checks = checks_module("06")


def a1(row: int, col: int) -> str:
    return f"{get_column_letter(col)}{row}"


SOLVED = solution_namespace("06-live-spreadsheets", a1=a1)  # a1 is defined in the notebook before the exercises


def test_checks_accept_the_solutions(capsys):
    checks.check_write_block(SOLVED["write_block"])
    checks.check_paint_cells(SOLVED["paint_cells"])
    out = capsys.readouterr().out
    assert "check_write_block passed" in out and "check_paint_cells passed" in out


def cell_by_cell(sheet, top, left, rows):
    for i, row in enumerate(rows):
        for j, value in enumerate(row):
            sheet.range((top + i, left + j)).value = value


def row_by_row(sheet, top, left, rows):
    for i, row in enumerate(rows):
        sheet.range((top + i, left)).value = row


def one_row_too_high(sheet, top, left, rows):
    sheet.range((top - 1 if top > 1 else top, left)).value = rows


def test_write_block_rejects_many_calls_and_a_wrong_place():
    with pytest.raises(AssertionError, match=r"made 72 calls into Excel \(Sheet.range x36, Range.value= x36\)"):
        checks.check_write_block(cell_by_cell)
    with pytest.raises(AssertionError, match=r"made 12 calls"):
        checks.check_write_block(row_by_row)
    with pytest.raises(AssertionError, match=r"cell D6 should hold 'row' but holds 0"):
        checks.check_write_block(one_row_too_high)


def paint_one_by_one(sheet, cells, rgb):
    for cell in cells:
        sheet.range(cell).color = rgb


def paint_each_row(sheet, cells, rgb):
    """Right cells, but one range per row: 12 calls for the key, where 2 do."""
    for row in sorted({r for r, _ in cells}):
        sheet.range(",".join(a1(r, c) for r, c in sorted(cells) if r == row)).color = rgb


def paint_all_at_once(sheet, cells, rgb):
    """One address however long: Excel refuses more than 255 characters."""
    sheet.range(",".join(a1(r, c) for r, c in sorted(cells))).color = rgb


def paint_the_box(sheet, cells, rgb):
    """The rectangle round the cells: two calls, and the white cells painted too."""
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    bottom, right = max(r for r, _ in cells), max(c for _, c in cells)
    sheet.range((top, left), (bottom, right)).color = rgb


def test_paint_cells_rejects_wrong_cells_and_many_calls():
    with pytest.raises(AssertionError, match=r"painting 41 cells made 82 calls"):
        checks.check_paint_cells(paint_one_by_one)
    with pytest.raises(AssertionError, match=r"painting 41 cells made 12 calls .* at most 4 are needed"):
        checks.check_paint_cells(paint_each_row)
    with pytest.raises(AssertionError, match=r"longer than 255 characters"):
        checks.check_paint_cells(paint_all_at_once)
    with pytest.raises(AssertionError, match=r"cell E5 is filled, but it is not one of the cells to paint"):
        checks.check_paint_cells(paint_the_box)
