"""Explanations, hints, checking and a difficulty label for colour nonograms.

The colour counterpart of :mod:`.explain`, with the same :class:`~.explain.Step`
and labels, over grids of colour masks (bit 0 the background, bit ``k``
palette colour ``k``; see :mod:`.colour`). A step's ``cells`` map each cell
it decides to a colour *index* (0 = background).

Rules, cheapest first
---------------------
line    the exact colour line solver (:func:`~.colour_line.solve_colour_line`)
        on one line, from the cells decided so far: a cell every placement
        of the clue gives the same colour is decided.
probe   give an undecided cell each colour in turn and propagate the line
        solver over the grid; when every colour but one leaves some line
        without a placement, the cell has that one.
guess   nothing above decides a cell: the colour a solution has there.

The black-and-white rule of candidate ranges has no colour form here:
blocks of different colours may touch, so a block's range is not the plain
interval the analyzer drew.

As in :mod:`.explain`, a step is made from the *decided* cells only (what a
sheet shows), so replaying the steps from the puzzle reaches the solution,
and each step can be made afresh from a painted sheet.
"""

from __future__ import annotations

from typing import Iterator

import numpy as np

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.status import Status
from xlsolver.nonogram.board import LineKey
from xlsolver.nonogram.colour import ColourNonogram, format_colour_clue
from xlsolver.nonogram.colour_line import solve_colour_line
from xlsolver.nonogram.colour_solver import LineEngine, solve_colour
from xlsolver.nonogram.explain import CheckResult, Step, label, unjudged
from xlsolver.nonogram.model import Line

__all__ = ["check_colour", "colour_difficulty", "explain_colour", "next_colour_step"]



def explain_colour(puzzle: ColourNonogram, givens: np.ndarray | None = None,
                   budget: Budget | None = None) -> Iterator[Step]:
    """The steps from ``givens`` (a grid of colour masks; default: nothing
    decided) to a full solution, as :func:`.explain.explain` does for black
    and white. Nothing is yielded when no solution respects ``givens``;
    :class:`BudgetExhausted` comes out when ``budget`` is spent."""
    budget = (budget or Budget(seconds=None)).start()
    work = _Work(puzzle, _decided(puzzle, givens))
    result = solve_colour(puzzle, work.masks(), Budget(seconds=budget.seconds, nodes=budget.nodes))
    if result.status == Status.GAVE_UP:
        raise BudgetExhausted(result.message)
    if not result.solutions:
        return
    target = result.solutions[0]
    while work.open():
        step = work.by_line() or work.by_probe(budget) or work.guess(target)
        work.apply(step)
        yield step


def next_colour_step(puzzle: ColourNonogram, givens: np.ndarray, budget: Budget | None = None) -> Step | None:
    """The next deduction from a grid of colour masks, or ``None`` when every
    cell is decided or no solution respects the decided cells."""
    return next(explain_colour(puzzle, givens, budget), None)


def check_colour(puzzle: ColourNonogram, givens: np.ndarray, budget: Budget | None = None) -> CheckResult:
    """The decided cells (a single colour in ``givens``) whose colour no solution
    has there, judged against the cells the solver proved shared (as
    :func:`.explain.check`); the verdict instead when the clues have no
    solution or the budget runs out."""
    masks = np.asarray(givens, dtype=np.int64)
    result = solve_colour(puzzle, budget=budget)
    if result.status in (Status.NONE, Status.GAVE_UP):
        return unjudged(result.status, result.message)
    known = result.known.astype(np.int64)
    single = lambda grid: (grid != 0) & ((grid & (grid - 1)) == 0)
    wrong = single(masks) & single(known) & (masks != known)
    return CheckResult(frozenset((int(r), int(c)) for r, c in np.argwhere(wrong)))


def colour_difficulty(puzzle: ColourNonogram, budget: Budget | None = None) -> str:
    """The label of :func:`.explain.difficulty` for a colour puzzle: the hardest
    rule :func:`explain_colour` needs, or "several solutions", "no solution",
    "undecided"."""
    return label(solve_colour(puzzle, budget=budget).status, lambda: explain_colour(puzzle, budget=budget))


def _decided(puzzle: ColourNonogram, givens: np.ndarray | None) -> list[int]:
    """The givens as a flat list of masks, undecided cells widened to every colour."""
    full = (1 << (len(puzzle.palette) + 1)) - 1
    if givens is None:
        return [full] * (puzzle.height * puzzle.width)
    grid = np.asarray(givens, dtype=np.int64)
    if grid.shape != puzzle.shape:
        raise ValueError(f"the grid has shape {grid.shape}, the puzzle {puzzle.shape}")
    return [int(v) if _single(int(v)) and int(v) & full else full for v in grid.ravel()]


def _single(mask: int) -> bool:
    return mask != 0 and mask & (mask - 1) == 0


class _Work:
    """The decided cells and the rules that extend them.

    ``state`` holds a single bit for each decided cell and every colour for
    the others; rules read it and never narrow it, so what a step depends on
    is what a sheet shows. A memo skips checks that found nothing while the
    lines they read are unchanged (as in :mod:`.explain`).
    """

    def __init__(self, puzzle: ColourNonogram, state: list[int]) -> None:
        self.puzzle, self.state = puzzle, state
        self.lines = LineEngine(puzzle, Budget(seconds=None))
        self.h, self.w = puzzle.shape
        self.full = self.lines.full
        self.clues = self.lines.clues
        self.cells_of = self.lines.cells_of
        self.now = 0
        self.changed: dict[LineKey, int] = {}
        self.quiet: dict[tuple, tuple[int, frozenset[LineKey]]] = {}

    def masks(self) -> np.ndarray:
        return np.array(self.state, dtype=np.int64).reshape(self.h, self.w)

    def open(self) -> bool:
        return not all(map(_single, self.state))

    def apply(self, step: Step) -> None:
        self.now += 1
        for (r, c), colour in step.cells.items():
            self.state[r * self.w + c] = 1 << colour
            self.changed[(0, r)] = self.changed[(1, c)] = self.now

    def _skip(self, key: tuple) -> bool:
        seen = self.quiet.get(key)
        return seen is not None and all(self.changed.get(line, 0) <= seen[0] for line in seen[1])

    def _nothing(self, key: tuple, lines) -> None:
        self.quiet[key] = (self.now, frozenset(lines))

    # --- the rules ---

    def by_line(self) -> Step | None:
        for key in self.clues:
            if self._skip(("line", key)):
                continue
            positions = self.cells_of(key)
            before = tuple(self.state[p] for p in positions)
            after = solve_colour_line(self.clues[key], before)
            if after is not None:
                new = {k: v.bit_length() - 1 for k, (was, v) in enumerate(zip(before, after))
                       if not _single(was) and _single(v)}
                if new:
                    return self._line_step(key, new)
            self._nothing(("line", key), (key,))
        return None

    def _line_step(self, key: LineKey, new: dict[int, int]) -> Step:
        line = _line(key)
        by_colour: dict[int, list[int]] = {}
        for k, colour in new.items():
            by_colour.setdefault(colour, []).append(k)
        parts = [f"{_places(line, ks)} {self._name(colour)}" for colour, ks in sorted(by_colour.items())]
        text = (f"{str(line).capitalize()}, clue {format_colour_clue(self.puzzle.clue(line))}: every placement "
                f"of the clue that fits the known cells makes {' and '.join(parts)}")
        cells = {((key[1], k) if key[0] == 0 else (k, key[1])): colour for k, colour in sorted(new.items())}
        return Step("line", line, cells, text)

    def by_probe(self, budget: Budget) -> Step | None:
        for p, mask in enumerate(self.state):
            if _single(mask):
                continue
            r, c = divmod(p, self.w)
            survivors, failures = [], []
            for colour in range(mask.bit_length()):
                if not mask >> colour & 1:
                    continue
                key = ("probe", p, colour)
                if self._skip(key):
                    survivors.append(colour)
                    continue
                budget.charge()
                trial = list(self.state)
                trial[p] = 1 << colour
                visited: set[LineKey] = set()
                failed = self.lines.propagate(trial, [(0, r), (1, c)], visited)
                if failed is None:
                    self._nothing(key, visited)
                    survivors.append(colour)
                    if len(survivors) > 1:
                        break
                else:
                    failures.append((colour, failed))
            if len(survivors) == 1 and failures:
                return self._probe_step(r, c, survivors[0], failures)
        return None

    def _probe_step(self, r: int, c: int, colour: int, failures: list[tuple[int, LineKey]]) -> Step:
        reasons = "; ".join(f"{self._name(tried)} leaves {_line(key)} (clue "
                            f"{format_colour_clue(self.puzzle.clue(_line(key)))}) no placement"
                            for tried, key in failures)
        text = (f"Row {r + 1}, column {c + 1}: with line logic from there, {reasons}; "
                f"so it is {self._name(colour)}")
        return Step("probe", _line(failures[0][1]), {(r, c): colour}, text)

    def guess(self, target: np.ndarray) -> Step:
        p = next(p for p, mask in enumerate(self.state) if not _single(mask))
        r, c = divmod(p, self.w)
        colour = int(target[r, c])
        text = (f"Row {r + 1}, column {c + 1}: no rule decides a cell here; guess {self._name(colour)} "
                f"(the branch that leads to a solution)")
        return Step("guess", None, {(r, c): colour}, text)

    def _name(self, colour: int) -> str:
        return "white" if colour == 0 else self.puzzle.palette[colour - 1].name


def _line(key: LineKey) -> Line:
    return Line("row" if key[0] == 0 else "col", key[1])


def _places(line: Line, positions: list[int]) -> str:
    """Line positions (0-based) as 1-based runs: "columns 2–3, 7"."""
    word = "column" if line.axis == "row" else "row"
    runs: list[tuple[int, int]] = []
    for k in sorted(positions):
        if runs and runs[-1][1] == k - 1:
            runs[-1] = (runs[-1][0], k)
        else:
            runs.append((k, k))
    text = ", ".join(f"{a + 1}" if a == b else f"{a + 1}–{b + 1}" for a, b in runs)
    return f"{word}{'s' if len(positions) > 1 else ''} {text}"
