"""One puzzle of a nonogram file, whatever its format: what every format of
:mod:`.formats` reads into and writes from."""

from __future__ import annotations

from dataclasses import dataclass

from xlsolver.nonogram.colour import ColourNonogram
from xlsolver.nonogram.model import Nonogram

__all__ = ["PuzzleEntry"]


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
        if isinstance(self.puzzle, ColourNonogram) and self.puzzle.to_nonogram() is not None:
            black = self.puzzle.palette[0].char if self.puzzle.palette else "#"
            to_bw = lambda rows: tuple(row.replace(black, "#") for row in rows)
            object.__setattr__(self, "puzzle", self.puzzle.to_nonogram())
            object.__setattr__(self, "goal", None if self.goal is None else to_bw(self.goal))
            object.__setattr__(self, "saved", tuple(to_bw(g) for g in self.saved))
        for grid in ((self.goal,) if self.goal is not None else ()) + self.saved:
            if len(grid) != self.puzzle.height or any(len(row) != self.puzzle.width for row in grid):
                raise ValueError(f"a goal or saved grid must be {self.puzzle.height} rows of {self.puzzle.width}")
