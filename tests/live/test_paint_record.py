"""The paint record: live Excel keeps, in a very hidden sheet, the cells xlsolver
painted, so a button press reads a painted sheet in a few questions instead of
saving a copy of the whole workbook; the record stays true through repaints,
clear, hand edits and removed sheets, and no job ever sees its sheet."""

from __future__ import annotations

from functools import lru_cache

import pytest

from xlsolver.backends.boxes import parse_address
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.backends.paint_record import HEADER, RECORD_SHEET, PaintRecord
from xlsolver.backends.xlwings_backend import XlwingsWorkbook
from xlsolver.buttons import press
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.paint import BLACK, CLEAR, WHITE, Paint, PaintPlan
from xlsolver.jobs import Options, run_book

from .puzzles import laid_out, square_rings
from .xlwings_double import double_of

PRESSED = ["solve", "step", "hint", "check", "clear"]
BLACK_LOOK, WHITE_LOOK = (BLACK.fill, BLACK.diagonals), (WHITE.fill, WHITE.diagonals)


@lru_cache(maxsize=None)
def _sudoku_cells():
    from xlsolver.sheets.sudoku_sheet import sudoku_import_plan
    from xlsolver.sudoku import Shape
    from xlsolver.sudoku.generator import make_puzzle

    book = MemoryWorkbook()
    book.apply(sudoku_import_plan(make_puzzle(Shape(4, 4), "sheet:16", minimal=False, min_clues=140).puzzle,
                                  "Sudoku"))
    return book.snapshot("Sudoku").cells


PUZZLES = {
    "nonogram-25x25": lambda: ("Puzzle", laid_out(square_rings(25))),
    "sudoku-16x16": lambda: ("Sudoku", _sudoku_cells()),
}


def truth(book, sheet: str) -> dict:
    """Every cell's look in the double, read without any record: halving with no limit."""
    backend = XlwingsWorkbook(book)
    used = book.sheets[sheet].used_range.address
    found: dict = {}
    backend._read_formats(book.sheets[sheet], parse_address(used)[1], found, None)
    return found


def looks_of(snap) -> dict:
    return {cell: (info.fill, info.diagonals) for cell, info in snap.cells.items() if info.fill or info.diagonals}


def painted_double(puzzle: str):
    """The puzzle laid out in the double and solved with a press, as a user would."""
    sheet, cells = PUZZLES[puzzle]()
    book = double_of(cells, sheet)
    [report] = press(XlwingsWorkbook(book), "solve", sheet=sheet)
    assert report.status == "unique"
    return book, sheet


def calls_of_press(puzzle: str, action: str) -> list[str]:
    book, sheet = painted_double(puzzle)
    start = len(book.calls)
    press(XlwingsWorkbook(book), action, sheet=sheet)  # each press comes with a back end of its own
    return book.calls[start:]


# --- the text form -----------------------------------------------------------

def test_the_record_round_trips_through_its_text():
    record = PaintRecord()
    record.paint("1", [(r, c) for r in range(3, 8) for c in range(2, 9)], ("808080", False))
    record.paint("1", [(4, 4), (9, 1)], ("FFFFFF", True))
    record.paint("=A1 'x'", [(1, 1)], ("FF0000", False))
    record.paint("1", [(5, 5)], (None, False))  # painted back to no look: no longer recorded
    rows = record.rows()
    assert rows[0] == ["sheet 1", "fill 808080", "B3:H3,B4:C4,E4:H4,B5:D5,F5:H5,B6:H7"]
    assert all(isinstance(text, str) and text[0].isalpha() for row in rows for text in row)  # never a number or formula
    assert PaintRecord.from_rows(rows) == record
    assert PaintRecord.from_rows([row + [None, ""] for row in rows] + [[None] * 4]) == record


def test_long_area_lists_go_on_in_the_next_cell(monkeypatch):
    monkeypatch.setattr("xlsolver.backends.paint_record.CELL_TEXT_LIMIT", 40)
    record = PaintRecord()
    record.paint("S", [(r, c) for r in range(1, 60) for c in range(1, 60) if (r + c) % 3 == 0], ("808080", False))
    [row] = record.rows()
    assert len(row) > 10 and all(len(text) <= 40 for text in row[2:])
    assert PaintRecord.from_rows([row]) == record


@pytest.mark.parametrize("rows", [
    [["sheet S", "fill 808080"]],  # no cells
    [["S", "fill 808080", "A1"]],  # no "sheet " word
    [["sheet S", "fill grey", "A1"]],
    [["sheet S", "fill 808080 dots", "A1"]],
    [["sheet S", "fill 808080", "A1:"]],
    [["sheet S", "fill 808080", 12.0]],
])
def test_text_that_is_not_a_record_is_refused(rows):
    assert PaintRecord.from_rows(rows) is None


# --- what a press costs --------------------------------------------------------

@pytest.mark.parametrize("action", PRESSED)
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_a_press_on_a_painted_sheet_reads_it_once_and_saves_no_copy(puzzle, action):
    calls = calls_of_press(puzzle, action)
    assert calls.count("api.SaveCopyAs") == 0, calls
    assert calls.count("Sheet.used_range") == 1, calls
    # were 289 to 298 on the nonogram before the record (40 questions and a copy), at most 70 with it;
    # owning cells adds reading and writing its record (6) and one question about the cells a press
    # paints for the first time (27: fill, font, alignment, every side)
    assert len(calls) <= 100, calls


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_record_reads_what_excel_shows(puzzle):
    book, sheet = painted_double(puzzle)
    backend = XlwingsWorkbook(book)
    assert looks_of(backend.snapshot(sheet)) == truth(book, sheet)


def test_every_bundled_sheet_solved_reads_back_as_excel_shows_it(repo_root):
    """Black and white and colour puzzles, every verdict: solved in the double, then read
    by a new back end (as the next press does) without a copy and the same as halving."""
    for workbook in ("workbooks/nonogram.xlsx", "workbooks/nonogram-colour.xlsx"):
        source = OpenpyxlWorkbook.open(repo_root / workbook)
        for name in source.sheet_names():
            book = double_of(source.snapshot(name).cells, name)
            run_book(XlwingsWorkbook(book), "case", name, Options(), "solve")
            start = len(book.calls)
            snap = XlwingsWorkbook(book).snapshot(name)
            assert looks_of(snap) == truth(book, name), (workbook, name)
            assert "api.SaveCopyAs" not in book.calls[start:], (workbook, name)


# --- the record sheet ------------------------------------------------------------

def test_the_record_sheet_is_very_hidden_and_no_puzzle():
    book, sheet = painted_double("nonogram-25x25")
    record = book.sheets[RECORD_SHEET]
    assert record.visible_ == 2  # xlSheetVeryHidden
    assert book.sheets.active.name == sheet  # Excel activates a sheet it adds: given back
    backend = XlwingsWorkbook(book)
    assert backend.sheet_names() == [sheet]
    assert record.cells_[(1, 1)].value == HEADER
    assert [r.sheet for r in run_book(backend, "case", None, Options(), "check")] == [sheet]


def test_a_file_saved_with_the_record_does_not_offer_its_sheet(tmp_path):
    book, sheet = painted_double("nonogram-25x25")
    XlwingsWorkbook(book).save(tmp_path / "copy.xlsx")
    copy = OpenpyxlWorkbook.open(tmp_path / "copy.xlsx")
    assert RECORD_SHEET in copy.api.sheetnames and copy.sheet_names() == [sheet]


# --- the record stays true ----------------------------------------------------------

def recorded(book, sheet: str) -> dict:
    backend = XlwingsWorkbook(book)
    return dict(backend._paint_record().sheets.get(sheet, {}))


def test_clear_takes_the_cells_out_of_the_record():
    book, sheet = painted_double("nonogram-25x25")
    assert len(recorded(book, sheet)) == 25 * 25
    press(XlwingsWorkbook(book), "clear", sheet=sheet)
    assert recorded(book, sheet) == {}
    assert looks_of(XlwingsWorkbook(book).snapshot(sheet)) == truth(book, sheet)


def test_a_repaint_moves_cells_between_looks():
    book, sheet = painted_double("nonogram-25x25")
    cells = recorded(book, sheet)
    black = sorted(cell for cell, look in cells.items() if look == BLACK_LOOK)[:3]
    backend = XlwingsWorkbook(book)
    backend.apply(PaintPlan(sheet, (Paint(WHITE, tuple(black)), Paint(CLEAR, tuple(black[:1])))))
    after = recorded(book, sheet)
    assert black[0] not in after and all(after[cell] == ("FFFFFF", True) for cell in black[1:])
    assert looks_of(XlwingsWorkbook(book).snapshot(sheet)) == truth(book, sheet)


def test_a_cell_changed_by_hand_is_read_right_and_leaves_the_record():
    """The check finds the change: the sheet is read from a copy once, the cell leaves
    the record, and once the next paint writes that down the reading is cheap again."""
    book, sheet = painted_double("nonogram-25x25")
    cell = min(cell for cell, look in recorded(book, sheet).items() if look == WHITE_LOOK)
    book.sheets[sheet].cells_[cell].fill = 255  # the user paints a white cell red
    book.sheets[sheet].cells_[cell].borders.clear()
    backend = XlwingsWorkbook(book)
    start = len(book.calls)
    assert looks_of(backend.snapshot(sheet))[cell] == ("FF0000", False)
    assert book.calls[start:].count("api.SaveCopyAs") == 1
    backend.apply(PaintPlan(sheet, ()))  # nothing painted: the record still loses the cell
    assert cell not in recorded(book, sheet)
    press(XlwingsWorkbook(book), "check", sheet=sheet)
    start = len(book.calls)
    snap = XlwingsWorkbook(book).snapshot(sheet)
    assert looks_of(snap) == truth(book, sheet) and "api.SaveCopyAs" not in book.calls[start:]


def test_a_record_cell_painted_blank_by_hand_is_noticed():
    book, sheet = painted_double("nonogram-25x25")
    cell = min(cell for cell, look in recorded(book, sheet).items() if look == BLACK_LOOK)
    book.sheets[sheet].cells_[cell].fill = None
    assert looks_of(XlwingsWorkbook(book).snapshot(sheet)) == truth(book, sheet)


def test_a_removed_sheet_leaves_the_record():
    book, sheet = painted_double("nonogram-25x25")
    book.sheets.add("Other")
    backend = XlwingsWorkbook(book)
    backend.remove_sheet(sheet)
    assert PaintRecord.from_rows([[c.value if c else None for c in row] for row in _record_rows(book)]) == PaintRecord()
    backend.add_sheet(sheet)  # the same name again, blank: nothing recorded for it
    start = len(book.calls)
    assert XlwingsWorkbook(book).snapshot(sheet).cells == {}
    assert "api.SaveCopyAs" not in book.calls[start:]


def test_a_record_not_of_ours_is_written_over():
    book, sheet = painted_double("nonogram-25x25")
    book.sheets[RECORD_SHEET].cells_[(1, 1)].value = "my notes"
    backend = XlwingsWorkbook(book)
    assert looks_of(backend.snapshot(sheet)) == truth(book, sheet)
    press(backend, "solve", sheet=sheet)
    assert book.sheets[RECORD_SHEET].cells_[(1, 1)].value == HEADER


def _record_rows(book):
    cells = book.sheets[RECORD_SHEET].cells_
    rows = max(r for r, _ in cells) if cells else 0
    cols = max(c for _, c in cells) if cells else 0
    return [[cells.get((r, c)) for c in range(1, cols + 1)] for r in range(2, rows + 1)]



def test_a_workbook_that_refuses_the_record_sheet_is_still_painted(monkeypatch):
    """A protected workbook structure refuses a new sheet: the paint stands, and the next
    press reads the sheet as before the record (halving, then a copy)."""
    sheet, cells = PUZZLES["nonogram-25x25"]()
    book = double_of(cells, sheet)

    def refuse(name=None, before=None, after=None):
        raise RuntimeError("the workbook's structure is protected")

    monkeypatch.setattr(book.sheets, "add", refuse)
    [report] = press(XlwingsWorkbook(book), "solve", sheet=sheet)
    assert report.status == "unique" and XlwingsWorkbook(book).sheet_names() == [sheet]
    assert looks_of(XlwingsWorkbook(book).snapshot(sheet)) == truth(book, sheet)
