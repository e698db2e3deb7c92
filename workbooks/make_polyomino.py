"""Build the bundled workbook ``workbooks/polyomino.xlsx``.

Run ``python workbooks/make_polyomino.py [OUT.xlsx]``; it writes ``polyomino.xlsx``
beside this script unless told otherwise.

Each board is drawn below as text (``.`` open, ``#`` blocked) and laid out in the
layout of ``xlsolver/sheets/polyomino_sheet.py``; each sheet shows one way of
writing it. Counts are tilings up to the board's symmetry (and in all):

==============  =========  ===========================================================
sheet           tilings    what it shows
==============  =========  ===========================================================
6x10            2339       the classic of Knuth's "Dancing Links" paper; title with size
5x12            1010       a "Pieces" row naming the set
4x15            368        a "Tiling" title
3x20            2          both tilings painted: "Solutions 2" (the second on a sheet)
8x8 centre      65         the centre 2x2 blocked by a fill (Scott's 1958 puzzle)
Heart           55         an irregular board; a defined name "Board" marks its frame
Corners         2170       a frame drawn as a ring of filled cells, no size in the title
8x8 full        none       64 cells for 60: the board is outlined red with the reason
Custom          23         pieces drawn on the Pieces sheet (A twice, B twice)
Pieces          -          custom pieces: cells holding a letter, one piece per letter
==============  =========  ===========================================================

``tests/polyomino/test_workbook.py`` checks every count and painted tiling, and
that the committed workbook is what this script makes.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from openpyxl.workbook.defined_name import DefinedName

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import column_letter
from xlsolver.core.paint import BLACK, GridLines, Paint, PaintPlan, SquareCells, Style, Write
from xlsolver.polyomino import Board
from xlsolver.sheets.polyomino_sheet import board_import_plan

HERE = Path(__file__).resolve().parent

EIGHT_CENTRE = "\n".join("".join("#" if 3 <= r <= 4 and 3 <= c <= 4 else "." for c in range(8)) for r in range(8))

HEART = """
#...###...#
.....#.....
...........
...........
#.........#
##.......##
###.....###
#####.#####
"""

CORNERS = """
#......#
........
........
........
........
........
........
#......#
"""

# Custom pieces, drawn on the Pieces sheet: (name, picture, fill).
PIECES = [
    ("A", "##\n##\n#.", "B4C6E7"),
    ("B", "###\n#..", "F8CBAD"),
    ("C", "##", "C6E0B4"),
]
FRAME_FILL = "595959"  # the ring round the Corners board, and the blocked cells users draw


@dataclass(frozen=True)
class Sheet:
    """One board of the workbook and how its sheet is written."""

    name: str
    board: str  # WxH or a picture
    title: str
    tilings: int | None  # up to symmetry; None: no tiling
    raw: int
    spec: str = ""
    solutions: int | None = 1
    frame: str = "size"  # size (in the title), name (a defined name Board), ring (filled cells)
    note: str = ""

    def parsed(self) -> Board:
        return Board.parse(self.board.strip("\n"))


SHEETS = [
    Sheet("6x10", "10x6", "Polyomino 10x6", 2339, 9356,
          note="The twelve pentominoes in a 6x10 rectangle: 2339 ways, up to turning the board."),
    Sheet("5x12", "12x5", "Polyomino 12x5", 1010, 4040, spec="pentominoes"),
    Sheet("4x15", "15x4", "Tiling 15x4", 368, 1472),
    Sheet("3x20", "20x3", "Polyomino 20x3", 2, 8, solutions=2,
          note="Only two ways: the second is painted on the sheet 3x20 #2."),
    Sheet("8x8 centre", EIGHT_CENTRE, "Polyomino 8x8", 65, 520,
          note="Dana Scott's 1958 puzzle: a chessboard less its centre square."),
    Sheet("Heart", HEART, "Pentomino heart", 55, 110, frame="name",
          note="The frame is the defined name Board; its range holds the drawing."),
    Sheet("Corners", CORNERS, "Polyomino corners", 2170, 17360, frame="ring",
          note="No size in the title: the ring of filled cells is the frame."),
    Sheet("8x8 full", "8x8", "Polyomino 8x8", None, 0,
          note="64 cells and 60 to cover: no tiling, and the sheet says why."),
    Sheet("Custom", "6x3", "Polyomino 6x3", 23, 72, spec="A:2, B:2", solutions=2,
          note="The pieces A and B are drawn on the Pieces sheet."),
]


def add_board(book: OpenpyxlWorkbook, spec: Sheet) -> None:
    board = spec.parsed()
    book.add_sheet(spec.name)
    if spec.frame == "ring":
        _ring_board(book, spec, board)
    else:
        book.apply(board_import_plan(board, spec.name, spec.title, spec.spec, spec.solutions))
    ws = book.api[spec.name]
    if spec.frame == "name":
        # The title keeps no size: the defined name gives the frame.
        ws["A1"].value = spec.title
        top = 2 + bool(spec.spec) + bool(spec.solutions) + 1
        ref = (f"'{spec.name}'!$A${top}:${column_letter(board.width)}${top + board.height - 1}")
        book.api.defined_names["Board"] = DefinedName("Board", attr_text=ref)
    if spec.note:  # beside the frame, where a note is read as no piece (it has spaces)
        top = 3 + bool(spec.spec) + bool(spec.solutions) - (spec.frame == "ring")
        ws.cell(top, board.width + 2 + 2 * (spec.frame == "ring")).value = spec.note
    # Blocked cells in a user's colour rather than the import's grey.
    fills = [(cell.row, cell.column) for row in ws.iter_rows() for cell in row
             if cell.fill.fill_type == "solid" and cell.fill.fgColor.rgb[-6:] == BLACK.fill]
    if fills:
        book.apply(PaintPlan(spec.name, (Paint(Style(fill=FRAME_FILL), tuple(fills)),)))


def _ring_board(book: OpenpyxlWorkbook, spec: Sheet, board: Board) -> None:
    """The title without a size, settings, and the board inside a ring of filled cells."""
    ops: list = [Write((1, 1), spec.title)]
    row = 1
    if spec.solutions:
        row += 1
        ops.append(Write((row, 1), f"Solutions: {spec.solutions}"))
    top, left = row + 1, 1
    height, width = board.height + 2, board.width + 2
    ring = [(r, c) for r in range(top, top + height) for c in range(left, left + width)
            if r in (top, top + height - 1) or c in (left, left + width - 1)
            or (r - top - 1, c - left - 1) not in board.cells]
    ops += [GridLines(top, left, top + height - 1, left + width - 1, every=10 ** 6),
            SquareCells(top, left, top + height - 1, left + width - 1, size=18.0),
            Paint(Style(fill=FRAME_FILL), tuple(ring))]
    book.apply(PaintPlan(spec.name, tuple(ops)))


def add_pieces(book: OpenpyxlWorkbook) -> None:
    """The Pieces sheet: each custom piece as cells holding its letter, in its own fill."""
    book.add_sheet("Pieces")
    ops: list = [Write((1, 1), "Custom pieces: each is the cells that hold its letter (any fill), "
                               "edge-joined. A board names them in its Pieces row (Custom: A:2, B:2).")]
    col = 2
    for name, picture, fill in PIECES:
        cells = [(3 + r, col + c) for r, line in enumerate(picture.splitlines())
                 for c, ch in enumerate(line) if ch == "#"]
        ops.append(Paint(Style(fill=fill), tuple(cells)))
        ops += [Write(cell, name) for cell in cells]
        col += max(len(line) for line in picture.splitlines()) + 2
    ops.append(SquareCells(3, 2, 5, col, size=18.0))
    book.apply(PaintPlan("Pieces", tuple(ops)))


def build(path: Path) -> None:
    book = OpenpyxlWorkbook.new()
    for spec in SHEETS:
        add_board(book, spec)
    add_pieces(book)
    book.save(path)


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE / "polyomino.xlsx"
    build(out)
    print(f"wrote {out} ({len(SHEETS) + 1} sheets: {', '.join(s.name for s in SHEETS)}, Pieces)")


if __name__ == "__main__":
    main(sys.argv[1:])
