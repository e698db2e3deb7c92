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

Progress
--------
The search pauses every slice of nodes. The fraction done is estimated the way
Knuth's programs report it (TAOCP 7.2.2, "progress report"): at depth ``k`` the
node has ``n_k`` candidates and is on the ``i_k``-th, so the finished part of the
tree is about ``sum_k (i_k - 1) / (n_1 ... n_k)`` -- exact for a uniform tree,
and it never runs backwards.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np

from xlsolver.core import clock
from xlsolver.core import Budget, BudgetExhausted, Cell, Status
from xlsolver.core.progress import Progress, ProgressFn
from xlsolver.polyomino import bitboard, kernel
from xlsolver.polyomino.board import Board, Transform, obstacle
from xlsolver.polyomino.pieces import Piece, apply, normalize

__all__ = ["Placement", "Tiler", "Tiling", "TilingResult", "placements", "solve"]

Placement = tuple[str, tuple[Cell, ...]]
"""A piece's name and the sorted board cells it covers."""
Tiling = tuple[Placement, ...]
"""The placements of one solution, sorted."""

SLICE = 1 << 16  # nodes between pauses of the compiled kernel (~ a few ms)
PLAIN_SLICE = 1 << 12
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


def scan_order(board: Board) -> list[Cell]:
    """The cells along the board's short side first (rows of a tall board, columns of a wide one)."""
    if board.width <= board.height:
        return sorted(board.cells)
    return sorted(board.cells, key=lambda rc: (rc[1], rc[0]))


def placements(board: Board, piece: Piece) -> list[tuple[Cell, ...]]:
    """Every set of board cells the piece can cover, sorted."""
    found = set()
    inside = board.cells
    rows = [r for r, _ in inside]
    cols = [c for _, c in inside]
    top, left, bottom, right = min(rows), min(cols), max(rows), max(cols)
    for shape in piece.orientations():
        h = max(r for r, _ in shape)
        w = max(c for _, c in shape)
        # Every translation that keeps the shape in the board's bounding box; a shape is
        # sorted, and moving every cell by the same step keeps it sorted.
        for r in range(top, bottom - h + 1):
            for c in range(left, right - w + 1):
                cells = tuple([(r + dr, c + dc) for dr, dc in shape])
                if inside.issuperset(cells):
                    found.add(cells)
    return sorted(found)


class Tiler:
    """A board, a piece set, and everything the search needs, computed once.

    ``gaps=True`` lets the pieces leave cells empty (they must still all be placed).
    ``plain`` picks the kernels (True plain, False compiled, None by ``XLSOLVER_KERNELS``
    and the size of the work: compiled from the start when ``big``, which defaults to a
    board of at least :data:`TILING_CELLS` cells).
    """

    def __init__(self, board: Board, pieces: list[Piece], gaps: bool = False, plain: bool | None = None,
                 kernel_name: str = "auto", big: bool | None = None) -> None:
        names = [p.name for p in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"piece names repeat: {', '.join(sorted(names))}")
        self.board, self.pieces, self.gaps = board, [p for p in pieces if p.count > 0], gaps
        self.obstacle = obstacle(board, self.pieces, gaps)
        self.problem = self.obstacle.reason if self.obstacle else None
        self.order = scan_order(board)
        self.index = {cell: k for k, cell in enumerate(self.order)}
        self.places = {p.name: placements(board, p) for p in self.pieces}
        self.group = self._group()
        self._image_cache: dict[str, list] = {}
        self.fixed_piece = self._restriction_piece()
        if kernel_name not in ("auto", "bits", "cells"):
            raise ValueError(f"unknown kernel {kernel_name!r} (auto, bits or cells)")
        fits = self._bit_layout() is not None
        if kernel_name == "bits" and not fits:
            raise ValueError(f"the bitboard kernel takes boards of at most {bitboard.WORD} cells "
                             "in their bounding box")
        self.kernel = "bits" if kernel_name == "bits" or (kernel_name == "auto" and fits) else "cells"
        self.kernels = bitboard.KERNELS if self.kernel == "bits" else kernel.KERNELS
        self.plain = plain  # True, False, or None: chosen by the size of the work (Kernels.use)
        self.compiled = self.kernels.use(plain, big=board.area >= TILING_CELLS if big is None else big)

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

    def _group(self) -> list[tuple[dict[Cell, Cell], dict[str, str]]]:
        group = []
        for t in self.board.symmetries:
            names = self._relabel(t)
            if names is not None:
                group.append((self.board.mapper(t), names))
        return group

    def image(self, tiling: Tiling, g: tuple[dict[Cell, Cell], dict[str, str]]) -> Tiling:
        cells, names = g
        return tuple(sorted((names[n], tuple(sorted(cells[c] for c in cs))) for n, cs in tiling))

    def orbit(self, tiling: Tiling) -> set[Tiling]:
        """Every tiling symmetric to this one (itself included)."""
        return {self.image(tiling, g) for g in self.group}

    def is_canonical(self, tiling: Tiling) -> bool:
        return all(tiling <= self.image(tiling, g) for g in self.group[1:])

    def _restriction_piece(self) -> str | None:
        """A one-copy piece that no symmetry but the identity moves onto itself anywhere,
        whose placement orbits are fewest; None when no piece qualifies. Such a piece's
        orbits all have ``|G|`` placements, so the fewest orbits are the fewest placements:
        the pieces are tried in that order and the first that qualifies wins."""
        if len(self.group) == 1:
            return None
        for p in sorted(self.pieces, key=lambda p: (len(self.places[p.name]), p.name)):
            if p.count != 1 or any(names[p.name] != p.name for _, names in self.group):
                continue
            if not any(pl in images for pl, images in zip(self.places[p.name], self._images(p.name))):
                return p.name
        return None

    def _representatives(self, name: str) -> list[tuple[Cell, ...]]:
        """The smallest placement of each orbit of the piece's placements."""
        return [pl for pl, images in zip(self.places[name], self._images(name)) if all(pl <= x for x in images)]

    def _images(self, name: str) -> list[tuple[tuple[Cell, ...], ...]]:
        """For each placement of the piece, its images under the group but the identity."""
        if name not in self._image_cache:
            self._image_cache[name] = [tuple(tuple(sorted(cells[c] for c in pl)) for cells, _ in self.group[1:])
                                       for pl in self.places[name]]
        return self._image_cache[name]

    # --- the search -----------------------------------------------------------------

    def options(self, restrict: bool = True) -> list[Placement]:
        """The problem as an exact cover: every placement the search may use (with
        ``restrict``, the restriction piece at one placement per orbit), sorted. A tiling
        is a choice of these covering every cell once and using each piece as often as
        it has copies; other solvers can be handed the same list."""
        out = []
        for p in self.pieces:
            restricted = restrict and p.name == self.fixed_piece
            out += [(p.name, pl) for pl in (self._representatives(p.name) if restricted else self.places[p.name])]
        return sorted(out)

    def _used(self, restrict: bool) -> list[tuple[int, tuple[Cell, ...]]]:
        """``(piece number, cells)`` of every placement the search may use; with
        ``restrict`` the restriction piece keeps one placement per orbit."""
        out = []
        for k, p in enumerate(self.pieces):
            restricted = restrict and p.name == self.fixed_piece
            out += [(k, pl) for pl in (self._representatives(p.name) if restricted else self.places[p.name])]
        return out

    def _rows(self, restrict: bool) -> list[tuple[int, int, list[int], tuple[Cell, ...]]]:
        """``(first cell, piece number, cell numbers, cells)`` of each placement, sorted."""
        rows = []
        for k, pl in self._used(restrict):
            ids = sorted(self.index[c] for c in pl)
            rows.append((ids[0], k, ids, pl))
        rows.sort()
        return rows

    def _root(self, restrict: bool, piece_of: list[int]) -> list[int]:
        """The rows of the piece the root of the tree branches on (see the kernels): the
        restriction piece, else the one-copy piece with the fewest placements; [] if none."""
        if restrict and self.fixed_piece is not None:
            k = next(k for k, p in enumerate(self.pieces) if p.name == self.fixed_piece)
        else:
            single = [(len(self.places[p.name]), k) for k, p in enumerate(self.pieces) if p.count == 1]
            if not single:
                return []
            k = min(single)[1]
        return [i for i, piece in enumerate(piece_of) if piece == k]

    def _pruning(self) -> tuple[int, int]:
        """``(minsize, unit)`` of the dead-region test; (0, 1) turns it off, as it must be
        when the pieces may leave cells empty."""
        sizes = [p.size for p in self.pieces]
        spare = self.board.area - sum(p.size * p.count for p in self.pieces)
        if (self.gaps and spare > 0) or not sizes:
            return 0, 1
        return min(sizes), math.gcd(*sizes)

    def _buffers(self, restrict: bool) -> dict:
        """The cell kernel's tables and state, as lists (plain) or int64 arrays (compiled)."""
        rows = self._rows(restrict)
        n = len(self.order)
        S = max((p.size for p in self.pieces), default=1)
        start = [0] * (n + 1)
        for first, *_ in rows:
            start[first + 1] += 1
        for c in range(n):
            start[c + 1] += start[c]
        root = self._root(restrict, [k for _, k, _, _ in rows])
        W = max(max((start[c + 1] - start[c] for c in range(n)), default=0) + 1, len(root))
        cells = []
        for _, _, ids, _ in rows:
            cells += ids + [-1] * (S - len(ids))
        spare = n - sum(p.size * p.count for p in self.pieces)
        buf = dict(start=start, root=root, pl_piece=[k for _, k, _, _ in rows], pl_cells=cells or [-1],
                   occ=[0] * n, left=[p.count for p in self.pieces], cand=[0] * ((n + 1) * W),
                   ncand=[0] * (n + 1), idx=[0] * (n + 1), cellat=[0] * (n + 1),
                   regs=[0, 1, spare if self.gaps else 0, 0, 0, 0], nbr=self._neighbours(),
                   seen=[0] * n, stack=[0] * max(n, 1))
        if self.compiled:
            buf = {k: np.asarray(v, dtype=np.int64) for k, v in buf.items()}
        minsize, unit = self._pruning()
        return dict(buf, S=S, W=W, n=n, minsize=minsize, unit=unit, rows=[(k, pl) for _, k, _, pl in rows])

    def _bit_layout(self) -> tuple[int, int, list[int]] | None:
        """``(m, bits, bit of each open cell)`` when the board's bounding box fits in a
        64-bit word (numbered along the short side, as :func:`scan_order`), else None."""
        rows = [r for r, _ in self.board.cells]
        cols = [c for _, c in self.board.cells]
        r0, c0 = min(rows), min(cols)
        h, w = max(rows) - r0 + 1, max(cols) - c0 + 1
        if h * w > bitboard.WORD:
            return None
        if self.board.width <= self.board.height:
            bit = [(r - r0) * w + (c - c0) for r, c in self.order]
            return w, h * w, bit
        return h, h * w, [(c - c0) * h + (r - r0) for r, c in self.order]

    def _bit_buffers(self, restrict: bool) -> dict:
        """The bitboard kernel's tables and state (see :mod:`xlsolver.polyomino.bitboard`)."""
        m, nbits, bit = self._bit_layout()
        B = len(self.pieces)
        bit_of = {cell: 1 << b for cell, b in zip(self.order, bit)}
        keyed = []
        for k, pl in self._used(restrict):
            mask = sum(bit_of[c] for c in pl)
            keyed.append((((mask & -mask).bit_length() - 1) * B + k, mask, (k, pl)))
        keyed.sort(key=lambda t: t[0])
        rows = [row for _, _, row in keyed]
        masks = [mask for _, mask, _ in keyed]
        start = [0] * (nbits * B + 1)
        for slot, _, _ in keyed:
            start[slot + 1] += 1
        for c in range(nbits * B):
            start[c + 1] += start[c]
        root = self._root(restrict, [k for k, _ in rows])
        W = max(max(start[(c + 1) * B] - start[c * B] for c in range(nbits)) + 1, len(root))
        open_bits = sum(1 << b for b in bit)
        every = (1 << bitboard.WORD) - 1
        boards = [every & ~open_bits & ((1 << nbits) - 1)] + [0] * (nbits + 1)
        spare = self.board.area - sum(p.size * p.count for p in self.pieces)
        words = dict(pl_mask=masks or [0], boards=boards, geo=bitboard.geometry(open_bits, m, nbits))
        numbers = dict(start=start, root=root, pl_piece=[k for k, _ in rows], left=[p.count for p in self.pieces],
                       regs=[0, 1, spare if self.gaps else 0, 0, 0, 0])
        zeros = dict(cand=(nbits + 1) * W, ncand=nbits + 1, idx=nbits + 1, cellat=nbits + 1)
        if self.compiled:
            buf = {k: np.array([bitboard.signed(x) for x in v], dtype=np.int64) for k, v in words.items()}
            buf.update({k: np.array(v, dtype=np.int64) for k, v in numbers.items()})
            buf.update({k: np.zeros(n, dtype=np.int64) for k, n in zeros.items()})
        else:
            buf = dict(words, **numbers, **{k: [0] * n for k, n in zeros.items()})
        minsize, unit = self._pruning()
        return dict(buf, W=W, n=nbits, minsize=minsize, unit=unit, rows=rows)

    def _neighbours(self) -> list[int]:
        out = []
        for r, c in self.order:
            out += [self.index.get(x, -1) for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))]
        return out

    def _tiling(self, rows: list[tuple[int, tuple[Cell, ...]]], ids) -> Tiling:
        """The kernel's placement numbers (-1 padded) of one solution as a tiling."""
        out = []
        for p in ids:
            if p < 0:
                break
            k, cells = rows[p]
            out.append((self.pieces[k].name, cells))
        return tuple(sorted(out))

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

    def _runner(self, restrict: bool, batch: int):
        """The buffers, and a function that runs the chosen kernel for one slice of nodes."""
        compiled = self.compiled
        if self.kernel == "bits":
            b = self._bit_buffers(restrict)
            run = bitboard.KERNELS.get("run") if compiled else bitboard.run
            sols = np.zeros(batch * b["n"], np.int64) if compiled else [0] * (batch * b["n"])

            def step(stop: int) -> int:
                return run(b["n"], b["W"], b["start"], b["root"], b["pl_piece"], b["pl_mask"], b["left"], b["boards"],
                           b["cand"], b["ncand"], b["idx"], b["cellat"], b["regs"], sols, batch, stop,
                           b["geo"], b["minsize"], b["unit"])
        else:
            b = self._buffers(restrict)
            run = kernel.KERNELS.get("run") if compiled else kernel.run
            sols = np.zeros(batch * b["n"], np.int64) if compiled else [0] * (batch * b["n"])

            def step(stop: int) -> int:
                return run(b["n"], b["S"], b["W"], b["start"], b["root"], b["pl_piece"], b["pl_cells"], b["occ"], b["left"],
                           b["cand"], b["ncand"], b["idx"], b["cellat"], b["regs"], sols, batch, stop,
                           b["nbr"], b["seen"], b["stack"], b["minsize"], b["unit"])
        return b, sols, step

    def search(self, restrict: bool, budget: Budget | None = None, progress: ProgressFn | None = None,
               every: float | None = None, batch: int = 64, build: bool = True) -> Iterator[Tiling | None]:
        """Every tiling the kernel finds (with ``restrict``, one per symmetry class when
        :attr:`fixed_piece` is set), lazily; None for each with ``build=False`` (counting).
        Raises ``BudgetExhausted`` when ``budget`` runs out, or when ``progress`` raises it."""
        if self.problem or any(not self.places[p.name] for p in self.pieces):
            return
        budget = budget or Budget(seconds=None)
        every = PROGRESS_EVERY if every is None else every
        b, sols, run = self._runner(restrict, batch)
        # The first slice is short, so a first tiling found early is handed out at once.
        size = (SLICE if self.compiled else PLAIN_SLICE) >> 4
        t0 = last = clock.now()
        found = 0
        skip = 0  # tilings a restart finds again, already handed out
        what = f"tiling {self.board.describe()}"
        while True:
            started = time.perf_counter()
            state = run(self._stop(int(b["regs"][3]) + size, budget))
            if not self.compiled:
                self.kernels.spend(time.perf_counter() - started)
            size = SLICE if self.compiled else PLAIN_SLICE
            self.nodes = budget.used_nodes = int(b["regs"][3])
            for s in range(int(b["regs"][4])):
                if skip:
                    skip -= 1
                    continue
                found += 1
                yield self._tiling(b["rows"], sols[s * b["n"]:(s + 1) * b["n"]]) if build else None
            if state == kernel.DONE:
                return
            if not self.compiled and self.kernels.use(self.plain):  # the work grew: start again compiled
                self.compiled = True
                b, sols, run = self._runner(restrict, batch)
                skip = found
            now = clock.now()
            if progress is not None and now - last >= every:
                last = now
                progress(Progress(what, fraction=self._fraction(b), found=found, seconds=now - t0))
            if budget.nodes is not None and self.nodes > budget.nodes:
                raise BudgetExhausted(f"node budget of {budget.nodes} spent")
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
          kernel_name: str = "auto") -> TilingResult:
    """Tile ``board`` with ``pieces``: the verdict, the counts, and the tilings kept.

    The search stops after ``limit`` tilings (counted up to symmetry, or every one with
    ``up_to_symmetry=False``), but not before it has two classes, so that a single
    tiling is only called unique once the search is over. ``keep`` caps the tilings
    kept in the result (all found by default; 0 to only count).
    """
    t0 = clock.now()
    big = board.area >= TILING_CELLS and (limit is None or limit > FEW_TILINGS)
    tiler = Tiler(board, pieces, gaps=gaps, plain=plain, kernel_name=kernel_name, big=big)
    order = len(tiler.group)
    result = TilingResult(Status.NONE, "", [], 0, 0, order, 0.0, 0, False,
                          "restriction" if tiler.fixed_piece else "canonical form")
    reason = tiler.problem or next((f"piece {p.name} fits nowhere on the board"
                                    for p in tiler.pieces if not tiler.places[p.name]), None)
    if reason:
        result.status, result.message, result.complete, result.reason = Status.NONE, reason, True, reason
        if tiler.obstacle is not None and tiler.obstacle.region != board.cells:
            result.region = tiler.obstacle.region
        result.seconds = clock.now() - t0
        return result
    stopped = None
    caps = [n for n in (keep, limit) if n is not None]
    cap = min(caps) if caps else None
    # Counting alone needs no tiling built, unless each must be compared with its images.
    build = cap != 0 or (tiler.fixed_piece is None and order > 1)
    try:
        for t in tiler.search(tiler.fixed_piece is not None, budget, progress, build=build):
            room = cap is None or len(result.tilings) < cap
            if tiler.fixed_piece is not None:
                result.count_up_to_symmetry += 1
                result.count += order
                new = ([t] if up_to_symmetry else sorted(tiler.orbit(t))) if room else []
            else:
                result.count += 1
                canonical = order == 1 or tiler.is_canonical(t)
                result.count_up_to_symmetry += canonical
                new = [t] if room and (canonical or not up_to_symmetry) else []
            result.tilings += new if cap is None else new[:max(0, cap - len(result.tilings))]
            counted = result.count_up_to_symmetry if up_to_symmetry else result.count
            if limit is not None and counted >= limit and result.count_up_to_symmetry >= 2:
                stopped = f"stopped at the limit of {limit}"
                break
        else:
            result.complete = True
    except BudgetExhausted as err:
        stopped = f"gave up: {err}"
    result.nodes = getattr(tiler, "nodes", 0)
    result.seconds = clock.now() - t0
    _verdict(result, stopped)
    return result
