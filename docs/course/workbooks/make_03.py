"""Make ``03-line-solver.xlsx``, the workbook of lesson 03 (a line solver in a page).

Three 10x8 nonograms, each grid at E5 under a title in A1:

==========  ==================  ===============================================
sheet       solutions           what line logic alone does
==========  ==================  ===============================================
Rocket      one                 solves it
Dimple      one                 stops with 15 cells unknown: a search must finish
Smile       several             stops with 64 cells unknown: the clues allow
                                more than one face (the dimple is what makes
                                Dimple unique)
==========  ==================  ===============================================

Run ``python docs/course/workbooks/make_03.py [OUT.xlsx]``; it writes
``03-line-solver.xlsx`` beside this script unless told otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

from course_sheets import clues_of, lay_out_nonogram

HERE = Path(__file__).resolve().parent

ROCKET = [
    "....##....",
    "...####...",
    "...#..#...",
    "...####...",
    "..######..",
    ".##.##.##.",
    "#...##...#",
    "....##....",
]
SMILE = [
    "..######..",
    ".#......#.",
    "#..#..#..#",
    "#........#",
    "#.#....#.#",
    "#..####..#",
    ".#......#.",
    "..######..",
]
DIMPLE = SMILE[:5] + ["##.####..#"] + SMILE[6:]  # one more black cell on the left cheek
PUZZLES = {"Rocket": ROCKET, "Dimple": DIMPLE, "Smile": SMILE}
TOP, LEFT = 5, 5  # every grid starts at E5


def make(path: Path | str) -> None:
    """Write the lesson's workbook to ``path``."""
    book = Workbook()
    book.remove(book.active)
    for title, picture in PUZZLES.items():
        ws = book.create_sheet(title)
        lay_out_nonogram(ws, *clues_of(picture), TOP, LEFT)
        ws["A1"] = title
        ws["A1"].font = Font(bold=True, size=13)
    book.save(path)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "03-line-solver.xlsx"
    make(target)
    print("written:", target)
