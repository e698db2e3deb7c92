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
from typing import Mapping

from xlsolver.core.geometry import Cell

__all__ = [
    "BLACK", "CLEAR", "GREY", "LAYOUT_OPS", "RED", "WHITE", "ColumnWidths", "GridLines", "Op", "Paint", "PaintPlan",
    "PrintSetup", "SquareCells", "Style", "TextLook", "Write", "group_by_style",
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
    """Write ``value`` into ``cell`` (``None`` empties it)."""

    cell: Cell
    value: str | int | float | None


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
    the openpyxl file and Calc set it up, live Excel leaves its own page setup
    alone, the in-memory fake records it."""

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


Op = Paint | Write | SquareCells | GridLines | TextLook | PrintSetup | ColumnWidths
LAYOUT_OPS = (SquareCells, GridLines, TextLook, PrintSetup, ColumnWidths)
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
