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

from xlsolver.core.lazy import lazy_names

# Where each name lives. The package loads a module when one of its names is first
# asked for (PEP 562), so a command that needs an error class does not import the
# paint plan, the protocol and the in-memory workbook too: start-up stays small.
_HOMES = {
    "BLACK": "paint",
    "Box": "geometry",
    "Budget": "budget",
    "BudgetExhausted": "budget",
    "CLEAR": "paint",
    "Cell": "geometry",
    "CellInfo": "protocol",
    "InputError": "errors",
    "MemoryWorkbook": "memory",
    "Paint": "paint",
    "PaintPlan": "paint",
    "RED": "paint",
    "SheetSnapshot": "protocol",
    "Status": "status",
    "Style": "paint",
    "Value": "protocol",
    "WHITE": "paint",
    "WorkbookBackend": "protocol",
    "Write": "paint",
    "cell_ref": "errors",
    "column_letter": "errors",
}


__getattr__ = lazy_names(__name__, {name: f"xlsolver.core.{home}" for name, home in _HOMES.items()})


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
