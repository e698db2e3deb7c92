"""What gets painted: a plan of cell operations, separate from any back end.

A solver's result becomes a :class:`PaintPlan`; a back end (openpyxl file,
live Excel through xlwings) applies it. Cells with the same :class:`Style` are
grouped in one :class:`Paint` so a back end can paint each colour in one call.

The colours follow the VBA nonogram analyzer this project descends from:
black is ColorIndex 16 (#808080), white is ColorIndex 2 (#FFFFFF) plus both
diagonal hairline borders, red is ColorIndex 3 (#FF0000) for a contradiction.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

from xlsolver.core.geometry import Cell

if TYPE_CHECKING:
    from xlsolver.core.protocol import CellLook

__all__ = [
    "BLACK", "CLEAR", "GREY", "LAYOUT_OPS", "RED", "WHITE", "ColumnWidths", "GridLines", "Memo", "Op", "Outline", "Paint",
    "PaintPlan", "PrintSetup", "Restore", "SquareCells", "Style", "TextLook", "Write", "group_by_style",
]

GREY = "808080"


@dataclass(frozen=True)
class Style:
    """How a cell looks. ``fill=None`` means no fill (the sheet's default)."""

    fill: str | None = None  # "RRGGBB"
    diagonals: bool = False  # both diagonal hairline borders, in GREY
    font_colour: str | None = None  # "RRGGBB"; None leaves the font alone


BLACK = Style(fill=GREY)
WHITE = Style(fill="FFFFFF", diagonals=True)
RED = Style(fill="FF0000")
CLEAR = Style()


@dataclass(frozen=True)
class Paint:
    """Give every cell in ``cells`` the style ``style``."""

    style: Style
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Write:
    """Write ``value`` into ``cell`` (``None`` empties it). Text is always written
    as text, never as a formula. xlsolver writes only into empty cells and cells
    of its own (see :mod:`xlsolver.core.ownership`); a write to the kind's
    status cell goes to the first free cell below when that cell holds the
    user's text, and stays there for later writes to the same cell."""

    cell: Cell
    value: str | int | float | None


@dataclass(frozen=True)
class Restore:
    """Give each cell its whole look back, value included: what ``clear`` applies."""

    looks: tuple[tuple[Cell, "CellLook"], ...]


@dataclass(frozen=True)
class Memo:
    """Keep ``text`` (None forgets it) under ``key`` in xlsolver's record of the
    sheet, out of the user's sight: what a kind needs to know on the next press
    (the sudoku's givens). The ownership layer keeps it; no back end sees it."""

    key: str
    text: str | None


@dataclass(frozen=True)
class SquareCells:
    """Make the rows ``top..bottom`` and columns ``left..right`` square, ``size``
    points a side, so a puzzle grid looks like one. A layout hint: the
    in-memory fake, which has no sizes, records it."""

    top: int
    left: int
    bottom: int
    right: int
    size: float = 15.0


@dataclass(frozen=True)
class GridLines:
    """Thin borders around every cell of the box, and a medium line every
    ``every`` cells, as on nonogram paper, so an empty grid can be seen. A
    layout hint: painting a cell later keeps these lines."""

    top: int
    left: int
    bottom: int
    right: int
    every: int = 5


_SIDES = ("left", "right", "top", "bottom")
_STEPS = {"left": (0, -1), "right": (0, 1), "top": (-1, 0), "bottom": (1, 0)}


@dataclass(frozen=True)
class Outline:
    """A medium line in ``colour`` ("RRGGBB") round a set of cells, of any
    shape: on every side a cell of ``cells`` shares with a cell outside the set
    (the line is drawn on the cells of the set). A region that cannot be
    covered is outlined in :data:`RED`. A layout hint: the cells' fills,
    values and other sides are kept; xlwings Lite cannot draw it."""

    cells: tuple[Cell, ...]
    colour: str = "FF0000"  # RED.fill: the contradiction's colour

    def edges(self) -> list[tuple[Cell, str]]:
        """Each cell of the set with each of its sides on the outline, sorted."""
        inside = set(self.cells)
        return [(cell, side) for cell in sorted(inside) for side in _SIDES
                if (cell[0] + _STEPS[side][0], cell[1] + _STEPS[side][1]) not in inside]

    def runs(self) -> list[tuple[str, Cell, Cell]]:
        """The outline's sides as straight runs ``(side, first, last)``: the top
        or bottom sides of neighbouring cells of one row, the left or right sides
        of neighbouring cells of one column, so a back end draws each run at once."""
        runs: list[tuple[str, Cell, Cell]] = []
        along = {"top": 1, "bottom": 1, "left": 0, "right": 0}  # the index that runs
        for side in _SIDES:
            cells = sorted((cell for cell, s in self.edges() if s == side),
                           key=lambda cell: (cell[1 - along[side]], cell[along[side]]))
            for cell in cells:
                if runs and runs[-1][0] == side and _next_to(runs[-1][2], cell, along[side]):
                    runs[-1] = (side, runs[-1][1], cell)
                else:
                    runs.append((side, cell, cell))
        return runs


def _next_to(last: Cell, cell: Cell, axis: int) -> bool:
    return last[1 - axis] == cell[1 - axis] and cell[axis] == last[axis] + 1


@dataclass(frozen=True)
class TextLook:
    """Set the font size (points), boldness and centring of the text in the
    cells ``top..bottom`` x ``left..right``: big digits for a printed grid. A
    layout hint: a font colour painted later is kept with it; the in-memory
    fake, which has no fonts, records it. xlwings Lite cannot set it."""

    top: int
    left: int
    bottom: int
    right: int
    size: float | None = None
    bold: bool = False
    centred: bool = True


@dataclass(frozen=True)
class PrintSetup:
    """Print the cells ``top..bottom`` x ``left..right`` and nothing else, on
    one page, centred across it. A layout hint for files meant for paper:
    the openpyxl file sets it up, the in-memory fake records it, live Excel
    and Calc leave the user's page setup alone. (A file also makes every
    sheet xlsolver painted print whole on one page when it is saved: see
    :mod:`xlsolver.core.printing`.)"""

    top: int
    left: int
    bottom: int
    right: int
    landscape: bool = False


@dataclass(frozen=True)
class ColumnWidths:
    """Give columns their widths, in Excel's character units (the width of
    that many digits of the default font), as ``(column, width)`` pairs with
    1-based column numbers: room for a table's text. Build it from a mapping
    keyed by number or letter with :meth:`of`."""

    widths: tuple[tuple[int, float], ...]

    @classmethod
    def of(cls, widths: Mapping[int | str, float]) -> "ColumnWidths":
        """``{"A": 6, "B": 28}`` or ``{1: 6, 2: 28}``; a column named twice keeps its last width."""
        by_number = {_column_number(col): float(width) for col, width in widths.items()}
        return cls(tuple(sorted(by_number.items())))


def _column_number(col: int | str) -> int:
    """1 for ``1`` or ``"A"``, 28 for ``"AB"``."""
    if isinstance(col, int):
        return col
    number = 0
    for letter in col.upper():
        number = number * 26 + ord(letter) - ord("A") + 1
    return number


Op = Paint | Write | SquareCells | GridLines | Outline | TextLook | PrintSetup | ColumnWidths | Restore | Memo
LAYOUT_OPS = (SquareCells, GridLines, Outline, TextLook, PrintSetup, ColumnWidths)
"""The operations that shape a sheet rather than paint or fill its cells."""


@dataclass(frozen=True)
class PaintPlan:
    """The operations for one sheet, applied in order."""

    sheet: str
    ops: tuple[Op, ...] = ()

    def cells_with(self, style: Style) -> set[Cell]:
        """Every cell this plan paints with ``style`` (for tests and summaries)."""
        return {c for op in self.ops if isinstance(op, Paint) and op.style == style for c in op.cells}

    def writes(self) -> dict[Cell, object]:
        """The last value written to each cell."""
        return {op.cell: op.value for op in self.ops if isinstance(op, Write)}


def group_by_style(styled: dict[Cell, Style]) -> tuple[Paint, ...]:
    """Turn a cell -> style map into one sorted :class:`Paint` per style."""
    groups: dict[Style, list[Cell]] = {}
    for cell, style in styled.items():
        groups.setdefault(style, []).append(cell)
    return tuple(
        Paint(style, tuple(sorted(cells)))
        for style, cells in sorted(groups.items(), key=lambda kv: repr(kv[0]))
    )
