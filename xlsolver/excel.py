"""Buttons in Excel, through xlwings.

Each function runs one action on the active sheet of the workbook whose
button called it (``xw.Book.caller()``), or of ``book`` when given (an
``xlwings.Book`` from a Python session or the add-in's "Run main")::

    Sub SolvePuzzle()
        RunPython "import xlsolver.excel; xlsolver.excel.solve()"
    End Sub

:func:`main` runs the action picked in the cell named ``Action``: it is what
the one macro of a workbook built from xlwings' quickstart template calls,
and what the add-in's "Run main" runs. What a press does and where it reports
is in :mod:`xlsolver.buttons`.
"""

from __future__ import annotations

from typing import Any

from xlsolver.backends.xlwings_backend import XlwingsWorkbook, caller_book
from xlsolver.buttons import press
from xlsolver.jobs import Report

__all__ = ["check", "clear", "explain", "generate", "hint", "lite", "main", "run", "solve", "step"]



def run(action: str | None, book: Any = None) -> list[Report]:
    """Run ``action`` (None: the Action cell's) on the active sheet; report in the sheet.
    The status bar is handed back to Excel a moment later, at the next press."""
    live = XlwingsWorkbook(book if book is not None else caller_book())
    return press(live, action)


def lite(action: str | None, book: Any) -> list[Report]:
    """Run ``action`` in xlwings Lite, where ``book`` is the script's argument (see
    ``workbooks/excel/lite/main.py``): values in, fills and values out."""
    return press(XlwingsWorkbook(book, lite=True), action)


def solve(book: Any = None) -> list[Report]:
    """Solve the puzzle on the active sheet and paint the whole answer."""
    return run("solve", book)


def step(book: Any = None) -> list[Report]:
    """Paint the next deduction (one press, one step)."""
    return run("step", book)


def hint(book: Any = None) -> list[Report]:
    """Show the next deduction and why."""
    return run("hint", book)


def check(book: Any = None) -> list[Report]:
    """Paint red the cells the user entered that contradict the puzzle."""
    return run("check", book)


def clear(book: Any = None) -> list[Report]:
    """Back to the puzzle as given."""
    return run("clear", book)


def explain(book: Any = None) -> list[Report]:
    """Write every step of a solution to a Steps sheet."""
    return run("explain", book)


def generate(book: Any = None) -> list[Report]:
    """Make a new puzzle of the sheet's kind, where the kind offers it."""
    return run("generate", book)


def main(book: Any = None) -> list[Report]:
    """The action chosen in the cell named Action (for "Run main" and the template's macro)."""
    return run(None, book)
