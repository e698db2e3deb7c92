"""What xlsolver painted, kept in the workbook itself so a live back end can
read a painted sheet back cheaply and know which fills are its own.

Glossary
--------
record   for each sheet, the look of every cell xlsolver painted (and has not
         painted back to no look since): ``{sheet: {cell: look}}``.
look     what reading a cell's format gives: ``(fill, diagonals)``, the fill
         ``"RRGGBB"`` or None and whether both diagonal lines are drawn.
row      one sheet and one look, as text cells: ``"sheet NAME"``,
         ``"fill 808080"`` (or ``"fill none"``, with ``" diagonals"`` when
         drawn), then the cells as A1 areas (``"B3:F7,H2"``), split over as
         many cells as needed.

The record lives in a very hidden worksheet, :data:`RECORD_SHEET`, that the
back ends leave out of ``sheet_names()``: no job ever takes it for a puzzle.
Its first row says what it is and how many rows and columns follow, so it is
read in two calls without asking Excel for its used range. Every text starts
with a word, so a spreadsheet never turns one into a number or a formula.
"""

from __future__ import annotations

from typing import Any, Iterable

from xlsolver.backends.boxes import address_chunks, parse_address, rectangles
from xlsolver.core.geometry import Cell

__all__ = ["HEADER", "RECORD_SHEET", "Look", "PaintRecord"]

RECORD_SHEET = "xlsolver_record"
HEADER = "xlsolver paint record 1: the cells xlsolver painted, per sheet and look (kept by xlsolver)"
CELL_TEXT_LIMIT = 32000  # a cell holds 32767 characters; longer area lists go on in the next cell

Look = tuple[str | None, bool]
Rows = list[list[str]]


class PaintRecord:
    """``{sheet: {cell: look}}`` for the cells xlsolver painted, with its text form."""

    def __init__(self, sheets: dict[str, dict[Cell, Look]] | None = None) -> None:
        self.sheets: dict[str, dict[Cell, Look]] = sheets if sheets is not None else {}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PaintRecord) and self.sheets == other.sheets

    def __repr__(self) -> str:
        return f"PaintRecord({self.rows()!r})"

    def paint(self, sheet: str, cells: Iterable[Cell], look: Look) -> None:
        """``cells`` now have ``look``; painting no look gives them back to the sheet."""
        mine = self.sheets.setdefault(sheet, {})
        if look == (None, False):
            for cell in cells:
                mine.pop(cell, None)
        else:
            mine.update(dict.fromkeys(cells, look))
        if not mine:
            del self.sheets[sheet]

    def forget(self, sheet: str, cells: Iterable[Cell] | None = None) -> bool:
        """Drop ``cells`` (all of the sheet when None) from the record; True if any were in it."""
        mine = self.sheets.get(sheet, {})
        gone = set(mine) if cells is None else set(cells) & set(mine)
        for cell in gone:
            del mine[cell]
        if sheet in self.sheets and not mine:
            del self.sheets[sheet]
        return bool(gone)

    def looks(self, sheet: str) -> dict[Look, list[Cell]]:
        """The sheet's recorded cells grouped by look, both sorted."""
        groups: dict[Look, list[Cell]] = {}
        for cell, look in sorted(self.sheets.get(sheet, {}).items()):
            groups.setdefault(look, []).append(cell)
        return dict(sorted(groups.items(), key=lambda item: (item[0][0] or "", item[0][1])))

    def rows(self) -> Rows:
        """The text form: one row per sheet and look, sorted."""
        return [[f"sheet {sheet}", _look_text(look), *address_chunks(rectangles(cells), CELL_TEXT_LIMIT)]
                for sheet in sorted(self.sheets) for look, cells in self.looks(sheet).items()]

    @classmethod
    def from_rows(cls, rows: Iterable[Iterable[Any]]) -> "PaintRecord | None":
        """The record written as :meth:`rows` (empty cells after a row's areas are
        allowed), or None when the text is not one."""
        record = cls()
        for row in rows:
            texts = [value for value in row if value not in (None, "")]
            if not texts:
                continue
            if len(texts) < 3 or not all(isinstance(text, str) for text in texts):
                return None
            sheet, look = texts[0], _parse_look(texts[1])
            if not sheet.startswith("sheet ") or look is None:
                return None
            try:
                boxes = [box for text in texts[2:] for box in parse_address(text)[1]]
            except ValueError:
                return None
            cells = [(r, c) for top, left, bottom, right in boxes
                     for r in range(top, bottom + 1) for c in range(left, right + 1)]
            record.paint(sheet[len("sheet "):], cells, look)
        return record


def _look_text(look: Look) -> str:
    fill, diagonals = look
    return f"fill {fill or 'none'}" + (" diagonals" if diagonals else "")


def _parse_look(text: str) -> Look | None:
    words = text.split()
    if len(words) not in (2, 3) or words[0] != "fill" or words[2:] not in ([], ["diagonals"]):
        return None
    fill = None if words[1] == "none" else words[1].upper()
    if fill is not None and (len(fill) != 6 or any(ch not in "0123456789ABCDEF" for ch in fill)):
        return None
    return (fill, len(words) == 3)
