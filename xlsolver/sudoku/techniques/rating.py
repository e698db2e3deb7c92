"""Difficulty from the steps: HoDoKu's score and level, and QQWing's class.

HoDoKu: the score is the sum of the steps' scores; the level is the hardest
step's level, raised while the score passes the level's bound (easy up to
800, medium 1000, hard 1600, unfair 1800). A puzzle that needed a guess is
"needs guessing" here (HoDoKu's brute force makes it extreme there).

QQWing classes a puzzle by the techniques its own solver needed, trying in
this order and starting again from the top after every success: naked
single, hidden single, naked pair, pointing, claiming, hidden pair; a guess
when none applies. A guess makes it *expert*; else a pair or an
intersection *intermediate*; else a hidden single *easy*; else *simple*.
:func:`qqwing_class` climbs that short ladder with these techniques' own code.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Iterable

from xlsolver.sudoku.model import Sudoku
from xlsolver.sudoku.techniques import intersections, singles, subsets
from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid
from xlsolver.sudoku.techniques.ladder import LEVELS, Technique, next_step, step_score, technique
from xlsolver.sudoku.techniques.step import Step

__all__ = ["GUESSING", "Rating", "hodoku_level", "qqwing_class", "rate"]

GUESSING = "needs guessing"
LEVEL_BOUNDS = MappingProxyType({"easy": 800, "medium": 1000, "hard": 1600, "unfair": 1800})

QQWING_LADDER = (
    Technique("Naked Single", singles.naked_single, 0, "easy"),
    Technique("Hidden Single", singles.hidden_single, 0, "easy"),
    Technique("Naked Pair", subsets.naked_subset(2), 0, "medium"),
    Technique("Locked Candidates (Pointing)", intersections.pointing, 0, "medium"),
    Technique("Locked Candidates (Claiming)", intersections.claiming, 0, "medium"),
    Technique("Hidden Pair", subsets.hidden_subset(2), 0, "medium"),
)
"""QQWing's techniques in QQWing's order (a full house is a naked single there)."""


@dataclass(frozen=True)
class Rating:
    """How hard a puzzle is, from its steps."""

    score: int
    level: str  # one of LEVELS, or GUESSING
    hodoku_level: str  # the level HoDoKu would print: a guess counts as extreme
    qqwing: str
    guesses: int
    steps: int
    hardest: str

    def to_json(self) -> dict:
        return {"score": self.score, "level": self.level, "hodoku_level": self.hodoku_level,
                "qqwing": self.qqwing, "guesses": self.guesses, "hardest": self.hardest}


def hodoku_level(steps: Iterable[Step]) -> tuple[int, str, str]:
    """(score, level, hardest technique) in HoDoKu's way."""
    score, level, hardest, top = 0, 0, "", (-1, -1)
    for step in steps:
        points = step_score(step)
        score += points
        rung = LEVELS.index(technique(step.technique).level)
        if (rung, points) > top:  # the hardest step: highest level, then highest score
            top, hardest = (rung, points), step.technique
        level = max(level, rung)
    while level < len(LEVELS) - 1 and score > LEVEL_BOUNDS[LEVELS[level]]:
        level += 1
    return score, LEVELS[level], hardest


def rate(puzzle: Sudoku, steps: list[Step]) -> Rating:
    """The rating of a puzzle explained by ``steps``."""
    score, level, hardest = hodoku_level(steps)
    guesses = sum(1 for s in steps if s.guess)
    return Rating(score, GUESSING if guesses else level, level, qqwing_class(puzzle), guesses, len(steps), hardest)


def qqwing_class(puzzle: Sudoku) -> str:
    """QQWing's class of ``puzzle`` (see the module's docstring)."""
    grid = Grid.from_puzzle(puzzle)
    ctx = Context()
    used: set[str] = set()
    while not grid.solved():
        step = next_step(grid, QQWING_LADDER, ctx=ctx)
        if step is None:
            return "expert"
        used.add(step.technique)
        grid.apply(step)
    if used - {"Naked Single", "Hidden Single"}:
        return "intermediate"
    return "easy" if "Hidden Single" in used else "simple"
