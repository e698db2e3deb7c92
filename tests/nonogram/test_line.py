"""The line solver and its candidate ranges: tables with known answers, then
random lines checked against the oracle's cell-by-cell deduction."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, block_ranges, solve_line
from xlsolver.nonogram.model import parse_grid

from .oracle import line_deduction, placements, runs

SYMBOL = {BLOCK: "#", DOT: ".", UNKNOWN: "?"}


def cells(text: str) -> np.ndarray:
    return parse_grid([text])[0] if text else np.zeros(0, dtype=np.int8)


def show(line) -> str | None:
    return None if line is None else "".join(SYMBOL[int(v)] for v in line)


# (clue, line, what the line solver must return); "#" black, "." white, "?" unknown.
LINES = [
    # empty clue
    ((), "?????", "....."),
    ((), "?.?..", "....."),
    ((), "??#??", None),
    ((), "", ""),
    ((1,), "", None),
    # the clue fills the line
    ((5,), "?????", "#####"),
    ((2, 2), "?????", "##.##"),
    ((1, 1, 1), "?????", "#.#.#"),
    # plain overlap
    ((3,), "?????", "??#??"),
    ((4,), "??????", "??##??"),
    ((2,), "?????", "?????"),
    # fixed cells that contradict the clue
    ((3,), "?.?.?", None),
    ((2,), "#.#", None),
    ((1, 1), "###..", None),
    ((2,), "?????#", "....##"),
    ((3,), "#???#", None),
    ((1,), "..#.#", None),
    # a complete line is checked, not changed
    ((2, 1), "##..#", "##..#"),
    ((2, 1), "##.#.", "##.#."),
    ((2, 1), "###..", None),
    # deductions leftmost/rightmost overlap alone misses: they need every placement
    ((2,), "??.?..???", "??....???"),  # a one-cell gap cannot hold the 2
    ((1, 1, 1), "??#?????", "?.#.????"),  # whichever 1 it is, its neighbours are white
    ((3, 1, 1), "????#????", "??#?#.???"),
    ((2, 2), "????##???", "???.##.??"),
    ((1, 1), "??#??..", "?.#.?.."),
    ((2, 1), "...???#??", "...???#.?"),
    # long lines
    ((50, 48), "?" * 100, "?" + "#" * 49 + "??" + "#" * 47 + "?"),
    ((1,) * 50, "?" * 99, "#." * 49 + "#"),
    ((1,) * 50, "?" * 100, "?" * 100),
    ((98,), "?" * 99 + "#", ".." + "#" * 98),
]


def case_id(case) -> str:
    clue, line, _ = case
    numbers = ",".join(map(str, clue)) or "0"
    return f"{numbers if len(numbers) <= 12 else f'{len(clue)} blocks'}:{line if len(line) <= 12 else f'{len(line)} cells'}"


@pytest.mark.parametrize("clue, line, expected", LINES, ids=[case_id(c) for c in LINES])
def test_line_table(clue, line, expected):
    assert show(solve_line(clue, cells(line))) == expected


def case_id(case) -> str:
    clue, line, _ = case
    numbers = ",".join(map(str, clue)) or "0"
    return f"{numbers if len(numbers) <= 12 else f'{len(clue)} blocks'}:{line if len(line) <= 12 else f'{len(line)} cells'}"


@pytest.mark.parametrize("clue, line, expected", LINES, ids=[case_id(c) for c in LINES])
def test_line_table_agrees_with_the_oracle(clue, line, expected):
    """The table itself is checked, so a wrong expectation cannot hide."""
    assert show(line_deduction(clue, cells(line))) == expected


def test_result_is_read_only_and_input_untouched():
    line = cells("?????")
    result = solve_line((3,), line)
    assert show(line) == "?????"
    with pytest.raises(ValueError):
        result[0] = BLOCK


# (clue, line, the half-open span each block can reach, in order)
RANGES = [
    ((2, 1), "?????", [(0, 3), (3, 5)]),
    ((2, 1), "????#", [(0, 3), (4, 5)]),  # the 1 must be the black end cell
    ((3,), "?????", [(0, 5)]),
    ((3,), "?#???", [(0, 4)]),
    ((1, 1), "?.??.", [(0, 1), (2, 4)]),  # the first 1 at 2 would leave no room
    ((2,), "??.?..???", [(0, 9)]),  # the span, gaps included; solve_line rules the gap out
    ((), "????", []),
    ((3,), "?.?.?", None),
    ((50, 48), "?" * 100, [(0, 51), (51, 100)]),
]


@pytest.mark.parametrize("clue, line, expected", RANGES, ids=[case_id(c) for c in RANGES])
def test_block_ranges(clue, line, expected):
    assert block_ranges(clue, cells(line)) == expected


def oracle_ranges(clue, line):
    """Each block's first start and last end over every placement (brute force)."""
    fitting = [p for p in placements(clue, len(line))
               if all(s == UNKNOWN or (s == BLOCK) == c for c, s in zip(p, line))]
    if not fitting:
        return None
    spans = []
    for j, length in enumerate(clue):
        starts = [[i for i in range(len(p)) if p[i] and (i == 0 or not p[i - 1])][j] for p in fitting]
        spans.append((min(starts), max(starts) + length))
    return spans


@st.composite
def clue_and_line(draw, max_len=12):
    n = draw(st.integers(0, max_len))
    clue = tuple(draw(st.lists(st.integers(1, 4), max_size=4)))
    line = draw(st.lists(st.sampled_from([UNKNOWN, UNKNOWN, UNKNOWN, BLOCK, DOT]), min_size=n, max_size=n))
    return clue, np.array(line, dtype=np.int8)


@settings(max_examples=400, derandomize=True, deadline=None)
@given(clue_and_line())
def test_line_solver_matches_oracle(case):
    clue, line = case
    expected = line_deduction(clue, line)
    got = solve_line(clue, line)
    assert (got is None) == (expected is None)
    if got is not None:
        assert got.tolist() == expected


@settings(max_examples=200, derandomize=True, deadline=None)
@given(clue_and_line(max_len=10))
def test_block_ranges_match_oracle(case):
    clue, line = case
    assert block_ranges(clue, line) == oracle_ranges(clue, line)


@settings(max_examples=100, derandomize=True, deadline=None)
@given(st.lists(st.booleans(), min_size=20, max_size=100), st.randoms(use_true_random=False))
def test_long_lines_from_a_picture(picture, rnd):
    """A line with some cells of a known picture revealed keeps that picture feasible
    and agrees with the oracle on lines too long to enumerate."""
    clue = runs(picture)
    line = np.array([(BLOCK if c else DOT) if rnd.random() < 0.3 else UNKNOWN for c in picture], dtype=np.int8)
    got = solve_line(clue, line)
    assert got is not None
    assert all(g & (BLOCK if c else DOT) for g, c in zip(got, picture))
    assert got.tolist() == line_deduction(clue, line)
