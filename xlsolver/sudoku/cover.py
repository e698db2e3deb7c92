"""A second, independent way to count sudoku solutions: exact cover.

A sudoku is an exact-cover problem (Knuth, "Dancing Links", 2000) with 4 n^2
items: each cell holds one digit, and each row, column and box holds each
digit once. An option is "digit d in cell (r, c)" and covers one item of each
kind. Givens keep only their own option.

:func:`cover_count` counts with Knuth's Algorithm DLX written here for this
problem: the matrix as dancing links in flat arrays (``L R U D`` links, ``C``
the item of a node, ``S`` the size of an item's column), an iterative search
that always branches on the item with fewest options (Knuth's S heuristic).
It shares no code with the bit-set search of :mod:`xlsolver.sudoku.kernel`
(no candidates, no propagation, no unit tables), so a generated puzzle is
trusted only when both agree. Like the kernel, the search function only
indexes its arrays: numba compiles it, and it runs as plain Python on lists
when numba is absent or ``XLSOLVER_NO_NUMBA=1``.

:func:`cover_options` states the same problem for the general Algorithm X of the
tests' exact-cover oracle (``tests/exact_cover_oracle.py``), which checks this one.
"""

from __future__ import annotations

import time

import numpy as np

from xlsolver.core.accel import compile_kernels
from xlsolver.sudoku.kernel import warm_up
from xlsolver.sudoku.model import Sudoku

__all__ = ["cover_count", "cover_options"]


def cover_options(puzzle: Sudoku) -> list[tuple[tuple, ...]]:
    """The options of the exact-cover problem, one per allowed (cell, digit)."""
    n, br, bc = puzzle.n, puzzle.shape.box_rows, puzzle.shape.box_cols
    options = []
    for i, given in enumerate(puzzle.cells):
        r, c = divmod(i, n)
        box = (r // br) * (n // bc) + c // bc
        for d in [given] if given else range(1, n + 1):
            options.append((("cell", r, c), ("row", r, d), ("col", c, d), ("box", box, d)))
    return options


def _links(puzzle: Sudoku) -> tuple[list[int], ...]:
    """The dancing-links matrix: node 0 is the root, nodes 1..4n^2 the item
    headers (cells, then row-digit, column-digit and box-digit items), then
    four nodes per option. Returns the arrays L, R, U, D, C, S."""
    n, br, bc = puzzle.n, puzzle.shape.box_rows, puzzle.shape.box_cols
    items = 4 * n * n
    left = [i - 1 for i in range(items + 1)]
    right = [i + 1 for i in range(items + 1)]
    left[0], right[items] = items, 0
    up = list(range(items + 1))
    down = list(range(items + 1))
    column = list(range(items + 1))
    size = [0] * (items + 1)
    for i, given in enumerate(puzzle.cells):
        r, c = divmod(i, n)
        box = (r // br) * (n // bc) + c // bc
        for d in [given - 1] if given else range(n):
            heads = (1 + i, 1 + n * n + r * n + d, 1 + 2 * n * n + c * n + d, 1 + 3 * n * n + box * n + d)
            first = len(column)
            for k, head in enumerate(heads):
                node = first + k
                left.append(first + (k + 3) % 4)
                right.append(first + (k + 1) % 4)
                up.append(up[head])
                down.append(head)
                down[up[head]] = node
                up[head] = node
                column.append(head)
                size[head] += 1
    return left, right, up, down, column, size


def cover(c, L, R, U, D, C, S):
    """Take item ``c`` out of the header list and every option of it out of the other items."""
    L[R[c]] = L[c]
    R[L[c]] = R[c]
    i = D[c]
    while i != c:
        j = R[i]
        while j != i:
            U[D[j]] = U[j]
            D[U[j]] = D[j]
            S[C[j]] -= 1
            j = R[j]
        i = D[i]


def uncover(c, L, R, U, D, C, S):
    """Undo :func:`cover` exactly, in reverse order (the dance of the links)."""
    i = U[c]
    while i != c:
        j = L[i]
        while j != i:
            S[C[j]] += 1
            U[D[j]] = j
            D[U[j]] = j
            j = L[j]
        i = U[i]
    L[R[c]] = c
    R[L[c]] = c


def search(L, R, U, D, C, S, picked, limit):
    """Count exact covers up to ``limit``. ``picked[level]`` is the option node
    tried at that level; an option node's item header is ``C[node]``."""
    found = 0
    level = 0
    node = 0
    forward = True
    while True:
        if forward:
            if R[0] == 0:
                found += 1
                if found >= limit:
                    return found
                forward = False
                continue
            best = R[0]
            c = R[best]
            while c != 0:
                if S[c] < S[best]:
                    best = c
                    if S[c] <= 1:
                        break
                c = R[c]
            cover(best, L, R, U, D, C, S)
            node = D[best]
        else:
            if level == 0:
                return found
            level -= 1
            j = L[picked[level]]
            while j != picked[level]:
                uncover(C[j], L, R, U, D, C, S)
                j = L[j]
            node = D[picked[level]]
        if node == C[node]:  # back at the item's header: every option of it tried
            uncover(node, L, R, U, D, C, S)
            forward = False
            continue
        picked[level] = node
        j = R[node]
        while j != node:
            cover(C[j], L, R, U, D, C, S)
            j = R[j]
        level += 1
        forward = True


KERNELS = compile_kernels((cover, uncover, search), warm_up)
"""The numba-compiled :func:`search`, made when first wanted (:class:`xlsolver.core.accel.Kernels`)."""


def __getattr__(name: str):
    """``search_compiled``: :func:`search` compiled (loaded now, if not yet), or None."""
    if name == "search_compiled":
        return KERNELS.get("search")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def cover_count(puzzle: Sudoku, limit: int | None = 2, plain: bool | None = None) -> int:
    """Solutions by exact cover, counting no further than ``limit`` (None: all).
    ``plain`` True or False picks the kernel; None compiled for boxes past 3x3 or once
    the plain search has run :data:`~xlsolver.core.accel.SWITCH_SECONDS` in this process."""
    arrays = _links(puzzle)
    picked = [0] * (puzzle.n * puzzle.n + 1)
    cap = (1 << 62) if limit is None else limit
    if cap <= 0:
        return 0
    if KERNELS.use(plain, big=puzzle.n > 9):
        arrays = tuple(np.array(a, dtype=np.int64) for a in arrays)
        return int(KERNELS.get("search")(*arrays, np.array(picked, dtype=np.int64), cap))
    started = time.perf_counter()
    found = search(*arrays, picked, cap)
    KERNELS.spend(time.perf_counter() - started)
    return found
