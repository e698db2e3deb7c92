"""The sudoku layout: an n x n block of cells holding the givens.

::

    A1      title (optional): "Sudoku 9x9", "Sudoku 6x6 (3x2 boxes)"
    A3:I11  the grid, givens typed in (1-9; for n > 9 letters A.. or numbers 10..)
    A13     status cell: two rows below the grid, at its left edge

Glossary
--------
block     the n x n range of the grid, found in this order: a defined name
          containing "sudoku"; else a title cell naming a sudoku and its size
          ("Sudoku 9x9"), with the grid two rows below it in its column, when
          every digit of the sheet lies in that grid; else the bounding box of
          the cells holding digits. A puzzle with an empty first or last row or
          column needs the name or the title (the box of its digits is not square).
box shape the usual one for n (6x6: boxes 2 rows by 3 columns), unless the
          title names another ("3x2 boxes").
symbol    a cell value that may be a digit: 1-35 as a number, or one of
          ``1-9``, ``A-Z`` as text. ``0`` and ``.`` are empty cells.
solver digit  a digit the solver writes; it gets the font colour SOLVED_FONT,
          while the givens keep their look.

Sheet cells are 1-based ``(row, col)``; grid cells are flat 0-based indices.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Box, Cell
from xlsolver.core.paint import (
    CLEAR,
    RED,
    GridLines,
    PaintPlan,
    PrintSetup,
    SquareCells,
    Style,
    TextLook,
    Write,
    group_by_style,
)
from xlsolver.core.status import Status
from xlsolver.core.protocol import SheetSnapshot, Value
from xlsolver.sheets.cells import is_digits, shown
from xlsolver.sudoku.model import SYMBOLS, Shape, Sudoku

if TYPE_CHECKING:  # annotations only: reading a sheet loads no solver
    from xlsolver.sudoku.solver import SudokuResult

__all__ = [
    "INDEX_TITLE",
    "SOLVED_FONT",
    "SudokuLayout",
    "detect_sudoku",
    "locate_sudoku",
    "read_sudoku",
    "sudoku_import_plan",
    "sudoku_index_plan",
    "sudoku_plan",
    "sudoku_print_frame",
    "sudoku_print_plan",
    "sudoku_status_sentence",
]

SOLVED_FONT = "1F5FBF"  # blue: the solver's digits, told apart from the givens at a glance
SOLVED = Style(font_colour=SOLVED_FONT)
NO_SUDOKU = ("no sudoku found: expected an n x n block of digits, a title such as \"Sudoku 9x9\" two rows "
             "above the grid, or a defined name containing \"sudoku\"")
_TYPOS = 2  # a typo or two ("x", a 10 in a 9x9) is still a sudoku, reported at its cell
_SIZE = re.compile(r"(?<![0-9])([0-9]{1,9})\s*[x×]\s*([0-9]{1,9})(?![0-9])", re.IGNORECASE)
# Every n that has a box shape of at least 2 rows (primes have none), up to 35 symbols.
SIZES = (4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25, 26, 27, 28, 30, 32, 33, 34, 35)


@dataclass(frozen=True)
class SudokuLayout:
    """Where a sudoku sits: its top-left cell, its shape, whether it writes
    letters for digits above 9, and the cells left red by an earlier run."""

    top: int
    left: int
    shape: Shape
    letters: bool = True
    stale: frozenset[Cell] = frozenset()

    @property
    def n(self) -> int:
        return self.shape.n

    def cell(self, index: int) -> Cell:
        r, c = divmod(index, self.n)
        return (self.top + r, self.left + c)

    @property
    def status_cell(self) -> Cell:
        return (self.top + self.n + 1, self.left)

    @property
    def range(self) -> str:
        return f"{cell_ref(self.top, self.left)}:{cell_ref(self.top + self.n - 1, self.left + self.n - 1)}"

    def shown(self, digit: int) -> str | int:
        return SYMBOLS[digit - 1] if (digit > 9 and self.letters) else digit


# --- reading values ---------------------------------------------------------

def _symbol(value: Value) -> int | None:
    """The digit a value may stand for (1..35), 0 for an empty mark, None otherwise."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return int(value) if 0 <= value <= len(SYMBOLS) and float(value).is_integer() else None
    text = value.strip().upper()
    if text in ("", ".", "0"):
        return 0
    if is_digits(text):  # ASCII only: "2³" and "②" are no digits (int() refuses them)
        number = text.lstrip("0") or "0"
        return int(number) if len(number) <= 2 and int(number) <= len(SYMBOLS) else None
    return SYMBOLS.index(text) + 1 if len(text) == 1 and text in SYMBOLS else None


def _shown(value: Value) -> str:
    return shown(value)


# --- finding the block ------------------------------------------------------

def _named_block(snap: SheetSnapshot) -> Box | None:
    for name in sorted(snap.names):
        if "sudoku" in name.lower():
            return snap.names[name]
    return None


def _title_block(snap: SheetSnapshot) -> tuple[Box, Shape | None] | None:
    """The block a title such as "Sudoku 9x9 (3x3 boxes)" announces: n x n,
    two rows below the title, in its column; the box shape when it names one."""
    for (row, col), info in sorted(snap.cells.items()):
        if not isinstance(info.value, str) or "sudoku" not in info.value.lower():
            continue
        sizes = [(int(a), int(b)) for a, b in _SIZE.findall(info.value)]
        n = next((a for a, b in sizes if a == b and a in SIZES), None)
        if n is None:
            continue
        shape = next((Shape(a, b) for a, b in sizes if a * b == n and (a, b) != (n, n)), None)
        return (row + 2, col, row + n + 1, col + n - 1), shape
    return None


def _digit_cells(snap: SheetSnapshot) -> dict[Cell, int]:
    return {cell: d for cell, info in snap.cells.items() if (d := _symbol(info.value))}


def _bounding_box(cells) -> Box | None:
    if not cells:
        return None
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return (min(rows), min(cols), max(rows), max(cols))


def _locate(snap: SheetSnapshot) -> tuple[Box, Shape | None, str] | None:
    """The block, a box shape the sheet asks for (or None) and how it was found."""
    named = _named_block(snap)
    if named is not None:
        return named, None, "name"
    digits = _digit_cells(snap)
    box = _bounding_box(digits)
    titled = _title_block(snap)
    if titled is not None and all(_inside(cell, titled[0]) or _apart(cell, titled[0]) for cell in digits):
        return titled[0], titled[1], "title"
    return None if box is None else (box, None, "digits")


NOTE_DISTANCE = 3
"""A lone digit at least this many cells away from a titled grid is a note beside it, not a given out of place."""


def _apart(cell: Cell, box: Box) -> bool:
    r, c = cell
    top, left, bottom, right = box
    return max(top - r, r - bottom, left - c, c - right) >= NOTE_DISTANCE


def detect_sudoku(snap: SheetSnapshot) -> bool:
    """Cheap and strict. A named block; or a block announced by a title (an
    empty grid too) that holds every digit of the sheet but notes at least
    NOTE_DISTANCE cells away from it, with at most two typos; or a square block of digits of a sudoku
    size in which every box but at most one holds a given, and units repeat a
    digit rarely (a nonogram's hints leave its grid's boxes empty and repeat
    small numbers; a polyomino board repeats its letters)."""
    if str(snap.value(1, 1) or "").startswith(INDEX_TITLE):
        return False  # the Index of a generated batch lists puzzles; it is none
    return _claims(snap, _locate(snap))


def _claims(snap: SheetSnapshot, found) -> bool:
    """Whether the block :func:`_locate` found (or None) makes this a sudoku sheet."""
    if found is None:
        return False
    box, shape, how = found
    if how == "name":
        return True
    top, left, bottom, right = box
    n = bottom - top + 1
    if n != right - left + 1 or n not in SIZES:
        return False
    inside = [_symbol(info.value) for cell, info in snap.cells.items() if _inside(cell, box)]
    if sum(1 for d in inside if d is None or d > n) > _TYPOS:
        return False
    digits = {cell: d for cell, d in _digit_cells(snap).items() if d <= n}
    if how == "title":  # the title says so, and every digit of the sheet is in its grid
        return True
    if len(digits) < n:
        return False
    shape = Shape.usual(n)
    filled = {((r - top) // shape.box_rows, (c - left) // shape.box_cols) for r, c in digits}
    if len(filled) < n - 1:
        return False
    puzzle = Sudoku(shape, tuple(digits.get((top + i // n, left + i % n), 0) for i in range(n * n)))
    return len(puzzle.duplicates()) <= 2 and Counter(digits.values()).most_common(1)[0][1] <= n + 2


def _inside(cell: Cell, box: Box) -> bool:
    return box[0] <= cell[0] <= box[2] and box[1] <= cell[1] <= box[3]


def _inside_box(inner: Box, outer: Box) -> bool:
    return _inside(inner[:2], outer) and _inside(inner[2:], outer)


# --- reading the puzzle -----------------------------------------------------

def locate_sudoku(snap: SheetSnapshot) -> tuple[SudokuLayout, Sudoku] | InputError | None:
    """One pass over a sheet: None when it holds no sudoku (see :func:`detect_sudoku`),
    else its layout and givens, or the InputError that names the cell at fault."""
    if str(snap.value(1, 1) or "").startswith(INDEX_TITLE):
        return None
    found = _locate(snap)
    if not _claims(snap, found):
        return None
    try:
        return read_sudoku(snap, found=found)
    except InputError as err:
        return err


def read_sudoku(snap: SheetSnapshot, shape: Shape | None = None, found=None) -> tuple[SudokuLayout, Sudoku]:
    """The layout and the givens. Raises InputError naming the sheet and cell
    for a block that is not square or not a sudoku size, and for a value that
    is not a digit of this size. ``found``: the block :func:`_locate` found, when
    the caller looked already."""
    found = found or _locate(snap)
    if found is None:
        raise InputError(NO_SUDOKU, snap.name)
    box, asked, _ = found
    top, left, bottom, right = box
    height, width = bottom - top + 1, right - left + 1
    where = f"{cell_ref(top, left)}:{cell_ref(bottom, right)}"
    if height != width:
        raise InputError.at_cell(f"the block of digits {where} is {width} columns by {height} rows; a sudoku "
                                 "is square (when an edge row or column is empty, put a title such as "
                                 "\"Sudoku 9x9\" two rows above the grid, or name the grid's range with a "
                                 "defined name containing \"sudoku\")", snap.name, top, left)
    try:
        shape = shape or asked or Shape.usual(height)
    except ValueError:
        raise InputError.at_cell(f"the block {where} is {height}x{height}, a size that no box of at least 2 rows "
                                 "divides (sudoku sizes: 4, 6, 8, 9, 10, 12, 16, 25 ...)", snap.name, top, left) from None
    if shape.n != height:
        raise InputError.at_cell(f"a {shape} box needs a {shape.n}x{shape.n} block, not {where}", snap.name, top, left)
    n = shape.n
    if n > len(SYMBOLS):
        raise InputError.at_cell(f"the block {where} is {n}x{n}; a sudoku has at most {len(SYMBOLS)} rows "
                                 f"(digits 1-9 and letters A-Z)", snap.name, top, left)
    cells, letters_seen, numbers_seen = [], False, False
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            value = snap.value(r, c)
            digit = _symbol(value) if value not in (None, "") else 0
            if digit is None or digit > n:
                raise InputError.at_cell(f'"{_shown(value)}" is not a digit of a {n}x{n} sudoku '
                                         f"(use 1-{_range_text(n)}, or leave the cell empty)", snap.name, r, c)
            if digit > 9:
                is_letter = isinstance(value, str) and value.strip().isalpha()
                letters_seen |= is_letter
                numbers_seen |= not is_letter
            cells.append(digit)
    stale = frozenset(cell for cell, info in snap.cells.items() if info.fill == RED.fill and _inside(cell, box))
    layout = SudokuLayout(top, left, shape, letters=letters_seen or not numbers_seen, stale=stale)
    return layout, Sudoku(shape, tuple(cells))


def _range_text(n: int) -> str:
    return str(n) if n <= 9 else f"9 and A-{SYMBOLS[n - 1]} (or 10-{n})"


# --- painting ---------------------------------------------------------------

def sudoku_plan(layout: SudokuLayout, puzzle: Sudoku, result: SudokuResult, sheet: str) -> PaintPlan:
    """Write the solver's digits (all of a unique solution, the shared ones of
    several) in the solver's colour; givens keep their look. For no solution,
    paint red where the solver's propagation broke (the repeated givens, the unit
    with no place for a digit or the cell with no digit) and the givens that
    rule its digits out; nothing when only the search found it. Write the verdict."""
    styled: dict[Cell, Style] = {cell: CLEAR for cell in layout.stale}
    writes: list[Write] = []
    for i, digit in enumerate(result.known):
        if digit and not puzzle.cells[i]:
            styled[layout.cell(i)] = SOLVED
            writes.append(Write(layout.cell(i), layout.shown(digit)))
    if result.status == Status.NONE and result.conflict is not None:
        styled.update({layout.cell(i): RED for i in result.conflict.cells})
    status = Write(layout.status_cell, sudoku_status_sentence(layout, result))
    return PaintPlan(sheet, group_by_style(styled) + tuple(writes) + (status,))


def sudoku_status_sentence(layout: SudokuLayout, result: SudokuResult) -> str:
    """The verdict in words, naming the sheet cells of a contradiction."""
    if result.status == Status.GAVE_UP:
        return f"{result.message} after {result.seconds:.3g} s"
    if result.status == Status.NONE and result.conflict is not None:
        conflict = result.conflict
        place = tuple(i for i in conflict.cells if i not in conflict.givens)
        where = _cells_text(layout, place)
        if conflict.givens:
            where += f"; givens {_cells_text(layout, conflict.givens)}"
        return f"no solution: {conflict.reason} ({where})"
    return result.message


def _cells_text(layout: SudokuLayout, cells: tuple[int, ...]) -> str:
    """``B3, F3`` for a few cells, ``B3:J3`` for a whole row or column, ``B3:D5``
    for a whole box."""
    refs = [cell_ref(*layout.cell(i)) for i in sorted(cells)]
    if len(refs) <= 4 or len(cells) != layout.n:
        return ", ".join(refs)
    return f"{refs[0]}:{refs[-1]}"


def sudoku_title(shape: Shape, name: str = "") -> str:
    """A title the layout reads back: ``Sudoku 9x9``, ``Sudoku 6x6 (3x2 boxes)``,
    then ``name``. It marks the grid even when an edge row or column is empty."""
    n = shape.n
    try:
        usual = Shape.usual(n) == shape
    except ValueError:
        usual = False
    boxes = "" if usual else f" ({shape} boxes)"
    return f"Sudoku {n}x{n}{boxes}{' ' + name if name else ''}"


def sudoku_import_plan(puzzle: Sudoku, sheet: str, title: str | None = None, *,
                       origin: Cell = (1, 1), letters: bool = True) -> PaintPlan:
    """Lay a puzzle out for printing: the title at ``origin`` (``title`` after
    the one :func:`sudoku_title` makes, which marks the grid), the grid two rows
    below, thin lines round every cell and medium ones round every box, digits centred."""
    top, left = origin[0] + 2, origin[1]
    n, br, bc = puzzle.n, puzzle.shape.box_rows, puzzle.shape.box_cols
    layout = SudokuLayout(top, left, puzzle.shape, letters)
    ops: list = [Write(origin, sudoku_title(puzzle.shape, title or ""))]
    ops += [Write(layout.cell(i), layout.shown(d)) for i, d in enumerate(puzzle.cells) if d]
    ops += [GridLines(top + r, left + c, top + r + br - 1, left + c + bc - 1, every=n)
            for r in range(0, n, br) for c in range(0, n, bc)]
    ops.append(SquareCells(top, left, top + n - 1, left + n - 1, size=24.0 if n <= 16 else 20.0))
    ops.append(TextLook(top, left, top + n - 1, left + n - 1))  # digits centred in their cells
    return PaintPlan(sheet, tuple(ops))


# A printed grid fills about this many points across a portrait page (A4 and Letter
# both leave ~530 pt between default margins); cells stop growing at PRINT_CELL_MAX.
PRINT_WIDTH = 500.0
PRINT_CELL_MAX = 56.0


def sudoku_print_frame(shape: Shape, sheet: str) -> PaintPlan:
    """The look of a printed grid, without its digits: thin lines round every
    cell and medium ones round every box, cells as large as a page allows,
    a big centred font in the grid and a bold title in A1."""
    n = shape.n
    size = round(min(PRINT_CELL_MAX, PRINT_WIDTH / n), 1)
    base = sudoku_import_plan(Sudoku.empty(shape), sheet)
    ops = [op for op in base.ops if isinstance(op, GridLines)]  # the frame's own sizes and fonts follow
    ops += [SquareCells(3, 1, n + 2, n, size=size), TextLook(3, 1, n + 2, n, size=round(size * 0.55)),
            TextLook(1, 1, 1, 1, size=14, bold=True, centred=False)]
    return PaintPlan(sheet, tuple(ops))


def sudoku_print_plan(puzzle: Sudoku, sheet: str, title: str | None = None, *,
                      letters: bool = True, frame: bool = True) -> PaintPlan:
    """A puzzle laid out as :func:`sudoku_import_plan` does, ready to print:
    the :func:`sudoku_print_frame` (left out with ``frame=False``, for a sheet
    copied from one already framed), the title and the givens, and the title
    and grid as the print area, fitted to one page."""
    n = puzzle.n
    values = [op for op in sudoku_import_plan(puzzle, sheet, title, letters=letters).ops if isinstance(op, Write)]
    ops = (sudoku_print_frame(puzzle.shape, sheet).ops if frame else ()) + tuple(values)
    return PaintPlan(sheet, ops + (PrintSetup(1, 1, n + 2, n),))


INDEX_TITLE = "Index of generated puzzles"


def sudoku_index_plan(sheet: str, title: str, parameters: list[tuple[str, object]],
                      header: list[str], rows: list[list[object]]) -> PaintPlan:
    """The index of a generated batch: ``INDEX_TITLE: title`` in bold in A1,
    the run's parameters as ``name: value`` lines from A3, then a table with
    ``header`` in bold and one row per puzzle. Nothing numeric lies above or
    left of the table's first column, so no puzzle finder takes its numbers
    for a grid and its hints; :func:`detect_sudoku` passes it over by its title."""
    ops: list = [Write((1, 1), f"{INDEX_TITLE}: {title}"), TextLook(1, 1, 1, 1, size=14, bold=True, centred=False)]
    ops += [Write((3 + k, 1), f"{name}: {value}") for k, (name, value) in enumerate(parameters)]
    top = 3 + len(parameters) + 1
    ops += [Write((top, 1 + c), name) for c, name in enumerate(header)]
    ops.append(TextLook(top, 1, top, len(header), bold=True, centred=False))
    ops += [Write((top + 1 + r, 1 + c), value) for r, row in enumerate(rows) for c, value in enumerate(row)]
    return PaintPlan(sheet, tuple(ops))
