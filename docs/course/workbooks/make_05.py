"""Make the starting workbook of lesson 05 (exact cover): three boards to tile.

    python make_05.py [OUT.xlsx]      # default: 05-exact-cover.xlsx beside this script

Each sheet is a polyomino sheet as xlsolver lays one out (docs/polyomino.md): a
title with the frame's size (width x height) in A1, an optional ``Pieces:`` row,
and two rows below them the frame, whose empty cells are the board.

=======  =====================  =====================================  ============
sheet    board                  pieces                                 tilings
=======  =====================  =====================================  ============
3x20     20 wide, 3 high        the twelve pentominoes                 8 (2 up to symmetry)
Small    6 wide, 5 high         F, I, L, N, P, V (six pentominoes)     28 (7)
6x10     10 wide, 6 high        the twelve pentominoes                 9356 (2339)
=======  =====================  =====================================  ============

The student counts the first two with an Algorithm X of their own; xlsolver counts
the third. ``xlsolver solve`` reads the workbook as it is.
"""

from __future__ import annotations

import sys
from pathlib import Path

from openpyxl.utils import get_column_letter

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.polyomino import Board
from xlsolver.sheets.polyomino_sheet import board_import_plan

HERE = Path(__file__).resolve().parent
DEFAULT = HERE / "05-exact-cover.xlsx"

# (sheet name, width, height, the Pieces setting: "" for the twelve pentominoes)
BOARDS = [
    ("3x20", 20, 3, ""),
    ("Small", 6, 5, "F, I, L, N, P, V"),
    ("6x10", 10, 6, ""),
]


def make(path: Path) -> None:
    """Write the workbook to ``path``: one polyomino sheet per board of :data:`BOARDS`."""
    book = OpenpyxlWorkbook.new()
    for name, width, height, pieces in BOARDS:
        book.add_sheet(name)
        book.apply(board_import_plan(Board.rectangle(width, height), name, f"Polyomino {width}x{height}", pieces))
        # Print the frame too, not only the cells holding something (the title).
        bottom = 2 + bool(pieces) + height
        book.api[name].print_area = f"A1:{get_column_letter(max(width, 6))}{bottom}"
    book.save(path)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    make(target)
    print(f"wrote {target}")
