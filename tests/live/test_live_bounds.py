"""Live back ends read only what holds something (issue 17, hostile input): a value at
XFD1048576, or a far cell that only holds a fill, makes the used range seventeen
billion cells; a snapshot of live Calc and of live Excel (the xlwings double) reads
the cells that hold a value or a mark and solves the puzzle in the corner, and a
sheet whose content truly exceeds the limit is refused in one line naming it."""

from __future__ import annotations

import pytest

from xlsolver.backends.held import area, cut_names, read_boxes
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.buttons import press
from xlsolver.core.limits import LIMIT_OPTION, Limits
from xlsolver.jobs import ERROR, Options, run_book

from .puzzles import laid_out, seed_plan, square_rings

LAST_ROW, LAST_COL = 1_048_576, 16_384
SMALL = Limits(sheet_cells=50)


def refusal(sheet: str, cells: int, limit: int = SMALL.sheet_cells) -> str:
    return (f"{sheet}: the sheet holds {cells:,} cells, more than the limit of {limit:,} xlsolver reads "
            f"(raise it with {LIMIT_OPTION})")


def puzzle_file(folder, sheet: str = "Puzzle"):
    book = OpenpyxlWorkbook.new()
    book.add_sheet(sheet)
    book.apply(seed_plan(sheet, laid_out(square_rings(12), sheet)))
    path = folder / "puzzle.xlsx"
    book.save(path)
    return path


def solved_cells(path, sheet: str = "Puzzle") -> dict:
    """The puzzle's sheet solved by the file back end: what every back end must paint."""
    book = OpenpyxlWorkbook.open(path)
    [report] = run_book(book, "x", sheet, Options(), "solve")
    assert report.status == "unique"
    return book.snapshot(sheet).cells


# --- choosing what to read ------------------------------------------------------

def test_a_far_cell_is_read_apart_from_the_puzzle():
    puzzle = [(1, 1, 3, 8), (4, 1, 12, 3), (5, 6, 5, 6)]
    far = (LAST_ROW, LAST_COL, LAST_ROW, LAST_COL)
    boxes = read_boxes(puzzle + [far], 4_000_000)
    assert boxes == [(1, 1, 12, 8), far]


def test_values_spread_thinly_over_a_block_are_read_with_it():
    spread = [(r, c, r, c) for r in range(1, 400, 10) for c in range(1, 400, 10)]
    assert read_boxes(spread, 4_000_000) == [(1, 1, 391, 391)]
    # ... but no read is larger than the limit allows: then the block is read in parts
    parts = read_boxes(spread, 10_000)
    assert len(parts) > 1 and all(area(box) <= 10_000 for box in parts)
    covered = {(r, c) for top, left, bottom, right in parts for r in range(top, bottom + 1)
               for c in range(left, right + 1)}
    assert {(b[0], b[1]) for b in spread} <= covered


@pytest.mark.parametrize("seed", range(20))
def test_reads_cover_every_box_and_cost_no_more_than_reading_each(seed):
    import random

    rng = random.Random(seed)
    boxes, taken = [], set()
    while len(boxes) < rng.randint(1, 60):
        top, left = rng.choice([rng.randint(1, 50), rng.randint(1, LAST_ROW)]), rng.randint(1, 40)
        box = (top, left, top + rng.randint(0, 3), left + rng.randint(0, 3))
        cells = {(r, c) for r in range(box[0], box[2] + 1) for c in range(box[1], box[3] + 1)}
        if not cells & taken:
            boxes.append(box)
            taken |= cells
    reads = read_boxes(boxes, 4_000_000)
    assert all(any(r[0] <= b[0] and r[1] <= b[1] and b[2] <= r[2] and b[3] <= r[3] for r in reads) for b in boxes)
    spare = 1024
    assert sum(area(r) + spare for r in reads) <= sum(area(b) + spare for b in boxes)


def test_a_name_over_the_whole_sheet_is_cut_to_the_cells_held():
    names = {"Whole": (1, 1, LAST_ROW, LAST_COL), "Grid": (3, 3, 9, 9), "Far": (500, 500, LAST_ROW, LAST_COL)}
    cells = {(2, 2): None, (10, 4): None}
    assert cut_names(names, cells, 4_000_000) == {"Whole": (2, 2, 10, 4), "Grid": (3, 3, 9, 9)}
    assert cut_names(names, {}, 4_000_000) == {"Grid": (3, 3, 9, 9)}


# --- live Calc --------------------------------------------------------------------

class _Counted:
    """A UNO object seen through a proxy that counts the cells each ``getDataArray`` hands
    over and the areas whose formats are asked; every other member is the object's own."""

    def __init__(self, target, tally: dict) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_tally", tally)

    def __getattr__(self, name):
        member = getattr(self._target, name)
        if name == "getDataArray":
            def read():
                rows = member()
                self._tally["cells"] += sum(len(row) for row in rows)
                return rows
            return read
        if name == "getUniqueCellFormatRanges":
            self._tally["formats"].append(self._target)
        if name in ("Sheets", "getByName", "getCellRangeByPosition"):
            if callable(member):
                return lambda *args: _Counted(member(*args), self._tally)
            return _Counted(member, self._tally)
        return member


def _far_cells(ws) -> None:
    """A value at XFD1048576 and a fill alone in the two other far corners."""
    ws.getCellByPosition(LAST_COL - 1, LAST_ROW - 1).setValue(7)
    ws.getCellByPosition(LAST_COL - 1, 0).CellBackColor = 0xFFFF00
    ws.getCellByPosition(0, LAST_ROW - 1).CellBackColor = 0x00FFFF


def test_calc_reads_only_the_cells_that_hold_something(calc_office, tmp_path):
    from xlsolver.backends.calc_backend import CalcWorkbook

    path = puzzle_file(tmp_path)
    book = calc_office.open(path)
    try:
        ws = book.api.Sheets.getByName("Puzzle")
        if ws.Columns.Count < LAST_COL:
            pytest.skip(f"this LibreOffice has {ws.Columns.Count} columns, not Excel's {LAST_COL}")
        _far_cells(ws)
        tally = {"cells": 0, "formats": []}
        snap = CalcWorkbook(_Counted(book.api, tally)).snapshot("Puzzle")
        plain = OpenpyxlWorkbook.open(path).snapshot("Puzzle").cells
        assert snap.value(LAST_ROW, LAST_COL) == 7
        assert snap.get(1, LAST_COL).fill == "FFFF00" and snap.get(LAST_ROW, 1).fill == "00FFFF"
        assert {cell: info for cell, info in snap.cells.items() if cell in plain} == plain
        assert len(snap.cells) == len(plain) + 3
        assert tally["cells"] <= 4 * len(plain) + 1024 + 1  # the puzzle's values and the far one, not the sheet
        assert len(tally["formats"]) == 1  # the sheet's formats in one question
    finally:
        book.close()


def test_calc_solves_a_puzzle_beside_far_cells(calc_office, tmp_path):
    path = puzzle_file(tmp_path)
    book = calc_office.open(path)
    try:
        ws = book.api.Sheets.getByName("Puzzle")
        if ws.Columns.Count < LAST_COL:
            pytest.skip(f"this LibreOffice has {ws.Columns.Count} columns, not Excel's {LAST_COL}")
        _far_cells(ws)
        [report] = press(book, "solve", sheet="Puzzle")
        assert report.status == "unique"
        cells = book.snapshot("Puzzle").cells
        far = {(LAST_ROW, LAST_COL), (1, LAST_COL), (LAST_ROW, 1)}
        assert {cell: info for cell, info in cells.items() if cell not in far} == solved_cells(path)
        # a mistake on such a sheet: its status cell would be below the last row, so the status bar says it
        [report] = press(book, "bogus", sheet="Puzzle")
        assert report.status == ERROR and '"bogus" is not an action' in report.message
        assert book.snapshot("Puzzle").cells == cells
    finally:
        book.close()


@pytest.mark.parametrize("what", ["values", "fills"])
def test_calc_refuses_a_sheet_holding_more_than_the_limit(calc_office, what):
    from xlsolver.backends.calc_backend import CalcWorkbook
    from xlsolver.calc import press_document

    book = calc_office.new()
    try:
        ws = book.api.Sheets.getByIndex(0)
        name = ws.Name
        block = ws.getCellRangeByPosition(2, 3, 7, 12)  # 6 x 10 = 60 cells
        if what == "values":
            block.setDataArray(tuple(tuple(float(r * 6 + c) for c in range(6)) for r in range(10)))
        else:
            block.CellBackColor = 0x808080
        [report] = press(CalcWorkbook(book.api, limits=SMALL), "solve", sheet=name)
        assert report.status == ERROR and report.message == refusal(name, 60)
        assert "\n" not in report.message
        # a button press passes its limits to the back end it makes
        [report] = press_document(book.api, "solve", limits=SMALL)
        assert report.message == refusal(name, 60)
        # within the default limits the same sheet reads (and holds no puzzle)
        assert len(CalcWorkbook(book.api).snapshot(name).cells) == 60
    finally:
        book.close()


def test_calc_cuts_a_name_over_the_whole_sheet(calc_office, tmp_path):
    from xlsolver.backends.calc_backend import import_uno

    book = calc_office.open(puzzle_file(tmp_path))
    try:
        uno = import_uno()
        origin = uno.createUnoStruct("com.sun.star.table.CellAddress")
        book.api.NamedRanges.addNewByName("Whole", "$Puzzle.$A$1:$XFD$1048576", origin, 0)
        snap = book.snapshot("Puzzle")
        rows, cols = [r for r, _ in snap.cells], [c for _, c in snap.cells]
        assert snap.names["Whole"] == (min(rows), min(cols), max(rows), max(cols))
    finally:
        book.close()
