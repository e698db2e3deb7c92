"""Colour nonograms on a sheet: hints filled in their blocks' colours.

A sheet holds a colour nonogram when some hint cell has a solid fill other
than white: each hint's colour is its cell's fill, and a hint without a fill
is black. Pure red (FF0000) stays the contradiction mark of earlier runs, so
it is not a block colour (use another red, e.g. C00000; an imported puzzle's
FF0000 is written as FE0000). Solved cells are filled in their colours and
the background is white with diagonals; a conflicting line's hints get a red
font, as their fill is their colour.

The layout and hint reading are those of :mod:`.nonogram_layout`; laying a
colour puzzle out builds on :func:`.nonogram_bw.import_plan`.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from xlsolver.core.errors import InputError
from xlsolver.core.geometry import Cell
from xlsolver.core.paint import CLEAR, RED, WHITE, PaintPlan, Style, Write, group_by_style
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.core.status import Status
from xlsolver.nonogram.colour import ColourNonogram, ColourResult, Colour, colour_name
from xlsolver.nonogram.model import DOT, Nonogram
from xlsolver.sheets.nonogram_bw import conflict_cells, import_plan, shown_in_red
from xlsolver.sheets.nonogram_layout import (
    HINT_FILLS,
    PLAIN_BLACK,
    RED_STAND_IN,
    NonogramLayout,
    check_hint_cells,
    check_problems,
    find_layout,
    hint_numbers,
    marker,
    readable_font,
)

__all__ = [
    "colour_import_plan",
    "colour_plan",
    "colour_status_sentence",
    "hint_fills",
    "is_colour_nonogram",
    "read_colour_nonogram",
]

_NO_FILL = (None, "FFFFFF", RED.fill)


def hint_fills(snap: SheetSnapshot, layout: NonogramLayout) -> dict[Cell, str] | None:
    """Each hint cell's colour when the sheet is a colour nonogram, else None."""
    cells = [cell for hints in layout.col_hints + layout.row_hints for cell in hints]
    fills = {cell: (snap.get(*cell).fill or "").upper() or None for cell in cells}
    if all(fill in _NO_FILL for fill in fills.values()):
        return None
    return {cell: (fill if fill not in _NO_FILL else PLAIN_BLACK) for cell, fill in fills.items()}


def is_colour_nonogram(snap: SheetSnapshot) -> bool:
    """Does the sheet hold a nonogram whose hints are coloured?"""
    layout = find_layout(snap)
    return layout is not None and hint_fills(snap, layout) is not None


def read_colour_nonogram(snap: SheetSnapshot, layout: NonogramLayout | None = None,
                         fills: dict[Cell, str] | None = None) -> tuple[NonogramLayout, ColourNonogram, np.ndarray]:
    """The layout, clues and givens (a grid of colour masks) of a colour nonogram
    (``layout`` and ``fills``: what :func:`find_layout` and :func:`hint_fills` found,
    when the caller looked already).

    Colours get the letters ``a``, ``b``, ... in the order their hints are
    read (column hints left to right, then row hints top to bottom). Raises
    :class:`InputError` at the cell for the mistakes :func:`read_nonogram`
    reports, and for a grid cell filled in a colour no clue has.
    """
    layout = layout or find_layout(snap)
    fills = fills or (None if layout is None else hint_fills(snap, layout))
    if layout is None or fills is None:
        raise InputError("no colour nonogram found: expected coloured hints above and left of a grid", snap.name)
    check_hint_cells(snap, layout)
    palette: dict[str, Colour] = {}
    for hints in layout.col_hints + layout.row_hints:
        for cell in hints:
            rgb = fills[cell]
            if rgb not in palette:
                palette[rgb] = Colour("abcdefghijklmnopqrstuvwyz"[len(palette) % 25], colour_name(rgb), rgb)
    coloured = lambda cells: tuple((n, palette[fills[cell]].char) for cell in cells
                                   for n in hint_numbers(snap.value(*cell), snap.name, cell) if n)
    puzzle = ColourNonogram(tuple(coloured(c) for c in layout.row_hints),
                           tuple(coloured(c) for c in layout.col_hints), tuple(palette.values()))
    check_problems(puzzle, layout, snap.name)
    return layout, puzzle, _colour_givens(snap, layout, puzzle)


def _colour_givens(snap: SheetSnapshot, layout: NonogramLayout, puzzle: ColourNonogram) -> np.ndarray:
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
        white = info.diagonals or marker(info.value) == DOT
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


def colour_plan(layout: NonogramLayout, puzzle: ColourNonogram, result: ColourResult, sheet: str,
                hints: dict[Cell, str], *, reveal: bool = True) -> PaintPlan:
    """Paint a colour result: proven cells in their colours (background white with
    diagonals), the verdict sentence. For no solution, what line logic proved
    before the clash, every cell of the line where it shows red (when one line
    does) and a red font on the hints of the lines it names, as their fill is
    their colour. ``hints`` are the hint cells' colours (:func:`hint_fills`),
    kept as they are. ``reveal=False`` (a check) paints the red alone."""
    styled: dict[Cell, Style] = {cell: CLEAR for cell in layout.stale if layout.grid_index(cell) is not None}
    conflict = result.conflict if result.status == Status.NONE else None
    named = set() if conflict is None else {cell for line in conflict.lines for cell in layout.hint_cells(line)}
    for cell, rgb in hints.items():
        fill = None if rgb == PLAIN_BLACK else rgb
        styled[cell] = Style(fill=fill, font_colour=RED.fill if cell in named else readable_font(rgb))
    styles = [WHITE] + [Style(fill=c.rgb) for c in puzzle.palette]
    known = result.known if conflict is None or conflict.board is None else conflict.board
    for (r, c), mask in np.ndenumerate(known if reveal else ()):
        mask = int(mask)
        if mask and mask & (mask - 1) == 0:
            styled[layout.cell(r, c)] = styles[mask.bit_length() - 1]
    if conflict is not None:
        styled.update({cell: RED for cell in conflict_cells(layout, replace(conflict, lines=()))})
    ops = group_by_style(styled) + tuple(Write(cell, None) for cell in sorted(layout.marks)) + \
        (Write(layout.status_cell, colour_status_sentence(result)),)
    return PaintPlan(sheet, ops)


def colour_status_sentence(result: ColourResult) -> str:
    """The verdict in one sentence, for the status cell."""
    if result.status == Status.MULTIPLE:
        known = result.known.astype(np.int64)
        shared = int(np.count_nonzero((known & (known - 1)) == 0))
        return f"several solutions: the {shared} cells all solutions share are painted; the rest differ"
    if result.status == Status.UNIQUE:
        return "unique solution"
    if result.status == Status.NONE and result.message.strip():
        return result.message.strip() + shown_in_red(result.conflict)
    return result.message.strip() or str(result.status)


def colour_import_plan(puzzle: ColourNonogram, sheet: str, title: str | None = None, *,
                       origin: Cell = (1, 1)) -> PaintPlan:
    """Lay a colour puzzle out as :func:`import_plan` does, each hint cell filled
    in its block's colour, so :func:`read_colour_nonogram` reads the same clues."""
    plain = Nonogram(tuple(tuple(n for n, _ in c) for c in puzzle.rows),
                     tuple(tuple(n for n, _ in c) for c in puzzle.cols))
    base = import_plan(plain, sheet, title, origin=origin)
    rgb = {c.char: (RED_STAND_IN if c.rgb == RED.fill else c.rgb) for c in puzzle.palette}
    row0, col0 = origin
    depth = max([1, *map(len, puzzle.cols)])
    reach = max([1, *map(len, puzzle.rows)])
    top, left = row0 + 1 + depth, col0 + reach
    styled: dict[Cell, Style] = {}
    for j, clue in enumerate(puzzle.cols):
        for k, (_, ch) in enumerate(clue):
            styled[(top - len(clue) + k, left + j)] = Style(fill=rgb[ch], font_colour=readable_font(rgb[ch]))
    for i, clue in enumerate(puzzle.rows):
        for k, (_, ch) in enumerate(clue):
            styled[(top + i, left - len(clue) + k)] = Style(fill=rgb[ch], font_colour=readable_font(rgb[ch]))
    return PaintPlan(sheet, base.ops + group_by_style(styled))
