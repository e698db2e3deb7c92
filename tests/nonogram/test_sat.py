"""The SAT back end, checked against the brute-force oracle and the native engine.

The encoding itself first (every model's cells are a solution and every
solution is a model: enumerate with blocking clauses and compare sets), then
the verdicts of ``solve(engine="sat")`` and ``engine="auto"`` on random
pictures with and without givens, under any budget. Skipped where
python-sat is not installed (the native engine is tested without it).
"""

import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import Budget, Status
from xlsolver.nonogram import UNKNOWN, Nonogram, parse_grid, solve

from .oracle import enumerate_solutions, satisfies
from .test_solver import SPARSE, check_verdict, clues_of, pictures, pictures_with_givens

pytest.importorskip("pysat")

from xlsolver.nonogram.sat import SatNonogram, available  # noqa: E402  (after the skip on purpose)


def as_set(grids) -> set[bytes]:
    return {np.asarray(g, dtype=bool).tobytes() for g in grids}


def free(puzzle: Nonogram) -> np.ndarray:
    return np.full(puzzle.shape, UNKNOWN, dtype=np.int8)


def test_available_when_pysat_imports():
    assert available()


def test_encoding_of_the_plus_has_one_model():
    puzzle = Nonogram.from_text("1/3/1|1/3/1")
    with SatNonogram(puzzle, free(puzzle)) as backend:
        models = list(backend.solutions())
    assert len(models) == 1 and satisfies(puzzle, models[0])


def test_a_line_with_no_placement_is_unsat_before_solving():
    # Row 1's clue 3 cannot fit in 2 cells.
    puzzle = Nonogram.from_text("3/0|1/1")
    with SatNonogram(puzzle, free(puzzle)) as backend:
        assert backend.unsat and backend.solve() is None


def test_a_decided_line_that_breaks_its_clue_is_caught():
    # Nobody propagated this grid: row 1 is complete but holds a 1 where the clue says 2.
    puzzle = Nonogram.from_text("2/0|1/1")
    grid = parse_grid(["#.", "??"])
    with SatNonogram(puzzle, grid) as backend:
        assert backend.solve() is None


@settings(max_examples=150, derandomize=True, deadline=None)
@given(pictures_with_givens())
def test_models_are_exactly_the_solutions(case):
    picture, givens = case
    puzzle = clues_of(picture)
    every = enumerate_solutions(puzzle, givens)
    with SatNonogram(puzzle, givens) as backend:
        models = list(backend.solutions())
    assert len(models) == len(as_set(models))  # each model once
    assert as_set(models) == as_set(every)


@pytest.mark.parametrize("engine", ["sat", "auto"])
@settings(max_examples=150, derandomize=True, deadline=None)
@given(case=pictures_with_givens())
def test_verdict_matches_oracle(engine, case):
    picture, givens = case
    puzzle = clues_of(picture)
    result = solve(puzzle, givens, Budget(seconds=None), engine=engine)
    check_verdict(puzzle, givens, result, enumerate_solutions(puzzle, givens))


@settings(max_examples=100, derandomize=True, deadline=None)
@given(pictures(**SPARSE))
def test_sat_and_native_agree_on_sparse_pictures(picture):
    """Same verdict, same shared cells, same unique solution from both engines."""
    puzzle = clues_of(picture)
    native = solve(puzzle, None, Budget(seconds=None), engine="native")
    sat = solve(puzzle, None, Budget(seconds=None), engine="sat")
    assert sat.status == native.status
    assert np.array_equal(sat.known, native.known)
    if sat.status == Status.UNIQUE:
        assert np.array_equal(sat.solutions[0], native.solutions[0])


@settings(max_examples=100, derandomize=True, deadline=None)
@given(pictures_with_givens(**SPARSE), st.integers(0, 12))
def test_no_wrong_verdict_under_any_node_budget(case, nodes):
    """A node budget counts solver conflicts: it may make SAT give up, never lie."""
    picture, givens = case
    puzzle = clues_of(picture)
    result = solve(puzzle, givens, Budget(seconds=None, nodes=nodes), engine="sat")
    if result.status == Status.GAVE_UP:
        assert "gave up" in result.message
        return
    every = enumerate_solutions(puzzle, givens)
    expected = {0: Status.NONE, 1: Status.UNIQUE}.get(len(every), Status.MULTIPLE)
    assert result.status == expected
    for s in result.solutions:
        assert satisfies(puzzle, s)


def test_sat_without_a_node_to_spend_gives_up_on_a_search_puzzle():
    result = solve(Nonogram.from_text("1/1/1|1/1/1"), None, Budget(seconds=None, nodes=0), engine="sat")
    assert result.status == Status.GAVE_UP
    assert result.message.startswith("gave up")


def test_a_deadline_slices_the_search_and_changes_nothing():
    # A 12 x 12 random picture: search needed; timed calls run in conflict slices.
    rng = np.random.default_rng(7)
    picture = rng.random((12, 12)) < 0.5
    puzzle = clues_of(picture)
    with SatNonogram(puzzle, free(puzzle)) as backend:
        untimed = backend.solve()
    with SatNonogram(puzzle, free(puzzle)) as backend:
        timed = backend.solve(deadline=time.perf_counter() + 60)
    assert satisfies(puzzle, untimed) and satisfies(puzzle, timed)
