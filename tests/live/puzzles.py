"""Puzzles the live tests make themselves: nonograms drawn from pictures, laid out in a sheet."""

from __future__ import annotations

import math
from typing import Callable

from xlsolver.nonogram import Nonogram
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.sheets.nonogram_bw import import_plan
from xlsolver.core.protocol import CellInfo


def runs(line: list[bool]) -> tuple[int, ...]:
    out, count = [], 0
    for on in line + [False]:
        if on:
            count += 1
        elif count:
            out.append(count)
            count = 0
    return tuple(out)


def picture_nonogram(height: int, width: int, black: Callable[[int, int], bool]) -> Nonogram:
    """The nonogram whose solution is the picture ``black(r, c)``."""
    grid = [[bool(black(r, c)) for c in range(width)] for r in range(height)]
    return Nonogram(tuple(runs(row) for row in grid), tuple(runs([row[c] for row in grid]) for c in range(width)))


def rings(size: int) -> Nonogram:
    """Concentric rings, two cells black and two white: many rectangles of both colours."""
    middle = (size - 1) / 2
    return picture_nonogram(size, size, lambda r, c: int(math.hypot(r - middle, c - middle)) % 4 < 2)


def laid_out(puzzle: Nonogram, sheet: str = "Puzzle", title: str = "Test") -> dict[tuple[int, int], CellInfo]:
    """The cells of a sheet holding ``puzzle`` in the analyzer's layout."""
    book = MemoryWorkbook({sheet: {}})
    book.apply(import_plan(puzzle, sheet, title))
    return book.snapshot(sheet).cells


def square_rings(size: int) -> Nonogram:
    """Square rings three cells wide: unique, solved by line logic alone."""
    middle = (size - 1) / 2
    return picture_nonogram(size, size, lambda r, c: max(abs(r - middle), abs(c - middle)) % 6 < 3)


def stripes_picture(size: int) -> dict[tuple[int, int], bool]:
    """Diagonal stripes: the worst case for merging cells into rectangles (every run is its own box)."""
    return {(r, c): (r + c) % 7 < 3 for r in range(size) for c in range(size)}


def seed_plan(sheet: str, cells: dict[tuple[int, int], CellInfo]):
    """A plan that puts ``cells`` (values, fills, diagonals) into an empty sheet of any back end."""
    from xlsolver.core.paint import Paint, PaintPlan, Style, Write

    groups: dict[Style, list] = {}
    for cell, info in cells.items():
        if info.fill or info.diagonals:
            groups.setdefault(Style(info.fill, info.diagonals), []).append(cell)
    ops = [Paint(style, tuple(sorted(group))) for style, group in groups.items()]
    ops += [Write(cell, info.value) for cell, info in sorted(cells.items()) if info.value is not None]
    return PaintPlan(sheet, tuple(ops))
