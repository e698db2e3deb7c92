"""Boards: the set of open cells a tiling must cover, any shape, holes allowed.

A board is what the puzzle *is* (immutable). Its symmetry group is computed from
its cells: the symmetries of the square (``pieces.TRANSFORMS``) that map the set of
cells onto itself after a translation, so an L-shaped board has two, a 6x10
rectangle four and an 8x8 square with its centre removed all eight.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from itertools import chain

import numpy as np

from xlsolver.core.geometry import Cell
from xlsolver.polyomino.pieces import TRANSFORMS, Piece, apply

__all__ = ["Board", "Obstacle", "Transform", "obstacle", "part_labels", "problems", "regions", "with_copies"]

Transform = tuple[int, int, int, int]


@dataclass(frozen=True)
class Board:
    """The open cells, as a frozen set of ``(row, col)`` pairs."""

    cells: frozenset[Cell]

    def __post_init__(self) -> None:
        if not self.cells:
            raise ValueError("the board has no open cells")

    # --- construction ---------------------------------------------------------------

    @classmethod
    def of(cls, cells: Iterable[Cell]) -> "Board":
        return cls(frozenset(cells))

    @classmethod
    def rectangle(cls, width: int, height: int) -> "Board":
        if width < 1 or height < 1:
            raise ValueError(f"a board of {width}x{height} has no cells")
        return cls.of((r, c) for r in range(height) for c in range(width))

    @classmethod
    def parse(cls, text: str) -> "Board":
        """``WxH`` (width x height, ``6x10``) or a picture: ``.`` open, ``#`` blocked.

        In a picture a space also counts as blocked, so ragged lines are fine.
        Raises ``ValueError`` naming the line and column of a character it does not know.
        """
        size = text.strip().lower()
        if "\n" not in size and "x" in size:
            w, _, h = size.partition("x")
            if _digits(w.strip()) and _digits(h.strip()):
                return cls.rectangle(int(w), int(h))
        cells = []
        for r, line in enumerate(text.strip("\n").splitlines()):
            for c, ch in enumerate(line.rstrip()):
                if ch == ".":
                    cells.append((r, c))
                elif ch not in "# ":
                    raise ValueError(f"line {r + 1}, column {c + 1}: {ch!r} is neither . (open) nor # (blocked)")
        if not cells:
            raise ValueError('the board has no open cells (draw them with ".", blocked cells with "#")')
        return cls.of(cells)

    # --- geometry ---------------------------------------------------------------------

    @property
    def area(self) -> int:
        return len(self.cells)

    @cached_property
    def height(self) -> int:
        return int(self.array[:, 0].max()) + 1

    @cached_property
    def width(self) -> int:
        return int(self.array[:, 1].max()) + 1

    def format(self) -> str:
        """The board as a picture, ``.`` open and ``#`` blocked (``parse`` reads it back)."""
        return "\n".join("".join("." if (r, c) in self.cells else "#" for c in range(self.width))
                         for r in range(self.height))

    def is_rectangle(self) -> bool:
        return self.area == self.width * self.height and self.array[0].tolist() == [0, 0]

    def describe(self) -> str:
        """``6x10`` for a full rectangle (width x height), else ``60 cells in 10x6``."""
        if self.is_rectangle():
            return f"{self.width}x{self.height}"
        return f"{self.area} cells in {self.width}x{self.height}"

    @cached_property
    def array(self) -> np.ndarray:
        """The open cells as an ``(area, 2)`` array of ``(row, col)``, sorted row by row."""
        flat = np.fromiter(chain.from_iterable(self.cells), dtype=np.int64, count=2 * len(self.cells))
        cells = flat.reshape(-1, 2)
        return cells[np.lexsort((cells[:, 1], cells[:, 0]))]

    @cached_property
    def symmetries(self) -> tuple[Transform, ...]:
        """The square's symmetries that map the board onto itself (identity first).

        Each is tested on arrays (the moved cells translated to the origin, numbered
        row by row and sorted), so a board of a million cells takes well under a second."""
        own = _numbered(self.array)
        return tuple(t for t in TRANSFORMS if _same(_numbered(self.array @ np.array(t).reshape(2, 2).T), own))

    def mapper(self, t: Transform) -> dict[Cell, Cell]:
        """Where symmetry ``t`` (one of :attr:`symmetries`) sends each cell."""
        moved = {c: apply(t, c) for c in self.cells}
        r0 = min(r for r, _ in moved.values()) - min(r for r, _ in self.cells)
        c0 = min(c for _, c in moved.values()) - min(c for _, c in self.cells)
        return {cell: (r - r0, c - c0) for cell, (r, c) in moved.items()}


def _numbered(cells: np.ndarray) -> tuple[int, np.ndarray]:
    """Cells translated to the origin: the width of their box, and their numbers
    ``row * width + col``, sorted (two sets of cells are equal when both are)."""
    moved = cells - cells.min(axis=0)
    width = int(moved[:, 1].max()) + 1
    return width, np.sort(moved[:, 0] * width + moved[:, 1])


def _same(a: tuple[int, np.ndarray], b: tuple[int, np.ndarray]) -> bool:
    return a[0] == b[0] and np.array_equal(a[1], b[1])


def regions(board: Board) -> list[frozenset[Cell]]:
    """The board's parts that no piece can join: its edge-connected sets of
    cells, in the order of their first cells."""
    cells, labels = board.array, part_labels(board)
    order = np.argsort(labels, kind="stable")
    bounds = np.cumsum(np.bincount(labels))[:-1]
    return [frozenset(map(tuple, part.tolist())) for part in np.split(cells[order], bounds)]


def part_labels(board: Board) -> np.ndarray:
    """For each cell of :attr:`Board.array`, the number of its part (0, 1, ... in the
    order of the parts' first cells).

    The cells of a row form runs; two runs are joined when they lie in neighbouring
    rows and share a column. Runs, not cells, go through the union-find, so a
    1000x1000 rectangle is 1000 runs and 999 joins (flood-filling its million cells
    one by one took seconds)."""
    rows, cols = board.array[:, 0], board.array[:, 1]
    begins = np.ones(len(rows), dtype=bool)
    begins[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1] + 1)
    first = np.flatnonzero(begins)
    last = np.append(first[1:], len(rows)) - 1
    row, lo, hi = rows[first], cols[first] - cols.min(), cols[last] - cols.min()
    span = int(hi.max()) + 2
    # Runs of the next row touching run i: those ending at or after its first column,
    # up to those starting at or before its last one (runs of a row are sorted and apart).
    after = np.searchsorted(row * span + hi, (row + 1) * span + lo, side="left")
    upto = np.searchsorted(row * span + lo, (row + 1) * span + hi, side="right")
    many = np.maximum(upto - after, 0)
    upper = np.repeat(np.arange(len(first)), many)
    lower = np.arange(int(many.sum())) - np.repeat(np.cumsum(many) - many, many) + np.repeat(after, many)
    parent = list(range(len(first)))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in zip(upper.tolist(), lower.tolist()):
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[max(ra, rb)] = min(ra, rb)  # the smaller run number stays the root: parts keep their order
    roots = np.array([root(x) for x in range(len(first))], dtype=np.int64)
    number = np.cumsum(roots == np.arange(len(first))) - 1  # a root is the first run of its part
    return np.repeat(number[roots], last - first + 1)


def _digits(text: str) -> bool:
    """ASCII digits only: "²".isdigit() is true, and int("²") fails."""
    return text.isascii() and text.isdigit()


def with_copies(sums: int, step: int, copies: int) -> int:
    """The set ``sums`` (bit k: the sum k) plus any of 0, step, 2 step, ... copies x step.

    Doubling: after adding the multiples 0 .. n-1, one shift by n steps adds 0 .. 2n-1,
    and a last shift covers the rest, so 18,000 copies of a piece cost 15 shifts, not
    18,000 (a 300x300 board of P pentominoes spent seconds here)."""
    if step == 0 or copies <= 0:
        return sums
    have = 1  # the multiples 0 .. have-1 are added
    while 2 * have <= copies + 1:
        sums |= sums << (have * step)
        have *= 2
    if have < copies + 1:  # 0 .. have-1 and copies+1-have .. copies overlap: every multiple up to copies
        sums |= sums << ((copies + 1 - have) * step)
    return sums


def area_problem(board: Board, pieces: list[Piece], gaps: bool = False) -> str | None:
    """Why the pieces cannot cover the board by counting cells, or None.

    With ``gaps`` the pieces may leave cells empty, so they need only fit in the area.
    """
    covered = sum(p.size * p.count for p in pieces)
    if covered == board.area or (gaps and covered < board.area):
        return None
    return f"the board has {board.area} cells, the pieces cover {covered}"


def parity_problem(board: Board, pieces: list[Piece], gaps: bool = False) -> str | None:
    """Why no tiling can exist by colouring the board like a chessboard, or None.

    Each placement of a piece covers a fixed *difference* of dark minus light cells,
    up to sign (a domino 0, a T-tetromino +-2, an L-tromino +-1). The board's
    difference must be reachable as a sum of one signed value per copy; the set of
    reachable sums is small, so it is computed exactly. Skipped when gaps are allowed.
    """
    if gaps:
        return None
    dark = int(np.count_nonzero(board.array.sum(axis=1) % 2 == 0))
    want = dark - (board.area - dark)
    # Bit k of ``sums``: some signs give the difference k - spread. A copy of difference d
    # adds -d or +d, that is 0 or 2d to the offset sum after shifting by -d.
    sums, spread = 1, 0
    for piece in pieces:
        d = abs(sum(1 if (r + c) % 2 == 0 else -1 for r, c in piece.shape))
        sums = with_copies(sums, 2 * d, piece.count)
        spread += d * piece.count
    if abs(want) <= spread and sums >> (want + spread) & 1:
        return None
    return (f"colour the board like a chessboard: it has {dark} dark and {board.area - dark} light cells, "
            f"and no way of laying the pieces covers a difference of {abs(want)}")


def region_problem(board: Board, pieces: list[Piece], gaps: bool = False) -> tuple[frozenset[Cell], str] | None:
    """A part of the board (:func:`regions`) that no choice of the pieces covers
    by counting cells, and why; None when every part's area is a sum of piece
    sizes (each piece used at most its count times). A piece lies within one
    part, so a tiling covers each part with some of the pieces. Skipped with
    ``gaps``, where a part may stay empty."""
    if gaps:
        return None
    labels = part_labels(board)
    sizes = np.bincount(labels).tolist()
    if len(sizes) < 2:
        return None
    keep = (1 << (max(sizes) + 1)) - 1  # larger sums are of no use
    sums = 1  # bit k: some choice of the pieces covers k cells
    for piece in pieces:
        sums = with_copies(sums, piece.size, piece.count) & keep
    for number, size in enumerate(sizes):
        if not sums >> size & 1:
            part = frozenset(map(tuple, board.array[labels == number].tolist()))
            return part, (f"a part of the board cut off from the rest has {size} cells, "
                          f"and no choice of the pieces covers {size}")
    return None


@dataclass(frozen=True)
class Obstacle:
    """Why the pieces cannot tile the board, found by counting before any search,
    and where: ``region``, the cells that cannot be covered (the whole board
    when the count is over all of it)."""

    reason: str
    region: frozenset[Cell]


def obstacle(board: Board, pieces: list[Piece], gaps: bool = False) -> Obstacle | None:
    """The first counting reason the pieces cannot tile the board, with its region:
    the areas of the whole board, of each part cut off from the rest, the colouring."""
    whole = area_problem(board, pieces, gaps)
    if whole:
        return Obstacle(whole, board.cells)
    part = region_problem(board, pieces, gaps)
    if part:
        return Obstacle(part[1], part[0])
    parity = parity_problem(board, pieces, gaps)
    return Obstacle(parity, board.cells) if parity else None


def problems(board: Board, pieces: list[Piece], gaps: bool = False) -> str | None:
    """The first counting reason the pieces cannot tile the board (:func:`obstacle`), or None."""
    found = obstacle(board, pieces, gaps)
    return found.reason if found else None
