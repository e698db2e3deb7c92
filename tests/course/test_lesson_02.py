"""Lesson 02's checks accept its solutions and reject plausible wrong answers."""

from __future__ import annotations

import pytest
from openpyxl.styles import Border, PatternFill, Side
from openpyxl.styles.colors import COLOR_INDEX

from .lessons import checks_module, solution_namespace

checks = checks_module("02")
GIVEN = {"COLOR_INDEX": COLOR_INDEX, "PatternFill": PatternFill, "Border": Border, "Side": Side,
         "TOP": 4, "LEFT": 4}  # what the notebook defines before the exercises


@pytest.fixture(scope="module")
def solved() -> dict:
    return solution_namespace("02-painting", **GIVEN)


@pytest.mark.parametrize("name", ["colorindex_rgb", "fill_rgb", "paint_cell", "paint_solution"])
def test_checks_accept_the_solutions(solved, name, capsys):
    getattr(checks, f"check_{name}")(solved[name])
    assert f"{name} passed" in capsys.readouterr().out


def test_colorindex_rgb_must_skip_the_first_eight_entries():
    with pytest.raises(AssertionError, match="colorindex_rgb.1.: expected 000000 but got FFFFFF"):
        checks.check_colorindex_rgb(lambda n: COLOR_INDEX[n][2:])
    with pytest.raises(AssertionError, match="six hex digits"):
        checks.check_colorindex_rgb(lambda n: COLOR_INDEX[n + 7])


def test_fill_rgb_must_read_indexed_colours(solved):
    def offset_twice(cell):  # takes the palette entry for a ColorIndex
        colour = cell.fill.fgColor
        if cell.fill.fill_type != "solid":
            return None
        return solved["colorindex_rgb"](colour.indexed) if colour.type == "indexed" else colour.rgb[2:]

    with pytest.raises(AssertionError, match="Old colours!B2 is painted ColorIndex 1: expected 000000 but got '00FFFF'"):
        checks.check_fill_rgb(offset_twice)
    with pytest.raises(AssertionError, match=r"Old colours!A1 has no fill: expected None but got '000000'"):
        checks.check_fill_rgb(lambda cell: COLOR_INDEX[cell.fill.fgColor.indexed][2:]
                              if cell.fill.fgColor.type == "indexed" else cell.fill.fgColor.rgb[2:])


def test_paint_cell_must_keep_grid_lines_and_drop_an_old_cross(solved):
    colours = {"#": "FF808080", ".": "FFFFFFFF", "!": "FFFF0000"}

    def new_border(cell, mark):  # the X right, but the thin grid lines wiped out
        cell.fill = PatternFill(fill_type="solid", fgColor=colours[mark])
        if mark == ".":
            cell.border = Border(diagonal=Side(style="hair"), diagonalUp=True, diagonalDown=True)

    with pytest.raises(AssertionError, match="lost its thin grid lines"):
        checks.check_paint_cell(new_border)

    def cross_kept(cell, mark):  # white adds the X, black never takes it away
        cell.fill = PatternFill(fill_type="solid", fgColor=colours[mark])
        if mark == ".":
            old = cell.border
            cell.border = Border(left=old.left, right=old.right, top=old.top, bottom=old.bottom,
                                 diagonal=Side(style="hair"), diagonalUp=True, diagonalDown=True)

    with pytest.raises(AssertionError, match=r"a cell painted '\.' then '#': expected fill 808080 but got "
                                             r"fill 808080 with both diagonals"):
        checks.check_paint_cell(cross_kept)

    def black_is_black(cell, mark):
        solved["paint_cell"](cell, mark)
        if mark == "#":
            cell.fill = PatternFill(fill_type="solid", fgColor="FF000000")

    with pytest.raises(AssertionError, match="expected fill 808080 but got fill 000000"):
        checks.check_paint_cell(black_is_black)


def test_paint_solution_must_start_at_the_grid(solved):
    def one_row_low(ws, solution):
        for r, row in enumerate(solution):
            for c, mark in enumerate(row):
                solved["paint_cell"](ws.cell(5 + r, 4 + c), mark)

    with pytest.raises(AssertionError, match="D4: xlsolver paints fill FFFFFF with both diagonals, yours has no fill"):
        checks.check_paint_solution(one_row_low)

    def black_only(ws, solution):
        for r, row in enumerate(solution):
            for c, mark in enumerate(row):
                if mark == "#":
                    solved["paint_cell"](ws.cell(4 + r, 4 + c), mark)

    with pytest.raises(AssertionError, match="D4: xlsolver paints fill FFFFFF with both diagonals, yours has no fill"):
        checks.check_paint_solution(black_only)
