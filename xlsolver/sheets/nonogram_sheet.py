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
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Iterable, Iterator

import numpy as np

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.paint import (
    BLACK,
    CLEAR,
    RED,
    WHITE,
    Cell,
    GridLines,
    PaintPlan,
    SquareCells,
    Style,
    Write,
    group_by_style,
)
from xlsolver.core.status import Status
from xlsolver.nonogram.color import ColorNonogram, ColorResult, Colour, colour_name
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Clue, Conflict, Line, Nonogram, NonogramResult
from xlsolver.nonogram.picture import Drawing
from xlsolver.core.protocol import CellInfo, SheetSnapshot, Value

__all__ = [
    "COL_MARK",
    "DIFFER_MARK",
    "HINT_BLACK",
    "HINT_FILLS",
    "HINT_WHITE",
    "MARK_FONT",
    "NonogramLayout",
    "RECORD_PREFIX",
    "ROW_MARK",
    "colour_import_plan",
    "colour_plan",
    "colour_status_sentence",
    "hint_fills",
    "is_colour_nonogram",
    "read_colour_nonogram",
    "read_drawing",
    "find_layout",
    "import_plan",
    "nonogram_plan",
    "picture_plan",
    "plain_hint_ops",
    "read_givens",
    "read_record",
    "record_text",
    "read_nonogram",
    "status_sentence",
    "unmark_ops",
]

Box = tuple[int, int, int, int]
"""An inclusive sheet range ``(top, left, bottom, right)``, 1-based."""

NO_NONOGRAM = "no nonogram found: expected column hints above and row hints left of a grid"

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

    @property
    def record_cell(self) -> Cell:
        """Where the givens record goes: the cell below the status cell (:func:`read_record`)."""
        return (self.status_cell[0] + 1, self.status_cell[1])

    def all_hint_cells(self) -> tuple[Cell, ...]:
        """Every hint cell, column hints first."""
        return tuple(cell for cells in self.col_hints + self.row_hints for cell in cells)


def _inside(cell: Cell, box: Box) -> bool:
    top, left, bottom, right = box
    return top <= cell[0] <= bottom and left <= cell[1] <= right


# --- reading cell values ----------------------------------------------------

_SPLIT = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)$")


def _numbers(value: Value) -> tuple[float, ...] | None:
    """The numbers in a hint-like cell (one, or a whole clue), or None when the
    value is not made of numbers. Negative and fractional numbers are returned
    too: they sit where hints belong, so they are reported, not skipped."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return (float(value),) if math.isfinite(value) else None
    parts = [p for p in _SPLIT.split(str(value).strip()) if p]
    if not parts or not all(_NUMBER.match(p) for p in parts):
        return None
    return tuple(float(p) for p in parts)


def _shown(value: Value) -> str:
    """A value as the user typed it, for messages: 3.0 -> "3"."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip() if isinstance(value, str) else str(value)


def _hint_numbers(value: Value, sheet: str, cell: Cell) -> tuple[int, ...]:
    """The clue numbers of one hint cell; raises InputError at the cell for text,
    negative or fractional numbers."""
    numbers = _numbers(value)
    if numbers is None:
        raise InputError.at_cell(f'hint "{_shown(value)}" is not a number', sheet, *cell)
    for n in numbers:
        shown = _shown(n) if len(numbers) > 1 else _shown(value)
        if n < 0:
            raise InputError.at_cell(f'hint "{shown}" is negative (write 0 for an empty line)', sheet, *cell)
        if not n.is_integer():
            raise InputError.at_cell(f'hint "{shown}" is not a whole number', sheet, *cell)
    return tuple(int(n) for n in numbers)


def _is_blank(value: Value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# --- finding the layout -----------------------------------------------------

def find_layout(snap: SheetSnapshot) -> NonogramLayout | None:
    """Where the nonogram on this sheet is, or None when it holds none.

    A defined name containing "grid" that points into the sheet marks the grid
    and wins. Otherwise the corner is found from the numbers in the cells: see
    :func:`_find_grid`.
    """
    numbers = {cell for cell, info in snap.cells.items() if _numbers(info.value) is not None}
    box = _named_grid(snap)
    if box is not None:
        name, (r0, c0, r1, c1) = box
        return _make_layout(snap, numbers, (r0, c0, r1, c1), name)
    found = _find_grid(numbers, snap)
    return None if found is None else _make_layout(snap, numbers, found, None)


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
    are tables of data, not puzzles.
    """
    best: tuple[int, int, Box] | None = None
    for r0 in sorted({r + 1 for r, _ in numbers}):
        above = [cell for cell in numbers if cell[0] < r0]
        first_col = min(c for _, c in above)
        left = [cell for cell in numbers if cell[0] >= r0 and cell[1] < first_col]
        if not left:
            continue
        c0 = max(c for _, c in left) + 1
        box = (r0, c0, max(r for r, _ in left), max(c for _, c in above))
        inside = sum(1 for r, c in numbers if r >= r0 and c >= c0)
        if (best is None or (inside, r0) < best[:2]) and not _mostly_numbers(snap, box):
            best = (inside, r0, box)
    return None if best is None else best[2]


def _mostly_numbers(snap: SheetSnapshot, box: Box) -> bool:
    r0, c0, r1, c1 = box
    stray = sum(1 for (r, c), info in snap.cells.items()
                if r0 <= r <= r1 and c0 <= c <= c1 and _numbers(info.value) is not None
                and _marker(info.value) is None)
    return stray > _MAX_STRAY_SHARE * (r1 - r0 + 1) * (c1 - c0 + 1)


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


# --- reading the puzzle -----------------------------------------------------

def read_nonogram(snap: SheetSnapshot) -> tuple[NonogramLayout, Nonogram, np.ndarray]:
    """The layout, the clues and the givens of the nonogram on this sheet.

    Raises :class:`InputError` naming the sheet and cell for a typo in a hint,
    a clue that cannot fit its line, row and column totals that differ, or a
    stray value in the grid.
    """
    layout = find_layout(snap)
    if layout is None:
        raise InputError(NO_NONOGRAM, snap.name)
    _check_hint_cells(snap, layout)
    rows = tuple(_clue(snap, cells) for cells in layout.row_hints)
    cols = tuple(_clue(snap, cells) for cells in layout.col_hints)
    puzzle = Nonogram(rows, cols)
    _check_problems(puzzle, layout, snap.name)
    return layout, puzzle, read_givens(snap, layout)


def _clue(snap: SheetSnapshot, cells: tuple[Cell, ...]) -> Clue:
    return tuple(n for cell in cells for n in _hint_numbers(snap.value(*cell), snap.name, cell))


def _check_hint_cells(snap: SheetSnapshot, layout: NonogramLayout) -> None:
    """Raise at the first (row by row) hint cell that is not a valid hint: any
    text inside a hint block, short text in line with one, bad numbers."""
    for cell in sorted(snap.cells):
        value = snap.value(*cell)
        if _is_blank(value):
            continue
        if _numbers(value) is not None:
            if layout.in_hint_block(cell):
                _hint_numbers(value, snap.name, cell)
        elif layout.in_hint_block(cell) or _looks_like_hint(layout, cell, str(value)):
            raise InputError.at_cell(f'hint "{_shown(value)}" is not a number', snap.name, *cell)


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
    if len(text) > _SHORT_TEXT or not (len(text) <= 2 or any(ch.isdigit() for ch in text)):
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


def _check_problems(puzzle: Nonogram, layout: NonogramLayout, sheet: str) -> None:
    """Map the first clue problem to a cell: a line's first hint, or for the
    totals, the corner cell where the two hint bands meet."""
    for line, message in puzzle.problems():
        if line is None:
            cell = layout.corner
            message += " (reported at the corner where the row and column hints meet)"
        else:
            cell = (layout.hint_cells(line) or (layout.corner,))[0]
        raise InputError.at_cell(message, sheet, *cell)


# --- givens -----------------------------------------------------------------

_BLACK_MARKS = {"#", "1"}
_WHITE_MARKS = {"x", "X", ".", "0"}


def _marker(value: Value) -> int | None:
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


def _is_dark(fill: str | None) -> bool:
    """A solid fill that reads as black. Red is the analyzer's contradiction
    mark from an earlier run, so it is not black even though it is dark."""
    if fill is None or fill.upper() == RED.fill:
        return False
    try:
        r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return False
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < _DARK_LUMINANCE


def _given(info: CellInfo, sheet: str, cell: Cell) -> int:
    """The state one grid cell gives: BLOCK, DOT or UNKNOWN. Raises for a stray
    value and for a cell marked both black and white."""
    state = UNKNOWN
    if not _is_blank(info.value):
        state = _marker(info.value)
        if state is None:
            raise InputError.at_cell(f'"{_shown(info.value)}" in the grid is not a mark: '
                                     'use # or 1 for black, x or 0 for white, or leave it empty', sheet, *cell)
    black = state == BLOCK or _is_dark(info.fill)
    white = state == DOT or info.diagonals
    if black and white:
        raise InputError.at_cell("the cell is marked both black (dark fill or #) and white "
                                 "(diagonal borders or x); keep one", sheet, *cell)
    return BLOCK if black else DOT if white else UNKNOWN


def read_givens(snap: SheetSnapshot, layout: NonogramLayout) -> np.ndarray:
    """The state grid of the cells the user painted (UNKNOWN where free)."""
    givens = np.full((layout.height, layout.width), UNKNOWN, dtype=np.int8)
    for cell, info in snap.cells.items():
        index = layout.grid_index(cell)
        if index is not None:
            givens[index] = _given(info, snap.name, cell)
    return givens


# --- the givens record -------------------------------------------------------
#
# Grey and white-with-diagonals are both what xlsolver paints and what a user
# may paint as givens, so a sheet cannot tell them apart afterwards. When
# xlsolver first paints a sheet that has givens (its status cell still empty),
# it writes them below the status cell: "givens: E6 black, D7 white". Clear
# puts those cells back and takes every other cell in xlsolver's colours away.

RECORD_PREFIX = "givens: "
_RECORD_ITEM = re.compile(r"\s*([A-Za-z]{1,3})(\d+)\s+(\S+)\s*$")


def record_text(layout: NonogramLayout, decided: dict[tuple[int, int], str]) -> str:
    """``givens: E6 black, D7 white`` for grid cells -> the word of their value."""
    items = [f"{cell_ref(*layout.cell(r, c))} {word}" for (r, c), word in sorted(decided.items())]
    return RECORD_PREFIX + ", ".join(items)


def read_record(snap: SheetSnapshot, layout: NonogramLayout) -> dict[tuple[int, int], str] | None:
    """The givens recorded below the status cell (grid cell -> word), or None
    when there is no record (or it is not one of this grid's)."""
    value = snap.value(*layout.record_cell)
    if not isinstance(value, str) or not value.startswith(RECORD_PREFIX):
        return None
    found: dict[tuple[int, int], str] = {}
    for item in value[len(RECORD_PREFIX):].split(","):
        if not item.strip():
            continue
        match = _RECORD_ITEM.match(item)
        if match is None:
            return None
        col = 0
        for ch in match[1].upper():
            col = col * 26 + ord(ch) - 64
        index = layout.grid_index((int(match[2]), col))
        if index is None:
            return None
        found[index] = match[3]
    return found


# --- painting a result ------------------------------------------------------

def nonogram_plan(layout: NonogramLayout, result: NonogramResult, sheet: str) -> PaintPlan:
    """Paint a result in the analyzer's colours and write the verdict sentence.

    Known black cells grey, known white cells white with diagonals, unknown
    cells untouched (cleared when they carry an earlier run's red); for a
    puzzle without solution, the hints of the conflicting lines and the
    clashing given cells red.
    """
    if result.known.shape != (layout.height, layout.width):
        raise ValueError(f"result is {result.known.shape}, the layout {layout.height}x{layout.width}")
    styled: dict[Cell, Style] = {cell: CLEAR for cell in layout.stale}
    for (r, c), state in np.ndenumerate(result.known):
        if state == BLOCK:
            styled[layout.cell(r, c)] = BLACK
        elif state == DOT:
            styled[layout.cell(r, c)] = WHITE
    if result.status == Status.NONE and result.conflict is not None:
        styled.update({cell: RED for cell in _conflict_cells(layout, result.conflict)})
    ops = unmark_ops(layout) + group_by_style(styled) + (Write(layout.status_cell, status_sentence(result)),)
    return PaintPlan(sheet, ops)


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
        return group_by_style({cell: Style(font_color=_HINT_FONT) for cell in cells}) if cells else ()
    return group_by_style({cell: Style(fill=None if rgb == _PLAIN_BLACK else rgb, font_color=_readable_font(rgb))
                           for cell, rgb in hints.items()})


def _conflict_cells(layout: NonogramLayout, conflict: Conflict) -> Iterable[Cell]:
    for line in conflict.lines:
        yield from layout.hint_cells(line)
    for r, c in conflict.cells:
        yield layout.cell(r, c)


def status_sentence(result: NonogramResult) -> str:
    """The verdict in one sentence, for the status cell."""
    if result.status == Status.UNIQUE:
        return "unique solution"
    if result.status == Status.MULTIPLE:
        shared = int(np.count_nonzero(result.known != UNKNOWN))
        return f"several solutions: the {shared} cells all solutions share are painted; the rest differ"
    message = result.message.strip()
    if result.status == Status.NONE:
        if message.lower().startswith("no solution"):  # the solver's sentence already says it
            return message
        detail = message or _describe_conflict(result.conflict)
        return f"no solution: {detail}" if detail else "no solution"
    if message.lower().startswith("gave up"):
        return message
    head = f"gave up after {result.seconds:.3g} s"
    return f"{head}: {message}" if message else head


def _describe_conflict(conflict: Conflict | None) -> str:
    if conflict is None:
        return ""
    parts = []
    if conflict.lines:
        parts.append(", ".join(map(str, conflict.lines)) + " cannot be placed")
    if conflict.cells:
        parts.append(f"{len(conflict.cells)} given cells clash with the clues")
    return "; ".join(parts)


# --- laying a puzzle out ----------------------------------------------------

def import_plan(puzzle: Nonogram, sheet: str, title: str | None = None, *,
                origin: Cell = (1, 1), whole_clues: bool = False) -> PaintPlan:
    """Lay ``puzzle`` out in the analyzer's layout: the title at ``origin`` (A1),
    column hints stacked below it, row hints to the left of the grid, one
    number per cell (or, with ``whole_clues``, each clue in one cell: "3 1 2"
    for a row, numbers on separate lines for a column), and square cells.
    Empty lines get 0, so :func:`read_nonogram` reads back the same puzzle.
    """
    row0, col0 = origin
    depth = 1 if whole_clues else max([1, *map(len, puzzle.cols)])
    reach = 1 if whole_clues else max([1, *map(len, puzzle.rows)])
    top, left = row0 + 1 + depth, col0 + reach
    ops: list = []
    if title:
        # A number in the corner would read as a hint; a numeric title gets a word.
        ops.append(Write(origin, title if _numbers(title) is None else f"Nonogram {title}"))
    for j, clue in enumerate(puzzle.cols):
        ops += _hint_writes(clue or (0,), (top - 1, left + j), "col", whole_clues)
    for i, clue in enumerate(puzzle.rows):
        ops += _hint_writes(clue or (0,), (top + i, left - 1), "row", whole_clues)
    ops.append(GridLines(top, left, top + puzzle.height - 1, left + puzzle.width - 1))
    if not whole_clues:  # whole clues need wide cells
        digits = len(str(max((n for clue in puzzle.rows + puzzle.cols for n in clue), default=0)))
        ops.append(SquareCells(row0 + 1, col0, top + puzzle.height - 1, left + puzzle.width - 1,
                               size=15.0 + 5.0 * (digits - 1)))  # room for "18" in a hint cell
    return PaintPlan(sheet, tuple(ops))


def _hint_writes(numbers: Clue, last: Cell, axis: str, whole: bool) -> list[Write]:
    """The writes for one clue whose last number goes into ``last`` (next to
    the grid): the others run up (a column) or left (a row) from it."""
    if whole:
        return [Write(last, ("\n" if axis == "col" else " ").join(map(str, numbers)))]
    back = len(numbers) - 1
    if axis == "col":
        return [Write((last[0] - back + k, last[1]), n) for k, n in enumerate(numbers)]
    return [Write((last[0], last[1] - back + k), n) for k, n in enumerate(numbers)]


# --- colour puzzles -----------------------------------------------------------
#
# A sheet holds a colour nonogram when some hint cell has a solid fill other
# than white: each hint's colour is its cell's fill, and a hint without a fill
# is black. Pure red (FF0000) stays the contradiction mark of earlier runs, so
# it is not a block colour (use another red, e.g. C00000; an imported puzzle's
# FF0000 is written as FE0000). Solved cells are filled in their colours and
# the background is white with diagonals; a conflicting line's hints get a red
# font, as their fill is their colour.

_NO_FILL = (None, "FFFFFF", RED.fill)
_PLAIN_BLACK = "000000"
_RED_STAND_IN = "FE0000"
_HINT_FONT = "000000"


def hint_fills(snap: SheetSnapshot, layout: NonogramLayout) -> dict[Cell, str] | None:
    """Each hint cell's colour when the sheet is a colour nonogram, else None."""
    cells = [cell for hints in layout.col_hints + layout.row_hints for cell in hints]
    fills = {cell: (snap.get(*cell).fill or "").upper() or None for cell in cells}
    if all(fill in _NO_FILL for fill in fills.values()):
        return None
    return {cell: (fill if fill not in _NO_FILL else _PLAIN_BLACK) for cell, fill in fills.items()}


def is_colour_nonogram(snap: SheetSnapshot) -> bool:
    """Does the sheet hold a nonogram whose hints are coloured?"""
    layout = find_layout(snap)
    return layout is not None and hint_fills(snap, layout) is not None


def read_colour_nonogram(snap: SheetSnapshot) -> tuple[NonogramLayout, ColorNonogram, np.ndarray]:
    """The layout, clues and givens (a grid of colour masks) of a colour nonogram.

    Colours get the letters ``a``, ``b``, ... in the order their hints are
    read (column hints left to right, then row hints top to bottom). Raises
    :class:`InputError` at the cell for the mistakes :func:`read_nonogram`
    reports, and for a grid cell filled in a colour no clue has.
    """
    layout = find_layout(snap)
    fills = None if layout is None else hint_fills(snap, layout)
    if layout is None or fills is None:
        raise InputError("no colour nonogram found: expected coloured hints above and left of a grid", snap.name)
    _check_hint_cells(snap, layout)
    palette: dict[str, Colour] = {}
    for hints in layout.col_hints + layout.row_hints:
        for cell in hints:
            rgb = fills[cell]
            if rgb not in palette:
                palette[rgb] = Colour("abcdefghijklmnopqrstuvwyz"[len(palette) % 25], colour_name(rgb), rgb)
    coloured = lambda cells: tuple((n, palette[fills[cell]].char) for cell in cells
                                   for n in _hint_numbers(snap.value(*cell), snap.name, cell) if n)
    puzzle = ColorNonogram(tuple(coloured(c) for c in layout.row_hints),
                           tuple(coloured(c) for c in layout.col_hints), tuple(palette.values()))
    _check_problems(puzzle, layout, snap.name)
    return layout, puzzle, _colour_givens(snap, layout, puzzle)


def _colour_givens(snap: SheetSnapshot, layout: NonogramLayout, puzzle: ColorNonogram) -> np.ndarray:
    """Masks: a cell filled in a palette colour is that colour, a white-marked
    cell is background, anything else is free."""
    free = (1 << (len(puzzle.palette) + 1)) - 1
    bits = {c.rgb: 1 << k for k, c in enumerate(puzzle.palette, 1)}
    givens = np.full(puzzle.shape, free, dtype=np.int64)
    for cell, info in snap.cells.items():
        index = layout.grid_index(cell)
        if index is None:
            continue
        fill = (info.fill or "").upper() or None
        white = info.diagonals or _marker(info.value) == DOT
        if fill in bits:
            if white:
                raise InputError.at_cell("the cell is marked both with a colour and white (diagonal borders "
                                         "or x); keep one", snap.name, *cell)
            givens[index] = bits[fill]
        elif white:
            givens[index] = 1
        elif fill not in _NO_FILL and fill not in HINT_FILLS:
            raise InputError.at_cell(f"fill {fill} in the grid is not the colour of any hint", snap.name, *cell)
    return givens


def colour_plan(layout: NonogramLayout, puzzle: ColorNonogram, result: ColorResult, sheet: str,
                hints: dict[Cell, str]) -> PaintPlan:
    """Paint a colour result: proven cells in their colours (background white with
    diagonals), a red font on the hints of a conflicting line, the verdict sentence.
    ``hints`` are the hint cells' colours (:func:`hint_fills`), kept as they are."""
    styled: dict[Cell, Style] = {cell: CLEAR for cell in layout.stale if layout.grid_index(cell) is not None}
    conflict = set()
    if result.status == Status.NONE and result.conflict is not None:
        conflict = {cell for line in result.conflict.lines for cell in layout.hint_cells(line)}
    for cell, rgb in hints.items():
        fill = None if rgb == _PLAIN_BLACK else rgb
        styled[cell] = Style(fill=fill, font_color=RED.fill if cell in conflict else _readable_font(rgb))
    styles = [WHITE] + [Style(fill=c.rgb) for c in puzzle.palette]
    for (r, c), mask in np.ndenumerate(result.known):
        mask = int(mask)
        if mask and mask & (mask - 1) == 0:
            styled[layout.cell(r, c)] = styles[mask.bit_length() - 1]
    ops = group_by_style(styled) + tuple(Write(cell, None) for cell in sorted(layout.marks)) + \
        (Write(layout.status_cell, colour_status_sentence(result)),)
    return PaintPlan(sheet, ops)


def _readable_font(fill: str) -> str:
    """White numbers on dark fills, black on light ones."""
    r, g, b = (int(fill[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return "FFFFFF" if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.4 else _HINT_FONT


def colour_status_sentence(result: ColorResult) -> str:
    """The verdict in one sentence, for the status cell."""
    if result.status == Status.MULTIPLE:
        known = result.known.astype(np.int64)
        shared = int(np.count_nonzero((known & (known - 1)) == 0))
        return f"several solutions: the {shared} cells all solutions share are painted; the rest differ"
    if result.status == Status.UNIQUE:
        return "unique solution"
    return result.message.strip() or str(result.status)


def colour_import_plan(puzzle: ColorNonogram, sheet: str, title: str | None = None, *,
                       origin: Cell = (1, 1)) -> PaintPlan:
    """Lay a colour puzzle out as :func:`import_plan` does, each hint cell filled
    in its block's colour, so :func:`read_colour_nonogram` reads the same clues."""
    plain = Nonogram(tuple(tuple(n for n, _ in c) for c in puzzle.rows),
                     tuple(tuple(n for n, _ in c) for c in puzzle.cols))
    base = import_plan(plain, sheet, title, origin=origin)
    rgb = {c.char: (_RED_STAND_IN if c.rgb == RED.fill else c.rgb) for c in puzzle.palette}
    row0, col0 = origin
    depth = max([1, *map(len, puzzle.cols)])
    reach = max([1, *map(len, puzzle.rows)])
    top, left = row0 + 1 + depth, col0 + reach
    styled: dict[Cell, Style] = {}
    for j, clue in enumerate(puzzle.cols):
        for k, (_, ch) in enumerate(clue):
            styled[(top - len(clue) + k, left + j)] = Style(fill=rgb[ch], font_color=_readable_font(rgb[ch]))
    for i, clue in enumerate(puzzle.rows):
        for k, (_, ch) in enumerate(clue):
            styled[(top + i, left - len(clue) + k)] = Style(fill=rgb[ch], font_color=_readable_font(rgb[ch]))
    return PaintPlan(sheet, base.ops + group_by_style(styled))


# --- drawings: pictures painted in cells ------------------------------------------
#
# A drawing is a rectangle of filled cells with no hints: the rectangle of
# every cell with a solid fill (white included, so a white border counts), or
# the grid of a nonogram sheet. In black and white every filled cell but white
# is black (and so is a typed "#"); in colour each fill is a colour. Diagonal
# borders and white fills are background; values other than "#" are ignored,
# so the "?" that marks a differing cell does not change what is read.

DIFFER_MARK = "?"
DIFFER_FONT = "FF0000"


def read_drawing(snap: SheetSnapshot, colours: int | None = None) -> tuple[Box, Drawing]:
    """The drawing on this sheet: its sheet box and its cells.

    ``colours``: 1 reads black and white; ``None`` reads colour when the
    fills are of several colours not all dark, else black and white; any
    other number is the most colours allowed. Raises :class:`InputError`.
    """
    layout = find_layout(snap)
    filled = {cell: (info.fill or "").upper() for cell, info in snap.cells.items() if info.fill}
    inked = {cell for cell, info in snap.cells.items() if str(info.value or "").strip() == "#"}
    if layout is not None:
        box = (layout.top, layout.left, layout.bottom, layout.right)
    elif filled or inked:
        cells = set(filled) | inked
        box = (min(r for r, _ in cells), min(c for _, c in cells), max(r for r, _ in cells), max(c for _, c in cells))
    else:
        raise InputError("no drawing found: paint some cells (any fill colour) or type # in them", snap.name)
    top, left, bottom, right = box
    ink: dict[Cell, str] = {}
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            fill = filled.get((r, c))
            if fill and fill != "FFFFFF" and not snap.get(r, c).diagonals:
                ink[(r, c)] = fill
            elif (r, c) in inked:
                ink[(r, c)] = _PLAIN_BLACK
    fills = list(dict.fromkeys(ink[cell] for cell in sorted(ink)))
    colour = len(fills) > 1 and (colours or 0) != 1 and (colours is not None or not all(map(_is_dark, fills)))
    if colour and colours is not None and len(fills) > colours:
        raise InputError(f"the drawing has {len(fills)} colours, more than the {colours} asked for "
                         f"(--colours); repaint it or ask for more", snap.name)
    if colour and len(fills) > 25:
        raise InputError(f"the drawing has {len(fills)} colours; a colour nonogram may have at most 25", snap.name)
    grid = np.zeros((bottom - top + 1, right - left + 1), dtype=np.int16)
    for (r, c), fill in ink.items():
        grid[r - top, c - left] = fills.index(fill) + 1 if colour else 1
    return box, Drawing(grid, tuple(fills) if colour else (_PLAIN_BLACK,))


def picture_plan(drawing: Drawing, sheet: str, title: str, differ: Iterable[tuple[int, int]] = (),
                 notes: Iterable[str] = (), *, origin: Cell = (3, 1), old: SheetSnapshot | None = None) -> PaintPlan:
    """Lay a drawing out as filled cells (background white, so the rectangle
    reads back whole), the cells in ``differ`` marked with a red "?", the
    title above and the ``notes`` below, one per row. ``old`` is the sheet as
    an earlier run left it: its marks and notes are taken away first."""
    top, left = origin
    h, w = drawing.shape
    ops: list = []
    if old is not None:
        ops += [Write(cell, None) for cell, info in sorted(old.cells.items()) if info.value is not None]
        ops += group_by_style({cell: CLEAR for cell, info in old.cells.items() if info.fill})
    ops.append(Write((1, 1), title))
    styles = [Style(fill="FFFFFF")] + [Style(fill=_RED_STAND_IN if rgb == RED.fill else rgb) for rgb in drawing.colours]
    styled = {(top + r, left + c): styles[int(v)] for (r, c), v in np.ndenumerate(drawing.cells)}
    for r, c in differ:
        base = styled[(top + r, left + c)]
        font = DIFFER_FONT if base.fill == "FFFFFF" else _readable_font(base.fill)  # red "?" on white
        styled[(top + r, left + c)] = Style(fill=base.fill, font_color=font)
    ops += list(group_by_style(styled))
    ops += [Write((top + r, left + c), DIFFER_MARK) for r, c in differ]
    ops.append(GridLines(top, left, top + h - 1, left + w - 1))
    ops.append(SquareCells(top, left, top + h - 1, left + w - 1))
    ops += [Write((top + h + 1 + k, left), note) for k, note in enumerate(notes)]
    return PaintPlan(sheet, tuple(ops))
