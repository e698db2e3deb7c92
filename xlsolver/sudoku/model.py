"""What a sudoku *is* (shape and givens) and its compact text form."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from xlsolver.core.limits import DEFAULT_LIMITS, Limits

__all__ = ["SYMBOLS", "Shape", "Sudoku", "is_solution", "read_lines"]

# Digits 1..9 then letters: 16x16 uses 1-9 and A-G, 25x25 1-9 and A-P.
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
EMPTY = ".0"
MAX_SIZE = len(SYMBOLS)


@dataclass(frozen=True)
class Shape:
    """A grid of ``n = box_rows * box_cols`` rows and columns, cut into boxes
    of ``box_rows`` rows by ``box_cols`` columns."""

    box_rows: int
    box_cols: int

    def __post_init__(self) -> None:
        if self.box_rows < 1 or self.box_cols < 1 or self.n < 2 or self.n > MAX_SIZE:
            raise ValueError(f"box {self.box_rows}x{self.box_cols} gives no sudoku of 2 to {MAX_SIZE} digits")

    @classmethod
    @lru_cache(maxsize=64)
    def usual(cls, n: int) -> "Shape":
        """The usual box for an n x n grid: as square as possible, wider than tall
        (6 -> 2x3, 12 -> 3x4, 16 -> 4x4). Prime sizes have no box shape."""
        rows = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0) if n >= 1 else 0
        if rows < 2:
            raise ValueError(f"{n}x{n} has no usual box shape; give one such as --box 2x3")
        return cls(rows, n // rows)

    @classmethod
    def parse(cls, text: str) -> "Shape":
        """``"2x3"`` -> Shape(2, 3)."""
        try:
            r, c = (int(p) for p in text.lower().split("x"))
        except ValueError:
            raise ValueError(f'box "{text}" is not ROWSxCOLS, such as 3x3 or 2x3') from None
        return cls(r, c)

    @property
    def n(self) -> int:
        return self.box_rows * self.box_cols

    def __str__(self) -> str:
        return f"{self.box_rows}x{self.box_cols}"

    @property
    def units(self) -> tuple[tuple[int, ...], ...]:
        """Every row, then every column, then every box, as flat cell indices."""
        return _units(self.box_rows, self.box_cols)

    def unit_name(self, u: int) -> str:
        kind, index = divmod(u, self.n)
        return f"{('row', 'column', 'box')[kind]} {index + 1}"

    @property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the other cells that share a unit with it, sorted."""
        return _peers(self.box_rows, self.box_cols)


# Computed once per box shape, not once per Shape value: every parsed puzzle makes its own.
@lru_cache(maxsize=None)
def _units(br: int, bc: int) -> tuple[tuple[int, ...], ...]:
    n = br * bc
    rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
    cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
    boxes = [tuple((top + r) * n + left + c for r in range(br) for c in range(bc))
             for top in range(0, n, br) for left in range(0, n, bc)]
    return tuple(rows + cols + boxes)


@lru_cache(maxsize=None)
def _peers(br: int, bc: int) -> tuple[tuple[int, ...], ...]:
    n = br * bc
    found: list[set[int]] = [set() for _ in range(n * n)]
    for unit in _units(br, bc):
        for cell in unit:
            found[cell].update(unit)
    return tuple(tuple(sorted(s - {i})) for i, s in enumerate(found))


@dataclass(frozen=True)
class Sudoku:
    """The givens of a sudoku: ``cells[r * n + c]`` is a digit 1..n, or 0 when empty."""

    shape: Shape
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        n = self.shape.n
        if len(self.cells) != n * n:
            raise ValueError(f"a {n}x{n} sudoku has {n * n} cells, not {len(self.cells)}")
        if self.cells and not 0 <= min(self.cells) <= max(self.cells) <= n:
            bad = next(v for v in self.cells if not 0 <= v <= n)
            raise ValueError(f"{bad} is not a digit of a {n}x{n} sudoku")

    @classmethod
    def _checked(cls, shape: Shape, cells: tuple[int, ...]) -> "Sudoku":
        """A sudoku of cells known to be valid, without checking them again
        (the text reader's byte table only gives digits of the size)."""
        made = object.__new__(cls)
        object.__setattr__(made, "shape", shape)
        object.__setattr__(made, "cells", cells)
        return made

    @property
    def n(self) -> int:
        return self.shape.n

    @classmethod
    def empty(cls, shape: Shape) -> "Sudoku":
        return cls(shape, (0,) * (shape.n ** 2))

    @property
    def clues(self) -> int:
        return sum(1 for v in self.cells if v)

    def duplicates(self) -> list[tuple[int, int, tuple[int, ...]]]:
        """Givens that repeat in a unit: ``(unit, digit, cells)`` for each."""
        found = []
        cells = self.cells
        for u, unit in enumerate(self.shape.units):
            seen = 0
            twice = 0
            for cell in unit:
                if cells[cell]:
                    bit = 1 << cells[cell]
                    twice |= seen & bit
                    seen |= bit
            if twice:  # rare: only now name the digits and cells
                for d in range(1, self.n + 1):
                    if twice >> d & 1:
                        found.append((u, d, tuple(c for c in unit if cells[c] == d)))
        return found

    # --- text form ---

    @classmethod
    def from_text(cls, text: str, shape: Shape | None = None) -> "Sudoku":
        """Parse the compact form: n*n symbols row by row (``.`` or ``0`` empty,
        then 1-9 and A-Z for 10 upwards), optionally led by ``RxC:`` for a box
        that is not the usual one. Whitespace and ``|``, ``-``, ``+`` are ignored.
        Raises ValueError naming the position at fault."""
        text = text.strip()
        if ":" in text:
            head, text = text.split(":", 1)
            shape = Shape.parse(head.strip())
        symbols = text.upper().translate(_IGNORED)
        size = math.isqrt(len(symbols))
        if shape is None:
            if size * size != len(symbols):
                raise ValueError(f"{len(symbols)} symbols is not a square grid (81 for 9x9, 256 for 16x16)")
            shape = Shape.usual(size)
        if len(symbols) != shape.n ** 2:
            raise ValueError(f"a {shape.n}x{shape.n} sudoku needs {shape.n ** 2} symbols, not {len(symbols)}")
        if symbols.isascii():  # one translation through a byte table: symbol -> digit, anything else 255
            raw = symbols.encode("ascii").translate(_BYTE_VALUES[shape.n])
            if 255 not in raw:  # every byte a digit of this size, and n * n of them: valid as it is
                return cls._checked(shape, tuple(raw))
        values = _VALUES[shape.n]
        try:
            return cls(shape, tuple(values[ch] for ch in symbols))
        except KeyError:  # name the first symbol at fault
            bad = next(i for i, ch in enumerate(symbols) if ch not in values)
            _digit(symbols[bad], bad, shape.n)
            raise

    def to_text(self) -> str:
        """The canonical compact form: ``.`` for empty, a ``RxC:`` prefix only
        when the box is not the usual one for the size."""
        body = "".join(SYMBOLS[v - 1] if v else "." for v in self.cells)
        try:
            usual = Shape.usual(self.n) == self.shape
        except ValueError:
            usual = False
        return body if usual else f"{self.shape}:{body}"

    def rows(self) -> list[str]:
        """The grid as n lines of symbols, for printing."""
        text = "".join(SYMBOLS[v - 1] if v else "." for v in self.cells)
        return [text[i:i + self.n] for i in range(0, self.n * self.n, self.n)]


# Whitespace and the separators of a printed grid, dropped before reading symbols.
_IGNORED = str.maketrans("", "", " \t\r\n\v\f|-+")
# For each size, symbol -> digit (empty marks -> 0).
_VALUES = {n: {**{ch: 0 for ch in EMPTY}, **{SYMBOLS[d]: d + 1 for d in range(n)}} for n in range(1, MAX_SIZE + 1)}
# The same as 256-byte tables for bytes.translate: ASCII code -> digit, 255 for a symbol that is none.
_BYTE_VALUES = {n: bytes(values.get(chr(code), 255) for code in range(256)) for n, values in _VALUES.items()}


def _digit(ch: str, index: int, n: int) -> int:
    if ch in EMPTY:
        return 0
    value = SYMBOLS.find(ch) + 1
    if value == 0 or value > n:
        raise ValueError(f'symbol {index + 1} ("{ch}") is not a digit of a {n}x{n} sudoku '
                         f"(use 1-{SYMBOLS[n - 1]}, and . or 0 for empty)")
    return value


# No line of a sudoku is longer: the largest grid's symbols, each with a separator around it.
_LONGEST_LINE = 4 * MAX_SIZE * MAX_SIZE


def read_lines(path: Path | str, limits: Limits = DEFAULT_LIMITS) -> list[tuple[int, Sudoku | str]]:
    """``(line number, puzzle)`` for each puzzle line of a file, or ``(line number,
    why it is not a puzzle)``. Blank lines and ``#`` comments are skipped. The file is
    read by :func:`~xlsolver.core.files.read_input` (a regular file within the limits):
    InputError naming the file when it cannot be."""
    from xlsolver.core.files import decode_text, read_input

    text = decode_text(read_input(path, limits), str(path))
    found: list[tuple[int, Sudoku | str]] = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > _LONGEST_LINE:
            found.append((number, f"a line of {len(line):,} characters is no sudoku (a {MAX_SIZE}x{MAX_SIZE} one "
                                  f"has {MAX_SIZE * MAX_SIZE:,} symbols)"))
            continue
        try:
            found.append((number, Sudoku.from_text(line)))
        except ValueError as err:
            found.append((number, str(err)))
    return found


def is_solution(puzzle: Sudoku, grid: tuple[int, ...] | list[int]) -> bool:
    """Does ``grid`` fill ``puzzle``: every unit holds each digit once, givens kept."""
    n = puzzle.n
    if len(grid) != n * n or any(g and g != v for g, v in zip(puzzle.cells, grid)):
        return False
    digits = set(range(1, n + 1))
    return all({grid[c] for c in unit} == digits for unit in puzzle.shape.units)
