"""Explanations, hints, checking and a difficulty label for black-and-white nonograms.

One code path does the explaining and the grading (Tatham's Sudoku solver
does the same): :func:`explain` applies the cheapest rule that still decides
a cell, one step at a time, and :func:`difficulty` is the hardest rule it had
to use.

Rules, cheapest first
---------------------
ranges  the VBA analyzer's candidate ranges: each block of a clue has a
        leftmost start and a rightmost end (narrowed by the cells already
        known, :func:`~xlsolver.nonogram.line.block_ranges`). Where a block's
        leftmost and rightmost placements overlap it must be black; a cell no
        block can reach must be white.
line    full line analysis: the exact line solver
        (:func:`~xlsolver.nonogram.line.solve_line`) keeps only what every
        placement of the clue on the known cells agrees on.
probe   assume a cell black (or white) and propagate the line rules over the
        grid; if some line can no longer be placed, the cell has the other value.
guess   nothing above decides a cell: a search branch. The value taken is the
        one a solution has there, so a replay never walks into a dead end.

Every step is sound for every solution that respects the grid it was made
on, so replaying the steps from the puzzle reaches the solution.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Literal

import numpy as np

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.geometry import Cell
from xlsolver.core.status import Status
from xlsolver.nonogram.line import block_ranges, solve_line, solve_line_bytes
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Line, Nonogram, format_clue
from xlsolver.nonogram.solver import solve

__all__ = ["LABELS", "NO_SOLUTION", "RULES", "SEVERAL", "UNDECIDED", "CheckResult", "Step", "check", "difficulty",
           "explain", "next_step"]

Rule = Literal["ranges", "line", "probe", "guess"]

RULES: tuple[Rule, ...] = ("ranges", "line", "probe", "guess")
"""The rules, cheapest first."""

LABELS = {"ranges": "line by line", "line": "line by line", "probe": "needs probing", "guess": "needs search"}
SEVERAL = "several solutions"
NO_SOLUTION = "no solution"
UNDECIDED = "undecided"


@dataclass(frozen=True)
class Step:
    """One deduction: the rule used, the line it came from (``None`` for a
    guess), the cells it decides (0-based ``(row, col)`` -> ``BLOCK``/``DOT``)
    and one sentence saying why."""

    rule: Rule
    line: Line | None
    cells: dict[Cell, int] = field(hash=False)
    text: str


def explain(puzzle: Nonogram, givens: np.ndarray | None = None, budget: Budget | None = None) -> Iterator[Step]:
    """The steps from ``givens`` (default: an empty grid) to a full solution.

    Each step uses the cheapest rule that decides anything, then the search
    starts again from the cheapest rule. Nothing is yielded when no solution
    respects ``givens`` (a step made from a contradiction proves nothing). A
    guess follows one solution that respects the grid, found before the
    first step; for a puzzle with several solutions that is the first one
    the solver finds. ``budget`` (default: none) bounds that solve and the
    probing; when it is spent, :class:`BudgetExhausted` comes out.
    """
    budget = (budget or Budget(seconds=None)).start()
    grid = _start(puzzle, givens)
    target = _target(puzzle, grid, budget)
    if target is None:
        return
    memo = _Memo()
    while (grid == UNKNOWN).any():
        step = _deduce(puzzle, grid, budget, memo) or _guess(grid, target)
        memo.now += 1
        for (r, c), value in step.cells.items():
            grid[r, c] = value
            memo.changed[Line("row", r)] = memo.changed[Line("col", c)] = memo.now
        yield step


def _target(puzzle: Nonogram, grid: np.ndarray, budget: Budget) -> np.ndarray | None:
    """A solution that respects ``grid`` (the one guesses follow), or None.

    Found by the complete solver (SAT when installed: fast on the hard cases
    where a plain search is not), under a copy of ``budget`` whose clock
    starts now; ``budget``'s own clock keeps running for the steps.
    """
    result = solve(puzzle, grid, Budget(seconds=budget.seconds, nodes=budget.nodes))
    if result.status == Status.GAVE_UP:
        raise BudgetExhausted(result.message)
    return result.solutions[0] if result.solutions else None


def next_step(puzzle: Nonogram, grid: np.ndarray, budget: Budget | None = None) -> Step | None:
    """The next deduction from a partly filled state grid, or ``None`` when the
    grid is complete or no solution respects it (run :func:`check` first to
    say which cells are wrong)."""
    return next(explain(puzzle, grid, budget), None)


@dataclass(frozen=True)
class CheckResult:
    """What checking a user's grid found.

    ``wrong``: the decided cells no solution has. ``verdict`` is ``None`` when
    the grid was judged; otherwise the clues could not be judged and
    ``verdict`` says why (``Status.NONE``: the clues have no solution;
    ``Status.GAVE_UP``: the budget ran out first), ``message`` in a sentence
    and ``wrong`` is empty.
    """

    wrong: frozenset[Cell] = frozenset()
    verdict: Status | None = None
    message: str = ""


def check(puzzle: Nonogram, grid: np.ndarray, budget: Budget | None = None) -> CheckResult:
    """The user's decided cells (``BLOCK``/``DOT`` in ``grid``) that are wrong.

    A cell is wrong when *no* solution of the puzzle has its value there
    (judged cell by cell, from the cells every solution shares). For a unique
    puzzle that is every decided cell that differs from the solution. For
    several solutions a cell where the solutions differ is never marked, even
    if the user's cells together match no single solution: marking cells
    "wrong" that some solution has would mislead. Undecided cells are never
    marked, so nothing about the rest is revealed. When the budget runs out
    while proving which cells several solutions share, only the cells proven
    shared by then are judged (a mistake may go unmarked; no right cell is marked).

    When the clues have no solution, or the budget runs out before the
    shared cells are known, the result carries that verdict instead.
    """
    grid = _start(puzzle, grid)
    result = solve(puzzle, budget=budget)
    if result.status in (Status.NONE, Status.GAVE_UP):
        return unjudged(result.status, result.message)
    known = result.known
    wrong = (grid != UNKNOWN) & (known != UNKNOWN) & (grid != known)
    return CheckResult(frozenset((int(r), int(c)) for r, c in np.argwhere(wrong)))


def unjudged(verdict: Status, message: str) -> CheckResult:
    """The result of a check whose clues could not be judged: ``verdict`` is
    the solver's (NONE or GAVE_UP), ``message`` its explanation."""
    why = "the clues have no solution" if verdict == Status.NONE else "cannot check"
    return CheckResult(verdict=verdict, message=f"{why}: {message}")


def difficulty(puzzle: Nonogram, budget: Budget | None = None) -> str:
    """"line by line", "needs probing", "needs search", "several solutions",
    or "no solution" / "undecided" (the budget ran out).

    The label of a puzzle with one solution is the hardest rule
    :func:`explain` uses on it, so the label and the explanation agree.
    ``budget`` bounds the solve and, afresh, the explanation.
    """
    return label(solve(puzzle, budget=budget).status, lambda: explain(puzzle, budget=budget))


def label(status: Status, steps: Callable[[], Iterable[Step]]) -> str:
    """The difficulty label from a verdict and, for a unique puzzle, the steps
    of its explanation (run only then): the hardest rule they use."""
    if status == Status.MULTIPLE:
        return SEVERAL
    if status == Status.NONE:
        return NO_SOLUTION
    if status == Status.GAVE_UP:
        return UNDECIDED
    try:
        hardest = max((RULES.index(step.rule) for step in steps()), default=0)
    except BudgetExhausted:
        return UNDECIDED
    return LABELS[RULES[hardest]]


# --- the rules ----------------------------------------------------------------


# explain() runs only on grids some solution respects, and every step is sound,
# so no line ever becomes unplaceable: the rules skip such a line rather than
# carry a contradiction path nothing can reach.


class _Memo:
    """Which checks found nothing, so that later steps skip them.

    A rule's check on a line (or a probe, on the lines its propagation
    visited) that decided nothing at step ``t`` decides nothing later while
    none of those lines has changed since: the rules see nothing else. So
    skipping it changes no step, only the time; without it every step would
    scan every line and probe every cell again.
    """

    def __init__(self) -> None:
        self.now = 0  # steps applied
        self.changed: dict[Line, int] = {}  # line -> the step that last changed it
        self.quiet: dict[tuple, tuple[int, frozenset[Line]]] = {}  # check -> (when, lines it read)

    def skip(self, key: tuple) -> bool:
        seen = self.quiet.get(key)
        return seen is not None and all(self.changed.get(line, 0) <= seen[0] for line in seen[1])

    def nothing(self, key: tuple, lines: Iterable[Line]) -> None:
        self.quiet[key] = (self.now, frozenset(lines))


def _deduce(puzzle: Nonogram, grid: np.ndarray, budget: Budget, memo: "_Memo | None" = None) -> Step | None:
    """The first step by the cheapest rule that decides a cell; ``None`` when only a guess is left."""
    memo = memo or _Memo()
    return _by_ranges(puzzle, grid, memo) or _by_line(puzzle, grid, memo) or _by_probe(puzzle, grid, budget, memo)


def _by_ranges(puzzle: Nonogram, grid: np.ndarray, memo: _Memo) -> Step | None:
    for line in puzzle.lines():
        if memo.skip(("ranges", line)):
            continue
        cells = _cells(grid, line)
        clue = puzzle.clue(line)
        spans = block_ranges(clue, cells)
        if spans is None:
            continue
        decided: dict[int, int] = {}
        reasons = []
        for length, (start, stop) in zip(clue, spans):
            must = [k for k in range(stop - length, start + length) if cells[k] == UNKNOWN]
            if must:
                decided.update((k, BLOCK) for k in must)
                reasons.append(f"the {length} must cover {_places(line, must)} "
                               f"(its candidate range is {_span(start, stop - 1)})")
        reach = np.zeros(len(cells), dtype=bool)
        for start, stop in spans:
            reach[start:stop] = True
        outside = [k for k in range(len(cells)) if not reach[k] and cells[k] == UNKNOWN]
        if outside:
            decided.update((k, DOT) for k in outside)
            reasons.append(f"no block can reach {_places(line, outside)}, so white")
        if decided:
            return Step("ranges", line, _on_grid(line, decided), f"{_name(puzzle, line)}: " + "; ".join(reasons))
        memo.nothing(("ranges", line), (line,))
    return None


def _by_line(puzzle: Nonogram, grid: np.ndarray, memo: _Memo) -> Step | None:
    for line in puzzle.lines():
        if memo.skip(("line", line)):
            continue
        cells = _cells(grid, line)
        solved = solve_line(puzzle.clue(line), cells)
        if solved is None:
            continue
        new = {k: int(v) for k, v in enumerate(solved) if cells[k] == UNKNOWN and v != UNKNOWN}
        if new:
            black = [k for k, v in new.items() if v == BLOCK]
            white = [k for k, v in new.items() if v == DOT]
            parts = ([f"{_places(line, black)} black"] if black else []) + \
                    ([f"{_places(line, white)} white"] if white else [])
            text = (f"{_name(puzzle, line)}: every placement of the clue that fits the known cells "
                    f"makes {' and '.join(parts)}")
            return Step("line", line, _on_grid(line, new), text)
        memo.nothing(("line", line), (line,))
    return None


def _by_probe(puzzle: Nonogram, grid: np.ndarray, budget: Budget, memo: _Memo) -> Step | None:
    rows, cols = _lines_of(grid)
    for r, c in np.argwhere(grid == UNKNOWN).tolist():
        for assumed in (BLOCK, DOT):
            if memo.skip(("probe", r, c, assumed)):
                continue
            budget.charge()
            trial = (rows.copy(), cols.copy())
            _set(trial, r, c, assumed)
            visited: set[tuple[int, int]] = set()
            failed = _propagate(puzzle, trial, [(0, r), (1, c)], visited)
            if failed is None:
                memo.nothing(("probe", r, c, assumed), (_line_of(key) for key in visited))
            else:
                other = UNKNOWN ^ assumed
                text = (f"Row {r + 1}, column {c + 1}: if it were {_colour(assumed)}, line logic from there "
                        f"would leave {failed} (clue {format_clue(puzzle.clue(failed))}) no placement; "
                        f"so it is {_colour(other)}")
                return Step("probe", failed, {(r, c): other}, text)
    return None


def _guess(grid: np.ndarray, target: np.ndarray) -> Step:
    r, c = (int(v) for v in np.argwhere(grid == UNKNOWN)[0])
    value = BLOCK if target[r, c] else DOT
    text = (f"Row {r + 1}, column {c + 1}: no rule decides a cell here; guess {_colour(value)} "
            f"(the branch that leads to a solution)")
    return Step("guess", None, {(r, c): value}, text)


def _propagate(puzzle: Nonogram, board: tuple[list[bytes], list[bytes]],
               dirty: list[tuple[int, int]], visited: set[tuple[int, int]]) -> Line | None:
    """Line-solve the board (rows and columns as bytes, as the solver keeps
    them, so the line cache serves both) in place until nothing changes; the
    line that fails, or None. ``visited`` collects the lines solved."""
    clues = (puzzle.rows, puzzle.cols)
    pending = deque(dirty)
    queued = set(dirty)
    while pending:
        axis, index = pending.popleft()
        queued.discard((axis, index))
        old = board[axis][index]
        visited.add((axis, index))
        new = solve_line_bytes(clues[axis][index], old)
        if new is None:
            return _line_of((axis, index))
        if new == old:
            continue
        board[axis][index] = new
        crossing = board[1 - axis]
        for k in range(len(new)):
            if new[k] != old[k]:
                crossing[k] = crossing[k][:index] + new[k:k + 1] + crossing[k][index + 1:]
                if (1 - axis, k) not in queued:
                    queued.add((1 - axis, k))
                    pending.append((1 - axis, k))
    return None


def _line_of(key: tuple[int, int]) -> Line:
    return Line("row" if key[0] == 0 else "col", key[1])


def _lines_of(grid: np.ndarray) -> tuple[list[bytes], list[bytes]]:
    return [row.tobytes() for row in grid], [col.tobytes() for col in np.ascontiguousarray(grid.T)]


def _set(board: tuple[list[bytes], list[bytes]], r: int, c: int, value: int) -> None:
    rows, cols = board
    rows[r] = rows[r][:c] + bytes((value,)) + rows[r][c + 1:]
    cols[c] = cols[c][:r] + bytes((value,)) + cols[c][r + 1:]


# --- helpers ------------------------------------------------------------------


def _start(puzzle: Nonogram, givens: np.ndarray | None) -> np.ndarray:
    if givens is None:
        return np.full(puzzle.shape, UNKNOWN, dtype=np.int8)
    grid = np.array(givens, dtype=np.int8)
    if grid.shape != puzzle.shape:
        raise ValueError(f"the grid has shape {grid.shape}, the puzzle {puzzle.shape}")
    if not np.isin(grid, (BLOCK, DOT, UNKNOWN)).all():
        raise ValueError("the grid must hold only BLOCK, DOT or UNKNOWN")
    return grid


def _cells(grid: np.ndarray, line: Line) -> np.ndarray:
    return np.ascontiguousarray(grid[line.index] if line.axis == "row" else grid[:, line.index])


def _on_grid(line: Line, decided: dict[int, int]) -> dict[Cell, int]:
    return {((line.index, k) if line.axis == "row" else (k, line.index)): v for k, v in sorted(decided.items())}


def _name(puzzle: Nonogram, line: Line) -> str:
    return f"{str(line).capitalize()}, clue {format_clue(puzzle.clue(line))}"


def _places(line: Line, positions: list[int]) -> str:
    """Line positions (0-based) as 1-based runs: "columns 2–3, 7"."""
    word = "column" if line.axis == "row" else "row"
    runs: list[tuple[int, int]] = []
    for k in sorted(positions):
        if runs and runs[-1][1] == k - 1:
            runs[-1] = (runs[-1][0], k)
        else:
            runs.append((k, k))
    many = len(positions) > 1
    return f"{word}{'s' if many else ''} " + ", ".join(_span(a, b) for a, b in runs)


def _span(first: int, last: int) -> str:
    return f"{first + 1}" if first == last else f"{first + 1}–{last + 1}"


def _colour(value: int) -> str:
    return "black" if value == BLOCK else "white"
