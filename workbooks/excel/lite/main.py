"""xlsolver in xlwings Lite: paste this into the add-in's main.py tab.

requirements.txt tab (one line each; xlsolver's wheel from wherever you keep it):

    xlwings
    numpy
    openpyxl
    xlsolver

Each script works on the active sheet: lay a puzzle out (``xlsolver import``
or the bundled workbooks), open it in Excel, start xlwings Lite and press a
script's button. xlwings Lite runs Python in the browser (Pyodide), so
xlsolver runs its plain-Python kernels (no numba there). It reads the sheet's
values, not its fills: mark given cells with # (black) and x (white). White
cells are painted white without the two diagonal lines, which Lite cannot draw.
"""

import os

os.environ.setdefault("XLSOLVER_NO_NUMBA", "1")  # Pyodide has no numba: the plain kernels

import xlwings as xw  # noqa: E402
from xlwings import script  # noqa: E402

from xlsolver.excel import lite  # noqa: E402


@script
def solve(book: xw.Book):
    """Solve the puzzle on the active sheet and paint the whole answer."""
    lite("solve", book)


@script
def step(book: xw.Book):
    """Paint the next deduction."""
    lite("step", book)


@script
def hint(book: xw.Book):
    """Show the next deduction and why."""
    lite("hint", book)


@script
def check(book: xw.Book):
    """Paint red the cells that contradict the puzzle."""
    lite("check", book)


@script
def clear(book: xw.Book):
    """Back to the puzzle as given."""
    lite("clear", book)


@script
def explain(book: xw.Book):
    """Write every step of a solution to a Steps sheet."""
    lite("explain", book)


@script
def run_action_cell(book: xw.Book):
    """The action picked in the cell named Action."""
    lite(None, book)
