"""Singles: the digit of a cell decided by one house or by the cell itself.

- full house: the last empty cell of a house takes the digit the house lacks;
- naked single: a cell with one candidate left;
- hidden single: a digit with one place left in a house.
"""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name
from xlsolver.sudoku.techniques.step import Step, make_step

__all__ = ["full_house", "hidden_single", "naked_single"]


def full_house(grid: Grid, ctx: Context) -> Iterator[Step]:
    hs = grid.houses
    for h in range(3 * grid.n):
        left = grid.empty & hs.mask[h]
        if left and left & (left - 1) == 0:
            cell = left.bit_length() - 1
            if grid.cand[cell] and grid.cand[cell] & (grid.cand[cell] - 1) == 0:
                d = grid.cand[cell].bit_length()
                yield make_step(grid, "Full House",
                                f"{grid.name(cell)} is the last empty cell of {hs.name(h)}: "
                                f"it takes the missing {digit_name(d)}.",
                                placements=[(cell, d)], cells=[cell], candidates=[(cell, d)])


def naked_single(grid: Grid, ctx: Context) -> Iterator[Step]:
    for cell in bits(grid.empty):
        m = grid.cand[cell]
        if m and m & (m - 1) == 0:
            d = m.bit_length()
            yield make_step(grid, "Naked Single",
                            f"{grid.name(cell)} has one candidate left, {digit_name(d)}: "
                            f"its row, column and box hold every other digit.",
                            placements=[(cell, d)], cells=[cell], candidates=[(cell, d)])


def hidden_single(grid: Grid, ctx: Context) -> Iterator[Step]:
    hs = grid.houses
    n = grid.n
    for h in list(range(2 * n, 3 * n)) + list(range(2 * n)):  # boxes first, as people look
        for k in range(n):
            m = grid.places[k] & hs.mask[h]
            if m and m & (m - 1) == 0:
                cell = m.bit_length() - 1
                d = k + 1
                yield make_step(grid, "Hidden Single",
                                f"In {hs.name(h)}, {digit_name(d)} can only go in {grid.name(cell)}.",
                                placements=[(cell, d)], cells=[cell], candidates=[(cell, d)])
