"""What the search *knows*: a candidate grid, and the houses of a shape.

Glossary
--------
house      a row, column or box (the model calls it a unit); houses are numbered
           rows ``0..n-1``, columns ``n..2n-1``, boxes ``2n..3n-1``, as
           :attr:`Shape.units` lists them.
candidate  a digit still possible in an empty cell. ``cand[cell]`` is a bit
           set (bit ``d-1`` for digit ``d``); a filled cell has none left.
places     for each digit, the bit set of the empty cells where it is still a
           candidate (bit ``cell``): the same facts as ``cand``, turned round,
           so "where can 7 go in row 4" is one ``&``.
node       one candidate as a number, ``cell * n + d - 1`` (the chain
           techniques and the links use it).

Cells are flat indices ``r * n + c``; their names in sentences are ``rXcY``,
1-based, as players write them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from xlsolver.sudoku.model import SYMBOLS, Shape, Sudoku

__all__ = ["Grid", "bits", "cell_name", "digit_name", "digits_of", "houses", "popcount"]


def bits(mask: int):
    """The indices of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


def digits_of(mask: int) -> list[int]:
    """The digits (1-based) of a candidate bit set."""
    return [b + 1 for b in bits(mask)]


def digit_name(d: int) -> str:
    return SYMBOLS[d - 1]


def cell_name(cell: int, n: int) -> str:
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


@dataclass(frozen=True)
class Houses:
    """The geometry of a shape, computed once: every house as cells and as a
    bit set of cells, the three houses of each cell, each cell's peers."""

    shape: Shape
    cells: tuple[tuple[int, ...], ...]
    mask: tuple[int, ...]
    of_cell: tuple[tuple[int, int, int], ...]  # (row house, column house, box house)
    peers: tuple[int, ...]  # bit set of the peers of each cell
    crossings: tuple[tuple[int, int, int], ...]  # (box, line, box & line) for every line crossing a box

    @property
    def n(self) -> int:
        return self.shape.n

    def name(self, house: int) -> str:
        return self.shape.unit_name(house)

    def kind(self, house: int) -> int:
        """0 row, 1 column, 2 box."""
        return house // self.n

    def common_peers(self, cells_mask: int) -> int:
        """The cells that see every cell of ``cells_mask`` (none of them included)."""
        seen = -1
        for cell in bits(cells_mask):
            seen &= self.peers[cell]
        return seen & ~cells_mask if cells_mask else 0


@lru_cache(maxsize=None)
def houses(shape: Shape) -> Houses:
    """The houses of ``shape`` (cached: every grid of a shape shares them)."""
    n = shape.n
    units = shape.units
    masks = tuple(sum(1 << c for c in unit) for unit in units)
    of_cell = [[0, 0, 0] for _ in range(n * n)]
    for h, unit in enumerate(units):
        for cell in unit:
            of_cell[cell][h // n] = h
    peers = tuple((masks[a] | masks[b] | masks[c]) & ~(1 << cell) for cell, (a, b, c) in enumerate(of_cell))
    crossings = tuple((b, line, masks[b] & masks[line])
                      for b in range(2 * n, 3 * n) for line in range(2 * n) if masks[b] & masks[line])
    return Houses(shape, units, masks, tuple(tuple(x) for x in of_cell), peers, crossings)


class Grid:
    """A sudoku being solved by a person: digits placed so far, and the
    candidates of the empty cells, kept two ways (per cell and per digit).

    Placing a digit removes it from the peers at once, as pencil marks do;
    every other elimination is a :class:`Step`'s work."""

    __slots__ = ("houses", "n", "value", "cand", "places", "empty")

    def __init__(self, shape: Shape) -> None:
        self.houses = houses(shape)
        n = self.n = shape.n
        size = n * n
        self.value = [0] * size
        self.cand = [(1 << n) - 1] * size
        self.places = [(1 << size) - 1] * n
        self.empty = (1 << size) - 1

    @classmethod
    def from_puzzle(cls, puzzle: Sudoku) -> "Grid":
        grid = cls(puzzle.shape)
        for cell, d in enumerate(puzzle.cells):
            if d and grid.value[cell] == 0:
                grid.place(cell, d)
        return grid

    @classmethod
    def from_candidates(cls, shape: Shape, values: list[int], cands: list[int]) -> "Grid":
        """A grid in a given state (for tests and pencil marks typed by a user):
        ``values[cell]`` placed digits (0 empty), ``cands[cell]`` bit sets for the empty cells."""
        grid = cls(shape)
        grid.value = list(values)
        grid.cand = [0 if v else m for v, m in zip(values, cands)]
        grid.empty = sum(1 << c for c, v in enumerate(values) if not v)
        grid.places = [sum(1 << c for c, m in enumerate(grid.cand) if m >> d & 1) for d in range(shape.n)]
        return grid

    def copy(self) -> "Grid":
        other = Grid.__new__(Grid)
        other.houses, other.n = self.houses, self.n
        other.value, other.cand, other.places = self.value[:], self.cand[:], self.places[:]
        other.empty = self.empty
        return other

    # --- changes ---

    def place(self, cell: int, d: int) -> None:
        """Write ``d`` into ``cell`` and take it from the cell's peers."""
        bit = 1 << cell
        for k in bits(self.cand[cell]):
            self.places[k] &= ~bit
        self.cand[cell] = 0
        self.value[cell] = d
        self.empty &= ~bit
        k = d - 1
        dbit = 1 << k
        for p in bits(self.places[k] & self.houses.peers[cell]):
            self.cand[p] &= ~dbit
        self.places[k] &= ~self.houses.peers[cell]

    def eliminate(self, cell: int, d: int) -> bool:
        """Take candidate ``d`` from ``cell``; False if it was not there."""
        dbit = 1 << (d - 1)
        if not self.cand[cell] & dbit:
            return False
        self.cand[cell] &= ~dbit
        self.places[d - 1] &= ~(1 << cell)
        return True

    def apply(self, step) -> None:
        """Carry out a step: its placements, then its eliminations."""
        for cell, d in step.placements:
            if self.value[cell] == 0:
                self.place(cell, d)
        for cell, d in step.eliminations:
            self.eliminate(cell, d)

    # --- questions ---

    def solved(self) -> bool:
        return self.empty == 0

    def broken(self) -> bool:
        """An empty cell without candidates, or a house with no place left for a
        digit it still lacks: the state contradicts the rules."""
        if any(self.cand[c] == 0 for c in bits(self.empty)):
            return True
        for h in range(3 * self.n):
            have = 0
            for c in self.houses.cells[h]:
                have |= self.cand[c]
                if self.value[c]:
                    have |= 1 << (self.value[c] - 1)
            if have != (1 << self.n) - 1:
                return True
        return False

    def has(self, cell: int, d: int) -> bool:
        return bool(self.cand[cell] >> (d - 1) & 1)

    def name(self, cell: int) -> str:
        return cell_name(cell, self.n)

    def names(self, cells) -> str:
        """``r1c2, r1c5 and r3c3``."""
        names = [self.name(c) for c in sorted(cells)]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def node(self, cell: int, d: int) -> int:
        return cell * self.n + d - 1

    def to_text(self) -> str:
        return "".join(SYMBOLS[v - 1] if v else "." for v in self.value)

