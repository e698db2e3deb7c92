"""Text stays text on every back end: xlsolver never writes a formula.

A ``Write`` of a string that begins like a formula ("=", "+", "-", "@"), a DDE
payload, an error value's name, or a number or date typed as text must land as
those very characters, on every back end: the openpyxl file (saved as a string,
never as ``<f>``), the in-memory workbook, Excel through the xlwings double
(which enters a value as Excel's Range.Value does: a string is read as if typed,
so "=1+1" would become a formula and "12" a number, unless it is marked as
text), and a live Calc document (and the .xlsx Calc saves).
"""

from __future__ import annotations

import zipfile

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.backends.xlwings_backend import XlwingsWorkbook
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.paint import PaintPlan, Write

from .xlwings_double import Book

TEXTS = [
    '=HYPERLINK("http://evil.example","click")',
    "=cmd|' /C calc'!A0",
    "=1+1",
    "+1+2",
    "-2+3",
    "@SUM(1)",
    "#REF!",
    "#N/A",
    "12",
    "-3",
    "1/2",
    "'quoted",
    "=",
    "plain text",
]
BACKENDS = ["openpyxl", "memory", "xlwings-double", "calc"]


def _plan(sheet: str) -> PaintPlan:
    """The texts down column B, and the first of them alone in D1 (a one-cell write)."""
    writes = tuple(Write((row, 2), text) for row, text in enumerate(TEXTS, 1))
    return PaintPlan(sheet, writes + (Write((1, 4), TEXTS[0]),))


def _expected() -> dict[tuple[int, int], str]:
    return {**{(row, 2): text for row, text in enumerate(TEXTS, 1)}, (1, 4): TEXTS[0]}


def _no_formula_in_file(path) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Texts"]
    for (row, col), text in _expected().items():
        cell = ws.cell(row, col)
        assert (cell.value, cell.data_type) == (text, "s"), (cell.coordinate, cell.value, cell.data_type)
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in archive.read(name) and b"<f " not in archive.read(name), name


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_write_of_text_lands_as_that_text(backend, tmp_path, request):
    if backend == "openpyxl":
        book = OpenpyxlWorkbook.new()
        book.add_sheet("Texts")
        book.apply(_plan("Texts"))
        book.save(tmp_path / "texts.xlsx")
        _no_formula_in_file(tmp_path / "texts.xlsx")
        book = OpenpyxlWorkbook.open(tmp_path / "texts.xlsx")
    elif backend == "memory":
        book = MemoryWorkbook({"Texts": {}})
        book.apply(_plan("Texts"))
    elif backend == "xlwings-double":
        double = Book(("Texts",))
        book = XlwingsWorkbook(double)
        book.apply(_plan("Texts"))
        cells = double.sheets["Texts"].cells_
        assert all(cells[cell].formula is None for cell in _expected()), "a formula was entered"
    else:
        office = request.getfixturevalue("calc_office")
        book = office.new()
        book.add_sheet("Texts")
        book.apply(_plan("Texts"))
        ws = book.api.Sheets.getByName("Texts")
        for row, col in _expected():
            assert ws.getCellByPosition(col - 1, row - 1).getType().value == "TEXT", (row, col)
    snap = book.snapshot("Texts")
    assert {cell: snap.value(*cell) for cell in _expected()} == _expected()
    if backend == "calc":
        book.save(tmp_path / "calc.xlsx")
        book.close()
        _no_formula_in_file(tmp_path / "calc.xlsx")


def test_the_double_enters_values_as_excel_does():
    """The double itself: a string is read as if typed (so the back end's apostrophe
    is what keeps text text), numbers typed as text become numbers."""
    double = Book(("S",))
    ws = double.sheets["S"]
    ws.range((1, 1), (1, 5)).value = [["=1+1", "'=1+1", "12", "'12", "plain"]]
    cells = ws.cells_
    assert cells[(1, 1)].formula == "=1+1" and cells[(1, 1)].value is None
    assert (cells[(1, 2)].value, cells[(1, 2)].formula) == ("=1+1", None)
    assert cells[(1, 3)].value == 12 and cells[(1, 4)].value == "12" and cells[(1, 5)].value == "plain"
