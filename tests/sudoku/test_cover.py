"""The exact-cover re-check (dancing links): counts against the textbook
figures, the general Algorithm X of the tests' exact-cover oracle and plain
backtracking."""

from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import given, settings, strategies as st

import exact_cover_oracle as exact_cover
from xlsolver.sudoku import Shape, Sudoku
from xlsolver.sudoku import cover
from xlsolver.sudoku.cover import cover_count, cover_options
from .oracle import brute_count


def test_there_are_288_full_4x4_grids_by_both_paths():
    empty = Sudoku.empty(Shape(2, 2))
    assert cover_count(empty, limit=None, plain=False) == 288 == cover_count(empty, limit=None, plain=True)
    assert cover_count(empty, limit=5) == 5 and cover_count(empty, limit=0) == 0


def test_a_3x2_box_grid_counts_like_a_2x3_one():
    # Turning a 6x6 grid a quarter turn swaps its box shape: the same number of grids.
    tall, wide = Sudoku.empty(Shape(3, 2)), Sudoku.empty(Shape(2, 3))
    givens = (1, 2, 3, 4, 5, 6) + (0,) * 30
    assert cover_count(Sudoku(wide.shape, givens), limit=None) == cover_count(
        Sudoku(tall.shape, tuple(givens[(5 - c) * 6 + r] for r in range(6) for c in range(6))), limit=None)


@settings(max_examples=80, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16), st.booleans())
def test_4x4_counts_agree_with_brute_force_and_algorithm_x(cells, plain):
    puzzle = Sudoku(Shape(2, 2), tuple(cells))
    want = 0 if puzzle.duplicates() else brute_count(list(cells), 4, 2, 2)
    assert cover_count(puzzle, limit=None, plain=plain) == want
    assert exact_cover.count(cover_options(puzzle)) == want


@settings(max_examples=30, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=36, max_size=36).map(
    lambda xs: [x if i % 2 else 0 for i, x in enumerate(xs)]), st.booleans())
def test_6x6_counts_agree_with_brute_force(cells, plain):
    puzzle = Sudoku(Shape(2, 3), tuple(cells))
    want = 0 if puzzle.duplicates() else min(3, brute_count(list(cells), 6, 2, 3, limit=3))
    assert cover_count(puzzle, limit=3, plain=plain) == want


def test_plain_path_without_numba_in_a_subprocess():
    code = ("from xlsolver.sudoku import cover, Sudoku, Shape;"
            "assert cover.search_compiled is None;"
            "print(cover.cover_count(Sudoku.empty(Shape(2, 2)), limit=None))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "XLSOLVER_NO_NUMBA": "1"}, check=True)
    assert out.stdout.strip() == "288"


def test_the_links_are_those_of_the_options():
    puzzle = Sudoku.from_text("1" + "." * 15)
    left, right, up, down, column, size = cover._links(puzzle)
    assert len(column) == 1 + 4 * 16 + 4 * len(cover_options(puzzle))
    assert size[1] == 1 and size[2] == 4  # the given cell keeps one option, an empty one four
    for node in range(len(column)):  # every link has its way back
        assert right[left[node]] == node and down[up[node]] == node
