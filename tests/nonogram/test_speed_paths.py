"""Every engine gives every verdict; the speed paths change no answer.

The four verdicts from each engine on small puzzles with known answers (the
oracle confirms them), the engine choice and its fallback when python-sat is
missing, and the line cache: a cold cache gives the same results as a warm one.
"""

import numpy as np
import pytest

from xlsolver.core import Budget, Status
from xlsolver.nonogram import BLOCK, Nonogram, parse_grid, solve
from xlsolver.nonogram import sat as sat_module
from xlsolver.nonogram.line import solve_line_bytes
from xlsolver.nonogram.solver import ENGINES

from .oracle import enumerate_solutions, runs, satisfies

HAVE_SAT = sat_module.available()
ENGINE_PARAMS = [pytest.param(e, marks=pytest.mark.skipif(e == "sat" and not HAVE_SAT, reason="python-sat absent"))
                 for e in ENGINES]

PLUS = Nonogram.from_text("1/3/1|1/3/1")
DIAGONALS = Nonogram.from_text("1/1|1/1")
PERMUTATIONS = Nonogram.from_text("1/1/1|1/1/1")  # 3 x 3: the six permutation matrices
# Line logic and probing leave this open; the white given at row 3, column 4 kills every solution.
CLASH = Nonogram.from_text("2/2/1/1,1/1|1/2/2,1/2")
CLASH_GIVENS = parse_grid(["????", "????", "???.", "????", "????"])


@pytest.mark.parametrize("engine", ENGINE_PARAMS)
def test_unique(engine):
    result = solve(PLUS, None, Budget(seconds=None), engine=engine)
    assert result.status == Status.UNIQUE
    assert np.array_equal(result.solutions[0], parse_grid(".#./###/.#.".split("/")) == BLOCK)


@pytest.mark.parametrize("engine", ENGINE_PARAMS)
def test_multiple_with_two_different_solutions(engine):
    result = solve(PERMUTATIONS, None, Budget(seconds=None), engine=engine)
    assert result.status == Status.MULTIPLE
    first, second = result.solutions
    assert satisfies(PERMUTATIONS, first) and satisfies(PERMUTATIONS, second)
    assert not np.array_equal(first, second)
    assert result.stats["known_complete"] and result.stats["difficulty"] == "search"


@pytest.mark.parametrize("engine", ENGINE_PARAMS)
def test_none_locates_the_clashing_given(engine):
    assert enumerate_solutions(CLASH, CLASH_GIVENS) == [] and enumerate_solutions(CLASH) != []
    result = solve(CLASH, CLASH_GIVENS, Budget(seconds=None), engine=engine)
    assert result.status == Status.NONE
    assert result.conflict.cells == ((2, 3),)
    assert result.message.startswith("no solution: the given cell (row 3, column 4: white)")


@pytest.mark.parametrize("engine", ENGINE_PARAMS)
def test_gave_up_only_at_the_stated_budget(engine):
    stopped = solve(PERMUTATIONS, None, Budget(seconds=None, nodes=0), engine=engine)
    assert stopped.status == Status.GAVE_UP
    assert "0 nodes" in stopped.message
    assert solve(PERMUTATIONS, None, Budget(seconds=None), engine=engine).status == Status.MULTIPLE


@pytest.mark.skipif(not HAVE_SAT, reason="python-sat absent")
def test_auto_uses_sat_only_after_probing():
    probed = solve(Nonogram.from_text("0/1,1/2|1/1/1/1"), engine="auto")
    assert probed.stats["difficulty"] == "probing" and "sat_calls" not in probed.stats
    searched = solve(PERMUTATIONS, engine="auto")
    assert searched.stats["engine"] == "sat" and searched.stats["sat_calls"] >= 2


def test_unknown_engine_is_a_programming_error():
    with pytest.raises(ValueError, match="unknown engine"):
        solve(PLUS, engine="fast")


def test_without_python_sat_auto_is_native_and_sat_says_what_to_install(monkeypatch):
    monkeypatch.setattr(sat_module, "available", lambda: False)
    result = solve(PERMUTATIONS, engine="auto")
    assert result.status == Status.MULTIPLE and result.stats["engine"] == "native"
    with pytest.raises(RuntimeError, match="python-sat"):
        solve(PLUS, engine="sat")


def test_a_cold_line_cache_gives_the_same_results():
    rng = np.random.default_rng(3)
    picture = rng.random((9, 8)) < 0.5
    from .test_solver import clues_of

    puzzle = clues_of(picture)
    warm = solve(puzzle, None, Budget(seconds=None), engine="native")
    hits = solve_line_bytes.cache_info().hits
    again = solve(puzzle, None, Budget(seconds=None), engine="native")
    assert solve_line_bytes.cache_info().hits > hits  # the second solve asked questions already answered
    solve_line_bytes.cache_clear()
    cold = solve(puzzle, None, Budget(seconds=None), engine="native")
    for other in (again, cold):
        assert other.status == warm.status and np.array_equal(other.known, warm.known)
        assert all(np.array_equal(a, b) for a, b in zip(other.solutions, warm.solutions))


@pytest.mark.parametrize("engine", ENGINE_PARAMS)
def test_the_verdict_alone_skips_the_shared_cells_and_claims_none(engine):
    # Two pips on a diagonal in a frame: the frame is shared, the pips are not.
    picture = parse_grid(["######", "#....#", "#.#..#", "#..#.#", "#....#", "######"]) == BLOCK
    puzzle = Nonogram(tuple(runs(r) for r in picture), tuple(runs(c) for c in picture.T))
    full = solve(puzzle, None, Budget(seconds=None), engine=engine)
    quick = solve(puzzle, None, Budget(seconds=None), engine=engine, shared=False)
    assert full.status == quick.status == Status.MULTIPLE
    assert all(satisfies(puzzle, s) for s in quick.solutions)
    assert not np.array_equal(*quick.solutions)
    assert quick.stats["known_complete"] is False
    solutions = enumerate_solutions(puzzle)
    for (r, c), state in np.ndenumerate(quick.known):  # what it does claim holds in every solution
        if state != 3:
            assert all(s[r, c] == (state == BLOCK) for s in solutions)
