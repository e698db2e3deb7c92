"""Puzzles in worksheet cells: finding them, reading them, planning the paint.

This layer sits between the solvers and the back ends. It reads a
:class:`~xlsolver.core.protocol.SheetSnapshot` and returns puzzles and
:class:`~xlsolver.core.paint.PaintPlan` values; it imports no spreadsheet library.
One module (or a few) per puzzle kind; import from them, so that working on one
kind loads no other kind's solver.
"""

__all__: list[str] = []
