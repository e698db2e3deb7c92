"""One registry of nonogram file formats, by name and by file suffix.

Every format reads text into a list of :class:`PuzzleEntry` (lenient, errors
name ``FILE:LINE``) and writes a list back (canonical, so that
``read(write(entries)) == entries``); writing raises ``ValueError`` for what a
format cannot hold (colours, several puzzles, a non-square TAAI puzzle).
:func:`read_puzzles` reads a file through :func:`~xlsolver.core.files.read_input`
(a regular file, within the size limit) and hands each reader the limits; an
XML file is given its bytes, so the parser decodes it as it declares.

Givens (cells known before solving, a sheet's painted cells) travel as a
saved grid, in the formats that hold one (``givens`` below): pbnsolve reads a
saved grid as the point to start from, and xlsolver reads the first one as
the puzzle's givens.

===========  ===================  ========  =======  ================================
name         suffixes             puzzles   colour   keeps
===========  ===================  ========  =======  ================================
non          .non                 one       yes      title, goal, saved grids (givens)
xml          .xml .pbn            many      yes      title, goal, saved grids (givens)
g            .g                   one       yes      clues
mk           .mk                  one       no       clues
nin          .nin                 one       no       clues
cwd          .cwd                 one       no       clues
taai         .taai (.txt: $N)     many      no       puzzle numbers
text         .txt                 many      yes      clues (the compact text form)
===========  ===================  ========  =======  ================================
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from xlsolver.core.errors import InputError
from xlsolver.core.files import decode_text, printable, read_input
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.formats_non import read_non_entries, write_non_entries
from xlsolver.nonogram.formats_text import (
    read_cwd,
    read_g,
    read_mk,
    read_nin,
    read_taai,
    read_text,
    write_cwd,
    write_g,
    write_mk,
    write_nin,
    write_taai,
    write_text,
)
from xlsolver.nonogram.formats_xml import read_xml, write_xml

__all__ = ["FORMATS", "SUFFIXES", "format_for", "format_named", "read_puzzles", "write_puzzles"]


@dataclass(frozen=True)
class Format:
    """A file format: its name, suffixes, and reader and writer."""

    name: str
    suffixes: tuple[str, ...]
    description: str
    read: Callable[..., list[PuzzleEntry]]  # (text, source, limits); bytes instead of text when ``binary``
    write: Callable[[list[PuzzleEntry]], str]
    many: bool  # can hold several puzzles
    colour: bool  # can hold colour puzzles
    givens: bool = False  # can hold a saved grid: the givens travel
    binary: bool = False  # the reader decodes the bytes itself (XML declares its encoding)


FORMATS: dict[str, Format] = {f.name: f for f in [
    Format("non", (".non",), "Steve Simpson's .non (webpbn export)", read_non_entries, write_non_entries, False, True,
           givens=True),
    Format("xml", (".xml", ".pbn"), "webpbn XML (pbn_fmt 0.3)", read_xml, write_xml, True, True, givens=True,
           binary=True),
    Format("g", (".g",), "Olšák's grid .g", read_g, write_g, False, True),
    Format("mk", (".mk",), "Olšák's .mk", read_mk, write_mk, False, False),
    Format("nin", (".nin",), "Jakub Wilk's .nin", read_nin, write_nin, False, False),
    Format("cwd", (".cwd",), "Meshcheryakov/Sukhoy .cwd", read_cwd, write_cwd, False, False),
    Format("taai", (".taai",), "TAAI tournament sets ($N, columns, rows)", read_taai, write_taai, True, False),
    Format("text", (".txt",), "xlsolver's compact text form, one puzzle a line", read_text, write_text, True, True),
]}

SUFFIXES: tuple[str, ...] = tuple(sorted({s for f in FORMATS.values() for s in f.suffixes}))


def format_named(name: str) -> Format:
    """The format called ``name`` (``"xml"``, ``".xml"`` or ``"XML"``). Raises InputError."""
    key = name.lower().lstrip(".")
    if key in FORMATS:
        return FORMATS[key]
    for fmt in FORMATS.values():
        if "." + key in fmt.suffixes:
            return fmt
    raise InputError(f'unknown puzzle format "{printable(name, 40)}" (known: {", ".join(FORMATS)})')


def format_for(path: Path | str, text: str | None = None) -> Format:
    """The format of a file, by its suffix; a ``.txt`` file whose first line
    starts with ``$`` is a TAAI set. Raises InputError for an unknown suffix."""
    suffix = Path(path).suffix.lower()
    if suffix == ".txt" and text is not None and text.lstrip().startswith("$"):
        return FORMATS["taai"]
    for fmt in FORMATS.values():
        if suffix in fmt.suffixes:
            return fmt
    raise InputError(f'no puzzle format has the suffix "{printable(suffix, 40)}" (known: {", ".join(SUFFIXES)})',
                     printable(str(path)))


def read_puzzles(path: Path | str, fmt: str | None = None, limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    """Every puzzle of a file (format by ``fmt`` or by suffix), read within ``limits``.
    Raises InputError naming the file (and the line where there is one)."""
    path = Path(path)
    source = printable(str(path))
    chosen = format_named(fmt) if fmt else None
    if chosen is None and path.suffix.lower() != ".txt":
        chosen = format_for(path)  # an unknown suffix is refused before the file is read
    data = read_input(path, limits)
    if chosen is not None and chosen.binary:
        return chosen.read(data, source, limits)
    text = decode_text(data, source)
    return (chosen or format_for(path, text)).read(text, source, limits)


def write_puzzles(entries: list[PuzzleEntry], fmt: str) -> str:
    """The text of ``entries`` in format ``fmt``. Raises ValueError for what it cannot hold."""
    if not entries:
        raise ValueError("no puzzle to write")
    return format_named(fmt).write(list(entries))
