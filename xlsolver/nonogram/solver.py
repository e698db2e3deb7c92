"""A complete nonogram solver: propagation, probing, search, and a verdict.

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
SAT        instead of that search (``engine="auto"`` when python-sat is
           installed, or ``"sat"``): what the root's line logic and probing
           left open goes to CaDiCaL (:mod:`.sat`), which asks for two
           solutions and proves the shared cells as a backbone.

:func:`solutions` is the stream; :func:`solve` turns it into one verdict,
locates a contradiction, and proves which cells several solutions share.

Lines inside the engine are ``(axis, index)`` pairs (0 = row, 1 = column);
they become :class:`Line` objects only in reports.
"""

from __future__ import annotations

import math
import time
from collections import deque
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator

import numpy as np

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.status import Status
from xlsolver.nonogram import sat
from xlsolver.nonogram.kernel import clue_table, probe_compiled
from xlsolver.nonogram.line import solve_line_bytes
from xlsolver.nonogram.model import (
    BLOCK,
    DOT,
    UNKNOWN,
    Conflict,
    Line,
    Nonogram,
    NonogramResult,
    format_clue,
)

Cell = tuple[int, int]
LineKey = tuple[int, int]  # (axis, index): axis 0 = row, 1 = column

# Follow-up work after the verdict (proving shared cells, shrinking a set of
# clashing givens) gets what is left of the budget, at most this many seconds,
# and each single check at most CHECK_SECONDS of that.
FOLLOW_UP_SECONDS = 5.0
CHECK_SECONDS = 1.0
DIVE_SECONDS = 0.1  # a quick dive without probing, tried before each such check
# engine="auto" stops probing the root for the SAT solver once this many probes in
# a row taught nothing: (at least, share of the unknown cells). See _Engine.probe.
PATIENCE = (16, 0.25)
PROBE_SLICE = 2000  # compiled probes between two looks at the budget

# What runs after line logic (see solve): "auto" probes, then uses SAT when installed.
ENGINES = ("auto", "native", "sat")


def solutions(puzzle: Nonogram, givens: np.ndarray | None = None,
              budget: Budget | None = None) -> Iterator[np.ndarray]:
    """Every solution (bool grid, True = black) that respects ``givens``, each once.

    ``budget`` (default: none) is started on the first ``next()``; when it is
    spent, :class:`BudgetExhausted` comes out of the iteration.
    """
    budget = (budget or Budget(seconds=None)).start()
    if puzzle.problems():
        return
    engine = _Engine(puzzle, budget)
    board = _Board.from_array(_start_grid(puzzle, givens))
    if engine.propagate(board, engine.all_lines()) is None:
        yield from engine.search(board)


def solve(puzzle: Nonogram, givens: np.ndarray | None = None,
          budget: Budget | None = None, engine: str = "auto", shared: bool = True) -> NonogramResult:
    """Solve completely: exactly one of UNIQUE, MULTIPLE, NONE or GAVE_UP.

    ``givens`` is a state grid (``UNKNOWN`` where free) the solution must
    respect. ``budget`` defaults to ``Budget()`` (60 s). UNIQUE is only said
    after the search has proved there is no second solution.

    ``engine`` (one of :data:`ENGINES`) picks what runs after line logic:
    ``"native"`` probing and this module's search; ``"sat"`` the SAT back
    end (:mod:`.sat`) straight away; ``"auto"`` (default) probing at the
    root, then the SAT back end for whatever is left when python-sat is
    installed, else the native search. With ``"sat"`` the difficulty label
    never says "probing" (probing is not tried). A node budget counts search
    nodes natively and solver conflicts on the SAT side.

    ``shared`` (default): for several solutions, also prove which cells they
    all share (what a sheet paints; up to FOLLOW_UP_SECONDS more). False stops
    at the verdict: ``known`` is then what line logic and probing fixed.
    """
    use_sat = _sat_wanted(engine)
    started = time.perf_counter()
    result = _solve(puzzle, givens, (budget or Budget()).start(), use_sat, probe_root=engine != "sat", shared=shared)
    return replace(result, seconds=time.perf_counter() - started)


def _sat_wanted(engine: str) -> bool:
    """Does ``engine`` mean the SAT back end? Errors for unknown or unavailable engines."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine == "sat" and not sat.available():
        raise RuntimeError("engine 'sat' needs python-sat: pip install python-sat")
    return engine == "sat" or (engine == "auto" and sat.available())


def _solve(puzzle: Nonogram, givens: np.ndarray | None, budget: Budget,
           use_sat: bool = False, probe_root: bool = True, shared: bool = True) -> NonogramResult:
    clock = _Allowance.after(budget)
    problems = puzzle.problems()
    if problems:
        return _clue_problems(puzzle, problems)
    start = _start_grid(puzzle, givens)
    engine = _Engine(puzzle, budget)
    engine.stats["engine"] = "sat" if use_sat else "native"
    root = _Board.from_array(start)  # holds what is deduced for every solution
    with ExitStack() as cleanup:
        backend: sat.SatNonogram | None = None
        found: list[np.ndarray] = []
        try:
            if engine.propagate(root, engine.all_lines()) is not None:
                engine.note_conflict(root_line=True)
            elif use_sat:
                found, backend = _sat_search(engine, root, clock.deadline, probe_root)
                if backend is not None:
                    cleanup.callback(backend.close)
            else:
                for solution in engine.search(root):
                    found.append(solution)
                    if len(found) == 2:
                        break
        except BudgetExhausted:
            known = root.to_array()
            return _result(Status.GAVE_UP, (), known, _gave_up_message(budget, known), engine)
        if not found:
            if engine.conflict is None:  # the SAT solver proved it: ask the native search where it breaks
                engine.conflict = _first_contradiction(puzzle, root.to_array(), clock.follow_up(budget))
            conflict, message = _locate_conflict(puzzle, start, engine, clock.follow_up(budget))
            return _result(Status.NONE, (), start, message, engine, conflict)
        if len(found) == 1:
            return _result(Status.UNIQUE, (found[0],), _states(found[0]), _unique_message(engine.stats), engine)
        if not shared:
            known, complete = root.to_array(), False
        elif backend is not None:
            known, complete = _sat_shared_cells(backend, root.to_array(), found, clock.follow_up(budget))
            engine.stats["sat_conflicts"] = backend.conflicts
        else:
            known, complete = _shared_cells(puzzle, root.to_array(), found, clock.follow_up(budget))
        engine.stats["known_complete"] = complete
        return _result(Status.MULTIPLE, tuple(found), known, _multiple_message(found, known, complete), engine)


# --- the SAT back end's search ---------------------------------------------


def _sat_search(engine: "_Engine", root: "_Board", deadline: float,
                probe_root: bool) -> tuple[list[np.ndarray], "sat.SatNonogram | None"]:
    """Up to two solutions below a propagated ``root``: probe it (when asked;
    it changes ``root``), then hand what is left to the SAT solver.

    Returns the solutions and the SAT solver (None when probing settled the
    puzzle), kept open for proving shared cells. The native layers stay in
    front because they are cheap and shrink the encoding: on the TAAI set
    probing settles a root in a few hundredths of a second, where encoding
    the whole grid alone costs a tenth.
    """
    if probe_root and not root.complete():
        probe = engine.probe_fast(root, patience=PATIENCE)
        if probe.failures:
            engine.note_conflict(cell=probe.cell, failures=probe.failures)
            return [], None
    if root.complete():
        return [root.to_array() == BLOCK], None
    engine._raise_difficulty("search")
    backend = sat.SatNonogram(engine.puzzle, root.to_array())
    try:
        found = []
        first = _sat_call(backend, engine.budget, deadline)
        if first is not None:
            found.append(first)
            second = _sat_call(backend, engine.budget, deadline, [backend.differ_from(first)])
            if second is not None:
                found.append(second)
        engine.stats["sat_calls"] = backend.calls
        engine.stats["sat_conflicts"] = backend.conflicts
        return found, backend
    except BaseException:
        backend.close()
        raise


def _sat_call(backend: "sat.SatNonogram", budget: Budget, deadline: float,
              assumptions: list[int] = ()) -> np.ndarray | None:
    """One SAT call under the solve's budget; its conflicts count as nodes."""
    before = backend.conflicts
    left = None if budget.nodes is None else budget.nodes - budget.used_nodes
    try:
        return backend.solve(None if math.isinf(deadline) else deadline, assumptions, left)
    finally:
        budget.used_nodes += backend.conflicts - before


def _sat_shared_cells(backend: "sat.SatNonogram", root: np.ndarray, found: list[np.ndarray],
                      allowance: "_Allowance") -> tuple[np.ndarray, bool]:
    """:func:`_shared_cells` by the SAT solver: the backbone, cell by cell.

    For each candidate, ask for a model with the other value: none means the
    cell is shared (added as a unit clause, which narrows later calls); a
    model clears every candidate it disagrees with (the iterative backbone
    algorithm; see Janota, Lynce & Marques-Silva 2015).
    """
    known = root.copy()
    value = _states(found[0])
    candidate = (known == UNKNOWN) & np.logical_and.reduce([f == found[0] for f in found])
    complete = True
    for r, c in np.argwhere(candidate).tolist():
        if not candidate[r, c]:
            continue
        check = allowance.check()
        if check is None:
            return known, False
        black = bool(found[0][r, c])
        before = backend.conflicts
        try:
            other = backend.solve(time.perf_counter() + check.seconds, [backend.literal(r, c, not black)], check.nodes)
        except BudgetExhausted:
            complete = False  # undecided: stays UNKNOWN
            continue
        finally:
            if allowance.nodes is not None:
                allowance.nodes -= backend.conflicts - before
        if other is None:
            known[r, c] = value[r, c]
            backend.fix(r, c, black)
        else:
            candidate &= other == found[0]
    return known, complete


def _first_contradiction(puzzle: Nonogram, grid: np.ndarray, allowance: "_Allowance") -> "_Contradiction | None":
    """The first contradiction the native search meets below ``grid`` (which
    has no solution), to say where a puzzle breaks; None if not met in time."""
    check = _first_solution(puzzle, grid, allowance)
    return None if check.engine is None else check.engine.conflict


# --- the engine -------------------------------------------------------------


class _Board:
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
    def from_array(cls, grid: np.ndarray) -> "_Board":
        return cls([r.tobytes() for r in grid], [c.tobytes() for c in grid.T])

    def to_array(self) -> np.ndarray:
        return np.frombuffer(b"".join(self.rows), dtype=np.int8).reshape(len(self.rows), len(self.cols)).copy()

    def copy(self) -> "_Board":
        return _Board(self.rows.copy(), self.cols.copy())

    def set(self, r: int, c: int, value: int) -> None:
        self.rows[r] = _put(self.rows[r], c, value)
        self.cols[c] = _put(self.cols[c], r, value)

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

    def union(self, other: "_Board") -> "_Board":
        """What holds on either board: the cellwise OR (BLOCK | DOT == UNKNOWN)."""
        return _Board(_union(self.rows, other.rows), _union(self.cols, other.cols))

    def learns_from(self, outcomes: list["_Board"]) -> bool:
        """Do the outcomes, all together, fix a cell that is unknown here?

        Checked on rows only, the cheaper half of :meth:`union`.
        """
        rows = outcomes[0].rows
        for other in outcomes[1:]:
            rows = _union(rows, other.rows)
        return rows != self.rows

    def diff(self, other: "_Board") -> list[LineKey]:
        """The lines on which ``other`` differs from this board."""
        return ([(0, i) for i, (a, b) in enumerate(zip(self.rows, other.rows)) if a != b]
                + [(1, j) for j, (a, b) in enumerate(zip(self.cols, other.cols)) if a != b])

    def replace(self, other: "_Board") -> list[LineKey]:
        """Take ``other``'s lines; answer the lines that changed."""
        changed = self.diff(other)
        self.rows[:], self.cols[:] = other.rows, other.cols
        return changed


_BYTE = [bytes((v,)) for v in range(4)]


def _put(line: bytes, i: int, value: int) -> bytes:
    return line[:i] + _BYTE[value] + line[i + 1:]


def _union(mine: list[bytes], theirs: list[bytes]) -> list[bytes]:
    """Linewise OR; lines both sides share (often the very same object) are kept."""
    return [a if a == b else (int.from_bytes(a, "big") | int.from_bytes(b, "big")).to_bytes(len(a), "big")
            for a, b in zip(mine, theirs)]


class _Engine:
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
        self.conflict: _Contradiction | None = None
        self.fixed = 0  # cells fixed by propagation so far: progress, for scoring probes
        self._clue_table: tuple[np.ndarray, np.ndarray] | None = None  # for the compiled kernels
        self._last_failure: LineKey | None = None

    def all_lines(self) -> list[LineKey]:
        return [(0, i) for i in range(self.puzzle.height)] + [(1, j) for j in range(self.puzzle.width)]

    def propagate(self, board: _Board, dirty: Iterable[LineKey]) -> LineKey | None:
        """Run the line solver until nothing changes; the line with no placement, or None."""
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
                        crossing[k] = _put(crossing[k], index, now)
                        if not flags[k]:
                            flags[k] = 1
                            pending.append((other, k))
        self.stats["lines"] += solved
        return None

    def probe(self, board: _Board, near: set[LineKey] | None = None,
              patience: tuple[int, float] | None = None) -> "_Probe":
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
            best = _Probe()
            cells = board.by_known_neighbours(board.unknown_cells(near))
            limit = None if patience is None else max(patience[0], patience[1] * len(cells))
            for r, c in cells:
                if board.rows[r][c] != UNKNOWN:
                    continue  # fixed earlier in this pass
                if limit is not None and idle > limit:
                    self.stats["probing_stopped"] = True
                    return _Probe()
                if fruitless is not None and (r, c) in fruitless and all(
                        lines[axis][i] == seen for (axis, i), seen in fruitless[(r, c)]):
                    continue
                self.budget.charge()
                self.stats["probes"] += 1
                idle += 1
                outcomes, gains, failures = self._try_both(board, r, c)
                if not outcomes:
                    self._raise_difficulty("probing")
                    return _Probe(cell=(r, c), failures=tuple(failures))
                if board.learns_from(outcomes):
                    idle = 0
                    before = board.copy()
                    merged = outcomes[0] if len(outcomes) == 1 else outcomes[0].union(outcomes[1])
                    if self.propagate(board, board.replace(merged)) is not None:
                        # Sound, but not expected: an outcome is a consistent refinement
                        # of ``merged``, and propagation is monotone.
                        return _Probe(cell=(r, c), failures=(self._last_failure,))
                    if near is not None:
                        near.update(before.diff(board))
                    learned = True
                    self._raise_difficulty("probing")
                else:
                    if fruitless is not None:
                        read = {(0, r), (1, c)}.union(*(board.diff(outcome) for outcome in outcomes))
                        fruitless[(r, c)] = [(key, lines[key[0]][key[1]]) for key in read]
                    if not learned:
                        best = max(best, _Probe.branch((r, c), outcomes, gains))
            if learned:
                continue
            if best.cell is None and near is not None and not board.complete():
                near = None  # nothing left to probe near the decision: probe everywhere
                continue
            return best

    def probe_fast(self, board: _Board, patience: tuple[int, float] | None = None) -> "_Probe":
        """:meth:`probe` over the whole board by the compiled kernel when numba is
        there (:func:`~xlsolver.nonogram.kernel.probe_kernel`: the same order and
        the same outcome, some ten times sooner), else by :meth:`probe`.

        It returns no branching cell (the kernel keeps no outcomes), so it
        serves the root for the SAT back end; the native search probes in Python.
        """
        if probe_compiled is None:
            return self.probe(board, patience=patience)
        grid = board.to_array().ravel()
        h, w = self.puzzle.shape
        least, share = patience if patience is not None else (-1, 0.0)
        regs = np.zeros(5, dtype=np.int64)
        while True:
            before = int(regs[0])
            status = probe_compiled(grid, h, w, *self._table, least, share, before + PROBE_SLICE, regs)
            self.budget.charge(int(regs[0]) - before)  # the clock is read between slices
            if status != 3:
                break
        self.stats["probes"] += int(regs[0])
        if regs[4]:
            self._raise_difficulty("probing")
        board.replace(_Board.from_array(grid.reshape(h, w)))
        if status == 1:
            self._raise_difficulty("probing")
            key = lambda line: (0, line) if line < h else (1, line - h)
            return _Probe(cell=divmod(int(regs[1]), w), failures=tuple(dict.fromkeys((key(int(regs[2])),
                                                                                      key(int(regs[3]))))))
        if status == 2:
            self.stats["probing_stopped"] = True
        return _Probe()

    @property
    def _table(self) -> tuple[np.ndarray, np.ndarray]:
        if self._clue_table is None:
            self._clue_table = clue_table(self.puzzle.rows, self.puzzle.cols)
        return self._clue_table

    def guess(self, board: _Board, near: set[LineKey] | None = None) -> "_Probe":
        """Branch without probing: the first unknown cell (on ``near`` if it has
        one), with its propagated outcomes; cheap nodes for a quick dive."""
        cells = (near and board.unknown_cells(near)) or board.unknown_cells()
        if not cells:
            return _Probe()
        outcomes, gains, failures = self._try_both(board, *cells[0])
        if not outcomes:
            return _Probe(cell=cells[0], failures=tuple(failures))
        return _Probe.branch(cells[0], outcomes, gains)

    def _try_both(self, board: _Board, r: int, c: int) -> tuple[list[_Board], list[int], list[LineKey]]:
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

    def search(self, board: _Board, near: set[LineKey] | None = None,
               prefer: np.ndarray | None = None) -> Iterator[np.ndarray]:
        """Depth-first below a propagated board: each complete grid, once.

        ``near``: the board was probed already, except around these lines.
        ``prefer``: a solution to stay close to; each branch first tries the
        value it has there (phase saving, as in SAT solvers), so a solution
        that differs from it in a few cells turns up early.
        An explicit stack rather than recursion: a branch can be as deep as the
        grid has cells, deeper than Python's recursion limit on large puzzles.
        """
        stack: list[tuple[_Board, int, set[LineKey] | None]] = [(board, 0, near)]
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
            self._raise_difficulty("search")
            self.budget.charge()
            self.stats["branches"] += 1
            children = probe.children  # the outcome that taught more first
            if prefer is not None:
                r, c = probe.cell
                children = sorted(children, key=lambda child: (child.rows[r][c] == BLOCK) != prefer[r, c])
            for child in reversed(children):  # a stack: the first child is popped first
                stack.append((child, depth + 1, set(node.diff(child))))

    def _raise_difficulty(self, level: str) -> None:
        order = ("line", "probing", "search")
        if order.index(level) > order.index(self.stats["difficulty"]):
            self.stats["difficulty"] = level

    def note_conflict(self, cell: Cell | None = None, failures: Iterable[LineKey] = (),
                      depth: int = 0, root_line: bool = False) -> None:
        """Remember the first contradiction met, to explain a NONE verdict."""
        if self.conflict is not None:
            return
        keys = (self._last_failure,) if root_line else tuple(dict.fromkeys(failures))
        lines = tuple(_line(k) for k in keys if k is not None)
        self.conflict = _Contradiction(lines, cell, depth, root_line)


@dataclass(frozen=True, order=True)
class _Probe:
    """What probing a node concluded.

    ``failures`` set: contradiction (both values of ``cell`` fail at those
    lines). Else ``cell`` set: branch there, into ``children`` (its two
    propagated outcomes, better first). Neither: the grid is complete.
    ``score`` orders branching candidates (cells learned on the worse side,
    then on both): the cell that shrinks both subtrees most.
    """

    score: tuple[int, int] = (-1, -1)
    cell: Cell | None = field(default=None, compare=False)
    children: tuple[_Board, ...] = field(default=(), compare=False)
    failures: tuple[LineKey, ...] = field(default=(), compare=False)

    @staticmethod
    def branch(cell: Cell, outcomes: list[_Board], gains: list[int]) -> "_Probe":
        order = sorted(range(len(outcomes)), key=lambda i: -gains[i])
        return _Probe((min(gains), sum(gains)), cell, tuple(outcomes[i] for i in order))


@dataclass(frozen=True)
class _Contradiction:
    """The first contradiction a search met: lines with no placement; the cell
    whose two values both failed (probing); how deep in the search."""

    lines: tuple[Line, ...]
    cell: Cell | None = None
    depth: int = 0
    root_line: bool = False


# --- budgets for follow-up work ---------------------------------------------


@dataclass
class _Allowance:
    """What is left of a solve's budget for work after the verdict."""

    deadline: float
    nodes: int | None

    @classmethod
    def after(cls, budget: Budget) -> "_Allowance":
        seconds = math.inf if budget.seconds is None else budget.seconds
        return cls(time.perf_counter() + seconds, budget.nodes)

    def follow_up(self, used: Budget) -> "_Allowance":
        """What ``used`` left, in time at most FOLLOW_UP_SECONDS."""
        nodes = None if self.nodes is None else self.nodes - used.used_nodes
        return _Allowance(min(self.deadline, time.perf_counter() + FOLLOW_UP_SECONDS), nodes)

    def spend(self, used: Budget) -> None:
        if self.nodes is not None:
            self.nodes -= used.used_nodes

    def exhausted(self) -> bool:
        return time.perf_counter() >= self.deadline or (self.nodes is not None and self.nodes <= 0)

    def check(self, seconds: float = CHECK_SECONDS) -> Budget | None:
        """A budget for one check, or None when nothing is left."""
        if self.exhausted():
            return None
        left = self.deadline - time.perf_counter()
        return Budget(seconds=min(left, seconds), nodes=self.nodes).start()


@dataclass(frozen=True)
class _Check:
    """The outcome of looking for one solution under a small budget."""

    solution: np.ndarray | None = None  # a solution, when one was found
    none: bool = False  # proven: there is no solution
    engine: _Engine | None = None  # the engine that searched (its first contradiction)


def _first_solution(puzzle: Nonogram, grid: np.ndarray, allowance: _Allowance,
                    near: set[LineKey] | None = None, prefer: np.ndarray | None = None,
                    probing: bool = True) -> _Check:
    """Look for one solution below ``grid`` with a check budget from ``allowance``
    (``near``, ``prefer``: as for :meth:`_Engine.search`)."""
    budget = allowance.check() if probing else allowance.check(DIVE_SECONDS)
    if budget is None:
        return _Check()
    engine = _Engine(puzzle, budget, probing)
    board = _Board.from_array(grid)
    try:
        if engine.propagate(board, engine.all_lines()) is not None:
            engine.note_conflict(root_line=True)
            return _Check(none=True, engine=engine)
        solution = next(engine.search(board, near, prefer), None)
        return _Check(solution, none=solution is None, engine=engine)
    except BudgetExhausted:
        return _Check(engine=engine)
    finally:
        allowance.spend(budget)


def _decide(puzzle: Nonogram, grid: np.ndarray, allowance: _Allowance,
            near: set[LineKey] | None = None, prefer: np.ndarray | None = None) -> _Check:
    """Has ``grid`` a solution? A quick dive first (finding one is often easy),
    then the full search with probing (proving there is none needs it)."""
    check = _first_solution(puzzle, grid, allowance, near, prefer, probing=False)
    if check.solution is None and not check.none:
        check = _first_solution(puzzle, grid, allowance, near, prefer)
    return check


# --- several solutions: the cells they all share ----------------------------


def _shared_cells(puzzle: Nonogram, root: np.ndarray, found: list[np.ndarray],
                  allowance: _Allowance) -> tuple[np.ndarray, bool]:
    """The cells every solution shares, proven one by one; and whether all were decided.

    A candidate is a cell where the solutions seen so far agree and which
    probing did not already fix. It is shared if forcing the other value
    leaves no solution; a solution found that way removes every candidate it
    disagrees with. Cells the budget could not decide stay UNKNOWN.

    ``root`` was probed to a fixpoint, so each check probes only around the
    forced cell, and it looks for a solution close to the first one.
    """
    known = root.copy()
    value = _states(found[0])
    candidate = (known == UNKNOWN) & np.logical_and.reduce([f == found[0] for f in found])
    complete = True
    for r, c in np.argwhere(candidate).tolist():
        if not candidate[r, c]:
            continue
        trial = known.copy()
        trial[r, c] = UNKNOWN ^ value[r, c]  # the other value: 1 <-> 2
        check = _decide(puzzle, trial, allowance, near={(0, r), (1, c)}, prefer=found[0])
        if check.solution is not None:
            candidate &= check.solution == found[0]
        elif check.none:
            known[r, c] = value[r, c]  # proven; it also narrows the later checks
        else:
            complete = False  # undecided: stays UNKNOWN; try the others while time is left
            if allowance.exhausted():
                break
    return known, complete


# --- no solution: where it breaks --------------------------------------------


def _locate_conflict(puzzle: Nonogram, start: np.ndarray, engine: _Engine,
                     allowance: _Allowance) -> tuple[Conflict, str]:
    """Where a puzzle without solution breaks, and one sentence that says so.

    If the clues alone have solutions, the givens are to blame: shrink them to
    a small clashing set. Otherwise (or when that cannot be decided) report
    the lines of the first contradiction the search met.
    """
    if (start != UNKNOWN).any():
        free = np.full(start.shape, UNKNOWN, dtype=np.int8)
        alone = _first_solution(puzzle, free, allowance)
        if alone.solution is not None:
            cells = _clashing_givens(puzzle, start, allowance)
            return _givens_conflict(puzzle, start, cells)
        if alone.none:
            engine = alone.engine
    contradiction = engine.conflict or _Contradiction(())
    return Conflict(lines=contradiction.lines), _contradiction_message(puzzle, contradiction)


def _clashing_givens(puzzle: Nonogram, start: np.ndarray, allowance: _Allowance) -> list[Cell]:
    """A small subset of the givens that still leaves no solution.

    Deletion-based minimisation in halving chunks (as in delta debugging):
    drop a chunk when the rest is proven unsolvable. Adding givens never adds
    solutions, so a given that was needed stays needed, and the last pass
    (chunk 1) leaves a set where every given is needed, unless a check ran
    out of budget, in which case the given is kept (the set still clashes).
    """
    keep = [tuple(cell) for cell in np.argwhere(start != UNKNOWN).tolist()]
    chunk = max(1, len(keep) // 2)
    while True:
        i = 0
        while i < len(keep):
            trial = keep[:i] + keep[i + chunk:]
            if _clashes(puzzle, start, trial, allowance):
                keep = trial
            else:
                i += chunk
        if chunk == 1:
            return keep
        chunk //= 2


def _clashes(puzzle: Nonogram, start: np.ndarray, cells: list[Cell], allowance: _Allowance) -> bool:
    """True when the givens at ``cells`` alone are proven to leave no solution."""
    return _decide(puzzle, _givens_only(start, cells), allowance).none


def _givens_only(start: np.ndarray, cells: list[Cell]) -> np.ndarray:
    grid = np.full(start.shape, UNKNOWN, dtype=np.int8)
    for r, c in cells:
        grid[r, c] = start[r, c]
    return grid


def _givens_conflict(puzzle: Nonogram, start: np.ndarray, cells: list[Cell]) -> tuple[Conflict, str]:
    grid = _givens_only(start, cells)
    engine = _Engine(puzzle, Budget(seconds=None))
    failed = engine.propagate(_Board.from_array(grid), engine.all_lines())
    lines = (_line(failed),) if failed is not None else ()
    named = ", ".join(f"(row {r + 1}, column {c + 1}: {'black' if start[r, c] == BLOCK else 'white'})"
                      for r, c in cells)
    several = len(cells) > 1
    message = f"no solution: the given cell{'s' if several else ''} {named} clash{'' if several else 'es'} with the clues"
    if lines:
        message += f"; then {_describe(puzzle, lines[0])} cannot be placed"
    return Conflict(lines=lines, cells=tuple(cells)), message


def _contradiction_message(puzzle: Nonogram, found: _Contradiction) -> str:
    names = [_describe(puzzle, line) for line in found.lines]
    if not names:
        return "no solution"
    if found.cell is None and found.depth == 0:
        return f"no solution: {' and '.join(names)} cannot be placed"
    if found.depth == 0 and found.cell is not None:
        r, c = found.cell
        return (f"no solution: cell (row {r + 1}, column {c + 1}) can be neither black nor white; "
                f"either way {' or '.join(names)} cannot be placed")
    return f"no solution: every branch of the search fails; the first contradiction is in {names[0]}"


def _clue_problems(puzzle: Nonogram, problems: list[tuple[Line | None, str]]) -> NonogramResult:
    """NONE for clues that cannot work at all, naming the lines (the solver stays total)."""
    lines = tuple(dict.fromkeys(line for line, _ in problems if line is not None))
    message = "no solution: " + "; ".join(text for _, text in problems)
    known = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    return NonogramResult(Status.NONE, (), known, message, Conflict(lines=lines))


# --- small helpers -----------------------------------------------------------


def _start_grid(puzzle: Nonogram, givens: np.ndarray | None) -> np.ndarray:
    """The givens as a fresh state grid (all UNKNOWN without givens)."""
    if givens is None:
        return np.full(puzzle.shape, UNKNOWN, dtype=np.int8)
    grid = np.array(givens, dtype=np.int8)
    if grid.shape != puzzle.shape:
        raise ValueError(f"givens have shape {grid.shape}, the puzzle {puzzle.shape}")
    if not np.isin(grid, (BLOCK, DOT, UNKNOWN)).all():
        raise ValueError("givens must hold only BLOCK, DOT or UNKNOWN")
    return grid


def _states(solution: np.ndarray) -> np.ndarray:
    """A bool solution as a state grid."""
    return np.where(solution, BLOCK, DOT).astype(np.int8)


def _line(key: LineKey) -> Line:
    return Line("row" if key[0] == 0 else "col", key[1])


def _describe(puzzle: Nonogram, line: Line) -> str:
    return f"{line} (clue {format_clue(puzzle.clue(line))})"


def _result(status: Status, found: tuple[np.ndarray, ...], known: np.ndarray, message: str,
            engine: _Engine, conflict: Conflict | None = None) -> NonogramResult:
    return NonogramResult(status, found, known, message, conflict,
                          nodes=engine.budget.used_nodes, stats=dict(engine.stats))


def _gave_up_message(budget: Budget, known: np.ndarray) -> str:
    decided = int(np.count_nonzero(known != UNKNOWN))
    return (f"gave up after {budget.describe()} ({budget.used_nodes} nodes searched); "
            f"{decided} of {known.size} cells deduced")


def _unique_message(stats: dict) -> str:
    if stats["difficulty"] == "search" and stats.get("engine") == "sat":
        return f"unique solution, found by SAT search ({stats['sat_conflicts']} conflicts)"
    how = {"line": "by line logic alone", "probing": "by line logic and probing",
           "search": f"by search ({stats['branches']} branches)"}[stats["difficulty"]]
    return f"unique solution, found {how}"


def _multiple_message(found: list[np.ndarray], known: np.ndarray, complete: bool) -> str:
    differ = int(np.count_nonzero(found[0] != found[1]))
    shared = int(np.count_nonzero(known != UNKNOWN))
    text = f"several solutions: the two shown differ in {differ} cells; {shared} cells are the same in every solution"
    return text if complete else text + " (the rest not checked: budget spent)"
