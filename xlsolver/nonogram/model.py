"""What a nonogram *is* (clues) and what a solve *concluded* (result)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

import numpy as np

from xlsolver.core.limits import DEFAULT_LIMITS
from xlsolver.core.status import Status

__all__ = ["BLOCK", "DOT", "UNKNOWN", "Clue", "Conflict", "Line", "Nonogram", "NonogramResult", "format_grid",
           "parse_grid", "parse_number"]

# Cell states. BLOCK | DOT == UNKNOWN: a cell that could be either.
BLOCK = 1
DOT = 2
UNKNOWN = 3

Clue = tuple[int, ...]
Axis = Literal["row", "col"]


@dataclass(frozen=True, order=True)
class Line:
    """A row or column of the grid, 0-based."""

    axis: Axis
    index: int

    def __str__(self) -> str:
        return f"{'row' if self.axis == 'row' else 'column'} {self.index + 1}"


@dataclass(frozen=True)
class Nonogram:
    """The clues of a black-and-white nonogram. Immutable; knows nothing of solving."""

    rows: tuple[Clue, ...]
    cols: tuple[Clue, ...]

    def __post_init__(self) -> None:
        # Normalise: tuples of ints, and the conventional 0 for an empty line becomes ().
        norm = lambda clues: tuple(tuple(int(n) for n in c if int(n) != 0) for c in clues)
        object.__setattr__(self, "rows", norm(self.rows))
        object.__setattr__(self, "cols", norm(self.cols))

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.height, self.width)

    def clue(self, line: Line) -> Clue:
        return (self.rows if line.axis == "row" else self.cols)[line.index]

    def lines(self) -> list[Line]:
        return [Line("row", i) for i in range(self.height)] + [Line("col", j) for j in range(self.width)]

    def problems(self) -> list[tuple[Line | None, str]]:
        """Clue mistakes found without solving: negative numbers, a clue too long
        for its line, row and column totals that differ. Each names its line
        (``None`` for the totals), so the sheet layer can point at a cell."""
        found: list[tuple[Line | None, str]] = []
        if not self.rows or not self.cols:
            found.append((None, "the puzzle has no rows or no columns"))
            return found
        for line in self.lines():
            clue = self.clue(line)
            length = self.width if line.axis == "row" else self.height
            if any(n < 0 for n in clue):
                found.append((line, f"{line}: clue {format_clue(clue)} has a negative number"))
            elif sum(clue) + len(clue) - 1 > length:
                need = sum(clue) + len(clue) - 1
                found.append((line, f"{line}: clue {format_clue(clue)} needs {need} cells, the line has {length}"))
        rows_total = sum(map(sum, self.rows))
        cols_total = sum(map(sum, self.cols))
        if rows_total != cols_total:
            found.append((None, f"the row clues add up to {rows_total} black cells, the column clues to {cols_total}"))
        return found

    # --- compact text form: "rows|cols", lines split by "/", numbers by "," ---
    def to_text(self) -> str:
        """Canonical compact form, e.g. ``"1/3/1|1/3/1"`` for a plus sign."""
        return "|".join("/".join(format_clue(c, ",") for c in half) for half in (self.rows, self.cols))

    @classmethod
    def from_text(cls, text: str, digits: int = DEFAULT_LIMITS.digits) -> "Nonogram":
        """Parse the compact form; lenient about spaces and commas between numbers
        (``digits``: the most digits a number may have)."""
        halves = text.strip().split("|")
        if len(halves) != 2:
            raise ValueError('expected "ROWS|COLUMNS", e.g. "1/3/1|1/3/1"')
        rows, cols = (tuple(parse_clue(part, f"{name} {i + 1}", digits) for i, part in enumerate(h.split("/")))
                      for name, h in zip(("row", "column"), halves))
        return cls(rows, cols)


def format_clue(clue: Clue, sep: str = " ") -> str:
    """``(3, 1)`` -> ``"3 1"``; the empty clue is ``"0"``."""
    return sep.join(map(str, clue)) if clue else "0"


_CLUE_SPLIT = re.compile(r"[\s,;]+")


def parse_clue(text: str, where: str = "clue", digits: int = DEFAULT_LIMITS.digits) -> Clue:
    """``"3 1"``, ``"3,1"``, ``"3; 1"`` or ``"0"``/``""`` to a clue. Raises ValueError naming ``where``."""
    parts = [p for p in _CLUE_SPLIT.split(text.strip()) if p]
    if any(p[0] == "-" and _is_number(p[1:]) for p in parts):
        raise ValueError(f"{where}: a clue number cannot be negative")
    numbers = tuple(parse_number(p, where, digits) for p in parts)
    return tuple(n for n in numbers if n != 0)


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()


def parse_number(text: str, where: str, digits: int = DEFAULT_LIMITS.digits) -> int:
    """A whole number of ASCII digits, at most ``digits`` of them after leading zeros.

    ``str.isdigit()`` also accepts "²" and other digits ``int()`` refuses or reads
    otherwise, so only 0-9 count; and a number of thousands of digits is refused
    before ``int()`` spends time on it. Raises ValueError naming ``where``."""
    if _is_number(text) and len(text.lstrip("0")) <= digits:
        return int(text)
    from xlsolver.core.files import printable  # only for the message

    if not _is_number(text):
        raise ValueError(f'{where}: "{printable(text, 30)}" is not a number')
    raise ValueError(f'{where}: "{printable(text, 12)}" has {len(text.lstrip("0"))} digits, '
                     f"more than the limit of {digits}")


def format_grid(grid: np.ndarray) -> list[str]:
    """A state or boolean grid as strings: ``#`` black, ``.`` white, ``?`` unknown."""
    if grid.dtype == bool:
        return ["".join("#" if v else "." for v in row) for row in grid]
    return ["".join({BLOCK: "#", DOT: ".", UNKNOWN: "?"}[int(v)] for v in row) for row in grid]


def parse_grid(lines: list[str] | str) -> np.ndarray:
    """Inverse of :func:`format_grid`: a state grid (``#``, ``.``/``x``/``-``, ``?``)."""
    if isinstance(lines, str):
        lines = lines.split()
    codes = {"#": BLOCK, "1": BLOCK, ".": DOT, "x": DOT, "-": DOT, "0": DOT, "?": UNKNOWN}
    return np.array([[codes[ch] for ch in line] for line in lines], dtype=np.int8)


@dataclass(frozen=True, eq=False)
class Conflict:
    """Where a puzzle without solution breaks: the lines whose clue cannot be
    placed and the given cells (0-based) that clash with the clues.

    ``board`` is what line logic proved before the clash, a state grid of the
    search (``UNKNOWN``/``BLOCK``/``DOT``, or colour masks; None when not
    known), and ``line`` the one line where the contradiction shows on it
    (None when no single line does, as when only a search finds it)."""

    lines: tuple[Line, ...] = ()
    cells: tuple[tuple[int, int], ...] = ()
    board: np.ndarray | None = None
    line: Line | None = None


@dataclass(frozen=True, eq=False)
class NonogramResult:
    """The verdict of a complete solve.

    - ``UNIQUE``: ``solutions`` holds the one solution (bool grid, True = black).
    - ``MULTIPLE``: ``solutions`` holds two different solutions.
    - ``NONE``: ``conflict`` says where it breaks; ``solutions`` is empty.
    - ``GAVE_UP``: the budget ran out.

    ``message`` is the verdict's whole sentence ("no solution: ...", "gave up
    after ..."), to be shown as it is: no layer reads words back out of it.

    ``known`` is a state grid of the cells proven for every solution (all of
    them for a unique puzzle; for several solutions, the cells they all share
    as far as the budget allowed; otherwise what was deduced before stopping).
    """

    status: Status
    solutions: tuple[np.ndarray, ...]
    known: np.ndarray
    message: str
    conflict: Conflict | None = None
    seconds: float = 0.0
    nodes: int = 0
    stats: dict = field(default_factory=dict)
