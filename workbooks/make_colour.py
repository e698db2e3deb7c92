"""Build the colour sample workbook ``workbooks/nonogram-colour.xlsx``.

Run ``python workbooks/make_colour.py [OUT.xlsx]``; it writes
``nonogram-colour.xlsx`` beside this script unless told otherwise.

Each puzzle is a picture drawn below as text (``.`` background, a letter per
colour), designed for this project; the clues are computed from it and every
hint cell is filled in its block's colour, which is how a sheet says what
colour a clue has.

=========  ======  ========  =========================================
sheet      size    verdict   what it shows
=========  ======  ========  =========================================
Mushroom   10x10   unique    three colours; red and cream blocks touch
Tulip      9x10    multiple  two leaves may swap their places
=========  ======  ========  =========================================

``tests/sheets/test_nonogram_colour.py`` checks each verdict and that the
committed workbook matches this script.
"""

from __future__ import annotations

import sys
from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.nonogram.colour import Colour, clues_of

HERE = Path(__file__).resolve().parent

RED = Colour("r", "dark_red", "C00000")
CREAM = Colour("w", "cream", "FFE699")
GREEN = Colour("g", "office_green", "00B050")
BROWN = Colour("b", "brown", "843C0C")

MUSHROOM = """
...rrrr...
.rrwrrrrr.
rrrrrrwrrr
rwrrrrrrwr
rrrrwrrrrr
...wwww...
...wwww...
...wwww...
.gggwwggg.
gggggggggg
"""

TULIP = """
..r.r.r..
..rrrrr..
..rrrrr..
...rrr...
....g....
.g..g..g.
..g.g.g..
...ggg...
....g....
bbbbbbbbb
"""

PUZZLES = {  # sheet -> (picture, palette, expected verdict)
    "Mushroom": (MUSHROOM, (RED, CREAM, GREEN), "unique"),
    "Tulip": (TULIP, (RED, GREEN, BROWN), "multiple"),
}


def picture(name: str) -> list[str]:
    return PUZZLES[name][0].split()


def build(out: Path) -> None:
    # Imported here so that importing this module for its pictures needs no sheets layer.
    from xlsolver.sheets.nonogram_colour import colour_import_plan

    book = OpenpyxlWorkbook.new()
    for name, (drawing, palette, _) in PUZZLES.items():
        book.add_sheet(name)
        book.apply(colour_import_plan(clues_of(drawing.split(), palette), name, name))
    book.save(out)


if __name__ == "__main__":
    build(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "nonogram-colour.xlsx")
