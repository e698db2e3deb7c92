"""Build the bundled workbook ``workbooks/nonogram.xlsx``.

Run ``python workbooks/make_workbooks.py [OUT.xlsx]``; it writes
``nonogram.xlsx`` beside this script unless told otherwise.

Every puzzle is a picture drawn below as text (``#`` black, ``.`` white),
designed for this project; the clues are computed from the picture, so they
cannot drift from it. One sheet per puzzle, each showing a different way the
layout may be written:

=========  ======  ===========  ===========================================
sheet      size    verdict      what it shows
=========  ======  ===========  ===========================================
Heart      9x8     unique       the plain layout, title in A1
Boat       15x10   unique       a wide grid placed away from A1 (title in B3)
Owl        20x20   unique       a larger picture
House      10x10   unique       whole clues in one cell: "3 1", "3,1", lines
Robot      10x10   unique       cells painted before solving (givens); the
                                clues alone allow two pictures
Flag       7x7     unique       an empty last row and column left blank; a
                                defined name (FlagGrid) marks the grid
Twins      6x6     multiple     two pips may sit on either diagonal
Clash      8x8     none         one clue altered: totals agree, every clue
                                fits, yet no picture satisfies them all
=========  ======  ===========  ===========================================

Sizes are width x height. ``tests/nonogram/test_workbook.py`` checks each verdict with
a solver of its own and that the committed workbook matches this script.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

from openpyxl.styles import Alignment
from openpyxl.workbook.defined_name import DefinedName

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import column_letter
from xlsolver.core.paint import BLACK, WHITE, Paint, PaintPlan, SquareCells, Style, Write
from xlsolver.nonogram import Nonogram
from xlsolver.sheets.nonogram_bw import import_plan
from xlsolver.sheets.nonogram_layout import find_layout

HERE = Path(__file__).resolve().parent

HEART = """
.##...##.
####.####
#########
#########
.#######.
..#####..
...###...
....#....
"""

BOAT = """
.......#.......
.......##......
.......###.....
......#.###....
.....##.####...
....###.#####..
...####.######.
.......#.......
###############
.#############.
"""

OWL = """
..##............##..
..###..........###..
..####.######.####..
...################.
..##################
.####....####....###
.###..##..##..##..##
.##..####.##.####..#
.##..####.##.####..#
.###..##..##..##..##
..###....#..#....###
...######.##.######.
....######..######..
....#####.##.#####..
...####.#....#.####.
...###.#.#..#.#.###.
...###..#....#..###.
....###..#..#..###..
.....####....####...
.......##....##.....
"""

HOUSE = """
......##..
...##.##..
..######..
.########.
##########
.#......#.
.#.##.#.#.
.#.##...#.
.#.##...#.
.########.
"""

# The pips at (4, 3) and (5, 4) could as well sit at (4, 4) and (5, 3): the
# clues alone give two pictures. The black given at (4, 3) settles it.
ROBOT = """
....##....
....##....
.########.
.#......#.
.#.#..#.#.
.#..#...#.
.#......#.
.########.
...#..#...
..##..##..
"""

FLAG = """
#......
######.
######.
#####..
#......
#......
.......
"""

TWINS = """
######
#....#
#.#..#
#..#.#
#....#
######
"""

WINDOW = """
########
#..##..#
#..##..#
########
########
#..##..#
#..##..#
########
"""


@dataclass(frozen=True)
class Sheet:
    """One puzzle of the workbook and how it is laid out."""

    name: str
    picture: str
    verdict: str  # what a complete solver must conclude
    note: str = ""
    origin: tuple[int, int] = (1, 1)
    whole_clues: bool = False
    givens: dict[tuple[int, int], Style | str] = field(default_factory=dict)  # 0-based grid cell -> paint or value
    row_clue_changes: dict[int, tuple[int, ...]] = field(default_factory=dict)
    grid_name: str | None = None

    def rows(self) -> list[str]:
        return self.picture.split()

    def puzzle(self) -> Nonogram:
        """The clues of the picture, with any deliberate change applied."""
        rows = self.rows()
        row_clues = [runs(row) for row in rows]
        col_clues = [runs("".join(row[j] for row in rows)) for j in range(len(rows[0]))]
        for i, clue in self.row_clue_changes.items():
            row_clues[i] = clue
        return Nonogram(tuple(row_clues), tuple(col_clues))


def runs(line: str) -> tuple[int, ...]:
    """The clue of one line of a picture: ``"##.#"`` -> ``(2, 1)``."""
    return tuple(len(block) for block in line.split(".") if block)


SHEETS = [
    Sheet("Heart", HEART, "unique"),
    Sheet("Boat", BOAT, "unique", origin=(3, 2), note="The layout may start anywhere: here the title is in B3."),
    Sheet("Owl", OWL, "unique"),
    Sheet("House", HOUSE, "unique", whole_clues=True,
          note='Whole clues in one cell: "3 1", "3,1", or one number per line.'),
    Sheet("Robot", ROBOT, "unique",
          givens={(4, 3): BLACK, (0, 4): Style(fill="000000"), (9, 2): "#",
                  (3, 2): WHITE, (6, 5): "x"},
          note="Some cells are painted already (grey or black = black; diagonals or x = white). "
               "Without the grey eye the clues allow two pictures."),
    Sheet("Flag", FLAG, "unique", grid_name="FlagGrid",
          note="The last row and column are empty and their clues left blank; "
               "the defined name FlagGrid tells xlsolver where the grid ends."),
    Sheet("Twins", TWINS, "multiple",
          note="Several solutions: the two middle pips may sit on either diagonal."),
    Sheet("Clash", WINDOW, "none", row_clue_changes={1: (2, 2)},
          note="No solution: row 2 of the window picture is 1 2 1, changed here to 2 2. "
               "The totals still agree and every clue fits its line, yet no picture satisfies them all."),
]


def add_sheet(book: OpenpyxlWorkbook, spec: Sheet) -> None:
    """Lay one puzzle out, then add what makes this sheet special."""
    puzzle = spec.puzzle()
    book.add_sheet(spec.name)
    plan = import_plan(puzzle, spec.name, spec.name, origin=spec.origin, whole_clues=spec.whole_clues)
    if spec.grid_name:  # leave the clues of empty lines blank: the defined name marks the grid
        plan = PaintPlan(spec.name, tuple(op for op in plan.ops if not (isinstance(op, Write) and op.value == 0)))
        book.apply(plan)
        _name_grid(book, spec.name, spec.grid_name, puzzle)
    else:
        book.apply(plan)
    layout = find_layout(book.snapshot(spec.name))
    ops = []
    for (r, c), mark in spec.givens.items():
        cell = layout.cell(r, c)
        ops.append(Write(cell, mark) if isinstance(mark, str) else Paint(mark, (cell,)))
    if spec.note:
        ops.append(Write((layout.top, layout.right + 2), spec.note))
    book.apply(PaintPlan(spec.name, tuple(ops)))
    if spec.whole_clues:  # the hint cells stay wide; the grid itself is made square
        book.apply(PaintPlan(spec.name, (SquareCells(layout.top, layout.left, layout.bottom, layout.right),)))
        _mix_clue_styles(book.api[spec.name], layout, puzzle)


def _name_grid(book: OpenpyxlWorkbook, sheet: str, name: str, puzzle: Nonogram) -> None:
    """Define ``name`` over the whole grid. Without it the blank edge lines
    would be taken for no lines at all, so the grid found first is too small;
    its top-left corner is right, and the size comes from the puzzle."""
    found = find_layout(book.snapshot(sheet))
    top, left = found.top, found.left
    bottom, right = top + puzzle.height - 1, left + puzzle.width - 1
    ref = f"'{sheet}'!${column_letter(left)}${top}:${column_letter(right)}${bottom}"
    book.api.defined_names[name] = DefinedName(name, attr_text=ref)


def _mix_clue_styles(ws, layout, puzzle: Nonogram) -> None:
    """Row clues alternate "3 1" and "3,1"; column clues stand one number per line."""
    for i, clue in enumerate(puzzle.rows):
        if i % 2:
            ws.cell(layout.top + i, layout.left - 1).value = ",".join(map(str, clue or (0,)))
    for j in range(puzzle.width):
        ws.cell(layout.top - 1, layout.left + j).alignment = Alignment(wrap_text=True, vertical="bottom")
    ws.row_dimensions[layout.top - 1].height = 15 * max(len(c) for c in puzzle.cols)


def build(path: Path) -> None:
    """Write every sheet of :data:`SHEETS` into a new workbook at ``path``."""
    book = OpenpyxlWorkbook.new()
    for spec in SHEETS:
        add_sheet(book, spec)
    book.save(path)


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE / "nonogram.xlsx"
    build(out)
    print(f"wrote {out} ({len(SHEETS)} sheets: {', '.join(s.name for s in SHEETS)})")


if __name__ == "__main__":
    main(sys.argv[1:])
