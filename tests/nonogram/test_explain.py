"""Explanations, hints, checking and difficulty labels, against the oracle.

Every step is replayed and checked on its own terms with code that shares
nothing with :mod:`xlsolver.nonogram.explain`: a ``line`` step decides
exactly what the oracle's cell-by-cell line deduction decides, a ``ranges``
step a part of it, a ``probe`` step's opposite value leads the oracle's
propagation into a contradiction, and no step but a guess contradicts a
solution that respects the grid it was made on. The difficulty labels are
compared with an independent grader built on the same oracle.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core.budget import Budget
from xlsolver.core.status import Status
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Line, Nonogram, parse_grid
from xlsolver.nonogram.explain import CheckResult, check, difficulty, explain, next_step

from .oracle import enumerate_solutions, line_deduction, runs, satisfies

PLUS = Nonogram.from_text("1/3/1|1/3/1")
PROBED = Nonogram.from_text("0/1,1/2|1/1/1/1")  # 3 x 4: line logic stalls on row 2
DIAGONALS = Nonogram.from_text("1/1|1/1")


def clues_of(picture: np.ndarray) -> Nonogram:
    return Nonogram(tuple(runs(r) for r in picture), tuple(runs(c) for c in picture.T))


def states(solution: np.ndarray) -> np.ndarray:
    return np.where(solution, BLOCK, DOT).astype(np.int8)


def cells_of(grid: np.ndarray, line: Line) -> np.ndarray:
    return grid[line.index] if line.axis == "row" else grid[:, line.index]


def on_grid(line: Line, k: int) -> tuple[int, int]:
    return (line.index, k) if line.axis == "row" else (k, line.index)


# --- an independent grader on the oracle's line deduction -------------------


def oracle_fixpoint(puzzle: Nonogram, grid: np.ndarray) -> np.ndarray | None:
    """Apply the oracle's line deduction to every line until nothing changes; None on a contradiction."""
    grid = grid.copy()
    changed = True
    while changed:
        changed = False
        for line in puzzle.lines():
            deduced = line_deduction(puzzle.clue(line), cells_of(grid, line))
            if deduced is None:
                return None
            for k, value in enumerate(deduced):
                if value != cells_of(grid, line)[k]:
                    grid[on_grid(line, k)] = value
                    changed = True
    return grid


def oracle_grade(puzzle: Nonogram) -> str:
    """The label by its definition: line logic alone; line logic plus single-cell
    probes by contradiction; neither (search); or several solutions."""
    if len(enumerate_solutions(puzzle, limit=2)) > 1:
        return "several solutions"
    grid = oracle_fixpoint(puzzle, np.full(puzzle.shape, UNKNOWN, dtype=np.int8))
    if not (grid == UNKNOWN).any():
        return "line by line"
    while (grid == UNKNOWN).any():
        for r, c in np.argwhere(grid == UNKNOWN).tolist():
            trials = {}
            for value in (BLOCK, DOT):
                trial = grid.copy()
                trial[r, c] = value
                trials[value] = oracle_fixpoint(puzzle, trial)
            if trials[BLOCK] is None or trials[DOT] is None:
                grid = trials[DOT] if trials[BLOCK] is None else trials[BLOCK]
                break
        else:
            return "needs search"
    return "needs probing"


# --- replaying an explanation ------------------------------------------------


def replay(puzzle: Nonogram, givens: np.ndarray | None = None) -> tuple[np.ndarray, list]:
    """Apply the steps one by one, checking each against the oracle; the final grid and the steps."""
    grid = np.full(puzzle.shape, UNKNOWN, dtype=np.int8) if givens is None else givens.copy()
    steps = list(explain(puzzle, grid))
    for step in steps:
        assert step.cells and step.text
        assert all(grid[cell] == UNKNOWN for cell in step.cells), "a step re-decides a known cell"
        if step.rule != "guess":
            for solution in enumerate_solutions(puzzle, grid):
                assert all(states(solution)[cell] == value for cell, value in step.cells.items()), step.text
            check_rule(puzzle, grid, step)
        for cell, value in step.cells.items():
            grid[cell] = value
    return grid, steps


def check_rule(puzzle: Nonogram, grid: np.ndarray, step) -> None:
    """The step is what its rule says, re-derived by the oracle."""
    if step.rule in ("ranges", "line"):
        before = cells_of(grid, step.line)
        deduced = line_deduction(puzzle.clue(step.line), before)
        new = {on_grid(step.line, k): v for k, v in enumerate(deduced) if before[k] == UNKNOWN and v != UNKNOWN}
        if step.rule == "line":
            assert step.cells == new
        else:
            assert step.cells.items() <= new.items()
    elif step.rule == "probe":
        (cell, value), = step.cells.items()
        opposite = grid.copy()
        opposite[cell] = UNKNOWN ^ value
        assert oracle_fixpoint(puzzle, opposite) is None


def test_plus_is_explained_by_candidate_ranges_alone():
    grid, steps = replay(PLUS)
    assert {s.rule for s in steps} == {"ranges"}
    assert steps[0].line == Line("row", 1) and "the 3 must cover columns 1–3" in steps[0].text
    assert np.array_equal(grid, parse_grid(".#./###/.#.".split("/")))


def test_a_probe_step_names_the_cell_and_the_line_that_breaks():
    grid, steps = replay(PROBED)
    probes = [s for s in steps if s.rule == "probe"]
    assert probes and "no placement" in probes[0].text
    assert satisfies(PROBED, grid == BLOCK)


def test_several_solutions_are_explained_with_guesses_that_reach_one():
    grid, steps = replay(DIAGONALS)
    assert steps[0].rule == "guess" and steps[0].line is None
    assert satisfies(DIAGONALS, grid == BLOCK)


def test_nothing_is_explained_from_a_grid_no_solution_respects():
    assert list(explain(PLUS, parse_grid(["#??", "???", "???"]))) == []  # the plus has white corners
    assert list(explain(Nonogram.from_text("2/2|1/1"))) == []
    assert next_step(PLUS, parse_grid([".#.", "###", ".#."])) is None  # complete: nothing left


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(1, 5), st.integers(1, 6), st.data())
def test_replayed_steps_reach_a_solution_and_never_contradict_one(h, w, data):
    picture = np.array(data.draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)), dtype=bool).reshape(h, w)
    puzzle = clues_of(picture)
    every = enumerate_solutions(puzzle)
    grid, steps = replay(puzzle)
    assert not (grid == UNKNOWN).any() and satisfies(puzzle, grid == BLOCK)
    if len(every) == 1:
        assert np.array_equal(grid == BLOCK, every[0])
    label = difficulty(puzzle)
    assert label == oracle_grade(puzzle)
    hardest = {s.rule for s in steps}
    assert ("guess" in hardest) == (label in ("needs search", "several solutions"))
    assert ("probe" in hardest and "guess" not in hardest) == (label == "needs probing")


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.integers(1, 5), st.integers(1, 6), st.data())
def test_a_hint_from_a_correct_partial_grid_agrees_with_the_solution(h, w, data):
    picture = np.array(data.draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)), dtype=bool).reshape(h, w)
    puzzle = clues_of(picture)
    known = np.array(data.draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)), dtype=bool).reshape(h, w)
    grid = np.where(known, states(picture), UNKNOWN).astype(np.int8)
    step = next_step(puzzle, grid)
    if not known.all():
        assert step is not None
        assert all(grid[cell] == UNKNOWN for cell in step.cells)
        if step.rule != "guess":
            for solution in enumerate_solutions(puzzle, grid):
                assert all(states(solution)[cell] == v for cell, v in step.cells.items())
    else:
        assert step is None


# --- difficulty labels on puzzles whose hardness is known --------------------


@pytest.mark.parametrize("puzzle, label", [
    (PLUS, "line by line"),
    (PROBED, "needs probing"),
    (DIAGONALS, "several solutions"),
    (Nonogram.from_text("1/1/1|1/1/1"), "several solutions"),
    (Nonogram.from_text("2/2|1/1"), "no solution"),
])
def test_difficulty_labels(puzzle, label):
    assert difficulty(puzzle) == label
    if label != "no solution":
        assert oracle_grade(puzzle) == label
    else:
        assert enumerate_solutions(puzzle) == []


# --- checking a user's grid ---------------------------------------------------


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(1, 5), st.integers(1, 6), st.data())
def test_check_marks_exactly_the_cells_no_solution_has(h, w, data):
    picture = np.array(data.draw(st.lists(st.booleans(), min_size=h * w, max_size=h * w)), dtype=bool).reshape(h, w)
    puzzle = clues_of(picture)
    user = np.array(data.draw(st.lists(st.sampled_from([BLOCK, DOT, UNKNOWN]), min_size=h * w, max_size=h * w)),
                    dtype=np.int8).reshape(h, w)
    every = [states(s) for s in enumerate_solutions(puzzle)]
    expected = {(r, c) for r, c in np.argwhere(user != UNKNOWN).tolist()
                if all(s[r, c] != user[r, c] for s in every)}
    assert check(puzzle, user) == CheckResult(frozenset(expected))


def test_check_finds_planted_mistakes_in_a_unique_puzzle():
    solution = parse_grid(".#./###/.#.".split("/"))
    user = solution.copy()
    user[0, 0], user[1, 1] = BLOCK, DOT  # two mistakes
    user[2, :] = UNKNOWN
    assert check(PLUS, user).wrong == {(0, 0), (1, 1)}
    assert check(PLUS, solution) == CheckResult()


def test_check_never_marks_a_cell_some_solution_has():
    # Either diagonal solves it: any single painted cell is right for one of them.
    assert check(DIAGONALS, parse_grid(["#.", ".?"])) == CheckResult()
    assert check(DIAGONALS, parse_grid(["##", "??"])) == CheckResult()  # each cell alone is in some solution


def test_check_says_when_the_clues_have_no_solution():
    result = check(Nonogram.from_text("2/2|1/1"), np.full((2, 2), UNKNOWN, dtype=np.int8))
    assert result.verdict == Status.NONE and not result.wrong
    assert result.message.startswith("the clues have no solution: ")


def test_check_says_when_the_budget_runs_out():
    result = check(DIAGONALS, parse_grid(["#?", "??"]), Budget(seconds=None, nodes=0))  # needs search
    assert result.verdict == Status.GAVE_UP and not result.wrong
    assert result.message.startswith("cannot check: ")
