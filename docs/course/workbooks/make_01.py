"""Make ``01-cells.xlsx``, the workbook of lesson 01 (cells as data).

One sheet, "Cup": a 10x9 nonogram in the VBA analyzer's layout, written the way
people type them, so that reading it teaches something:

- row hints are numbers, except one typed as text ("8") and one whole clue in
  one cell ("1 1"); the empty fourth row has the hint 0;
- the title "Cup" is a cell merged over A1:C3, the corner above-left of the grid;
- two givens are typed in the grid: ``#`` (black) and ``x`` (white);
- two formulas beside the grid add up the hints, and openpyxl stores them
  without a value (only Excel or LibreOffice compute one when they save).

Run ``python docs/course/workbooks/make_01.py [OUT.xlsx]``; it writes
``01-cells.xlsx`` beside this script unless told otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font

from course_sheets import clues_of, lay_out_nonogram

HERE = Path(__file__).resolve().parent

CUP = [
    "..#..#....",
    ".#..#.....",
    "..#..#....",
    "..........",
    "#########.",
    "########.#",
    "########.#",
    "#########.",
    ".######...",
]
TOP, LEFT = 4, 4  # the grid's top-left cell, D4


def make(path: Path | str) -> None:
    """Write the lesson's workbook to ``path``."""
    book = Workbook()
    ws = book.active
    ws.title = "Cup"
    rows, cols = clues_of(CUP)
    lay_out_nonogram(ws, rows, cols, TOP, LEFT)
    ws["B4"] = None
    ws["C4"] = "1 1"  # a whole clue in one cell: text, not a number
    ws["B9"] = "8"  # a number typed as text (in Excel: '8)
    ws["D8"] = "#"  # givens: a black cell and a white one
    ws["I7"] = "x"
    ws.merge_cells("A1:C3")
    ws["A1"] = "Cup"
    ws["A1"].font = Font(bold=True, size=13)
    ws["A1"].alignment = Alignment(horizontal="center", vertical="center")
    ws.merge_cells("O1:R1")
    ws["O1"] = "Formulas"
    ws["O1"].font = Font(bold=True)
    ws["O2"], ws["R2"] = "row hints add up to", "=SUM(A4:C12)"
    ws["O3"], ws["R3"] = "column hints add up to", "=SUM(D1:M3)"
    for column in "OPQ":
        ws.column_dimensions[column].width = 7
    book.save(path)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "01-cells.xlsx"
    make(target)
    print("written:", target)
