"""Checks for lesson 01, cells as data. The expected clues are what xlsolver itself
reads from the lesson's workbook; the rest are small tables of known answers."""

from __future__ import annotations

from pathlib import Path

import openpyxl

WORKBOOK = Path(__file__).resolve().parents[1] / "workbooks" / "01-cells.xlsx"
SHEET = "Cup"


def _sheet():
    """The lesson's sheet, freshly loaded: a check never sees what the notebook changed."""
    return openpyxl.load_workbook(WORKBOOK)[SHEET]


def _as_clue(value) -> tuple | None:
    """``value`` as a tuple, or None when it is no sequence at all."""
    try:
        return tuple(value)
    except TypeError:
        return None


def check_clue_numbers(clue_numbers) -> None:
    cases = [(3, (3,)), ("8", (8,)), ("1 1", (1, 1)), (" 2  4 ", (2, 4)), (12, (12,)),
             (None, ()), (0, ()), ("0", ())]
    for value, expected in cases:
        got = clue_numbers(value)
        if _as_clue(got) != expected:
            raise AssertionError(f"clue_numbers({value!r}): expected {expected} but got {got!r}")
        if not all(type(number) is int for number in got):
            raise AssertionError(f"clue_numbers({value!r}) gave {got!r}: every number should be an int")
    print(f"clue_numbers passed: {len(cases)} hint cells read right")


def expected_clues() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """The row and column clues as xlsolver reads them from the workbook."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.sheets.nonogram_bw import read_nonogram

    _, puzzle, _ = read_nonogram(OpenpyxlWorkbook.open(WORKBOOK).snapshot(SHEET))
    return list(puzzle.rows), list(puzzle.cols)


def check_read_clues(read_clues) -> None:
    rows, cols = expected_clues()
    got = read_clues(_sheet())
    if not isinstance(got, tuple) or len(got) != 2:
        raise AssertionError(f"read_clues should return two lists (row clues, column clues), not {got!r}")
    for name, expected, found in (("row", rows, got[0]), ("column", cols, got[1])):
        found = list(found)
        if len(found) != len(expected):
            raise AssertionError(f"expected {len(expected)} {name} clues but got {len(found)}")
        for index, (want, have) in enumerate(zip(expected, found), 1):
            if _as_clue(have) != want or not all(type(number) is int for number in have):
                raise AssertionError(f"{name} {index}: expected {want} but got {have!r}")
    print(f"read_clues passed: {len(rows)} row clues and {len(cols)} column clues, as xlsolver reads them")


def check_merged_value(merged_value) -> None:
    cases = {"A1": "Cup", "B2": "Cup", "C3": "Cup", "O1": "Formulas", "R1": "Formulas",
             "C4": "1 1", "A4": None, "D3": 4, "D4": None, "R2": "=SUM(A4:C12)"}
    ws = _sheet()
    for coordinate, expected in cases.items():
        got = merged_value(ws, coordinate)
        if got != expected:
            raise AssertionError(f"merged_value(ws, {coordinate!r}): expected {expected!r} but got {got!r}")
    print(f"merged_value passed: {len(cases)} cells, inside and outside the merged ranges")


def check_formula_cells(formula_cells) -> None:
    expected = {"R2": "=SUM(A4:C12)", "R3": "=SUM(D1:M3)"}
    got = formula_cells(_sheet())
    if got != expected:
        raise AssertionError(f"on the Cup sheet: expected {expected} but got {got!r}")
    book = openpyxl.Workbook()  # a second sheet, with formulas far from A1 and text that is not one
    ws = book.active
    ws["A1"], ws["B1"], ws["A2"] = 2, "SUM", "=A1*2"
    ws["Z40"] = "=COUNT(A1:B1)"
    expected = {"A2": "=A1*2", "Z40": "=COUNT(A1:B1)"}
    got = formula_cells(ws)
    if got != expected:
        raise AssertionError(f"on a sheet with formulas in A2 and Z40: expected {expected} but got {got!r}")
    print("formula_cells passed: every formula found, on two sheets")
