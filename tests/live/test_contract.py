"""One contract for every back end: the same puzzle in, the same cells painted out.

Each case is a sheet of cells (values, fills, diagonals). It is put into every
back end (an openpyxl file saved and reopened, the in-memory workbook, the
xlwings double, a live Calc document in a headless LibreOffice), an action
runs through :func:`xlsolver.jobs.run_book`, and what each back end then holds
is compared with the openpyxl file's: the same reports and, cell by cell, the
same values, fills and diagonal marks. Actions a puzzle kind does not offer
yet are skipped, and run here as soon as the kind offers them.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.backends.xlwings_backend import XlwingsWorkbook
from xlsolver.core.paint import BLACK, WHITE
from xlsolver.jobs import Options, kind_of, run_book
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.core.protocol import CellInfo

from .puzzles import laid_out, picture_nonogram, seed_plan, square_rings
from .xlwings_double import Book, Sheet

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = ["solve", "step", "hint", "check", "clear", "explain"]
BACKENDS = ["memory", "xlwings-double", "calc"]

Cells = dict[tuple[int, int], CellInfo]


def _smile(r: int, c: int) -> bool:
    """A 9x11 picture (not square, so rows and columns cannot be mixed up)."""
    return (r in (1, 2) and c in (2, 3, 7, 8)) or (r == 6 and 2 <= c <= 8) or (r == 5 and c in (1, 9)) \
        or r == 8


@lru_cache(maxsize=None)
def _solved_cells() -> Cells:
    book = MemoryWorkbook({"Smile": dict(laid_out(picture_nonogram(9, 11, _smile), "Smile"))})
    run_book(book, "seed", "Smile", Options(), "solve")
    return book.snapshot("Smile").cells


def _with_entries() -> Cells:
    """The smile with a few cells the user painted: two right, two wrong."""
    cells = dict(laid_out(picture_nonogram(9, 11, _smile), "Smile"))
    layout_top, layout_left = _grid_origin(cells)
    for (r, c), black in [((1, 2), True), ((0, 0), False), ((4, 4), True), ((8, 0), False)]:
        style = BLACK if black else WHITE
        cells[(layout_top + r, layout_left + c)] = CellInfo(None, style.fill, style.diagonals)
    return cells


def _grid_origin(cells: Cells) -> tuple[int, int]:
    from xlsolver.sheets import find_layout

    layout = find_layout(SheetSnapshot("Smile", cells))
    return layout.top, layout.left


def _bundled(path: str) -> dict[str, Cells]:
    book = OpenpyxlWorkbook.open(ROOT / path)
    return {name: book.snapshot(name).cells for name in book.sheet_names()}


def _kind_sample(kind: str) -> dict[str, Cells]:
    """The sample sheet of a kind's workbook with buttons (xlsolver excel)."""
    from xlsolver.cli.excel import KINDS

    sample = KINDS[kind]
    book = MemoryWorkbook({sample.sheet: {}})
    book.apply(sample.plan(sample.sheet))
    return {sample.sheet: book.snapshot(sample.sheet).cells}


CASES = {
    "fresh-rings": lambda: {"Rings": laid_out(square_rings(12), "Rings")},
    "fresh-smile": lambda: {"Smile": laid_out(picture_nonogram(9, 11, _smile), "Smile")},
    "user-entries": lambda: {"Smile": _with_entries()},
    "painted": lambda: {"Smile": _solved_cells()},
    "sudoku": lambda: _kind_sample("sudoku"),
    "polyomino": lambda: _kind_sample("polyomino"),
}
# The bundled workbooks: every verdict (unique, multiple, none) and colour puzzles; solve only.
BUNDLED = {"nonogram.xlsx": "workbooks/nonogram.xlsx", "nonogram-colour.xlsx": "workbooks/nonogram-colour.xlsx"}


# --- putting cells into each back end and reading them back ------------------

def _openpyxl_file(sheets: dict[str, Cells], folder: Path) -> Path:
    book = OpenpyxlWorkbook.new()
    for name, cells in sheets.items():
        book.add_sheet(name)
        book.apply(seed_plan(name, cells))
    path = folder / "case.xlsx"
    book.save(path)
    return path


class _Openpyxl:
    def __init__(self, sheets, folder, office=None):
        self.path = _openpyxl_file(sheets, folder)
        self.book = OpenpyxlWorkbook.open(self.path)

    def read(self) -> dict[str, SheetSnapshot]:
        self.book.save(self.path)  # what a user gets is the file: save it and read it back
        again = OpenpyxlWorkbook.open(self.path)
        return {name: again.snapshot(name) for name in again.sheet_names()}


class _Memory:
    def __init__(self, sheets, folder, office=None):
        self.book = MemoryWorkbook({name: dict(cells) for name, cells in sheets.items()})

    def read(self):
        return {name: self.book.snapshot(name) for name in self.book.sheet_names()}


class _XlwingsDouble:
    def __init__(self, sheets, folder, office=None):
        double = Book(tuple(sheets))
        for sheet, cells in zip(double._sheets._list, sheets.values()):
            _fill_double(sheet, cells)
        self.book = XlwingsWorkbook(double)

    def read(self):
        return {name: self.book.snapshot(name) for name in self.book.sheet_names()}


def _fill_double(sheet: Sheet, cells: Cells) -> None:
    for (r, c), info in cells.items():
        fill = None
        if info.fill:
            fill = int(info.fill[0:2], 16) + 256 * int(info.fill[2:4], 16) + 65536 * int(info.fill[4:6], 16)
        sheet.put(r, c, info.value, fill, info.diagonals)


class _Calc:
    def __init__(self, sheets, folder, office):
        self.book = office.open(_openpyxl_file(sheets, folder))

    def read(self):
        return {name: self.book.snapshot(name) for name in self.book.sheet_names()}


MAKERS = {"memory": _Memory, "xlwings-double": _XlwingsDouble, "calc": _Calc}


def _run(maker, sheets, folder, office, action):
    live = maker(sheets, folder, office)
    reports = run_book(live.book, "case", None, Options(budget_seconds=30), action)
    outcome = [(r.sheet, r.status, r.message, str(r.solutions)) for r in reports]
    read = live.read()
    if isinstance(live, _Calc):
        live.book.close()
    return outcome, read


_SECONDS = re.compile(r"\d+(\.\d+)? s\b")


def _timeless(value):
    """Elapsed times in messages and status cells differ from run to run."""
    return _SECONDS.sub("# s", value) if isinstance(value, str) else value


def _cells(snap: SheetSnapshot) -> Cells:
    return {cell: CellInfo(_timeless(info.value), info.fill, info.diagonals) for cell, info in snap.cells.items()}


def _compare(got, want) -> None:
    got_reports, got_sheets = got
    want_reports, want_sheets = want
    assert [tuple(map(_timeless, r)) for r in got_reports] == [tuple(map(_timeless, r)) for r in want_reports]
    assert list(got_sheets) == list(want_sheets)
    for name, want_snap in want_sheets.items():
        snap, theirs = SheetSnapshot(name, _cells(want_snap)), _cells(got_sheets[name])
        differ = sorted(cell for cell in set(snap.cells) | set(theirs) if snap.cells.get(cell) != theirs.get(cell))
        assert not differ, f"{name}: first differing cells {[(c, theirs.get(c), snap.cells.get(c)) for c in differ[:3]]}"


def _offered(sheets: dict[str, Cells], action: str) -> bool:
    """Does any sheet of the case offer ``action`` (polyomino sheets offer solve and clear)?"""
    kinds = [kind_of(SheetSnapshot(name, cells)) for name, cells in sheets.items()]
    return any(kind is not None and action in kind.offered() for kind in kinds)


# Each case with the actions its sheets offer: an action a kind does not have is not a case.
OFFERED = [(case, action) for case, make in CASES.items() for action in ACTIONS if _offered(make(), action)]


@pytest.fixture
def office(request, backend):
    return request.getfixturevalue("calc_office") if backend == "calc" else None


def test_the_cases_cover_every_action():
    """Every action is run on some case; polyomino sheets are tiled or cleared, nothing else."""
    assert {action for _, action in OFFERED} == set(ACTIONS)
    assert {action for case, action in OFFERED if case == "polyomino"} == {"solve", "clear"}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "action"), OFFERED)
def test_action_paints_what_the_openpyxl_file_gets(case, action, backend, office, tmp_path):
    sheets = CASES[case]()
    want = _run(_Openpyxl, sheets, tmp_path, None, action)
    got = _run(MAKERS[backend], sheets, tmp_path, office, action)
    _compare(got, want)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("workbook", list(BUNDLED))
def test_bundled_workbooks_solve_alike(workbook, backend, office, tmp_path):
    sheets = _bundled(BUNDLED[workbook])
    want = _run(_Openpyxl, sheets, tmp_path, None, "solve")
    got = _run(MAKERS[backend], sheets, tmp_path, office, "solve")
    assert {status for _, status, _, _ in want[0]} >= ({"unique"} if "colour" in workbook else
                                                       {"unique", "multiple", "none"})
    _compare(got, want)


def test_calc_saves_what_it_painted(calc_office, tmp_path):
    """A workbook painted live in Calc and saved as .xlsx reads back the same through openpyxl."""
    sheets = {"Smile": laid_out(picture_nonogram(9, 11, _smile), "Smile")}
    book = calc_office.open(_openpyxl_file(sheets, tmp_path))
    run_book(book, "case", None, Options(), "solve")
    live = book.snapshot("Smile").cells
    book.save(tmp_path / "saved.xlsx")
    book.close()
    again = OpenpyxlWorkbook.open(tmp_path / "saved.xlsx").snapshot("Smile").cells
    assert again == live
