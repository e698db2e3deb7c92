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

:func:`solutions` is the stream; :func:`solve` turns it into one verdict,
locates a contradiction, and proves which cells several solutions share.

Lines inside the engine are ``(axis, index)`` pairs (0 = row, 1 = column);
they become :class:`Line` objects only in reports.
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator

import numpy as np

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.status import Status
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
    grid = _start_grid(puzzle, givens)
    if engine.propagate(grid, engine.all_lines()) is None:
        yield from engine.search(grid)


def solve(puzzle: Nonogram, givens: np.ndarray | None = None,
          budget: Budget | None = None) -> NonogramResult:
    """Solve completely: exactly one of UNIQUE, MULTIPLE, NONE or GAVE_UP.

    ``givens`` is a state grid (``UNKNOWN`` where free) the solution must
    respect. ``budget`` defaults to ``Budget()`` (60 s). UNIQUE is only said
    after the search has proved there is no second solution.
    """
    started = time.perf_counter()
    result = _solve(puzzle, givens, (budget or Budget()).start())
    return replace(result, seconds=time.perf_counter() - started)


def _solve(puzzle: Nonogram, givens: np.ndarray | None, budget: Budget) -> NonogramResult:
    clock = _Allowance.after(budget)
    problems = puzzle.problems()
    if problems:
        return _clue_problems(puzzle, problems)
    start = _start_grid(puzzle, givens)
    engine = _Engine(puzzle, budget)
    root = start.copy()
    found: list[np.ndarray] = []
    try:
        if engine.propagate(root, engine.all_lines()) is not None:
            engine.note_conflict(root_line=True)
        else:
            for solution in engine.search(root):
                found.append(solution)
                if len(found) == 2:
                    break
    except BudgetExhausted:
        return _result(Status.GAVE_UP, (), root, _gave_up_message(budget, root), engine)
    if not found:
        conflict, message = _locate_conflict(puzzle, start, engine, clock.follow_up())
        return _result(Status.NONE, (), start, message, engine, conflict)
    if len(found) == 1:
        return _result(Status.UNIQUE, (found[0],), _states(found[0]), "unique solution", engine)
    known, complete = _shared_cells(puzzle, root, found, clock.follow_up())
    engine.stats["known_complete"] = complete
    return _result(Status.MULTIPLE, tuple(found), known, _multiple_message(found, known, complete), engine)


# --- the engine -------------------------------------------------------------


class _Engine:
    """Propagation, probing and search over state grids of one puzzle.

    Grids are passed in and changed in place; the engine keeps only the clues,
    the budget, counters, and the first contradiction it met (for reports).
    """

    def __init__(self, puzzle: Nonogram, budget: Budget) -> None:
        self.puzzle = puzzle
        self.clues = (puzzle.rows, puzzle.cols)
        self.budget = budget
        self.stats = {"lines": 0, "probes": 0, "branches": 0, "depth": 0, "difficulty": "line"}
        self.conflict: _Contradiction | None = None
        self._last_failure: LineKey | None = None

    def all_lines(self) -> list[LineKey]:
        return [(0, i) for i in range(self.puzzle.height)] + [(1, j) for j in range(self.puzzle.width)]

    def propagate(self, grid: np.ndarray, dirty: Iterable[LineKey]) -> LineKey | None:
        """Run the line solver until nothing changes; the line with no placement, or None."""
        pending = deque(dict.fromkeys(dirty))
        queued = set(pending)
        while pending:
            key = pending.popleft()
            queued.discard(key)
            axis, index = key
            line = grid[index] if axis == 0 else grid[:, index]
            old = line.tobytes()
            new = solve_line_bytes(self.clues[axis][index], old)
            self.stats["lines"] += 1
            if new is None:
                self._last_failure = key
                return key
            if new != old:
                line[:] = np.frombuffer(new, dtype=np.int8)  # a view: this writes into grid
                for k, (was, now) in enumerate(zip(old, new)):
                    crossing = (1 - axis, k)
                    if was != now and crossing not in queued:
                        queued.add(crossing)
                        pending.append(crossing)
        return None

    def probe(self, grid: np.ndarray) -> "_Probe":
        """Probe every unknown cell until a pass learns nothing (changes ``grid``).

        Returns the best cell to branch on with its two propagated outcomes,
        an empty probe when the grid is complete, or a contradiction.
        """
        while True:
            learned = False
            best = _Probe()
            for r, c in np.argwhere(grid == UNKNOWN).tolist():
                if grid[r, c] != UNKNOWN:
                    continue  # fixed earlier in this pass
                self.budget.charge()
                self.stats["probes"] += 1
                outcomes, failures = self._try_both(grid, r, c)
                if not outcomes:
                    self._raise_difficulty("probing")
                    return _Probe(cell=(r, c), failures=tuple(failures))
                merged = outcomes[0] if len(outcomes) == 1 else outcomes[0] | outcomes[1]
                news = np.argwhere(merged != grid)
                if len(news):
                    grid[:] = merged
                    lines = {(0, i) for i, _ in news.tolist()} | {(1, j) for _, j in news.tolist()}
                    if self.propagate(grid, lines) is not None:  # cannot happen: monotone
                        return _Probe(cell=(r, c), failures=(self._last_failure,))
                    learned = True
                    self._raise_difficulty("probing")
                elif not learned:
                    best = max(best, _Probe.branch(grid, (r, c), outcomes))
            if not learned:
                return best

    def _try_both(self, grid: np.ndarray, r: int, c: int) -> tuple[list[np.ndarray], list[LineKey]]:
        """Propagate cell (r, c) as black and as white: consistent outcomes, failing lines."""
        outcomes, failures = [], []
        for value in (BLOCK, DOT):
            trial = grid.copy()
            trial[r, c] = value
            failed = self.propagate(trial, ((0, r), (1, c)))
            if failed is None:
                outcomes.append(trial)
            else:
                failures.append(failed)
        return outcomes, failures

    def search(self, grid: np.ndarray) -> Iterator[np.ndarray]:
        """Depth-first over a propagated grid: each complete grid below it, once.

        An explicit stack rather than recursion: a branch can be as deep as the
        grid has cells, deeper than Python's recursion limit on large puzzles.
        """
        stack = [(grid, 0)]
        while stack:
            node, depth = stack.pop()
            self.stats["depth"] = max(self.stats["depth"], depth)
            probe = self.probe(node)
            if probe.failures:
                self.note_conflict(cell=probe.cell, failures=probe.failures, depth=depth)
                continue
            if probe.cell is None:
                yield node == BLOCK
                continue
            self._raise_difficulty("search")
            self.budget.charge()
            self.stats["branches"] += 1
            # Pushed in reverse: the outcome that taught more is explored first.
            for child in reversed(probe.children):
                stack.append((child, depth + 1))

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
    children: tuple[np.ndarray, ...] = field(default=(), compare=False)
    failures: tuple[LineKey, ...] = field(default=(), compare=False)

    @staticmethod
    def branch(grid: np.ndarray, cell: Cell, outcomes: list[np.ndarray]) -> "_Probe":
        gains = [int(np.count_nonzero(o != grid)) for o in outcomes]
        order = sorted(range(2), key=lambda i: -gains[i])
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

    def follow_up(self) -> "_Allowance":
        """A share of what is left: at most FOLLOW_UP_SECONDS."""
        return _Allowance(min(self.deadline, time.perf_counter() + FOLLOW_UP_SECONDS), self.nodes)

    def spend(self, used: Budget) -> None:
        if self.nodes is not None:
            self.nodes -= used.used_nodes

    def check(self, seconds: float = CHECK_SECONDS) -> Budget | None:
        """A budget for one check, or None when nothing is left."""
        left = self.deadline - time.perf_counter()
        if left <= 0 or (self.nodes is not None and self.nodes <= 0):
            return None
        return Budget(seconds=min(left, seconds), nodes=self.nodes).start()


@dataclass(frozen=True)
class _Check:
    """The outcome of looking for one solution under a small budget."""

    solution: np.ndarray | None = None  # a solution, when one was found
    none: bool = False  # proven: there is no solution
    engine: _Engine | None = None  # the engine that searched (its first contradiction)


def _first_solution(puzzle: Nonogram, grid: np.ndarray, allowance: _Allowance) -> _Check:
    """Look for one solution below ``grid`` with a check budget from ``allowance``."""
    budget = allowance.check()
    if budget is None:
        return _Check()
    engine = _Engine(puzzle, budget)
    grid = grid.copy()
    try:
        if engine.propagate(grid, engine.all_lines()) is not None:
            engine.note_conflict(root_line=True)
            return _Check(none=True, engine=engine)
        solution = next(engine.search(grid), None)
        return _Check(solution, none=solution is None, engine=engine)
    except BudgetExhausted:
        return _Check(engine=engine)
    finally:
        allowance.spend(budget)


# --- several solutions: the cells they all share ----------------------------


def _shared_cells(puzzle: Nonogram, root: np.ndarray, found: list[np.ndarray],
                  allowance: _Allowance) -> tuple[np.ndarray, bool]:
    """The cells every solution shares, proven one by one; and whether all were decided.

    A candidate is a cell where the solutions seen so far agree and which
    probing did not already fix. It is shared if forcing the other value
    leaves no solution; a solution found that way removes every candidate it
    disagrees with. Cells the budget could not decide stay UNKNOWN.
    """
    known = root.copy()
    value = _states(found[0])
    candidate = (known == UNKNOWN) & np.logical_and.reduce([f == found[0] for f in found])
    for r, c in np.argwhere(candidate).tolist():
        if not candidate[r, c]:
            continue
        trial = known.copy()
        trial[r, c] = UNKNOWN ^ value[r, c]  # the other value: 1 <-> 2
        check = _first_solution(puzzle, trial, allowance)
        if check.solution is not None:
            candidate &= check.solution == found[0]
        elif check.none:
            known[r, c] = value[r, c]  # proven; it also narrows the later checks
        else:
            return known, False
    return known, True


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
    grid = _givens_only(start, cells)
    return _first_solution(puzzle, grid, allowance).none


def _givens_only(start: np.ndarray, cells: list[Cell]) -> np.ndarray:
    grid = np.full(start.shape, UNKNOWN, dtype=np.int8)
    for r, c in cells:
        grid[r, c] = start[r, c]
    return grid


def _givens_conflict(puzzle: Nonogram, start: np.ndarray, cells: list[Cell]) -> tuple[Conflict, str]:
    grid = _givens_only(start, cells)
    engine = _Engine(puzzle, Budget(seconds=None))
    failed = engine.propagate(grid, engine.all_lines())
    lines = (_line(failed),) if failed is not None else ()
    named = ", ".join(f"(row {r + 1}, column {c + 1}: {'black' if start[r, c] == BLOCK else 'white'})"
                      for r, c in cells)
    message = f"no solution: the given cell{'s' if len(cells) > 1 else ''} {named} clash with the clues"
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


def _multiple_message(found: list[np.ndarray], known: np.ndarray, complete: bool) -> str:
    differ = int(np.count_nonzero(found[0] != found[1]))
    shared = int(np.count_nonzero(known != UNKNOWN))
    text = f"several solutions: the two shown differ in {differ} cells; {shared} cells are the same in every solution"
    return text if complete else text + " (the rest not checked: budget spent)"
