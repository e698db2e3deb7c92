"""Jan Wolter's webpbn XML format (``pbn_fmt``, version 0.3), colours included.

The shape (facts from the format's description and pbnsolve's reader)::

    <puzzleset>
      <puzzle type="grid" defaultcolor="black" backgroundcolor="white">
        <title>Dot</title>
        <color name="white" char=".">fff</color>
        <color name="red" char="r">f00</color>
        <clues type="columns"><line><count color="red">1</count></line>...</clues>
        <clues type="rows"><line>...</line>...</clues>
        <solution type="goal"><image>|r.|</image></solution>
        <solution type="saved"><image>|[r.].|</image></solution>
      </puzzle>
      ...
    </puzzleset>

A ``<count>`` without ``color`` has the puzzle's ``defaultcolor``; an empty
``<line/>`` is an empty clue. Images are rows between ``|`` characters, one
colour character per cell; in a saved grid ``?`` (or a bracketed set such as
``[r.]``) is a cell not yet known. A puzzle whose only colour is black is a
black-and-white puzzle. Elements xlsolver does not keep (author, copyright,
description, notes) are read and ignored.

Parsed by defusedxml's expat reader, which reports line numbers, so a
mistake is named as ``FILE:LINE``. What could make reading a file cost without
bound is refused with a one-line message: entity declarations (a kilobyte of
them can expand to gigabytes), external entities, elements nested deeper than
:data:`DEEPEST`, and more elements than the largest puzzle the limits allow
needs. A DOCTYPE naming an external DTD (as webpbn's export writes) is read and
its address never followed. Text is gathered in pieces and joined once, so a
long title costs time in proportion to its length.
"""

from __future__ import annotations

import io
import re
from xml.parsers import expat
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler, ErrorHandler
from xml.sax.saxutils import escape, quoteattr
from xml.sax.xmlreader import InputSource

from defusedxml.common import EntitiesForbidden, ExternalReferenceForbidden
from defusedxml.expatreader import DefusedExpatParser

from xlsolver.core.errors import InputError
from xlsolver.core.files import printable
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.nonogram.colour import ColourNonogram, Colour, format_colour_clue, min_length, normalise_rgb
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.model import Nonogram, parse_number

__all__ = ["DEEPEST"]

DEEPEST = 64
"""The deepest nesting of elements read (a webpbn puzzle needs five levels)."""

# Elements whose text xlsolver reads; the text of any other element is dropped as it comes.
_TEXT_TAGS = frozenset({"title", "color", "count", "image"})
_ATTRIBUTE_LIMIT = 100


class _Node:
    """An XML element with the line it starts on; ``parts`` holds its text (and its
    descendants') in pieces, for a text element only."""

    __slots__ = ("tag", "attrs", "line", "children", "parts")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag, self.attrs, self.line = tag, attrs, line
        self.children: list[_Node] = []
        self.parts: list[str] | None = [] if tag in _TEXT_TAGS else None

    def all(self, tag: str) -> list["_Node"]:
        return [c for c in self.children if c.tag == tag]

    def first(self, tag: str) -> "_Node | None":
        found = self.all(tag)
        return found[0] if found else None

    def content(self) -> str:
        return "".join(self.parts or ())


class _TreeBuilder(ContentHandler, ErrorHandler):
    """Builds the tree of :class:`_Node` from the reader's events, refusing depth and
    element counts beyond the bounds."""

    def __init__(self, source: str, most_elements: int) -> None:
        super().__init__()
        self.source, self.most_elements = source, most_elements
        self.stack: list[_Node] = []
        self.roots: list[_Node] = []
        self.text_owner: list[_Node | None] = [None]  # the text element the text goes to, per level
        self.elements = 0
        self.line = lambda: 0

    def setDocumentLocator(self, locator) -> None:
        self.line = locator.getLineNumber

    def error_at(self, message: str) -> InputError:
        return InputError(message, f"{self.source}:{self.line()}")

    def startElement(self, name: str, attrs) -> None:
        self.elements += 1
        if len(self.stack) >= DEEPEST:
            raise self.error_at(f"elements are nested deeper than {DEEPEST} levels; a puzzle needs five")
        if self.elements > self.most_elements:
            raise self.error_at(f"more than {self.most_elements:,} XML elements, more than the largest puzzle "
                                "the limits allow needs (raise them with --max-cells)")
        # Attribute values name colours, which reach messages and sheets: one printable line each.
        node = _Node(name.lower(), {k.lower(): printable(v, _ATTRIBUTE_LIMIT) for k, v in attrs.items()}, self.line())
        (self.stack[-1].children if self.stack else self.roots).append(node)
        self.stack.append(node)
        self.text_owner.append(self.text_owner[-1] or (node if node.parts is not None else None))

    def endElement(self, name: str) -> None:
        self.stack.pop()
        self.text_owner.pop()

    def characters(self, content: str) -> None:
        owner = self.text_owner[-1]
        if owner is not None:
            owner.parts.append(content)

    def skippedEntity(self, name: str) -> None:
        raise self.error_at(f'the entity "&{printable(name, 40)};" is not defined here (xlsolver reads no DTD)')

    def fatalError(self, exception: SAXParseException) -> None:
        raise InputError(f"not well-formed XML: {exception.getMessage()}",
                         f"{self.source}:{exception.getLineNumber()}")

    error = fatalError


class _Parser(DefusedExpatParser):
    """defusedxml's reader (entity declarations and external entities refused) that
    never follows the address of an external DTD either: the DOCTYPE line of a webpbn
    export is read as it is, without fetching its DTD or refusing the file."""

    def reset(self) -> None:
        super().reset()
        self._parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)


def _parse(data: str | bytes, source: str, limits: Limits) -> _Node:
    """The root element of an XML document. Bytes are decoded as the document declares
    (UTF-8 by default); text is taken as it is."""
    builder = _TreeBuilder(source, max(10_000, 2 * limits.puzzle_cells))
    parser = _Parser()
    parser.setContentHandler(builder)
    parser.setErrorHandler(builder)
    found = InputSource(source)
    if isinstance(data, str):
        data = data.encode("utf-8")
        found.setEncoding("utf-8")  # already text: whatever the declaration says
    found.setByteStream(io.BytesIO(data))
    try:
        parser.parse(found)
    except EntitiesForbidden as err:
        raise builder.error_at(f'the XML declares an entity ("{printable(err.name, 40)}"): xlsolver refuses '
                               "entity declarations, which can expand a small file to gigabytes") from None
    except ExternalReferenceForbidden as err:
        raise builder.error_at(f'the XML refers to an external entity ("{printable(err.sysid or "", 60)}"), '
                               "which xlsolver never reads") from None
    except LookupError as err:  # the declaration names an encoding Python does not know
        raise InputError(f"not readable XML: {printable(str(err), 80)} (declare UTF-8)", f"{source}:1") from None
    except UnicodeError as err:
        raise InputError(f"not readable XML: the text is not in the encoding it declares ({err.reason})",
                         source) from None
    if not builder.roots:
        raise InputError("not well-formed XML: no element found", source)
    return builder.roots[0]


# Colours a file may use without declaring them (pbnsolve's defaults).
_IMPLICIT = {"white": (".", "FFFFFF"), "black": ("X", "000000")}


class _Reader:
    def __init__(self, source: str, limits: Limits) -> None:
        self.source = printable(source)
        self.limits = limits

    def error(self, message: str, node: _Node) -> InputError:
        return InputError(printable(message), f"{self.source}:{node.line}")

    def read(self, data: str | bytes) -> list[PuzzleEntry]:
        root = _parse(data, self.source, self.limits)
        if root.tag != "puzzleset":
            raise self.error(f"expected <puzzleset> at the top, found <{_shown(root.tag)}>", root)
        puzzles = root.all("puzzle")
        if not puzzles:
            raise self.error("the <puzzleset> holds no <puzzle>", root)
        return [self.puzzle(p) for p in puzzles]

    def puzzle(self, node: _Node) -> PuzzleEntry:
        kind = node.attrs.get("type", "grid")
        if kind.lower() != "grid":
            raise self.error(f'puzzle type "{_shown(kind)}" is not supported (only grid puzzles)', node)
        background = node.attrs.get("backgroundcolor", "white")
        default = node.attrs.get("defaultcolor", "black")
        declared = self.colours(node)
        clues = {}
        for group in node.all("clues"):
            which = group.attrs.get("type", "").lower()
            if which not in ("rows", "columns"):
                raise self.error(f'<clues type="{_shown(which)}">: expected rows or columns', group)
            if which in clues:
                raise self.error(f"a second <clues type=\"{which}\">", group)
            clues[which] = (group, [self.line(line, default) for line in group.all("line")])
        for which in ("rows", "columns"):
            if which not in clues:
                raise self.error(f'no <clues type="{which}">', node)
        self.limits.check_puzzle(len(clues["rows"][1]), len(clues["columns"][1]), f"{self.source}:{node.line}")
        used = {name for _, lines in clues.values() for line in lines for _, name in line}
        palette = self.palette(declared, used, background, node)
        by_name = {c.name: c.char for c in palette}
        rows = tuple(tuple((n, by_name[name]) for n, name in line) for line in clues["rows"][1])
        cols = tuple(tuple((n, by_name[name]) for n, name in line) for line in clues["columns"][1])
        self.check_lengths(clues, rows, cols)
        puzzle = ColourNonogram(rows, cols, palette)
        # Image characters: the background's becomes ".", the palette's stay as they are.
        chars = {(declared.get(background) or _IMPLICIT.get(background, (".",)))[0]: "."}
        chars |= {c.char: c.char for c in palette}
        goal, saved = None, []
        for solution in node.all("solution"):
            kind = solution.attrs.get("type", "goal").lower()
            grid = self.image(solution, chars, puzzle, allow_unknown=kind == "saved")
            if kind == "goal" and goal is None:
                goal = grid
            elif kind == "saved":
                saved.append(grid)
        title = node.first("title")
        return PuzzleEntry(puzzle, title.content().strip() if title is not None else None, goal, tuple(saved))

    def colours(self, node: _Node) -> dict[str, tuple[str, str]]:
        """Declared colours in order: name -> (char, rgb)."""
        declared: dict[str, tuple[str, str]] = {}
        for colour in node.all("color"):
            name = colour.attrs.get("name")
            if not name:
                raise self.error("<color> without a name", colour)
            char = colour.attrs.get("char") or _IMPLICIT.get(name, ("",))[0]
            try:
                rgb = normalise_rgb(colour.content())
            except ValueError:
                raise self.error(f'<color name="{_shown(name)}">: "{_shown(colour.content().strip())}" is not '
                                 "an RGB colour such as FF0000", colour) from None
            if not char:
                raise self.error(f'<color name="{_shown(name)}"> needs a char', colour)
            declared[name] = (char, rgb)
        return declared

    def palette(self, declared: dict[str, tuple[str, str]], used: set[str], background: str,
                node: _Node) -> tuple[Colour, ...]:
        """Every declared colour but the background, then used ones known without declaring."""
        names = [n for n in declared if n != background]
        names += sorted(n for n in used if n not in declared)
        palette = []
        for name in names:
            if name not in declared and name not in _IMPLICIT:
                raise self.error(f'colour "{_shown(name)}" is used in a clue but never declared with <color>', node)
            char, rgb = declared.get(name) or _IMPLICIT[name]
            try:
                palette.append(Colour(char, name, rgb))
            except ValueError as err:
                raise self.error(f'<color name="{_shown(name)}">: {err}', node) from None
        return tuple(palette)

    def line(self, node: _Node, default: str) -> tuple[tuple[int, str], ...]:
        blocks = []
        for count in node.all("count"):
            text = count.content().strip()
            if not (text.isascii() and text.isdigit()):
                raise self.error(f'<count> holds "{_shown(text)}", not a number', count)
            try:
                number = parse_number(text, "<count>", self.limits.digits)
            except ValueError as err:
                raise self.error(str(err), count) from None
            if number:
                blocks.append((number, count.attrs.get("color", default)))
        return tuple(blocks)

    def check_lengths(self, clues, rows, cols) -> None:
        for which, found, length in (("rows", rows, len(cols)), ("columns", cols, len(rows))):
            group, _ = clues[which]
            for i, clue in enumerate(found):
                if min_length(clue) > length:
                    node = group.all("line")[i]
                    name = "row" if which == "rows" else "column"
                    raise self.error(f"{name} {i + 1}: clue {format_colour_clue(clue)} needs {min_length(clue)} "
                                     f"cells, the line has {length}", node)

    def image(self, solution: _Node, chars: dict[str, str], puzzle: ColourNonogram,
              allow_unknown: bool) -> tuple[str, ...]:
        image = solution.first("image")
        if image is None:
            raise self.error("<solution> without an <image>", solution)
        rows = re.findall(r"\|([^|]*)\|", re.sub(r"\s+", "", image.content()))
        grid = []
        for text in rows:
            cells = re.findall(r"\[[^\]]*\]|.", text)
            row = "".join(self.cell(cell, chars, allow_unknown, image) for cell in cells)
            grid.append(row)
        if len(grid) != puzzle.height or any(len(r) != puzzle.width for r in grid):
            raise self.error(f"the image must be {puzzle.height} rows of {puzzle.width} cells between | marks", image)
        return tuple(grid)

    def cell(self, cell: str, chars: dict[str, str], allow_unknown: bool, node: _Node) -> str:
        if cell.startswith("[") or cell == "?":
            if not allow_unknown:
                raise self.error("a goal image cannot hold unknown cells", node)
            return "?"
        if cell not in chars:
            raise self.error(f'"{_shown(cell)}" in the image is not a declared colour character', node)
        return chars[cell]


def read_xml(data: str | bytes, source: str = "<xml>", limits: Limits = DEFAULT_LIMITS) -> list[PuzzleEntry]:
    """Every puzzle of a webpbn XML file: its bytes (decoded as the file declares) or its text."""
    return _Reader(source, limits).read(data)


def _shown(text: str) -> str:
    """File text quoted in a message: escaped, and cut when long."""
    return printable(text, 40)


def write_xml(entries: list[PuzzleEntry]) -> str:
    """Canonical XML: one ``<puzzle>`` per entry, colours declared, clues, goal and saved grids."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<puzzleset>"]
    for entry in entries:
        out += _puzzle_xml(entry)
    out.append("</puzzleset>")
    return "\n".join(out) + "\n"


def _puzzle_xml(entry: PuzzleEntry) -> list[str]:
    puzzle = entry.puzzle
    if isinstance(puzzle, Nonogram):
        puzzle = ColourNonogram.from_nonogram(puzzle)
        to_xml = {"#": "X", ".": "."}
    else:
        to_xml = {c.char: c.char for c in puzzle.palette} | {".": "."}
    default = puzzle.palette[0].name if len(puzzle.palette) == 1 else None
    attrs = ' type="grid"' + (f" defaultcolor={quoteattr(default)}" if default else "")
    out = [f"<puzzle{attrs}>"]
    if entry.title is not None:
        if entry.title != entry.title.strip() or not entry.title:
            raise ValueError("an XML title cannot start or end with spaces")
        out.append(f"<title>{escape(entry.title)}</title>")
    out.append('<color name="white" char=".">FFFFFF</color>')
    if any(c.name == "white" for c in puzzle.palette):
        raise ValueError('"white" is the background; a block colour needs another name')
    out += [f"<color name={quoteattr(c.name)} char={quoteattr(c.char)}>{c.rgb}</color>" for c in puzzle.palette]
    names = {c.char: c.name for c in puzzle.palette}
    for which, clues in (("columns", puzzle.cols), ("rows", puzzle.rows)):
        out.append(f'<clues type="{which}">')
        for clue in clues:
            counts = "".join(f"<count>{n}</count>" if default else f"<count color={quoteattr(names[ch])}>{n}</count>"
                             for n, ch in clue)
            out.append(f"<line>{counts}</line>")
        out.append("</clues>")
    grids = ([("goal", entry.goal)] if entry.goal is not None else []) + [("saved", g) for g in entry.saved]
    for kind, grid in grids:
        rows = "\n".join("|" + "".join(to_xml.get(ch, ch) for ch in row) + "|" for row in grid)
        out.append(f'<solution type="{kind}">\n<image>\n{rows}\n</image>\n</solution>')
    out.append("</puzzle>")
    return out
