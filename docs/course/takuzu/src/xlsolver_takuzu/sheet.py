"""The Takuzu sheet: a title (or a defined name) marks a grid of 0s and 1s.

::

    A1      title: "Takuzu 6x6" (or "Binairo ..."); the size may be left out
    A3:F8   the grid, two rows below the title in its column: 0, 1 or empty
    A10     status cell: two rows below the grid, at its left edge

Glossary
--------
mark    what makes a sheet a Takuzu (the detection contract of
        :mod:`xlsolver.jobs.registry`): a cell whose text starts with the word
        "Takuzu" or "Binairo", or a defined name containing "takuzu" whose
        range is the grid. Without it no sheet is a Takuzu: 0s and 1s alone
        could be a sudoku's givens or a nonogram's numbers.
size    n, from the title ("6x6"), the named range, or else how far the 0s and
        1s below the title reach.
paint   1s grey (the analyzer's black), 0s white with a cross, the line where
        the puzzle breaks red; the digits stay as they are.

Sheet cells are 1-based ``(row, column)``; grid cells are 0-based, as in
:mod:`xlsolver_takuzu.puzzle`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Box, Cell
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.paint import (
    BLACK,
    CLEAR,
    RED,
    WHITE,
    GridLines,
    PaintPlan,
    SquareCells,
    TextLook,
    Write,
    group_by_style,
)
from xlsolver.core.protocol import SheetSnapshot, Value
from xlsolver.core.status import Status
from xlsolver.sheets.cells import shown
from xlsolver_takuzu.puzzle import MAX_SIZE, Line, Takuzu
from xlsolver_takuzu.solver import TakuzuResult

__all__ = ["TakuzuLayout", "import_plan", "laid_out", "locate_takuzu", "status_sentence", "takuzu_plan"]

TITLE = re.compile(r"\s*(takuzu|binairo)\b", re.IGNORECASE)
SIZE = re.compile(r"(?<![0-9])([0-9]{1,3})\s*[x×]\s*([0-9]{1,3})(?![0-9])", re.IGNORECASE)


@dataclass(frozen=True)
class TakuzuLayout:
    """Where the grid sits, its size, and the grid cells an earlier run painted
    (``stale``: cleared unless painted again)."""

    top: int
    left: int
    n: int
    stale: frozenset[Cell] = frozenset()

    def cell(self, r: int, c: int) -> Cell:
        return (self.top + r, self.left + c)

    @property
    def status_cell(self) -> Cell:
        return (self.top + self.n + 1, self.left)

    def range_of(self, line: Line) -> str:
        """``A5:F5``: the sheet range of a grid line."""
        cells = line.cells(self.n)
        return f"{cell_ref(*self.cell(*cells[0]))}:{cell_ref(*self.cell(*cells[-1]))}"


def _digit(value: Value) -> int | None:
    """0 or 1 for a cell that holds one (as a number or as text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value) if value in (0, 1) else None
    if isinstance(value, str) and value.strip() in ("0", "1"):
        return int(value.strip())
    return None


def _blank(value: Value) -> bool:
    return value is None or (isinstance(value, str) and value.strip() in ("", "."))


def _grid(snap: SheetSnapshot) -> Box | None:
    """The grid the sheet's mark gives (a defined name's range, or the grid below a
    title), or None when it carries no mark. Raises InputError for a title whose
    grid cannot be told."""
    for name in sorted(snap.names):
        if "takuzu" in name.lower():
            return snap.names[name]
    title = next((cell for cell, info in sorted(snap.cells.items())
                  if isinstance(info.value, str) and TITLE.match(info.value)), None)
    return None if title is None else _below(snap, title)


def _below(snap: SheetSnapshot, title: Cell) -> Box:
    """The grid a title announces: two rows below it, n from the title's size or
    else from how far the digits below it reach."""
    row, col = title
    top, left = row + 2, col
    sizes = SIZE.findall(snap.value(row, col))
    if sizes:
        rows, cols = int(sizes[0][0]), int(sizes[0][1])
        if rows != cols:
            raise InputError.at_cell(f"a Takuzu is square, not {rows}x{cols}", snap.name, row, col)
        n = rows
    else:
        reach = [max(r - top, c - left) for (r, c), info in snap.cells.items()
                 if r >= top and c >= left and _digit(info.value) is not None]
        if not reach:
            raise InputError.at_cell("no grid of 0s and 1s two rows below the title (write its size in the "
                                     "title, such as Takuzu 6x6)", snap.name, row, col)
        n = max(reach) + 1
    return (top, left, top + n - 1, left + n - 1)


def locate_takuzu(snap: SheetSnapshot,
                  limits: Limits = DEFAULT_LIMITS) -> tuple[TakuzuLayout, Takuzu] | InputError | None:
    """One pass over a sheet: None when it carries no Takuzu mark, else the
    layout and the puzzle, or the InputError that names the cell at fault."""
    try:
        box = _grid(snap)
        return None if box is None else _read(snap, box, limits)
    except InputError as err:
        return err


def _read(snap: SheetSnapshot, box: Box, limits: Limits) -> tuple[TakuzuLayout, Takuzu]:
    top, left, bottom, right = box
    n = bottom - top + 1
    if right - left + 1 != n or n % 2 or not 2 <= n <= MAX_SIZE:
        raise InputError.at_cell(f"the grid {cell_ref(top, left)}:{cell_ref(bottom, right)} is "
                                 f"{right - left + 1}x{n}; a Takuzu is square, of an even size from 2 to "
                                 f"{MAX_SIZE}", snap.name, top, left)
    limits.check_puzzle(n, n, f"{snap.name}!{cell_ref(top, left)}")
    rows = []
    for r in range(top, bottom + 1):
        row = []
        for c in range(left, right + 1):
            value = snap.value(r, c)
            digit = _digit(value)
            if digit is None and not _blank(value):
                raise InputError.at_cell(f'"{shown(value)}" is not 0 or 1 (leave a cell to find empty)',
                                         snap.name, r, c)
            row.append(digit)
        rows.append(tuple(row))
    stale = frozenset(cell for cell in snap.owned if top <= cell[0] <= bottom and left <= cell[1] <= right)
    return TakuzuLayout(top, left, n, stale), Takuzu(tuple(rows))


def takuzu_plan(layout: TakuzuLayout, result: TakuzuResult, sheet: str) -> PaintPlan:
    """Paint what the result knows (the whole grid when unique, what every solution
    shares otherwise), the line where a puzzle without solution breaks in red,
    and write the verdict in the status cell."""
    styled = {cell: CLEAR for cell in layout.stale}
    for r, row in enumerate(result.known):
        for c, value in enumerate(row):
            if value is not None:
                styled[layout.cell(r, c)] = BLACK if value else WHITE
    if result.status == Status.NONE and result.conflict is not None:
        for line in result.conflict.lines:
            styled.update({layout.cell(*cell): RED for cell in line.cells(layout.n)})
    return PaintPlan(sheet, group_by_style(styled) + (Write(layout.status_cell, status_sentence(layout, result)),))


def status_sentence(layout: TakuzuLayout, result: TakuzuResult) -> str:
    """The verdict in words; where there is no solution, the sheet range of the lines at fault."""
    if result.status == Status.GAVE_UP:
        return f"{result.message} after {result.seconds:.3g} s"
    if result.status == Status.NONE and result.conflict is not None:
        return f"{result.message} ({', '.join(layout.range_of(line) for line in result.conflict.lines)})"
    return result.message


def laid_out(puzzle: Takuzu) -> TakuzuLayout:
    """The layout :func:`import_plan` gives a puzzle: title in A1, grid from A3."""
    return TakuzuLayout(3, 1, puzzle.n)


def import_plan(puzzle: Takuzu, sheet: str, note: str = "") -> PaintPlan:
    """A puzzle laid out on a sheet, as :func:`locate_takuzu` reads it back: the
    title "Takuzu NxN" (then ``note``) in A1, the givens two rows below, lines
    round every cell, square cells, digits centred."""
    layout = laid_out(puzzle)
    n, top, left = puzzle.n, layout.top, layout.left
    ops: list = [Write((1, 1), f"Takuzu {n}x{n}{' ' + note if note else ''}")]
    ops += [Write(layout.cell(r, c), value) for r, row in enumerate(puzzle.rows)
            for c, value in enumerate(row) if value is not None]
    bottom, right = top + n - 1, left + n - 1
    ops += [GridLines(top, left, bottom, right, every=n), SquareCells(top, left, bottom, right, size=24.0),
            TextLook(top, left, bottom, right)]
    return PaintPlan(sheet, tuple(ops))
