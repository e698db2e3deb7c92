"""Puzzles made from pictures: a grid of cells becomes clues, and the clues are judged.

Glossary (adds to the package's)
--------------------------------
drawing     a grid of colour indices (0 = background) with the RGB of each
            colour: what an author drew, in a sheet or an image reduced to
            a few colours (:class:`Drawing`). One colour: a black-and-white
            puzzle.
assessment  what the clues of a drawing are worth as a puzzle: the verdict,
            the difficulty label of :mod:`.explain`, and, when the clues
            allow another picture, the cells where it differs from the
            drawing, for the author to change (:class:`Assessment`).

Nothing here reads images or sheets: the edges (:mod:`xlsolver.jobs.picture`)
turn those into a :class:`Drawing`. :func:`threshold` turns an RGB array into
a black-and-white drawing, for the edges to share.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from xlsolver.core.budget import Budget
from xlsolver.core.geometry import Cell
from xlsolver.core.status import Status
from xlsolver.nonogram.colour import ColourNonogram, Colour, colour_name, line_runs
from xlsolver.nonogram.colour_explain import colour_difficulty
from xlsolver.nonogram.colour_solver import solve_colour
from xlsolver.nonogram.explain import UNDECIDED, difficulty
from xlsolver.nonogram.model import Nonogram
from xlsolver.nonogram.solver import solve

__all__ = ["Assessment", "Drawing", "assess", "differing_cells", "luminance", "threshold"]

_CHARS = "abcdefghijklmnopqrstuvwyz"  # colour characters, as the sheet reader gives them
BLACK_RGB = "000000"


@dataclass(frozen=True, eq=False)
class Drawing:
    """A picture as cells: ``cells[r, c]`` is 0 for the background, ``k`` for
    ``colours[k - 1]`` (``"RRGGBB"``)."""

    cells: np.ndarray
    colours: tuple[str, ...] = (BLACK_RGB,)

    def __post_init__(self) -> None:
        cells = np.asarray(self.cells, dtype=np.int16)
        if cells.ndim != 2 or 0 in cells.shape:
            raise ValueError("a drawing needs at least one row and one column")
        if cells.min() < 0 or cells.max() > len(self.colours):
            raise ValueError(f"cell values must be 0..{len(self.colours)} (the background and the colours)")
        if len(self.colours) > len(_CHARS):
            raise ValueError(f"at most {len(_CHARS)} colours")
        object.__setattr__(self, "cells", cells)

    @classmethod
    def from_bool(cls, black: np.ndarray) -> "Drawing":
        return cls(np.asarray(black, dtype=bool).astype(np.int16))

    @property
    def shape(self) -> tuple[int, int]:
        return self.cells.shape

    @property
    def black_and_white(self) -> bool:
        return len(self.colours) == 1

    def used(self) -> "Drawing":
        """The same drawing without colours no cell has (indices renumbered in order)."""
        present = sorted(set(np.unique(self.cells).tolist()) - {0})
        if len(present) == len(self.colours) or not present:
            return self if present else Drawing(self.cells, self.colours[:1])
        renumber = np.zeros(len(self.colours) + 1, dtype=np.int16)
        for new, old in enumerate(present, 1):
            renumber[old] = new
        return Drawing(renumber[self.cells], tuple(self.colours[k - 1] for k in present))

    def puzzle(self) -> Nonogram | ColourNonogram:
        """The clues whose solution (one of them) is this drawing."""
        if self.black_and_white:
            black = self.cells > 0
            return Nonogram(tuple(_runs(row) for row in black), tuple(_runs(col) for col in black.T))
        palette = tuple(Colour(_CHARS[k], colour_name(rgb), rgb) for k, rgb in enumerate(self.colours))
        chars = "." + "".join(c.char for c in palette)
        rows = ["".join(chars[v] for v in row) for row in self.cells]
        cols = ["".join(chars[v] for v in col) for col in self.cells.T]
        return ColourNonogram(tuple(line_runs(r) for r in rows), tuple(line_runs(c) for c in cols), palette)

    def solution(self) -> np.ndarray:
        """The drawing as the solver writes solutions: bool (black and white) or colour indices."""
        return self.cells > 0 if self.black_and_white else self.cells.astype(np.int8)


def _runs(line: np.ndarray) -> tuple[int, ...]:
    padded = np.concatenate(([0], line.astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(padded))
    return tuple(int(n) for n in edges[1::2] - edges[::2])


def luminance(rgb: np.ndarray) -> np.ndarray:
    """Relative luminance 0..1 of an ``(h, w, 3)`` array of 0..255 values (Rec. 709 weights)."""
    rgb = np.asarray(rgb, dtype=np.float64) / 255.0
    return rgb[..., 0] * 0.2126 + rgb[..., 1] * 0.7152 + rgb[..., 2] * 0.0722


def threshold(rgb: np.ndarray, level: float = 0.5, invert: bool = False) -> Drawing:
    """Black where the luminance is below ``level`` (above it, with ``invert``)."""
    dark = luminance(rgb) < level
    return Drawing.from_bool(~dark if invert else dark)


@dataclass(frozen=True, eq=False)
class Assessment:
    """What the clues of a drawing are worth as a puzzle.

    ``status`` is the solver's verdict on the clues (``UNIQUE`` means the
    drawing is the only picture they allow). ``label`` is the difficulty
    label of :func:`.explain.difficulty`. For ``MULTIPLE``, ``other`` is a
    solution that is not the drawing and ``differ`` the cells where the two
    differ, row by row: changing the drawing there (or near there) is how an
    author makes the puzzle unique.
    """

    status: Status
    label: str
    message: str
    differ: tuple[Cell, ...] = ()
    other: np.ndarray | None = None
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)


def assess(drawing: Drawing, budget: Budget | None = None, engine: str = "auto") -> Assessment:
    """Solve the drawing's clues, asking for two, and grade them."""
    puzzle = drawing.puzzle()
    seconds = None if budget is None else budget.seconds
    if isinstance(puzzle, ColourNonogram):
        result = solve_colour(puzzle, budget=Budget(seconds=seconds))
    else:
        result = solve(puzzle, budget=Budget(seconds=seconds), engine=engine)
    if result.status == Status.MULTIPLE:
        mine = drawing.solution()
        other = next(s for s in result.solutions if not np.array_equal(s, mine))
        differ = differing_cells(mine, other)
        return Assessment(Status.MULTIPLE, "several solutions", result.message, differ, other, result.seconds)
    if result.status != Status.UNIQUE:
        # The drawing itself solves its clues, so only the budget can stop a verdict here.
        return Assessment(result.status, UNDECIDED, result.message, seconds=result.seconds)
    grade = colour_difficulty if isinstance(puzzle, ColourNonogram) else difficulty
    label = grade(puzzle, budget=Budget(seconds=seconds))
    return Assessment(Status.UNIQUE, label, result.message, seconds=result.seconds)


def differing_cells(first: np.ndarray, second: np.ndarray) -> tuple[Cell, ...]:
    """The cells where two grids of the same shape differ, row by row."""
    first, second = np.asarray(first), np.asarray(second)
    if first.shape != second.shape:
        raise ValueError(f"grids of shapes {first.shape} and {second.shape} cannot be compared")
    return tuple((int(r), int(c)) for r, c in np.argwhere(first != second))
