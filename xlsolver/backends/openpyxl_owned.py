"""Ownership in a workbook file: the whole look of cells, given back exactly,
and the record kept in a very hidden sheet (see :mod:`xlsolver.core.ownership`).

A cell's look is read twice over: as the fields every back end knows (fill,
font colour and size, centring, border sides) and, in ``native``, as the XML
of the cell's own style records (font, fill, border, alignment, protection)
and its number format, so a file gives back theme colours, fonts and patterns
exactly as they were, not just their nearest colour.
"""

from __future__ import annotations

import json
from typing import Callable

from defusedxml.ElementTree import fromstring
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection
from openpyxl.styles.cell_style import StyleArray
from openpyxl.xml.functions import tostring

from xlsolver.core.geometry import Cell
from xlsolver.core.ownership import RECORD_SHEET
from xlsolver.core.protocol import CellLook

__all__ = ["keep_text", "read_looks", "read_text", "record_last", "restore"]

CHUNK = 32000  # a cell holds 32767 characters; a longer record goes on in the cells below
_NATIVE = "openpyxl 1"
# The style records of a cell: the StyleArray index, the workbook's table, the class.
_RECORDS = (("fontId", "_fonts", Font), ("fillId", "_fills", PatternFill), ("borderId", "_borders", Border),
            ("alignmentId", "_alignments", Alignment), ("protectionId", "_protections", Protection))


def read_text(book) -> str:
    """The record's text ("" when the workbook has none)."""
    if RECORD_SHEET not in book.sheetnames:
        return ""
    ws = book[RECORD_SHEET]
    parts = []
    for row in range(1, ws.max_row + 1):
        value = ws.cell(row, 1).value
        if not isinstance(value, str):
            break
        parts.append(value)
    return "".join(parts)


def keep_text(book, text: str) -> None:
    """Store the record's text in the very hidden sheet ("" removes the sheet)."""
    if RECORD_SHEET in book.sheetnames:
        book.remove(book[RECORD_SHEET])
    if not text:
        return
    active = book.active
    ws = book.create_sheet(RECORD_SHEET)
    ws.sheet_state = "veryHidden"
    if active is not None:
        book.active = book.worksheets.index(active)
    for k in range(0, len(text), CHUNK):
        cell = ws.cell(k // CHUNK + 1, 1)
        cell.value = text[k:k + CHUNK]
        cell.data_type = "s"  # the record is text, whatever it starts with


def record_last(book) -> None:
    """Move the record's sheet behind the user's sheets (sheets added after it
    would otherwise follow it), so the visible sheets keep their order and indices."""
    if RECORD_SHEET in book.sheetnames and book.sheetnames[-1] != RECORD_SHEET:
        active = book.active
        book.move_sheet(RECORD_SHEET, offset=len(book.sheetnames) - 1 - book.sheetnames.index(RECORD_SHEET))
        book.active = book.worksheets.index(active) if active in book.worksheets else 0


def read_looks(ws, cells: list[Cell], rgb: Callable) -> dict[Cell, CellLook]:
    """Each cell's whole look; ``rgb`` turns an openpyxl colour into "RRGGBB"."""
    book = ws.parent
    looks = {}
    records: dict[tuple[str, int], str] = {}  # each style record's XML, made once per call (cells share them)
    for ref in cells:
        cell = ws._cells.get(ref)
        if cell is None:
            looks[ref] = CellLook()
            continue
        styles = cell._style or StyleArray()
        font, fill, border, alignment = (book._fonts[styles.fontId], book._fills[styles.fillId],
                                         book._borders[styles.borderId], book._alignments[styles.alignmentId])
        solid = rgb(fill.fgColor) if getattr(fill, "fill_type", None) == "solid" else None
        looks[ref] = CellLook(
            value=cell.value if isinstance(cell.value, (str, int, float, bool)) or cell.value is None else str(cell.value),
            fill=solid,
            diagonals=bool(border.diagonalUp and border.diagonalDown and border.diagonal and border.diagonal.style),
            font_colour=rgb(font.color) if font.color is not None else None,
            font_size=float(font.sz) if font.sz is not None else None,
            bold=bool(font.b),
            centred=alignment.horizontal == "center",
            edges=tuple(_edge(getattr(border, side), rgb) for side in ("left", "right", "top", "bottom")),
            native=_native(book, cell, styles, records),
        )
    return looks


def restore(ws, looks: tuple[tuple[Cell, CellLook], ...]) -> None:
    """Give each cell its look: exactly from ``native`` when this back end made it,
    else from the fields."""
    book = ws.parent
    for ref, look in looks:
        cell = ws.cell(*ref)
        native = _parse_native(look.native)
        cell._style = _styles_from_native(book, native) if native is not None else _styles_from_fields(book, look)
        cell.value = look.value
        if isinstance(look.value, str):
            cell.data_type = "s"  # text stays text (a value that looks like a formula included)
        if native is not None and "formula" in native:
            cell.value = native["formula"]  # the user's own formula, given back as it was


def _edge(side, rgb) -> str | None:
    if side is None or side.style is None:
        return None
    colour = rgb(side.color) if side.color is not None else None
    return side.style if colour is None else f"{side.style} FF{colour}"


def _native(book, cell, styles: StyleArray, records: dict[tuple[str, int], str]) -> str:
    data = {}
    for index, table, _ in _RECORDS:
        key = (table, getattr(styles, index))
        if key not in records:
            records[key] = tostring(getattr(book, table)[key[1]].to_tree()).decode()
        data[index] = records[key]
    data["numFmt"] = cell.number_format
    if cell.data_type == "f":
        data["formula"] = cell.value
    return _NATIVE + " " + json.dumps(data, separators=(",", ":"))


def _parse_native(text: str | None) -> dict | None:
    if not text or not text.startswith(_NATIVE + " "):
        return None
    try:
        data = json.loads(text[len(_NATIVE) + 1:])
        return data if isinstance(data, dict) else None
    except ValueError:
        return None


def _styles_from_native(book, native: dict) -> StyleArray:
    styles = StyleArray()
    for index, table, kind in _RECORDS:
        xml = native.get(index)
        if isinstance(xml, str):
            setattr(styles, index, getattr(book, table).add(kind.from_tree(fromstring(xml))))
    fmt = native.get("numFmt")
    if isinstance(fmt, str) and fmt != "General":
        styles.numFmtId = _number_format_id(book, fmt)
    return styles


def _number_format_id(book, fmt: str) -> int:
    from openpyxl.styles.numbers import BUILTIN_FORMATS_REVERSE

    if fmt in BUILTIN_FORMATS_REVERSE:
        return BUILTIN_FORMATS_REVERSE[fmt]
    return book._number_formats.add(fmt) + 164


def _styles_from_fields(book, look: CellLook) -> StyleArray:
    """A look another back end recorded: the fields, in openpyxl's records."""
    from openpyxl.styles import Side

    def side(edge: str | None) -> Side:
        if not edge:
            return Side()
        style, _, colour = edge.partition(" ")
        return Side(style=style, color=colour or None)

    styles = StyleArray()
    if look.fill:
        styles.fillId = book._fills.add(PatternFill(fill_type="solid", fgColor="FF" + look.fill))
    font = Font(color="FF" + look.font_colour if look.font_colour else None, sz=look.font_size,
                b=look.bold or None)
    styles.fontId = book._fonts.add(font) if font != Font() else 0
    left, right, top, bottom = look.edges
    diagonal = Side(style="hair", color="FF808080") if look.diagonals else Side()
    border = Border(left=side(left), right=side(right), top=side(top), bottom=side(bottom), diagonal=diagonal,
                    diagonalUp=look.diagonals, diagonalDown=look.diagonals)
    if border != Border():
        styles.borderId = book._borders.add(border)
    if look.centred:
        styles.alignmentId = book._alignments.add(Alignment(horizontal="center", vertical="center"))
    return styles
