"""The small protocol between puzzle layouts and spreadsheet back ends.

A back end gives a layout a :class:`SheetSnapshot`, a plain-data picture of
the cells that matter (values, solid fills, diagonal borders, defined names),
and applies the :class:`~xlsolver.core.paint.PaintPlan` the layout returns.
Layouts never see openpyxl or xlwings objects, so they are tested on
snapshots built in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Protocol

from xlsolver.core.geometry import Cell
from xlsolver.core.paint import PaintPlan

__all__ = ["CellInfo", "CellLook", "SheetSnapshot", "Value", "WorkbookBackend"]

Value = str | int | float | bool | None


@dataclass(frozen=True)
class CellInfo:
    """What a layout may read from one cell."""

    value: Value = None
    fill: str | None = None  # "RRGGBB" of a solid fill; None when the cell has none
    diagonals: bool = False  # both diagonal borders present (the analyzer's white mark)

    @property
    def blank(self) -> bool:
        return (self.value is None or self.value == "") and self.fill is None and not self.diagonals


Edge = str | None
"""One side of a cell's border as ``"thin"``, ``"medium FF404040"`` (style, then ARGB colour when not automatic), or None."""


@dataclass(frozen=True)
class CellLook:
    """Everything about one cell that a paint plan can change: its value, fill,
    diagonals, font (colour, size, weight), centring and the four sides of its
    border. A back end reads it before xlsolver first changes a cell and gives it
    back on ``clear`` (:class:`~xlsolver.core.paint.Restore`).

    ``native`` is the back end's own exact form of the cell's format where it has
    one (the openpyxl back end keeps the cell's style records, theme colours and
    number format included); a back end that does not know the form uses the
    fields, which every back end reads and writes."""

    value: Value = None
    fill: str | None = None
    diagonals: bool = False
    font_colour: str | None = None
    font_size: float | None = None
    bold: bool = False
    centred: bool = False
    edges: tuple[Edge, Edge, Edge, Edge] = (None, None, None, None)  # left, right, top, bottom
    native: str | None = None

    @property
    def info(self) -> CellInfo:
        """What a snapshot shows of this look."""
        return CellInfo(self.value, self.fill, self.diagonals)


@dataclass(frozen=True)
class SheetSnapshot:
    """The non-blank cells of one sheet (1-based ``(row, col)`` keys) and the
    defined names that point into it (inclusive ``(row0, col0, row1, col1)``).

    ``owned`` and ``memos`` come from xlsolver's record of the sheet (see
    :mod:`xlsolver.core.ownership`): the cells xlsolver wrote or painted and the
    user has not changed since, and the notes a kind keeps about the sheet
    (the sudoku's givens, where its pencil marks are)."""

    name: str
    cells: Mapping[Cell, CellInfo] = field(default_factory=dict)
    names: Mapping[str, tuple[int, int, int, int]] = field(default_factory=dict)
    owned: frozenset[Cell] = frozenset()
    memos: Mapping[str, str] = field(default_factory=dict)

    def free(self, row: int, col: int) -> bool:
        """Is this cell room for xlsolver's own cells (the sudoku's pencil block): it is
        blank (no value, fill or diagonals of the user's) or xlsolver's own."""
        return (row, col) in self.owned or self.get(row, col).blank

    def get(self, row: int, col: int) -> CellInfo:
        return self.cells.get((row, col), _BLANK)

    def value(self, row: int, col: int) -> Value:
        return self.get(row, col).value


_BLANK = CellInfo()


class WorkbookBackend(Protocol):
    """What every back end (openpyxl file, live Excel, live Calc, the in-memory
    fake) offers. Everything painted goes through :meth:`apply`: cell fills,
    diagonals and font colours (:class:`~xlsolver.core.paint.Paint`), values
    (``Write``) and the layout operations (``SquareCells``, ``GridLines``,
    ``TextLook``, ``PrintSetup``, ``ColumnWidths``). A back end that cannot
    show a layout operation names it in its ``ignores`` attribute."""

    source: str
    """Where the workbook came from: its file's path, "" for one that has none
    (in memory, a live book not saved yet); reports name it."""

    ignores: frozenset[type]
    """The layout operation types this back end leaves out, each for a stated reason."""

    def sheet_names(self) -> list[str]: ...

    def snapshot(self, sheet: str) -> SheetSnapshot: ...

    def apply(self, plan: PaintPlan) -> None: ...

    def add_sheet(self, name: str) -> None: ...

    def remove_sheet(self, name: str) -> None:
        """Delete the sheet ``name`` (nothing when there is none); only sheets xlsolver made."""
        ...

    def save(self, path: Path) -> None:
        """Write the workbook to ``path`` atomically (a temporary file, then a rename)."""
        ...

    def looks(self, sheet: str, cells: list[Cell]) -> dict[Cell, CellLook]:
        """The whole look of each cell (one call, however many cells): what
        ``clear`` gives back after xlsolver has painted them."""
        ...

    def owned_text(self) -> str:
        """The text of xlsolver's record of what it owns ("" when there is none),
        kept in the workbook where the user does not see it (a very hidden sheet)."""
        ...

    def keep_owned_text(self, text: str) -> None:
        """Store the record's text ("" takes the record away)."""
        ...
