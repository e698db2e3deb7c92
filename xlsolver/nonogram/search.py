"""The search engine: propagation, probing and depth-first search over boards.

Layers, in nonogrid's order, each used only when the one before is stuck:

propagate  run the exact line solver (:mod:`.line`) over every dirty row and
           column until nothing changes (a fixpoint; its result does not depend
           on the order, because the line solver is exact and monotone).
probe      for each unknown cell, propagate it black and white on copies. A
           value that contradicts fixes the other one; and since
           ``BLOCK | DOT == UNKNOWN``, the OR of the two outcomes is what holds
           either way. Repeat until a pass learns nothing.
search     depth-first on the cell whose probes taught the most, with both
           layers at every node. Branches split the solutions, so each
           solution is yielded once; uniqueness is "ask for two".

A contradiction is a value here (the line that failed, a :class:`Probe`
with failures, the engine's first :class:`Contradiction`), never an
exception; only a spent budget raises.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Iterator

import numpy as np

from xlsolver.core import clock
from xlsolver.core.budget import Budget
from xlsolver.core.geometry import Cell
from xlsolver.nonogram.board import Board, LineKey, line_of, put
from xlsolver.nonogram.kernel import KERNELS, clue_table, probe_registers
from xlsolver.nonogram.line import solve_line_bytes
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Line, Nonogram

__all__ = ["PROBE_FIRST_SLICE", "Engine"]

# Compiled probes run in slices with a look at the budget between two: the first
# slice this many probes, each next one sized to take about PROBE_SLICE_SECONDS at
# the rate the last one showed, and growing at most PROBE_GROWTH times. A probe costs
# microseconds on a small grid and a millisecond or more on a 200x200 one, so a fixed
# number of probes per slice (2000, once) let a 2 s budget run 11 to 16 s.
PROBE_FIRST_SLICE = 16
PROBE_SLICE_SECONDS = 0.02
PROBE_GROWTH = 4
PROPAGATE_LINES = 16  # lines solved by propagation between two looks at the clock


class Engine:
    """Propagation, probing and search over boards of one puzzle.

    Boards are passed in and changed in place; the engine keeps only the
    clues, the budget, counters, and the first contradiction it met.
    """

    def __init__(self, puzzle: Nonogram, budget: Budget, probing: bool = True) -> None:
        self.puzzle = puzzle
        self.clues = (puzzle.rows, puzzle.cols)
        self.budget = budget
        self.probing = probing  # False: a plain dive, branching on the first unknown cell
        self.stats = {"lines": 0, "probes": 0, "branches": 0, "depth": 0, "difficulty": "line"}
        self.conflict: Contradiction | None = None
        self.fixed = 0  # cells fixed by propagation so far: progress, for scoring probes
        self._clue_table: tuple[np.ndarray, np.ndarray] | None = None  # for the compiled kernels
        self._last_failure: LineKey | None = None

    def all_lines(self) -> list[LineKey]:
        return [(0, i) for i in range(self.puzzle.height)] + [(1, j) for j in range(self.puzzle.width)]

    def propagate(self, board: Board, dirty: Iterable[LineKey]) -> LineKey | None:
        """Run the line solver until nothing changes; the line with no placement, or None.
        Raises BudgetExhausted when the time runs out first (``board`` then holds
        what was deduced so far, which is sound)."""
        lines = (board.rows, board.cols)
        queued = (bytearray(len(board.rows)), bytearray(len(board.cols)))  # flags: in pending?
        pending = deque()
        for axis, index in dirty:
            if not queued[axis][index]:
                queued[axis][index] = 1
                pending.append((axis, index))
        solved = 0
        while pending:
            axis, index = pending.popleft()
            queued[axis][index] = 0
            old = lines[axis][index]
            new = solve_line_bytes(self.clues[axis][index], old)
            solved += 1
            if not solved % PROPAGATE_LINES:  # a round over a large grid takes long: look at the clock
                self.budget.check()
            if new is None:
                self.stats["lines"] += solved
                self._last_failure = (axis, index)
                return self._last_failure
            if new != old:
                lines[axis][index] = new
                other = 1 - axis
                crossing, flags = lines[other], queued[other]
                for k, (was, now) in enumerate(zip(old, new)):
                    if was != now:
                        self.fixed += 1
                        crossing[k] = put(crossing[k], index, now)
                        if not flags[k]:
                            flags[k] = 1
                            pending.append((other, k))
        self.stats["lines"] += solved
        return None

    def probe(self, board: Board, near: set[LineKey] | None = None,
              patience: tuple[int, float] | None = None) -> "Probe":
        """Probe unknown cells until a pass learns nothing (changes ``board``).

        ``near``: probe only the cells on these lines, widened by every line
        that probing changes (None: every cell). Below the root of a search,
        cells far from the last decision mostly repeat their parent's probes.
        Returns the best cell to branch on with its two propagated outcomes,
        an empty probe when the board is complete, or a contradiction.

        ``patience`` ``(least, share)``: give up once more probes than
        ``max(least, share * unknown cells)`` in a row have taught nothing,
        returning an empty probe on an incomplete board (for the SAT back
        end, which needs no fixpoint: the last, fruitless pass is the dearest).
        With patience, a probe that taught nothing is not repeated while the
        lines it read (its row and column, and every line it changed) are
        as they were: it would teach nothing again. (Without patience every
        probe runs, because the last pass also picks the branching cell.)
        """
        idle = 0
        lines = (board.rows, board.cols)  # changed in place by replace(): always the board's
        fruitless: dict[Cell, list[tuple[LineKey, bytes]]] | None = {} if patience is not None else None
        while True:
            learned = False
            best = Probe()
            cells = board.by_known_neighbours(board.unknown_cells(near))
            limit = None if patience is None else max(patience[0], patience[1] * len(cells))
            for r, c in cells:
                if board.rows[r][c] != UNKNOWN:
                    continue  # fixed earlier in this pass
                if limit is not None and idle > limit:
                    self.stats["probing_stopped"] = True
                    return Probe()
                if fruitless is not None and (r, c) in fruitless and all(
                        lines[axis][i] == seen for (axis, i), seen in fruitless[(r, c)]):
                    continue
                self.budget.charge()
                self.budget.check()  # a probe of a large grid costs milliseconds: every one looks
                self.stats["probes"] += 1
                idle += 1
                outcomes, gains, failures = self._try_both(board, r, c)
                if not outcomes:
                    self.raise_difficulty("probing")
                    return Probe(cell=(r, c), failures=tuple(failures))
                if board.learns_from(outcomes):
                    idle = 0
                    before = board.copy()
                    merged = outcomes[0] if len(outcomes) == 1 else outcomes[0].union(outcomes[1])
                    if self.propagate(board, board.replace(merged)) is not None:
                        # Sound, but not expected: an outcome is a consistent refinement
                        # of ``merged``, and propagation is monotone.
                        return Probe(cell=(r, c), failures=(self._last_failure,))
                    if near is not None:
                        near.update(before.diff(board))
                    learned = True
                    self.raise_difficulty("probing")
                else:
                    if fruitless is not None:
                        read = {(0, r), (1, c)}.union(*(board.diff(outcome) for outcome in outcomes))
                        fruitless[(r, c)] = [(key, lines[key[0]][key[1]]) for key in read]
                    if not learned:
                        best = max(best, Probe.branch((r, c), outcomes, gains))
            if learned:
                continue
            if best.cell is None and near is not None and not board.complete():
                near = None  # nothing left to probe near the decision: probe everywhere
                continue
            return best

    def probe_fast(self, board: Board, patience: tuple[int, float] | None = None) -> "Probe":
        """:meth:`probe` over the whole board by the compiled kernel when the line
        solver runs compiled (:func:`~xlsolver.nonogram.kernel.probe_kernel`: the same order and
        the same outcome, some ten times sooner), else by :meth:`probe`.

        The kernel runs in slices of about :data:`PROBE_SLICE_SECONDS`, each
        going on where the last stopped, and the budget is charged and its
        clock read between every two (a probe of a large grid costs a
        millisecond or more, so a slice is sized by the rate measured so far).
        Whatever probing learned is on ``board`` also when the budget runs out.
        It returns no branching cell (the kernel keeps no outcomes), so it
        serves the root for the SAT back end; the native search probes in Python.
        """
        if not KERNELS.use():
            return self.probe(board, patience=patience)
        probe_compiled = KERNELS.get("probe_kernel")
        grid = board.to_array().ravel()
        h, w = self.puzzle.shape
        least, share = patience if patience is not None else (-1, 0.0)
        regs = probe_registers(h, w)
        size = PROBE_FIRST_SLICE
        try:
            while True:
                before, started = int(regs[0]), clock.now()
                status = probe_compiled(grid, h, w, *self._table, least, share, before + size, regs)
                done = int(regs[0]) - before
                self.budget.charge(done)
                self.budget.check()
                if status != 3:
                    break
                size = _slice_size(done, clock.now() - started)
        finally:
            self.stats["probes"] += int(regs[0])
            board.replace(Board.from_array(grid.reshape(h, w)))
        if regs[4]:
            self.raise_difficulty("probing")
        if status == 1:
            self.raise_difficulty("probing")
            key = lambda line: (0, line) if line < h else (1, line - h)
            return Probe(cell=divmod(int(regs[1]), w), failures=tuple(dict.fromkeys((key(int(regs[2])),
                                                                                      key(int(regs[3]))))))
        if status == 2:
            self.stats["probing_stopped"] = True
        return Probe()

    @property
    def _table(self) -> tuple[np.ndarray, np.ndarray]:
        if self._clue_table is None:
            self._clue_table = clue_table(self.puzzle.rows, self.puzzle.cols)
        return self._clue_table

    def guess(self, board: Board, near: set[LineKey] | None = None) -> "Probe":
        """Branch without probing: the first unknown cell (on ``near`` if it has
        one), with its propagated outcomes; cheap nodes for a quick dive."""
        cells = (near and board.unknown_cells(near)) or board.unknown_cells()
        if not cells:
            return Probe()
        outcomes, gains, failures = self._try_both(board, *cells[0])
        if not outcomes:
            return Probe(cell=cells[0], failures=tuple(failures))
        return Probe.branch(cells[0], outcomes, gains)

    def _try_both(self, board: Board, r: int, c: int) -> tuple[list[Board], list[int], list[LineKey]]:
        """Propagate cell (r, c) as black and as white: the consistent outcomes
        with the cells each fixed, and the lines where the others failed."""
        outcomes, gains, failures = [], [], []
        for value in (BLOCK, DOT):
            trial = board.copy()
            trial.set(r, c, value)
            before = self.fixed
            failed = self.propagate(trial, ((0, r), (1, c)))
            if failed is None:
                outcomes.append(trial)
                gains.append(self.fixed - before + 1)
            else:
                failures.append(failed)
        return outcomes, gains, failures

    def search(self, board: Board, near: set[LineKey] | None = None,
               prefer: np.ndarray | None = None) -> Iterator[np.ndarray]:
        """Depth-first below a propagated board: each complete grid, once.

        ``near``: the board was probed already, except around these lines.
        ``prefer``: a solution to stay close to; each branch first tries the
        value it has there (phase saving, as in SAT solvers), so a solution
        that differs from it in a few cells turns up early.
        An explicit stack rather than recursion: a branch can be as deep as the
        grid has cells, deeper than Python's recursion limit on large puzzles.
        """
        stack: list[tuple[Board, int, set[LineKey] | None]] = [(board, 0, near)]
        while stack:
            node, depth, near = stack.pop()
            self.stats["depth"] = max(self.stats["depth"], depth)
            probe = self.probe(node, near) if self.probing else self.guess(node, near)
            if probe.failures:
                self.note_conflict(cell=probe.cell, failures=probe.failures, depth=depth)
                continue
            if probe.cell is None:
                yield node.to_array() == BLOCK
                continue
            self.raise_difficulty("search")
            self.budget.charge()
            self.stats["branches"] += 1
            children = probe.children  # the outcome that taught more first
            if prefer is not None:
                r, c = probe.cell
                children = sorted(children, key=lambda child: (child.rows[r][c] == BLOCK) != prefer[r, c])
            for child in reversed(children):  # a stack: the first child is popped first
                stack.append((child, depth + 1, set(node.diff(child))))

    def raise_difficulty(self, level: str) -> None:
        order = ("line", "probing", "search")
        if order.index(level) > order.index(self.stats["difficulty"]):
            self.stats["difficulty"] = level

    def note_conflict(self, cell: Cell | None = None, failures: Iterable[LineKey] = (),
                      depth: int = 0, root_line: bool = False) -> None:
        """Remember the first contradiction met, to explain a NONE verdict."""
        if self.conflict is not None:
            return
        keys = (self._last_failure,) if root_line else tuple(dict.fromkeys(failures))
        lines = tuple(line_of(k) for k in keys if k is not None)
        self.conflict = Contradiction(lines, cell, depth, root_line)


def _slice_size(done: int, seconds: float) -> int:
    """Probes for the next slice: about PROBE_SLICE_SECONDS at the rate of the last
    slice (``done`` probes in ``seconds``), at most PROBE_GROWTH times as many."""
    if done <= 0:
        return PROBE_FIRST_SLICE
    fit = done * PROBE_SLICE_SECONDS / seconds if seconds > 0 else PROBE_GROWTH * done
    return max(1, min(int(fit), PROBE_GROWTH * done))


@dataclass(frozen=True, order=True)
class Probe:
    """What probing a node concluded.

    ``failures`` set: contradiction (both values of ``cell`` fail at those
    lines). Else ``cell`` set: branch there, into ``children`` (its two
    propagated outcomes, better first). Neither: the grid is complete.
    ``score`` orders branching candidates (cells learned on the worse side,
    then on both): the cell that shrinks both subtrees most.
    """

    score: tuple[int, int] = (-1, -1)
    cell: Cell | None = field(default=None, compare=False)
    children: tuple[Board, ...] = field(default=(), compare=False)
    failures: tuple[LineKey, ...] = field(default=(), compare=False)

    @staticmethod
    def branch(cell: Cell, outcomes: list[Board], gains: list[int]) -> "Probe":
        order = sorted(range(len(outcomes)), key=lambda i: -gains[i])
        return Probe((min(gains), sum(gains)), cell, tuple(outcomes[i] for i in order))


@dataclass(frozen=True)
class Contradiction:
    """The first contradiction a search met: lines with no placement; the cell
    whose two values both failed (probing); how deep in the search."""

    lines: tuple[Line, ...]
    cell: Cell | None = None
    depth: int = 0
    root_line: bool = False

