"""Puzzles in worksheet cells: finding them, reading them, planning the paint.

This layer sits between the solvers and the back ends. It reads a
:class:`~xlsolver.sheets.protocol.SheetSnapshot` and returns puzzles and
:class:`~xlsolver.core.paint.PaintPlan` values; it imports no spreadsheet library.
"""
