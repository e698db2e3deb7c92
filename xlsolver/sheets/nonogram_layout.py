"""The nonogram layout of the VBA analyzer: hints above and left of a grid.

::

    A1: title (optional)        1               <- column hints, one number per
                                2   3   1   0      cell, bottom-aligned: the last
                                                   number sits just above the grid
                  3     1   |  grid .........
                        2   |  ..............
                        0   |  ..............   <- 0 is an empty line
       row hints, right-aligned against the grid

    status cell: two rows below the grid, at the left edge of the row hints

Glossary
--------
hint        one cell of a clue: a number (``3``, ``3.0``, ``"3"``) or a whole clue
            in one cell (``"3 1 2"``, ``"3,1,2"``, numbers on separate lines).
hint band   the hints of every column (stacked above the grid) or of every
            row (left of it); its bounding box is the hint block.
corner      the region above-left of the grid where the two bands would meet.
            It holds no numbers (a title may stand there).
given       a grid cell the user painted before solving: black is a solid dark
            fill or ``#``/``1``; white is both diagonal borders or ``x``/``.``/``0``.
layout      where all of that is on the sheet (:class:`NonogramLayout`).

The grid is found from the cells themselves (:func:`find_layout`), unless a
defined name containing "grid" marks it. A blank clue at the right or bottom
edge cannot be told from "no line there": the grid would end one line early.
Write ``0`` for an empty line, or mark the grid with a defined name.

Sheet cells are 1-based ``(row, col)``; grid cells are 0-based ``(r, c)``.

This module holds what both kinds of nonogram sheet share: the layout, the
reading of hint numbers and grid marks, the checks of the hints, the givens
record and the hint-cell constants. The kinds themselves live in
:mod:`.nonogram_bw` (black and white), :mod:`.nonogram_colour` and
:mod:`.nonogram_drawing` (pictures painted in cells). The public names not in
``__all__`` are shared with those sibling modules only.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterator

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Box, Cell
from xlsolver.core.paint import RED, Style, Write, group_by_style
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.protocol import SheetSnapshot, Value
from xlsolver.nonogram.colour import ColourNonogram
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Line, Nonogram
from xlsolver.sheets.cells import is_digits, shown
from xlsolver.sheets.nonogram_corner import find_grid_box

__all__ = [
    "COL_MARK",
    "HINT_BLACK",
    "HINT_WHITE",
    "NonogramLayout",
    "ROW_MARK",
    "find_layout",
]

# A grid whose box is more than this share non-marker numbers is a table of
# data, not a puzzle with a few typos: the sheet holds no nonogram.
_MAX_STRAY_SHARE = 0.25
# Below this relative luminance a solid fill reads as black. The analyzer's
# black, #808080, is 0.502, so the line sits just above it.
_DARK_LUMINANCE = 0.51
# Text this short outside a hint block, but in line with it, may be a typo'd
# hint ("x", "3a"); longer text there is a label ("Columns", "solve me").
_SHORT_TEXT = 4

# A hint shows the cells of the next deduction without deciding them: light
# grey (ColorIndex 15) for a cell that will be black, light yellow (ColorIndex
# 19) for one that will be white, and in a colour puzzle light yellow for any
# colour. Neither reads as a given (both are light, no diagonals), and the next
# plan clears them as it clears red.
HINT_BLACK = Style(fill="C0C0C0")
HINT_WHITE = Style(fill="FFFFCC")
HINT_FILLS = frozenset({"C0C0C0", "FFFFCC"})
# The line a step or hint came from: its hint numbers in blue, and an arrow
# beside the grid (right of a row, below a column).
MARK_FONT = "0070C0"
ROW_MARK = "\u25c0"  # ◀
COL_MARK = "\u25b2"  # ▲

# Hint numbers are black; a colour puzzle's hint without a fill is black too.
# Pure red is the contradiction mark, so a red block is written in a red just
# off it (see :mod:`.nonogram_colour`).
PLAIN_BLACK = "000000"
RED_STAND_IN = "FE0000"
HINT_FONT = "000000"


# --- the layout -------------------------------------------------------------

@dataclass(frozen=True)
class NonogramLayout:
    """Where a nonogram sits on a sheet (1-based sheet cells).

    ``row_hints[i]`` are the cells holding row i's numbers, left to right;
    ``col_hints[j]`` those of column j, top to bottom (empty for a blank clue).
    ``stale`` are cells that still carry the red of an earlier run or the
    highlight of a hint, so the next plan clears them; ``marks`` are the cells
    beside the grid holding the arrow of a marked line (:data:`ROW_MARK`,
    :data:`COL_MARK`); ``name`` is the defined name that marked the grid, if any.
    """

    top: int
    left: int
    height: int
    width: int
    row_hints: tuple[tuple[Cell, ...], ...]
    col_hints: tuple[tuple[Cell, ...], ...]
    status_cell: Cell
    stale: frozenset[Cell] = frozenset()
    name: str | None = None
    marks: frozenset[Cell] = frozenset()

    @property
    def bottom(self) -> int:
        return self.top + self.height - 1

    @property
    def right(self) -> int:
        return self.left + self.width - 1

    @property
    def corner(self) -> Cell:
        """The cell diagonally above-left of the grid, where the hint bands meet."""
        return (max(self.top - 1, 1), max(self.left - 1, 1))

    def cell(self, r: int, c: int) -> Cell:
        """0-based grid (r, c) -> 1-based sheet cell."""
        if not (0 <= r < self.height and 0 <= c < self.width):
            raise IndexError(f"grid cell {(r, c)} is outside a {self.height}x{self.width} grid")
        return (self.top + r, self.left + c)

    def grid_index(self, cell: Cell) -> tuple[int, int] | None:
        """1-based sheet cell -> 0-based grid (r, c), or None outside the grid."""
        r, c = cell[0] - self.top, cell[1] - self.left
        return (r, c) if 0 <= r < self.height and 0 <= c < self.width else None

    def grid_cells(self) -> Iterator[Cell]:
        """Every sheet cell of the grid, row by row."""
        for r in range(self.top, self.bottom + 1):
            for c in range(self.left, self.right + 1):
                yield (r, c)

    def hint_cells(self, line: Line) -> tuple[Cell, ...]:
        """The cells to paint for ``line``'s hints. A blank clue has none, so the
        cell next to the grid stands for it (if the sheet has room)."""
        if line.axis == "row":
            cells, beside = self.row_hints[line.index], (self.top + line.index, self.left - 1)
        else:
            cells, beside = self.col_hints[line.index], (self.top - 1, self.left + line.index)
        if cells:
            return cells
        return (beside,) if min(beside) >= 1 else ()

    @cached_property
    def column_block(self) -> Box | None:
        """The bounding box of the column hints (None when there are none)."""
        cells = [cell for cells in self.col_hints for cell in cells]
        return (min(r for r, _ in cells), self.left, self.top - 1, self.right) if cells else None

    @cached_property
    def row_block(self) -> Box | None:
        """The bounding box of the row hints (None when there are none)."""
        cells = [cell for cells in self.row_hints for cell in cells]
        return (self.top, min(c for _, c in cells), self.bottom, self.left - 1) if cells else None

    def in_hint_block(self, cell: Cell) -> bool:
        return any(box is not None and _inside(cell, box) for box in (self.column_block, self.row_block))

    def mark_cell(self, line: Line) -> Cell:
        """Where the arrow marking ``line`` goes: right of a row, below a column."""
        if line.axis == "row":
            return (self.top + line.index, self.right + 1)
        return (self.bottom + 1, self.left + line.index)

    def all_hint_cells(self) -> tuple[Cell, ...]:
        """Every hint cell, column hints first."""
        return tuple(cell for cells in self.col_hints + self.row_hints for cell in cells)


def _inside(cell: Cell, box: Box) -> bool:
    top, left, bottom, right = box
    return top <= cell[0] <= bottom and left <= cell[1] <= right


# --- reading cell values ----------------------------------------------------

_SPLIT = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")  # ASCII digits only: "²" is no number


def cell_numbers(value: Value) -> tuple[float, ...] | None:
    """The numbers in a hint-like cell (one, or a whole clue), or None when the
    value is not made of numbers. Negative and fractional numbers are returned
    too: they sit where hints belong, so they are reported, not skipped."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        try:
            number = float(value)
        except OverflowError:  # an integer past a double's range
            return None
        return (number,) if math.isfinite(number) else None
    parts = [p for p in _SPLIT.split(str(value).strip()) if p]
    if not parts or not all(_NUMBER.match(p) for p in parts):
        return None
    return tuple(float(p) for p in parts)


def as_typed(value: Value) -> str:
    """A value as the user typed it, for messages: 3.0 -> "3" (short and printable, see cells.shown)."""
    return shown(value)


def hint_numbers(value: Value, sheet: str, cell: Cell) -> tuple[int, ...]:
    """The clue numbers of one hint cell; raises InputError at the cell for text,
    negative, fractional or overlong numbers (more digits than ``Limits.digits``:
    no line is that long)."""
    numbers = cell_numbers(value)
    if numbers is None:
        raise InputError.at_cell(f'hint "{as_typed(value)}" is not a number', sheet, *cell)
    for n in numbers:
        typed = as_typed(n) if len(numbers) > 1 else as_typed(value)
        if n < 0:
            raise InputError.at_cell(f'hint "{typed}" is negative (write 0 for an empty line)', sheet, *cell)
        if n >= 10 ** DEFAULT_LIMITS.digits:
            raise InputError.at_cell(f'hint "{typed}" has more than {DEFAULT_LIMITS.digits} digits; '
                                     "no line is that long", sheet, *cell)
        if not n.is_integer():
            raise InputError.at_cell(f'hint "{typed}" is not a whole number', sheet, *cell)
    return tuple(int(n) for n in numbers)


def is_blank(value: Value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# --- finding the layout -----------------------------------------------------

def find_layout(snap: SheetSnapshot, limits: Limits | None = None) -> NonogramLayout | None:
    """Where the nonogram on this sheet is, or None when it holds none.

    A defined name containing "grid" that points into the sheet marks the grid
    and wins. Otherwise the corner is found from the numbers in the cells: see
    :func:`_find_grid`. With ``limits``, a grid of more cells than they allow
    (two numbers at far corners of a sheet make one of billions) raises
    InputError at its top-left cell before any of its lines is laid out.
    """
    numbers = {cell for cell, info in snap.cells.items() if cell_numbers(info.value) is not None}
    named = _named_grid(snap)
    name, box = named if named is not None else (None, _find_grid(numbers, snap))
    if box is None:
        return None
    if limits is not None:
        r0, c0, r1, c1 = box
        limits.check_puzzle(r1 - r0 + 1, c1 - c0 + 1, f"{snap.name}!{cell_ref(r0, c0)}")
    return _make_layout(snap, numbers, box, name)


def _named_grid(snap: SheetSnapshot) -> tuple[str, Box] | None:
    """The first (by name) defined name containing "grid", with its box."""
    for name in sorted(snap.names):
        r0, c0, r1, c1 = snap.names[name]
        if "grid" in name.lower() and 1 <= r0 <= r1 and 1 <= c0 <= c1:
            return name, (r0, c0, r1, c1)
    return None


def _find_grid(numbers: set[Cell], snap: SheetSnapshot) -> Box | None:
    """The grid box ``(r0, c0, r1, c1)`` read off the number cells.

    For each candidate top row r0 (one below a row holding a number): the
    numbers above it are the column hints; their leftmost column bounds the
    row hints, which are the numbers below-left of it; c0 is one right of the
    last row-hint column, so the corner holds no numbers. The candidate that
    leaves the fewest numbers inside the grid wins: moving the corner either
    way pushes hints into the grid. Candidates whose grid is mostly numbers
    are tables of data, not puzzles. All candidates are weighed in one sweep
    (:mod:`.nonogram_corner`), so a sheet of data costs N log N, not N squared.
    """
    return find_grid_box(numbers, lambda cell: marker(snap.value(*cell)) is None, _MAX_STRAY_SHARE)


def _make_layout(snap: SheetSnapshot, numbers: set[Cell], box: Box,
                 name: str | None) -> NonogramLayout:
    r0, c0, r1, c1 = box
    by_col: dict[int, list[Cell]] = {}
    by_row: dict[int, list[Cell]] = {}
    for cell in sorted(numbers):  # sorted: hints read top to bottom, left to right
        r, c = cell
        if r < r0 and c0 <= c <= c1:
            by_col.setdefault(c, []).append(cell)
        elif c < c0 and r0 <= r <= r1:
            by_row.setdefault(r, []).append(cell)
    col_hints = tuple(tuple(by_col.get(c, ())) for c in range(c0, c1 + 1))
    row_hints = tuple(tuple(by_row.get(r, ())) for r in range(r0, r1 + 1))
    hint_left = min((cells[0][1] for cells in row_hints if cells), default=c0)
    layout = NonogramLayout(r0, c0, r1 - r0 + 1, c1 - c0 + 1, row_hints, col_hints,
                            status_cell=(r1 + 2, hint_left), name=name)
    stale = frozenset(cell for cell, info in snap.cells.items()
                      if (info.fill == RED.fill and (layout.grid_index(cell) is not None or layout.in_hint_block(cell)))
                      or (info.fill in HINT_FILLS and layout.grid_index(cell) is not None))
    marks = frozenset(_mark_cells(snap, layout))
    return replace(layout, stale=stale, marks=marks)


def _mark_cells(snap: SheetSnapshot, layout: NonogramLayout) -> Iterator[Cell]:
    """The cells beside the grid that hold a line's arrow from an earlier step or hint."""
    for i in range(layout.height):
        cell = layout.mark_cell(Line("row", i))
        if snap.value(*cell) == ROW_MARK:
            yield cell
    for j in range(layout.width):
        cell = layout.mark_cell(Line("col", j))
        if snap.value(*cell) == COL_MARK:
            yield cell


# --- checking the hints -----------------------------------------------------

def check_hint_cells(snap: SheetSnapshot, layout: NonogramLayout) -> None:
    """Raise at the first (row by row) hint cell that is not a valid hint: any
    text inside a hint block, short text in line with one, bad numbers."""
    for cell in sorted(snap.cells):
        value = snap.value(*cell)
        if is_blank(value):
            continue
        if cell_numbers(value) is not None:
            if layout.in_hint_block(cell):
                hint_numbers(value, snap.name, cell)
        elif layout.in_hint_block(cell) or _looks_like_hint(layout, cell, str(value)):
            raise InputError.at_cell(f'hint "{as_typed(value)}" is not a number', snap.name, *cell)


def _looks_like_hint(layout: NonogramLayout, cell: Cell, text: str) -> bool:
    """Short text in line with a hint block but outside it: a typo'd hint.

    A typo in a line's outermost hint, or in the last line's only hint, moves
    the block's edge, so the text lands just outside it. "In line" is above
    or beside the column hints (one column past the grid's right edge
    included), or left of or beside the row hints (one row past the bottom).
    Only text of at most two characters or with a digit counts ("x", "l",
    "3a"), so a title or label such as "Cat" or "Rows" is left alone.
    """
    text = text.strip()
    if len(text) > _SHORT_TEXT or not (len(text) <= 2 or any(is_digits(ch) for ch in text)):
        return False
    r, c = cell
    if (box := layout.column_block) is not None:
        _, left, bottom, right = box
        if r <= bottom and left <= c <= right + 1:
            return True
    if (box := layout.row_block) is not None:
        top, _, bottom, right = box
        if c <= right and top <= r <= bottom + 1:
            return True
    return False


def check_problems(puzzle: Nonogram | ColourNonogram, layout: NonogramLayout, sheet: str) -> None:
    """Map the first clue problem to a cell: a line's first hint, or for the
    totals, the corner cell where the two hint bands meet."""
    for line, message in puzzle.problems():
        if line is None:
            cell = layout.corner
            message += " (reported at the corner where the row and column hints meet)"
        else:
            cell = (layout.hint_cells(line) or (layout.corner,))[0]
        raise InputError.at_cell(message, sheet, *cell)


# --- grid marks -------------------------------------------------------------

_BLACK_MARKS = {"#", "1"}
_WHITE_MARKS = {"x", "X", ".", "0"}


def marker(value: Value) -> int | None:
    """The state a value in a grid cell means, UNKNOWN for ``?``, or None when it is no marker."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return {1: BLOCK, 0: DOT}.get(value)  # 1.0 == 1, so floats work too
    text = str(value).strip()
    if text in _BLACK_MARKS:
        return BLOCK
    if text in _WHITE_MARKS:
        return DOT
    return UNKNOWN if text == "?" else None


def is_dark(fill: str | None) -> bool:
    """A solid fill that reads as black. Red is the analyzer's contradiction
    mark from an earlier run, so it is not black even though it is dark."""
    if fill is None or fill.upper() == RED.fill:
        return False
    try:
        r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return False
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < _DARK_LUMINANCE


# --- hint cells back to plain ----------------------------------------------

def unmark_ops(layout: NonogramLayout, hints: dict[Cell, str] | None = None) -> tuple:
    """Take away the arrows of a marked line and, when there were any, the blue
    of its hint numbers (``hints``: the hint cells' colours of a colour puzzle)."""
    if not layout.marks:
        return ()
    return tuple(Write(cell, None) for cell in sorted(layout.marks)) + plain_hint_ops(layout, hints)


def plain_hint_ops(layout: NonogramLayout, hints: dict[Cell, str] | None = None) -> tuple:
    """Hint cells back to their plain look: black numbers without fill, or in a
    colour puzzle the hint's colour with a readable font."""
    if hints is None:
        cells = layout.all_hint_cells()
        return group_by_style({cell: Style(font_colour=HINT_FONT) for cell in cells}) if cells else ()
    return group_by_style({cell: Style(fill=None if rgb == PLAIN_BLACK else rgb, font_colour=readable_font(rgb))
                           for cell, rgb in hints.items()})


def readable_font(fill: str) -> str:
    """White numbers on dark fills, black on light ones."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return "FFFFFF" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4 else HINT_FONT
