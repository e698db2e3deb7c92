"""Colour nonograms in a sheet: hints coloured by their fill, solved cells painted
in their colours, laid-out puzzles read back the same, located mistakes."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import RED, WHITE, InputError, Status
from xlsolver.nonogram import Nonogram
from xlsolver.nonogram.colour import ColourNonogram, Colour, clues_of, format_colour_grid
from xlsolver.nonogram.colour_solver import solve_colour
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.sheets.nonogram_bw import import_plan
from xlsolver.sheets.nonogram_colour import (
    colour_import_plan,
    colour_plan,
    hint_fills,
    is_colour_nonogram,
    read_colour_nonogram,
)
from xlsolver.core.protocol import CellInfo

SHEET = "Colour"
PALETTE = (Colour("r", "dark_red", "C00000"), Colour("g", "green", "00B050"), Colour("b", "blue", "0070C0"))


def laid_out(puzzle: ColourNonogram) -> MemoryWorkbook:
    book = MemoryWorkbook()
    book.apply(colour_import_plan(puzzle, SHEET, "Test"))
    return book


def test_a_black_and_white_sheet_is_not_a_colour_sheet():
    book = MemoryWorkbook()
    book.apply(import_plan(Nonogram(((1,), (2,)), ((2,), (1,))), SHEET))
    assert not is_colour_nonogram(book.snapshot(SHEET))


def test_read_paint_and_read_again():
    picture = ["rg.", ".bb", "r.g"]
    puzzle = clues_of(picture, PALETTE)
    book = laid_out(puzzle)
    snap = book.snapshot(SHEET)
    assert is_colour_nonogram(snap)
    layout, read, givens = read_colour_nonogram(snap)
    # Letters are given in reading order, so compare through the pictures' colours.
    result = solve_colour(read, givens)
    assert result.status == Status.UNIQUE
    by_rgb = {c.char: c.rgb for c in read.palette}
    mine = {c.char: c.rgb for c in PALETTE}
    solved = ["".join(by_rgb.get(ch, ".") for ch in row) for row in format_colour_grid(read, result.solutions[0])]
    assert solved == ["".join(mine.get(ch, ".") for ch in row) for row in picture]

    book.apply(colour_plan(layout, read, result, SHEET, hint_fills(snap, layout)))
    cells = book.sheets[SHEET]
    for r, row in enumerate(picture):
        for c, ch in enumerate(row):
            info = cells[layout.cell(r, c)]
            if ch == ".":
                assert info.fill == WHITE.fill and info.diagonals
            else:
                assert info.fill == mine[ch]
    assert cells[layout.status_cell].value == "unique solution"
    # The painted sheet reads back as the same puzzle, its cells now givens that agree.
    _, again, givens = read_colour_nonogram(book.snapshot(SHEET))
    assert again == read and solve_colour(again, givens).status == Status.UNIQUE


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_layout_round_trip(h, w, data):
    picture = [data.draw(st.text(".rgb", min_size=w, max_size=w)) for _ in range(h)]
    if all(set(row) <= {"."} for row in picture):
        picture[0] = "r" + picture[0][1:]
    puzzle = clues_of(picture, PALETTE)
    _, read, _ = read_colour_nonogram(laid_out(puzzle).snapshot(SHEET))
    rgb = lambda p: tuple(tuple((n, next(c.rgb for c in p.palette if c.char == ch)) for n, ch in clue)
                          for clue in p.rows + p.cols)
    assert rgb(read) == rgb(puzzle)


def test_pure_red_is_laid_out_as_a_stand_in():
    puzzle = clues_of(["r"], (Colour("r", "red", "FF0000"),))
    snap = laid_out(puzzle).snapshot(SHEET)
    _, read, _ = read_colour_nonogram(snap)
    assert read.palette[0].rgb == "FE0000"


def test_conflicting_line_gets_a_red_font_and_keeps_its_colour():
    rg = ((1, "r"), (1, "g"))
    puzzle = ColourNonogram((rg, ((1, "g"), (1, "r"))), (rg, rg), PALETTE[:2])
    book = laid_out(puzzle)
    snap = book.snapshot(SHEET)
    layout, read, givens = read_colour_nonogram(snap)
    result = solve_colour(read, givens)
    assert result.status == Status.NONE
    plan = colour_plan(layout, read, result, SHEET, hint_fills(snap, layout))
    fonts = {c: op.style for op in plan.ops if hasattr(op, "style") for c in op.cells}
    red_font = [cell for cell, style in fonts.items() if style.font_colour == RED.fill]
    assert red_font and all(fonts[cell].fill in {c.rgb for c in PALETTE} for cell in red_font)
    assert plan.writes()[layout.status_cell].startswith("no solution")


def test_a_grid_cell_in_a_foreign_colour_is_an_error_at_that_cell():
    puzzle = clues_of(["rg", "g."], PALETTE[:2])
    book = laid_out(puzzle)
    layout, _, _ = read_colour_nonogram(book.snapshot(SHEET))
    cell = layout.cell(1, 1)
    book.sheets[SHEET][cell] = CellInfo(None, "123456")
    with pytest.raises(InputError, match="not the colour of any hint") as caught:
        read_colour_nonogram(book.snapshot(SHEET))
    assert caught.value.where.endswith(f"{'ABCDEFGHIJ'[cell[1] - 1]}{cell[0]}")


def test_givens_in_colour_are_respected():
    puzzle = clues_of(["r.", ".r"], PALETTE[:1])
    book = laid_out(puzzle)
    layout, read, _ = read_colour_nonogram(book.snapshot(SHEET))
    book.sheets[SHEET][layout.cell(0, 1)] = CellInfo(None, PALETTE[0].rgb)
    _, read, givens = read_colour_nonogram(book.snapshot(SHEET))
    result = solve_colour(read, givens)
    assert result.status == Status.UNIQUE
    assert format_colour_grid(read, result.solutions[0]) == [".a", "a."]
    assert np.count_nonzero(givens != 3) == 1


def test_bundled_colour_workbook_verdicts():
    from pathlib import Path

    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    root = Path(__file__).resolve().parents[2] / "workbooks"
    book = OpenpyxlWorkbook.open(root / "nonogram-colour.xlsx")
    expected = {"Mushroom": Status.UNIQUE, "Tulip": Status.MULTIPLE}
    assert book.sheet_names() == list(expected)
    for name, verdict in expected.items():
        _, puzzle, givens = read_colour_nonogram(book.snapshot(name))
        result = solve_colour(puzzle, givens)
        assert result.status == verdict
        for grid in result.solutions:
            picture = format_colour_grid(puzzle, grid)
            assert clues_of(picture, puzzle.palette) == puzzle
