"""How much xlsolver agrees to read: the size of a puzzle, of the part of a
sheet it looks at, and of a file. Input larger than this is refused with a
message that names the limit and the option that raises it, before any work
that grows with it (a file that declares a 100000x100000 grid allocates
nothing).

Budgets bound the time a search may take; limits bound everything before the
search: reading a file, reading a sheet, building the model.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT_LIMITS", "LIMIT_OPTION", "Limits"]

LIMIT_OPTION = "--max-cells"
"""The command-line option that raises :attr:`Limits.puzzle_cells` and :attr:`Limits.sheet_cells`."""


@dataclass(frozen=True)
class Limits:
    """The largest input accepted.

    ``puzzle_cells``  cells of one puzzle's grid or board (rows x columns)
    ``sheet_cells``   cells of a sheet's area read when looking for a puzzle
    ``file_bytes``    bytes of a puzzle file, an image, or one part of a workbook
    ``digits``        digits of a number in a clue, a size or a cell
    """

    puzzle_cells: int = 1_000_000
    sheet_cells: int = 4_000_000
    file_bytes: int = 64 * 1024 * 1024
    digits: int = 9

    def check_puzzle(self, rows: int, cols: int, where: str = "") -> None:
        """Raise InputError when a ``rows`` x ``cols`` puzzle is above the limit."""
        from xlsolver.core.errors import InputError

        if rows * cols > self.puzzle_cells:
            raise InputError(f"a {cols}x{rows} puzzle has {rows * cols:,} cells, more than the limit of "
                             f"{self.puzzle_cells:,} (raise it with {LIMIT_OPTION})", where)

    def check_sheet(self, cells: int, sheet: str) -> None:
        """Raise InputError, naming ``sheet``, when it holds more than ``sheet_cells`` cells
        (every back end words a sheet too large to read the same way)."""
        from xlsolver.core.errors import InputError

        if cells > self.sheet_cells:
            raise InputError(f"the sheet holds {cells:,} cells, more than the limit of {self.sheet_cells:,} "
                             f"xlsolver reads (raise it with {LIMIT_OPTION})", sheet)

    def scaled(self, cells: int) -> "Limits":
        """These limits with ``cells`` as the puzzle limit and the sheet area raised with it."""
        return Limits(cells, max(self.sheet_cells, 4 * cells), self.file_bytes, self.digits)


DEFAULT_LIMITS = Limits()
