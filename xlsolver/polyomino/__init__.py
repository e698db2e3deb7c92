"""Polyomino tiling: pieces made of unit squares packed into a board drawn in cells.

Glossary
--------
cell         a ``(row, col)`` pair, 0-based.
shape        a sorted tuple of cells translated to the origin (a fixed polyomino).
orientation  one fixed form a piece may take: 8 symmetries for a *free* piece,
             the 4 rotations for a *one-sided* piece, itself for a *fixed* one (:class:`Mode`).
piece        a named shape with its mode and how many identical copies the set holds (:class:`Piece`).
set          a list of pieces: ``pentominoes`` (F I L N P T U V W X Y Z), ``tetrominoes`` ...
board        the open cells to cover, any shape, holes allowed (:class:`Board`).
placement    a piece's name and the board cells one of its orientations covers.
tiling       the sorted placements of one solution (every open cell covered once).
symmetry     a symmetry of the square mapping the board onto itself; tilings that one
             maps onto another are the same "up to symmetry".

This package imports only core, the standard library, numpy and (when present) numba.
"""

from xlsolver.core.lazy import lazy_names
from xlsolver.polyomino.board import Board, problems
from xlsolver.polyomino.pieces import (
    PENTOMINOES,
    TRANSFORMS,
    Mode,
    Piece,
    canonical,
    format_shape,
    full_set,
    is_connected,
    normalize,
    one_sided,
    orientations,
    parse_piece_spec,
    parse_shape,
    polyominoes,
)
from xlsolver.core.progress import Progress

_SOLVER_NAMES = ("Placement", "Tiler", "Tiling", "TilingResult", "placements", "solve")

__all__ = [
    "PENTOMINOES",
    "Board",
    "Placement",
    "Progress",
    "Tiler",
    "Tiling",
    "TilingResult",
    "TRANSFORMS",
    "Mode",
    "Piece",
    "canonical",
    "format_shape",
    "full_set",
    "is_connected",
    "normalize",
    "one_sided",
    "orientations",
    "parse_piece_spec",
    "parse_shape",
    "placements",
    "polyominoes",
    "problems",
    "solve",
]

# The solver's names load when first asked for: reading a puzzle from a sheet, to tell
# which kind it is, loads no solver.
__getattr__ = lazy_names(__name__, dict.fromkeys(_SOLVER_NAMES, "xlsolver.polyomino.solver"))
