"""What a Takuzu is: the grid, its rules and its text form.

Glossary
--------
grid     n x n cells, n even; a cell holds 0, 1, or nothing yet (None).
given    a cell the puzzle fills in.
line     a row or a column (:class:`Line`), 0-based like every index here.
rules    in every line, no three equal cells side by side and n/2 of each
         digit; no two rows alike, and no two columns alike.
text     n lines of n symbols, ``0``, ``1`` or ``.`` for an empty cell::

             1..0..
             ..0..1
             ...

         A file of puzzles holds one such block of lines per puzzle, blank
         lines between them; a line starting ``#`` is a comment.

Cells are ``(row, column)``, 0-based.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["MAX_SIZE", "Grid", "Line", "Takuzu", "breaks_rules", "is_solution", "read_puzzles"]

MAX_SIZE = 20
"""The largest n read: a line of 20 cells has 8,196 valid fillings, which the
solver lists for every line; 22 would have 20,700."""

Grid = tuple[tuple[int | None, ...], ...]
"""Rows of cells: 0, 1 or None."""

EMPTY = ".-_"  # what the text form reads as an empty cell; "." is written


class Line(NamedTuple):
    """A row or a column: ``Line("row", 2)`` is the third row."""

    axis: str  # "row" or "column"
    index: int

    def cells(self, n: int) -> list[tuple[int, int]]:
        """The line's cells in order: left to right, or top to bottom."""
        if self.axis == "row":
            return [(self.index, k) for k in range(n)]
        return [(k, self.index) for k in range(n)]

    def __str__(self) -> str:
        return f"{self.axis} {self.index + 1}"  # 1-based, as a person counts


@dataclass(frozen=True)
class Takuzu:
    """A puzzle: its grid of givens. Raises ValueError for a grid that is not
    square, of an odd or too large size, or holds anything but 0, 1 and None."""

    rows: Grid

    def __post_init__(self) -> None:
        n = len(self.rows)
        if n < 2 or n % 2 or n > MAX_SIZE:
            raise ValueError(f"a Takuzu has an even number of rows from 2 to {MAX_SIZE}, not {n}")
        for r, row in enumerate(self.rows):
            if len(row) != n:
                raise ValueError(f"row {r + 1} has {len(row)} cells; a {n}x{n} grid needs {n}")
            if any(cell is not None and (type(cell) is not int or cell not in (0, 1)) for cell in row):
                raise ValueError(f"row {r + 1} holds something other than 0, 1 or empty")

    @property
    def n(self) -> int:
        return len(self.rows)

    @property
    def givens(self) -> int:
        return sum(cell is not None for row in self.rows for cell in row)

    @classmethod
    def from_text(cls, text: str) -> Takuzu:
        """Read the text form: one line a row (or rows split by ``/`` on one line);
        blanks are ignored, ``.``, ``-`` and ``_`` are empty cells."""
        lines = [line for line in text.replace("/", "\n").splitlines() if line.strip()]
        rows = []
        for r, line in enumerate(lines):
            symbols = "".join(line.split())
            wrong = next((ch for ch in symbols if ch not in "01" + EMPTY), None)
            if wrong is not None:
                raise ValueError(f'row {r + 1}: "{wrong}" is not 0, 1 or "." (an empty cell)')
            rows.append(tuple(None if ch in EMPTY else int(ch) for ch in symbols))
        return cls(tuple(rows))

    def to_text(self) -> str:
        """The canonical text form, which :meth:`from_text` reads back equal."""
        return "\n".join("".join("." if cell is None else str(cell) for cell in row) for row in self.rows)


def breaks_rules(values: tuple[int, ...]) -> str | None:
    """What is wrong with one complete line, or None when it keeps the rules."""
    for k in range(len(values) - 2):
        if values[k] == values[k + 1] == values[k + 2]:
            return f"three {values[k]}s side by side"
    if sum(values) * 2 != len(values):
        return f"{sum(values)} 1s and {len(values) - sum(values)} 0s, not {len(values) // 2} of each"
    return None


def is_solution(puzzle: Takuzu, grid: Grid) -> bool:
    """Does ``grid`` fill ``puzzle`` completely, keep its givens and every rule?"""
    n = puzzle.n
    if len(grid) != n or any(len(row) != n or None in row for row in grid):
        return False
    if any(given is not None and given != cell
           for given_row, row in zip(puzzle.rows, grid) for given, cell in zip(given_row, row)):
        return False
    columns = list(zip(*grid))
    lines = [tuple(row) for row in grid] + columns
    return (all(breaks_rules(line) is None for line in lines)
            and len(set(grid)) == n and len(set(columns)) == n)


def read_puzzles(text: str) -> list[tuple[int, Takuzu | str]]:
    """The puzzles of a file's text, one per block of lines: for each block, the
    number of its first line and its puzzle, or why it is none."""
    blocks: list[tuple[int, list[str]]] = []
    fresh = True
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if line.startswith("#"):
            continue
        if not line:
            fresh = True
        elif fresh:
            blocks.append((number, [line]))
            fresh = False
        else:
            blocks[-1][1].append(line)
    read: list[tuple[int, Takuzu | str]] = []
    for number, lines in blocks:
        try:
            read.append((number, Takuzu.from_text("\n".join(lines))))
        except ValueError as err:
            read.append((number, str(err)))
    return read
