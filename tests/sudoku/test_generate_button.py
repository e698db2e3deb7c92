"""The generate action on a sudoku sheet: a new puzzle of the same box shape, proven
unique by an independent counter, on a sheet of its own; the user's sheet untouched;
the same press on the same puzzle gives the same new one."""

from __future__ import annotations

import pytest

from xlsolver.buttons import press
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.jobs import Options, kind_named, run_book
from xlsolver.jobs.nonogram import sample_plan as nonogram_sample
from xlsolver.jobs.sudoku import sample_plan
from xlsolver.sheets.sudoku_sheet import read_sudoku, sudoku_import_plan
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.model import Shape

from .oracle import mrv_count


class _Live(MemoryWorkbook):
    """The in-memory workbook with what a press needs of a live one."""

    def active_sheet(self) -> str:
        return self.sheet_names()[0]

    def value_at(self, sheet, row, col):
        return self.snapshot(sheet).value(row, col)

    def show_status(self, text) -> None:
        self.status = text


def _book(shape: Shape, seed: str) -> _Live:
    book = _Live({"Mine": {}})
    book.apply(sudoku_import_plan(make_puzzle(shape, seed).puzzle, "Mine"))
    return book


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (3, 3)])
def test_generate_makes_a_unique_puzzle_of_the_same_shape_on_its_own_sheet(rows, cols):
    book = _book(Shape(rows, cols), "button")
    before = dict(book.sheets["Mine"])
    [report] = run_book(book, "mem", "Mine", Options(), "generate")
    assert report.status == "done" and report.ok
    made = report.extra["sheet_made"]
    assert made == "Mine new" and book.sheets["Mine"] == before
    layout, puzzle = read_sudoku(book.snapshot(made))
    assert puzzle.shape == Shape(rows, cols) and puzzle.to_text() == report.extra["puzzle"]
    n = rows * cols
    assert len(mrv_count(list(puzzle.cells), n, rows, cols, limit=2)) == 1  # one solution, counted apart


def test_the_same_puzzle_gives_the_same_new_one_and_a_second_press_a_new_sheet():
    first, second = _book(Shape(3, 3), "again"), _book(Shape(3, 3), "again")
    [a] = run_book(first, "mem", "Mine", Options(), "generate")
    [b] = run_book(second, "mem", "Mine", Options(), "generate")
    assert a.extra["puzzle"] == b.extra["puzzle"]
    [c] = run_book(first, "mem", "Mine", Options(), "generate")
    assert c.extra["sheet_made"] == "Mine new (2)"


def test_the_generate_button_presses_through_and_other_kinds_say_they_lack_it():
    book = _book(Shape(2, 3), "press")
    [report] = press(book, "generate")
    assert report.status == "done" and "Mine new" in book.sheet_names()
    assert "generate" in kind_named("sudoku").offered()
    nonogram = _Live({"Face": {}})
    nonogram.apply(nonogram_sample("Face"))
    [refused] = press(nonogram, "generate")
    assert refused.status == "error" and "generate is not available for nonogram sheets" in refused.message


def test_the_sample_sheet_generates_too():
    book = _Live({"Sudoku": {}})
    book.apply(sample_plan("Sudoku"))
    [report] = run_book(book, "mem", "Sudoku", Options(), "generate")
    assert report.ok and report.extra["sheet_made"] == "Sudoku new"
