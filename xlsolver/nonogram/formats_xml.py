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

Parsed with the standard library's expat, which reports line numbers, so a
mistake is named as ``FILE:LINE``; external DTDs are never fetched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax.saxutils import escape, quoteattr

from xlsolver.core.errors import InputError
from xlsolver.nonogram.colour import ColourNonogram, Colour, format_colour_clue, min_length, normalise_rgb
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.model import Nonogram

__all__: list[str] = []


@dataclass
class _Node:
    """An XML element with the line it starts on."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list["_Node"] = field(default_factory=list)
    text: str = ""

    def all(self, tag: str) -> list["_Node"]:
        return [c for c in self.children if c.tag == tag]

    def first(self, tag: str) -> "_Node | None":
        found = self.all(tag)
        return found[0] if found else None

    def content(self) -> str:
        return self.text + "".join(c.content() for c in self.children)


def _parse(data: str, source: str) -> _Node:
    parser = expat.ParserCreate()
    stack: list[_Node] = []
    root: list[_Node] = []

    def start(tag, attrs):
        node = _Node(tag.lower(), {k.lower(): v for k, v in attrs.items()}, parser.CurrentLineNumber)
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(tag):
        stack.pop()

    def text(chars):
        if stack:
            stack[-1].text += chars

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
    try:
        parser.Parse(data.encode("utf-8"), True)
    except expat.ExpatError as err:
        raise InputError(f"not well-formed XML: {expat.ErrorString(err.code)}", f"{source}:{err.lineno}") from None
    return root[0]


# Colours a file may use without declaring them (pbnsolve's defaults).
_IMPLICIT = {"white": (".", "FFFFFF"), "black": ("X", "000000")}


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source

    def error(self, message: str, node: _Node) -> InputError:
        return InputError(message, f"{self.source}:{node.line}")

    def read(self, data: str) -> list[PuzzleEntry]:
        root = _parse(data, self.source)
        if root.tag != "puzzleset":
            raise self.error(f"expected <puzzleset> at the top, found <{root.tag}>", root)
        puzzles = root.all("puzzle")
        if not puzzles:
            raise self.error("the <puzzleset> holds no <puzzle>", root)
        return [self.puzzle(p) for p in puzzles]

    def puzzle(self, node: _Node) -> PuzzleEntry:
        kind = node.attrs.get("type", "grid")
        if kind.lower() != "grid":
            raise self.error(f'puzzle type "{kind}" is not supported (only grid puzzles)', node)
        background = node.attrs.get("backgroundcolor", "white")
        default = node.attrs.get("defaultcolor", "black")
        declared = self.colours(node)
        clues = {}
        for group in node.all("clues"):
            which = group.attrs.get("type", "").lower()
            if which not in ("rows", "columns"):
                raise self.error(f'<clues type="{which}">: expected rows or columns', group)
            if which in clues:
                raise self.error(f"a second <clues type=\"{which}\">", group)
            clues[which] = (group, [self.line(line, default) for line in group.all("line")])
        for which in ("rows", "columns"):
            if which not in clues:
                raise self.error(f'no <clues type="{which}">', node)
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
            except ValueError as err:
                raise self.error(f'<color name="{name}">: {err}', colour) from None
            if not char:
                raise self.error(f'<color name="{name}"> needs a char', colour)
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
                raise self.error(f'colour "{name}" is used in a clue but never declared with <color>', node)
            char, rgb = declared.get(name) or _IMPLICIT[name]
            try:
                palette.append(Colour(char, name, rgb))
            except ValueError as err:
                raise self.error(f'<color name="{name}">: {err}', node) from None
        return tuple(palette)

    def line(self, node: _Node, default: str) -> tuple[tuple[int, str], ...]:
        blocks = []
        for count in node.all("count"):
            text = count.content().strip()
            if not text.isdigit():
                raise self.error(f'<count> holds "{text}", not a number', count)
            if int(text):
                blocks.append((int(text), count.attrs.get("color", default)))
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
            raise self.error(f'"{cell}" in the image is not a declared colour character', node)
        return chars[cell]


def read_xml(data: str, source: str = "<xml>") -> list[PuzzleEntry]:
    """Every puzzle of a webpbn XML file."""
    return _Reader(source).read(data)


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
