"""Black-and-white nonograms on a sheet: reading the clues and givens,
painting a result and its verdict, and laying a puzzle out.

The layout, the hint reading and the givens record are those of
:mod:`.nonogram_layout`; a given is black for a solid dark fill or ``#``/``1``
and white for both diagonal borders or ``x``/``.``/``0``.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from xlsolver.core.errors import InputError
from xlsolver.core.geometry import Cell
from xlsolver.core.paint import (
    BLACK,
    CLEAR,
    RED,
    WHITE,
    GridLines,
    PaintPlan,
    SquareCells,
    Style,
    Write,
    group_by_style,
)
from xlsolver.core.protocol import CellInfo, SheetSnapshot
from xlsolver.core.status import Status
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Clue, Conflict, Line, Nonogram, NonogramResult
from xlsolver.sheets.nonogram_layout import (
    NonogramLayout,
    as_typed,
    cell_numbers,
    check_hint_cells,
    check_problems,
    find_layout,
    hint_numbers,
    is_blank,
    is_dark,
    marker,
    unmark_ops,
)

__all__ = [
    "NO_NONOGRAM",
    "import_plan",
    "nonogram_plan",
    "read_givens",
    "read_nonogram",
    "status_sentence",
]

NO_NONOGRAM = "no nonogram found: expected column hints above and row hints left of a grid"


# --- reading the puzzle -----------------------------------------------------

def read_nonogram(snap: SheetSnapshot, layout: NonogramLayout | None = None
                  ) -> tuple[NonogramLayout, Nonogram, np.ndarray]:
    """The layout, the clues and the givens of the nonogram on this sheet
    (``layout``: the one :func:`find_layout` found, when the caller looked already).

    Raises :class:`InputError` naming the sheet and cell for a typo in a hint,
    a clue that cannot fit its line, row and column totals that differ, or a
    stray value in the grid.
    """
    layout = layout or find_layout(snap)
    if layout is None:
        raise InputError(NO_NONOGRAM, snap.name)
    check_hint_cells(snap, layout)
    rows = tuple(_clue(snap, cells) for cells in layout.row_hints)
    cols = tuple(_clue(snap, cells) for cells in layout.col_hints)
    puzzle = Nonogram(rows, cols)
    check_problems(puzzle, layout, snap.name)
    return layout, puzzle, read_givens(snap, layout)


def _clue(snap: SheetSnapshot, cells: tuple[Cell, ...]) -> Clue:
    return tuple(n for cell in cells for n in hint_numbers(snap.value(*cell), snap.name, cell))


# --- givens -----------------------------------------------------------------

def _given(info: CellInfo, sheet: str, cell: Cell) -> int:
    """The state one grid cell gives: BLOCK, DOT or UNKNOWN. Raises for a stray
    value and for a cell marked both black and white."""
    state = UNKNOWN
    if not is_blank(info.value):
        state = marker(info.value)
        if state is None:
            raise InputError.at_cell(f'"{as_typed(info.value)}" in the grid is not a mark: '
                                     'use # or 1 for black, x or 0 for white, or leave it empty', sheet, *cell)
    black = state == BLOCK or is_dark(info.fill)
    white = state == DOT or info.diagonals
    if black and white:
        raise InputError.at_cell("the cell is marked both black (dark fill or #) and white "
                                 "(diagonal borders or x); keep one", sheet, *cell)
    return BLOCK if black else DOT if white else UNKNOWN


def read_givens(snap: SheetSnapshot, layout: NonogramLayout) -> np.ndarray:
    """The state grid of the cells the user painted (UNKNOWN where free)."""
    givens = np.full((layout.height, layout.width), UNKNOWN, dtype=np.int8)
    for cell, info in snap.cells.items():
        index = layout.grid_index(cell)
        if index is not None:
            givens[index] = _given(info, snap.name, cell)
    return givens


# --- painting a result ------------------------------------------------------

def nonogram_plan(layout: NonogramLayout, result: NonogramResult, sheet: str, *, reveal: bool = True) -> PaintPlan:
    """Paint a result in the analyzer's colours and write the verdict sentence.

    Known black cells grey, known white cells white with diagonals, unknown
    cells untouched (cleared when they carry an earlier run's red). For a
    puzzle without solution, as the analyzer shows it: what line logic proved
    before the clash in those colours, every cell of the line where it shows
    red (when one line does), and red on the hints of the lines it names and
    on the given cells that clash. ``reveal=False`` (a check) paints the red
    alone, no deduction.
    """
    if result.known.shape != (layout.height, layout.width):
        raise ValueError(f"result is {result.known.shape}, the layout {layout.height}x{layout.width}")
    conflict = result.conflict if result.status == Status.NONE else None
    known = result.known if conflict is None or conflict.board is None else conflict.board
    styled: dict[Cell, Style] = {cell: CLEAR for cell in layout.stale}
    for (r, c), state in np.ndenumerate(known if reveal else ()):
        if state == BLOCK:
            styled[layout.cell(r, c)] = BLACK
        elif state == DOT:
            styled[layout.cell(r, c)] = WHITE
    if conflict is not None:
        styled.update({cell: RED for cell in conflict_cells(layout, conflict)})
    ops = unmark_ops(layout) + group_by_style(styled) + (Write(layout.status_cell, status_sentence(result)),)
    return PaintPlan(sheet, ops)


def conflict_cells(layout: NonogramLayout, conflict: Conflict) -> Iterable[Cell]:
    """The sheet cells a contradiction paints red: the grid cells of the line where
    it shows, the hints of the lines it names, the given cells that clash."""
    if conflict.line is not None:
        yield from (layout.cell(*rc) for rc in _line_cells(conflict.line, layout.height, layout.width))
    for line in conflict.lines:
        yield from layout.hint_cells(line)
    for r, c in conflict.cells:
        yield layout.cell(r, c)


def _line_cells(line: Line, height: int, width: int) -> list[tuple[int, int]]:
    if line.axis == "row":
        return [(line.index, c) for c in range(width)]
    return [(r, line.index) for r in range(height)]


def status_sentence(result: NonogramResult) -> str:
    """The verdict in one sentence, for the status cell."""
    if result.status == Status.UNIQUE:
        return "unique solution"
    if result.status == Status.MULTIPLE:
        shared = int(np.count_nonzero(result.known != UNKNOWN))
        return f"several solutions: the {shared} cells all solutions share are painted; the rest differ"
    message = result.message.strip()
    if message and result.status == Status.NONE:  # the solver's sentence, and what is red
        return message + shown_in_red(result.conflict)
    if message:  # the solver's own sentence for gave_up says it whole
        return message
    if result.status == Status.NONE:
        detail = _describe_conflict(result.conflict)
        return f"no solution: {detail}" if detail else "no solution"
    return f"gave up after {result.seconds:.3g} s"


def shown_in_red(conflict: Conflict | None) -> str:
    """What the sentence of a contradiction adds on a sheet: where the red is."""
    if conflict is None:
        return ""
    if conflict.line is not None:
        return ": shown in red"
    if conflict.cells:
        return ": the clashing givens are shown in red"
    return ""


def _describe_conflict(conflict: Conflict | None) -> str:
    if conflict is None:
        return ""
    parts = []
    if conflict.lines:
        parts.append(", ".join(map(str, conflict.lines)) + " cannot be placed")
    if conflict.cells:
        parts.append(f"{len(conflict.cells)} given cells clash with the clues")
    return "; ".join(parts)


# --- laying a puzzle out ----------------------------------------------------

def import_plan(puzzle: Nonogram, sheet: str, title: str | None = None, *,
                origin: Cell = (1, 1), whole_clues: bool = False) -> PaintPlan:
    """Lay ``puzzle`` out in the analyzer's layout: the title at ``origin`` (A1),
    column hints stacked below it, row hints to the left of the grid, one
    number per cell (or, with ``whole_clues``, each clue in one cell: "3 1 2"
    for a row, numbers on separate lines for a column), and square cells.
    Empty lines get 0, so :func:`read_nonogram` reads back the same puzzle.
    """
    row0, col0 = origin
    depth = 1 if whole_clues else max([1, *map(len, puzzle.cols)])
    reach = 1 if whole_clues else max([1, *map(len, puzzle.rows)])
    top, left = row0 + 1 + depth, col0 + reach
    ops: list = []
    if title:
        # A number in the corner would read as a hint; a numeric title gets a word.
        ops.append(Write(origin, title if cell_numbers(title) is None else f"Nonogram {title}"))
    for j, clue in enumerate(puzzle.cols):
        ops += _hint_writes(clue or (0,), (top - 1, left + j), "col", whole_clues)
    for i, clue in enumerate(puzzle.rows):
        ops += _hint_writes(clue or (0,), (top + i, left - 1), "row", whole_clues)
    ops.append(GridLines(top, left, top + puzzle.height - 1, left + puzzle.width - 1))
    if not whole_clues:  # whole clues need wide cells
        digits = len(str(max((n for clue in puzzle.rows + puzzle.cols for n in clue), default=0)))
        ops.append(SquareCells(row0 + 1, col0, top + puzzle.height - 1, left + puzzle.width - 1,
                               size=15.0 + 5.0 * (digits - 1)))  # room for "18" in a hint cell
    return PaintPlan(sheet, tuple(ops))


def _hint_writes(numbers: Clue, last: Cell, axis: str, whole: bool) -> list[Write]:
    """The writes for one clue whose last number goes into ``last`` (next to
    the grid): the others run up (a column) or left (a row) from it."""
    if whole:
        return [Write(last, ("\n" if axis == "col" else " ").join(map(str, numbers)))]
    back = len(numbers) - 1
    if axis == "col":
        return [Write((last[0] - back + k, last[1]), n) for k, n in enumerate(numbers)]
    return [Write((last[0], last[1] - back + k), n) for k, n in enumerate(numbers)]
