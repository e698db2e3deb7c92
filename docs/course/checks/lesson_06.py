"""Checks of lesson 06 (live spreadsheets).

Each check gives the student's function a fresh workbook "open in Excel": the
project's recording double of xlwings (``tests/live/xlwings_double.py``), which
has xlwings' own names and signatures and records every call that would cross
from Python into Excel. The check reads back what the cells hold and counts the
calls the function made.
"""

from __future__ import annotations

import importlib.util
import math
import sys
from collections import Counter
from pathlib import Path

from openpyxl.utils import get_column_letter

__all__ = ["check_paint_cells", "check_write_block", "most_calls", "xlwings_double"]

DOUBLE = Path(__file__).resolve().parents[3] / "tests" / "live" / "xlwings_double.py"
RANGE_LIMIT = 255  # characters of an address Excel's Range() takes


def xlwings_double():
    """The recording double's module (imported once, from the repository's tests)."""
    if "xlwings_double" not in sys.modules:
        spec = importlib.util.spec_from_file_location("xlwings_double", DOUBLE)
        module = importlib.util.module_from_spec(spec)
        sys.modules["xlwings_double"] = module
        spec.loader.exec_module(module)
    return sys.modules["xlwings_double"]


def _fresh_sheet(name: str = "Key"):
    book = xlwings_double().Book((name,), f"{name}.xlsx")
    sheet = book.sheets[name]
    book.calls.clear()
    return book, sheet


def most_calls(calls: list[str]) -> str:
    """The calls counted by member, most first: ``Sheet.range x120, Range.value= x120``."""
    return ", ".join(f"{member} x{n}" for member, n in Counter(calls).most_common(4))


def _a1(row: int, col: int) -> str:
    return f"{get_column_letter(col)}{row}"


def _run(what: str, function, *args) -> None:
    """Call the student's function; Excel's refusal of a long address is a mistake to explain."""
    try:
        function(*args)
    except ValueError as err:
        if "255" in str(err):
            raise AssertionError(f"{what}: Range() was given an address longer than {RANGE_LIMIT} characters; "
                                 "Excel refuses it: paint the areas in chunks of at most 255 characters") from None
        raise


# A block of values: a row of text, then digits (what a solved grid could be written as).
BLOCK = [["row", "a", "b", "c", None, "e"]] + [[(r * 7 + c * 3) % 2 for c in range(6)] for r in range(5)]


def check_write_block(write_block) -> None:
    """``write_block(sheet, top, left, rows)`` writes a list of rows at (top, left) in one go."""
    for top, left, rows in ((6, 4, BLOCK), (1, 1, [["one", "row", "only"]])):
        book, sheet = _fresh_sheet()
        write_block(sheet, top, left, rows)
        calls = list(book.calls)
        for i, row in enumerate(rows):
            for j, value in enumerate(row):
                kept = sheet.cells_.get((top + i, left + j))
                got = kept.value if kept is not None else None
                assert got == value, (f"writing {len(rows)} rows at {_a1(top, left)}: cell {_a1(top + i, left + j)} "
                                      f"should hold {value!r} but holds {got!r}")
        inside = {(top + i, left + j) for i, row in enumerate(rows) for j in range(len(row))}
        stray = sorted(cell for cell, kept in sheet.cells_.items() if kept.value is not None and cell not in inside)
        assert not stray, f"writing at {_a1(top, left)}: cell {_a1(*stray[0])} was written, outside the block"
        assert len(calls) <= 2, (f"writing {len(rows)} rows at {_a1(top, left)} made {len(calls)} calls into Excel "
                                 f"({most_calls(calls)}); a block written as one range takes 2: "
                                 "sheet.range(...) and one .value = rows")
    print("check_write_block passed: each block written in one range, 2 calls")


def _row_runs(cells: set[tuple[int, int]]) -> list[str]:
    """The cells as A1 areas, one per run of neighbours in a row."""
    runs: list[list[int]] = []
    for row, col in sorted(cells):
        if runs and runs[-1][0] == row and runs[-1][2] == col - 1:
            runs[-1][2] = col
        else:
            runs.append([row, col, col])
    return [_a1(r, a) if a == b else f"{_a1(r, a)}:{_a1(r, b)}" for r, a, b in runs]


def _allowed_calls(cells: set[tuple[int, int]]) -> int:
    """Two calls (a range, its colour) per 255 characters of the cells' row runs, and
    one range more: what painting by row runs in chunks of addresses costs."""
    text = ",".join(_row_runs(cells))
    return 2 * (math.ceil(len(text) / RANGE_LIMIT) + 1)


def _bgr(rgb: tuple[int, int, int]) -> int:
    return rgb[0] + 256 * rgb[1] + 65536 * rgb[2]


KEY_BLACK = {(5 + r, 5 + c) for r, line in enumerate([".####........", "##..##.......", "#....########",
                                                       "#....########", "##..##..##.##", ".####...##.#."])
             for c, ch in enumerate(line) if ch == "#"}
CHECKERS = {(r, c) for r in range(1, 41) for c in range(1, 41) if (r + c) % 2 == 0}


def check_paint_cells(paint_cells) -> None:
    """``paint_cells(sheet, cells, rgb)`` fills exactly ``cells`` with ``rgb``, in a few
    multi-area ranges of at most 255 characters each."""
    for what, cells, rgb in (("the black cells of Key", KEY_BLACK, (128, 128, 128)),
                             ("a 40x40 checkerboard (800 cells apart)", CHECKERS, (255, 0, 0))):
        book, sheet = _fresh_sheet()
        _run(what, paint_cells, sheet, set(cells), rgb)
        calls = list(book.calls)
        for cell in sorted(cells):
            kept = sheet.cells_.get(cell)
            fill = kept.fill if kept is not None else None
            assert fill == _bgr(rgb), (f"{what}: cell {_a1(*cell)} should be filled {rgb} but "
                                       f"{'has no fill' if fill is None else 'has another fill'}")
        stray = sorted(cell for cell, kept in sheet.cells_.items() if kept.fill is not None and cell not in cells)
        assert not stray, f"{what}: cell {_a1(*stray[0])} is filled, but it is not one of the cells to paint"
        allowed = _allowed_calls(cells)
        assert len(calls) <= allowed, (f"{what}: painting {len(cells)} cells made {len(calls)} calls into Excel "
                                       f"({most_calls(calls)}); at most {allowed} are needed: one range of many "
                                       "areas per 255 characters of addresses, and one .color each")
    print("check_paint_cells passed: every cell painted, no other, in ranges of many areas")
