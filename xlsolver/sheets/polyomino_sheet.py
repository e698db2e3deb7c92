"""The polyomino layout: a board drawn in cells, the pieces named or drawn, the tiling painted.

::

    A1     Polyomino 10x6         title: the word (Polyomino, Pentomino, Tiling ...) and,
                                  optionally, the frame's size, width x height
    A2     Pieces: pentominoes    optional rows of settings under the title, a label and
    A3     Solutions: 3           its value (in one cell, or the value in the next cell):
                                  the piece set, how many tilings to paint
    A5:J10 the frame              two rows below the last header row; empty cells are the
                                  board, filled cells (any colour) or "#" are blocked
    A12    status cell            two rows below the frame: the verdict and the counts
    L5...  custom pieces          optional: cells holding a letter, right of or below the
                                  frame (or on a sheet named "Pieces"); one piece per letter

Glossary
--------
title     a text cell whose first word starts with polyomino, pentomino, tetromino,
          hexomino or tiling. It marks the sheet as a polyomino sheet (no nonogram or
          sudoku sheet has one), unless a defined name "Board" does.
frame     the rectangle the board is drawn in, found in this order: the range of a
          defined name "Board"; the size in the title ("Polyomino 10x6", width x height),
          two rows below the header; the bounding box of the blocked cells below the
          header (draw a ring of filled cells round the board).
board     the open cells of the frame. Any shape, holes allowed.
blocked   a frame cell with a solid fill (not white) or holding "#". Pure red
          (#FF0000) is xlsolver's contradiction colour (earlier versions filled the edge
          of a board that cannot be tiled with it), and a fill of xlsolver's palette under
          a piece's letter is a painted tiling: both read as open, so a painted sheet
          solves again as drawn.
settings  rows under the title: ``Pieces`` with a spec (``pentominoes``, ``tetrominoes``,
          ``F,I,L:2``, ``P:12``, the letters of drawn pieces; add ``one-sided`` to forbid
          turning pieces over, ``gaps`` to let cells stay empty) and ``Solutions`` with
          how many tilings to paint (the first on the board, each further one on a sheet
          of its own). Without a spec the set is the pieces drawn on the same sheet, or
          else the pentominoes; a Pieces sheet's pieces are used when the spec names them.
drawn piece  the cells holding one short name (a letter) outside the frame, or on a
          sheet named "Pieces"; they must be edge-connected.

Sheet cells are 1-based ``(row, col)``; board cells are 0-based ``(r, c)`` in the frame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Box, Cell
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.paint import BLACK, CLEAR, RED, GridLines, Outline, PaintPlan, SquareCells, Style, Write
from xlsolver.core.paint import group_by_style
from xlsolver.core.status import Status
from xlsolver.polyomino.board import Board
from xlsolver.polyomino.pieces import Mode, Piece, is_connected, normalize, one_sided
from xlsolver.polyomino.pieces import parse_piece_spec
from xlsolver.core.protocol import CellInfo, SheetSnapshot, Value
from xlsolver.sheets.cells import is_digits, shown

if TYPE_CHECKING:  # annotations only: reading a sheet loads no solver
    from xlsolver.polyomino.solver import Tiling, TilingResult

__all__ = [
    "PALETTE",
    "PIECES_SHEET",
    "PolyominoLayout",
    "PolyominoPuzzle",
    "board_import_plan",
    "detect_polyomino",
    "polyomino_plan",
    "read_pieces_sheet",
    "read_polyomino",
    "status_sentence",
    "tiling_rows",
    "tiling_sheet_plan",
]

PIECES_SHEET = "Pieces"
# Light and middle colours of Excel's default 56-colour palette (ColorIndex 40, 37, 35,
# 36, 38, 39, 42, 43, 44, 45, 17, 33, 22, 20, 4, 6, 7, 8, 24, 19, 41, 50, 46, 47): black
# letters read on all of them, and none is the grey of a blocked cell or the red of a
# contradiction.
PALETTE = (
    "FFCC99", "99CCFF", "CCFFCC", "FFFF99", "FF99CC", "CC99FF", "33CCCC", "99CC00",
    "FFCC00", "FF9900", "9999FF", "00CCFF", "FF8080", "CCFFFF", "00FF00", "FFFF00",
    "FF00FF", "00FFFF", "CCCCFF", "FFFFCC", "3366FF", "339966", "FF6600", "666699",
)
DEFAULT_SOLUTIONS = 2
NO_BOARD = ("no polyomino board found: expected a title such as \"Polyomino 10x6\" above the board, "
            "or a defined name \"Board\" on its range")

_TITLE = re.compile(r"\s*(polyomino|pentomino|tetromino|hexomino|tiling)", re.IGNORECASE)
_SIZE = re.compile(r"(?<![0-9])([0-9]{1,9})\s*[x×]\s*([0-9]{1,9})(?![0-9])", re.IGNORECASE)
_SETTING = re.compile(r"\s*(pieces|solutions)\s*(?::\s*(.*?))?\s*$", re.IGNORECASE | re.DOTALL)
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9']{0,3}$")
_OPTIONS = {"one-sided": "one_sided", "onesided": "one_sided", "one sided": "one_sided", "gaps": "gaps"}


@dataclass(frozen=True)
class PolyominoLayout:
    """Where the parts sit on the sheet (1-based cells)."""

    top: int
    left: int
    height: int
    width: int
    status_cell: Cell
    title: Cell | None = None
    spec_cell: Cell | None = None
    blocked_fills: tuple[tuple[Cell, str], ...] = ()  # frame cells the user filled, with the fill

    @property
    def bottom(self) -> int:
        return self.top + self.height - 1

    @property
    def right(self) -> int:
        return self.left + self.width - 1

    @property
    def range(self) -> str:
        return f"{cell_ref(self.top, self.left)}:{cell_ref(self.bottom, self.right)}"

    def cell(self, rc: tuple[int, int]) -> Cell:
        return (self.top + rc[0], self.left + rc[1])

    def inside(self, cell: Cell) -> bool:
        return self.top <= cell[0] <= self.bottom and self.left <= cell[1] <= self.right


@dataclass(frozen=True)
class PolyominoPuzzle:
    """What the sheet asks: the board, the pieces, and the choices of the settings rows."""

    board: Board
    pieces: tuple[Piece, ...]
    gaps: bool = False
    solutions: int = DEFAULT_SOLUTIONS  # tilings to paint


# --- reading cells ------------------------------------------------------------------

def _text(value: Value) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value).strip()


def _title_cell(snap: SheetSnapshot) -> Cell | None:
    for cell, info in sorted(snap.cells.items()):
        if isinstance(info.value, str) and _TITLE.match(info.value):
            return cell
    return None


def _named_frame(snap: SheetSnapshot) -> Box | None:
    for name in sorted(snap.names):
        if name.lower() == "board":
            return snap.names[name]
    return None


def detect_polyomino(snap: SheetSnapshot) -> bool:
    """Strict: a title whose first word names polyominoes or tiling, or a defined name
    "Board". Neither occurs in the nonogram or sudoku layouts."""
    return _title_cell(snap) is not None or _named_frame(snap) is not None


def _settings(snap: SheetSnapshot, title: Cell | None) -> tuple[dict[str, tuple[Cell, Value]], set[Cell], int]:
    """The settings rows under the title: label -> (the cell holding the value, the value),
    the cells they take, and the last header row. A setting is written in one cell
    ("Pieces: pentominoes") or as a label with its value in the cell to the right."""
    found: dict[str, tuple[Cell, Value]] = {}
    used: set[Cell] = set()
    if title is None:
        return found, used, 0
    row, col = title
    while True:
        value = snap.value(row + 1, col)
        match = _SETTING.match(value) if isinstance(value, str) else None
        if match is None:
            return found, used, row
        row += 1
        used.add((row, col))
        if match.group(2):
            found[match.group(1).lower()] = ((row, col), match.group(2))
        else:
            found[match.group(1).lower()] = ((row, col + 1), snap.value(row, col + 1))
            used.add((row, col + 1))


def _is_blocked_fill(info: CellInfo) -> bool:
    return info.fill is not None and info.fill not in ("FFFFFF", RED.fill)


def _painted(info: CellInfo, names: set[str]) -> bool:
    """A cell of an earlier painted tiling: a piece's name on a fill of the palette."""
    return info.fill in PALETTE and _text(info.value) in names


def _frame(snap: SheetSnapshot, title: Cell | None, header_end: int, limits: Limits = DEFAULT_LIMITS) -> Box:
    """The frame's box, refused (InputError) when it has more cells than ``limits`` allow."""
    box = _frame_box(snap, title, header_end)
    top, left, bottom, right = box
    limits.check_puzzle(bottom - top + 1, right - left + 1,
                        f"{snap.name}!{cell_ref(*(title or (top, left)))}")
    return box


def _frame_box(snap: SheetSnapshot, title: Cell | None, header_end: int) -> Box:
    named = _named_frame(snap)
    if named is not None:
        return named
    if title is None:
        raise InputError(NO_BOARD, snap.name)
    size = _SIZE.search(snap.value(*title))
    top, left = header_end + 2, title[1]
    if size:
        width, height = int(size.group(1)), int(size.group(2))
        if width < 1 or height < 1:
            raise InputError.at_cell(f"a board of {width}x{height} has no cells", snap.name, *title)
        return (top, left, top + height - 1, left + width - 1)
    marks = [cell for cell, info in snap.cells.items() if cell[0] > header_end
             and (_text(info.value) == "#" or (_is_blocked_fill(info) and not _text(info.value)))]
    if not marks:
        raise InputError.at_cell("the title gives no size (\"Polyomino 10x6\", width x height) and no "
                                 "frame of filled cells is drawn below it", snap.name, *title)
    rows = [r for r, _ in marks]
    cols = [c for _, c in marks]
    return (min(rows), min(cols), max(rows), max(cols))


def _drawn_pieces(cells: dict[Cell, str], sheet: str) -> dict[str, tuple[tuple[int, int], ...]]:
    """Cells holding a name -> one piece per name. Raises InputError for a name whose
    cells are not edge-connected, naming the sheet and the piece's first cell."""
    by_name: dict[str, list[Cell]] = {}
    for cell, name in sorted(cells.items()):
        by_name.setdefault(name, []).append(cell)
    shapes = {}
    for name, group in by_name.items():
        if not is_connected(group):
            first = group[0]
            raise InputError.at_cell(f'the cells of piece "{name}" are not connected (a piece is drawn as '
                                     f"edge-joined cells holding its name)", sheet, *first)
        shapes[name] = normalize(group)
    return shapes


def read_pieces_sheet(snap: SheetSnapshot) -> dict[str, tuple[tuple[int, int], ...]]:
    """The pieces drawn on a Pieces sheet: every cell holding a short name."""
    cells = {cell: _text(info.value) for cell, info in snap.cells.items() if _NAME.match(_text(info.value))}
    return _drawn_pieces(cells, snap.name)


def _spec(text: str) -> tuple[str, dict[str, bool]]:
    """The piece part of a spec and its options (one-sided, gaps)."""
    flags = {"one_sided": False, "gaps": False}
    rest = text
    for word, flag in _OPTIONS.items():
        pattern = re.compile(r"(^|[\s,;])" + re.escape(word) + r"(?=$|[\s,;])", re.IGNORECASE)
        if pattern.search(rest):
            flags[flag] = True
            rest = pattern.sub(" ", rest)
    parts = [p for p in re.split(r"[\s,;]+", rest) if p]
    return ",".join(parts), flags


def read_polyomino(snap: SheetSnapshot, library: dict[str, tuple[tuple[int, int], ...]] | None = None,
                   limits: Limits = DEFAULT_LIMITS) -> tuple[PolyominoLayout, PolyominoPuzzle]:
    """The layout and the puzzle. ``library`` holds the pieces of the book's Pieces sheet.
    Raises InputError naming the sheet and cell for a board with no open cells, a frame
    cell that is neither empty nor blocked, an unknown piece name, a drawn piece whose
    cells are disconnected, a Solutions value that is not a count, or a frame larger
    than ``limits`` allow (before any of its cells is looked at)."""
    title = _title_cell(snap)
    settings, setting_cells, header_end = _settings(snap, title)
    top, left, bottom, right = _frame(snap, title, header_end, limits)
    layout = PolyominoLayout(top, left, bottom - top + 1, right - left + 1, status_cell=(bottom + 2, left),
                             title=title, spec_cell=settings["pieces"][0] if "pieces" in settings else None)
    spec_text = _text(settings["pieces"][1]) if "pieces" in settings else ""
    piece_part, flags = _spec(spec_text)
    # Names outside the frame, off the header and status cells, are drawn pieces.
    skip = {title, layout.status_cell, *setting_cells}
    drawn = {cell: _text(info.value) for cell, info in snap.cells.items()
             if not layout.inside(cell) and cell not in skip and _NAME.match(_text(info.value))
             and cell[0] > header_end}
    here = _drawn_pieces(drawn, snap.name)
    custom = dict(library or {})
    custom.update(here)
    if not piece_part:
        piece_part = ",".join(sorted(here)) if here else "pentominoes"
    mode = Mode.FREE
    try:
        pieces = parse_piece_spec(piece_part, custom, mode)
    except ValueError as err:
        where = layout.spec_cell or title or (top, left)
        raise InputError.at_cell(str(err), snap.name, *where) from None
    if flags["one_sided"]:
        pieces = one_sided(pieces)
    names = {p.name for p in pieces}
    cells, fills = [], []
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            info = snap.get(r, c)
            text = _text(info.value)
            if text == "#" or (_is_blocked_fill(info) and not _painted(info, names)):
                if info.fill is not None:
                    fills.append(((r, c), info.fill))
                continue
            if text and text not in names:
                raise InputError.at_cell(f'"{shown(text)}" in the board: leave a board cell empty, or block it '
                                         f'with "#" or a fill', snap.name, r, c)
            cells.append((r - top, c - left))
    if not cells:
        raise InputError.at_cell(f"the board {layout.range} has no open cells (empty cells are the board; "
                                 f"filled cells and \"#\" are blocked)", snap.name, top, left)
    solutions = DEFAULT_SOLUTIONS
    if "solutions" in settings:
        where, value = settings["solutions"]
        if isinstance(value, str) and is_digits(value.strip()) and len(value.strip()) <= DEFAULT_LIMITS.digits:
            value = int(value.strip())
        if (isinstance(value, bool) or not isinstance(value, (int, float)) or not 1 <= value < 10 ** DEFAULT_LIMITS.digits
                or value != int(value)):
            raise InputError.at_cell(f'"{shown(value)}" is not a number of tilings to paint (1, 2, ...)',
                                     snap.name, *where)
        solutions = int(value)
    layout = PolyominoLayout(layout.top, layout.left, layout.height, layout.width, layout.status_cell,
                             title, layout.spec_cell, tuple(fills))
    return layout, PolyominoPuzzle(Board.of(cells), tuple(pieces), flags["gaps"], solutions)


# --- painting -----------------------------------------------------------------------

def piece_colours(tiling: Tiling) -> list[str]:
    """A fill for each placement (in the tiling's order): the palette in turn, then, past
    its end, the first colour no touching piece has."""
    colours: list[str] = []
    for k, (_, cells) in enumerate(tiling):
        if k < len(PALETTE):
            colours.append(PALETTE[k])
            continue
        around = {(r + dr, c + dc) for r, c in cells for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        taken = {colours[j] for j, (_, other) in enumerate(tiling[:k]) if around & set(other)}
        colours.append(next((x for x in PALETTE if x not in taken), PALETTE[k % len(PALETTE)]))
    return colours


def _tiling_ops(layout: PolyominoLayout, tiling: Tiling) -> tuple[dict[Cell, Style], list[Write]]:
    styled: dict[Cell, Style] = {}
    writes = []
    for (name, cells), colour in zip(tiling, piece_colours(tiling)):
        for rc in cells:
            styled[layout.cell(rc)] = Style(fill=colour)
            writes.append(Write(layout.cell(rc), name))
    return styled, writes


def _open_cells_plan(layout: PolyominoLayout, puzzle: PolyominoPuzzle) -> tuple[dict[Cell, Style], list[Write]]:
    """Every open cell back to empty and unfilled (what an earlier run painted goes)."""
    styled = {layout.cell(rc): CLEAR for rc in puzzle.board.cells}
    return styled, [Write(layout.cell(rc), None) for rc in sorted(puzzle.board.cells)]


def polyomino_plan(layout: PolyominoLayout, puzzle: PolyominoPuzzle, result: TilingResult, sheet: str) -> PaintPlan:
    """The first tiling painted on the board (each piece its fill and its name), or, when
    there is none, a red line round the board, or round the part of it that cannot be
    covered when a count says which (:class:`~xlsolver.core.paint.Outline`; no cell is
    filled red); the verdict in the status cell.

    The frame's grid lines are drawn first (thin inside, medium round the frame, as
    every board xlsolver lays out has them): that also takes an earlier run's red
    line away."""
    styled, writes = _open_cells_plan(layout, puzzle)
    outline: tuple = ()
    sentence = status_sentence(result, puzzle)
    if result.tilings:
        more_styles, more_writes = _tiling_ops(layout, result.tilings[0])
        styled.update(more_styles)
        writes += more_writes
    elif result.status == Status.NONE:
        region = sorted(layout.cell(rc) for rc in (result.region or puzzle.board.cells))
        outline = (Outline(tuple(region), RED.fill),)
        sentence += "; " + _outlined(layout, puzzle, result.region)
    grid = GridLines(layout.top, layout.left, layout.bottom, layout.right, every=10 ** 6)
    status = Write(layout.status_cell, f"{sentence} ({result.seconds:.2f} s)")
    return PaintPlan(sheet, (grid,) + group_by_style(styled) + outline + tuple(writes) + (status,))


def _outlined(layout: PolyominoLayout, puzzle: PolyominoPuzzle, region: frozenset[Cell]) -> str:
    """Where the red line is, in words: round the board, or round a part of it (its range)."""
    if not region or region == puzzle.board.cells:
        return "the board is outlined in red"
    rows = [r for r, _ in region]
    cols = [c for _, c in region]
    where = f"{cell_ref(*layout.cell((min(rows), min(cols))))}:{cell_ref(*layout.cell((max(rows), max(cols))))}"
    return f"that part ({len(region)} cells in {where}) is outlined in red"


def tiling_sheet_plan(layout: PolyominoLayout, puzzle: PolyominoPuzzle, tiling: Tiling, sheet: str,
                      title: str) -> PaintPlan:
    """One more tiling on a sheet of its own: the title, the frame where it is on the
    board's sheet, blocked cells in the user's fills (grey for "#"), the pieces painted."""
    styled, writes = _tiling_ops(layout, tiling)
    fills = dict(layout.blocked_fills)
    for r in range(layout.top, layout.bottom + 1):
        for c in range(layout.left, layout.right + 1):
            if (r - layout.top, c - layout.left) not in puzzle.board.cells:
                styled[(r, c)] = Style(fill=fills[(r, c)]) if (r, c) in fills else BLACK
    head = (max(layout.top - 2, 1), layout.left)
    ops = (Write(head, title), GridLines(layout.top, layout.left, layout.bottom, layout.right, every=10 ** 6),
           SquareCells(layout.top, layout.left, layout.bottom, layout.right, size=18.0))
    return PaintPlan(sheet, ops + group_by_style(styled) + tuple(writes))


def board_import_plan(board: Board, sheet: str, title: str, spec: str = "", solutions: int | None = None,
                      origin: Cell = (1, 1)) -> PaintPlan:
    """Lay a board out for the user: the title (with the frame's size, so the layout reads
    it back), the settings rows, grid lines round the frame, blocked cells grey."""
    ops: list = [Write(origin, title if _SIZE.search(title) else f"{title} {board.width}x{board.height}")]
    row = origin[0]
    for label, value in (("Pieces", spec), ("Solutions", solutions)):
        if value:
            row += 1
            ops.append(Write((row, origin[1]), f"{label}: {value}"))
    top, left = row + 2, origin[1]
    layout = PolyominoLayout(top, left, board.height, board.width, (top + board.height + 1, left))
    blocked = [layout.cell((r, c)) for r in range(board.height) for c in range(board.width)
               if (r, c) not in board.cells]
    ops += [GridLines(top, left, layout.bottom, layout.right, every=10 ** 6),
            SquareCells(top, left, layout.bottom, layout.right, size=18.0)]
    ops += list(group_by_style({cell: BLACK for cell in blocked}))
    return PaintPlan(sheet, tuple(ops))


def tiling_rows(board: Board, tiling: Tiling, height: int, width: int) -> list[str]:
    """A tiling as text rows: each cell its piece's name (its first character), ``#``
    for a blocked cell, ``.`` for a cell left empty."""
    owner = {rc: name[0] for name, cells in tiling for rc in cells}
    return ["".join(owner.get((r, c), "." if (r, c) in board.cells else "#") for c in range(width))
            for r in range(height)]


def status_sentence(result: TilingResult, puzzle: PolyominoPuzzle) -> str:
    """The verdict in words, with the counts."""
    if result.reason is not None:  # decided before the search: say which check
        return f"no tiling: {result.reason}"
    return result.message
