"""Polyomino tiling: pieces made of unit squares packed into a board drawn in cells.

Glossary
--------
cell         a ``(row, col)`` pair, 0-based.
shape        a sorted tuple of cells translated to the origin (a fixed polyomino).
orientation  one fixed form a piece may take: 8 symmetries for a *free* piece,
             the 4 rotations for a *one-sided* piece, itself for a *fixed* one (:class:`Mode`).
piece        a named shape with its mode and how many identical copies the set holds (:class:`Piece`).
set          a list of pieces: ``pentominoes`` (F I L N P T U V W X Y Z), ``tetrominoes`` ...

This package imports only core and the standard library.
"""

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

__all__ = [
    "PENTOMINOES",
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
    "polyominoes",
]
