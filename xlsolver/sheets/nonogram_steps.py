"""Painting the actions besides solve on a nonogram sheet: step, hint, check,
clear, and the Steps sheet of an explanation.

What each plan does to the puzzle sheet (layout of :mod:`.nonogram_layout`):

step     the cells of the next deduction in the analyzer's colours (black
         #808080, white with diagonals; in a colour puzzle the cells'
         colours), the line it came from marked (its hint numbers blue and an
         arrow beside the grid), its sentence in the status cell. The cells
         are then givens, so the next step goes on from them.
hint     the same deduction shown, not made: its cells light grey (will be
         black) or light yellow (will be white, or in a colour puzzle some
         colour the sentence names), which read as undecided.
check    the user's wrong cells red (they then read as undecided), nothing
         else revealed; a sentence counts them.
clear    back to the puzzle as given: every cell xlsolver changed gets back
         exactly the look it had before (see :mod:`xlsolver.core.ownership`,
         which records it); cells the user changed since are theirs and stay.
explain  a Steps sheet: the difficulty, then one row per step (its number,
         line, rule, the cells it decides by sheet reference, the sentence).

Every plan starts by taking away what an earlier step or hint left (the
highlights, arrows and blue numbers), so the actions can follow each other in
any order. Grid cells are 0-based ``(r, c)``; sheet cells 1-based.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from xlsolver.core.errors import cell_ref
from xlsolver.core.geometry import Cell
from xlsolver.core.paint import BLACK, CLEAR, RED, WHITE, PaintPlan, Style, Write, group_by_style
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.nonogram.explain import Step
from xlsolver.nonogram.model import BLOCK, DOT, Line
from xlsolver.sheets.nonogram_layout import (
    COL_MARK,
    HINT_BLACK,
    HINT_WHITE,
    MARK_FONT,
    ROW_MARK,
    NonogramLayout,
    plain_hint_ops,
)

__all__ = [
    "CHECK_PREFIX",
    "RULE_NAMES",
    "STEPS_TITLE",
    "check_plan",
    "note_plan",
    "step_plan",
    "steps_sheet_name",
    "steps_sheet_plan",
    "value_names",
]

RULE_NAMES = {"ranges": "candidate ranges", "line": "full line analysis", "probe": "probe contradiction",
              "guess": "guess"}
"""The rules of :mod:`xlsolver.nonogram.explain` as the Steps sheet names them."""

CHECK_PREFIX = "check: "
"""How a check's sentence in the status cell starts."""

STEPS_TITLE = "Steps of "
"""A Steps sheet's A1 starts with this (so it is never taken for a puzzle)."""

Palette = Sequence[str]
"""A colour puzzle's cell fills by colour index: ``palette[k - 1]`` is colour ``k``'s RRGGBB."""

_HEADERS = ("Step", "Line", "Rule", "Cells decided", "Why")
_HEADER_ROW = 4


def _tidy(layout: NonogramLayout, keep: Iterable[Cell] = ()) -> dict[Cell, Style]:
    """Styles that take away an earlier hint's highlights and red marks (but on ``keep``)."""
    kept = set(keep)
    return {cell: CLEAR for cell in layout.stale if layout.grid_index(cell) is not None and cell not in kept}


def _unmark(layout: NonogramLayout, hints: dict[Cell, str] | None) -> tuple:
    """Arrows gone, hint numbers plain (red conflict hints of a solve too)."""
    return tuple(Write(cell, None) for cell in sorted(layout.marks)) + plain_hint_ops(layout, hints)


def _mark(layout: NonogramLayout, line: Line | None, snap: SheetSnapshot, hints: dict[Cell, str] | None) -> tuple:
    """The line's hint numbers blue and its arrow beside the grid (where that cell is free)."""
    if line is None:
        return ()
    cells = layout.hint_cells(line)
    styles = {cell: Style(fill=None if hints is None or hints.get(cell) in (None, "000000") else hints[cell],
                          font_colour=MARK_FONT) for cell in cells}
    ops = group_by_style(styles)
    arrow = layout.mark_cell(line)
    value = snap.value(*arrow)
    if value is None or value in (ROW_MARK, COL_MARK) or arrow in layout.marks:
        ops += (Write(arrow, ROW_MARK if line.axis == "row" else COL_MARK),)
    return ops


def _cell_style(value: int, hint: bool, palette: Palette | None) -> Style:
    """How a decided cell is painted: BLOCK/DOT, or a colour index with ``palette``."""
    if palette is None:
        if value == BLOCK:
            return HINT_BLACK if hint else BLACK
        return HINT_WHITE if hint else WHITE
    if value == 0:
        return HINT_WHITE if hint else WHITE
    return HINT_WHITE if hint else Style(fill=palette[value - 1])


def step_plan(layout: NonogramLayout, snap: SheetSnapshot, step: Step, sentence: str, *, hint: bool = False,
              palette: Palette | None = None, hints: dict[Cell, str] | None = None) -> PaintPlan:
    """Paint one step (or, with ``hint``, show it undecided), mark its line,
    write ``sentence`` in the status cell. ``palette`` and ``hints`` (the
    hint cells' colours) for a colour puzzle: its step values are colour indices."""
    styled = _tidy(layout)
    for (r, c), value in step.cells.items():
        styled[layout.cell(r, c)] = _cell_style(value, hint, palette)
    ops = _unmark(layout, hints) + group_by_style(styled) + _mark(layout, step.line, snap, hints)
    return PaintPlan(snap.name, ops + (Write(layout.status_cell, sentence),))


def note_plan(layout: NonogramLayout, snap: SheetSnapshot, sentence: str,
              hints: dict[Cell, str] | None = None) -> PaintPlan:
    """No step to paint (the grid is complete, or contradicts the clues): tidy up and say why."""
    ops = _unmark(layout, hints) + group_by_style(_tidy(layout))
    return PaintPlan(snap.name, ops + (Write(layout.status_cell, sentence),))


def check_plan(layout: NonogramLayout, snap: SheetSnapshot, wrong: Iterable[tuple[int, int]], sentence: str,
               hints: dict[Cell, str] | None = None) -> PaintPlan:
    """The wrong cells red; earlier red marks stay (the user has not fixed them
    yet); hint highlights and arrows go."""
    red = {layout.cell(r, c) for r, c in wrong}
    old_red = {cell for cell in layout.stale if snap.get(*cell).fill == RED.fill}
    styled = _tidy(layout, keep=old_red)
    styled.update({cell: RED for cell in red})
    ops = _unmark(layout, hints) + group_by_style(styled)
    return PaintPlan(snap.name, ops + (Write(layout.status_cell, sentence),))


# --- the Steps sheet --------------------------------------------------------

def steps_sheet_name(puzzle_sheet: str) -> str:
    """``Heart`` -> ``Heart steps`` (at most Excel's 31 characters)."""
    return f"{puzzle_sheet[:25]} steps"


def cells_text(layout: NonogramLayout, cells: dict[tuple[int, int], int], names: dict[int, str]) -> str:
    """The cells a step decides by sheet reference, runs joined: ``C5:E5 black; F5 white``.
    ``names`` says each value's word (BLOCK -> "black", or a colour index -> its name)."""
    by_value: dict[int, list[tuple[int, int]]] = {}
    for cell, value in sorted(cells.items()):
        by_value.setdefault(value, []).append(cell)
    parts = []
    for value, group in sorted(by_value.items()):
        parts.append(", ".join(_ranges(layout, group)) + " " + names[value])
    return "; ".join(parts)


def _ranges(layout: NonogramLayout, cells: list[tuple[int, int]]) -> list[str]:
    """Cells of one line (or any cells) as A1 ranges of consecutive cells."""
    runs: list[list[tuple[int, int]]] = []
    for r, c in sorted(cells):
        if runs and runs[-1][-1] == (r, c - 1):
            runs[-1].append((r, c))
        else:
            runs.append([(r, c)])
    if len(runs) > 1 and all(len(run) == 1 for run in runs):  # a column: runs go down
        cols: list[list[tuple[int, int]]] = []
        for r, c in sorted(cells, key=lambda rc: (rc[1], rc[0])):
            if cols and cols[-1][-1] == (r - 1, c):
                cols[-1].append((r, c))
            else:
                cols.append([(r, c)])
        runs = cols
    refs = []
    for run in runs:
        first, last = cell_ref(*layout.cell(*run[0])), cell_ref(*layout.cell(*run[-1]))
        refs.append(first if first == last else f"{first}:{last}")
    return refs


def steps_sheet_plan(name: str, puzzle_sheet: str, layout: NonogramLayout, steps: list[Step], label: str,
                     summary: str, names: dict[int, str], old: SheetSnapshot | None = None) -> PaintPlan:
    """The Steps sheet: its title, the difficulty and a summary, then a table of
    the steps. ``old`` is the sheet as an earlier explanation left it: its cells
    are emptied first. Only the step numbers are numbers, all in column A, so
    the sheet never reads as a puzzle."""
    ops: list = []
    if old is not None:
        ops += [Write(cell, None) for cell, info in sorted(old.cells.items()) if info.value is not None]
    ops += [Write((1, 1), f"{STEPS_TITLE}{puzzle_sheet}"), Write((2, 1), f"Difficulty: {label}"),
            Write((3, 1), summary)]
    ops += [Write((_HEADER_ROW, k), text) for k, text in enumerate(_HEADERS, 1)]
    for number, step in enumerate(steps, 1):
        row = _HEADER_ROW + number
        ops += [Write((row, 1), number), Write((row, 2), str(step.line) if step.line else "-"),
                Write((row, 3), RULE_NAMES[step.rule]), Write((row, 4), cells_text(layout, step.cells, names)),
                Write((row, 5), step.text)]
    return PaintPlan(name, tuple(ops))


def value_names(palette_names: Sequence[str] | None = None) -> dict[int, str]:
    """Words for step values: black and white, or background and colour names by index."""
    if palette_names is None:
        return {BLOCK: "black", DOT: "white"}
    return {0: "white", **{k: name for k, name in enumerate(palette_names, 1)}}

