"""Buttons of xlsolver_polyomino.xlsm and xlsolver_polyomino.xlsx (written by ``xlsolver excel``).

The Run button of the .xlsm and the xlwings add-in's "Run main" both call
main(), which runs the action picked in the sheet's Action cell. To try it
from a terminal with the workbook open in Excel:  python xlsolver_polyomino.py
"""

import xlwings as xw

from xlsolver.excel import check, clear, explain, generate, hint, solve, step  # noqa: F401 - one per button
from xlsolver.excel import main as _main


def main():
    _main()


if __name__ == "__main__":
    xw.Book("xlsolver_polyomino.xlsm").set_mock_caller()
    main()
