"""Lesson 03's checks accept its solutions and reject plausible wrong answers."""

from __future__ import annotations

import pytest

from .lessons import checks_module, solution_namespace

checks = checks_module("03")
NAMES = ["block_ranges", "placements", "solve_line", "propagate", "count_solutions"]


@pytest.fixture(scope="module")
def solved() -> dict:
    return solution_namespace("03-line-solver")


@pytest.mark.parametrize("name", NAMES)
def test_checks_accept_the_solutions(solved, name, capsys):
    getattr(checks, f"check_{name}")(solved[name])
    assert f"{name} passed" in capsys.readouterr().out


def test_block_ranges_must_leave_a_gap_between_blocks():
    def no_gaps(clue, n):
        return [(sum(clue[:j]), n - sum(clue[j + 1:])) for j in range(len(clue))]

    with pytest.raises(AssertionError, match=r"block_ranges\(\(1, 1\), 3\): expected \[\(0, 1\), \(2, 3\)\]"):
        checks.check_block_ranges(no_gaps)


def test_placements_must_keep_blocks_apart_and_cover_known_black_cells(solved):
    def touching(clue, line):  # forgets the white cell after a block
        if not clue:
            return [] if "#" in line else ["." * len(line)]
        found = []
        for start in range(len(line) - clue[0] + 1):
            if "#" in line[:start]:
                break
            if "." not in line[start:start + clue[0]]:
                head = "." * start + "#" * clue[0]
                found += [head + tail for tail in touching(clue[1:], line[len(head):])]
        return found

    with pytest.raises(AssertionError, match=r"placements\(\(1, 1\), '\?\?\?\?\?'\).*not placements \['##\.\.\.'"):
        checks.check_placements(touching)

    def known_black_ignored(clue, line):
        return solved["placements"](clue, line.replace("#", "?"))

    with pytest.raises(AssertionError, match=r"placements\(\(2, 1\), '\?#\?\?\?\?'\)"):
        checks.check_placements(known_black_ignored)


def test_solve_line_must_keep_white_cells_and_say_none(solved):
    def blacks_only(clue, line):
        found = solved["solve_line"](clue, line)
        return None if found is None else found.replace(".", "?")

    with pytest.raises(AssertionError, match=r"solve_line\(\(2,\), '\?#\?\?\?\?\?'\): expected '\?#\?\.\.\.\.'"):
        checks.check_solve_line(blacks_only)

    def empty_for_none(clue, line):
        found = solved["solve_line"](clue, line)
        return "" if found is None else found

    with pytest.raises(AssertionError, match=r"expected None but got ''"):
        checks.check_solve_line(empty_for_none)


def test_propagate_must_reach_the_fixpoint(solved):
    def rows_once(rows, cols, grid):  # one round over the rows, no columns
        lines = [solved["solve_line"](clue, line) for clue, line in zip(rows, grid)]
        return None if None in lines else lines

    with pytest.raises(AssertionError, match="Rocket, row 1: expected '....##....'"):
        checks.check_propagate(rows_once)

    def never_none(rows, cols, grid):
        return solved["propagate"](rows, cols, grid) or grid

    with pytest.raises(AssertionError, match="expected None .no picture fits."):
        checks.check_propagate(never_none)


def test_count_solutions_must_search_past_a_stall(solved):
    def propagation_only(rows, cols, limit=2, grid=None):
        return 0 if solved["propagate"](rows, cols, ["?" * len(cols)] * len(rows)) is None else 1

    with pytest.raises(AssertionError, match="Smile: xlsolver says several solutions, so count_solutions"
                                             r"\(rows, cols\) should be 2, not 1"):
        checks.check_count_solutions(propagation_only)

    def limit_ignored(rows, cols, limit=2, grid=None):
        return solved["count_solutions"](rows, cols, 2, grid)

    with pytest.raises(AssertionError, match="limit=1"):
        checks.check_count_solutions(limit_ignored)
