"""An independent verifier for the nonogram solver, written differently on purpose.

It shares no code with :mod:`xlsolver.nonogram.line` or ``.solver``: runs are
counted with ``itertools.groupby``, whole grids are enumerated by brute force
over every placement of each row's clue (fine up to about 6 x 7), and single
lines are decided cell by cell with a memoised recursion.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Nonogram


def runs(cells) -> tuple[int, ...]:
    """Lengths of the black runs of a line of truthy/falsy cells."""
    return tuple(len(list(group)) for black, group in itertools.groupby(bool(c) for c in cells) if black)


def satisfies(puzzle: Nonogram, grid: np.ndarray) -> bool:
    """Does the bool ``grid`` have exactly the clues of ``puzzle``?"""
    grid = np.asarray(grid)
    if grid.shape != puzzle.shape:
        return False
    return (all(runs(grid[i]) == puzzle.rows[i] for i in range(puzzle.height))
            and all(runs(grid[:, j]) == puzzle.cols[j] for j in range(puzzle.width)))


def placements(clue: tuple[int, ...], width: int) -> list[tuple[bool, ...]]:
    """Every line of ``width`` cells whose runs are ``clue``, by recursion on the first block."""
    if not clue:
        return [(False,) * width]
    first, rest = clue[0], clue[1:]
    tail_need = sum(rest) + len(rest)  # each later block and the gap before it
    lines = []
    for start in range(width - first - tail_need + 1):
        head = (False,) * start + (True,) * first
        if rest:
            lines += [head + (False,) + tail for tail in placements(rest, width - len(head) - 1)]
        else:
            lines.append(head + (False,) * (width - len(head)))
    return lines


def _respects(cells: tuple[bool, ...], states) -> bool:
    return all(s == UNKNOWN or (s == BLOCK) == c for c, s in zip(cells, states))


def _column_prefix_ok(cells: list[bool], clue: tuple[int, ...]) -> bool:
    """Could a column starting with ``cells`` still end up with runs ``clue``?"""
    found = runs(cells)
    if len(found) > len(clue):
        return False
    if cells and cells[-1]:  # the last run may still grow
        return found[:-1] == clue[:len(found) - 1] and found[-1] <= clue[len(found) - 1]
    return found == clue[:len(found)]


def enumerate_solutions(puzzle: Nonogram, givens: np.ndarray | None = None,
                        limit: int | None = None) -> list[np.ndarray]:
    """All solutions (bool grids) respecting ``givens``, in row-pattern order, at most ``limit``."""
    h, w = puzzle.shape
    options = [[p for p in placements(clue, w) if givens is None or _respects(p, givens[i])]
               for i, clue in enumerate(puzzle.rows)]
    found: list[np.ndarray] = []

    def extend(chosen: list[tuple[bool, ...]]) -> None:
        if limit is not None and len(found) >= limit:
            return
        if len(chosen) == h:
            grid = np.array(chosen, dtype=bool).reshape(h, w)
            if satisfies(puzzle, grid):
                found.append(grid)
            return
        for pattern in options[len(chosen)]:
            rows = chosen + [pattern]
            if all(_column_prefix_ok([r[j] for r in rows], puzzle.cols[j]) for j in range(w)):
                extend(rows)

    extend([])
    return found


def line_deduction(clue: tuple[int, ...], states) -> list[int] | None:
    """The exact line deduction, decided cell by cell: a cell may be black if
    the line still fits with it fixed black (likewise white). ``None`` when
    nothing fits. Slow (O(n^2 k)) and obviously right."""
    states = tuple(int(s) for s in states)
    n = len(states)

    def feasible(cells: tuple[int, ...]) -> bool:
        @lru_cache(maxsize=None)
        def fits(pos: int, block: int) -> bool:
            # cells[pos:] must hold clue[block:], given pos is a block boundary
            if block == len(clue):
                return all(c != BLOCK for c in cells[pos:])
            if pos >= n:
                return False
            if cells[pos] != BLOCK and fits(pos + 1, block):  # leave pos white
                return True
            end = pos + clue[block]
            if end > n or any(c == DOT for c in cells[pos:end]):
                return False
            if end == n:
                return block + 1 == len(clue)
            return cells[end] != BLOCK and fits(end + 1, block + 1)

        return fits(0, 0)

    if not feasible(states):
        return None
    out = []
    for i, s in enumerate(states):
        value = 0
        for candidate in (BLOCK, DOT):
            if s & candidate and feasible(states[:i] + (candidate,) + states[i + 1:]):
                value |= candidate
        out.append(value)
    return out
