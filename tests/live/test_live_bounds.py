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


@pytest.mark.parametrize("what", ["values", "formulas", "fills"])
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
        elif what == "formulas":
            block.setFormulaArray(tuple(("=ROW()*2",) * 6 for _ in range(10)))
        else:  # two fills of 30 cells each: marks of their own, not one background
            ws.getCellRangeByPosition(2, 3, 7, 7).CellBackColor = 0x808080
            ws.getCellRangeByPosition(2, 8, 7, 12).CellBackColor = 0xFF0000
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


def test_calc_takes_one_fill_over_the_whole_sheet_for_its_background(calc_office, tmp_path):
    """All the sheet filled white (to hide the grid): seventeen billion cells of one format
    count only on the cells holding a value, as a file keeps such a fill in its columns'
    style; the puzzle reads and solves as on a file whose cells hold that fill."""
    path = puzzle_file(tmp_path)
    book = calc_office.open(path)
    try:
        ws = book.api.Sheets.getByName("Puzzle")
        ws.CellBackColor = 0xFFFFFF  # the whole sheet, as Select All and a fill do
        ws.getCellByPosition(LAST_COL - 1, LAST_ROW - 1).setValue(7)
        snap = book.snapshot("Puzzle")
        plain = OpenpyxlWorkbook.open(path).snapshot("Puzzle").cells
        assert set(snap.cells) == set(plain) | {(LAST_ROW, LAST_COL)}
        assert all(info.fill == "FFFFFF" for info in snap.cells.values())
        [report] = press(book, "solve", sheet="Puzzle")
        assert report.status == "unique"
    finally:
        book.close()


def test_calc_counts_the_background_only_where_values_are(calc_office):
    from xlsolver.backends.calc_backend import CalcWorkbook

    book = calc_office.new()
    try:
        ws = book.api.Sheets.getByIndex(0)
        name = ws.Name
        ws.CellBackColor = 0xFFFFFF
        ws.getCellRangeByPosition(0, 0, 5, 4).setDataArray(tuple((1.0,) * 6 for _ in range(5)))  # 30 values
        snap = CalcWorkbook(book.api, limits=SMALL).snapshot(name)
        assert len(snap.cells) == 30 and {info.fill for info in snap.cells.values()} == {"FFFFFF"}
        # marks of their own count: 30 red cells beside the 30 values are 60, past the limit
        ws.getCellRangeByPosition(10, 0, 15, 4).CellBackColor = 0xFF0000
        [report] = press(CalcWorkbook(book.api, limits=SMALL), "solve", sheet=name)
        assert report.status == ERROR and report.message == refusal(name, 60)
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


# --- live Excel, through the xlwings double ----------------------------------------

def far_double(cells: dict, sheet: str = "Puzzle"):
    """The double holding ``cells``, a value at XFD1048576 and a fill alone in the two other far corners."""
    from .xlwings_double import double_of

    book = double_of(cells, sheet)
    ws = book.sheets[sheet]
    ws.put(LAST_ROW, LAST_COL, 7)
    ws.put(1, LAST_COL, fill=0x00FFFF)  # Excel's colours are BGR: FFFF00
    ws.put(LAST_ROW, 1, fill=0xFFFF00)  # 00FFFF
    return book


@pytest.fixture
def cells_read(monkeypatch):
    """The boxes whose values the double hands over, in the order read."""
    from . import xlwings_double as double

    boxes: list = []
    value = double.Range.value

    def reading(rng):
        boxes.extend(rng._boxes)
        return value.fget(rng)

    monkeypatch.setattr(double.Range, "value", property(reading, value.fset))
    return boxes


def test_excel_reads_only_the_cells_that_hold_something(tmp_path, cells_read):
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook

    plain = OpenpyxlWorkbook.open(puzzle_file(tmp_path)).snapshot("Puzzle").cells
    book = far_double(plain)
    snap = XlwingsWorkbook(book).snapshot("Puzzle")
    assert snap.value(LAST_ROW, LAST_COL) == 7
    assert snap.get(1, LAST_COL).fill == "FFFF00" and snap.get(LAST_ROW, 1).fill == "00FFFF"
    assert {cell: info for cell, info in snap.cells.items() if cell in plain} == plain
    assert len(snap.cells) == len(plain) + 3
    assert sum(area(box) for box in cells_read) <= 4 * len(plain) + 1024 + 1  # not the used range's 17 billion
    assert (LAST_ROW, LAST_COL, LAST_ROW, LAST_COL) in cells_read  # the far value read alone


def test_excel_solves_a_puzzle_beside_far_cells(tmp_path, cells_read):
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook

    path = puzzle_file(tmp_path)
    book = far_double(OpenpyxlWorkbook.open(path).snapshot("Puzzle").cells)
    [report] = press(XlwingsWorkbook(book), "solve", sheet="Puzzle")
    assert report.status == "unique"
    far = {(LAST_ROW, LAST_COL), (1, LAST_COL), (LAST_ROW, 1)}
    cells = XlwingsWorkbook(book).snapshot("Puzzle").cells
    assert {cell: info for cell, info in cells.items() if cell not in far} == solved_cells(path)
    assert max(area(box) for box in cells_read) < 10_000
    # a mistake on such a sheet: its status cell would be below the last row, so the status bar says it
    [report] = press(XlwingsWorkbook(book), "bogus", sheet="Puzzle")
    assert report.status == ERROR and book.app.status_history[-1] == "xlsolver: " + report.message
    assert XlwingsWorkbook(book).snapshot("Puzzle").cells == cells


@pytest.mark.parametrize("what", ["values", "formulas", "fills"])
def test_excel_refuses_a_sheet_holding_more_than_the_limit(what):
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook

    from .xlwings_double import Book

    book = Book(("Data",))
    ws = book.sheets["Data"]
    for r in range(4, 14):
        for c in range(3, 9):  # 6 x 10 = 60 cells
            if what == "values":
                ws.put(r, c, r * c)
            elif what == "formulas":
                ws.range((r, c)).value = f"=A{r}*2"
            else:
                ws.put(r, c, fill=0x808080)
    [report] = press(XlwingsWorkbook(book, limits=SMALL), "solve", sheet="Data")
    assert report.status == ERROR and report.message == refusal("Data", 60)
    assert book.app.status_history[-1] == "xlsolver: " + report.message
    # within the default limits it reads (the double computes no formula: those cells read empty)
    assert len(XlwingsWorkbook(book).snapshot("Data").cells) == (0 if what == "formulas" else 60)


def test_excel_counts_held_cells_not_the_used_range():
    """A used range past the limit whose cells holding something are within it reads."""
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook

    from .xlwings_double import Book

    book = Book(("Data",))
    ws = book.sheets["Data"]
    ws.put(1, 1, "corner")
    ws.put(30, 20, 5)
    snap = XlwingsWorkbook(book, limits=Limits(sheet_cells=50)).snapshot("Data")
    assert snap.cells == {(1, 1): snap.get(1, 1), (30, 20): snap.get(30, 20)}
    assert snap.value(1, 1) == "corner" and snap.value(30, 20) == 5


def test_excel_halves_a_range_whose_values_fall_in_many_areas(cells_read):
    """A checkerboard (each value an area of its own) beside a far value: the range is
    halved until the checkerboard is a dense part, read at once, not asked area by area."""
    from xlsolver.backends.xlwings_backend import AREAS_AT_ONCE, XlwingsWorkbook

    from .xlwings_double import Book

    book = Book(("Data",))
    ws = book.sheets["Data"]
    held = {(r, c): r * 100 + c for r in range(3, 33) for c in range(2, 32) if (r + c) % 2}
    held[(LAST_ROW, LAST_COL)] = 7
    assert len(held) > AREAS_AT_ONCE
    for (r, c), value in held.items():
        ws.put(r, c, value)
    start = len(book.calls)
    snap = XlwingsWorkbook(book).snapshot("Data")
    assert {cell: info.value for cell, info in snap.cells.items()} == held
    assert sum(area(box) for box in cells_read) <= 4 * len(held) + 1024
    assert book.calls[start:].count("api.Address") < 10


def test_excel_reads_values_spread_far_apart_one_by_one(cells_read):
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook

    from .xlwings_double import Book

    book = Book(("Data",))
    ws = book.sheets["Data"]
    spread = {(100 * r, 1000 * c): r * 100 + c for r in range(1, 21) for c in range(1, 16)}
    for (r, c), value in spread.items():
        ws.put(r, c, value)
    snap = XlwingsWorkbook(book, limits=Limits(sheet_cells=1_000_000)).snapshot("Data")
    assert {cell: info.value for cell, info in snap.cells.items()} == spread
    assert max(area(box) for box in cells_read) <= 1_000_000  # never the used range's 30 million at once


def test_xlwings_lite_refuses_a_used_range_past_the_limit():
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook

    from .xlwings_double import double_of

    book = double_of(laid_out(square_rings(8), "Puzzle"), "Puzzle")
    book.sheets["Puzzle"].put(LAST_ROW, LAST_COL, 7)
    [report] = press(XlwingsWorkbook(book, lite=True), "solve", sheet="Puzzle")
    assert report.status == ERROR and "\n" not in report.message
    assert report.message.startswith("Puzzle: the used range A1:XFD1048576 has 17,179,869,184 cells")
    assert "xlwings Lite cannot ask" in report.message and LIMIT_OPTION in report.message


def test_the_double_finds_special_cells_as_excel_does():
    from .xlwings_double import XL_CELL_TYPE_CONSTANTS, XL_CELL_TYPE_FORMULAS, Book, ComError

    book = Book(("S",))
    ws = book.sheets["S"]
    ws.put(2, 2, 1)
    ws.put(2, 3, "x")
    ws.put(9, 9, fill=0x808080)
    ws.range((5, 5)).value = "=B2"
    found = ws.range((1, 1), (9, 9)).api.SpecialCells(XL_CELL_TYPE_CONSTANTS)
    assert found.Address == "$B$2:$C$2" and found.CountLarge == 2 and found.Areas.Count == 1
    assert [area.Address for area in ws.range((1, 1), (9, 9)).api.SpecialCells(XL_CELL_TYPE_FORMULAS).Areas] == ["$E$5"]
    with pytest.raises(ComError):
        ws.range((3, 1), (9, 4)).api.SpecialCells(XL_CELL_TYPE_CONSTANTS)
    # asked of one cell, Excel answers for the whole used range
    assert ws.range((9, 9)).api.SpecialCells(XL_CELL_TYPE_CONSTANTS).Address == "$B$2:$C$2"


def test_the_double_and_the_back_end_use_excel_own_numbers():
    constants = pytest.importorskip("xlwings.constants", reason="xlwings is in the test extra")
    from xlsolver.backends import xlwings_backend

    from . import xlwings_double

    for module in (xlwings_backend, xlwings_double):
        assert module.XL_CELL_TYPE_CONSTANTS == constants.CellType.xlCellTypeConstants
        assert module.XL_CELL_TYPE_FORMULAS == constants.CellType.xlCellTypeFormulas


@pytest.mark.parametrize("seed", range(30))
def test_the_rest_of_a_box_is_what_rectangles_make_of_it(seed):
    import random

    from xlsolver.backends.boxes import rectangles
    from xlsolver.backends.xlwings_backend import _rest_of

    rng = random.Random(seed)
    box = (rng.randint(1, 5), rng.randint(1, 5), rng.randint(6, 14), rng.randint(6, 14))
    known = {(rng.randint(box[0], box[2]), rng.randint(box[1], box[3])): ("808080", False)
             for _ in range(rng.randint(0, 40))}
    free = [(r, c) for r in range(box[0], box[2] + 1) for c in range(box[1], box[3] + 1) if (r, c) not in known]
    assert _rest_of(box, known) == rectangles(free)
    assert _rest_of((1, 1, LAST_ROW, LAST_COL), {(3, 4): ("808080", False)}) == [
        (1, 1, 2, LAST_COL), (3, 1, 3, 3), (3, 5, 3, LAST_COL), (4, 1, LAST_ROW, LAST_COL)]
