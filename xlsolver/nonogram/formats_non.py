"""Steve Simpson's ``.non`` nonogram format (as used by webpbn exports).

A file is lines of ``key value``::

    title "Dancer"
    width 5
    height 3

    rows
    2
    1,1
    0

    columns
    ...
    goal "010..."

``rows`` and ``columns`` open sections of one comma-separated clue per line;
``0`` or an empty line is an empty clue. A section ends at the next key line
or at the end of the file, so an empty line inside it is ambiguous (empty
clue or separator); it is settled by counting against ``height``/``width``:
surplus empty lines at the end (then at the start) of a section are
separators. ``catalogue``, ``by``, ``copyright``, ``license`` and unknown keys
are read and ignored; ``title`` and ``goal`` are kept, and so are any number of
``saved`` grids (pbnsolve's extension: partly solved grids, ``?`` unknown).

Colour (the nonogram-db extension): ``color r #FF0000 red`` lines declare a
colour by a letter (xlsolver also writes the name after the value and reads
it back; without one a name is made up), clues are ``3r,1g``, and ``goal`` and
``saved`` use the letters (``0`` background). A file with colours gives a
:class:`~xlsolver.nonogram.colour.ColourNonogram`.

Reading is lenient (spaces, either section order, unquoted values, CRLF);
writing is canonical, and ``read_non(write_non(...))`` gives back the same
:class:`NonFile`. Errors are :class:`~xlsolver.core.InputError` naming
``FILE:LINE``. Reading is bounded by :class:`~xlsolver.core.limits.Limits`: a
size above the puzzle limit is refused before any clue is read, a number has
ASCII digits only and at most ``limits.digits`` of them, and every line is
matched in time linear in its length.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from xlsolver.core.errors import InputError
from xlsolver.core.files import printable
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.nonogram.colour import ColourNonogram, Colour, format_colour_clue, min_length, normalise_rgb
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.model import Clue, Nonogram, format_clue, parse_number

__all__ = ["NonFile", "read_non", "write_non"]

# The value is stripped in Python: "(.*?)\s*$" would try every split of a long run of spaces.
_KEY_LINE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\b(.*)$")
_CLUE_LINE = re.compile(r"^[0-9\s,]*$")
# A colour clue is scanned block by block (one nested pattern for the whole line
# backtracks exponentially on a line that almost matches).
_COLOUR_BLOCK = re.compile(r"([0-9]+)\s*([A-Za-z])")
_BLOCK_SEPARATOR = re.compile(r"\s*,\s*|\s+")
_COLOUR_LINE = re.compile(r"^([A-Za-z])\s+#?([0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})(?:\s+(\S+))?\s*$")
_SECTIONS = {"rows": "height", "columns": "width"}
_KEPT = {"width", "height", "title", "goal"}
_REPEATED = {"saved", "color"}
_KNOWN = _KEPT | _REPEATED | set(_SECTIONS) | {"catalogue", "by", "copyright", "license"}
# Names for colours declared without one (a few common values; else "colour_<letter>").
_RGB_NAMES = {"000000": "black", "FFFFFF": "white", "FF0000": "red", "00FF00": "green", "0000FF": "blue",
              "FFFF00": "yellow", "FF00FF": "magenta", "00FFFF": "cyan", "808080": "grey", "FFA500": "orange"}


@dataclass(frozen=True)
class NonFile:
    """What a ``.non`` file holds that xlsolver keeps.

    ``goal`` is the solution as the file writes it: ``width * height`` digits,
    row by row, ``1`` = black.
    """

    puzzle: Nonogram | ColourNonogram
    title: str | None = None
    goal: str | None = None
    saved: tuple[str, ...] = ()  # partial grids as written: 0/1 (or colour letters) and ? for unknown

    def goal_grid(self) -> np.ndarray | None:
        """The goal as a bool grid (True = black), or ``None``."""
        if self.goal is None:
            return None
        cells = np.frombuffer(self.goal.encode("ascii"), dtype=np.uint8) == ord("1")
        return cells.reshape(self.puzzle.shape)


def read_non_entries(text: str, source: str = "<non>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    """A ``.non`` file as the one :class:`PuzzleEntry` it holds."""
    parsed = read_non(text, source, limits)
    from_non = _cell_map(parsed.puzzle, to_file=False)
    rows = lambda flat: tuple("".join(from_non[ch] for ch in flat[i:i + parsed.puzzle.width])
                              for i in range(0, len(flat), parsed.puzzle.width))
    goal = None if parsed.goal is None else rows(parsed.goal)
    return [PuzzleEntry(parsed.puzzle, parsed.title, goal, tuple(rows(g) for g in parsed.saved))]


def write_non_entries(entries: list[PuzzleEntry]) -> str:
    if len(entries) != 1:
        raise ValueError(f"a .non file holds one puzzle, not {len(entries)}")
    entry = entries[0]
    to_non = _cell_map(entry.puzzle, to_file=True)
    flat = lambda grid: "".join(to_non[ch] for row in grid for ch in row)
    goal = None if entry.goal is None else flat(entry.goal)
    return write_non(entry.puzzle, entry.title, goal, tuple(flat(g) for g in entry.saved))


def _cell_map(puzzle: Nonogram | ColourNonogram, to_file: bool) -> dict[str, str]:
    """Entry grid characters <-> ``.non`` grid characters (``.``<->``0``, ``#``<->``1``)."""
    pairs = [(".", "0"), ("?", "?")]
    if isinstance(puzzle, ColourNonogram):
        pairs += [(c.char, c.char) for c in puzzle.palette]
    else:
        pairs.append(("#", "1"))
    return dict(pairs) if to_file else {b: a for a, b in pairs}


def read_non(text: str, source: str = "<non>", limits: Limits = DEFAULT_LIMITS) -> NonFile:
    """Parse the text of a ``.non`` file; ``source`` names it in errors."""
    return _Reader(source, limits).read(text)


def write_non(puzzle: Nonogram | ColourNonogram, title: str | None = None,
              goal: str | np.ndarray | None = None, saved: tuple[str, ...] = ()) -> str:
    """The canonical ``.non`` text of a puzzle (``goal``: a bool grid or a 0/1 string;
    for a colour puzzle, a string of colour letters and ``0``)."""
    lines = []
    if title is not None:
        if "\n" in title or "\r" in title or '"' in title:
            raise ValueError("a .non title must fit on one line and hold no double quote")
        lines.append(f'title "{title}"')
    colour = isinstance(puzzle, ColourNonogram)
    if colour:
        for c in puzzle.palette:
            if not c.char.isascii() or not c.char.isalpha():
                raise ValueError(f'.non colours are letters; "{c.char}" is not')
            lines.append(f"color {c.char} #{c.rgb} {c.name}")
    lines += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    clue_text = (lambda c: ",".join(f"{n}{ch}" for n, ch in c) or "0") if colour else (lambda c: format_clue(c, ","))
    lines += [clue_text(c) for c in puzzle.rows]
    lines += ["", "columns"]
    lines += [clue_text(c) for c in puzzle.cols]
    cells = _grid_chars(puzzle)
    if goal is not None:
        if not isinstance(goal, str):
            goal = "".join("1" if v else "0" for v in np.asarray(goal, dtype=bool).ravel())
        if len(goal) != puzzle.width * puzzle.height or set(goal) - cells:
            raise ValueError(f"a goal is {puzzle.width * puzzle.height} of {''.join(sorted(cells))}, row by row")
        lines += ["", f'goal "{goal}"']
    for grid in saved:
        if len(grid) != puzzle.width * puzzle.height or set(grid) - cells - {"?"}:
            raise ValueError(f"a saved grid is {puzzle.width * puzzle.height} of {''.join(sorted(cells))}?, row by row")
        lines += ["", f'saved "{grid}"']
    return "\n".join(lines) + "\n"


def _grid_chars(puzzle: Nonogram | ColourNonogram) -> set[str]:
    """The characters of a goal: 0/1, or 0 and the colour letters."""
    if isinstance(puzzle, ColourNonogram):
        return {"0"} | {c.char for c in puzzle.palette}
    return {"0", "1"}


@dataclass
class _Section:
    """The raw lines of a ``rows`` or ``columns`` section."""

    start: int  # line number of the key line
    body: list[tuple[int, str]]  # (line number, stripped text)
    ended_by: tuple[int, str] | None = None  # the key line that closed it


class _Reader:
    """One parse: collects keys and section lines, then checks them together
    (``width`` may come after ``rows``)."""

    def __init__(self, source: str, limits: Limits = DEFAULT_LIMITS) -> None:
        self.source = printable(source)
        self.limits = limits
        self.values: dict[str, tuple[int, str]] = {}  # kept key -> (line number, value)
        self.repeated: dict[str, list[tuple[int, str]]] = {key: [] for key in _REPEATED}
        self.sections: dict[str, _Section] = {}

    def error(self, message: str, lineno: int | None = None) -> InputError:
        return InputError(printable(message), self.source if lineno is None else f"{self.source}:{lineno}")

    def read(self, text: str) -> NonFile:
        section: _Section | None = None
        for lineno, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
            match = _KEY_LINE.match(raw)
            if match is None:
                if section is not None:
                    section.body.append((lineno, raw.strip()))
                elif raw.strip():
                    raise self.error(f'expected a key such as "width 5", found "{_shown(raw.strip())}"', lineno)
                continue
            key, value = match[1].lower(), match[2].strip()
            if section is not None:
                section.ended_by = (lineno, raw.strip())
            section = self.open_section(key, value, lineno) if key in _SECTIONS else None
            if key in _REPEATED:
                self.repeated[key].append((lineno, value))
            if key in _KEPT:
                if key in self.values:
                    raise self.error(f'"{key}" appears twice', lineno)
                self.values[key] = (lineno, value)
        return self.finish()

    def open_section(self, key: str, value: str, lineno: int) -> _Section:
        if key in self.sections:
            raise self.error(f'a second "{key}" section', lineno)
        body = [(lineno, value)] if value else []  # tolerate a first clue on the key line
        self.sections[key] = _Section(lineno, body)
        return self.sections[key]

    def finish(self) -> NonFile:
        width, height = self.size("width"), self.size("height")
        self.limits.check_puzzle(height, width, f"{self.source}:{self.values['width'][0]}")
        palette = self.palette()
        rows = self.clues("rows", height, width)
        cols = self.clues("columns", width, height)
        coloured = bool(palette) or any(c and isinstance(c[0], tuple) for c in rows + cols)
        puzzle = self.colour_puzzle(rows, cols, palette) if coloured else Nonogram(rows, cols)
        cells = _grid_chars(puzzle)
        title = _unquote(self.values["title"][1]) if "title" in self.values else None
        goal = None
        if "goal" in self.values:
            goal = self.grid(*self.values["goal"], "goal", width * height, cells)
        saved = tuple(self.grid(lineno, value, "saved", width * height, cells | {"?"})
                      for lineno, value in self.repeated["saved"])
        return NonFile(puzzle, title, goal, saved)

    def palette(self) -> dict[str, Colour]:
        palette: dict[str, Colour] = {}
        for lineno, value in self.repeated["color"]:
            match = _COLOUR_LINE.match(value)
            if match is None:
                raise self.error(f'a colour is "color LETTER #RRGGBB [NAME]", found "color {_shown(value)}"', lineno)
            char, rgb = match[1], normalise_rgb(match[2])
            if char in palette:
                raise self.error(f'colour "{char}" is declared twice', lineno)
            name = printable(match[3], 40) if match[3] else _RGB_NAMES.get(rgb, f"colour_{char}")
            if any(c.name == name for c in palette.values()):
                name = f"{name}_{char}"
            palette[char] = Colour(char, name, rgb)
        return palette

    def colour_puzzle(self, rows, cols, palette: dict[str, Colour]) -> ColourNonogram:
        """Plain numbers are not allowed next to coloured ones; undeclared letters get a grey."""
        for name, clues in (("rows", rows), ("columns", cols)):
            for i, clue in enumerate(clues):
                if clue and not isinstance(clue[0], tuple):
                    lineno = self.sections[name].body[i][0] if i < len(self.sections[name].body) else None
                    what = f"{'row' if name == 'rows' else 'column'} {i + 1}"
                    raise self.error(f"{what}: a colour puzzle needs a colour letter after every number", lineno)
                for _, ch in clue:
                    palette.setdefault(ch, Colour(ch, f"colour_{ch}", "808080"))
        return ColourNonogram(rows, cols, tuple(palette.values()))

    def size(self, key: str) -> int:
        if key not in self.values:
            raise self.error(f'no "{key}" line')
        lineno, value = self.values[key]
        if not (value.isascii() and value.isdigit() and value.strip("0")):
            raise self.error(f'{key} must be a whole number above 0, found "{_shown(value)}"', lineno)
        try:
            return parse_number(value, key, self.limits.digits)
        except ValueError as err:
            raise self.error(str(err), lineno) from None

    def clues(self, name: str, count: int, length: int) -> tuple[Clue, ...]:
        """The section's clues, with surplus empty lines dropped (see the module notes)."""
        if name not in self.sections:
            raise self.error(f'no "{name}" section')
        section = self.sections[name]
        body = list(section.body)
        while len(body) > count and not body[-1][1]:
            body.pop()
        while len(body) > count and not body[0][1]:
            body.pop(0)
        line_name = "row" if name == "rows" else "column"
        if len(body) < count and section.ended_by and _key(section.ended_by[1]) not in _KNOWN:
            # A word where a clue was due: more likely a typo than a new key.
            lineno, text = section.ended_by
            raise self.error(f'{line_name} {len(body) + 1}: clue "{_shown(text)}" is not numbers separated by commas',
                             lineno)
        if len(body) != count:
            where = body[count][0] if len(body) > count else (body[-1][0] if body else section.start)
            raise self.error(f'"{name}" has {len(body)} clues, expected {count} ({_SECTIONS[name]} {count})', where)
        return tuple(self.clue(text, lineno, f"{line_name} {i + 1}", length)
                     for i, (lineno, text) in enumerate(body))

    def clue(self, text: str, lineno: int, what: str, length: int):
        plain = _CLUE_LINE.match(text) is not None
        blocks = None if plain else _colour_blocks(text)
        if not plain and blocks is None:
            raise self.error(f'{what}: clue "{_shown(text)}" is not numbers separated by commas', lineno)
        try:
            if plain:
                clue = tuple(n for n in (self.number(n, what) for n in re.split(r"[\s,]+", text) if n) if n)
                need, shown = sum(clue) + len(clue) - 1, format_clue(clue)
            else:
                clue = tuple((n, ch) for n, ch in ((self.number(n, what), ch) for n, ch in blocks) if n)
                need, shown = min_length(clue), format_colour_clue(clue)
        except ValueError as err:  # a number too long
            raise self.error(str(err), lineno) from None
        if need > length:
            raise self.error(f"{what}: clue {shown} needs {need} cells, the line has {length}", lineno)
        return clue

    def number(self, text: str, what: str) -> int:
        return parse_number(text, what, self.limits.digits)

    def grid(self, lineno: int, value: str, key: str, cells: int, allowed: set[str]) -> str:
        """A goal or saved grid: ``cells`` characters of ``allowed``; spaces inside are dropped."""
        grid = re.sub(r"\s+", "", _unquote(value))
        if len(grid) != cells or set(grid) - allowed:
            what = "digits 0 or 1" if allowed == {"0", "1"} else "of " + "".join(sorted(allowed))
            raise self.error(f"{key} must be {cells} {what} (width x height)", lineno)
        return grid


def _key(line: str) -> str:
    return _KEY_LINE.match(line)[1].lower()


def _shown(text: str) -> str:
    """File text quoted in a message: escaped, and cut when long."""
    return printable(text, 40)


def _colour_blocks(text: str) -> list[tuple[str, str]] | None:
    """``3r,1g`` or ``3 r 1 g`` as ``(digits, letter)`` pairs, None when the line is not a
    colour clue (blocks separated by commas or spaces)."""
    blocks, pos, text = [], 0, text.strip()
    while pos < len(text):
        block = _COLOUR_BLOCK.match(text, pos)
        if block is None:
            return None
        blocks.append((block[1], block[2]))
        separator = _BLOCK_SEPARATOR.match(text, block.end())
        if separator is None and block.end() < len(text):
            return None
        pos = separator.end() if separator is not None else block.end()
    return blocks


def _unquote(value: str) -> str:
    """``"Dancer"`` -> ``Dancer``; everything between the first and the last quote."""
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return value[1:-1]
    return value
