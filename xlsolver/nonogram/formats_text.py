"""The plain-text clue formats other nonogram solvers read, and the compact text form.

Each format is a ``read(text, source) -> list[PuzzleEntry]`` and a
``write(entries) -> str``; :mod:`.formats` lists them by name and suffix.
Reading is lenient (CRLF, tabs or commas between numbers, surplus blank
lines); writing is canonical; errors are :class:`InputError` naming
``FILE:LINE``. Reading is bounded by :class:`~xlsolver.core.limits.Limits`:
numbers of ASCII digits only and at most ``limits.digits`` of them, and a
puzzle above the size limit refused before it is built. The layouts (facts from the solvers' documentation):

``nin``   Jakub Wilk's ``nonogram``: ``W H``, then one line per row, then one per
          column; blank lines are skipped, ``0`` is an empty clue.
``mk``    Olšák's simple form: ``H W``, the rows, a ``#`` line, the columns.
``cwd``   Meshcheryakov's and Sukhoy's form: ``H`` and ``W`` on lines of their
          own, the rows, a blank line, the columns.
``g``     Olšák's ``grid`` format: free text until a line starting with ``#d``
          (colour declarations ``INCHAR:OUTCHAR XPM-COLOUR NAME``) or ``:``; then
          ``: rows``, one line per row (an empty line is an empty clue), ``: columns``,
          the columns, ``: end``. Blocks are numbers with an optional colour
          character (``3r``); a bare number takes colour ``1``, the default.
``taai``  the TAAI tournament sets: many square puzzles, each ``$N`` then its
          column clues, then its row clues, numbers separated by tabs.
``text``  the compact form of :meth:`Nonogram.to_text` / :meth:`ColourNonogram.to_text`,
          one puzzle per line (``#`` starts a comment line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from xlsolver.core.errors import InputError
from xlsolver.core.files import printable
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.nonogram.colour import ColourNonogram, Colour, format_colour_clue, min_length, normalise_rgb
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.model import Clue, Nonogram, format_clue, parse_number

__all__: list[str] = []

_NUMBERS = re.compile(r"^[0-9\s,;]*$")


def _shown(text: str) -> str:
    """File text quoted in a message: escaped, and cut when long."""
    return printable(text, 40)


@dataclass
class _Text:
    """The lines of one file, numbered from 1, and errors that name them."""

    source: str
    lines: list[str]
    limits: Limits = DEFAULT_LIMITS

    @classmethod
    def of(cls, text: str, source: str, limits: Limits = DEFAULT_LIMITS) -> "_Text":
        return cls(printable(source), text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), limits)

    def error(self, message: str, lineno: int | None = None) -> InputError:
        return InputError(printable(message), self.source if lineno is None else f"{self.source}:{lineno}")

    def number(self, text: str, what: str, lineno: int) -> int:
        """A number of at most ``limits.digits`` ASCII digits."""
        try:
            return parse_number(text, what, self.limits.digits)
        except ValueError as err:
            raise self.error(str(err), lineno) from None

    def check_size(self, rows: int, cols: int, lineno: int | None = None) -> None:
        """Refuse a puzzle above the size limit, before it is built."""
        self.limits.check_puzzle(rows, cols, self.source if lineno is None else f"{self.source}:{lineno}")

    def numbered(self, start: int = 0, stop: int | None = None) -> list[tuple[int, str]]:
        """``(line number, stripped text)`` of lines ``start:stop`` (0-based indices)."""
        return [(i + 1, line.strip()) for i, line in enumerate(self.lines[start:stop], start)]

    def clue(self, text: str, lineno: int, what: str, length: int | None = None) -> Clue:
        """Numbers separated by spaces, tabs or commas; ``0`` or nothing is the empty clue."""
        if not _NUMBERS.match(text):
            bad = next(p for p in re.split(r"[\s,;]+", text) if p and not (p.isascii() and p.isdigit()))
            raise self.error(f'{what}: "{_shown(bad)}" is not a number', lineno)
        clue = tuple(n for n in (self.number(p, what, lineno) for p in re.split(r"[\s,;]+", text) if p) if n)
        if length is not None and sum(clue) + len(clue) - 1 > length:
            need = sum(clue) + len(clue) - 1
            raise self.error(f"{what}: clue {format_clue(clue)} needs {need} cells, the line has {length}", lineno)
        return clue

    def size(self, text: str, lineno: int, names: tuple[str, ...]) -> tuple[int, ...]:
        parts = text.split()
        if len(parts) != len(names) or not all(p.isascii() and p.isdigit() and p.strip("0") for p in parts):
            raise self.error(f'expected {" ".join(names)} (whole numbers above 0), found "{_shown(text)}"', lineno)
        return tuple(self.number(p, name.lower(), lineno) for p, name in zip(parts, names))

    def clues(self, body: list[tuple[int, str]], count: int, length: int, what: str,
              after: int) -> tuple[Clue, ...]:
        """Exactly ``count`` clues from ``body`` (``after``: the line before it, for errors)."""
        if len(body) != count:
            where = body[count][0] if len(body) > count else (body[-1][0] if body else after)
            raise self.error(f"found {len(body)} {what} clues, expected {count}", where)
        name = "row" if what == "row" else "column"
        return tuple(self.clue(text, lineno, f"{name} {i + 1}", length) for i, (lineno, text) in enumerate(body))


def _bw(entries: list[PuzzleEntry], fmt: str, single: bool = True) -> list[Nonogram]:
    """The black-and-white puzzles to write; refuses what the format cannot hold."""
    if single and len(entries) != 1:
        raise ValueError(f"a .{fmt} file holds one puzzle, not {len(entries)}")
    puzzles = []
    for entry in entries:
        if not isinstance(entry.puzzle, Nonogram):
            raise ValueError(f"the {fmt} format has no colours; use xml, g or non")
        puzzles.append(entry.puzzle)
    return puzzles


def _numbers(clue: Clue, sep: str = " ") -> str:
    return format_clue(clue, sep)


def _drop_blank(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [(n, t) for n, t in lines if t]


def _first_content(text: _Text) -> int:
    """Index of the first non-blank line (raises for an empty file)."""
    for i, line in enumerate(text.lines):
        if line.strip():
            return i
    raise text.error("the file is empty")


# --- nin ---------------------------------------------------------------------


def read_nin(data: str, source: str = "<nin>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    text = _Text.of(data, source, limits)
    head = _first_content(text)
    width, height = text.size(text.lines[head].strip(), head + 1, ("WIDTH", "HEIGHT"))
    text.check_size(height, width, head + 1)
    body = _drop_blank(text.numbered(head + 1))
    if len(body) != width + height:
        where = body[width + height][0] if len(body) > width + height else None
        raise text.error(f"found {len(body)} clue lines, expected {height} rows + {width} columns", where)
    rows = text.clues(body[:height], height, width, "row", head + 1)
    cols = text.clues(body[height:], width, height, "column", head + 1)
    return [PuzzleEntry(Nonogram(rows, cols))]


def write_nin(entries: list[PuzzleEntry]) -> str:
    (puzzle,) = _bw(entries, "nin")
    lines = [f"{puzzle.width} {puzzle.height}"] + [_numbers(c) for c in puzzle.rows + puzzle.cols]
    return "\n".join(lines) + "\n"


# --- mk ----------------------------------------------------------------------


def read_mk(data: str, source: str = "<mk>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    text = _Text.of(data, source, limits)
    head = _first_content(text)
    height, width = text.size(text.lines[head].strip(), head + 1, ("HEIGHT", "WIDTH"))
    text.check_size(height, width, head + 1)
    numbered = text.numbered(head + 1)
    split = next((k for k, (_, t) in enumerate(numbered) if t.startswith("#")), None)
    if split is None:
        raise text.error('no "#" line between the row and the column clues')
    rows_body, cols_body = numbered[:split], numbered[split + 1:]
    # A blank line is an empty clue where the count needs it (as pbnsolve reads it); surplus ones are spacing.
    rows = text.clues(_trim(rows_body, height), height, width, "row", head + 1)
    cols = text.clues(_trim(cols_body, width), width, height, "column", numbered[split][0])
    return [PuzzleEntry(Nonogram(rows, cols))]


def _trim(body: list[tuple[int, str]], count: int) -> list[tuple[int, str]]:
    body = list(body)
    while len(body) > count and not body[-1][1]:
        body.pop()
    while len(body) > count and not body[0][1]:
        body.pop(0)
    return body


def write_mk(entries: list[PuzzleEntry]) -> str:
    (puzzle,) = _bw(entries, "mk")
    lines = [f"{puzzle.height} {puzzle.width}"] + [_numbers(c) for c in puzzle.rows]
    lines += ["#"] + [_numbers(c) for c in puzzle.cols]
    return "\n".join(lines) + "\n"


# --- cwd ---------------------------------------------------------------------


def read_cwd(data: str, source: str = "<cwd>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    text = _Text.of(data, source, limits)
    body = _drop_blank(text.numbered())
    if len(body) < 2:
        raise text.error("expected the height and the width on the first two lines")
    (height,) = text.size(body[0][1], body[0][0], ("HEIGHT",))
    (width,) = text.size(body[1][1], body[1][0], ("WIDTH",))
    text.check_size(height, width, body[0][0])
    clues = body[2:]
    if len(clues) != width + height:
        where = clues[width + height][0] if len(clues) > width + height else None
        raise text.error(f"found {len(clues)} clue lines, expected {height} rows + {width} columns", where)
    rows = text.clues(clues[:height], height, width, "row", body[1][0])
    cols = text.clues(clues[height:], width, height, "column", body[1][0])
    return [PuzzleEntry(Nonogram(rows, cols))]


def write_cwd(entries: list[PuzzleEntry]) -> str:
    (puzzle,) = _bw(entries, "cwd")
    lines = [str(puzzle.height), str(puzzle.width)] + [_numbers(c) for c in puzzle.rows]
    lines += [""] + [_numbers(c) for c in puzzle.cols]
    return "\n".join(lines) + "\n"


# --- taai --------------------------------------------------------------------


def read_taai(data: str, source: str = "<taai>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    text = _Text.of(data, source, limits)
    starts = [(i, line.strip()) for i, line in enumerate(text.lines) if line.strip().startswith("$")]
    if not starts:
        raise text.error('no "$N" line: a TAAI file is "$1", the column clues, the row clues, "$2", ...')
    first = _first_content(text)
    if first < starts[0][0]:
        raise text.error(f'expected "$N" before the clues, found "{_shown(text.lines[first].strip())}"', first + 1)
    entries = []
    for k, (i, head) in enumerate(starts):
        stop = starts[k + 1][0] if k + 1 < len(starts) else len(text.lines)
        body = _drop_blank(text.numbered(i + 1, stop))
        if len(body) % 2 or not body:
            raise text.error(f"puzzle {_shown(head)}: {len(body)} clue lines; a square N x N puzzle has 2N", i + 1)
        n = len(body) // 2
        text.check_size(n, n, i + 1)
        cols = text.clues(body[:n], n, n, "column", i + 1)
        rows = text.clues(body[n:], n, n, "row", i + 1)
        entries.append(PuzzleEntry(Nonogram(rows, cols), title=head[1:].strip() or None))
    return entries


def write_taai(entries: list[PuzzleEntry]) -> str:
    puzzles = _bw(entries, "taai", single=False)
    lines = []
    for k, (entry, puzzle) in enumerate(zip(entries, puzzles), 1):
        if puzzle.width != puzzle.height:
            raise ValueError(f"the TAAI format holds square puzzles; this one is {puzzle.width}x{puzzle.height}")
        title = entry.title if entry.title is not None else str(k)
        if not title or "\n" in title or title != title.strip():
            raise ValueError(f'a TAAI puzzle is named by "$" and one word, not "{title}"')
        lines.append(f"${title}")
        lines += [_numbers(c, "\t") for c in puzzle.cols + puzzle.rows]
    return "\n".join(lines) + "\n"


# --- text (compact form, one puzzle per line) --------------------------------


def read_text(data: str, source: str = "<text>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    text = _Text.of(data, source, limits)
    entries = []
    for lineno, line in text.numbered():
        if not line or line.startswith("#"):
            continue
        halves = line.split("|")
        if len(halves) >= 2:  # the size, from the slashes, before any clue is read
            text.check_size(halves[0].count("/") + 1, halves[1].count("/") + 1, lineno)
        try:
            if len(halves) == 3:
                entries.append(PuzzleEntry(ColourNonogram.from_text(line, limits.digits)))
            else:
                entries.append(PuzzleEntry(Nonogram.from_text(line, limits.digits)))
        except ValueError as err:
            raise text.error(str(err), lineno) from None
    if not entries:
        raise text.error("no puzzle: expected lines such as 1/3/1|1/3/1")
    return entries


def write_text(entries: list[PuzzleEntry]) -> str:
    return "".join(entry.puzzle.to_text() + "\n" for entry in entries)


# --- Olšák's g ---------------------------------------------------------------

# A few X11 colour names (rgb.txt), for .g files that name colours instead of giving #RRGGBB.
_X11 = {"black": "000000", "white": "FFFFFF", "red": "FF0000", "green": "00FF00", "blue": "0000FF",
        "yellow": "FFFF00", "magenta": "FF00FF", "cyan": "00FFFF", "gray": "BEBEBE", "grey": "BEBEBE",
        "orange": "FFA500", "brown": "A52A2A", "pink": "FFC0CB", "purple": "A020F0", "violet": "EE82EE"}
_DECL = re.compile(r"^\s*(\S):(\S?)\s+(\S+)(?:\s+(\S+))?")
_G_BLOCK = re.compile(r"([0-9]+)(\S?)")
_DEFAULT = "1"  # the .g character of the default block colour


def read_g(data: str, source: str = "<g>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    text = _Text.of(data, source, limits)
    k, palette = 0, None
    while k < len(text.lines) and not text.lines[k].startswith(":"):
        if text.lines[k][:2] in ("#d", "#D"):
            palette, k = _g_colours(text, k + 1)
            break
        k += 1
    if k >= len(text.lines) or not text.lines[k].startswith(":"):
        raise text.error('no ": rows" line (a line starting with a colon opens the row clues)')
    sections = []
    for _ in range(2):
        stop = next((j for j in range(k + 1, len(text.lines)) if text.lines[j].startswith(":")), None)
        if stop is None:
            raise text.error(f'line {k + 1} opens a clue section that no ":" line closes', k + 1)
        sections.append((k + 1, text.numbered(k + 1, stop)))
        k = stop
    colours = palette if palette is not None else {_DEFAULT: Colour("X", "black", "000000")}
    (row_at, row_body), (col_at, col_body) = sections
    width, height = len(col_body), len(row_body)
    if not width or not height:
        raise text.error("the puzzle has no rows or no columns", row_at)
    text.check_size(height, width, row_at)
    rows = tuple(_g_clue(text, t, n, f"row {i + 1}", colours, width) for i, (n, t) in enumerate(row_body))
    cols = tuple(_g_clue(text, t, n, f"column {i + 1}", colours, height) for i, (n, t) in enumerate(col_body))
    return [PuzzleEntry(ColourNonogram(rows, cols, tuple(colours.values())))]


def _g_colours(text: _Text, k: int) -> tuple[dict[str, Colour], int]:
    """The ``#d`` declarations from line index ``k`` to the first ``:`` line: inchar -> Colour."""
    colours: dict[str, Colour] = {}
    while k < len(text.lines) and not text.lines[k].startswith(":"):
        line = text.lines[k]
        if line.strip():
            match = _DECL.match(line)
            if match is None:
                raise text.error(f'a colour is "CHAR:OUT COLOUR [NAME]", found "{_shown(line.strip())}"', k + 1)
            inchar, out, xpm, name = match[1], match[2], match[3], match[4]
            if inchar != "0":  # "0" redeclares the background, which stays white here
                colours[inchar] = _g_colour(text, inchar, out, xpm, name, k + 1, colours)
        k += 1
    return colours, k


def _g_colour(text: _Text, inchar: str, out: str, xpm: str, name: str | None, lineno: int,
              taken: dict[str, Colour]) -> Colour:
    try:
        rgb = normalise_rgb(xpm) if xpm.startswith("#") else _X11[xpm.lower()]
    except (ValueError, KeyError):
        raise text.error(f'colour "{_shown(xpm)}" is neither #RRGGBB nor a colour name xlsolver knows', lineno) from None
    char = inchar if inchar != _DEFAULT else (out if out and out not in "0123456789.?#|[](),;:=/" else "X")
    # A colour word is the name; after #RRGGBB the comment's first word is (xlsolver writes it there).
    name = xpm.lower() if not xpm.startswith("#") else (printable(name, 40) if name else f"colour_{char}")
    if any(c.name == name for c in taken.values()):
        name = f"{name}_{char}"
    try:
        return Colour(char, name, rgb)
    except ValueError as err:
        raise text.error(str(err), lineno) from None


def _g_clue(text: _Text, line: str, lineno: int, what: str, colours: dict[str, Colour], length: int):
    blocks = []
    for part in line.replace(",", " ").split():
        match = _G_BLOCK.fullmatch(part)
        if match is None:
            raise text.error(f'{what}: "{_shown(part)}" is not a block such as 3 or 3r', lineno)
        n, ch = text.number(match[1], what, lineno), match[2] or _DEFAULT
        if ch not in colours:
            raise text.error(f'{what}: colour "{ch}" is not declared' if ch != _DEFAULT else
                             f"{what}: block {n} has no colour and no default colour is declared", lineno)
        if n:
            blocks.append((n, colours[ch].char))
    clue = tuple(blocks)
    if min_length(clue) > length:
        raise text.error(f"{what}: clue {format_colour_clue(clue)} needs {min_length(clue)} cells, "
                         f"the line has {length}", lineno)
    return clue


def write_g(entries: list[PuzzleEntry]) -> str:
    if len(entries) != 1:
        raise ValueError(f"a .g file holds one puzzle, not {len(entries)}")
    puzzle = entries[0].puzzle
    lines = []
    if isinstance(puzzle, Nonogram):
        rows = [" ".join(map(str, c)) for c in puzzle.rows]
        cols = [" ".join(map(str, c)) for c in puzzle.cols]
    else:
        lines += ["#d", "   0:.  #FFFFFF  white"]
        lines += [f"   {c.char}:{c.char}  #{c.rgb}  {c.name}" for c in puzzle.palette]
        rows = [" ".join(f"{n}{ch}" for n, ch in c) for c in puzzle.rows]
        cols = [" ".join(f"{n}{ch}" for n, ch in c) for c in puzzle.cols]
    lines += [": rows"] + rows + [": columns"] + cols + [": end"]
    return "\n".join(lines) + "\n"
