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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from xlsolver.core import Budget, BudgetExhausted, Status
from xlsolver.polyomino import kernel
from xlsolver.polyomino.board import Board, Transform, problems
from xlsolver.polyomino.pieces import Cell, Piece, apply, normalize

Placement = tuple[str, tuple[Cell, ...]]
"""A piece's name and the sorted board cells it covers."""
Tiling = tuple[Placement, ...]
"""The placements of one solution, sorted."""

SLICE = 1 << 16  # nodes between pauses of the compiled kernel (~ a few ms)
PLAIN_SLICE = 1 << 12


@dataclass(frozen=True)
class Progress:
    """Where a search stands: the figures a progress bar or a status bar shows."""

    fraction: float  # estimated part of the search tree done, 0..1
    solutions: int  # tilings found so far (counted as the search counts them)
    nodes: int
    seconds: float


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


def scan_order(board: Board) -> list[Cell]:
    """The cells along the board's short side first (rows of a tall board, columns of a wide one)."""
    if board.width <= board.height:
        return sorted(board.cells)
    return sorted(board.cells, key=lambda rc: (rc[1], rc[0]))


def placements(board: Board, piece: Piece) -> list[tuple[Cell, ...]]:
    """Every set of board cells the piece can cover, sorted."""
    found = set()
    for shape in piece.orientations():
        r0, c0 = shape[0]
        for r, c in board.cells:
            cells = tuple(sorted((r + dr - r0, c + dc - c0) for dr, dc in shape))
            if all(x in board.cells for x in cells):
                found.add(cells)
    return sorted(found)


class Tiler:
    """A board, a piece set, and everything the search needs, computed once.

    ``gaps=True`` lets the pieces leave cells empty (they must still all be placed).
    """

    def __init__(self, board: Board, pieces: list[Piece], gaps: bool = False, plain: bool = False) -> None:
        names = [p.name for p in pieces]
        if len(set(names)) != len(names):
            raise ValueError(f"piece names repeat: {', '.join(sorted(names))}")
        self.board, self.pieces, self.gaps = board, [p for p in pieces if p.count > 0], gaps
        self.problem = problems(board, self.pieces, gaps)
        self.order = scan_order(board)
        self.index = {cell: k for k, cell in enumerate(self.order)}
        self.places = {p.name: placements(board, p) for p in self.pieces}
        self.group = self._group()
        self.fixed_piece = self._restriction_piece()
        self.compiled = kernel.run_compiled is not None and not plain

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
        whose placement orbits are fewest; None when no piece qualifies."""
        if len(self.group) == 1:
            return None
        best = None
        for p in self.pieces:
            if p.count != 1 or any(names[p.name] != p.name for _, names in self.group):
                continue
            places = self.places[p.name]
            if any(tuple(sorted(cells[c] for c in pl)) == pl for pl in places for cells, _ in self.group[1:]):
                continue
            reps = len(self._representatives(p.name))
            if best is None or reps < best[0]:
                best = (reps, p.name)
        return None if best is None else best[1]

    def _representatives(self, name: str) -> list[tuple[Cell, ...]]:
        """The smallest placement of each orbit of the piece's placements."""
        reps = []
        for pl in self.places[name]:
            if all(pl <= tuple(sorted(cells[c] for c in pl)) for cells, _ in self.group):
                reps.append(pl)
        return reps

    # --- the search -----------------------------------------------------------------

    def _buffers(self, restrict: bool) -> dict:
        """The kernel's tables and state, as lists (plain) or int64 arrays (compiled)."""
        pieces = {p.name: k for k, p in enumerate(self.pieces)}
        rows = []
        for p in self.pieces:
            places = self._representatives(p.name) if restrict and p.name == self.fixed_piece \
                else self.places[p.name]
            for pl in places:
                ids = sorted(self.index[c] for c in pl)
                rows.append((ids[0], pieces[p.name], ids))
        rows.sort()
        n = len(self.order)
        S = max((p.size for p in self.pieces), default=1)
        start = [0] * (n + 1)
        for first, _, _ in rows:
            start[first + 1] += 1
        for c in range(n):
            start[c + 1] += start[c]
        W = max((start[c + 1] - start[c] for c in range(n)), default=0) + 1
        cells = []
        for _, _, ids in rows:
            cells += ids + [-1] * (S - len(ids))
        spare = n - sum(p.size * p.count for p in self.pieces)
        buf = dict(start=start, pl_piece=[k for _, k, _ in rows], pl_cells=cells or [-1],
                   occ=[0] * n, left=[p.count for p in self.pieces], cand=[0] * ((n + 1) * W),
                   ncand=[0] * (n + 1), idx=[0] * (n + 1), cellat=[0] * (n + 1),
                   regs=[0, 1, spare if self.gaps else 0, 0, 0, 0], nbr=self._neighbours(),
                   seen=[0] * n, stack=[0] * max(n, 1))
        self._rows = rows
        if self.compiled:
            import numpy as np

            buf = {k: np.asarray(v, dtype=np.int64) for k, v in buf.items()}
        sizes = [p.size for p in self.pieces]
        # Region pruning is only sound when every cell must be covered.
        prune = not (self.gaps and spare > 0)
        return dict(buf, S=S, W=W, n=n, minsize=min(sizes) if prune and sizes else 0,
                    unit=math.gcd(*sizes) if prune and sizes else 1)

    def _neighbours(self) -> list[int]:
        out = []
        for r, c in self.order:
            out += [self.index.get(x, -1) for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))]
        return out

    def _tiling(self, ids) -> Tiling:
        out = []
        for p in ids:
            if p < 0:
                break
            _, k, cells = self._rows[p]
            out.append((self.pieces[k].name, tuple(sorted(self.order[c] for c in cells))))
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

    def search(self, restrict: bool, budget: Budget | None = None,
               progress: Callable[[Progress], None] | None = None, every: float = 0.2,
               batch: int = 64) -> Iterator[Tiling]:
        """Every tiling the kernel finds (with ``restrict``, one per symmetry class when
        :attr:`fixed_piece` is set), lazily. Raises ``BudgetExhausted`` when ``budget`` runs out."""
        if self.problem or any(not self.places[p.name] for p in self.pieces):
            return
        budget = budget or Budget(seconds=None)
        b = self._buffers(restrict)
        run = kernel.run_compiled if self.compiled else kernel.run
        step = SLICE if self.compiled else PLAIN_SLICE
        sols = np.zeros(batch * b["n"], np.int64) if self.compiled else [0] * (batch * b["n"])
        t0 = last = time.perf_counter()
        found = 0
        while True:
            state = run(b["n"], b["S"], b["W"], b["start"], b["pl_piece"], b["pl_cells"], b["occ"], b["left"],
                        b["cand"], b["ncand"], b["idx"], b["cellat"], b["regs"], sols, batch,
                        self._stop(int(b["regs"][3]) + step, budget), b["nbr"], b["seen"], b["stack"],
                        b["minsize"], b["unit"])
            self.nodes = budget.used_nodes = int(b["regs"][3])
            for s in range(int(b["regs"][4])):
                found += 1
                yield self._tiling(sols[s * b["n"]:(s + 1) * b["n"]])
            if state == kernel.DONE:
                return
            now = time.perf_counter()
            if progress is not None and now - last >= every:
                last = now
                progress(Progress(self._fraction(b), found, self.nodes, now - t0))
            if budget.nodes is not None and self.nodes > budget.nodes:
                raise BudgetExhausted(f"node budget of {budget.nodes} spent")
            if budget.seconds is not None and now - t0 > budget.seconds:
                raise BudgetExhausted(f"time budget of {budget.seconds:g} s spent")

    def tilings(self, up_to_symmetry: bool = True, budget: Budget | None = None,
                progress: Callable[[Progress], None] | None = None) -> Iterator[Tiling]:
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
          progress: Callable[[Progress], None] | None = None, plain: bool = False) -> TilingResult:
    """Tile ``board`` with ``pieces``: the verdict, the counts, and the tilings kept.

    The search stops after ``limit`` tilings (counted up to symmetry, or every one with
    ``up_to_symmetry=False``), but not before it has two classes, so that a single
    tiling is only called unique once the search is over. ``keep`` caps the tilings
    kept in the result (all found by default; 0 to only count).
    """
    t0 = time.perf_counter()
    tiler = Tiler(board, pieces, gaps=gaps, plain=plain)
    order = len(tiler.group)
    result = TilingResult(Status.NONE, "", [], 0, 0, order, 0.0, 0, False,
                          "restriction" if tiler.fixed_piece else "canonical form")
    reason = tiler.problem or next((f"piece {p.name} fits nowhere on the board"
                                    for p in tiler.pieces if not tiler.places[p.name]), None)
    if reason:
        result.status, result.message, result.complete = Status.NONE, reason, True
        result.seconds = time.perf_counter() - t0
        return result
    stopped = None
    caps = [n for n in (keep, limit) if n is not None]
    cap = min(caps) if caps else None
    try:
        for t in tiler.search(tiler.fixed_piece is not None, budget, progress):
            if tiler.fixed_piece is not None:
                result.count_up_to_symmetry += 1
                result.count += order
                new = [t] if up_to_symmetry else sorted(tiler.orbit(t))
            else:
                result.count += 1
                canonical = tiler.is_canonical(t)
                result.count_up_to_symmetry += canonical
                new = [t] if canonical or not up_to_symmetry else []
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
    result.seconds = time.perf_counter() - t0
    _verdict(result, stopped)
    return result
