"""Nonograms (paint by numbers), black and white.

Glossary
--------
clue      the run lengths of one line, in order: ``(3, 1)`` means a block of 3
          black cells, then at least one white, then a block of 1. ``()`` is an
          empty line (written ``0`` in a sheet).
block     one run of black cells described by one number of a clue.
line      a row or a column, addressed as ``Line("row", i)`` / ``Line("col", j)``.
puzzle    the clues of every row and column (:class:`Nonogram`, immutable).
state     what the search knows: a grid of ``UNKNOWN``, ``BLOCK`` or ``DOT`` cells
          (numpy int8). ``BLOCK | DOT == UNKNOWN``, so the deduction for a line
          is the OR over all of its feasible placements (Tatham's trick).
givens    cells the user painted before solving: a state grid the solver respects.
result    the verdict with its solutions and the cells every solution agrees on
          (:class:`NonogramResult`).

Colour puzzles (:mod:`.colour`, :mod:`.colour_line`, :mod:`.colour_solver`) add
a palette and blocks of ``(length, colour)``; see :mod:`.colour` for their
glossary. Files in every supported format are read and written through
:mod:`.formats`.

Indices are ``(row, col)``, 0-based, everywhere in this package.
"""

from xlsolver.core.lazy import lazy_names
from xlsolver.nonogram.line import block_ranges, solve_line
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Conflict, Line, Nonogram, NonogramResult, format_grid, parse_grid
from xlsolver.nonogram.solver import solutions, solve

__all__ = [
    "BLOCK",
    "DOT",
    "UNKNOWN",
    "Conflict",
    "Line",
    "NonFile",
    "Nonogram",
    "NonogramResult",
    "block_ranges",
    "format_grid",
    "parse_grid",
    "read_non",
    "solutions",
    "solve",
    "solve_line",
    "write_non",
]


# The .non file names load when first asked for: a puzzle read from a sheet needs no file format.
__getattr__ = lazy_names(__name__, dict.fromkeys(("NonFile", "read_non", "write_non"), "xlsolver.nonogram.formats_non"))
