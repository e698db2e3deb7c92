"""An independent Takuzu oracle, sharing no code with xlsolver_takuzu: list every
valid row, then stack rows top to bottom, pruning on the columns.

Grids are lists of rows; a cell is 0, 1 or None (a puzzle's empty cell).
"""

from __future__ import annotations

import random
from itertools import product

VERDICTS = {0: "none", 1: "unique", 2: "multiple"}


def line_ok(line) -> bool:
    """A complete line: n/2 of each digit, no three equal side by side."""
    return (sum(line) * 2 == len(line)
            and all(not line[k] == line[k + 1] == line[k + 2] for k in range(len(line) - 2)))


def valid_rows(n: int) -> list[tuple[int, ...]]:
    return [row for row in product((0, 1), repeat=n) if line_ok(row)]


def is_solution(givens, grid) -> bool:
    """Does the full ``grid`` keep every rule and every given?"""
    n = len(givens)
    rows = [tuple(row) for row in grid]
    columns = list(zip(*rows))
    return (len(rows) == n and all(len(row) == n for row in rows)
            and all(line_ok(line) for line in rows + columns)
            and len(set(rows)) == n and len(set(columns)) == n
            and all(g is None or g == v for grow, row in zip(givens, rows) for g, v in zip(grow, row)))


def solutions(givens, limit: int = 2, rng: random.Random | None = None) -> list[list[tuple[int, ...]]]:
    """Up to ``limit`` solutions (rows tried in a shuffled order with ``rng``)."""
    n = len(givens)
    fits = [[row for row in valid_rows(n) if all(g is None or g == v for g, v in zip(givens[r], row))]
            for r in range(n)]
    if rng is not None:
        for rows in fits:
            rng.shuffle(rows)
    found: list[list[tuple[int, ...]]] = []
    stack: list[tuple[int, ...]] = []
    ones = [0] * n
    # The givens of each column below each row: counted with the cells so far, neither
    # digit may pass n/2.
    ones_below = [[sum(givens[k][c] == 1 for k in range(r, n)) for c in range(n)] for r in range(n + 1)]
    zeros_below = [[sum(givens[k][c] == 0 for k in range(r, n)) for c in range(n)] for r in range(n + 1)]

    def columns_ok() -> bool:
        """The columns so far: with the givens below, at most n/2 of each digit; no
        three equal at the bottom."""
        depth = len(stack)
        for c in range(n):
            if (ones[c] + ones_below[depth][c]) * 2 > n or (depth - ones[c] + zeros_below[depth][c]) * 2 > n:
                return False
            if depth >= 3 and stack[-1][c] == stack[-2][c] == stack[-3][c]:
                return False
        return True

    def stack_up() -> None:
        if len(found) >= limit:
            return
        if len(stack) == n:
            if len(set(zip(*stack))) == n:
                found.append(list(stack))
            return
        for row in fits[len(stack)]:
            if row in stack:
                continue
            stack.append(row)
            for c in range(n):
                ones[c] += row[c]
            if columns_ok():
                stack_up()
            for c in range(n):
                ones[c] -= row[c]
            stack.pop()
            if len(found) >= limit:
                return

    stack_up()
    return found


def verdict(givens) -> str:
    return VERDICTS[len(solutions(givens, 2))]


def random_grid(n: int, rng: random.Random) -> list[tuple[int, ...]]:
    """A full valid grid, picked at random."""
    return solutions([[None] * n for _ in range(n)], 1, rng)[0]


def puzzle_from(grid, keep: float, rng: random.Random, flips: int = 0) -> list[list[int | None]]:
    """``grid`` with each cell kept with chance ``keep``, then ``flips`` kept cells flipped."""
    givens = [[v if rng.random() < keep else None for v in row] for row in grid]
    kept = [(r, c) for r, row in enumerate(givens) for c, v in enumerate(row) if v is not None]
    for r, c in rng.sample(kept, min(flips, len(kept))):
        givens[r][c] = 1 - givens[r][c]
    return givens
