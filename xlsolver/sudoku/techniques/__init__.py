"""Human techniques for sudoku: steps a person can follow, a ladder from the
cheapest technique to the last resort, and a rating from the same steps.

Glossary
--------
grid       what the search knows (:class:`Grid`): placed digits and the
           candidates of the empty cells, as bit sets per cell and per digit.
step       one deduction (:class:`~.step.Step`): technique, the cells and candidates
           it rests on, its placements and eliminations, and a sentence.
technique  a function ``(grid, context) -> Iterator[Step]``, one module per family.
context    what one explanation remembers between steps (:class:`Context`):
           the techniques' caches, made by :func:`explain` and handed to
           every technique; no module keeps state of its own.
links      strong and weak links between candidates (:mod:`.links`), the one
           structure the chain techniques search.
ladder     the techniques in order, cheapest first (:data:`LADDER`).
rating     a score and a level from the steps, and QQWing's class.

Every technique works for every box shape; the uniqueness techniques
assume one solution, which :func:`explain` makes sure of.
"""

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, cell_name
from xlsolver.sudoku.techniques.ladder import LADDER, explain, next_step
from xlsolver.sudoku.techniques.rating import GUESSING, qqwing_class, rate

__all__ = ["Context", "GUESSING", "Grid", "LADDER", "cell_name", "explain", "next_step", "qqwing_class", "rate"]
