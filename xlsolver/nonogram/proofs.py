"""Proofs that come after a verdict, under what is left of the budget.

several solutions  which cells every solution shares (:func:`shared_cells`,
                   or :func:`sat_shared_cells` when the SAT solver is open):
                   a cell is shared when forcing its other value leaves no
                   solution.
no solution        where the puzzle breaks (:func:`locate_conflict`): the
                   line where line logic fails, else the first contradiction
                   the search met, or, when the clues alone have solutions, a
                   small set of givens that clash; with what line logic proved
                   before the clash (:func:`line_logic`), for the sheet to show.

Each check gets a small budget of its own (an :class:`Allowance` hands them
out), so a hard cell stays undecided rather than eat the rest.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from xlsolver.core import clock
from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.geometry import Cell
from xlsolver.nonogram import sat
from xlsolver.nonogram.board import Board, LineKey, line_of, states
from xlsolver.nonogram.messages import cannot_place_message, contradiction_message, givens_message
from xlsolver.nonogram.model import UNKNOWN, Conflict, Nonogram
from xlsolver.nonogram.search import Contradiction, Engine

__all__: list[str] = []

# Follow-up work after the verdict (proving shared cells, shrinking a set of
# clashing givens) gets what is left of the budget, at most this many seconds,
# and each single check at most CHECK_SECONDS of that.
FOLLOW_UP_SECONDS = 5.0
CHECK_SECONDS = 1.0
DIVE_SECONDS = 0.1  # a quick dive without probing, tried before each such check


# --- budgets for follow-up work ---------------------------------------------


@dataclass
class Allowance:
    """What is left of a solve's budget for work after the verdict."""

    deadline: float
    nodes: int | None

    @classmethod
    def after(cls, budget: Budget) -> "Allowance":
        seconds = math.inf if budget.seconds is None else budget.seconds
        return cls(clock.now() + seconds, budget.nodes)

    def follow_up(self, used: Budget) -> "Allowance":
        """What ``used`` left, in time at most FOLLOW_UP_SECONDS."""
        nodes = None if self.nodes is None else self.nodes - used.used_nodes
        return Allowance(min(self.deadline, clock.now() + FOLLOW_UP_SECONDS), nodes)

    def spend(self, used: Budget) -> None:
        if self.nodes is not None:
            self.nodes -= used.used_nodes

    def exhausted(self) -> bool:
        return clock.now() >= self.deadline or (self.nodes is not None and self.nodes <= 0)

    def check(self, seconds: float = CHECK_SECONDS) -> Budget | None:
        """A budget for one check, or None when nothing is left."""
        if self.exhausted():
            return None
        left = self.deadline - clock.now()
        return Budget(seconds=min(left, seconds), nodes=self.nodes).start()


@dataclass(frozen=True)
class _Check:
    """The outcome of looking for one solution under a small budget."""

    solution: np.ndarray | None = None  # a solution, when one was found
    none: bool = False  # proven: there is no solution
    engine: Engine | None = None  # the engine that searched (its first contradiction)


def _first_solution(puzzle: Nonogram, grid: np.ndarray, allowance: Allowance,
                    near: set[LineKey] | None = None, prefer: np.ndarray | None = None,
                    probing: bool = True) -> _Check:
    """Look for one solution below ``grid`` with a check budget from ``allowance``
    (``near``, ``prefer``: as for :meth:`Engine.search`)."""
    budget = allowance.check() if probing else allowance.check(DIVE_SECONDS)
    if budget is None:
        return _Check()
    engine = Engine(puzzle, budget, probing)
    board = Board.from_array(grid)
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


def _decide(puzzle: Nonogram, grid: np.ndarray, allowance: Allowance,
            near: set[LineKey] | None = None, prefer: np.ndarray | None = None) -> _Check:
    """Has ``grid`` a solution? A quick dive first (finding one is often easy),
    then the full search with probing (proving there is none needs it)."""
    check = _first_solution(puzzle, grid, allowance, near, prefer, probing=False)
    if check.solution is None and not check.none:
        check = _first_solution(puzzle, grid, allowance, near, prefer)
    return check


# --- several solutions: the cells they all share ----------------------------


def shared_cells(puzzle: Nonogram, root: np.ndarray, found: list[np.ndarray],
                 allowance: Allowance) -> tuple[np.ndarray, bool]:
    """The cells every solution shares, proven one by one; and whether all were decided.

    A candidate is a cell where the solutions seen so far agree and which
    probing did not already fix. It is shared if forcing the other value
    leaves no solution; a solution found that way removes every candidate it
    disagrees with. Cells the budget could not decide stay UNKNOWN.

    ``root`` was probed to a fixpoint, so each check probes only around the
    forced cell, and it looks for a solution close to the first one.
    """
    known = root.copy()
    value = states(found[0])
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


def sat_shared_cells(backend: sat.SatNonogram, root: np.ndarray, found: list[np.ndarray],
                     allowance: Allowance) -> tuple[np.ndarray, bool]:
    """:func:`shared_cells` by the SAT solver: the backbone, cell by cell.

    For each candidate, ask for a model with the other value: none means the
    cell is shared (added as a unit clause, which narrows later calls); a
    model clears every candidate it disagrees with (the iterative backbone
    algorithm; see Janota, Lynce & Marques-Silva 2015).
    """
    known = root.copy()
    value = states(found[0])
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
            other = backend.solve(clock.now() + check.seconds, [backend.literal(r, c, not black)], check.nodes)
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


# --- no solution: where it breaks --------------------------------------------


def first_contradiction(puzzle: Nonogram, grid: np.ndarray, allowance: Allowance) -> Contradiction | None:
    """The first contradiction the native search meets below ``grid`` (which
    has no solution), to say where a puzzle breaks; None if not met in time."""
    check = _first_solution(puzzle, grid, allowance)
    return None if check.engine is None else check.engine.conflict


def line_logic(puzzle: Nonogram, grid: np.ndarray) -> tuple[np.ndarray, LineKey | None]:
    """Propagate ``grid`` by the line solver alone: the state grid it reached and
    the line that has no placement on it (None at a fixpoint). When a line fails,
    the grid is what was proved before it, every cell a line-solver deduction.

    The same propagation as the solver's root (same lines, same order), so it
    fails where the solver's did; it is run again rather than kept from the
    search, which changes its boards in place as it probes."""
    engine = Engine(puzzle, Budget(seconds=None))  # propagation charges no budget
    board = Board.from_array(grid)
    failed = engine.propagate(board, engine.all_lines())
    return board.to_array(), failed


def locate_conflict(puzzle: Nonogram, start: np.ndarray, engine: Engine,
                    allowance: Allowance) -> tuple[Conflict, str]:
    """Where a puzzle without solution breaks, and one sentence that says so.

    If the clues alone have solutions, the givens are to blame: shrink them to
    a small clashing set. Otherwise (or when that cannot be decided) the line
    where line logic fails, or else the first contradiction the search met.
    """
    if (start != UNKNOWN).any():
        free = np.full(start.shape, UNKNOWN, dtype=np.int8)
        alone = _first_solution(puzzle, free, allowance)
        if alone.solution is not None:
            cells = _clashing_givens(puzzle, start, allowance)
            return _givens_conflict(puzzle, start, cells)
        if alone.none:
            engine = alone.engine  # the clues' own contradiction, which the givens do not cause
    return _clue_conflict(puzzle, start, engine.conflict)


def _clue_conflict(puzzle: Nonogram, grid: np.ndarray, found: Contradiction | None) -> tuple[Conflict, str]:
    """The clues have no solution that respects ``grid``: where it shows, and what
    line logic proved before.

    When line logic from ``grid`` fails, the line it fails on. Otherwise the
    search found the contradiction (``found``, the first it met, below ``grid``
    or below the clues alone): a probe at the root whose two values fail on one
    line shows on that line; anything else (two lines, a deeper branch, the SAT
    solver's proof not met again in time) shows on no single line, and none is
    named for the grid (the sentence says so)."""
    board, failed = line_logic(puzzle, grid)
    if failed is not None:
        line = line_of(failed)
        return Conflict(lines=(line,), board=board, line=line), cannot_place_message(puzzle, line)
    found = found or Contradiction(())
    at_root = found.depth == 0 and found.cell is not None
    lines = found.lines if at_root else ()
    shows = lines[0] if len(lines) == 1 else None
    return Conflict(lines=lines, board=board, line=shows), contradiction_message(puzzle, found)


def _clashing_givens(puzzle: Nonogram, start: np.ndarray, allowance: Allowance) -> list[Cell]:
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


def _clashes(puzzle: Nonogram, start: np.ndarray, cells: list[Cell], allowance: Allowance) -> bool:
    """True when the givens at ``cells`` alone are proven to leave no solution."""
    return _decide(puzzle, _givens_only(start, cells), allowance).none


def _givens_only(start: np.ndarray, cells: list[Cell]) -> np.ndarray:
    grid = np.full(start.shape, UNKNOWN, dtype=np.int8)
    for r, c in cells:
        grid[r, c] = start[r, c]
    return grid


def _givens_conflict(puzzle: Nonogram, start: np.ndarray, cells: list[Cell]) -> tuple[Conflict, str]:
    """The givens at ``cells`` clash: the line where line logic from them alone
    fails, if it does, and what it proved before (shown with every given kept as
    it is: more givens only prove more, so each cell still follows from them)."""
    board, failed = line_logic(puzzle, _givens_only(start, cells))
    lines = (line_of(failed),) if failed is not None else ()
    shown = np.where(start != UNKNOWN, start, board).astype(np.int8)
    conflict = Conflict(lines=lines, cells=tuple(cells), board=shown, line=lines[0] if lines else None)
    return conflict, givens_message(puzzle, start, cells, lines)
