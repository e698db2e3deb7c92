"""The Takuzu package's own parts: its text form, its solver against the oracle,
and its sheet, read and painted in memory.

Every verdict is the independent oracle's (``oracle.py``: valid rows stacked with
pruning); the puzzles are made from random grids with fixed seeds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core.budget import Budget
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.paint import BLACK, RED, WHITE
from xlsolver.core.protocol import SheetSnapshot

from . import oracle

pytestmark = pytest.mark.usefixtures("takuzu_source")

# Found by searching random 6x6 puzzles: line logic alone finds no clash, the search does.
NONE_BY_SEARCH = "....../..1.../0.1.1./...1../....1./0..0.0"


def puzzle_of(givens):
    from xlsolver_takuzu.puzzle import Takuzu

    return Takuzu(tuple(tuple(row) for row in givens))


def unique_puzzle(n: int):
    """The first of a fixed run of random puzzles that the oracle finds unique."""
    for seed in range(100):
        rng = random.Random(f"unique {n} {seed}")
        givens = oracle.puzzle_from(oracle.random_grid(n, rng), 0.6, rng)
        if oracle.verdict(givens) == "unique":
            return givens
    raise AssertionError("no unique puzzle among the seeds")


def random_puzzle(seed: int, n: int):
    rng = random.Random(f"unit {n} {seed}")
    keep, flips = rng.choice((0.15, 0.3, 0.45, 0.6)), rng.choice((0, 0, 1, 2))
    return oracle.puzzle_from(oracle.random_grid(n, rng), keep, rng, flips)


@settings(derandomize=True, max_examples=60)
@given(st.integers(2, 6).map(lambda half: 2 * half).flatmap(
    lambda n: st.lists(st.lists(st.sampled_from((0, 1, None)), min_size=n, max_size=n), min_size=n, max_size=n)))
def test_the_text_form_reads_back_equal(rows):
    from xlsolver_takuzu.puzzle import Takuzu

    puzzle = puzzle_of(rows)
    assert Takuzu.from_text(puzzle.to_text()) == puzzle
    assert Takuzu.from_text(puzzle.to_text().replace("\n", " / ")) == puzzle


@pytest.mark.parametrize("text, error", [
    ("01\n1x", 'row 2: "x" is not 0, 1 or "."'),
    ("010\n101\n010", "even number of rows"),
    ("0101\n10\n0101\n1010", "row 2 has 2 cells"),
])
def test_a_text_that_is_no_puzzle_names_the_row(text, error):
    from xlsolver_takuzu.puzzle import Takuzu

    with pytest.raises(ValueError, match=error):
        Takuzu.from_text(text)


def test_the_fillings_are_the_valid_lines():
    from xlsolver_takuzu.solver import fillings

    for n in (2, 4, 6, 8, 10):
        assert sorted(tuple(f >> k & 1 for k in range(n)) for f in fillings(n)) == sorted(oracle.valid_rows(n))


@pytest.mark.parametrize("n", [4, 6, 8])
def test_every_verdict_is_the_oracles(n):
    from xlsolver_takuzu.solver import solve

    seen = set()
    for seed in range(40):
        givens = random_puzzle(seed, n)
        result = solve(puzzle_of(givens))
        want = oracle.solutions(givens, 2)
        assert result.status == oracle.VERDICTS[len(want)], givens
        assert all(oracle.is_solution(givens, grid) for grid in result.solutions)
        if len(want) == 1:
            assert [tuple(row) for row in result.solutions[0]] == want[0]
        # What is painted as known holds in every solution (those the oracle finds, up to 20).
        for grid in oracle.solutions(givens, 20):
            assert all(k is None or k == v for known, row in zip(result.known, grid) for k, v in zip(known, row))
        seen.add(result.status.value)
    assert seen == {"unique", "multiple", "none"}


def test_a_clash_only_the_search_finds_names_the_line_it_tried():
    from xlsolver_takuzu.puzzle import Takuzu
    from xlsolver_takuzu.solver import solve

    puzzle = Takuzu.from_text(NONE_BY_SEARCH)
    assert oracle.verdict([list(row) for row in puzzle.rows]) == "none"
    result = solve(puzzle)
    assert result.status == "none" and "none of the 2 ways to fill column 4" in result.message
    assert [str(line) for line in result.conflict.lines] == ["column 4"]


@pytest.mark.parametrize("text, reason, lines", [
    ("111.../" + "....../" * 5, "row 1 has three 1s side by side", ["row 1"]),
    ("110100/110100/" + "....../" * 4, "row 1 repeats row 2", ["row 1", "row 2"]),
    ("00...0/" + "....../" * 5, "row 1 cannot hold 3 of each digit without three alike", ["row 1"]),
])
def test_a_clash_of_the_givens_names_its_lines(text, reason, lines):
    from xlsolver_takuzu.puzzle import Takuzu
    from xlsolver_takuzu.solver import solve

    result = solve(Takuzu.from_text(text))
    assert result.status == "none" and result.conflict.reason == reason
    assert [str(line) for line in result.conflict.lines] == lines


def test_a_spent_budget_gives_up_with_what_it_knew():
    from xlsolver_takuzu.solver import solve

    givens = oracle.puzzle_from(oracle.random_grid(10, random.Random(3)), 0.2, random.Random(3))
    result = solve(puzzle_of(givens), Budget(seconds=None, nodes=1))
    assert result.status == "gave_up" and "1 nodes" in result.message
    assert all(oracle.solutions(givens, 1))  # it has solutions: the budget alone stopped it
    assert all(k is None or k == v for known, row in zip(result.known, oracle.solutions(givens, 1)[0])
               for k, v in zip(known, row))


def test_the_solutions_stream_one_at_a_time():
    from xlsolver_takuzu.puzzle import Takuzu
    from xlsolver_takuzu.solver import solutions

    empty = Takuzu(((None,) * 4,) * 4)
    found = list(solutions(empty))
    assert len(found) == len(oracle.solutions([[None] * 4] * 4, 1000)) == 72
    assert len(set(found)) == len(found)


# --- the sheet --------------------------------------------------------------

def sheet_with(givens, title="Takuzu", top=3, left=1, **extra) -> SheetSnapshot:
    """A snapshot: the title in (top - 2, left) and the givens below it."""
    from xlsolver.core.protocol import CellInfo

    cells = {(top - 2, left): CellInfo(title)} if title else {}
    cells.update({(top + r, left + c): CellInfo(v) for r, row in enumerate(givens) for c, v in enumerate(row)
                  if v is not None})
    cells.update({cell: CellInfo(v) for cell, v in extra.items()})
    return SheetSnapshot("T", cells)


def test_the_grid_is_found_below_its_title_with_or_without_a_size():
    from xlsolver_takuzu.sheet import locate_takuzu

    givens = [[1, None, None, 0], [None] * 4, [None, 0, None, None], [None, None, None, 1]]
    for title in ("Takuzu 4x4", "takuzu", "Binairo (4x4)"):
        layout, puzzle = locate_takuzu(sheet_with(givens, title, top=5, left=2))
        assert (layout.top, layout.left, layout.n) == (5, 2, 4) and puzzle == puzzle_of(givens)


def test_a_defined_name_marks_the_grid_as_well():
    from xlsolver.core.protocol import CellInfo
    from xlsolver_takuzu.sheet import locate_takuzu

    snap = SheetSnapshot("T", {(2, 2): CellInfo("1"), (3, 3): CellInfo(0.0)}, names={"my_takuzu": (2, 2, 3, 3)})
    layout, puzzle = locate_takuzu(snap)
    assert (layout.top, layout.left, layout.n) == (2, 2, 2) and puzzle.rows == ((1, None), (None, 0))


@pytest.mark.parametrize("title, extra, error", [
    ("Takuzu 6x6", {(4, 2): "2"}, 'T!B4: "2" is not 0 or 1'),
    ("Takuzu 6x4", {}, "T!A1: a Takuzu is square, not 6x4"),
    ("Takuzu 5x5", {}, "T!A3: the grid A3:E7 is 5x5"),
    ("Takuzu", {}, "T!A1: no grid of 0s and 1s"),
])
def test_a_mistake_on_the_sheet_names_its_cell(title, extra, error):
    from xlsolver.core.errors import InputError
    from xlsolver.core.protocol import CellInfo
    from xlsolver_takuzu.sheet import locate_takuzu

    snap = SheetSnapshot("T", {(1, 1): CellInfo(title), **{cell: CellInfo(v) for cell, v in extra.items()}})
    found = locate_takuzu(snap)
    assert isinstance(found, InputError) and str(found).startswith(error)


def test_no_mark_no_takuzu():
    from xlsolver_takuzu.sheet import locate_takuzu

    grid = [[1, 0, 1, 0], [0, 1, 0, 1], [1, 0, 0, 1], [0, 1, 1, 0]]
    assert locate_takuzu(sheet_with(grid, title=None)) is None
    assert locate_takuzu(sheet_with(grid, title="Not a Takuzu")) is None


def test_the_plan_paints_ones_black_zeros_white_and_the_clash_red():
    from xlsolver_takuzu.sheet import locate_takuzu, takuzu_plan
    from xlsolver_takuzu.solver import solve

    givens = unique_puzzle(6)
    layout, puzzle = locate_takuzu(sheet_with(givens, "Takuzu 6x6"))
    [solution] = oracle.solutions(givens, 1)
    plan = takuzu_plan(layout, solve(puzzle), "T")
    assert plan.cells_with(BLACK) == {(3 + r, 1 + c) for r, row in enumerate(solution) for c, v in enumerate(row) if v}
    assert plan.cells_with(WHITE) == {(3 + r, 1 + c) for r, row in enumerate(solution) for c, v in enumerate(row)
                                      if not v}
    assert plan.writes()[(10, 1)] == "one solution, and no other"

    clash = [[1, 1, 1, None, None, None]] + [[None] * 6 for _ in range(5)]
    layout, puzzle = locate_takuzu(sheet_with(clash, "Takuzu 6x6"))
    plan = takuzu_plan(layout, solve(puzzle), "T")
    assert plan.cells_with(RED) == {(3, c) for c in range(1, 7)}
    assert plan.writes()[(10, 1)] == "no solution: row 1 has three 1s side by side (A3:F3)"


def test_the_sample_sheet_reads_back_as_its_puzzle_with_one_solution():
    from xlsolver_takuzu.job import SAMPLE, sample_plan
    from xlsolver_takuzu.sheet import locate_takuzu

    book = MemoryWorkbook({"Takuzu": {}})
    book.apply(sample_plan("Takuzu"))
    _, puzzle = locate_takuzu(book.snapshot("Takuzu"))
    assert puzzle == SAMPLE
    assert oracle.verdict([list(row) for row in SAMPLE.rows]) == "unique"
