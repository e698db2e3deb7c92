"""Cells as few rectangles, and rectangles as A1 addresses: how the live back
ends paint many cells in few calls.

A live spreadsheet (Excel through xlwings, Calc through UNO) pays for every
call across the process boundary, so a paint plan's cells are merged into
rectangles first and a whole group of rectangles gets one style at once:
Excel through a multi-area address (``"B3:F3,B5:C9"``, at most 255
characters, the limit of ``Range("...")``), Calc through a ``SheetCellRanges``
container.

Glossary
--------
box     an inclusive rectangle ``(top, left, bottom, right)`` of 1-based cells.
run     the cells of one row between two columns, a box one row high.
"""

from __future__ import annotations

import re
from typing import Iterable

from xlsolver.core.errors import cell_ref, column_letter
from xlsolver.core.geometry import Box, Cell

__all__ = ["Band", "Box", "EXCEL_ADDRESS_LIMIT", "a1", "absolute", "address_chunks", "parse_address", "rectangles",
           "stacked"]


# Excel's Range("...") takes an address string of at most 255 characters.
EXCEL_ADDRESS_LIMIT = 255


def rectangles(cells: Iterable[Cell]) -> list[Box]:
    """Cover ``cells`` exactly with disjoint boxes, sorted.

    Each row is cut into runs of adjacent columns; a run extends the box above
    it when that box spans the same columns and ends on the row before. On
    pictures (long runs repeated over rows) that is close to the fewest boxes.
    """
    by_row: dict[int, list[int]] = {}
    for r, c in set(cells):
        by_row.setdefault(r, []).append(c)
    return stacked([(r, r, _runs(sorted(by_row[r]))) for r in sorted(by_row)])


Band = tuple[int, int, list[tuple[int, int]]]
"""Rows ``first..last`` that share the same runs of columns ``[(left, right), ...]``."""


def stacked(bands: list[Band]) -> list[Box]:
    """The boxes of ``bands`` given top to bottom: a run goes on the box above it
    when that box spans the same columns and ends on the row before."""
    open_boxes: dict[tuple[int, int], list[int]] = {}  # (left, right) -> [top, bottom]
    done: list[Box] = []
    for first, last, runs in bands:
        for span in list(open_boxes):
            if span not in runs or open_boxes[span][1] != first - 1:
                top, bottom = open_boxes.pop(span)
                done.append((top, span[0], bottom, span[1]))
        for span in runs:
            if span in open_boxes:
                open_boxes[span][1] = last
            else:
                open_boxes[span] = [first, last]
    done += [(top, left, bottom, right) for (left, right), (top, bottom) in open_boxes.items()]
    return sorted(done)


def _runs(cols: list[int]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for c in cols:
        if runs and runs[-1][1] == c - 1:
            runs[-1] = (runs[-1][0], c)
        else:
            runs.append((c, c))
    return runs


def a1(box: Box) -> str:
    """``(3, 2, 7, 6)`` -> ``"B3:F7"``; a single cell is just ``"B3"``."""
    top, left, bottom, right = box
    first = cell_ref(top, left)
    return first if (top, left) == (bottom, right) else f"{first}:{cell_ref(bottom, right)}"


def address_chunks(boxes: Iterable[Box], limit: int = EXCEL_ADDRESS_LIMIT) -> list[str]:
    """Multi-area addresses (``"A1:C1,E2"``), each at most ``limit`` characters.

    The longest one-box address, ``"XFD1048576:XFD1048576"``, has 21 characters,
    so any limit from 21 up works for every sheet.
    """
    chunks: list[str] = []
    current = ""
    for box in boxes:
        part = a1(box)
        if len(part) > limit:
            raise ValueError(f"{part} alone is longer than the {limit}-character limit")
        if current and len(current) + 1 + len(part) > limit:
            chunks.append(current)
            current = ""
        current = f"{current},{part}" if current else part
    if current:
        chunks.append(current)
    return chunks


def absolute(box: Box) -> str:
    """``(3, 2, 7, 6)`` -> ``"$B$3:$F$7"``, as a defined name's formula needs it."""
    top, left, bottom, right = box
    first = f"${column_letter(left)}${top}"
    return first if (top, left) == (bottom, right) else f"{first}:${column_letter(right)}${bottom}"


_AREA = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$")


def _column_number(letters: str) -> int:
    number = 0
    for ch in letters.upper():
        number = number * 26 + ord(ch) - ord("A") + 1
    return number


def parse_address(address: str) -> tuple[str | None, list[Box]]:
    """``"'My Sheet'!$B$3:$F$7,'My Sheet'!H2"`` -> ``("My Sheet", [(3, 2, 7, 6), (2, 8, 2, 8)])``.

    A leading ``=`` is dropped; the sheet is None when no area names one. Raises
    ValueError for anything else (whole rows or columns, formulas, areas on two sheets).
    """
    sheet: str | None = None
    boxes: list[Box] = []
    for area in _split_areas(address.strip().lstrip("=")):
        if "!" in area:
            name, area = area.rsplit("!", 1)
            name = name[1:-1].replace("''", "'") if name.startswith("'") else name
            if sheet is not None and name != sheet:
                raise ValueError(f"{address!r} spans two sheets")
            sheet = name
        match = _AREA.match(area.strip())
        if not match:
            raise ValueError(f"{area!r} is not an A1 address")
        c0, r0, c1, r1 = match.groups()
        top, left = int(r0), _column_number(c0)
        bottom, right = (int(r1), _column_number(c1)) if c1 else (top, left)
        boxes.append((min(top, bottom), min(left, right), max(top, bottom), max(left, right)))
    return sheet, boxes


def _split_areas(address: str) -> list[str]:
    """Split at commas outside quoted sheet names."""
    parts, current, quoted = [], "", False
    for ch in address:
        if ch == "'":
            quoted = not quoted
        if ch == "," and not quoted:
            parts.append(current)
            current = ""
        else:
            current += ch
    parts.append(current)
    return [p for p in parts if p.strip()]
