"""An optional SAT back end: the puzzle as clauses, solved by CaDiCaL (python-sat).

Why: on hard puzzles (random 25x25 tournament pictures, webpbn's "Forever")
the native search spends seconds to minutes branching, each node probed in
Python. A conflict-driven clause-learning solver learns from every dead end
and settles such a puzzle in milliseconds; the native engine still does the
cheap part (line logic on the root) and stays complete on its own.

Encoding (the order encoding of block starts, as for integer variables in
Tamura et al.'s Sugar, 2009): for clue ``(L0, ..., Lk-1)`` block j starts at
some cell ``s_j``, and variable ``o[j][s]`` says ``s_j <= s``. Clauses:

    o[j][s] -> o[j][s+1]                      (an order: "at or before" grows)
    o[j+1][s] -> o[j][s - Lj - 1]             (block j ends, a white cell, then block j+1)
    cover[j][i] <-> o[j][i] and not o[j][i - Lj]   (block j covers cell i)
    cover[j][i] -> cell i;  cell i -> some cover[j][i]

The blocks keep their order with a gap between them, and the black cells are
exactly the cells they cover, so the cell part of every model is a solution
and every solution extends to exactly one model. Each block's range of
starts comes from the clue's automaton (the pattern ``1^L0 0 1^L1 ... 1^Lk-1``
read cell by cell, keeping only states reachable from the start that can
still reach the end, given the cells already known), so a line that line
logic has nearly decided costs few variables.

Road not taken, by measurement: the regular constraint as clauses (Pesant
2004, Bacchus 2007), a variable per (cell, automaton state). On 38 of the
hardest and middling TAAI puzzles CaDiCaL needed 33 s with it against 19.5 s
with the order encoding, its domain-consistent variant (support clauses for
every value) 36 s, and both encodings together 42 s.

"Two solutions": solve, then add a clause that the next model differs in
some cell (guarded by a selector literal, so it can be switched off again).
Shared cells of several solutions are the *backbone*: for each candidate
cell, ask for a model with the other value; a model found clears every
candidate it disagrees with (the standard iterative backbone algorithm).

The module imports ``pysat`` lazily; :func:`available` says whether it can.
"""

from __future__ import annotations

from typing import Iterator, Sequence

import importlib.util

import numpy as np

from xlsolver.core import clock
from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.nonogram.model import BLOCK, DOT, Clue, Nonogram

__all__ = ["FIRST_SLICE", "SOLVER_OPTIONS", "SatNonogram", "available"]

SOLVER_NAME = "cadical195"  # CaDiCaL 1.9.5 as bundled by python-sat
# Stay in CaDiCaL's "stable" mode (target phases, few restarts), the mode for
# satisfiable formulas, and skip its local search. Nearly every TAAI puzzle
# has solutions, and after the first the second is a few conflicts away: on
# 38 hard and middling TAAI puzzles, 19.5 s (and the second solution within
# 200 conflicts, mostly 1) against 34 s with CaDiCaL's default switching
# between modes. Measured alternatives, all no better: Glucose 4.2, MiniSat
# 2.2, MapleChrono, CaDiCaL 1.5.3 and 3.0; phases from placement counts.
SOLVER_OPTIONS = {"stabilizeonly": 1, "walk": 0}
# On grids of LARGE_CELLS or more, CaDiCaL's variable elimination, failed-literal
# probing, subsumption and vivification are off too. On a formula of millions of
# clauses a round of each takes seconds inside one call, past any conflict limit
# (a random 200x200: 7 s of elimination after 2,600 conflicts, 4 s of probing after
# 4,600, 3.7 s of subsumption after 16,600), so a time budget could not stop the
# solver there. Measured without them (one run each, against with them): random
# 80x80, 100x100 and 150x150 pictures decided in 7.1, 0.9 and 12.7 s (6.7, 0.9, 24.3 s).
LARGE_CELLS = 80 * 80
LARGE_OPTIONS = {"elim": 0, "probe": 0, "subsume": 0, "vivify": 0}
# Conflicts per slice of a timed call (see _solve_until): growing from the first
# to the last, cut down to a share of the time left at the rate measured (or
# guessed, per second, before the first slice). The guess was measured on 25x25
# TAAI puzzles, formulas of some GUESS_VARIABLES variables; a conflict costs more
# in a larger formula (about 2,000 a second at 100x100, 260,000 variables, and
# 300 at 150x150 after the first thousands), so the guess shrinks in proportion.
# Each slice aims at SLICE_SHARE of the time left because the rate falls as a call
# goes on (a slice of 5,000 conflicts runs at a third of the rate of one of 1,000).
FIRST_SLICE = 10_000
LAST_SLICE = 160_000
SMALLEST_SLICE = 10
GUESSED_RATE = 20_000
GUESS_VARIABLES = 10_000
SLICE_SHARE = 0.25

def available() -> bool:
    """Is the SAT back end installed (python-sat importable)? Answered without
    importing it: small puzzles, solved by line logic alone, never load it."""
    return importlib.util.find_spec("pysat") is not None


def _pysat_solver():
    """python-sat's Solver class, imported on the first SAT call."""
    from pysat.solvers import Solver

    return Solver


class SatNonogram:
    """One puzzle (with some cells known) as a CNF in an incremental SAT solver.

    Cell ``(r, c)`` is variable ``1 + r * width + c`` (true = black); the
    order variables follow. Use as a context manager, or call
    :meth:`close`, to free the solver.
    """

    def __init__(self, puzzle: Nonogram, grid: np.ndarray, budget: Budget | None = None) -> None:
        """Encode ``puzzle`` with the cells ``grid`` knows. Encoding a large grid takes
        seconds (a 200x200 has millions of clauses), so ``budget`` is checked after each
        line: BudgetExhausted when it runs out first (the solver is freed then)."""
        if not available():
            raise RuntimeError("the SAT back end needs python-sat: pip install python-sat")
        self.puzzle = puzzle
        self.height, self.width = puzzle.shape
        self.next_var = self.height * self.width + 1
        self.clauses: list[list[int]] = []
        self.unsat = False  # a line has no placement at all: no model exists
        self.calls = 0  # solver calls, for statistics
        self.solver = _pysat_solver()(name=SOLVER_NAME)
        try:
            large = self.height * self.width >= LARGE_CELLS
            self.solver.configure({**SOLVER_OPTIONS, **(LARGE_OPTIONS if large else {})})  # before any clause
            self._encode(grid, budget or Budget(seconds=None))
        except BaseException:
            self.solver.delete()
            raise

    def __enter__(self) -> "SatNonogram":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.solver.delete()

    # --- encoding ---------------------------------------------------------

    def cell(self, r: int, c: int) -> int:
        return 1 + r * self.width + c

    def _encode(self, grid: np.ndarray, budget: Budget) -> None:
        """The known cells, then each line, handed to the solver line by line with a
        look at the budget after each."""
        for r in range(self.height):
            for c in range(self.width):
                if grid[r, c] == BLOCK:
                    self.clauses.append([self.cell(r, c)])
                elif grid[r, c] == DOT:
                    self.clauses.append([-self.cell(r, c)])
        self._hand_over(budget)
        for r, clue in enumerate(self.puzzle.rows):
            self._line(clue, [self.cell(r, c) for c in range(self.width)], grid[r])
            self._hand_over(budget)
        for c, clue in enumerate(self.puzzle.cols):
            self._line(clue, [self.cell(r, c) for r in range(self.height)], grid[:, c])
            self._hand_over(budget)

    def _hand_over(self, budget: Budget) -> None:
        """Give the clauses made so far to the solver, then look at the budget."""
        self.solver.append_formula(self.clauses)
        self.clauses = []
        budget.check()

    def _line(self, clue: Clue, cells: list[int], known: np.ndarray) -> None:
        """The order encoding of ``clue`` over the cell variables ``cells``
        (see the module docstring), its start ranges narrowed by ``known``."""
        ranges = _start_ranges(clue, known)
        if ranges is None:
            self.unsat = True  # no clause needed: solve() answers None straight away
            return
        if not clue:
            self.clauses += [[-x] for x in cells]
            return
        # o(j, s): the literal "block j starts at or before s", or a constant outside its range.
        order = [{s: self._new() for s in range(lo, hi)} for lo, hi in ranges]

        def o(j: int, s: int) -> int | bool:
            lo, hi = ranges[j]
            return False if s < lo else True if s >= hi else order[j][s]

        for j, (lo, hi) in enumerate(ranges):
            for s in range(lo, hi - 1):
                self.clauses.append([-order[j][s], order[j][s + 1]])
            if j + 1 < len(clue):
                for s in range(ranges[j + 1][0], ranges[j + 1][1]):
                    self._clause([-order[j + 1][s], o(j, s - clue[j] - 1)])
        covers: list[list[int] | None] = [[] for _ in cells]  # None: surely covered
        for j, (lo, hi) in enumerate(ranges):
            for i in range(lo, hi + clue[j]):
                cover = self._and_not(o(j, i), o(j, i - clue[j]))
                if cover is True:
                    self.clauses.append([cells[i]])
                    covers[i] = None
                elif cover is not False and covers[i] is not None:
                    self.clauses.append([-cover, cells[i]])
                    covers[i].append(cover)
        for x, by in zip(cells, covers):
            if by is not None:
                self.clauses.append([-x, *by])

    def _and_not(self, a: int | bool, b: int | bool) -> int | bool:
        """A literal (or constant) equal to ``a and not b``, defined by clauses when new."""
        if a is False or b is True:
            return False
        if a is True:
            return True if b is False else -b
        if b is False:
            return a
        both = self._new()
        self.clauses += [[-both, a], [-both, -b], [-a, b, both]]
        return both

    def _clause(self, literals: list[int | bool]) -> None:
        """Add a clause whose literals may be constants (True satisfies it, False drops out)."""
        if True in literals:
            return
        self.clauses.append([lit for lit in literals if lit is not False])

    def _new(self) -> int:
        self.next_var += 1
        return self.next_var - 1

    # --- solving ----------------------------------------------------------

    def solve(self, deadline: float | None = None, assumptions: Sequence[int] = (),
              conflicts: int | None = None) -> np.ndarray | None:
        """A solution (bool grid) under ``assumptions``, or None when there is none.

        Raises :class:`BudgetExhausted` when ``deadline`` (a :func:`xlsolver.core.clock.now`
        time) passes or ``conflicts`` solver conflicts are spent first.
        """
        if self.unsat:
            return None
        self.calls += 1
        if not _solve_until(self.solver, list(assumptions), deadline, conflicts, self.next_var):
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


def _start_ranges(clue: Clue, known: np.ndarray) -> list[tuple[int, int]] | None:
    """For each block, the first and last cell where it can start given the
    ``known`` cells; None when the line has no placement at all.

    Block j starts at s exactly when the automaton, in the state before the
    block's first symbol at position s, can read a black cell there on some
    accepting run: both ends of that step are live.
    """
    pattern, free = _pattern(clue)
    allowed = [((0,) if v == DOT else (1,) if v == BLOCK else (0, 1)) for v in known.tolist()]
    live = [set(states) for states in _live_states(pattern, free, allowed)]
    if not live[0]:
        return None
    ranges = []
    for j in range(len(clue)):
        before = sum(clue[:j]) + j  # the state before block j's first cell
        starts = [s for s in range(len(allowed)) if 1 in allowed[s] and before in live[s] and before + 1 in live[s + 1]]
        ranges.append((starts[0], starts[-1]))
    return ranges


def _solve_until(solver, assumptions: list[int], deadline: float | None, conflicts: int | None,
                 variables: int = GUESS_VARIABLES) -> bool:
    """``solver.solve`` stopped at ``deadline`` or after ``conflicts``: True
    (model), False (none); raises BudgetExhausted when a limit comes first.

    python-sat cannot interrupt CaDiCaL from another thread, but it can cap
    the conflicts of one call; so the search runs in slices of growing
    conflict limits with a look at the clock between them. Each slice keeps
    what the earlier ones learned (an incremental solver keeps its learned
    clauses), but each call restarts the search, and small slices cost more
    than that: starting at 1,000 conflicts made 38 hard TAAI puzzles take
    28 s instead of 20.5 s unsliced; from 10,000 they take 19-20 s. So the
    slices start there, and shrink only to fit a share of the time left, at
    the rate the solver has shown (before the first slice, a rate guessed
    from the formula's ``variables``).
    """
    if deadline is None and conflicts is None:
        return solver.solve(assumptions=assumptions)
    limit, rate = FIRST_SLICE, GUESSED_RATE * min(1.0, GUESS_VARIABLES / max(variables, 1))
    while True:
        now = clock.now()
        if deadline is not None and now >= deadline:
            raise BudgetExhausted("time budget spent")
        if conflicts is not None and conflicts <= 0:
            raise BudgetExhausted("conflict budget spent")
        fit = int(rate * SLICE_SHARE * (deadline - now)) if deadline is not None else limit
        step = min(limit, max(SMALLEST_SLICE, fit))
        step = step if conflicts is None else min(step, conflicts)
        before = solver.accum_stats().get("conflicts", 0)
        solver.conf_budget(step)
        status = solver.solve_limited(assumptions=assumptions)
        if status is not None:
            return status
        spent = max(1, solver.accum_stats().get("conflicts", 0) - before)
        rate = spent / max(clock.now() - now, 1e-6)
        if conflicts is not None:
            conflicts -= spent
        limit = min(2 * limit, LAST_SLICE)
