"""Build the bundled workbook ``workbooks/sudoku.xlsx``.

Run ``python workbooks/make_sudoku.py [OUT.xlsx]``; it writes ``sudoku.xlsx``
beside this script unless told otherwise.

Every puzzle comes from xlsolver's own generator with a fixed seed (never
from a published collection), and the three that are not unique are made
from generated ones by a stated change. One sheet per puzzle, each showing a
different side of the layout:

==========  =======  =========  =============================================
sheet       size     verdict    what it shows
==========  =======  =========  =============================================
Four        4x4      unique     the plain layout: title in A1, grid from A3
Six         6x6      unique     boxes of 2 rows by 3 columns (the usual ones)
Tall        6x6      unique     boxes of 3 rows by 2 columns, named in the title
Nine        9x9      unique     minimal, clues in half-turn symmetry, placed
                                away from A1 (title in B2)
Twelve      12x12    unique     digits 10 to 12 typed as numbers
Sixteen     16x16    unique     digits 10 to 16 written as letters A to G
Named       9x9      unique     no title: a defined name (sudoku_grid) marks the
                                grid, whose first row is empty
Two ways    9x9      multiple   a minimal puzzle with one clue taken away
Clash       9x9      none       a given repeated in a row, named before any search
Dead end    6x6      none       no given repeats, yet no solution: the cell where
                                the deductions break is named
==========  =======  =========  =============================================

``tests/sudoku/test_workbook.py`` checks each verdict with a solution counter of
its own and that the committed workbook matches this script.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from openpyxl.workbook.defined_name import DefinedName

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import column_letter
from xlsolver.core.paint import PaintPlan, Write
from xlsolver.sheets.sudoku_sheet import sudoku_import_plan
from xlsolver.sudoku import Shape, Sudoku, count_solutions
from xlsolver.sudoku.generator import make_puzzle

HERE = Path(__file__).resolve().parent


def generated(box: str, seed: str, **options) -> Sudoku:
    return make_puzzle(Shape.parse(box), f"workbook:{seed}", **options).puzzle


def one_clue_less(puzzle: Sudoku) -> Sudoku:
    """A minimal puzzle without its first clue: two solutions or more."""
    first = next(i for i, v in enumerate(puzzle.cells) if v)
    return Sudoku(puzzle.shape, puzzle.cells[:first] + (0,) + puzzle.cells[first + 1:])


def repeated_in_row(puzzle: Sudoku) -> Sudoku:
    """The first empty cell of the first row holding two clues gets the row's first clue again."""
    n = puzzle.n
    for r in range(n):
        row = puzzle.cells[r * n:(r + 1) * n]
        if sum(1 for v in row if v) >= 2:
            empty = r * n + row.index(0)
            first = next(v for v in row if v)
            return Sudoku(puzzle.shape, puzzle.cells[:empty] + (first,) + puzzle.cells[empty + 1:])
    raise ValueError("no row with two clues")


def dead_end(puzzle: Sudoku) -> Sudoku:
    """The first empty cell and digit that leave no solution without repeating a given."""
    n = puzzle.n
    for i, v in enumerate(puzzle.cells):
        if v:
            continue
        for d in range(1, n + 1):
            changed = Sudoku(puzzle.shape, puzzle.cells[:i] + (d,) + puzzle.cells[i + 1:])
            if not changed.duplicates() and count_solutions(changed, limit=1) == 0:
                return changed
    raise ValueError("every added digit keeps a solution")


def empty_first_row(box: str, minimal: bool = True) -> Sudoku:
    """The first generated puzzle (seeds named:0, named:1 ...) whose first row is empty."""
    for k in range(200):
        puzzle = generated(box, f"named:{k}", minimal=minimal)
        if not any(puzzle.cells[:puzzle.n]):
            return puzzle
    raise ValueError("no puzzle with an empty first row among 200")


@dataclass(frozen=True)
class Sheet:
    """One puzzle of the workbook and how it is laid out."""

    name: str
    make: object  # () -> Sudoku
    verdict: str  # what a complete solver must conclude
    note: str = ""
    origin: tuple[int, int] = (1, 1)
    letters: bool = True  # digits above 9 as letters (else as numbers)
    grid_name: str | None = None  # mark the grid with this defined name, and write no title

    @cached_property
    def puzzle(self) -> Sudoku:
        return self.make()


SHEETS = [
    Sheet("Four", lambda: generated("2x2", "four"), "unique", note="The plain layout: title in A1, grid from A3."),
    Sheet("Six", lambda: generated("2x3", "six"), "unique", note="6x6: boxes of 2 rows by 3 columns."),
    Sheet("Tall", lambda: generated("3x2", "tall"), "unique",
          note="Boxes of 3 rows by 2 columns: the title says so, \"(3x2 boxes)\"."),
    Sheet("Nine", lambda: generated("3x3", "nine", symmetry="rot180"), "unique", origin=(2, 2),
          note="Minimal (no clue can go) and symmetric under a half turn; the layout may start anywhere."),
    Sheet("Twelve", lambda: generated("3x4", "twelve", minimal=False), "unique", letters=False,
          note="Digits 10, 11 and 12 typed as numbers; the solver writes numbers back."),
    Sheet("Sixteen", lambda: generated("4x4", "sixteen", minimal=False, min_clues=140), "unique",
          note="Digits 1-9, then A-G for 10 to 16."),
    Sheet("Named", lambda: empty_first_row("3x3"), "unique", grid_name="sudoku_grid",
          note="No title: the defined name sudoku_grid marks the grid (its first row is empty)."),
    Sheet("Two ways", lambda: one_clue_less(generated("3x3", "two")), "multiple",
          note="A minimal puzzle with one clue taken away: several solutions; only the digits they "
               "all share are filled."),
    Sheet("Clash", lambda: repeated_in_row(generated("3x3", "clash")), "none",
          note="A given repeated in a row: no solution, and the two cells are painted red."),
    Sheet("Dead end", lambda: dead_end(generated("2x3", "dead")), "none",
          note="No given repeats, yet there is no solution: the cell or unit where the deductions "
               "break is painted red."),
]


def add_sheet(book: OpenpyxlWorkbook, spec: Sheet) -> None:
    """Lay one puzzle out, then add what makes this sheet special."""
    puzzle = spec.puzzle
    plan = sudoku_import_plan(puzzle, spec.name, spec.name, origin=spec.origin, letters=spec.letters)
    top, left = spec.origin[0] + 2, spec.origin[1]
    ops = list(plan.ops)
    if spec.grid_name:
        ops = [op for op in ops if not (isinstance(op, Write) and op.cell == spec.origin)]
        bottom, right = top + puzzle.n - 1, left + puzzle.n - 1
        ref = f"'{spec.name}'!${column_letter(left)}${top}:${column_letter(right)}${bottom}"
        book.api.defined_names[spec.grid_name] = DefinedName(spec.grid_name, attr_text=ref)
    if spec.note:
        ops.append(Write((top, left + puzzle.n + 1), spec.note))
    book.apply(PaintPlan(spec.name, tuple(ops)))


def build(path: Path) -> None:
    """Write every sheet of :data:`SHEETS` into a new workbook at ``path``."""
    book = OpenpyxlWorkbook.new()
    for spec in SHEETS:
        add_sheet(book, spec)
    book.save(path)


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE / "sudoku.xlsx"
    build(out)
    print(f"wrote {out} ({len(SHEETS)} sheets: {', '.join(s.name for s in SHEETS)})")


if __name__ == "__main__":
    main(sys.argv[1:])
