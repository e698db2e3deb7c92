"""Puzzle-independent pieces every solver and front end shares.

Glossary
--------
status   the verdict of a search: unique, multiple, none or gave_up (:class:`Status`).
budget   the time and node limits a search may spend before it gives up (:class:`Budget`).
cell     a ``(row, col)`` pair; 0-based inside a puzzle, 1-based on a sheet.
plan     what gets painted: styles applied to groups of sheet cells, values written
         to cells (:class:`PaintPlan`). A plan is data; a back end applies it.

This package imports only the standard library. Everything else imports it.
"""

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.errors import InputError, cell_ref, column_letter
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
from xlsolver.core.status import Status

__all__ = [
    "BLACK",
    "CLEAR",
    "RED",
    "WHITE",
    "Budget",
    "BudgetExhausted",
    "InputError",
    "Paint",
    "PaintPlan",
    "Status",
    "Style",
    "Write",
    "cell_ref",
    "column_letter",
]
