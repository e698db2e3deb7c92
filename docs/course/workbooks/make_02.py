"""Make ``02-painting.xlsx``, the workbook of lesson 02 (painting).

Three sheets:

- "Fish": an 11x7 nonogram (one solution, line logic finds it) for the lesson to paint;
- "Clash": a 5x6 house whose second row clue was changed from 3 to 2 1, so that no
  picture fits (xlsolver paints the row where it breaks red);
- "Old colours": a legend painted the way a VBA macro paints, by ColorIndex
  (openpyxl writes such colours as *indexed*): the first sixteen ColorIndex
  colours, and the analyzer's black, white and red.

Run ``python docs/course/workbooks/make_02.py [OUT.xlsx]``; it writes
``02-painting.xlsx`` beside this script unless told otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Color, Font, PatternFill

from course_sheets import clues_of, lay_out_nonogram

HERE = Path(__file__).resolve().parent

FISH = [
    "....####...",
    "..#######.#",
    ".##.#####.#",
    "##########.",
    ".########.#",
    "..#######.#",
    "....####...",
]
HOUSE = [
    "..#..",
    ".###.",
    "#####",
    "#...#",
    "#.#.#",
    "#.#.#",
]
TOP, LEFT = 4, 4  # both grids start at D4
PALETTE_OFFSET = 7  # VBA's ColorIndex n is entry n + 7 of the indexed palette


def indexed_fill(color_index: int) -> PatternFill:
    """A solid fill as a macro's ``Interior.ColorIndex = color_index`` leaves it."""
    return PatternFill(fill_type="solid", fgColor=Color(indexed=color_index + PALETTE_OFFSET))


def titled_nonogram(book: Workbook, title: str, rows, cols) -> None:
    ws = book.create_sheet(title)
    lay_out_nonogram(ws, rows, cols, TOP, LEFT)
    ws["A1"] = title
    ws["A1"].font = Font(bold=True, size=13)


def old_colours(book: Workbook) -> None:
    ws = book.create_sheet("Old colours")
    ws["A1"], ws["B1"] = "ColorIndex", "colour"
    for n in range(1, 17):
        ws.cell(1 + n, 1, f"ColorIndex {n}")
        ws.cell(1 + n, 2).fill = indexed_fill(n)
    ws["D1"] = "the analyzer's marks"
    for row, (name, n) in enumerate((("black", 16), ("white", 2), ("red", 3)), start=2):
        ws.cell(row, 4, name)
        ws.cell(row, 5).fill = indexed_fill(n)
    for column, width in zip("ABCDE", (14, 8, 4, 20, 8)):
        ws.column_dimensions[column].width = width


def make(path: Path | str) -> None:
    """Write the lesson's workbook to ``path``."""
    book = Workbook()
    book.remove(book.active)
    titled_nonogram(book, "Fish", *clues_of(FISH))
    rows, cols = clues_of(HOUSE)
    rows = (rows[0], (2, 1)) + rows[2:]  # was (3,): the totals still agree, yet nothing fits
    titled_nonogram(book, "Clash", rows, cols)
    old_colours(book)
    book.save(path)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "02-painting.xlsx"
    make(target)
    print("written:", target)
