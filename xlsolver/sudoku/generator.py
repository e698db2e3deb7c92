"""Making puzzles: a random full grid, then clues removed while exactly one
solution remains, each puzzle re-checked by exact cover before it is handed out.

Removing a clue can only add solutions, so a clue whose removal once broke
uniqueness can never be removed later: one pass that tries every clue (or
every symmetric group of clues) yields a *minimal* puzzle.

Each test "is it still unique?" is a search for two solutions. On 25x25 grids
some of these searches run for millions of nodes, so a test may be capped
(``test_nodes``): a test that reaches the cap keeps its clue. The puzzle stays
proven unique (clues were only ever removed after a completed proof), but it
is then not proven minimal, and :attr:`Generated.minimal` says so. Capped tests
search with singles only, no locked candidates: the exact-cover re-check is
about as strong, so what one proves in a hundred nodes the other confirms in a
blink (with locked candidates a 25x25 could pass the test and then keep the
re-check busy for a minute).
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Callable, Iterator

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.sudoku.cover import cover_count
from xlsolver.sudoku.model import Shape, Sudoku
from xlsolver.sudoku.solver import candidates, count

__all__ = [
    "AUTO", "GENTLE_SHARE", "Generated", "SYMMETRIES", "VerificationError", "default_test_nodes", "generate",
    "make_accepted", "make_puzzle", "orbit",
]

SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal")
# Without --minimal, removal stops at this share of the cells: gentler puzzles.
GENTLE_SHARE = 0.4
_GRID_NODES = 20_000  # a random start that needs more than this is dropped for another
AUTO = -1  # test_nodes: the default cap for the size (default_test_nodes)
# Up to 16x16 every test runs to its end (minimal 16x16: a few thousand nodes at most).
# On 25x25 a cap of 100 nodes reaches ~42% clues in about a second; larger caps buy no
# fewer clues for many times the time (measured: 2,000 nodes ~9 s, 10,000 nodes ~40 s).
_BIG_GRID_TEST_NODES = 100
class VerificationError(RuntimeError):
    """The two counting methods disagree: a bug, never a puzzle to hand out."""


@dataclass(frozen=True)
class Generated:
    """One puzzle with its solution and the seed that makes it again.
    ``minimal``: proven that no clue (no symmetric group of clues) can go."""

    puzzle: Sudoku
    solution: tuple[int, ...]
    seed: str
    minimal: bool = False


def orbit(cell: int, n: int, symmetry: str) -> tuple[int, ...]:
    """The cells that must be given or empty together with ``cell``."""
    r, c = divmod(cell, n)
    images = {(r, c)}
    if symmetry in ("rot180", "rot90"):
        images.add((n - 1 - r, n - 1 - c))
    if symmetry == "rot90":
        images |= {(c, n - 1 - r), (n - 1 - c, r)}
    if symmetry == "mirror":
        images.add((r, n - 1 - c))
    if symmetry == "diagonal":
        images.add((c, r))
    return tuple(sorted(i * n + j for i, j in images))


def full_grid(shape: Shape, rng: random.Random) -> tuple[int, ...]:
    """A random complete grid: a few random digits, the first completion the
    search finds, then a random relabelling and reordering of rows, columns,
    bands and stacks (which keep a grid valid)."""
    n = shape.n
    while True:
        cand = candidates(Sudoku.empty(shape))
        for cell in rng.sample(range(n * n), n):
            open_digits = [d for d in range(n) if cand[cell] >> d & 1]
            cand[cell] = 1 << rng.choice(open_digits)
            for p in shape.peers[cell]:
                cand[p] &= ~cand[cell]
        if any(m == 0 for m in cand):
            continue
        try:
            # Singles only, so that a seed's grid stays the same when the search learns more
            # deductions (they change which completion is found first, not whether one exists).
            found, sols, _, _ = count(cand, shape, 1, Budget(seconds=None, nodes=_GRID_NODES).start(), locked=False)
        except BudgetExhausted:
            continue
        if found:
            return _shuffle(sols[0], shape, rng)


def _shuffle(grid: tuple[int, ...], shape: Shape, rng: random.Random) -> tuple[int, ...]:
    n, br, bc = shape.n, shape.box_rows, shape.box_cols
    relabel = list(range(1, n + 1))
    rng.shuffle(relabel)
    rows = _block_order(n, br, rng)
    cols = _block_order(n, bc, rng)
    return tuple(relabel[grid[rows[r] * n + cols[c]] - 1] for r in range(n) for c in range(n))


def _block_order(n: int, block: int, rng: random.Random) -> list[int]:
    """A random order of n lines that keeps lines of one band (``block`` lines) together."""
    bands = list(range(n // block))
    rng.shuffle(bands)
    order = []
    for b in bands:
        inner = list(range(block))
        rng.shuffle(inner)
        order += [b * block + i for i in inner]
    return order


def default_test_nodes(shape: Shape) -> int | None:
    """The node cap of one uniqueness test: none up to 16x16, a small one above."""
    return None if shape.n <= 16 else _BIG_GRID_TEST_NODES


def make_puzzle(shape: Shape, seed: str, symmetry: str = "none", minimal: bool = True,
                min_clues: int | None = None, test_nodes: int | None = AUTO) -> Generated:
    """One verified puzzle, the same for the same arguments. ``minimal``: remove
    clues until none can go; else stop at ``min_clues`` (default 40% of the
    cells). ``test_nodes`` caps each uniqueness test (None: no cap; AUTO: the
    default for the size)."""
    if symmetry not in SYMMETRIES:
        raise ValueError(f'symmetry "{symmetry}" is not one of {", ".join(SYMMETRIES)}')
    if symmetry in ("rot90", "diagonal") and shape.box_rows != shape.box_cols:
        raise ValueError(f"{symmetry} symmetry needs square boxes, not {shape}")
    cap = default_test_nodes(shape) if test_nodes == AUTO else test_nodes
    rng = random.Random(seed)
    n = shape.n
    solution = full_grid(shape, rng)
    floor = min_clues if min_clues is not None else (0 if minimal else round(GENTLE_SHARE * n * n))
    cells = list(solution)
    orbits = sorted({orbit(i, n, symmetry) for i in range(n * n)})
    rng.shuffle(orbits)
    clues, undecided, skipped = n * n, 0, 0
    for group in orbits:
        if clues - len(group) < floor:
            skipped += 1
            continue
        for i in group:
            cells[i] = 0
        try:
            unique = count(candidates(Sudoku(shape, tuple(cells))), shape, 2, max_nodes=cap,
                           locked=cap is None)[0] == 1
        except BudgetExhausted:
            unique, undecided = False, undecided + 1
        if unique:
            clues -= len(group)
        else:
            for i in group:
                cells[i] = solution[i]
    puzzle = Sudoku(shape, tuple(cells))
    if cover_count(puzzle, limit=2) != 1:
        raise VerificationError(f"exact cover does not confirm one solution for {puzzle.to_text()}")
    return Generated(puzzle, solution, seed, minimal=undecided == 0 and skipped == 0)


def make_accepted(shape: Shape, seed: str, symmetry: str = "none", minimal: bool = True,
                  min_clues: int | None = None, test_nodes: int | None = AUTO,
                  accept: Callable[[Generated], bool] | None = None, tries: int = 100) -> Generated:
    """The first puzzle ``accept`` takes (a filter on its rating, say): tries the
    seeds ``seed``, ``seed.1``, ``seed.2`` ... Raises ValueError after ``tries``."""
    for attempt in range(tries if accept is not None else 1):
        made = make_puzzle(shape, seed if attempt == 0 else f"{seed}.{attempt}", symmetry, minimal,
                           min_clues, test_nodes)
        if accept is None or accept(made):
            return made
    raise ValueError(f"no puzzle of {tries} made from seed {seed} was accepted")


def _one(args: tuple) -> Generated:
    return make_accepted(*args)


def generate(shape: Shape, number: int, seed: int | str = 0, symmetry: str = "none",
             minimal: bool = True, min_clues: int | None = None, workers: int | None = None,
             progress: Callable[[int, int], None] | None = None, test_nodes: int | None = AUTO,
             accept: Callable[[Generated], bool] | None = None) -> Iterator[Generated]:
    """``number`` puzzles in order; puzzle i is seeded ``"{seed}:{i}"``, so the
    output does not depend on the number of worker processes. ``accept`` (a
    function the worker processes can import, when ``workers > 1``) filters
    puzzles; a refused one is replaced by the next try of its seed."""
    jobs = [(shape, f"{seed}:{i}", symmetry, minimal, min_clues, test_nodes, accept) for i in range(number)]
    workers = max(1, min(workers or os.cpu_count() or 1, number))
    if workers <= 1:
        results: Iterator[Generated] = map(_one, jobs)
        yield from _counted(results, number, progress)
        return
    chunk = max(1, min(8, number // (4 * workers)))
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        yield from _counted(pool.map(_one, jobs, chunksize=chunk), number, progress)
    finally:  # stopped early (Ctrl-C, a progress callback that stops the work): drop what is queued
        pool.shutdown(wait=True, cancel_futures=True)


def _counted(results: Iterator[Generated], total: int,
             progress: Callable[[int, int], None] | None) -> Iterator[Generated]:
    for done, item in enumerate(results, 1):
        yield item  # first: a progress callback that stops the batch must not lose this puzzle
        if progress is not None:
            progress(done, total)
