"""A complete colour nonogram solver: propagation, probing, search, a verdict.

The same layers as the black-and-white :mod:`.solver`, over colour masks:

propagate  the exact colour line solver (:mod:`.colour_line`) on every dirty
           row and column until nothing changes.
probe      at the root, try each colour still open in each undecided cell on a
           copy; a colour that leads to a contradiction is struck out, and a
           cell keeps only the OR of what its surviving trials allow. Repeat
           until a pass learns nothing.
search     depth first on the undecided cell with the fewest colours left,
           one branch per colour, propagating at every node. Branches split the
           solutions, so each is yielded once; uniqueness is "ask for two".

A state is a flat list of masks, cell ``(r, c)`` at ``r * width + c``.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Iterator

import numpy as np

from xlsolver.core import clock
from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.status import Status
from xlsolver.nonogram.board import LineKey
from xlsolver.nonogram.colour import ColourNonogram, ColourResult, format_colour_clue
from xlsolver.nonogram.colour_line import solve_colour_line
from xlsolver.nonogram.model import Conflict, Line

__all__ = ["LineEngine", "colour_solutions", "solve_colour"]



class LineEngine:
    """The clues in solver form and the operations on states (shared with the
    explanations of :mod:`.colour_explain`)."""

    def __init__(self, puzzle: ColourNonogram, budget: Budget) -> None:
        self.puzzle, self.budget = puzzle, budget
        self.h, self.w = puzzle.shape
        self.clues = {(0, i): puzzle.indexed(c) for i, c in enumerate(puzzle.rows)}
        self.clues |= {(1, j): puzzle.indexed(c) for j, c in enumerate(puzzle.cols)}
        self.full = (1 << (len(puzzle.palette) + 1)) - 1
        self.branches = 0

    def all_lines(self) -> list[LineKey]:
        return list(self.clues)

    def cells_of(self, key: LineKey) -> range:
        axis, index = key
        if axis == 0:
            return range(index * self.w, (index + 1) * self.w)
        return range(index, self.h * self.w, self.w)

    def propagate(self, state: list[int], dirty: list[LineKey],
                  visited: set[LineKey] | None = None) -> LineKey | None:
        """Narrow ``state`` in place to the line-solver fixpoint; the failing line, or ``None``.
        ``visited`` collects the lines solved on the way (what a probe step rests on).
        Raises BudgetExhausted when the time runs out first (``state`` then holds what
        was deduced so far, which is sound)."""
        queue, queued = deque(dirty), set(dirty)
        while queue:
            key = queue.popleft()
            queued.discard(key)
            if visited is not None:
                visited.add(key)
            positions = self.cells_of(key)
            before = tuple(state[p] for p in positions)
            after = solve_colour_line(self.clues[key], before)
            self.budget.check()  # a colour line of a large grid takes milliseconds: each one looks
            if after is None:
                return key
            for k, (old, new) in enumerate(zip(before, after)):
                if old != new:
                    state[positions[k]] = new
                    cross = (1, positions[k] % self.w) if key[0] == 0 else (0, positions[k] // self.w)
                    if cross not in queued:
                        queued.add(cross)
                        queue.append(cross)
        return None

    def lines_through(self, position: int) -> list[LineKey]:
        return [(0, position // self.w), (1, position % self.w)]

    def probe(self, state: list[int]) -> tuple[int, tuple[LineKey, ...]] | None:
        """Root probing until a pass learns nothing. When the state breaks: the
        position of a cell every colour of which fails, with the lines where
        they fail (each once, in the order of the colours); else None."""
        learned = True
        while learned:
            learned = False
            for p in range(len(state)):
                if _single(state[p]):
                    continue
                union, failures = 0, []
                for bit in _bits(state[p]):
                    self.budget.charge()
                    self.budget.check()  # a probe of a large grid takes milliseconds: each one looks
                    trial = list(state)
                    trial[p] = bit
                    failed = self.propagate(trial, self.lines_through(p))
                    if failed is None:
                        union = trial if union == 0 else [a | b for a, b in zip(union, trial)]
                    else:
                        failures.append(failed)
                if union == 0:
                    return p, tuple(dict.fromkeys(failures))
                if union != state:
                    state[:] = union
                    learned = True
        return None

    def search(self, state: list[int]) -> Iterator[list[int]]:
        """Every solution below ``state`` (already at the propagation fixpoint)."""
        open_cells = [p for p, v in enumerate(state) if not _single(v)]
        if not open_cells:
            yield state
            return
        p = min(open_cells, key=lambda q: (bin(state[q]).count("1"), q))
        for bit in _bits(state[p]):
            self.budget.charge()
            self.branches += 1
            trial = list(state)
            trial[p] = bit
            if self.propagate(trial, self.lines_through(p)) is None:
                yield from self.search(trial)

    def to_indices(self, state: list[int]) -> np.ndarray:
        grid = np.array([v.bit_length() - 1 for v in state], dtype=np.int8)
        return grid.reshape(self.h, self.w)


def _single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def _bits(mask: int) -> list[int]:
    return [1 << k for k in range(mask.bit_length()) if mask >> k & 1]


def _start(engine: LineEngine, givens: np.ndarray | None) -> list[int]:
    if givens is None:
        return [engine.full] * (engine.h * engine.w)
    grid = np.asarray(givens)
    if grid.shape != engine.puzzle.shape:
        raise ValueError(f"givens have shape {grid.shape}, the puzzle {engine.puzzle.shape}")
    state = [int(v) & engine.full for v in grid.ravel()]
    if not all(state):
        raise ValueError("a given cell allows no colour")
    return state


def colour_solutions(puzzle: ColourNonogram, givens: np.ndarray | None = None,
                     budget: Budget | None = None) -> Iterator[np.ndarray]:
    """Every solution (grid of colour indices, 0 = background), each once.
    ``givens``: a grid of colour masks the solutions must respect."""
    budget = (budget or Budget(seconds=None)).start()
    if puzzle.problems():
        return
    engine = LineEngine(puzzle, budget)
    state = _start(engine, givens)
    if engine.propagate(state, engine.all_lines()) is None:
        for found in engine.search(state):
            yield engine.to_indices(found)


def solve_colour(puzzle: ColourNonogram, givens: np.ndarray | None = None,
                 budget: Budget | None = None) -> ColourResult:
    """Solve completely: exactly one of UNIQUE, MULTIPLE, NONE or GAVE_UP (as :func:`.solver.solve`)."""
    started = clock.now()
    result = _solve(puzzle, givens, (budget or Budget()).start())
    return replace(result, seconds=clock.now() - started)


def _solve(puzzle: ColourNonogram, givens: np.ndarray | None, budget: Budget) -> ColourResult:
    problems = puzzle.problems()
    engine = LineEngine(puzzle, budget)
    state = _start(engine, givens)
    start = _masks(engine, state)
    if problems:
        lines = tuple(dict.fromkeys(line for line, _ in problems if line is not None))
        message = "no solution: " + "; ".join(text for _, text in problems)
        return ColourResult(Status.NONE, (), start, message, Conflict(lines=lines))
    found: list[list[int]] = []
    difficulty = "line"
    try:
        failed = engine.propagate(state, engine.all_lines())
        proved = _masks(engine, state)  # what line logic proved (before the clash, if it failed)
        if failed is not None:
            return _line_fails(engine, start, proved, failed, budget)
        if not all(map(_single, state)):
            difficulty = "probing"
            broken = engine.probe(state)
            if broken is not None:
                return _probe_fails(engine, start, proved, *broken, budget)
        if not all(map(_single, state)):
            difficulty = "search"
        for solution in engine.search(state):
            found.append(solution)
            if len(found) == 2:
                break
    except BudgetExhausted:
        known = _masks(engine, state)
        decided = sum(map(_single, state))
        message = (f"gave up after {budget.describe()} ({budget.used_nodes} nodes searched); "
                   f"{decided} of {len(state)} cells deduced")
        return ColourResult(Status.GAVE_UP, (), known, message, nodes=budget.used_nodes)
    stats = {"difficulty": difficulty, "branches": engine.branches}
    grids = tuple(engine.to_indices(s) for s in found)
    if not found:
        message = "no solution: every branch of the search fails; no single line shows the contradiction"
        return ColourResult(Status.NONE, (), start, message, Conflict(board=proved), nodes=budget.used_nodes,
                            stats=stats)
    if len(found) == 1:
        how = {"line": "by line logic alone", "probing": "by line logic and probing",
               "search": f"by search ({engine.branches} branches)"}[difficulty]
        return ColourResult(Status.UNIQUE, grids, _masks(engine, found[0]), f"unique solution, found {how}",
                           nodes=budget.used_nodes, stats=stats)
    differ = int(np.count_nonzero(grids[0] != grids[1]))
    shared = sum(map(_single, state))
    message = (f"several solutions: the two shown differ in {differ} cells; "
               f"{shared} cells are proven the same in every solution")
    return ColourResult(Status.MULTIPLE, grids, _masks(engine, state), message, nodes=budget.used_nodes, stats=stats)


def _masks(engine: LineEngine, state: list[int]) -> np.ndarray:
    return np.array(state, dtype=np.int64).reshape(engine.h, engine.w)


def _line(key: LineKey) -> Line:
    return Line("row" if key[0] == 0 else "col", key[1])


def _named(engine: LineEngine, line: Line) -> str:
    return f"{line} (clue {format_colour_clue(engine.puzzle.clue(line))})"


def _line_fails(engine: LineEngine, start: np.ndarray, proved: np.ndarray, failed: LineKey,
                budget: Budget) -> ColourResult:
    """Line logic failed on ``failed``: the line, and ``proved``, what it proved before."""
    line = _line(failed)
    message = f"no solution: {_named(engine, line)} cannot be placed"
    return ColourResult(Status.NONE, (), start, message, Conflict(lines=(line,), board=proved, line=line),
                        nodes=budget.used_nodes, stats={"difficulty": "line", "branches": 0})


def _probe_fails(engine: LineEngine, start: np.ndarray, proved: np.ndarray, position: int,
                 failures: tuple[LineKey, ...], budget: Budget) -> ColourResult:
    """Probing found a cell every colour of which fails: one line shows it when every
    colour fails there; otherwise no single line does, and none is named for the grid."""
    r, c = divmod(position, engine.w)
    lines = tuple(_line(key) for key in failures)
    cell = f"cell (row {r + 1}, column {c + 1}) can take no colour"
    if len(lines) == 1:
        message = f"no solution: {cell}; each one breaks {_named(engine, lines[0])}"
    else:
        message = (f"no solution: {cell}: each one breaks a line, "
                   f"{' or '.join(_named(engine, line) for line in lines)}; no single line shows the contradiction")
    return ColourResult(Status.NONE, (), start, message,
                        Conflict(lines=lines, board=proved, line=lines[0] if len(lines) == 1 else None),
                        nodes=budget.used_nodes, stats={"difficulty": "probing", "branches": 0})
