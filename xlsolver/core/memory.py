"""An in-memory workbook that implements the back-end protocol.

It is the reference back end for tests: painting into it and reading the
snapshot back needs no file and no spreadsheet program. Besides the cells a
snapshot shows, it records everything else a plan asks for, so tests can see
it: the font colours painted (:attr:`MemoryWorkbook.fonts`) and, per sheet, the
layout operations in the order applied (:attr:`MemoryWorkbook.layout`).
"""

from __future__ import annotations

from pathlib import Path

from xlsolver.core.geometry import Cell
from dataclasses import replace

from xlsolver.core.paint import LAYOUT_OPS, GridLines, Op, Paint, PaintPlan, Restore, TextLook, Write
from xlsolver.core.protocol import CellInfo, CellLook, SheetSnapshot, Value

__all__ = ["MemoryWorkbook"]


class MemoryWorkbook:
    """Sheets of cells held in dictionaries."""

    ignores: frozenset[type] = frozenset()  # it records every layout operation

    def __init__(self, sheets: dict[str, dict[Cell, CellInfo]] | None = None,
                 names: dict[str, tuple[str, tuple[int, int, int, int]]] | None = None) -> None:
        self.sheets: dict[str, dict[Cell, CellInfo]] = {k: dict(v) for k, v in (sheets or {}).items()}
        self.names = dict(names or {})  # name -> (sheet, (r0, c0, r1, c1))
        self.calls = 0  # operations applied, for tests that count work
        self.fonts: dict[str, dict[Cell, str]] = {}  # sheet -> cell -> "RRGGBB" painted as its font colour
        self.layout: dict[str, list[Op]] = {}  # sheet -> the layout operations applied, in order
        # sheet -> cell -> the rest of its look (font, centring, border sides; fill and value live in sheets)
        self.formats: dict[str, dict[Cell, CellLook]] = {}
        self.owned_record = ""  # xlsolver's record of what it owns (see core.ownership)
        self.source = ""  # no file behind it

    @classmethod
    def from_values(cls, sheet: str, rows: list[list[Value]], top: int = 1, left: int = 1) -> "MemoryWorkbook":
        """A one-sheet workbook from a 2-D list of values (``None``/``""`` = blank)."""
        cells = {(top + r, left + c): CellInfo(v) for r, row in enumerate(rows)
                 for c, v in enumerate(row) if v not in (None, "")}
        return cls({sheet: cells})

    def sheet_names(self) -> list[str]:
        return list(self.sheets)

    def add_sheet(self, name: str) -> None:
        self.sheets.setdefault(name, {})

    def remove_sheet(self, name: str) -> None:
        if len(self.sheets) > 1 and name in self.sheets:
            del self.sheets[name]
            self.fonts.pop(name, None)
            self.layout.pop(name, None)
            self.formats.pop(name, None)

    def snapshot(self, sheet: str) -> SheetSnapshot:
        cells = {k: v for k, v in self.sheets[sheet].items() if not v.blank}
        names = {n: box for n, (s, box) in self.names.items() if s == sheet}
        return SheetSnapshot(sheet, cells, names)

    def apply(self, plan: PaintPlan) -> None:
        cells = self.sheets.setdefault(plan.sheet, {})
        for op in plan.ops:
            self.calls += 1
            if isinstance(op, Paint):
                for cell in op.cells:
                    old = cells.get(cell, CellInfo())
                    cells[cell] = CellInfo(old.value, op.style.fill, op.style.diagonals)
                if op.style.font_colour:  # as in a file: no colour given leaves the font alone
                    fonts = self.fonts.setdefault(plan.sheet, {})
                    fonts.update(dict.fromkeys(op.cells, op.style.font_colour))
            elif isinstance(op, Write):
                old = cells.get(op.cell, CellInfo())
                cells[op.cell] = CellInfo(op.value, old.fill, old.diagonals)
            elif isinstance(op, Restore):
                for cell, look in op.looks:
                    cells[cell] = look.info
                    self._format(plan.sheet, cell, look)
                    self.fonts.get(plan.sheet, {}).pop(cell, None)
                    if look.font_colour:
                        self.fonts.setdefault(plan.sheet, {})[cell] = look.font_colour
            elif isinstance(op, LAYOUT_OPS):
                self.layout.setdefault(plan.sheet, []).append(op)
                self._shape(plan.sheet, op)
            else:
                raise TypeError(f"unknown paint operation {op!r}")

    def looks(self, sheet: str, cells: list[Cell]) -> dict[Cell, CellLook]:
        here, formats, fonts = self.sheets.get(sheet, {}), self.formats.get(sheet, {}), self.fonts.get(sheet, {})
        looks = {}
        for cell in cells:
            info, rest = here.get(cell, CellInfo()), formats.get(cell, CellLook())
            looks[cell] = replace(rest, value=info.value, fill=info.fill, diagonals=info.diagonals,
                                  font_colour=fonts.get(cell), native=None)
        return looks

    def owned_text(self) -> str:
        return self.owned_record

    def keep_owned_text(self, text: str) -> None:
        self.owned_record = text

    def _format(self, sheet: str, cell: Cell, look: CellLook) -> None:
        rest = replace(look, value=None, fill=None, diagonals=False, font_colour=None, native=None)
        formats = self.formats.setdefault(sheet, {})
        if rest == CellLook():
            formats.pop(cell, None)
        else:
            formats[cell] = rest

    def _shape(self, sheet: str, op: Op) -> None:
        """What grid lines and text looks do to each cell's format, as a file would keep it."""
        if not isinstance(op, (GridLines, TextLook)):
            return
        formats = self.formats.setdefault(sheet, {})
        for row in range(op.top, op.bottom + 1):
            for col in range(op.left, op.right + 1):
                old = formats.get((row, col), CellLook())
                if isinstance(op, TextLook):
                    new = replace(old, font_size=op.size if op.size is not None else old.font_size,
                                  bold=op.bold, centred=op.centred or old.centred)
                else:
                    new = replace(old, edges=_lined(op, row, col))
                formats[(row, col)] = new

    def save(self, path: Path) -> None:  # pragma: no cover - nothing to write
        raise NotImplementedError("MemoryWorkbook lives in memory; use an openpyxl workbook to save")


def _lined(op: GridLines, row: int, col: int) -> tuple[str, str, str, str]:
    """The sides (left, right, top, bottom) grid lines give one cell: medium on the
    box's edge and every ``op.every`` cells from its corner, thin elsewhere."""
    def side(at: int, first: int, last: int) -> str:
        return "medium" if at == first or at == last or (at - first) % op.every == 0 else "thin"

    return (side(col, op.left, op.right + 1), side(col + 1, op.left, op.right + 1),
            side(row, op.top, op.bottom + 1), side(row + 1, op.top, op.bottom + 1))
