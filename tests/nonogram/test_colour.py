"""Colour nonograms: the line solver and the solver against an independent
brute-force oracle (written here with itertools, sharing no code with them)."""

import itertools
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import Budget, Status
from xlsolver.nonogram import Nonogram, solve
from xlsolver.nonogram.colour import ColourNonogram, Colour, clues_of, format_colour_grid
from xlsolver.nonogram.colour_line import solve_colour_line
from xlsolver.nonogram.colour_solver import colour_solutions, solve_colour

PALETTE = (Colour("r", "red", "FF0000"), Colour("g", "green", "00AA00"), Colour("b", "blue", "0000FF"))


# --- the oracle ---------------------------------------------------------------


def oracle_runs(cells: str) -> tuple:
    """(length, char) of each run of one non-background character."""
    return tuple((len(list(group)), ch) for ch, group in itertools.groupby(cells) if ch != ".")


@lru_cache(maxsize=None)
def oracle_lines(clue: tuple, width: int, alphabet: str) -> tuple[str, ...]:
    """Every line of ``width`` cells over ``alphabet`` whose runs are ``clue``."""
    return tuple("".join(p) for p in itertools.product(alphabet, repeat=width) if oracle_runs("".join(p)) == clue)


def oracle_solutions(puzzle: ColourNonogram) -> list[list[str]]:
    """All solutions, by brute force over the rows' placements, checked against the columns."""
    alphabet = "." + "".join(c.char for c in puzzle.palette)
    options = [oracle_lines(clue, puzzle.width, alphabet) for clue in puzzle.rows]
    found = []
    for rows in itertools.product(*options):
        if all(oracle_runs("".join(r[j] for r in rows)) == puzzle.cols[j] for j in range(puzzle.width)):
            found.append(list(rows))
    return found


def satisfies(puzzle: ColourNonogram, picture: list[str]) -> bool:
    return (all(oracle_runs(row) == clue for row, clue in zip(picture, puzzle.rows))
            and all(oracle_runs("".join(r[j] for r in picture)) == puzzle.cols[j] for j in range(puzzle.width)))


# --- strategies ---------------------------------------------------------------


@st.composite
def pictures(draw, max_h=4, max_w=4, colours=None):
    k = colours or draw(st.integers(1, 3))
    h, w = draw(st.integers(1, max_h)), draw(st.integers(1, max_w))
    alphabet = "." + "".join(c.char for c in PALETTE[:k])
    return [draw(st.text(alphabet, min_size=w, max_size=w)) for _ in range(h)], PALETTE[:k]


# --- line solver --------------------------------------------------------------


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(
    st.text(".rgb", min_size=n, max_size=n),
    st.lists(st.integers(1, 15), min_size=n, max_size=n))))
def test_line_solver_is_exact(data):
    line, masks = data
    puzzle = clues_of([line], PALETTE)
    clue = puzzle.indexed(puzzle.rows[0])
    chars = puzzle.chars()
    cells = tuple(masks)
    fits = [p for p in oracle_lines(puzzle.rows[0], len(line), chars)
            if all(cells[i] >> chars.index(ch) & 1 for i, ch in enumerate(p))]
    expected = None
    if fits:
        expected = tuple(int(np.bitwise_or.reduce([1 << chars.index(p[i]) for p in fits])) for i in range(len(line)))
    assert solve_colour_line(clue, cells) == expected


def test_blocks_of_different_colours_may_touch():
    # "2r 1g" in 3 cells: only "rrg" -- no gap is needed between red and green.
    assert solve_colour_line(((2, 1), (1, 2)), (7, 7, 7)) == (2, 2, 4)
    # "1r 1r" in 3 cells: only "r.r" -- two reds need a gap.
    assert solve_colour_line(((1, 1), (1, 1)), (7, 7, 7)) == (2, 1, 2)
    assert solve_colour_line(((2, 1), (1, 1)), (7, 7, 7)) is None


# --- solver against the oracle --------------------------------------------------


def check_against_oracle(puzzle: ColourNonogram):
    expected = oracle_solutions(puzzle)
    result = solve_colour(puzzle, budget=Budget(seconds=None))
    shown = [format_colour_grid(puzzle, s) for s in result.solutions]
    for picture in shown:
        assert satisfies(puzzle, picture)
    if not expected:
        assert result.status == Status.NONE and not shown
    elif len(expected) == 1:
        assert result.status == Status.UNIQUE and shown == expected
    else:
        assert result.status == Status.MULTIPLE and len(shown) == 2 and shown[0] != shown[1]
    return result


@settings(max_examples=150, derandomize=True, deadline=None)
@given(pictures())
def test_verdicts_match_enumeration(data):
    picture, palette = data
    puzzle = clues_of(picture, palette)
    check_against_oracle(puzzle)


@settings(max_examples=100, derandomize=True, deadline=None)
@given(pictures(max_h=3, max_w=4), st.data())
def test_verdicts_match_enumeration_for_altered_clues(data, draw):
    # Move one block of one row: often no solution, sometimes other ones.
    picture, palette = data
    puzzle = clues_of(picture, palette)
    i = draw.draw(st.integers(0, puzzle.height - 1))
    row = list(puzzle.rows[i])
    if row:
        k = draw.draw(st.integers(0, len(row) - 1))
        row[k] = (row[k][0] + draw.draw(st.sampled_from([-1, 1])), row[k][1])
    else:
        row = [(1, palette[0].char)]
    rows = puzzle.rows[:i] + (tuple(row),) + puzzle.rows[i + 1:]
    altered = ColourNonogram(rows, puzzle.cols, palette)
    if altered.problems():
        assert solve_colour(altered).status == Status.NONE
    else:
        check_against_oracle(altered)


def test_solutions_stream_yields_each_solution_once():
    # Two reds on a 2x2 diagonal: two solutions.
    puzzle = clues_of(["r.", ".r"], PALETTE[:1])
    found = sorted(tuple(format_colour_grid(puzzle, s)) for s in colour_solutions(puzzle))
    assert found == [(".r", "r."), ("r.", ".r")]


def test_a_puzzle_that_needs_search_or_probing():
    picture = ["rg.b", "g.bb", ".rrg", "bgr."]
    puzzle = clues_of(picture, PALETTE)
    result = check_against_oracle(puzzle)
    assert result.stats["difficulty"] in {"line", "probing", "search"}


def test_no_solution_names_the_line():
    # Rows force "rg" over "gr"; then column 2 reads green above red, against its clue.
    rg = ((1, "r"), (1, "g"))
    puzzle = ColourNonogram((rg, ((1, "g"), (1, "r"))), (rg, rg), PALETTE[:2])
    assert not puzzle.problems() and oracle_solutions(puzzle) == []
    result = solve_colour(puzzle)
    assert result.status == Status.NONE and result.conflict.lines
    assert "cannot be placed" in result.message


def test_clue_totals_that_differ_are_no_solution():
    puzzle = ColourNonogram((((1, "r"),),), (((1, "g"),),), PALETTE[:2])
    result = solve_colour(puzzle)
    assert result.status == Status.NONE
    assert "red" in result.message and result.conflict is not None


def test_budget_gives_up():
    puzzle = clues_of(["r.g.", ".r.g", "g.r.", ".g.r"], PALETTE[:2])
    result = solve_colour(puzzle, budget=Budget(seconds=None, nodes=1))
    assert result.status == Status.GAVE_UP and "gave up after 1 nodes" in result.message


def test_givens_are_respected():
    puzzle = clues_of(["r.", ".r"], PALETTE[:1])
    givens = np.array([[0b10, 0b11], [0b11, 0b11]])  # top-left must be red
    result = solve_colour(puzzle, givens)
    assert result.status == Status.UNIQUE
    assert format_colour_grid(puzzle, result.solutions[0]) == ["r.", ".r"]


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(1, 5), st.integers(1, 5), st.data())
def test_black_and_white_as_one_colour_agrees_with_the_black_and_white_solver(h, w, data):
    picture = [data.draw(st.text(".r", min_size=w, max_size=w)) for _ in range(h)]
    coloured = clues_of(picture, PALETTE[:1])
    plain = Nonogram(tuple(tuple(n for n, _ in c) for c in coloured.rows),
                     tuple(tuple(n for n, _ in c) for c in coloured.cols))
    assert solve_colour(coloured).status == solve(plain).status


@settings(max_examples=100, derandomize=True, deadline=None)
@given(pictures(max_h=5, max_w=5))
def test_text_form_round_trips(data):
    picture, palette = data
    puzzle = clues_of(picture, palette)
    assert ColourNonogram.from_text(puzzle.to_text()) == puzzle


@pytest.mark.parametrize("text, words", [
    ("1r|1r", "ROWS|COLUMNS|PALETTE"),
    ("1r|1r|r=red", "not CHAR=NAME:RRGGBB"),
    ("1q|1q|r=red:F00", 'colour "q" is not in the palette'),
    ("1r x|1r|r=red:F00", 'row 1: "x" is not a block'),
    ("1|1|r=red:F00", 'row 1: block "1" has no colour'),
])
def test_text_form_errors(text, words):
    with pytest.raises(ValueError, match=words):
        ColourNonogram.from_text(text)
