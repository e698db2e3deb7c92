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
are read and ignored; ``title`` and ``goal`` are kept.

Reading is lenient (spaces, either section order, unquoted values, CRLF);
writing is canonical, and ``read_non(write_non(...))`` gives back the same
:class:`NonFile`. Errors are :class:`~xlsolver.core.InputError` naming
``FILE:LINE``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from xlsolver.core.errors import InputError
from xlsolver.nonogram.model import Clue, Nonogram, format_clue

_KEY_LINE = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\b\s*(.*?)\s*$")
_CLUE_LINE = re.compile(r"^[\d\s,]*$")
_SECTIONS = {"rows": "height", "columns": "width"}
_KEPT = {"width", "height", "title", "goal"}
_KNOWN = _KEPT | set(_SECTIONS) | {"catalogue", "by", "copyright", "license"}


@dataclass(frozen=True)
class NonFile:
    """What a ``.non`` file holds that xlsolver keeps.

    ``goal`` is the solution as the file writes it: ``width * height`` digits,
    row by row, ``1`` = black.
    """

    puzzle: Nonogram
    title: str | None = None
    goal: str | None = None

    def goal_grid(self) -> np.ndarray | None:
        """The goal as a bool grid (True = black), or ``None``."""
        if self.goal is None:
            return None
        cells = np.frombuffer(self.goal.encode("ascii"), dtype=np.uint8) == ord("1")
        return cells.reshape(self.puzzle.shape)


def read_non(text: str, source: str = "<non>") -> NonFile:
    """Parse the text of a ``.non`` file; ``source`` names it in errors."""
    return _Reader(source).read(text)


def write_non(puzzle: Nonogram, title: str | None = None, goal: str | np.ndarray | None = None) -> str:
    """The canonical ``.non`` text of a puzzle (``goal``: a bool grid or a 0/1 string)."""
    lines = []
    if title is not None:
        if "\n" in title or "\r" in title:
            raise ValueError("a .non title must fit on one line")
        lines.append(f'title "{title}"')
    lines += [f"width {puzzle.width}", f"height {puzzle.height}", "", "rows"]
    lines += [format_clue(c, ",") for c in puzzle.rows]
    lines += ["", "columns"]
    lines += [format_clue(c, ",") for c in puzzle.cols]
    if goal is not None:
        if not isinstance(goal, str):
            goal = "".join("1" if v else "0" for v in np.asarray(goal, dtype=bool).ravel())
        if len(goal) != puzzle.width * puzzle.height or set(goal) - {"0", "1"}:
            raise ValueError(f"a goal is {puzzle.width * puzzle.height} digits 0 or 1, row by row")
        lines += ["", f'goal "{goal}"']
    return "\n".join(lines) + "\n"


@dataclass
class _Section:
    """The raw lines of a ``rows`` or ``columns`` section."""

    start: int  # line number of the key line
    body: list[tuple[int, str]]  # (line number, stripped text)
    ended_by: tuple[int, str] | None = None  # the key line that closed it


class _Reader:
    """One parse: collects keys and section lines, then checks them together
    (``width`` may come after ``rows``)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.values: dict[str, tuple[int, str]] = {}  # kept key -> (line number, value)
        self.sections: dict[str, _Section] = {}

    def error(self, message: str, lineno: int | None = None) -> InputError:
        return InputError(message, self.source if lineno is None else f"{self.source}:{lineno}")

    def read(self, text: str) -> NonFile:
        section: _Section | None = None
        for lineno, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
            match = _KEY_LINE.match(raw)
            if match is None:
                if section is not None:
                    section.body.append((lineno, raw.strip()))
                elif raw.strip():
                    raise self.error(f'expected a key such as "width 5", found "{raw.strip()}"', lineno)
                continue
            key, value = match[1].lower(), match[2]
            if section is not None:
                section.ended_by = (lineno, raw.strip())
            section = self.open_section(key, value, lineno) if key in _SECTIONS else None
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
        rows = self.clues("rows", height, width)
        cols = self.clues("columns", width, height)
        title = _unquote(self.values["title"][1]) if "title" in self.values else None
        goal = self.goal(width * height)
        return NonFile(Nonogram(rows, cols), title, goal)

    def size(self, key: str) -> int:
        if key not in self.values:
            raise self.error(f'no "{key}" line')
        lineno, value = self.values[key]
        if not value.isdigit() or int(value) == 0:
            raise self.error(f'{key} must be a whole number above 0, found "{value}"', lineno)
        return int(value)

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
            raise self.error(f'{line_name} {len(body) + 1}: clue "{text}" is not numbers separated by commas', lineno)
        if len(body) != count:
            where = body[count][0] if len(body) > count else (body[-1][0] if body else section.start)
            raise self.error(f'"{name}" has {len(body)} clues, expected {count} ({_SECTIONS[name]} {count})', where)
        return tuple(self.clue(text, lineno, f"{line_name} {i + 1}", length)
                     for i, (lineno, text) in enumerate(body))

    def clue(self, text: str, lineno: int, what: str, length: int) -> Clue:
        if not _CLUE_LINE.match(text):
            raise self.error(f'{what}: clue "{text}" is not numbers separated by commas', lineno)
        clue = tuple(int(n) for n in re.split(r"[\s,]+", text) if n and int(n) != 0)
        need = sum(clue) + len(clue) - 1
        if need > length:
            raise self.error(f"{what}: clue {format_clue(clue)} needs {need} cells, the line has {length}", lineno)
        return clue

    def goal(self, cells: int) -> str | None:
        if "goal" not in self.values:
            return None
        lineno, value = self.values["goal"]
        goal = _unquote(value)
        if len(goal) != cells or set(goal) - {"0", "1"}:
            raise self.error(f"goal must be {cells} digits 0 or 1 (width x height)", lineno)
        return goal


def _key(line: str) -> str:
    return _KEY_LINE.match(line)[1].lower()


def _unquote(value: str) -> str:
    """``"Dancer"`` -> ``Dancer``; everything between the first and the last quote."""
    if len(value) >= 2 and value[0] == '"' and value[-1] == '"':
        return value[1:-1]
    return value
