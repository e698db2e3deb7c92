"""What the course's workbook scripts share: a nonogram drawn as text, its clues,
and the VBA analyzer's layout in a sheet (column hints stacked above the grid,
row hints to its left, the last number of each clue next to the grid).

Pictures are strings, one a row: ``#`` black, ``.`` white. The clues are computed
from the picture, so they cannot drift from it.
"""

from __future__ import annotations

from openpyxl.styles import Alignment, Border, Side
from openpyxl.utils import get_column_letter

Clue = tuple[int, ...]

THIN = Side(style="thin", color="FFA0A0A0")
GRID_BORDER = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
CENTRED = Alignment(horizontal="center", vertical="center")
CELL_WIDTH = 3.7  # characters: with CELL_HEIGHT, a square cell
CELL_HEIGHT = 20  # points


def runs(line: str) -> Clue:
    """The lengths of the runs of ``#`` in ``line``, in order: ``"##.#"`` -> ``(2, 1)``."""
    return tuple(len(run) for run in line.split(".") if run)


def clues_of(picture: list[str]) -> tuple[tuple[Clue, ...], tuple[Clue, ...]]:
    """The row clues and the column clues of a picture."""
    columns = ["".join(row[j] for row in picture) for j in range(len(picture[0]))]
    return tuple(map(runs, picture)), tuple(map(runs, columns))


def lay_out_nonogram(ws, rows: tuple[Clue, ...], cols: tuple[Clue, ...], top: int, left: int) -> None:
    """Write the clues around a grid whose top-left cell is (``top``, ``left``), one
    number a cell, ``0`` for an empty line; frame the grid's cells and make every
    cell from column 1 and row 1 to the grid's far corner square."""
    for i, clue in enumerate(rows):
        for k, number in enumerate(reversed(clue or (0,))):
            ws.cell(top + i, left - 1 - k, number).alignment = CENTRED
    for j, clue in enumerate(cols):
        for k, number in enumerate(reversed(clue or (0,))):
            ws.cell(top - 1 - k, left + j, number).alignment = CENTRED
    for r in range(top, top + len(rows)):
        for c in range(left, left + len(cols)):
            ws.cell(r, c).border = GRID_BORDER
    for c in range(1, left + len(cols)):
        ws.column_dimensions[get_column_letter(c)].width = CELL_WIDTH
    for r in range(1, top + len(rows)):
        ws.row_dimensions[r].height = CELL_HEIGHT
