"""The one-sweep search for a nonogram's grid picks the box the plain rule picks.

:mod:`xlsolver.sheets.nonogram_corner` answers, for every candidate top row at
once, what the rule of ``nonogram_layout._find_grid`` asks of each in turn. The
rule is written out here plainly, one candidate at a time (as the layout module
did before the sweep, in time growing with the square of a sheet's numbers),
and both must agree on random sets of number cells, with and without grid
marks among them; and the sweep must stay near-linear on a sheet of data.
"""

from __future__ import annotations

import time

from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.sheets.nonogram_corner import find_grid_box

SHARE = 0.25


def plain_rule(numbers: set, stray: set, share: float = SHARE):
    """The grid box read off the number cells, one candidate top row at a time."""
    best = None
    for r0 in sorted({r + 1 for r, _ in numbers}):
        above = [cell for cell in numbers if cell[0] < r0]
        first_col = min(c for _, c in above)
        left = [cell for cell in numbers if cell[0] >= r0 and cell[1] < first_col]
        if not left:
            continue
        c0 = max(c for _, c in left) + 1
        box = (r0, c0, max(r for r, _ in left), max(c for _, c in above))
        inside = sum(1 for r, c in numbers if r >= r0 and c >= c0)
        top, left_col, bottom, right = box
        in_box = sum(1 for r, c in stray if top <= r <= bottom and left_col <= c <= right)
        mostly = in_box > share * (bottom - top + 1) * (right - left_col + 1)
        if (best is None or (inside, r0) < best[:2]) and not mostly:
            best = (inside, r0, box)
    return None if best is None else best[2]


cells = st.tuples(st.integers(1, 14), st.integers(1, 14))


@settings(derandomize=True, max_examples=400, deadline=None)
@given(numbers=st.sets(cells, max_size=40), marks=st.sets(cells, max_size=40))
def test_the_sweep_picks_the_box_the_plain_rule_picks(numbers, marks):
    stray = numbers - marks  # numbers that are no grid mark (0 or 1 in the grid)
    assert find_grid_box(numbers, lambda cell: cell in stray, SHARE) == plain_rule(numbers, stray)


def test_a_laid_out_puzzle_among_stray_numbers():
    """The arrow's hints (column hints in row 1, row hints in column 1) and a stray
    number inside and one far outside: the grid is the arrow's."""
    numbers = {(1, c) for c in range(2, 8)} | {(r, 1) for r in range(2, 6)} | {(3, 4), (40, 40)}
    stray = numbers
    assert find_grid_box(numbers, lambda cell: cell in stray, SHARE) == plain_rule(numbers, stray) == (2, 2, 5, 7)


def test_a_sheet_of_data_is_swept_in_near_linear_time():
    """20,000 rows of five numbers under a header row of numbers, with a column of row
    labels that are numbers too (so the header looks like column hints and the labels
    like row hints): the plain rule would scan every number once per row."""
    numbers = {(r, c) for r in range(2, 20_002) for c in range(1, 7)} | {(1, c) for c in range(2, 7)}
    started = time.perf_counter()
    box = find_grid_box(numbers, lambda cell: True, SHARE)
    assert time.perf_counter() - started < 20  # seconds, on a busy machine; the plain rule: hours
    assert box is None  # a table of data: every candidate grid is mostly numbers
