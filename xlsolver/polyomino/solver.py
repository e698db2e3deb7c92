"""Tiling a board with a set of pieces: solutions as a stream, counts, symmetry, progress.

Symmetry
--------
Two tilings are *the same up to symmetry* when a symmetry of the board maps one onto
the other, each piece landing on a piece of the same kind. The group used is the
board's own (:attr:`Board.symmetries`) less any symmetry that maps the piece set
onto a different one (a reflection of a one-sided ``F`` set without ``F'``).

Every orbit is counted once, on any board, in one of two ways:

* **Restriction** (used when it applies, as in Knuth's "Dancing Links" paper). If
  some piece has one copy and no symmetry other than the identity fixes any of its
  placements, then no tiling is fixed by a symmetry, every orbit has exactly ``|G|``
  tilings, and they put that piece in ``|G|`` different places, one per orbit of its
  placements. Allowing only the smallest placement of each orbit keeps exactly one
  tiling per class, and the search is ``|G|`` times smaller.
* **Canonical form** (otherwise). Every tiling is generated; one is kept when it is
  the smallest of its images under the group (pieces relabelled, cells sorted).

Kernels
-------
Two kernels run the same search (the root on one piece, then the first open cell):
:mod:`~xlsolver.polyomino.bitboard` when the board's bounding box has at most 64
cells (every classic pentomino board), :mod:`~xlsolver.polyomino.kernel` otherwise.
Both are compiled by numba when it is there, and run as plain Python when it is not
(``plain=True`` or ``XLSOLVER_NO_NUMBA=1``); ``kernel_name`` picks one by hand.
By default a search for more than :data:`FEW_TILINGS` tilings of a board of at least
:data:`TILING_CELLS` cells runs compiled from the start, and a smaller one starts plain and, once the plain kernels of the process
have run :data:`~xlsolver.core.accel.SWITCH_SECONDS`, starts again compiled,
passing over the tilings it had already handed out (the search order is the same).

Set-up and budget
-----------------
Before any placement is made the counting checks run (:func:`~xlsolver.polyomino.board.obstacle`:
the areas, the parts cut off, the colouring), so an impossible board answers ``none``
at once. The placements are then counted and made as arrays
(:mod:`~xlsolver.polyomino.tables`), refused above the limit, and everything built
from them (the symmetry images, the kernel's tables) reads the budget's clock as
it goes: the budget :func:`solve` starts covers the set-up and the search alike.

Progress
--------
The search pauses every slice of nodes. The fraction done is estimated the way
Knuth's programs report it (TAOCP 7.2.2, "progress report"): at depth ``k`` the
node has ``n_k`` candidates and is on the ``i_k``-th, so the finished part of the
tree is about ``sum_k (i_k - 1) / (n_1 ... n_k)`` -- exact for a uniform tree,
and it never runs backwards. Each slice is sized from the pace of the last to take
about :data:`SLICE_SECONDS` (and the first from the board's size): on a large board
a node costs a flood fill of the open region, so a fixed number of nodes could run
for seconds past the budget.
"""

from __future__ import annotations

import math
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from xlsolver.core import clock
from xlsolver.core import Budget, BudgetExhausted, Cell, Status
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.progress import Progress, ProgressFn
from xlsolver.polyomino import bitboard, kernel
from xlsolver.polyomino.board import Board, Transform, obstacle
from xlsolver.polyomino.pieces import Piece, apply, normalize
from xlsolver.polyomino.tables import Box, Pace, lex_le, place, placement_limit, symmetry_map

__all__ = ["FIRST_SLICE_CELLS", "PLAIN_SLICE", "SLICE_SECONDS", "Found", "Placement", "Tiler", "Tiling", "TilingResult",
           "placements", "solve"]

Placement = tuple[str, tuple[Cell, ...]]
"""A piece's name and the sorted board cells it covers."""
Tiling = tuple[Placement, ...]
"""The placements of one solution, sorted."""

SLICE = 1 << 16  # the most nodes between pauses of the compiled kernel (~ a few ms on a classic board)
PLAIN_SLICE = 1 << 12
SLICE_SECONDS = 0.05  # what a slice aims to take: the budget is read between slices
FIRST_SLICE_CELLS = 256  # boards up to this many open cells start with a sixteenth of a full slice
# Which kernel runs (xlsolver.core.accel.Kernels.use). Loading the compiled kernels costs
# about 0.45 s (numba's import and the cache read, measured on the 2-core development
# machine). Plain against compiled, the 12 pentominoes: every tiling of 10x6 6.1 s
# against 0.16 s, of 15x4 1.9 s against 0.06 s; but the first tiling of 10x6 39 ms against
# 8 ms, its first 10 tilings 77 ms against 10 ms, every tiling of 20x3 75 ms against 6 ms.
# So a search for more than FEW_TILINGS tilings of a board of at least TILING_CELLS
# cells runs compiled from the start; the rest start plain and switch as they grow.
TILING_CELLS = 60
FEW_TILINGS = 100
PROGRESS_EVERY = 0.2  # seconds between progress reports
SOLUTION_ENTRIES = 1 << 16  # the most entries of the buffer the kernel writes tilings to, when
# a tiling has many pieces (64 tilings of 60 pieces below it; one of a million pieces above)
FEW_PLACEMENTS = 64  # tilings shorter than this are compared with their images written out
PAD = np.iinfo(np.int64).max  # pads a placement's box ids in the arrays of is_canonical_found
PLAIN_LIST_MOST = 1 << 20  # entries of a plain kernel's table kept as a list (see _plain)


@dataclass
class TilingResult:
    """The verdict, the tilings kept, and the counts (exact when ``complete``)."""

    status: Status
    message: str
    tilings: list[Tiling]
    count: int  # tilings found, every symmetric copy counted
    count_up_to_symmetry: int
    symmetries: int  # size of the symmetry group used
    seconds: float
    nodes: int
    complete: bool  # the search ran to its end (so the counts are exact)
    method: str = ""  # "restriction" or "canonical form"
    extra: dict = field(default_factory=dict)
    # Why no tiling exists when a check before the search says so (area, colouring, a
    # piece that fits nowhere); ``message`` is then that reason alone.
    reason: str | None = None
    # For none: the cells that cannot be covered, when a count says which part of the
    # board it is (a part cut off from the rest); empty means the whole board.
    region: frozenset[Cell] = frozenset()


@dataclass
class Found:
    """One tiling as the kernel found it: ``chosen``, the numbers of its placements in
    the kernel's tables, and those tables' ``piece`` (placement -> piece number),
    ``cells`` (placement -> its cells as the kernel numbers them, -1 padded) and
    ``box_of`` (kernel number -> box id). Written out by :meth:`Tiler.built`, only
    when it is kept: a tiling of a large board is long."""

    chosen: np.ndarray
    piece: np.ndarray
    cells: np.ndarray
    box_of: np.ndarray
    made: dict = field(repr=False)  # placement -> (name, cells): written out once per search


def placements(board: Board, piece: Piece, limits: Limits = DEFAULT_LIMITS) -> list[tuple[Cell, ...]]:
    """Every set of board cells the piece can cover, sorted (InputError above the
    limit of :func:`~xlsolver.polyomino.tables.placement_limit`)."""
    box = Box.of(board, limits)
    rows = place(box, [piece], placement_limit(limits), Pace())[0].get(piece.name)
    return [] if rows is None else [box.cells(row) for row in rows.tolist()]


class Tiler:
    """A board, a piece set, and everything the search needs, computed once.

    ``gaps=True`` lets the pieces leave cells empty (they must still all be placed).
    ``plain`` picks the kernels (True plain, False compiled, None by ``XLSOLVER_KERNELS``
    and the size of the work: compiled from the start when ``big``, which defaults to a
    board of at least :data:`TILING_CELLS` cells).

    The counting checks come first: when they rule a tiling out (:attr:`problem`), or a
    piece fits nowhere (:attr:`nowhere`), nothing else is built. Otherwise the
    placements are made within ``limits`` (InputError above
    :func:`~xlsolver.polyomino.tables.placement_limit`), and ``pace`` reads the budget's
    clock while they and the symmetry images are made (``BudgetExhausted`` when it is spent).
    """

    def __init__(self, board: Board, pieces: list[Piece], gaps: bool = False, plain: bool | None = None,
                 kernel_name: str = "auto", big: bool | None = None, limits: Limits = DEFAULT_LIMITS,
                 pace: Pace | None = None) -> None:
        names = [p.name for p in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"piece names repeat: {', '.join(sorted(names))}")
        if kernel_name not in ("auto", "bits", "cells"):
            raise ValueError(f"unknown kernel {kernel_name!r} (auto, bits or cells)")
        self.board, self.pieces, self.gaps = board, [p for p in pieces if p.count > 0], gaps
        pace = pace or Pace()
        self.obstacle = obstacle(board, self.pieces, gaps)
        self.problem = self.obstacle.reason if self.obstacle else None
        fits = self._bit_box() is not None
        if kernel_name == "bits" and not fits:
            raise ValueError(f"the bitboard kernel takes boards of at most {bitboard.WORD} cells "
                             "in their bounding box")
        self.kernel = "bits" if kernel_name == "bits" or (kernel_name == "auto" and fits) else "cells"
        self.kernels = bitboard.KERNELS if self.kernel == "bits" else kernel.KERNELS
        self.plain = plain  # True, False, or None: chosen by the size of the work (Kernels.use)
        self.transforms = [(t, moved) for t in board.symmetries if (moved := self._relabel(t)) is not None]
        self.placed: dict[str, np.ndarray] = {}
        self.nowhere: str | None = None  # a piece with no placement at all
        self.group: list[tuple[np.ndarray, dict[str, str]]] = []
        self.fixed_piece: str | None = None
        self.compiled = False
        if self.problem:
            return
        self.box = Box.of(board, limits)
        self.placed, self.nowhere = place(self.box, self.pieces, placement_limit(limits), pace)
        if self.nowhere:
            return
        self.order, self.scan = self._scan()
        for t, names in self.transforms:
            pace.step("mapping the board's symmetries")
            self.group.append((symmetry_map(board, self.box, t), names))
        self._kept: dict[str, np.ndarray] = {}
        self._moves: dict[int, list[int]] = {}
        self.fixed_piece = self._restriction_piece(pace)
        self.compiled = self.kernels.use(plain, big=board.area >= TILING_CELLS if big is None else big)

    @cached_property
    def places(self) -> dict[str, list[tuple[Cell, ...]]]:
        """Every placement of each piece as its sorted cells, sorted (empty when the
        counting checks rule out any tiling)."""
        return {p.name: [self.box.cells(row) for row in self.placed[p.name].tolist()] if self.placed else []
                for p in self.pieces}

    def _scan(self) -> tuple[np.ndarray, np.ndarray]:
        """The open cells in scan order, along the board's short side first (rows of a
        tall board, columns of a wide one), as box ids; and each box id's place in
        that order (-1 for a blocked cell)."""
        box = self.box
        if self.board.width <= self.board.height:
            order = np.flatnonzero(box.open.ravel())
        else:
            t = np.flatnonzero(box.open.T.ravel())
            order = (t % box.height) * box.width + t // box.height
        scan = np.full(box.height * box.width, -1, dtype=np.int64)
        scan[order] = np.arange(len(order))
        return order, scan

    # --- symmetry -------------------------------------------------------------------

    def _relabel(self, t: Transform) -> dict[str, str] | None:
        """Which piece each piece becomes under ``t``, or None if ``t`` changes the set."""
        shape_of = {p.name: set(p.orientations()) for p in self.pieces}
        out = {}
        for p in self.pieces:
            moved = normalize(apply(t, c) for c in p.shape)
            same = [q for q in self.pieces if moved in shape_of[q.name] and q.count == p.count]
            if not same:
                return None
            out[p.name] = p.name if p in same else same[0].name
        return out if len(set(out.values())) == len(out) else None

    def image(self, tiling: Tiling, g: tuple[np.ndarray, dict[str, str]]) -> Tiling:
        """The tiling moved by ``g`` (one of :attr:`group`), its pieces renamed, sorted."""
        where, names = g
        if id(where) not in self._moves:  # as a list, made on the first image: a tiling is short
            self._moves[id(where)] = where.tolist()
        move, id_of, cell_of = self._moves[id(where)], self.box.id_of, self.box.cell_of
        return tuple(sorted((names[name], tuple([cell_of[i] for i in sorted([move[id_of[c]] for c in cells])]))
                            for name, cells in tiling))

    def orbit(self, tiling: Tiling) -> set[Tiling]:
        """Every tiling symmetric to this one (itself included)."""
        return {self.image(tiling, g) for g in self.group}

    def is_canonical(self, tiling: Tiling) -> bool:
        return all(tiling <= self.image(tiling, g) for g in self.group[1:])

    def _restriction_piece(self, pace: Pace) -> str | None:
        """A one-copy piece that no symmetry but the identity moves onto itself anywhere,
        whose placement orbits are fewest; None when no piece qualifies. Such a piece's
        orbits all have ``|G|`` placements, so the fewest orbits are the fewest placements:
        the pieces are tried in that order and the first that qualifies wins."""
        if len(self.group) == 1:
            return None
        for p in sorted(self.pieces, key=lambda p: (len(self.placed[p.name]), p.name)):
            if p.count != 1 or any(names[p.name] != p.name for _, names in self.group):
                continue
            rows = self.placed[p.name]
            if not any(self._fixed(rows, where, pace).any() for where, _ in self.group[1:]):
                return p.name
        return None

    @staticmethod
    def _fixed(rows: np.ndarray, where: np.ndarray, pace: Pace) -> np.ndarray:
        """Which placements the symmetry ``where`` maps onto themselves."""
        pace.step("comparing placements under the board's symmetries")
        return (np.sort(where[rows], axis=1) == rows).all(axis=1)

    def _representatives(self, name: str, pace: Pace) -> np.ndarray:
        """The smallest placement of each orbit of the piece's placements."""
        if name not in self._kept:
            rows = self.placed[name]
            keep = np.ones(len(rows), dtype=bool)
            for where, _ in self.group[1:]:
                pace.step("comparing placements under the board's symmetries")
                keep &= lex_le(rows, np.sort(where[rows], axis=1))
            self._kept[name] = rows[keep]
        return self._kept[name]

    # --- the search -----------------------------------------------------------------

    def options(self, restrict: bool = True) -> list[Placement]:
        """The problem as an exact cover: every placement the search may use (with
        ``restrict``, the restriction piece at one placement per orbit), sorted. A tiling
        is a choice of these covering every cell once and using each piece as often as
        it has copies; other solvers can be handed the same list. Empty when the
        counting checks rule out any tiling."""
        return sorted((self.pieces[k].name, self.box.cells(row)) for k, rows in self._used(restrict, Pace())
                      for row in rows.tolist())

    def _used(self, restrict: bool, pace: Pace) -> list[tuple[int, np.ndarray]]:
        """``(piece number, placements)`` the search may use; with ``restrict`` the
        restriction piece keeps one placement per orbit."""
        if not self.placed:
            return []
        return [(k, self._representatives(p.name, pace) if restrict and p.name == self.fixed_piece
                 else self.placed[p.name]) for k, p in enumerate(self.pieces)]

    def _root(self, restrict: bool, piece_of: np.ndarray) -> np.ndarray:
        """The rows of the piece the root of the tree branches on (see the kernels): the
        restriction piece, else the one-copy piece with the fewest placements; [] if none."""
        if restrict and self.fixed_piece is not None:
            k = next(k for k, p in enumerate(self.pieces) if p.name == self.fixed_piece)
        else:
            single = [(len(self.placed[p.name]), k) for k, p in enumerate(self.pieces) if p.count == 1]
            if not single:
                return np.zeros(0, dtype=np.int64)
            k = min(single)[1]
        return np.flatnonzero(piece_of == k)

    def _pruning(self) -> tuple[int, int]:
        """``(minsize, unit)`` of the dead-region test; (0, 1) turns it off, as it must be
        when the pieces may leave cells empty."""
        sizes = [p.size for p in self.pieces]
        spare = self.board.area - sum(p.size * p.count for p in self.pieces)
        if (self.gaps and spare > 0) or not sizes or (min(sizes) == 1 and math.gcd(*sizes) == 1):
            return 0, 1  # with a monomino every region can be filled: no flood fill would cut
        return min(sizes), math.gcd(*sizes)

    def _stacked(self, restrict: bool, pace: Pace, number: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every placement the search may use, one row each: its piece, and its cells
        numbered by ``number`` (a box id -> number array), ascending, -1 padded to the
        largest piece."""
        used = self._used(restrict, pace)
        S = max((p.size for p in self.pieces), default=1)
        total = sum(len(rows) for _, rows in used)
        piece = np.zeros(total, dtype=np.int64)
        numbered = np.full((total, S), -1, dtype=np.int64)
        at = 0
        for k, rows in used:
            pace.step("building the search tables", at, total)
            piece[at:at + len(rows)] = k
            numbered[at:at + len(rows), :rows.shape[1]] = np.sort(number[rows], axis=1)
            at += len(rows)
        return piece, numbered

    def _buffers(self, restrict: bool, pace: Pace) -> dict:
        """The cell kernel's tables and state, as lists (plain) or int64 arrays (compiled)."""
        piece, cells = self._stacked(restrict, pace, self.scan)
        n, S = len(self.order), cells.shape[1]
        # Sorted by first cell, then piece, then the other cells (the kernel groups by first cell).
        rank = np.lexsort([cells[:, j] for j in range(S - 1, 0, -1)] + [piece, cells[:, 0]])
        piece, cells = piece[rank], cells[rank]
        del rank
        pace.step("building the search tables")
        start = np.zeros(n + 1, dtype=np.int64)
        start[1:] = np.cumsum(np.bincount(cells[:, 0], minlength=n)) if len(cells) else 0
        root = self._root(restrict, piece)
        W = int(np.diff(start).max(initial=0)) + 1
        spare = n - sum(p.size * p.count for p in self.pieces)
        buf = dict(start=start, root=root, pl_piece=piece, pl_cells=cells.ravel() if len(cells) else np.full(1, -1),
                   occ=np.zeros(n, dtype=np.int64), left=np.array([p.count for p in self.pieces], dtype=np.int64),
                   cand=np.zeros((n + 1) * W, dtype=np.int64), ncand=np.zeros(n + 1, dtype=np.int64),
                   idx=np.zeros(n + 1, dtype=np.int64), cellat=np.zeros(n + 1, dtype=np.int64),
                   regs=np.array([0, 1, spare if self.gaps else 0, 0, 0, 0], dtype=np.int64), nbr=self._neighbours(),
                   seen=np.zeros(n, dtype=np.int64), stack=np.zeros(max(n, 1), dtype=np.int64))
        if not self.compiled:
            buf = {k: _plain(v) for k, v in buf.items()}
        minsize, unit = self._pruning()
        return dict(buf, S=S, W=W, n=n, minsize=minsize, unit=unit, rows=(piece, cells, self.order, {}))

    def _bit_box(self) -> tuple[int, int, int, int] | None:
        """``(top, left, height, width)`` of the board's bounding box when it fits in a
        64-bit word, else None."""
        (top, left), (bottom, right) = self.board.array.min(axis=0).tolist(), self.board.array.max(axis=0).tolist()
        h, w = bottom - top + 1, right - left + 1
        return (top, left, h, w) if h * w <= bitboard.WORD else None

    def _bit_buffers(self, restrict: bool, pace: Pace) -> dict:
        """The bitboard kernel's tables and state (see :mod:`xlsolver.polyomino.bitboard`):
        the box numbered along the board's short side, as :meth:`_scan` numbers the cells."""
        _, _, h, w = self._bit_box()
        nbits, B = h * w, len(self.pieces)
        every_id = np.arange(nbits)
        tall = self.board.width <= self.board.height
        bit_of = every_id if tall else (every_id % w) * h + every_id // w
        m = w if tall else h
        piece, bits = self._stacked(restrict, pace, bit_of)
        masks = [sum(1 << b for b in row if b >= 0) for row in bits.tolist()]
        slot = (bits[:, 0] * B + piece) if len(bits) else np.zeros(0, dtype=np.int64)
        rank = np.argsort(slot, kind="stable")
        piece, bits, slot = piece[rank], bits[rank], slot[rank]
        masks = [masks[i] for i in rank.tolist()]
        start = np.zeros(nbits * B + 1, dtype=np.int64)
        start[1:] = np.cumsum(np.bincount(slot, minlength=nbits * B))
        root = self._root(restrict, piece)
        W = max(int(np.diff(start[::B]).max()) + 1, len(root))
        open_bits = sum(1 << b for b in bit_of[self.order].tolist())
        every = (1 << bitboard.WORD) - 1
        boards = [every & ~open_bits & ((1 << nbits) - 1)] + [0] * (nbits + 1)
        spare = self.board.area - sum(p.size * p.count for p in self.pieces)
        words = dict(pl_mask=masks or [0], boards=boards, geo=bitboard.geometry(open_bits, m, nbits))
        numbers = dict(start=start.tolist(), root=root.tolist(), pl_piece=piece.tolist(),
                       left=[p.count for p in self.pieces], regs=[0, 1, spare if self.gaps else 0, 0, 0, 0])
        zeros = dict(cand=(nbits + 1) * W, ncand=nbits + 1, idx=nbits + 1, cellat=nbits + 1)
        if self.compiled:
            buf = {k: np.array([bitboard.signed(x) for x in v], dtype=np.int64) for k, v in words.items()}
            buf.update({k: np.array(v, dtype=np.int64) for k, v in numbers.items()})
            buf.update({k: np.zeros(n, dtype=np.int64) for k, n in zeros.items()})
        else:
            buf = dict(words, **numbers, **{k: [0] * n for k, n in zeros.items()})
        minsize, unit = self._pruning()
        return dict(buf, W=W, n=nbits, minsize=minsize, unit=unit, rows=(piece, bits, np.argsort(bit_of), {}))

    def _neighbours(self) -> np.ndarray:
        """Each cell's four neighbours (up, down, left, right) by scan number, -1 off the board."""
        box = self.box
        around = np.full((box.height + 2, box.width + 2), -1, dtype=np.int64)
        around[1:-1, 1:-1] = self.scan.reshape(box.height, box.width)
        r, c = self.order // box.width + 1, self.order % box.width + 1
        return np.stack([around[r - 1, c], around[r + 1, c], around[r, c - 1], around[r, c + 1]], axis=1).ravel()

    def built(self, found: Found) -> Tiling:
        """A tiling the kernel found, written out: its placements as (name, cells), sorted."""
        out = []
        for p in found.chosen.tolist():
            if p not in found.made:
                ids = np.sort(found.box_of[found.cells[p][found.cells[p] >= 0]]).tolist()
                found.made[p] = (self.pieces[int(found.piece[p])].name, self.box.cells(ids))
            out.append(found.made[p])
        return tuple(sorted(out))

    def is_canonical_found(self, found: Found) -> bool:
        """:meth:`is_canonical` of a tiling the kernel found, without writing it out: the
        tiling and each image as one array, a row per placement (the rank of its name, its
        box ids ascending), rows sorted, compared as flat sequences. The rows compare as
        the written-out placements would: the names decide first, and placements of one
        name have one size. Long tilings (a million monominoes) take a second, not minutes."""
        if len(found.chosen) < FEW_PLACEMENTS:
            return self.is_canonical(self.built(found))
        rank = {name: k for k, name in enumerate(sorted(p.name for p in self.pieces))}
        piece = found.piece[found.chosen]
        cells = found.cells[found.chosen]
        ids = np.where(cells >= 0, found.box_of[np.maximum(cells, 0)], -1)

        def flat(names: np.ndarray, moved: np.ndarray) -> np.ndarray:
            moved = np.sort(np.where(ids >= 0, moved, PAD), axis=1)
            rows = np.column_stack([names, moved])
            return rows[np.lexsort(rows.T[::-1])].ravel()

        own = flat(np.array([rank[p.name] for p in self.pieces])[piece], ids)
        for where, names in self.group[1:]:
            other = flat(np.array([rank[names[p.name]] for p in self.pieces])[piece], where[np.maximum(ids, 0)])
            differ = np.flatnonzero(own != other)
            if len(differ) and own[differ[0]] > other[differ[0]]:
                return False
        return True

    @staticmethod
    def _fraction(b: dict) -> float:
        """Knuth's estimate of the part of the tree already searched (see the module text)."""
        done, weight = 0.0, 1.0
        for k in range(max(int(b["regs"][0]), 0)):
            n = int(b["ncand"][k])
            if n == 0:
                break
            done += weight * (int(b["idx"][k]) - 1) / n
            weight /= n
        return min(done, 1.0)

    @staticmethod
    def _stop(nodes: int, budget: Budget) -> int:
        """Where the next slice ends: ``nodes``, or just past the node budget."""
        return nodes if budget.nodes is None else min(nodes, budget.nodes + 1)

    def _first_slice(self) -> int:
        """Nodes in the first slice: a sixteenth of a full one, less on a board so large
        that a node's flood fill of the open region is long."""
        most = (SLICE if self.compiled else PLAIN_SLICE) >> 4
        return max(1, min(most, most * FIRST_SLICE_CELLS // max(self.board.area, 1)))

    def _next_slice(self, nodes: int, seconds: float) -> int:
        """Nodes in the next slice, after one of ``nodes`` nodes took ``seconds``: what
        that pace does in :data:`SLICE_SECONDS`, at most a full slice."""
        most = SLICE if self.compiled else PLAIN_SLICE
        if nodes <= 0 or seconds <= 0:
            return most
        return max(1, min(most, int(nodes * SLICE_SECONDS / seconds)))

    def _runner(self, restrict: bool, batch: int, pace: Pace):
        """The buffers, and a function that runs the chosen kernel for one slice of nodes.
        Building them reads the clock (``pace``); a ``BudgetExhausted`` says what it was building."""
        try:
            return self._make_runner(restrict, batch, pace)
        except BudgetExhausted as err:
            raise BudgetExhausted(f"{err} while {pace.doing()}") from None

    def _make_runner(self, restrict: bool, batch: int, pace: Pace):
        compiled = self.compiled
        if self.kernel == "bits":
            b = self._bit_buffers(restrict, pace)
            run = bitboard.KERNELS.get("run") if compiled else bitboard.run
            sols = np.zeros(batch * b["n"], np.int64) if compiled else [0] * (batch * b["n"])
            b["row"] = b["n"]

            def step(stop: int) -> int:
                return run(b["n"], b["W"], b["start"], b["root"], b["pl_piece"], b["pl_mask"], b["left"], b["boards"],
                           b["cand"], b["ncand"], b["idx"], b["cellat"], b["regs"], sols, batch, stop,
                           b["geo"], b["minsize"], b["unit"])
        else:
            b = self._buffers(restrict, pace)
            run = kernel.KERNELS.get("run") if compiled else kernel.run
            b["row"] = max(1, min(b["n"], sum(p.count for p in self.pieces)))  # a tiling places every copy
            batch = max(1, min(batch, SOLUTION_ENTRIES // b["row"]))  # a tiling of a big board is long
            sols = np.zeros(batch * b["row"], np.int64) if compiled else [0] * (batch * b["row"])

            def step(stop: int) -> int:
                return run(b["n"], b["S"], b["W"], b["start"], b["root"], b["pl_piece"], b["pl_cells"], b["occ"],
                           b["left"], b["cand"], b["ncand"], b["idx"], b["cellat"], b["regs"], sols, batch, b["row"],
                           stop, b["nbr"], b["seen"], b["stack"], b["minsize"], b["unit"])
        return b, sols, step

    def search(self, restrict: bool, budget: Budget | None = None, progress: ProgressFn | None = None,
               every: float | None = None, batch: int = 64, build: bool = True) -> Iterator[Tiling | Found]:
        """Every tiling the kernel finds (with ``restrict``, one per symmetry class when
        :attr:`fixed_piece` is set), lazily; with ``build=False`` as the kernel found it
        (a :class:`Found`, for :meth:`built` to write out when it is kept).
        Raises ``BudgetExhausted`` when ``budget`` runs out (counted from when it was
        started, as :func:`solve` does before the set-up; a budget not started counts
        from here), or when ``progress`` raises it."""
        if self.problem or self.nowhere:
            return
        budget = budget or Budget(seconds=None)
        every = PROGRESS_EVERY if every is None else every
        what = f"tiling {self.board.describe()}"
        pace = Pace(budget)  # the tables take a moment: the clock only, the progress is the search's
        t0 = last = clock.now()
        b, sols, run = self._runner(restrict, batch, pace)
        # The first slice is short, so a first tiling found early is handed out at once.
        size = self._first_slice()
        found = 0
        skip = 0  # tilings a restart finds again, already handed out
        while True:
            started, before = clock.now(), int(b["regs"][3])
            wall = time.perf_counter()
            state = run(self._stop(before + size, budget))
            if not self.compiled:
                self.kernels.spend(time.perf_counter() - wall)
            self.nodes = budget.used_nodes = int(b["regs"][3])
            size = self._next_slice(self.nodes - before, clock.now() - started)
            for s in range(int(b["regs"][4])):
                if skip:
                    skip -= 1
                    continue
                found += 1
                chosen = np.array(sols[s * b["row"]:(s + 1) * b["row"]], dtype=np.int64)
                found_here = Found(chosen[chosen >= 0], *b["rows"])
                yield self.built(found_here) if build else found_here
            if state == kernel.DONE:
                return
            if not self.compiled and self.kernels.use(self.plain):  # the work grew: start again compiled
                self.compiled = True
                b, sols, run = self._runner(restrict, batch, pace)
                size, skip = self._first_slice(), found
            now = clock.now()
            if progress is not None and now - last >= every:
                last = now
                progress(Progress(what, fraction=self._fraction(b), found=found, seconds=now - t0))
            if budget.nodes is not None and self.nodes > budget.nodes:
                raise BudgetExhausted(f"node budget of {budget.nodes} spent")
            budget.check()
            if budget.seconds is not None and now - t0 > budget.seconds:
                raise BudgetExhausted(f"time budget of {budget.seconds:g} s spent")

    def tilings(self, up_to_symmetry: bool = True, budget: Budget | None = None,
                progress: ProgressFn | None = None) -> Iterator[Tiling]:
        """Tilings as a stream: one per symmetry class (the smallest of the class when the
        canonical form is used), or every tiling with ``up_to_symmetry=False``."""
        if self.fixed_piece is not None:
            for t in self.search(True, budget, progress):
                if up_to_symmetry:
                    yield t
                else:
                    yield from sorted(self.orbit(t))
        else:
            for t in self.search(False, budget, progress):
                if not up_to_symmetry or self.is_canonical(t):
                    yield t


def _plain(values: np.ndarray) -> list[int] | array:
    """A table for the plain kernels: a list, the fastest to index from Python; past
    :data:`PLAIN_LIST_MOST` entries an ``array("q")``, a third slower but 8 bytes an
    entry where a list of large ints takes 36."""
    return values.tolist() if len(values) <= PLAIN_LIST_MOST else array("q", values.tobytes())


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _verdict(result: TilingResult, stopped: str | None) -> None:
    """Fill in the status and message from the counts."""
    up, raw = result.count_up_to_symmetry, result.count
    counts = _plural(up, "tiling") + (f" up to symmetry ({raw} in all)" if result.symmetries > 1 else "")
    if result.complete:
        if up == 0:
            result.status, result.message = Status.NONE, \
                f"no tiling: every placement was tried ({_plural(result.nodes, 'search node')})"
        else:
            result.status = Status.UNIQUE if up == 1 else Status.MULTIPLE
            result.message = counts
    elif up >= 2:
        result.status, result.message = Status.MULTIPLE, f"at least {counts}, {stopped}"
    else:
        result.status, result.message = Status.GAVE_UP, f"{stopped} after {counts}"


def solve(board: Board, pieces: list[Piece], *, gaps: bool = False, up_to_symmetry: bool = True,
          limit: int | None = None, keep: int | None = None, budget: Budget | None = None,
          progress: ProgressFn | None = None, plain: bool | None = None,
          kernel_name: str = "auto", limits: Limits = DEFAULT_LIMITS) -> TilingResult:
    """Tile ``board`` with ``pieces``: the verdict, the counts, and the tilings kept.

    The search stops after ``limit`` tilings (counted up to symmetry, or every one with
    ``up_to_symmetry=False``), but not before it has two classes, so that a single
    tiling is only called unique once the search is over. ``keep`` caps the tilings
    kept in the result (all found by default; 0 to only count).

    ``budget`` is started here and covers everything after the counting checks: making
    the placements and the tables as well as the search. Raises InputError when the
    placements would be more than ``limits`` allow (see :class:`Tiler`).
    """
    budget = (budget or Budget(seconds=None)).start()
    t0 = clock.now()
    big = board.area >= TILING_CELLS and (limit is None or limit > FEW_TILINGS)
    pace = Pace(budget, progress, f"setting up {board.describe()}")
    try:
        tiler = Tiler(board, pieces, gaps=gaps, plain=plain, kernel_name=kernel_name, big=big, limits=limits,
                      pace=pace)
    except BudgetExhausted as err:
        return TilingResult(Status.GAVE_UP, f"gave up: {err} while {pace.doing()}", [], 0, 0, 1,
                            clock.now() - t0, 0, False)
    order = len(tiler.transforms)
    result = TilingResult(Status.NONE, "", [], 0, 0, order, 0.0, 0, False,
                          "restriction" if tiler.fixed_piece else "canonical form")
    reason = tiler.problem or (f"piece {tiler.nowhere} fits nowhere on the board" if tiler.nowhere else None)
    if reason:
        result.status, result.message, result.complete, result.reason = Status.NONE, reason, True, reason
        if tiler.obstacle is not None and tiler.obstacle.region != board.cells:
            result.region = tiler.obstacle.region
        result.seconds = clock.now() - t0
        return result
    stopped = None
    caps = [n for n in (keep, limit) if n is not None]
    cap = min(caps) if caps else None
    try:
        # Tilings are written out only when kept: counting needs none.
        for found in tiler.search(tiler.fixed_piece is not None, budget, progress, build=False):
            room = cap is None or len(result.tilings) < cap
            if tiler.fixed_piece is not None:
                result.count_up_to_symmetry += 1
                result.count += order
                new = ([tiler.built(found)] if up_to_symmetry else sorted(tiler.orbit(tiler.built(found)))) \
                    if room else []
            else:
                result.count += 1
                canonical = order == 1 or tiler.is_canonical_found(found)
                result.count_up_to_symmetry += canonical
                new = [tiler.built(found)] if room and (canonical or not up_to_symmetry) else []
            result.tilings += new if cap is None else new[:max(0, cap - len(result.tilings))]
            counted = result.count_up_to_symmetry if up_to_symmetry else result.count
            if limit is not None and counted >= limit and result.count_up_to_symmetry >= 2:
                stopped = f"stopped at the limit of {limit}"
                break
            budget.check()  # a long tiling takes a while to compare and write out
        else:
            result.complete = True
    except BudgetExhausted as err:
        stopped = f"gave up: {err}"
    result.nodes = getattr(tiler, "nodes", 0)
    result.seconds = clock.now() - t0
    _verdict(result, stopped)
    return result
