"""Every button entry point of xlsolver.excel, run against the xlwings double."""

from __future__ import annotations

import types

import pytest

import xlsolver.excel as excel
from xlsolver.backends.xlwings_backend import XlwingsWorkbook
from xlsolver.buttons import BUTTONS, _progress, press
from xlsolver.core import BudgetExhausted
from xlsolver.core.paint import BLACK
from xlsolver.core.progress import Progress
from xlsolver.jobs import ERROR, kind_named

from .puzzles import laid_out, square_rings
from .xlwings_double import Book, double_of

ENTRY_POINTS = ["solve", "step", "hint", "check", "clear", "explain", "generate"]


def puzzle_book(size: int = 12) -> Book:
    return double_of(laid_out(square_rings(size)), "Puzzle", fullname="C:\\puzzles\\rings.xlsm")


def status_texts(book: Book) -> list[str]:
    return [t for t in book.app.status_history if t]


def sheet_values(book: Book) -> list:
    return [c.value for c in book._sheets._list[0].cells_.values() if isinstance(c.value, str)]


def test_solve_paints_and_reports_in_the_status_bar():
    book = puzzle_book()
    [report] = excel.solve(book)
    assert report.status == "unique"
    assert status_texts(book)[-1].startswith("xlsolver: Puzzle: unique, 12x12")
    assert book.app._screen_updating is True
    snap = XlwingsWorkbook(book).snapshot("Puzzle")
    assert sum(info.fill == BLACK.fill for info in snap.cells.values()) > 0


def test_the_calling_workbook_is_found(monkeypatch):
    book = puzzle_book()
    book.set_mock_caller()
    monkeypatch.setattr("xlsolver.backends.xlwings_backend.import_xlwings",
                        lambda: types.SimpleNamespace(Book=Book))
    [report] = excel.solve()
    assert report.status == "unique"


@pytest.mark.parametrize("name", ENTRY_POINTS)
def test_every_entry_point_runs_and_reports_in_the_sheet(name):
    book = puzzle_book()
    reports = getattr(excel, name)(book)
    offered_here = name in kind_named("nonogram").offered()
    if offered_here:
        assert all(r.status != ERROR for r in reports), reports
    else:
        [report] = reports
        assert report.status == ERROR
        assert "not available" in report.message
        assert any("not available" in v for v in sheet_values(book)), "the reason is written into the sheet"
    assert status_texts(book)[-1].startswith("xlsolver: ")


def test_a_mistake_in_the_sheet_is_a_sentence_not_a_traceback():
    cells = dict(laid_out(square_rings(8)))
    hint = next(cell for cell, info in sorted(cells.items()) if isinstance(info.value, int) and info.value > 0)
    from xlsolver.core.protocol import CellInfo

    cells[hint] = CellInfo("x")
    book = double_of(cells, "Puzzle")
    [report] = excel.solve(book)
    assert report.status == ERROR
    assert 'hint "x" is not a number' in report.message
    assert any('hint "x" is not a number' in v for v in sheet_values(book))


def test_a_sheet_without_a_puzzle_says_so():
    book = Book(("Notes",))
    book._sheets._list[0].put(1, 1, "shopping list")
    [report] = excel.solve(book)
    assert report.status == ERROR and "no puzzle found" in report.message
    assert book._sheets._list[0].cells_[(3, 1)].value.startswith("xlsolver: ")


def test_main_runs_the_action_cell_and_reports_a_bad_one():
    book = puzzle_book()
    sheet = book._sheets._list[0]
    sheet.put(1, 30, "solve")
    book.names.add("Action", "='Puzzle'!$AD$1")
    book.names.add("Status", "='Puzzle'!$AD$2")
    [report] = excel.main(book)
    assert report.status == "unique"
    assert sheet.cells_[(2, 30)].value.startswith("xlsolver: Puzzle: unique")
    sheet.put(1, 30, "paint it")
    [report] = excel.main(book)
    assert report.status == ERROR and '"paint it" is not an action' in report.message
    assert "Puzzle!AD1" in sheet.cells_[(2, 30)].value


def test_main_without_an_action_cell_explains():
    [report] = excel.main(puzzle_book())
    assert report.status == ERROR and "no cell named Action" in report.message


def test_the_budget_cell_is_read():
    book = puzzle_book()
    book._sheets._list[0].put(1, 30, "soon")
    book.names.add("Budget", "='Puzzle'!$AD$1")
    [report] = excel.solve(book)
    assert report.status == ERROR and 'budget "soon" is not a number' in report.message


def test_progress_goes_to_the_status_bar_and_the_stop_cell_cancels():
    book = puzzle_book()
    live = XlwingsWorkbook(book)
    now = [0.0]
    report = _progress(live, "Puzzle", (1, 30), lambda: now[0])
    report(Progress("tiling", fraction=0.5, seconds=1.0))  # too soon after the start: nothing shown
    assert not status_texts(book)
    now[0] = 1.0
    report(Progress("tiling", fraction=0.5, seconds=1.0))
    assert status_texts(book)[-1] == "xlsolver: tiling: 50%, 1.0 s"
    book._sheets._list[0].put(1, 30, "stop")
    now[0] = 2.0
    with pytest.raises(BudgetExhausted, match="Stop cell"):
        report(Progress("tiling", fraction=0.6, seconds=2.0))


def test_the_action_list_names_every_entry_point():
    assert list(BUTTONS) == ENTRY_POINTS
    assert all(callable(getattr(excel, name)) for name in BUTTONS)


def test_press_on_another_sheet_than_the_active_one():
    book = puzzle_book()
    book._sheets.add("Notes")
    reports = press(XlwingsWorkbook(book), "solve", sheet="Puzzle")
    assert reports[0].status == "unique"
