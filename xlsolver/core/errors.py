"""Errors in the user's input, located by sheet and cell.

A mistake in a sheet is not a bug: it is reported as one line that names the
place (``Nonogram!C4: hint "x" is not a number``) and never as a traceback.
"""

from __future__ import annotations

__all__ = ["InputError", "cell_ref", "column_letter"]


def column_letter(col: int) -> str:
    """1-based column number to its letters: 1 -> A, 27 -> AA."""
    if col < 1:
        raise ValueError(f"column {col} is not 1-based")
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("A") + rem) + letters
    return letters


def cell_ref(row: int, col: int) -> str:
    """1-based (row, col) to an A1 reference: (4, 3) -> C4."""
    return f"{column_letter(col)}{row}"


class InputError(Exception):
    """A mistake in the user's input. ``str()`` gives the one line to show them.

    ``where`` is the place: a sheet and cell, a file and line, or empty.
    """

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where

    @classmethod
    def at_cell(cls, message: str, sheet: str, row: int, col: int) -> "InputError":
        """An error at a 1-based sheet cell: ``Sheet!C4: message``."""
        return cls(message, f"{sheet}!{cell_ref(row, col)}")

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
