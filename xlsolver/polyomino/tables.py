"""What a tiling search starts from, measured before it is made and made within a budget.

The placements of the pieces grow with the board times the pieces (a 300x300 board
and the twelve pentominoes have 5.6 million), and so do the tables built from them.
So they are counted first, as arrays, without making any: where each orientation of
each piece fits is one boolean array over the board's bounding box, ANDed once per
cell of the orientation. More placements than the limit (:func:`placement_limit`,
raised with ``--max-cells``) is refused before any is made. While they are made,
and while the search tables and the symmetry images are built, :class:`Pace` reads
the budget's clock and reports progress, so the budget bounds the set-up as it
bounds the search.

Box ids
-------
The board's bounding box is ``height`` x ``width`` cells; box id ``i`` is the cell
``(top + i // width, left + i % width)``. Numbered row by row, box ids sort as the
cells do, so a placement is a sorted row of box ids and the rows of a piece sort as
its sorted cell tuples would.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from xlsolver.core import Budget, Cell, InputError, clock
from xlsolver.core.limits import LIMIT_OPTION, Limits
from xlsolver.core.progress import Progress, ProgressFn
from xlsolver.polyomino.board import Board, Transform
from xlsolver.polyomino.pieces import Piece

__all__ = ["Box", "Pace", "lex_le", "placement_limit", "place", "symmetry_map"]

PROGRESS_EVERY = 0.2  # seconds between progress reports while setting up


class Pace:
    """The clock and the progress of work that is not search nodes.

    :meth:`step` says what is being done and how far it got, reads the budget's
    clock (:meth:`Budget.check` raises ``BudgetExhausted`` when it is spent) and,
    every ``every`` seconds, reports a :class:`Progress` (whose callback may raise
    ``BudgetExhausted`` too: a Stop cell). :meth:`doing` words the last step for a
    ``gave_up`` message."""

    def __init__(self, budget: Budget | None = None, progress: ProgressFn | None = None, what: str = "",
                 every: float | None = None) -> None:
        self.budget, self.progress, self.what = budget, progress, what
        self.every = PROGRESS_EVERY if every is None else every
        self.started = self.last = clock.now()
        self.task, self.done, self.total = "setting up", 0, 0

    def step(self, task: str, done: int = 0, total: int = 0) -> None:
        self.task, self.done, self.total = task, done, total
        if self.budget is not None:
            self.budget.check()
        if self.progress is not None:
            now = clock.now()
            if now - self.last >= self.every:
                self.last = now
                self.progress(Progress(self.what, done=done if total else None, total=total or None,
                                       seconds=now - self.started))

    def doing(self) -> str:
        """``placing the pieces (412,000 of 712,816 made)``, or the task alone."""
        return f"{self.task} ({self.done:,} of {self.total:,} made)" if self.total else self.task


@dataclass(frozen=True)
class Box:
    """The board's bounding box, its open cells ``open`` (boolean, height x width)."""

    top: int
    left: int
    height: int
    width: int
    open: np.ndarray

    @classmethod
    def of(cls, board: Board, limits: Limits) -> "Box":
        """The box of ``board``; InputError when it has more cells than ``limits`` allow
        (a board drawn as two far apart cells would make a huge box)."""
        cells = board.array
        (top, left), (bottom, right) = cells.min(axis=0).tolist(), cells.max(axis=0).tolist()
        height, width = bottom - top + 1, right - left + 1
        if height * width > limits.puzzle_cells:
            raise InputError(f"the board spans {width}x{height} cells, more than the limit of "
                             f"{limits.puzzle_cells:,} (raise it with {LIMIT_OPTION})")
        grid = np.zeros((height, width), dtype=bool)
        grid[cells[:, 0] - top, cells[:, 1] - left] = True
        return cls(top, left, height, width, grid)

    def ids(self, cells: np.ndarray) -> np.ndarray:
        """The box ids of an ``(n, 2)`` array of cells."""
        return (cells[:, 0] - self.top) * self.width + (cells[:, 1] - self.left)

    @cached_property
    def cell_of(self) -> list[Cell | None]:
        """Box id -> its cell as a tuple, None for a blocked one: made the first time
        tilings are written out, so each cell's tuple is made once."""
        cells: list[Cell | None] = [None] * (self.height * self.width)
        for i in np.flatnonzero(self.open.ravel()).tolist():
            cells[i] = (self.top + i // self.width, self.left + i % self.width)
        return cells

    @cached_property
    def id_of(self) -> dict[Cell, int]:
        """Open cell -> its box id."""
        return {cell: i for i, cell in enumerate(self.cell_of) if cell is not None}

    def cells(self, ids) -> tuple[Cell, ...]:
        """The cells of some box ids (of open cells), in their order."""
        of = self.cell_of
        return tuple([of[i] for i in ids])


def placement_limit(limits: Limits) -> int:
    """The most placements a search may have: as many as the cells of the largest
    puzzle (``--max-cells`` raises both). Made as arrays, a placement of five cells
    costs about 200 bytes through the whole set-up, so the default million stays
    near 200 MB."""
    return limits.puzzle_cells


def _anchors(box: Box, shape: tuple[Cell, ...], pace: Pace) -> np.ndarray:
    """The box ids where the shape's origin goes, for every translation that puts all
    its cells on open cells (the box ids of those cells then ascend as ``shape`` does)."""
    h = max(r for r, _ in shape) + 1
    w = max(c for _, c in shape) + 1
    if h > box.height or w > box.width:
        return np.zeros(0, dtype=np.int64)
    rows, cols = box.height - h + 1, box.width - w + 1
    fits = np.ones((rows, cols), dtype=bool)
    for dr, dc in shape:  # each AND is one pass over the box: read the clock between them
        fits &= box.open[dr:dr + rows, dc:dc + cols]
        pace.step("counting the placements")
    r, c = np.nonzero(fits)
    return r.astype(np.int64) * box.width + c


def place(box: Box, pieces: list[Piece], limit: int, pace: Pace) -> tuple[dict[str, np.ndarray], str | None]:
    """Every placement of every piece as an ``(n, size)`` array of box ids, each row
    sorted and the rows sorted (so in the order of the sorted cell tuples); and the
    first piece that fits nowhere, or None.

    Counted first, orientation by orientation; when the count passes ``limit`` an
    InputError says so before any placement is made. When a piece fits nowhere the
    board cannot be tiled, and no placement is made."""
    found: list[tuple[Piece, list[tuple[np.ndarray, np.ndarray]]]] = []
    total = 0
    for piece in pieces:
        forms = []
        for shape in piece.orientations():
            anchors = _anchors(box, shape, pace)
            total += len(anchors)
            if total > limit:
                raise InputError(f"the pieces can lie on this board in more than {limit:,} ways (every "
                                 f"position of every orientation of every piece), the most a search is "
                                 f"built for (raise it with {LIMIT_OPTION})")
            offsets = np.array([dr * box.width + dc for dr, dc in shape], dtype=np.int64)
            forms.append((anchors, offsets))
        found.append((piece, forms))
        if not any(len(a) for a, _ in forms):
            return {}, piece.name
    made, out = 0, {}
    for piece, forms in found:
        rows = np.concatenate([anchors[:, None] + offsets[None, :] for anchors, offsets in forms])
        out[piece.name] = rows[np.lexsort(rows.T[::-1])]
        made += len(rows)
        pace.step("placing the pieces", made, total)
    return out, None


def symmetry_map(board: Board, box: Box, t: Transform) -> np.ndarray:
    """Box id -> the box id symmetry ``t`` (one of :attr:`Board.symmetries`) sends it
    to, for the board's cells (-1 elsewhere): what :meth:`Board.mapper` gives, as an array."""
    cells = board.array
    a, b, c, d = t
    moved = np.stack([a * cells[:, 0] + b * cells[:, 1], c * cells[:, 0] + d * cells[:, 1]], axis=1)
    moved += cells.min(axis=0) - moved.min(axis=0)
    out = np.full(box.height * box.width, -1, dtype=np.int64)
    out[box.ids(cells)] = box.ids(moved)
    return out


def lex_le(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Row by row, whether row ``a[i]`` comes before or equals ``b[i]`` (as tuples compare)."""
    differ = a != b
    first = differ.argmax(axis=1)
    at = np.arange(len(a))
    return ~differ.any(axis=1) | (a[at, first] < b[at, first])
