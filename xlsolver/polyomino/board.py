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

from xlsolver.core.geometry import Cell
from xlsolver.polyomino.pieces import TRANSFORMS, Piece, apply, normalize

__all__ = ["Board", "Obstacle", "Transform", "obstacle", "problems", "regions"]

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
        return max(r for r, _ in self.cells) + 1

    @cached_property
    def width(self) -> int:
        return max(c for _, c in self.cells) + 1

    def format(self) -> str:
        """The board as a picture, ``.`` open and ``#`` blocked (``parse`` reads it back)."""
        return "\n".join("".join("." if (r, c) in self.cells else "#" for c in range(self.width))
                         for r in range(self.height))

    def is_rectangle(self) -> bool:
        return self.area == self.width * self.height and min(self.cells) == (0, 0)

    def describe(self) -> str:
        """``6x10`` for a full rectangle (width x height), else ``60 cells in 10x6``."""
        if self.is_rectangle():
            return f"{self.width}x{self.height}"
        return f"{self.area} cells in {self.width}x{self.height}"

    @cached_property
    def symmetries(self) -> tuple[Transform, ...]:
        """The square's symmetries that map the board onto itself (identity first)."""
        own = normalize(self.cells)
        return tuple(t for t in TRANSFORMS if normalize(apply(t, c) for c in self.cells) == own)

    def mapper(self, t: Transform) -> dict[Cell, Cell]:
        """Where symmetry ``t`` (one of :attr:`symmetries`) sends each cell."""
        moved = {c: apply(t, c) for c in self.cells}
        r0 = min(r for r, _ in moved.values()) - min(r for r, _ in self.cells)
        c0 = min(c for _, c in moved.values()) - min(c for _, c in self.cells)
        return {cell: (r - r0, c - c0) for cell, (r, c) in moved.items()}


def regions(board: Board) -> list[frozenset[Cell]]:
    """The board's parts that no piece can join: its edge-connected sets of
    cells, each flood-filled from its first cell, in the order of those cells."""
    left = set(board.cells)
    found = []
    for start in sorted(board.cells):
        if start not in left:
            continue
        part, stack = {start}, [start]
        left.discard(start)
        while stack:
            r, c = stack.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in left:
                    left.discard(near)
                    part.add(near)
                    stack.append(near)
        found.append(frozenset(part))
    return found


def _digits(text: str) -> bool:
    """ASCII digits only: "²".isdigit() is true, and int("²") fails."""
    return text.isascii() and text.isdigit()


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
    dark = sum(1 for r, c in board.cells if (r + c) % 2 == 0)
    want = dark - (board.area - dark)
    sums = {0}
    for piece in pieces:
        d = abs(sum(1 if (r + c) % 2 == 0 else -1 for r, c in piece.shape))
        for _ in range(piece.count):
            sums = {s + d for s in sums} | {s - d for s in sums}
    if want in sums:
        return None
    return (f"colour the board like a chessboard: it has {dark} dark and {board.area - dark} light cells, "
            f"and no way of laying the pieces covers a difference of {abs(want)}")


def region_problem(board: Board, pieces: list[Piece], gaps: bool = False) -> tuple[frozenset[Cell], str] | None:
    """A part of the board (:func:`regions`) that no choice of the pieces covers
    by counting cells, and why; None when every part's area is a sum of piece
    sizes (each piece used at most its count times). A piece lies within one
    part, so a tiling covers each part with some of the pieces. Skipped with
    ``gaps``, where a part may stay empty."""
    parts = regions(board)
    if gaps or len(parts) < 2:
        return None
    sums = 1  # bit k: some choice of the pieces covers k cells
    for piece in pieces:
        for _ in range(piece.count):
            sums |= sums << piece.size
    for part in parts:
        if not sums >> len(part) & 1:
            return part, (f"a part of the board cut off from the rest has {len(part)} cells, "
                          f"and no choice of the pieces covers {len(part)}")
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
