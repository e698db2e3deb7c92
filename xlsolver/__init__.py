"""xlsolver: logic-puzzle solvers that live in a spreadsheet.

Read a puzzle from worksheet cells, solve it completely (unique, several
solutions, no solution, or gave up at a stated budget), and paint the result
back in the colours of the VBA nonogram analyzer it descends from.
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
