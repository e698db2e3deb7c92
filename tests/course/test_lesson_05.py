"""Lesson 05's checks accept the teacher's solutions and reject plausible wrong answers."""

from __future__ import annotations

import pytest

from xlsolver.polyomino import orientations

from .lessons import checks_module, solution_namespace

checks = checks_module("05")
# The solutions use orientations(), which the notebook defines before the exercises; xlsolver's
# gives the same forms.
SOLVED = solution_namespace("05-exact-cover", orientations=orientations)


def solution(name: str):
    return SOLVED[name]


def test_the_solutions_pass(capsys):
    checks.check_tiling_options(solution("tiling_options"))
    checks.check_exact_covers(solution("exact_covers"))
    assert capsys.readouterr().out.count("passed") == 2


def every_transform(board, pieces):
    """Wrong: each of the eight turns and flips is an orientation, so a symmetric piece repeats."""
    options = []
    for name, shape in pieces.items():
        for a, b, c, d in ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
                           (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0)):
            cells = [(a * r + b * k, c * r + d * k) for r, k in shape]
            top, left = min(r for r, _ in cells), min(k for _, k in cells)
            form = [(r - top, k - left) for r, k in cells]
            for row, col in board:
                placed = {(row + r, col + k) for r, k in form}
                if placed <= board:
                    options.append({name, *placed})
    return options


def corner_on_the_board(board, pieces):
    """Wrong: the corner of the piece's box goes on each board cell, which misses the
    placements whose corner falls on a hole (the F's corner is not one of its cells)."""
    return [{name, *{(row + r, col + k) for r, k in form}}
            for name, shape in pieces.items() for form in orientations(shape)
            for row, col in board if {(row + r, col + k) for r, k in form} <= board]


@pytest.mark.parametrize("wrong", [every_transform, corner_on_the_board, lambda board, pieces: None])
def test_wrong_tiling_options_are_rejected(wrong):
    with pytest.raises(AssertionError):
        checks.check_tiling_options(wrong)


def shared_list(options):
    """Wrong: yields the one list it keeps changing, so a caller who keeps them sees []."""
    exact = solution("exact_covers")
    chosen: list[int] = []
    for cover in exact(options):
        chosen[:] = cover
        yield chosen


def clashes_kept(options):
    """Wrong: covers every item, but never removes the options that overlap a choice."""
    items = sorted(set().union(*options), key=str)

    def search(left, chosen):
        if not left:
            yield sorted(chosen)
            return
        first = left[0]
        for number, option in enumerate(options):
            if first in option and number not in chosen:
                yield from search([item for item in left if item not in option], chosen + [number])

    yield from search(items, [])


def every_item_branched(options):
    """Wrong: branches on every uncovered item, so each cover is found once per order."""
    from itertools import permutations

    exact = solution("exact_covers")
    for cover in exact(options):
        for order in permutations(cover):
            yield sorted(order)


@pytest.mark.parametrize("wrong", [shared_list, clashes_kept, every_item_branched, lambda options: iter([])])
def test_wrong_exact_covers_are_rejected(wrong):
    with pytest.raises(AssertionError):
        checks.check_exact_covers(wrong)
