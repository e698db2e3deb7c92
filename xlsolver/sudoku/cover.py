"""A second, independent way to count sudoku solutions: exact cover.

A sudoku is an exact-cover problem (Knuth, "Dancing Links", 2000) with 4 n^2
items: each cell holds one digit, and each row, column and box holds each
digit once. An option is "digit d in cell (r, c)" and covers one item of each
kind. Givens keep only their own option. The count comes from
:mod:`xlsolver.core.exact_cover`, which shares no code with the bit-set
search, so a generated puzzle is trusted only when both agree.
"""

from __future__ import annotations

from xlsolver.core import exact_cover
from xlsolver.sudoku.model import Sudoku


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


def cover_count(puzzle: Sudoku, limit: int | None = 2) -> int:
    """Solutions by exact cover, counting no further than ``limit``."""
    return exact_cover.count(cover_options(puzzle), limit=limit)
