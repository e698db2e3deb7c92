"""Colour explanations, checking and difficulty, against brute-force enumeration.

Steps replayed from the puzzle (or from givens) reach a solution and, but a
guess, never decide a cell against a solution that respects the grid they
were made on; a line step decides only what the oracle's placements of that
line agree on; check marks exactly the cells no solution has.
"""

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.nonogram.colour import ColourNonogram, clues_of
from xlsolver.nonogram.colour_explain import check_colour, colour_difficulty, explain_colour, next_colour_step
from xlsolver.nonogram.explain import CheckResult

from .test_colour import PALETTE, oracle_lines, oracle_solutions, pictures, satisfies


def indices(puzzle: ColourNonogram, picture: list[str]) -> np.ndarray:
    chars = puzzle.chars()
    return np.array([[chars.index(ch) for ch in row] for row in picture], dtype=np.int64)


def masks_of(puzzle: ColourNonogram, grid: dict) -> np.ndarray:
    full = (1 << (len(puzzle.palette) + 1)) - 1
    out = np.full(puzzle.shape, full, dtype=np.int64)
    for (r, c), colour in grid.items():
        out[r, c] = 1 << colour
    return out


@settings(max_examples=60, derandomize=True, deadline=None)
@given(pictures(max_h=4, max_w=4))
def test_steps_replay_to_a_solution_and_respect_every_consistent_solution(drawn):
    picture, palette = drawn
    puzzle = clues_of(picture, palette)
    solutions = [indices(puzzle, s) for s in oracle_solutions(puzzle)]
    decided: dict[tuple[int, int], int] = {}
    alphabet = puzzle.chars()
    for step in explain_colour(puzzle):
        consistent = [s for s in solutions if all(s[r, c] == v for (r, c), v in decided.items())]
        assert consistent
        if step.rule != "guess":
            for (r, c), colour in step.cells.items():
                assert all(s[r, c] == colour for s in consistent), step.text
        if step.rule == "line":
            axis, i = step.line.axis, step.line.index
            clue = puzzle.clue(step.line)
            width = puzzle.width if axis == "row" else puzzle.height
            on_line = lambda cell: cell[0] == i if axis == "row" else cell[1] == i
            position = lambda cell: cell[1] if axis == "row" else cell[0]
            known = {position(cell): v for cell, v in decided.items() if on_line(cell)}
            fits = [line for line in oracle_lines(clue, width, alphabet)
                    if all(alphabet.index(line[k]) == v for k, v in known.items())]
            for cell, colour in step.cells.items():
                assert all(alphabet.index(line[position(cell)]) == colour for line in fits)
        for cell, colour in step.cells.items():
            assert cell not in decided
            decided[cell] = colour
    final = ["".join(alphabet[decided[(r, c)]] for c in range(puzzle.width)) for r in range(puzzle.height)]
    assert satisfies(puzzle, final)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(pictures(max_h=4, max_w=4), st.data())
def test_check_marks_exactly_the_cells_no_solution_has(drawn, data):
    picture, palette = drawn
    puzzle = clues_of(picture, palette)
    solutions = [indices(puzzle, s) for s in oracle_solutions(puzzle)]
    cells = list(itertools.product(range(puzzle.height), range(puzzle.width)))
    chosen = data.draw(st.lists(st.tuples(st.sampled_from(cells), st.integers(0, len(palette))),
                                max_size=6, unique_by=lambda x: x[0]))
    grid = dict(chosen)
    wrong = {cell for cell, colour in grid.items() if all(s[cell] != colour for s in solutions)}
    assert check_colour(puzzle, masks_of(puzzle, grid)) == CheckResult(frozenset(wrong))


def test_next_step_from_givens_and_from_a_contradiction():
    picture = [".r.", "rgr", ".g."]
    puzzle = clues_of(picture, PALETTE[:2])
    step = next_colour_step(puzzle, masks_of(puzzle, {(0, 1): 1}))
    assert step is not None and (0, 1) not in step.cells
    assert next_colour_step(puzzle, masks_of(puzzle, {(0, 1): 2})) is None  # (0, 1) green: no solution
    assert colour_difficulty(puzzle) == "line by line"


def test_a_colour_puzzle_that_needs_more_than_line_logic():
    # Two 2x2 diagonals in red: two solutions, so the label says so and a guess appears.
    puzzle = clues_of(["r.", ".r"], PALETTE[:1])
    assert colour_difficulty(puzzle) == "several solutions"
    assert [s.rule for s in explain_colour(puzzle)][0] == "guess"
