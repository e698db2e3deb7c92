"""What a sheet shows, for printing it on one page.

A text in a cell that does not wrap runs over its empty right-hand
neighbours as far as it is long, so the box that prints a sheet whole is the
box of its non-blank cells widened by those runs. Widths are in Excel's
character units (the width of a digit of the default font); a text of ``n``
characters at ``p`` points needs about ``n * p / 11`` of them.

One function for every back end that prints (the openpyxl file, the
in-memory fake), so they agree on the box from the same cells and widths.
"""

from __future__ import annotations

from typing import Callable, Mapping

from xlsolver.core.geometry import Box, Cell
from xlsolver.core.protocol import CellInfo

__all__ = ["DEFAULT_WIDTH", "landscape", "shown_box", "square_width"]

DEFAULT_WIDTH = 8.43  # Excel's default column width, in characters
DEFAULT_POINTS = 11.0  # the default font's size
DEFAULT_ROW_POINTS = 15.0
RUN_LIMIT = 200  # columns a text is followed over at most


def square_width(points: float) -> float:
    """A column's width in characters for ``points`` across (pixels = 7 * width + 5
    for the default font, and a point is 4/3 pixel), as files store it."""
    return round(max(0.0, (points * 4 / 3 - 5) / 7), 2)


def shown_box(cells: Mapping[Cell, CellInfo], width: Callable[[int], float],
              points: Callable[[Cell], float | None] = lambda cell: None, box: Box | None = None) -> Box | None:
    """The box of the non-blank ``cells`` (joined with ``box``), widened by the
    columns their texts run over into; ``width(col)`` in characters, ``points(cell)``
    the font size of a cell (None for the default)."""
    rows: list[int] = [] if box is None else [box[0], box[2]]
    cols: list[int] = [] if box is None else [box[1], box[3]]
    for (row, col), info in cells.items():
        if info.blank:
            continue
        rows.append(row)
        cols.append(col)
        if isinstance(info.value, str):
            size = (points((row, col)) or DEFAULT_POINTS) / DEFAULT_POINTS
            cols.append(_run_end(cells, width, row, col, len(info.value) * size))
    if not rows:
        return None
    return min(rows), min(cols), max(rows), max(cols)


def _run_end(cells: Mapping[Cell, CellInfo], width: Callable[[int], float], row: int, col: int, need: float) -> int:
    end, room = col, width(col)
    while room < need and end - col < RUN_LIMIT:
        neighbour = cells.get((row, end + 1))
        if neighbour is not None and neighbour.value not in (None, ""):
            break  # the text stops at a cell that holds something
        end += 1
        room += width(end)
    return end


def landscape(box: Box, width: Callable[[int], float], height: Callable[[int], float | None]) -> bool:
    """Is the box wider than tall on paper (a character about 7 pixels, a point 4/3)?"""
    top, left, bottom, right = box
    across = sum(7 * width(col) + 5 for col in range(left, right + 1))
    down = sum((height(row) or DEFAULT_ROW_POINTS) * 4 / 3 for row in range(top, bottom + 1))
    return across > down
