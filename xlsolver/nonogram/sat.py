"""An optional SAT back end: the puzzle as clauses, solved by CaDiCaL (python-sat).

Why: on hard puzzles (random 25x25 tournament pictures, webpbn's "Forever")
the native search spends seconds to minutes branching, each node probed in
Python. A conflict-driven clause-learning solver learns from every dead end
and settles such a puzzle in milliseconds; the native engine still does the
cheap part (line logic on the root) and stays complete on its own.

Encoding (the regular constraint of Pesant 2004, decomposed into clauses as
by Bacchus 2007 and Quimper & Walsh 2006): each clue is a small deterministic
automaton reading its line cell by cell. For clue ``(L1, ..., Lk)`` the
pattern is ``1^L1 0 1^L2 0 ... 1^Lk`` (``T`` symbols); state ``t`` means "the
first t symbols are read". Extra white cells may be read in the states before
each block and after the last one (*free* states). Variable ``q[i][t]``: the
automaton can be in state t after i cells. Clauses, for each reachable pair:

    q[i][t] and cell i = b  ->  q[i+1][delta(t, b)]     (or forbid b there)
    q[i+1][u]               ->  some q[i][t] with delta(t, b) = u
    q[0][0], q[n][T]        (start and accept)

Only states reachable from the start *and* able to reach the accept state
(given the cells already known) get a variable, so a line that the line
solver has nearly decided costs few clauses. A grid satisfying the cell part
of any model satisfies every clue (the automaton run is forced forward), and
every solution extends to a model, so the models' cell parts are exactly the
solutions.

"Two solutions": solve, then add a clause that the next model differs in
some cell (guarded by a selector literal, so it can be switched off again).
Shared cells of several solutions are the *backbone*: for each candidate
cell, ask for a model with the other value; a model found clears every
candidate it disagrees with (the standard iterative backbone algorithm).

The module imports ``pysat`` lazily; :func:`available` says whether it can.
"""

from __future__ import annotations

import time
from typing import Iterator, Sequence

import numpy as np

from xlsolver.core.budget import BudgetExhausted
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Clue, Nonogram

SOLVER_NAME = "cadical195"  # CaDiCaL 1.9.5 as bundled by python-sat
# Conflicts per slice of a timed call (see _solve_until): growing from the first to the last.
FIRST_SLICE = 1_000
LAST_SLICE = 64_000

try:  # optional dependency: ``pip install "xlsolver[sat]"``
    from pysat.solvers import Solver as _PysatSolver
except ImportError:  # pragma: no cover - exercised where python-sat is absent
    _PysatSolver = None


def available() -> bool:
    """Is the SAT back end installed (python-sat importable)?"""
    return _PysatSolver is not None


class SatNonogram:
    """One puzzle (with some cells known) as a CNF in an incremental SAT solver.

    Cell ``(r, c)`` is variable ``1 + r * width + c`` (true = black); the
    automaton variables follow. Use as a context manager, or call
    :meth:`close`, to free the solver.
    """

    def __init__(self, puzzle: Nonogram, grid: np.ndarray) -> None:
        if _PysatSolver is None:
            raise RuntimeError("the SAT back end needs python-sat: pip install 'xlsolver[sat]'")
        self.puzzle = puzzle
        self.height, self.width = puzzle.shape
        self.next_var = self.height * self.width + 1
        self.clauses: list[list[int]] = []
        self.unsat = False  # a line has no placement at all: no model exists
        self._encode(grid)
        self.solver = _PysatSolver(name=SOLVER_NAME, bootstrap_with=self.clauses)
        self.clauses = []
        self.calls = 0  # solver calls, for statistics

    def __enter__(self) -> "SatNonogram":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.solver.delete()

    # --- encoding ---------------------------------------------------------

    def cell(self, r: int, c: int) -> int:
        return 1 + r * self.width + c

    def _encode(self, grid: np.ndarray) -> None:
        for r in range(self.height):
            for c in range(self.width):
                if grid[r, c] == BLOCK:
                    self.clauses.append([self.cell(r, c)])
                elif grid[r, c] == DOT:
                    self.clauses.append([-self.cell(r, c)])
        for r, clue in enumerate(self.puzzle.rows):
            self._line(clue, [self.cell(r, c) for c in range(self.width)], grid[r])
        for c, clue in enumerate(self.puzzle.cols):
            self._line(clue, [self.cell(r, c) for r in range(self.height)], grid[:, c])

    def _line(self, clue: Clue, cells: list[int], known: np.ndarray) -> None:
        """The automaton of ``clue`` over the cell variables ``cells``.

        A line whose cells are all known still gets its (one-path) automaton:
        that checks it against the clue even where nobody propagated it.
        """
        pattern, free = _pattern(clue)
        final = len(pattern)
        n = len(cells)
        allowed = [((0,) if v == DOT else (1,) if v == BLOCK else (0, 1)) for v in known.tolist()]
        live = _live_states(pattern, free, allowed)
        if not live[0]:
            self.unsat = True  # no clause needed: solve() answers None straight away
            return
        var = []
        for states in live:
            var.append({t: self._new() for t in states})
        self.clauses += [[var[0][0]], [var[n][final]]]
        for i in range(n):
            x = cells[i]
            here, after = var[i], var[i + 1]
            preds: dict[int, list[int]] = {u: [] for u in after}
            for t, q in here.items():
                for b in (0, 1):
                    lit = x if b else -x
                    u = _step(pattern, free, t, b)
                    if b not in allowed[i]:
                        continue  # the unit clause on the cell already forbids it
                    if u is None or u not in after:
                        self.clauses.append([-q, -lit])
                    else:
                        self.clauses.append([-q, -lit, after[u]])
                        preds[u].append(q)
            for u, qs in preds.items():
                self.clauses.append([-after[u], *qs])

    def _new(self) -> int:
        self.next_var += 1
        return self.next_var - 1

    # --- solving ----------------------------------------------------------

    def solve(self, deadline: float | None = None, assumptions: Sequence[int] = (),
              conflicts: int | None = None) -> np.ndarray | None:
        """A solution (bool grid) under ``assumptions``, or None when there is none.

        Raises :class:`BudgetExhausted` when ``deadline`` (a ``perf_counter``
        time) passes or ``conflicts`` solver conflicts are spent first.
        """
        if self.unsat:
            return None
        self.calls += 1
        if not _solve_until(self.solver, list(assumptions), deadline, conflicts):
            return None
        model = self.solver.get_model()
        cells = np.array(model[: self.height * self.width]) > 0
        return cells.reshape(self.height, self.width)

    @property
    def conflicts(self) -> int:
        """Conflicts the solver met so far, over all calls (the SAT side's "nodes")."""
        return int(self.solver.accum_stats().get("conflicts", 0))

    def literal(self, r: int, c: int, black: bool) -> int:
        return self.cell(r, c) if black else -self.cell(r, c)

    def differ_from(self, solution: np.ndarray) -> int:
        """Add "differ from ``solution`` in some cell", switched on by the
        returned selector literal (pass it as an assumption)."""
        selector = self._new()
        flat = solution.ravel().tolist()
        self.solver.add_clause([-selector] + [-(k + 1) if black else k + 1 for k, black in enumerate(flat)])
        return selector

    def fix(self, r: int, c: int, black: bool) -> None:
        """Add a proven cell as a unit clause (it narrows later calls)."""
        self.solver.add_clause([self.literal(r, c, black)])

    def solutions(self, deadline: float | None = None) -> Iterator[np.ndarray]:
        """Every solution, each once (each found is then excluded for good)."""
        while True:
            found = self.solve(deadline)
            if found is None:
                return
            yield found
            flat = found.ravel().tolist()
            self.solver.add_clause([-(k + 1) if black else k + 1 for k, black in enumerate(flat)])


def _pattern(clue: Clue) -> tuple[list[int], list[bool]]:
    """The automaton's symbols (1 black, 0 the gap between blocks) and, for
    each state 0..T, whether extra white cells may be read there."""
    pattern: list[int] = []
    free = [True]
    for k, length in enumerate(clue):
        pattern += [1] * length
        free += [False] * length
        if k < len(clue) - 1:
            pattern.append(0)
            free.append(True)
    free[-1] = True
    return pattern, free


def _step(pattern: list[int], free: list[bool], t: int, b: int) -> int | None:
    """The state after reading ``b`` in state ``t``; None: the clue forbids it."""
    if t < len(pattern) and pattern[t] == b:
        return t + 1
    if b == 0 and free[t]:
        return t
    return None


def _live_states(pattern: list[int], free: list[bool], allowed: list[tuple[int, ...]]) -> list[list[int]]:
    """For each position 0..n, the states reachable from the start that can
    still reach the accept state: forward, then backward reachability."""
    n, final = len(allowed), len(pattern)
    forward = [{0}]
    for i in range(n):
        forward.append({u for t in forward[i] for b in allowed[i]
                        if (u := _step(pattern, free, t, b)) is not None})
    live = [[] for _ in range(n + 1)]
    alive = {final} & forward[n]
    live[n] = sorted(alive)
    for i in range(n - 1, -1, -1):
        alive = {t for t in forward[i] for b in allowed[i] if _step(pattern, free, t, b) in alive}
        live[i] = sorted(alive)
    return live


def _solve_until(solver, assumptions: list[int], deadline: float | None, conflicts: int | None) -> bool:
    """``solver.solve`` stopped at ``deadline`` or after ``conflicts``: True
    (model), False (none); raises BudgetExhausted when a limit comes first.

    python-sat cannot interrupt CaDiCaL from another thread, but it can cap
    the conflicts of one call; so the search runs in slices of growing
    conflict limits with a look at the clock between them. Each slice keeps
    what the earlier ones learned (an incremental solver keeps its learned
    clauses), so slicing costs only the restarts.
    """
    if deadline is None and conflicts is None:
        return solver.solve(assumptions=assumptions)
    limit = FIRST_SLICE
    while True:
        if deadline is not None and time.perf_counter() >= deadline:
            raise BudgetExhausted("time budget spent")
        if conflicts is not None and conflicts <= 0:
            raise BudgetExhausted("conflict budget spent")
        step = limit if conflicts is None else min(limit, conflicts)
        before = solver.accum_stats().get("conflicts", 0)
        solver.conf_budget(step)
        status = solver.solve_limited(assumptions=assumptions)
        if status is not None:
            return status
        if conflicts is not None:
            conflicts -= max(1, solver.accum_stats().get("conflicts", 0) - before)
        limit = min(2 * limit, LAST_SLICE)
