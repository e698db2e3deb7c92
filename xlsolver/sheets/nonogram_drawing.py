"""Drawings: pictures painted in cells, read for ``xlsolver picture`` and laid
out again with the cells where a puzzle's solution differs marked.

A drawing is a rectangle of filled cells with no hints: the rectangle of
every cell with a solid fill (white included, so a white border counts), or
the grid of a nonogram sheet. In black and white every filled cell but white
is black (and so is a typed "#"); in colour each fill is a colour. Diagonal
borders and white fills are background; values other than "#" are ignored,
so the "?" that marks a differing cell does not change what is read.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Box, Cell
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.paint import CLEAR, RED, GridLines, PaintPlan, SquareCells, Style, Write, group_by_style
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.nonogram.picture import Drawing
from xlsolver.sheets.nonogram_layout import PLAIN_BLACK, RED_STAND_IN, find_layout, is_dark, readable_font

__all__ = [
    "picture_plan",
    "read_drawing",
]

DIFFER_MARK = "?"
DIFFER_FONT = "FF0000"


def read_drawing(snap: SheetSnapshot, colours: int | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> tuple[Box, Drawing]:
    """The drawing on this sheet: its sheet box and its cells.

    ``colours``: 1 reads black and white; ``None`` reads colour when the
    fills are of several colours not all dark, else black and white; any
    other number is the most colours allowed. Raises :class:`InputError`,
    also for a box of more cells than ``limits`` allow (two filled cells far
    apart), before any cell of it is looked at.
    """
    layout = find_layout(snap, limits)
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
    limits.check_puzzle(bottom - top + 1, right - left + 1, f"{snap.name}!{cell_ref(top, left)}")
    ink: dict[Cell, str] = {}
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            fill = filled.get((r, c))
            if fill and fill != "FFFFFF" and not snap.get(r, c).diagonals:
                ink[(r, c)] = fill
            elif (r, c) in inked:
                ink[(r, c)] = PLAIN_BLACK
    fills = list(dict.fromkeys(ink[cell] for cell in sorted(ink)))
    colour = len(fills) > 1 and (colours or 0) != 1 and (colours is not None or not all(map(is_dark, fills)))
    if colour and colours is not None and len(fills) > colours:
        raise InputError(f"the drawing has {len(fills)} colours, more than the {colours} asked for "
                         f"(--colours); repaint it or ask for more", snap.name)
    if colour and len(fills) > 25:
        raise InputError(f"the drawing has {len(fills)} colours; a colour nonogram may have at most 25", snap.name)
    grid = np.zeros((bottom - top + 1, right - left + 1), dtype=np.int16)
    for (r, c), fill in ink.items():
        grid[r - top, c - left] = fills.index(fill) + 1 if colour else 1
    return box, Drawing(grid, tuple(fills) if colour else (PLAIN_BLACK,))


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
    styles = [Style(fill="FFFFFF")] + [Style(fill=RED_STAND_IN if rgb == RED.fill else rgb) for rgb in drawing.colours]
    styled = {(top + r, left + c): styles[int(v)] for (r, c), v in np.ndenumerate(drawing.cells)}
    for r, c in differ:
        base = styled[(top + r, left + c)]
        font = DIFFER_FONT if base.fill == "FFFFFF" else readable_font(base.fill)  # red "?" on white
        styled[(top + r, left + c)] = Style(fill=base.fill, font_colour=font)
    ops += list(group_by_style(styled))
    ops += [Write((top + r, left + c), DIFFER_MARK) for r, c in differ]
    ops.append(GridLines(top, left, top + h - 1, left + w - 1))
    ops.append(SquareCells(top, left, top + h - 1, left + w - 1))
    ops += [Write((top + h + 1 + k, left), note) for k, note in enumerate(notes)]
    return PaintPlan(sheet, tuple(ops))
