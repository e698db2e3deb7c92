"""What xlsolver painted, kept in the workbook itself so a live back end can
read a painted sheet back cheaply and know which fills are its own.

Glossary
--------
record   for each sheet, the look of every cell xlsolver painted (and has not
         painted back to no look since): ``{sheet: {cell: look}}``.
look     what reading a cell's format gives: ``(fill, diagonals)``, the fill
         ``"RRGGBB"`` or None and whether both diagonal lines are drawn.
row      one sheet and one look, as text cells: ``"sheet NAME"``,
         ``"fill 808080"`` (or ``"fill none"``, with ``" diagonals"`` when
         drawn), then the cells as A1 areas (``"B3:F7,H2"``), split over as
         many cells as needed.

The record lives in a very hidden worksheet, :data:`RECORD_SHEET`, that the
back ends leave out of ``sheet_names()``: no job ever takes it for a puzzle.
Its first row says what it is and how many rows and columns follow, so it is
read in two calls without asking Excel for its used range. Every text starts
with a word, so a spreadsheet never turns one into a number or a formula.
"""

from __future__ import annotations


__all__ = ["RECORD_SHEET"]

RECORD_SHEET = "xlsolver_record"
