"""Puzzles in worksheet cells: finding them, reading them, planning the paint.

This layer sits between the solvers and the back ends. It reads a
:class:`~xlsolver.core.protocol.SheetSnapshot` and returns puzzles and
:class:`~xlsolver.core.paint.PaintPlan` values; it imports no spreadsheet library.
"""

from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan, read_givens, read_nonogram, status_sentence
from xlsolver.sheets.nonogram_layout import NonogramLayout, find_layout

__all__ = [
    "NonogramLayout",
    "find_layout",
    "import_plan",
    "nonogram_plan",
    "read_givens",
    "read_nonogram",
    "status_sentence",
]
