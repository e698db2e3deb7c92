"""The solver's verdicts, checked against the brute-force oracle.

Tables of small puzzles with known answers first, then random pictures on
non-square grids (1-6 rows x 1-7 columns), with and without random givens.
"""

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from xlsolver.core import Budget, BudgetExhausted, Status
from xlsolver.nonogram import (
    BLOCK,
    DOT,
    UNKNOWN,
    Line,
    Nonogram,
    parse_grid,
    solutions,
    solve,
)

from .oracle import enumerate_solutions, runs, satisfies

PLUS = Nonogram.from_text("1/3/1|1/3/1")


def clues_of(picture: np.ndarray) -> Nonogram:
    return Nonogram(tuple(runs(r) for r in picture), tuple(runs(c) for c in picture.T))


def states(solution: np.ndarray) -> np.ndarray:
    return np.where(solution, BLOCK, DOT).astype(np.int8)


def respects(grid: np.ndarray, givens: np.ndarray | None) -> bool:
    return givens is None or bool(np.all((givens == UNKNOWN) | (givens == states(grid))))


def agreement(found: list[np.ndarray]) -> np.ndarray:
    """The state grid of the cells every solution shares (UNKNOWN elsewhere)."""
    same = np.logical_and.reduce([f == found[0] for f in found])
    return np.where(same, states(found[0]), UNKNOWN).astype(np.int8)


def count_verdict(result) -> None:
    """Label a property-test example (see pytest --hypothesis-show-statistics)."""
    event(f"verdict {result.status}" + (" at givens" if result.conflict and result.conflict.cells else ""))


def check_verdict(puzzle: Nonogram, givens: np.ndarray | None, result, every: list[np.ndarray]) -> None:
    """``result`` must be exactly what the oracle's enumeration ``every`` implies."""
    for s in result.solutions:
        assert satisfies(puzzle, s) and respects(s, givens)
    if not every:
        assert result.status == Status.NONE
        assert result.solutions == () and result.conflict is not None
        assert result.message.startswith("no solution")
    elif len(every) == 1:
        assert result.status == Status.UNIQUE
        assert np.array_equal(result.solutions[0], every[0])
        assert np.array_equal(result.known, states(every[0]))
    else:
        assert result.status == Status.MULTIPLE
        first, second = result.solutions
        assert not np.array_equal(first, second)
        assert result.stats["known_complete"]
        assert np.array_equal(result.known, agreement(every))


# --- tables ------------------------------------------------------------------


def test_plus_is_unique_by_line_logic():
    result = solve(PLUS)
    assert result.status == Status.UNIQUE
    assert result.stats["difficulty"] == "line"
    assert result.message == "unique solution, found by line logic alone"
    assert np.array_equal(result.solutions[0], parse_grid(".#./###/.#.".split("/")) == BLOCK)


def test_difficulty_names_the_deepest_layer_used():
    # 3 x 4: line logic stalls; probing one cell settles the rest.
    probed = solve(Nonogram.from_text("0/1,1/2|1/1/1/1"))
    assert probed.status == Status.UNIQUE and probed.stats["difficulty"] == "probing"
    assert probed.message == "unique solution, found by line logic and probing"
    searched = solve(Nonogram.from_text("1/1/1|1/1/1"))
    assert searched.status == Status.MULTIPLE and searched.stats["difficulty"] == "search"


def test_two_by_two_diagonals_are_multiple_and_share_nothing():
    result = solve(Nonogram.from_text("1/1|1/1"))
    assert result.status == Status.MULTIPLE
    assert (result.known == UNKNOWN).all()
    assert "several solutions" in result.message


def test_a_given_picks_one_of_several_solutions():
    givens = parse_grid(["#?", "??"])
    result = solve(Nonogram.from_text("1/1|1/1"), givens)
    assert result.status == Status.UNIQUE
    assert result.solutions[0].tolist() == [[True, False], [False, True]]


def test_multiple_known_holds_the_shared_cells():
    # 3 x 4: two diagonals in the bottom-right 2 x 2; row 1 and columns 1-2 are white in both.
    puzzle = Nonogram.from_text("0/1/1|0/0/1/1")
    every = enumerate_solutions(puzzle)
    assert len(every) == 2
    result = solve(puzzle)
    check_verdict(puzzle, None, result, every)
    assert [line for line in result.known.tolist()] == [[DOT] * 4, [DOT, DOT, UNKNOWN, UNKNOWN],
                                                         [DOT, DOT, UNKNOWN, UNKNOWN]]


def test_clue_too_long_is_none_naming_the_line():
    result = solve(Nonogram.from_text("3/1|1/1"))
    assert result.status == Status.NONE
    assert result.conflict.lines == (Line("row", 0),)
    assert "row 1" in result.message


def test_totals_that_differ_are_none():
    result = solve(Nonogram.from_text("1/1|2/1"))
    assert result.status == Status.NONE
    assert "add up" in result.message


def test_no_rows_is_none_not_a_crash():
    assert solve(Nonogram((), ())).status == Status.NONE


def test_propagation_contradiction_names_the_line():
    # Row 1 fills up, row 2 stays white: then column 1 cannot hold its 2.
    result = solve(Nonogram.from_text("2/0|2/0"))
    assert result.status == Status.NONE
    assert result.conflict.lines == (Line("col", 0),)
    assert result.message == "no solution: column 1 (clue 2) cannot be placed"


def test_probing_contradiction_names_the_cell_and_lines():
    # Line logic alone finds nothing wrong; probing cell (1, 1) fails both ways.
    puzzle = Nonogram.from_text("1,1/2/1/1,1|2/1/1,1/1,1")
    assert not puzzle.problems() and not enumerate_solutions(puzzle)
    result = solve(puzzle)
    assert result.status == Status.NONE
    assert "can be neither black nor white" in result.message
    assert result.conflict.lines and not result.conflict.cells


def test_clashing_given_is_located():
    givens = np.full(PLUS.shape, UNKNOWN, dtype=np.int8)
    givens[0, 0] = BLOCK  # a corner of the plus is white
    givens[2, 1] = BLOCK  # consistent with the plus: not to blame
    result = solve(PLUS, givens)
    assert result.status == Status.NONE
    assert result.conflict.cells == ((0, 0),)
    assert "(row 1, column 1: black)" in result.message


def test_givens_with_clues_that_fail_alone_blame_the_clues():
    givens = np.full((2, 2), UNKNOWN, dtype=np.int8)
    givens[1, 1] = DOT
    result = solve(Nonogram.from_text("2/0|2/0"), givens)
    assert result.status == Status.NONE
    assert result.conflict.cells == ()
    assert result.conflict.lines == (Line("col", 0),)


def test_givens_of_the_wrong_shape_are_a_programming_error():
    with pytest.raises(ValueError):
        solve(PLUS, np.full((2, 3), UNKNOWN, dtype=np.int8))
    with pytest.raises(ValueError):
        solve(PLUS, np.zeros(PLUS.shape, dtype=np.int8))


def test_solutions_streams_each_solution_once():
    # Every row and column holds one black cell: the 4! permutation matrices.
    puzzle = Nonogram.from_text("1/1/1/1|1/1/1/1")
    found = list(solutions(puzzle))
    assert len(found) == 24 == len(enumerate_solutions(puzzle))
    assert len({f.tobytes() for f in found}) == 24
    assert all(satisfies(puzzle, f) for f in found)


def test_solutions_respects_givens():
    puzzle = Nonogram.from_text("1/1/1/1|1/1/1/1")
    givens = np.full((4, 4), UNKNOWN, dtype=np.int8)
    givens[0, 0] = BLOCK
    found = list(solutions(puzzle, givens))
    assert len(found) == 6 and all(f[0, 0] for f in found)


# --- budget ------------------------------------------------------------------

# 8 rows and columns of one black cell: 8! solutions, nothing deducible, so
# the first node of probing is already search work.
QUEENS = Nonogram.from_text("/".join(["1"] * 8) + "|" + "/".join(["1"] * 8))


def test_tiny_node_budget_gives_up_and_says_so():
    result = solve(QUEENS, budget=Budget(seconds=None, nodes=5))
    assert result.status == Status.GAVE_UP
    assert result.solutions == ()
    assert result.message.startswith("gave up after 5 nodes")
    assert (result.known == UNKNOWN).all()


def test_given_up_on_a_search_puzzle_after_deducing_what_probing_can():
    # A 10 x 10 permutation puzzle with a fixed corner: search is needed, and
    # "known" at any budget holds only cells true in every solution.
    puzzle = Nonogram.from_text("/".join(["1"] * 10) + "|" + "/".join(["1"] * 10))
    givens = np.full(puzzle.shape, UNKNOWN, dtype=np.int8)
    givens[0, 0] = BLOCK
    result = solve(puzzle, givens, budget=Budget(seconds=None, nodes=20))
    assert result.status == Status.GAVE_UP
    assert result.message.startswith("gave up after 20 nodes")
    expected = np.full(puzzle.shape, UNKNOWN, dtype=np.int8)
    expected[0, :] = expected[:, 0] = DOT
    expected[0, 0] = BLOCK
    assert np.array_equal(result.known, expected)


def test_solutions_raises_when_its_budget_is_spent():
    with pytest.raises(BudgetExhausted):
        list(solutions(QUEENS, budget=Budget(seconds=None, nodes=3)))


# --- random pictures against the oracle ---------------------------------------


@st.composite
def pictures(draw, densities=(0.15, 0.25, 0.4, 0.5, 0.6, 0.8), smallest=(1, 1)):
    """Up to 6 rows x 7 columns (never forced square); large sparse pictures
    are the likeliest to have several solutions."""
    h = draw(st.integers(smallest[0], 6))
    w = draw(st.integers(smallest[1], 7))
    density = draw(st.sampled_from(densities))
    rnd = draw(st.randoms(use_true_random=False))
    return np.array([[rnd.random() < density for _ in range(w)] for _ in range(h)], dtype=bool)


SPARSE = {"densities": (0.2, 0.3), "smallest": (4, 5)}


@st.composite
def pictures_with_givens(draw, **shape):
    picture = draw(pictures(**shape))
    rnd = draw(st.randoms(use_true_random=False))
    rate = draw(st.sampled_from([0.0, 0.05, 0.15, 0.3]))
    lie = draw(st.sampled_from([0.0, 0.1, 0.5]))  # share of givens that contradict the picture
    givens = np.full(picture.shape, UNKNOWN, dtype=np.int8)
    for (r, c), black in np.ndenumerate(picture):
        if rnd.random() < rate:
            black = (not black) if rnd.random() < lie else black
            givens[r, c] = BLOCK if black else DOT
    return picture, givens


@settings(max_examples=250, derandomize=True, deadline=None)
@given(pictures())
def test_verdict_matches_oracle(picture):
    puzzle = clues_of(picture)
    result = solve(puzzle)
    count_verdict(result)
    check_verdict(puzzle, None, result, enumerate_solutions(puzzle))


@settings(max_examples=100, derandomize=True, deadline=None)
@given(pictures(**SPARSE))
def test_sparse_pictures_match_oracle(picture):
    """Mostly several solutions: "known" must be exactly the cells they all share."""
    puzzle = clues_of(picture)
    result = solve(puzzle)
    count_verdict(result)
    check_verdict(puzzle, None, result, enumerate_solutions(puzzle))


@settings(max_examples=250, derandomize=True, deadline=None)
@given(pictures_with_givens())
def test_verdict_with_givens_matches_oracle(case):
    picture, givens = case
    puzzle = clues_of(picture)
    every = enumerate_solutions(puzzle, givens)
    result = solve(puzzle, givens)
    count_verdict(result)
    check_verdict(puzzle, givens, result, every)
    if result.status == Status.NONE and result.conflict.cells:
        # The located givens clash on their own, and each of them is needed.
        cells = result.conflict.cells
        assert all(givens[r, c] != UNKNOWN for r, c in cells)
        assert not enumerate_solutions(puzzle, only(givens, cells), limit=1)
        for drop in cells:
            assert enumerate_solutions(puzzle, only(givens, [c for c in cells if c != drop]), limit=1)


def only(givens: np.ndarray, cells) -> np.ndarray:
    kept = np.full(givens.shape, UNKNOWN, dtype=np.int8)
    for r, c in cells:
        kept[r, c] = givens[r, c]
    return kept


@settings(max_examples=150, derandomize=True, deadline=None)
@given(pictures(), st.randoms(use_true_random=False))
def test_changed_clues_match_oracle(picture, rnd):
    """Clues of a picture with one line's clue replaced by another line's: often no solution."""
    puzzle = clues_of(picture)
    rows, cols = list(puzzle.rows), list(puzzle.cols)
    if rnd.random() < 0.5 and len(rows) > 1:
        rows[rnd.randrange(len(rows))] = rows[rnd.randrange(len(rows))]
    else:
        cols[rnd.randrange(len(cols))] = runs([rnd.random() < 0.5 for _ in range(len(rows))])
    puzzle = Nonogram(tuple(rows), tuple(cols))
    result = solve(puzzle)
    count_verdict(result)
    check_verdict(puzzle, None, result, enumerate_solutions(puzzle))
    if result.status == Status.NONE and not puzzle.problems():
        assert result.conflict.lines  # a contradiction is always located at a line


@settings(max_examples=120, derandomize=True, deadline=None)
@given(pictures_with_givens(**SPARSE), st.integers(0, 12))
def test_no_wrong_verdict_under_any_budget(case, nodes):
    """A tiny budget may give up, but any verdict it does give is right, and
    the cells it calls known hold in every solution."""
    picture, givens = case
    puzzle = clues_of(picture)
    every = enumerate_solutions(puzzle, givens)
    result = solve(puzzle, givens, budget=Budget(seconds=None, nodes=nodes))
    count_verdict(result)
    if result.status == Status.GAVE_UP:
        assert result.solutions == ()
        decided = result.known != UNKNOWN
        assert all(np.array_equal(states(s)[decided], result.known[decided]) for s in every)
    elif result.status == Status.MULTIPLE and not result.stats["known_complete"]:
        assert len(every) >= 2
        decided = result.known != UNKNOWN
        assert np.array_equal(agreement(every)[decided], result.known[decided])
    else:
        check_verdict(puzzle, givens, result, every)
