"""Takuzu (the binary puzzle, also called Binairo) as a puzzle kind of xlsolver,
added from a distribution of its own through the ``xlsolver.kinds`` entry point.

An even n x n grid of 0s and 1s: in every row and column no three equal cells
side by side and n/2 of each digit; no two rows alike, no two columns alike.

Modules, in the layers xlsolver's own kinds keep (each imports only those above it):

- :mod:`.puzzle`  what a puzzle is, its rules and text form (imports xlsolver.core);
- :mod:`.solver`  line logic and a search that yields solutions;
- :mod:`.sheet`   finding the grid on a sheet and the paint plan of a result;
- :mod:`.job`     the actions (solve, clear), the sample sheet, puzzle files;
- :mod:`.spec`    the KindSpec that the entry point names.

This module imports nothing, so that loading the spec stays cheap.
"""

__all__: list[str] = []
