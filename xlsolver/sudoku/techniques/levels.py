"""Puzzles of a chosen difficulty: generate, explain, keep those at the level.

The generator makes verified puzzles (one solution, checked by exact cover);
the ladder rates each one with the same steps it would explain, so a puzzle
kept as "hard" is one whose explanation needs a hard technique (or a score
past the medium bound) and nothing harder.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator

from xlsolver.sudoku.generator import Generated, make_puzzle
from xlsolver.sudoku.model import Shape
from xlsolver.sudoku.techniques.ladder import LEVELS, explain
from xlsolver.sudoku.techniques.rating import Rating, rate

__all__ = ["AtLevel", "puzzles_at_level", "rating_columns"]

TRIES_PER_PUZZLE = 400  # candidates generated per puzzle asked for, before giving up


def rate_generated(made: Generated) -> Rating:
    return rate(made.puzzle, list(explain(made.puzzle, made.solution)))


@dataclass(frozen=True)
class AtLevel:
    """A filter for generated puzzles: is this one at ``level``? A plain
    module-level value, so worker processes can take it (pickled)."""

    level: str

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f'level "{self.level}" is not one of {", ".join(LEVELS)}')

    def __call__(self, made: Generated) -> bool:
        return rate_generated(made).level == self.level


def rating_columns(made: Generated) -> dict[str, object]:
    """The rating of a generated puzzle as columns for an index: level, score, QQWing class."""
    rating = rate_generated(made)
    return {"level": rating.level, "score": rating.score, "qqwing": rating.qqwing}


def puzzles_at_level(shape: Shape, level: str, number: int, seed: int | str = 0, symmetry: str = "none",
                     minimal: bool = True,
                     progress: Callable[[int, int], None] | None = None) -> Iterator[tuple[Generated, Rating]]:
    """``number`` puzzles whose level is ``level`` (one of LEVELS), from the
    candidates seeded ``"{seed}:level:{i}"`` in order, so the same arguments give
    the same puzzles. Raises ValueError when ``TRIES_PER_PUZZLE * number``
    candidates yield too few (extreme puzzles are rare among random ones)."""
    if level not in LEVELS:
        raise ValueError(f'level "{level}" is not one of {", ".join(LEVELS)}')
    found = 0
    for i in range(TRIES_PER_PUZZLE * number):
        made = make_puzzle(shape, f"{seed}:level:{i}", symmetry, minimal)
        rating = rate_generated(made)
        if rating.level == level:
            found += 1
            if progress is not None:
                progress(found, number)
            yield made, rating
            if found == number:
                return
    raise ValueError(f"only {found} of {number} {level} puzzles among {TRIES_PER_PUZZLE * number} generated; "
                     f"try another level or seed")
