"""Sudoku of any box shape: n x n grids cut into boxes of r rows by c columns.

Glossary
--------
shape      the box size ``r x c``; the grid is ``n = r * c`` cells a side
           (:class:`Shape`). The usual box for n is the squarest: 6 -> 2x3.
unit       a row, column or box: n cells that hold each digit once.
peer       a cell sharing a unit with another.
given      a digit of the puzzle; ``0`` for an empty cell (:class:`Sudoku`).
digit      1..n, written 1-9 then A-Z (16x16: 1-9, A-G).
candidates what the search knows: one bit set per cell, bit d-1 for digit d.
naked single   a cell with one candidate left: its peers lose that digit.
hidden single  a digit with one possible cell left in a unit: it goes there.
result     the verdict, up to two solutions and the digits all solutions
           share (:class:`SudokuResult`).

Cells are flat indices ``r * n + c`` (0-based, row by row) in this package.
"""

from xlsolver.core.lazy import lazy_names
from xlsolver.sudoku.model import Shape, Sudoku, is_solution, read_lines
_SOLVER_NAMES = ("SudokuResult", "count_solutions", "solve", "solve_many")

__all__ = [
    "Shape", "Sudoku", "SudokuResult", "count_solutions", "is_solution", "read_lines", "solve",
    "solve_many",
]

# The solver's names load when first asked for: reading a puzzle from a sheet, to tell
# which kind it is, loads no solver.
__getattr__ = lazy_names(__name__, dict.fromkeys(_SOLVER_NAMES, "xlsolver.sudoku.solver"))
