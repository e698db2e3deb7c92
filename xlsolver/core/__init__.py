"""Puzzle-independent pieces every solver and front end shares.

Glossary
--------
status   the verdict of a search: unique, multiple, none or gave_up (:class:`Status`).
budget   the time and node limits a search may spend before it gives up (:class:`Budget`).
cell     a ``(row, col)`` pair (:data:`Cell`); 0-based inside a puzzle, 1-based on a sheet.
box      an inclusive sheet range ``(top, left, bottom, right)``, 1-based (:data:`Box`).
plan     what gets painted: styles applied to groups of sheet cells, values written
         to cells (:class:`PaintPlan`). A plan is data; a back end applies it.
back end a workbook behind :class:`WorkbookBackend`: it gives a :class:`SheetSnapshot`
         of a sheet and applies plans. :class:`MemoryWorkbook` is the in-memory one.

This package imports only the standard library. Everything else imports it.
"""

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.errors import InputError, cell_ref, column_letter
from xlsolver.core.geometry import Box, Cell
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.paint import (
    BLACK,
    CLEAR,
    RED,
    WHITE,
    Paint,
    PaintPlan,
    Style,
    Write,
)
from xlsolver.core.protocol import CellInfo, SheetSnapshot, Value, WorkbookBackend
from xlsolver.core.status import Status

__all__ = [
    "BLACK",
    "CLEAR",
    "RED",
    "WHITE",
    "Box",
    "Budget",
    "BudgetExhausted",
    "Cell",
    "CellInfo",
    "InputError",
    "MemoryWorkbook",
    "Paint",
    "PaintPlan",
    "SheetSnapshot",
    "Status",
    "Style",
    "Value",
    "WorkbookBackend",
    "Write",
    "cell_ref",
    "column_letter",
]
