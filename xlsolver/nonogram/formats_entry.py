"""One puzzle of a nonogram file, whatever its format: what every format of
:mod:`.formats` reads into and writes from."""

from __future__ import annotations

import re
from dataclasses import dataclass

from xlsolver.core.files import printable
from xlsolver.nonogram.colour import ColourNonogram
from xlsolver.nonogram.model import Nonogram

__all__ = ["TITLE_LIMIT", "PuzzleEntry"]

TITLE_LIMIT = 200
"""The most characters of a title kept from a file (a title becomes a sheet's name and
its top cell, and names the puzzle in every message)."""


@dataclass(frozen=True)
class PuzzleEntry:
    """One puzzle of a file in any format, with what the formats carry besides clues.

    ``goal`` (the intended solution) and each ``saved`` grid (a partly solved
    grid) are rows of characters: ``.`` background, ``#`` black in a
    black-and-white puzzle, the colour characters in a colour puzzle, and
    ``?`` for an unknown cell (saved grids only). A one-colour black
    :class:`ColourNonogram` is stored as the plain :class:`Nonogram` it is.
    """

    puzzle: Nonogram | ColourNonogram
    title: str | None = None
    goal: tuple[str, ...] | None = None
    saved: tuple[tuple[str, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.title is not None:
            object.__setattr__(self, "title", _one_line(self.title))
        if isinstance(self.puzzle, ColourNonogram) and self.puzzle.to_nonogram() is not None:
            black = self.puzzle.palette[0].char if self.puzzle.palette else "#"
            to_bw = lambda rows: tuple(row.replace(black, "#") for row in rows)
            object.__setattr__(self, "puzzle", self.puzzle.to_nonogram())
            object.__setattr__(self, "goal", None if self.goal is None else to_bw(self.goal))
            object.__setattr__(self, "saved", tuple(to_bw(g) for g in self.saved))
        for grid in ((self.goal,) if self.goal is not None else ()) + self.saved:
            if len(grid) != self.puzzle.height or any(len(row) != self.puzzle.width for row in grid):
                raise ValueError(f"a goal or saved grid must be {self.puzzle.height} rows of {self.puzzle.width}")

    @property
    def givens(self) -> tuple[str, ...] | None:
        """The cells known before solving (the first saved grid), or None."""
        return self.saved[0] if self.saved else None


def _one_line(title: str) -> str | None:
    """A title as one printable line (None when nothing is left of it)."""
    line = printable(re.sub(r"\s+", " ", title).strip(), TITLE_LIMIT)
    return line or None
