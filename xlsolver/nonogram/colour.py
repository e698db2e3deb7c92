"""What a colour nonogram *is*: a palette and clues of coloured blocks.

Glossary (adds to the package's)
--------------------------------
colour       a :class:`Colour`: the one character that names it in files and in
             JSON solution rows (``r``), a name (``red``) and an RGB hex (``FF0000``).
background   the colour of every cell no block covers: white, written ``.``.
block        ``(length, char)``: a run of ``length`` cells of one colour.
clue         the blocks of one line in order. Two blocks *of the same colour*
             need at least one background cell between them; blocks of
             different colours may touch.
palette      the puzzle's colours other than the background, in a fixed order;
             colour *index* ``k`` (1-based) is ``palette[k - 1]`` and index 0 is
             the background, so a solution is a grid of small ints.

A black-and-white puzzle is the special case of one colour, black; the
formats return a plain :class:`~xlsolver.nonogram.model.Nonogram` then, and
:meth:`ColourNonogram.from_nonogram` turns one into the other.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from xlsolver.core.limits import DEFAULT_LIMITS
from xlsolver.core.status import Status
from xlsolver.nonogram.model import Conflict, Line, Nonogram, parse_number

__all__ = ["ColourNonogram", "ColourResult", "Colour", "clues_of", "colour_name", "format_colour_grid"]

ColourBlock = tuple[int, str]
ColourClue = tuple[ColourBlock, ...]

BACKGROUND_CHAR = "."
# Characters that cannot name a colour: they mean something else in the formats.
_RESERVED = set("0123456789.?#|[](),;:=/ \t\r\n")
_HEX = re.compile(r"^[0-9A-Fa-f]{6}$|^[0-9A-Fa-f]{3}$")


# Names for common colour values; others are named by their value.
_RGB_NAMES = {"000000": "black", "FFFFFF": "white", "FF0000": "red", "00FF00": "green", "0000FF": "blue",
              "FFFF00": "yellow", "FF00FF": "magenta", "00FFFF": "cyan", "808080": "grey", "FFA500": "orange",
              "C00000": "dark_red", "00B050": "office_green", "0070C0": "office_blue", "FFC000": "gold", "7030A0": "purple"}


def colour_name(rgb: str) -> str:
    """A one-word name for an ``RRGGBB`` value: ``"red"``, or ``"c_1a2b3c"``."""
    rgb = normalise_rgb(rgb)
    return _RGB_NAMES.get(rgb, "c_" + rgb.lower())


def normalise_rgb(rgb: str) -> str:
    """``"#f00"``, ``"F00"`` or ``"ff0000"`` -> ``"FF0000"``. Raises ValueError."""
    text = rgb.strip().lstrip("#")
    if not _HEX.match(text):
        raise ValueError(f'"{rgb}" is not an RGB colour such as FF0000')
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    return text.upper()


@dataclass(frozen=True)
class Colour:
    """One block colour: its character, name and ``RRGGBB`` value."""

    char: str
    name: str
    rgb: str

    def __post_init__(self) -> None:
        if len(self.char) != 1 or self.char in _RESERVED:
            raise ValueError(f'"{self.char}" cannot name a colour (one character, not a digit or one of . ? # | [ ] , ; : = /)')
        if not self.name or any(ch.isspace() for ch in self.name):
            raise ValueError(f'colour name "{self.name}" must be one word')
        object.__setattr__(self, "rgb", normalise_rgb(self.rgb))


BLACK = Colour("X", "black", "000000")


@dataclass(frozen=True)
class ColourNonogram:
    """The clues and palette of a colour nonogram. Immutable; knows nothing of solving."""

    rows: tuple[ColourClue, ...]
    cols: tuple[ColourClue, ...]
    palette: tuple[Colour, ...]

    def __post_init__(self) -> None:
        palette = tuple(self.palette)
        chars = [c.char for c in palette]
        if len(set(chars)) != len(chars):
            raise ValueError("two colours share a character")
        if len({c.name for c in palette}) != len(palette):
            raise ValueError("two colours share a name")
        known = set(chars)

        def norm(clues):
            out = []
            for clue in clues:
                blocks = tuple((int(n), str(ch)) for n, ch in clue if int(n) != 0)
                bad = [ch for _, ch in blocks if ch not in known]
                if bad:
                    raise ValueError(f'colour "{bad[0]}" is not in the palette ({", ".join(chars)})')
                out.append(blocks)
            return tuple(out)

        object.__setattr__(self, "palette", palette)
        object.__setattr__(self, "rows", norm(self.rows))
        object.__setattr__(self, "cols", norm(self.cols))

    # --- geometry, as in Nonogram ---
    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def shape(self) -> tuple[int, int]:
        return (self.height, self.width)

    def clue(self, line: Line) -> ColourClue:
        return (self.rows if line.axis == "row" else self.cols)[line.index]

    def lines(self) -> list[Line]:
        return [Line("row", i) for i in range(self.height)] + [Line("col", j) for j in range(self.width)]

    # --- colours ---
    def index(self, char: str) -> int:
        """Colour index of a character: 0 for the background, 1.. for the palette."""
        if char == BACKGROUND_CHAR:
            return 0
        for k, colour in enumerate(self.palette, 1):
            if colour.char == char:
                return k
        raise KeyError(char)

    def chars(self) -> str:
        """Index -> character: ``".rg"`` for a palette (red, green)."""
        return BACKGROUND_CHAR + "".join(c.char for c in self.palette)

    def indexed(self, clue: ColourClue) -> tuple[tuple[int, int], ...]:
        """A clue with colour indices instead of characters (what the line solver takes)."""
        return tuple((n, self.index(ch)) for n, ch in clue)

    def problems(self) -> list[tuple[Line | None, str]]:
        """Clue mistakes found without solving (as :meth:`Nonogram.problems`):
        a clue too long for its line, and colour totals that differ between rows and columns."""
        found: list[tuple[Line | None, str]] = []
        if not self.rows or not self.cols:
            return [(None, "the puzzle has no rows or no columns")]
        for line in self.lines():
            clue = self.clue(line)
            length = self.width if line.axis == "row" else self.height
            need = min_length(clue)
            if need > length:
                found.append((line, f"{line}: clue {format_colour_clue(clue)} needs {need} cells, the line has {length}"))
        in_rows, in_cols = _totals(self.rows), _totals(self.cols)
        for colour in self.palette:
            r, c = in_rows[colour.char], in_cols[colour.char]
            if r != c:
                found.append((None, f"the row clues have {r} {colour.name} cells, the column clues {c}"))
        return found

    # --- conversions ---
    @classmethod
    def from_nonogram(cls, puzzle: Nonogram, colour: Colour = BLACK) -> "ColourNonogram":
        """A black-and-white puzzle as a one-colour puzzle."""
        paint = lambda clues: tuple(tuple((n, colour.char) for n in clue) for clue in clues)
        return cls(paint(puzzle.rows), paint(puzzle.cols), (colour,))

    def to_nonogram(self) -> Nonogram | None:
        """The same puzzle in black and white if its only colour is black (or it has none); else ``None``."""
        if len(self.palette) > 1 or (self.palette and self.palette[0].rgb != "000000"):
            return None
        strip = lambda clues: tuple(tuple(n for n, _ in clue) for clue in clues)
        return Nonogram(strip(self.rows), strip(self.cols))

    # --- compact text form: "rows|cols|palette" ---
    def to_text(self) -> str:
        """Canonical compact form, e.g. ``"1r,1g/2r|1r/1r,1g|r=red:FF0000,g=green:00FF00"``:
        lines split by ``/``, blocks by ``,``, each block its length and colour character."""
        half = lambda clues: "/".join(",".join(f"{n}{ch}" for n, ch in clue) or "0" for clue in clues)
        palette = ",".join(f"{c.char}={c.name}:{c.rgb}" for c in self.palette)
        return f"{half(self.rows)}|{half(self.cols)}|{palette}"

    @classmethod
    def from_text(cls, text: str, digits: int = DEFAULT_LIMITS.digits) -> "ColourNonogram":
        """Parse the compact form; lenient about spaces. Raises ValueError naming the line
        (``digits``: the most digits a number may have)."""
        parts = text.strip().split("|")
        if len(parts) != 3:
            raise ValueError('expected "ROWS|COLUMNS|PALETTE", e.g. "1r/1g|1r/1g|r=red:FF0000,g=green:00FF00"')
        palette = tuple(_parse_palette_entry(p) for p in parts[2].split(",") if p.strip())
        rows, cols = (tuple(parse_colour_clue(part, f"{name} {i + 1}", digits=digits)
                            for i, part in enumerate(h.split("/")))
                      for name, h in zip(("row", "column"), parts[:2]))
        return cls(rows, cols, palette)


def _parse_palette_entry(text: str) -> Colour:
    match = re.fullmatch(r"\s*(\S)\s*=\s*([^:\s]+)\s*:\s*#?([0-9A-Fa-f]+)\s*", text)
    if match is None:
        raise ValueError(f'palette entry "{text.strip()}" is not CHAR=NAME:RRGGBB')
    return Colour(match[1], match[2], match[3])


def min_length(clue: ColourClue) -> int:
    """Cells a clue needs: its blocks plus one gap between neighbours of the same colour."""
    gaps = sum(1 for a, b in zip(clue, clue[1:]) if a[1] == b[1])
    return sum(n for n, _ in clue) + gaps


def _totals(clues: tuple[ColourClue, ...]) -> Counter:
    total: Counter = Counter()
    for clue in clues:
        for n, ch in clue:
            total[ch] += n
    return total


def format_colour_clue(clue: ColourClue, sep: str = " ") -> str:
    """``((3, "r"), (1, "g"))`` -> ``"3r 1g"``; the empty clue is ``"0"``."""
    return sep.join(f"{n}{ch}" for n, ch in clue) if clue else "0"


_BLOCK = re.compile(r"([0-9]+)\s*([^0-9\s,;])?")  # ASCII digits: "²" passes \d but not int()


def parse_colour_clue(text: str, where: str = "clue", default: str | None = None,
                      digits: int = DEFAULT_LIMITS.digits) -> ColourClue:
    """``"3r 1g"``, ``"3r,1g"`` or ``"0"`` to a clue; a number without a colour takes
    ``default``. Raises ValueError naming ``where``."""
    blocks, pos, text = [], 0, text.strip()
    while pos < len(text):
        if text[pos] in " \t,;":
            pos += 1
            continue
        match = _BLOCK.match(text, pos)
        if match is None:
            raise ValueError(f'{where}: "{text[pos:].split()[0]}" is not a block such as 3r')
        n, ch = parse_number(match[1], where, digits), match[2] or default
        if ch is None and n != 0:
            raise ValueError(f'{where}: block "{match[0]}" has no colour')
        if n:
            blocks.append((n, ch))
        pos = match.end()
    return tuple(blocks)


def line_runs(cells) -> ColourClue:
    """The clue of a line of colour characters (``.`` = background): ``"rr.g"`` -> ``((2, "r"), (1, "g"))``."""
    blocks: list[ColourBlock] = []
    previous = BACKGROUND_CHAR
    for ch in cells:
        if ch != BACKGROUND_CHAR:
            if ch == previous:
                blocks[-1] = (blocks[-1][0] + 1, ch)
            else:
                blocks.append((1, ch))
        previous = ch
    return tuple(blocks)


def clues_of(picture: list[str], palette: tuple[Colour, ...]) -> ColourNonogram:
    """The puzzle whose solution is ``picture`` (rows of colour characters)."""
    width = len(picture[0]) if picture else 0
    rows = tuple(line_runs(row) for row in picture)
    cols = tuple(line_runs(row[j] for row in picture) for j in range(width))
    return ColourNonogram(rows, cols, palette)


def format_colour_grid(puzzle: ColourNonogram, grid: np.ndarray) -> list[str]:
    """A solution (colour indices) as rows of colour characters."""
    chars = puzzle.chars()
    return ["".join(chars[int(v)] for v in row) for row in grid]


@dataclass(frozen=True, eq=False)
class ColourResult:
    """The verdict of a complete colour solve (as :class:`NonogramResult`).

    ``solutions`` are grids of colour indices (0 = background). ``known`` is a
    grid of bit masks (bit ``k`` set: colour ``k`` still possible) of what was
    proven for every solution: a single bit per cell for a unique puzzle.
    """

    status: Status
    solutions: tuple[np.ndarray, ...]
    known: np.ndarray
    message: str
    conflict: Conflict | None = None
    seconds: float = 0.0
    nodes: int = 0
    stats: dict = field(default_factory=dict)
