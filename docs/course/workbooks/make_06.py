"""Make ``06-live-spreadsheets.xlsx``, the workbook of lesson 06 (live spreadsheets).

One sheet, "Key": a 13x6 nonogram in the VBA analyzer's layout (column hints
above the grid, row hints to its left, the grid's top-left cell E5), the title in
A1, and below the grid a cell named ``Status`` (C14) with its label, where a button
press writes what happened (the same defined name xlsolver's own button workbooks
use). The lesson opens it "in Excel" (the recording double), reads and paints it
there, then presses Solve on it in a live LibreOffice Calc.

Run ``python docs/course/workbooks/make_06.py [OUT.xlsx]``; it writes
``06-live-spreadsheets.xlsx`` beside this script unless told otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font
from openpyxl.workbook.defined_name import DefinedName

from course_sheets import clues_of, lay_out_nonogram

HERE = Path(__file__).resolve().parent

KEY = [
    ".####........",
    "##..##.......",
    "#....########",
    "#....########",
    "##..##..##.##",
    ".####...##.#.",
]
TOP, LEFT = 5, 5  # the grid's top-left cell, E5: four rows of hints above it, four columns left
STATUS_ROW = TOP + len(KEY) + 3  # below the line xlsolver's nonogram writes its verdict in
STATUS = f"$C${STATUS_ROW}"  # the label takes columns A and B


def make(path: Path | str) -> None:
    """Write the lesson's workbook to ``path``."""
    book = Workbook()
    ws = book.active
    ws.title = "Key"
    rows, cols = clues_of(KEY)
    lay_out_nonogram(ws, rows, cols, TOP, LEFT)
    ws["A1"] = "Key"
    ws["A1"].font = Font(bold=True, size=13)
    ws.cell(STATUS_ROW, 1, "Status:").font = Font(bold=True)
    book.defined_names["Status"] = DefinedName("Status", attr_text=f"'Key'!{STATUS}")
    book.save(path)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "06-live-spreadsheets.xlsx"
    make(target)
    print("written:", target)
