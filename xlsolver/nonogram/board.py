"""The search's state: a grid of cell states as rows and columns of bytes.

A state grid holds ``BLOCK``, ``DOT`` or ``UNKNOWN`` (``BLOCK | DOT ==
UNKNOWN``) per cell; numpy grids of that kind are what comes in (givens) and
goes out (``known``). Inside the search the same grid is a :class:`Board`.
Lines are ``(axis, index)`` pairs there (0 = row, 1 = column); they become
:class:`~.model.Line` objects only in reports.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from xlsolver.core.geometry import Cell
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Line, Nonogram

__all__ = ["Board", "LineKey"]

LineKey = tuple[int, int]  # (axis, index): axis 0 = row, 1 = column


class Board:
    """A state grid as two lists of immutable lines: its rows and its columns.

    Why not the numpy grid: propagation reads a line, looks it up in the line
    solver's cache and writes back a few cells, millions of times on a hard
    puzzle. A ``bytes`` line is a ready cache key, a column is as cheap to
    read as a row, and copying a board copies two short lists (the lines
    themselves are shared, being immutable). numpy stays at the edges.
    """

    __slots__ = ("rows", "cols")

    def __init__(self, rows: list[bytes], cols: list[bytes]) -> None:
        self.rows, self.cols = rows, cols

    @classmethod
    def from_array(cls, grid: np.ndarray) -> "Board":
        return cls([r.tobytes() for r in grid], [c.tobytes() for c in grid.T])

    def to_array(self) -> np.ndarray:
        return np.frombuffer(b"".join(self.rows), dtype=np.int8).reshape(len(self.rows), len(self.cols)).copy()

    def copy(self) -> "Board":
        return Board(self.rows.copy(), self.cols.copy())

    def set(self, r: int, c: int, value: int) -> None:
        self.rows[r] = put(self.rows[r], c, value)
        self.cols[c] = put(self.cols[c], r, value)

    def complete(self) -> bool:
        return not any(UNKNOWN in row for row in self.rows)

    def unknown_cells(self, lines: Iterable[LineKey] | None = None) -> list[Cell]:
        """The unknown cells, in row-major order: all of them, or those on ``lines``."""
        if lines is None:
            return [(r, c) for r, row in enumerate(self.rows) if UNKNOWN in row
                    for c, v in enumerate(row) if v == UNKNOWN]
        cells = set()
        for axis, i in lines:
            line = (self.rows, self.cols)[axis][i]
            cells.update((i, k) if axis == 0 else (k, i) for k, v in enumerate(line) if v == UNKNOWN)
        return sorted(cells)

    def by_known_neighbours(self, cells: list[Cell]) -> list[Cell]:
        """``cells`` with those most hemmed in first: by how many of the four
        neighbours are known (the grid's edge counts as known), then row-major.

        A probe next to decided cells meets a contradiction sooner, as in
        nonogrid's probing order; on webpbn's Petroglyph it halves the probes
        before the fixpoint, and on Forever the first lesson comes after 4
        probes, not 146.
        """
        rows, h, w = self.rows, len(self.rows), len(self.cols)

        def hemmed(cell: Cell) -> int:
            r, c = cell
            row = rows[r]
            return -((r == 0 or rows[r - 1][c] != UNKNOWN) + (r == h - 1 or rows[r + 1][c] != UNKNOWN)
                     + (c == 0 or row[c - 1] != UNKNOWN) + (c == w - 1 or row[c + 1] != UNKNOWN))

        return sorted(cells, key=hemmed)

    def union(self, other: "Board") -> "Board":
        """What holds on either board: the cellwise OR (BLOCK | DOT == UNKNOWN)."""
        return Board(_union(self.rows, other.rows), _union(self.cols, other.cols))

    def learns_from(self, outcomes: list["Board"]) -> bool:
        """Do the outcomes, all together, fix a cell that is unknown here?

        Checked on rows only, the cheaper half of :meth:`union`.
        """
        rows = outcomes[0].rows
        for other in outcomes[1:]:
            rows = _union(rows, other.rows)
        return rows != self.rows

    def diff(self, other: "Board") -> list[LineKey]:
        """The lines on which ``other`` differs from this board."""
        return ([(0, i) for i, (a, b) in enumerate(zip(self.rows, other.rows)) if a != b]
                + [(1, j) for j, (a, b) in enumerate(zip(self.cols, other.cols)) if a != b])

    def replace(self, other: "Board") -> list[LineKey]:
        """Take ``other``'s lines; answer the lines that changed."""
        changed = self.diff(other)
        self.rows[:], self.cols[:] = other.rows, other.cols
        return changed


_BYTE = [bytes((v,)) for v in range(4)]


def put(line: bytes, i: int, value: int) -> bytes:
    """``line`` with cell ``i`` set to ``value``."""
    return line[:i] + _BYTE[value] + line[i + 1:]


def _union(mine: list[bytes], theirs: list[bytes]) -> list[bytes]:
    """Linewise OR; lines both sides share (often the very same object) are kept."""
    return [a if a == b else (int.from_bytes(a, "big") | int.from_bytes(b, "big")).to_bytes(len(a), "big")
            for a, b in zip(mine, theirs)]


# --- state grids (numpy) -----------------------------------------------------


def start_grid(puzzle: Nonogram, givens: np.ndarray | None) -> np.ndarray:
    """The givens as a fresh state grid (all UNKNOWN without givens)."""
    if givens is None:
        return np.full(puzzle.shape, UNKNOWN, dtype=np.int8)
    grid = np.array(givens, dtype=np.int8)
    if grid.shape != puzzle.shape:
        raise ValueError(f"givens have shape {grid.shape}, the puzzle {puzzle.shape}")
    if not np.isin(grid, (BLOCK, DOT, UNKNOWN)).all():
        raise ValueError("givens must hold only BLOCK, DOT or UNKNOWN")
    return grid


def states(solution: np.ndarray) -> np.ndarray:
    """A bool solution as a state grid."""
    return np.where(solution, BLOCK, DOT).astype(np.int8)


def line_of(key: LineKey) -> Line:
    """An ``(axis, index)`` pair as the :class:`~.model.Line` reports name."""
    return Line("row" if key[0] == 0 else "col", key[1])
