"""Workbook files through openpyxl: the one module that imports it.

It turns openpyxl's cells into :class:`~xlsolver.core.protocol.SheetSnapshot`
values and applies :class:`~xlsolver.core.paint.PaintPlan` values to them.
Colours come out as plain ``"RRGGBB"``: openpyxl gives ARGB strings, indexed
colours (through the workbook's palette, so ColorIndex 16 is #808080) and
theme colours with a tint, and layouts should not care which.

Saving is atomic: the workbook goes to a temporary file in the target's
folder, then ``os.replace`` puts it in place, so a crash never leaves half a
file and the input is only touched when it is the target.

Reading is bounded (see :mod:`xlsolver.core.limits`): the archive is checked
before openpyxl unpacks it (:mod:`.archive_checks`), only the cells a sheet
file holds are read, a sheet holding more than ``Limits.sheet_cells`` of them
is refused, and a defined name larger than that is cut to the cells that
hold something. Text is written as text: a value beginning with "=" is never
saved as a formula.
"""

from __future__ import annotations

import colorsys
import gc
import math
import re
import zipfile
from contextlib import contextmanager
from copy import copy
from datetime import date, datetime, time
from io import BytesIO
from pathlib import Path
from typing import Iterator

import openpyxl
from defusedxml.ElementTree import fromstring as parse_xml
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.styles.colors import COLOR_INDEX, Color
from openpyxl.utils import get_column_letter, range_boundaries
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.workbook.workbook import Workbook
from openpyxl.writer.theme import theme_xml

from xlsolver.backends import openpyxl_keeps, openpyxl_owned
from xlsolver.backends.archive_checks import check_archive
from xlsolver.backends.paint_record import RECORD_SHEET
from xlsolver.core.ownership import RECORD_SHEET as OWNED_SHEET
from xlsolver.core.errors import InputError
from xlsolver.core.files import atomic_write
from xlsolver.core.geometry import Cell
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.printing import DEFAULT_WIDTH, shown_box, square_width
from xlsolver.core.printing import landscape as printed_landscape
from xlsolver.core.paint import (
    GREY,
    ColumnWidths,
    GridLines,
    Outline,
    Paint,
    PaintPlan,
    PrintSetup,
    Restore,
    SquareCells,
    TextLook,
    Write,
)
from xlsolver.core.protocol import CellInfo, CellLook, SheetSnapshot, Value

__all__ = ["OpenpyxlWorkbook"]

MACRO_SUFFIXES = (".xlsm", ".xltm")
_HAIR = Side(style="hair", color="FF" + GREY)
_NO_SIDE = Side()
_NO_STYLE = StyleArray()  # the style indices of a cell openpyxl made without any
# Cell indices 64 and 65 are the system foreground and background colours.
_SYSTEM_COLOURS = {64: "000000", 65: "FFFFFF"}
# Theme colour indices in cells follow this order, not the file's (dk1 before lt1).
_THEME_ORDER = ("lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3",
                "accent4", "accent5", "accent6", "hlink", "folHlink")
_DRAWING_NS = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_HEX_COLOUR = re.compile(r"[0-9A-F]{6}")
# The first bytes of an OLE compound file: an old .xls, or an .xlsx encrypted with a password.
_COMPOUND_FILE = bytes.fromhex("D0CF11E0A1B11AE1")


class OpenpyxlWorkbook:
    """A workbook file (.xlsx, .xlsm) held in memory by openpyxl.

    ``api`` is the openpyxl ``Workbook`` itself, the escape hatch for what the
    protocol does not cover; only code in ``xlsolver/backends`` uses it.
    """

    ignores: frozenset[type] = frozenset()  # a file keeps every layout operation

    def __init__(self, book: Workbook, path: Path | None = None, limits: Limits = DEFAULT_LIMITS) -> None:
        self.api = book
        self.path = path
        self.limits = limits  # how much of a sheet snapshot() reads
        self._theme: list[str] | None = None
        self._painted: set[str] = set()  # the sheets plans were applied to: each prints on one page
        self._set_up: set[str] = set()  # the sheets a plan gave a page setup

    # --- opening and creating ---

    @classmethod
    def open(cls, path: Path | str, limits: Limits = DEFAULT_LIMITS) -> "OpenpyxlWorkbook":
        """Load a workbook; macros are kept for .xlsm. Raises InputError when the
        file is missing, is not a workbook openpyxl can read, or is larger than
        ``limits`` allow (an archive that unpacks to too much, see archive_checks)."""
        path = Path(path)
        if not path.exists():
            raise InputError("no such file", str(path))
        if path.is_dir():
            raise InputError("is a folder, not a workbook", str(path))
        if not path.is_file():
            raise InputError("is not a regular file (a device or a pipe), not a workbook", str(path))
        try:
            check_archive(path, limits)
            with _collector_paused(), _long_numbers_kept():
                book = openpyxl.load_workbook(path, keep_vba=path.suffix.lower() in MACRO_SUFFIXES)
        except InputError:
            raise
        except Exception as err:  # noqa: BLE001 - any parse failure means "not a workbook we can read"
            raise InputError(_unreadable(path, err), str(path)) from None
        if book.vba_archive is not None:
            book.vba_archive = _frozen_archive(book.vba_archive)
        _repair_styles(book)
        return cls(book, path, limits)

    @classmethod
    def new(cls) -> "OpenpyxlWorkbook":
        """An empty workbook with no sheets (add one before saving)."""
        book = Workbook()
        book.remove(book.active)
        return cls(book)

    # --- the protocol ---

    @property
    def source(self) -> str:
        return str(self.path or "")

    def sheet_names(self) -> list[str]:
        """The workbook's sheets but xlsolver's hidden records (see paint_record and core.ownership)."""
        return [name for name in self.api.sheetnames if name not in (RECORD_SHEET, OWNED_SHEET)]

    def add_sheet(self, name: str) -> None:
        """Add an empty sheet at the end; an existing sheet of that name is kept."""
        if name not in self.api.sheetnames:
            self.api.create_sheet(name)

    def remove_sheet(self, name: str, even_last: bool = False) -> None:
        """Delete ``name``; the last sheet only with ``even_last`` (a file being
        built may be empty for a while, but :meth:`save` wants a sheet)."""
        if name in self.api.sheetnames and (len(self.api.sheetnames) > 1 or even_last):
            self.api.remove(self.api[name])

    def copy_sheet(self, source: str, name: str) -> None:
        """Add a copy of the sheet ``source`` (cells, styles, sizes) called ``name`` at the end.
        Styling a frame once and copying it is much faster than styling each sheet."""
        self.api.copy_worksheet(self.api[source]).title = name

    def snapshot(self, sheet: str) -> SheetSnapshot:
        """Values, solid fills, diagonal borders and the defined names that point into ``sheet``.
        Only the cells the file holds are read (a value at XFD1048576 is one cell, not
        the seventeen billion before it); raises InputError for a sheet holding more
        than ``limits.sheet_cells`` of them."""
        ws = self.api[sheet]
        if not hasattr(ws, "iter_rows"):  # a chart sheet has no cells
            return SheetSnapshot(sheet)
        self.limits.check_sheet(len(ws._cells), sheet)
        # Each fill's colour and each border's diagonals are worked out once, by
        # their index; the cells go row by row, as iter_rows gives them, without
        # making the empty cells between them.
        fills = _Derived(self.api._fills, self._fill)
        diagonals = _Derived(self.api._borders, _has_diagonals)
        cells = {}
        for key in sorted(ws._cells):
            cell = ws._cells[key]
            styles = cell._style or _NO_STYLE
            info = CellInfo(_value(cell.value), fills[styles.fillId], diagonals[styles.borderId])
            if not info.blank:
                cells[key] = info
        return SheetSnapshot(sheet, cells, self._names(sheet))

    def apply(self, plan: PaintPlan) -> None:
        """Paint fills and borders, write values, size cells; the sheet is made if missing."""
        self.add_sheet(plan.sheet)
        ws = self.api[plan.sheet]
        self._painted.add(plan.sheet)
        for op in plan.ops:
            if isinstance(op, Paint):
                _paint(ws, op)
            elif isinstance(op, Write):
                _store(ws.cell(*op.cell), op.value)
            elif isinstance(op, SquareCells):
                _square(ws, op)
            elif isinstance(op, GridLines):
                _grid_lines(ws, op)
            elif isinstance(op, Outline):
                _outline(ws, op)
            elif isinstance(op, TextLook):
                _text_look(ws, op)
            elif isinstance(op, PrintSetup):
                _print_setup(ws, op)
                self._set_up.add(plan.sheet)
            elif isinstance(op, ColumnWidths):
                for col, width in op.widths:
                    ws.column_dimensions[get_column_letter(col)].width = width
            elif isinstance(op, Restore):
                openpyxl_owned.restore(ws, op.looks)
            else:
                raise TypeError(f"unknown paint operation {op!r}")

    def save(self, path: Path | str) -> None:
        """Write to ``path`` atomically: a temporary file beside it, then a rename."""
        path = Path(path)
        if not self.api.worksheets:
            raise ValueError("a workbook needs at least one sheet before it is saved")
        if self.api.vba_archive is not None and path.suffix.lower() not in MACRO_SUFFIXES:
            raise InputError("the workbook holds macros; save it with the .xlsm suffix", str(path))
        openpyxl_owned.record_last(self.api)
        for name in sorted(self._painted & set(self.sheet_names())):
            if hasattr(self.api[name], "print_area"):
                # every sheet xlsolver painted prints on one page (a plan's own page setup keeps its orientation)
                _print_whole(self.api[name], keep_orientation=name in self._set_up)
        with _collector_paused():
            atomic_write(path, self.api.save, "the workbook")

    def unkept(self) -> list[str]:
        """What of the file this back end's writer would drop (a text box on Sheet1 ...): see openpyxl_keeps."""
        return openpyxl_keeps.unkept(self.path) if self.path is not None else []

    def looks(self, sheet: str, cells: list[Cell]) -> dict[Cell, CellLook]:
        """Each cell's whole look, its style records' XML included (see openpyxl_owned)."""
        return openpyxl_owned.read_looks(self.api[sheet], cells, self._rgb)

    def owned_text(self) -> str:
        return openpyxl_owned.read_text(self.api)

    def keep_owned_text(self, text: str) -> None:
        openpyxl_owned.keep_text(self.api, text)

    # --- reading helpers ---

    def _fill(self, fill: PatternFill) -> str | None:
        """The colour of a solid fill (None for none, a pattern or a gradient)."""
        if getattr(fill, "fill_type", None) != "solid":
            return None
        return self._rgb(fill.fgColor)

    def _rgb(self, color: Color | None) -> str | None:
        """Any openpyxl colour as "RRGGBB" (None for "automatic")."""
        if color is None:
            return None
        if color.type == "rgb" and isinstance(color.rgb, str) and len(color.rgb) >= 6:
            return _hex(color.rgb[-6:])
        if color.type == "indexed":
            palette = getattr(self.api, "_colors", None) or COLOR_INDEX
            if 0 <= color.indexed < len(palette):
                return _hex(str(palette[color.indexed])[-6:])
            return _SYSTEM_COLOURS.get(color.indexed)
        if color.type == "theme":
            theme = self._theme_colours()
            if 0 <= color.theme < len(theme):
                return _tinted(theme[color.theme], color.tint or 0.0)
        return None

    def _theme_colours(self) -> list[str]:
        if self._theme is None:
            self._theme = _theme_palette(self.api.loaded_theme or theme_xml)
        return self._theme

    def _names(self, sheet: str) -> dict[str, tuple[int, int, int, int]]:
        """Workbook- and sheet-scoped defined names that point at one range of ``sheet``.
        A name covering more than ``limits.sheet_cells`` cells (``A1:XFD1048576``) is
        cut to the box of the cells the sheet holds, and dropped when none is inside."""
        found = {}
        held = None
        scopes = [self.api.defined_names.items(), self.api[sheet].defined_names.items()]
        for items in scopes:
            for name, defined in items:
                box = _box_in(defined, sheet)
                if box is not None and _area(box) > self.limits.sheet_cells:
                    held = held or _held_box(self.api[sheet])
                    box = _clipped(box, held)
                if box is not None:
                    found[name] = box
        return found


# --- style tables ---------------------------------------------------------
#
# openpyxl keeps each distinct fill, border, font and alignment once, in the
# workbook's tables, and a cell holds only their indices (its StyleArray).
# Assigning ``cell.border = Border(...)`` builds an object and hashes it, its
# sides and their colours, to find its index: tens of microseconds a cell, most
# of the time a large sheet took to paint. Here each distinct look is built
# and looked up once per operation, and cells get the index; a cell's new look
# depends only on its old one, so the index it gets is memoised by the old.
# Reading works the same way: a fill's colour is worked out once per fill.

class _Derived(dict):
    """A style table's index -> what ``derive`` makes of the style there, made once.
    ``table`` is one of the workbook's IndexedLists (_fonts, _fills, _borders, ...)."""

    def __init__(self, table, derive) -> None:
        super().__init__()
        self.table = table
        self.derive = derive

    def __missing__(self, index: int):
        made = self[index] = self.derive(self.table[index])
        return made


class _Restyled(_Derived):
    """A style table's index -> the index of the style ``derive`` makes from that one."""

    def __missing__(self, index: int) -> int:
        made = self[index] = self.table.add(self.derive(self.table[index]))
        return made


# --- module helpers ---------------------------------------------------------

@contextmanager
def _collector_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector while openpyxl reads or writes a
    file. Reading a 300x300 nonogram makes some 135,000 cells that all stay, and
    writing it makes and drops an XML element for each; the collector, started
    by the count of new objects, rescans the workbook's live objects again and
    again: over half the time of opening such a file, an eighth of saving it.
    Reference counting frees what they drop; the collector runs again after."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


@contextmanager
def _long_numbers_kept() -> Iterator[None]:
    """openpyxl turns a number cell's digits into an int with ``int()``, which
    Python refuses for more than 4,300 digits (a guard against quadratic time),
    and a number cell holding no number at all fails the same way: one such
    cell would make the whole workbook unreadable. While a file loads, such a
    cell keeps the text it holds, so the sheet's reader can name that cell and
    every other sheet still reads."""
    from openpyxl.worksheet import _reader

    cast = getattr(_reader, "_cast_number", None)
    if cast is None:  # another openpyxl: no hook, the strict reading stands
        yield
        return

    def kept(value: str):
        try:
            return cast(value)
        except ValueError:
            return value

    _reader._cast_number = kept
    try:
        yield
    finally:
        _reader._cast_number = cast


# A cell format's indices into the workbook's tables of fonts, fills and borders.
_STYLE_TABLES = (("fontId", "_fonts"), ("fillId", "_fills"), ("borderId", "_borders"))


def _repair_styles(book: Workbook) -> None:
    """A cell format that points past the file's table of fonts, fills or borders
    (a damaged or hand-made styles part) reads as the table's first, the default,
    as if the cell had no such format: openpyxl keeps the index as it is, and the
    cell would fail when read or painted. Only when some format is bad are the
    cells looked at, so a sound workbook costs one look at its formats."""
    sizes = {field: len(getattr(book, table)) for field, table in _STYLE_TABLES}

    def bad(style: StyleArray) -> bool:
        return any(not 0 <= getattr(style, field) < size for field, size in sizes.items())

    if not any(bad(style) for style in book._cell_styles):
        return
    for ws in book.worksheets:
        for cell in getattr(ws, "_cells", {}).values():
            style = cell._style
            if style is not None and bad(style):
                for field, size in sizes.items():
                    if not 0 <= getattr(style, field) < size:
                        setattr(style, field, 0)


def _unreadable(path: Path, err: Exception) -> str:
    """Why a file could not be opened, in a sentence for the user."""
    suffix = path.suffix.lower()
    if suffix == ".xls":
        return "the old .xls format cannot be read; save it as .xlsx in Excel"
    if _starts_with(path, _COMPOUND_FILE):
        return ("not a zip archive but an OLE file: a workbook protected with a password, or an old .xls "
                "renamed; save it unprotected as .xlsx in Excel")
    if isinstance(err, zipfile.BadZipFile) or (isinstance(err, InvalidFileException) and suffix in (".xlsx", ".xlsm")):
        return "not an Excel workbook (an .xlsx or .xlsm file is a zip archive; this one is not)"
    if isinstance(err, InvalidFileException):
        return f"not an Excel workbook; xlsolver reads .xlsx and .xlsm files, not {suffix or 'files without a suffix'}"
    return f"not an Excel workbook xlsolver can read ({type(err).__name__}: {err})"


def _frozen_archive(archive: zipfile.ZipFile) -> zipfile.ZipFile:
    """openpyxl keeps the macros in a zip open for appending on a BytesIO. When
    the workbook is garbage collected the BytesIO may be closed first, and the
    zip's finaliser then fails writing its directory. A read-only copy has no
    directory to write; openpyxl only reads from it when saving."""
    buffer = archive.fp  # the BytesIO; close() writes the directory into it and leaves it open
    archive.close()
    return zipfile.ZipFile(BytesIO(buffer.getvalue()))


def _starts_with(path: Path, magic: bytes) -> bool:
    try:
        with path.open("rb") as f:
            return f.read(len(magic)) == magic
    except OSError:
        return False


def _value(value) -> Value:
    """Cell values as the protocol's plain types (dates and formulas become text;
    an array formula its formula's text). An integer too large for a double is
    what Excel holds for it: a float, infinite past 1.8e308."""
    if value is None or isinstance(value, (str, float, bool)):
        return value
    if isinstance(value, int):
        if abs(value) <= 2 ** 53:
            return value
        try:
            return float(value)
        except OverflowError:
            return float("inf") if value > 0 else float("-inf")
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    text = getattr(value, "text", None)  # openpyxl's ArrayFormula
    return text if isinstance(text, str) else str(value)


def _store(cell, value) -> None:
    """A Write's value into a cell. Text stays text: openpyxl takes a string that
    starts with "=" for a formula (and "#REF!" for an error) and would save it as
    one, but xlsolver never writes a formula, so a puzzle title such as
    ``=HYPERLINK(...)`` is saved as the characters it is. Characters a sheet
    cannot hold (control characters, which XML 1.0 forbids) become U+FFFD."""
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("\ufffd", value)
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"


def _hex(rgb: str) -> str | None:
    """ "RRGGBB" in capitals, or None for anything that is not six hex digits."""
    rgb = rgb.upper()
    return rgb if _HEX_COLOUR.fullmatch(rgb) else None


def _area(box: tuple[int, int, int, int]) -> int:
    return (box[2] - box[0] + 1) * (box[3] - box[1] + 1)


def _held_box(ws) -> tuple[int, int, int, int] | None:
    """The box of the cells a sheet holds (values or formats), None for an empty sheet."""
    if not ws._cells:
        return None
    rows = [r for r, _ in ws._cells]
    cols = [c for _, c in ws._cells]
    return (min(rows), min(cols), max(rows), max(cols))


def _clipped(box: tuple[int, int, int, int], held: tuple[int, int, int, int] | None):
    """``box`` cut to ``held``; None when they do not meet."""
    if held is None:
        return None
    top, left = max(box[0], held[0]), max(box[1], held[1])
    bottom, right = min(box[2], held[2]), min(box[3], held[3])
    return (top, left, bottom, right) if top <= bottom and left <= right else None


def _has_diagonals(border: Border) -> bool:
    """Both diagonal borders set with a line style: the analyzer's white mark."""
    return bool(border.diagonalUp and border.diagonalDown
                and border.diagonal is not None and border.diagonal.style)


def _box_in(defined, sheet: str) -> tuple[int, int, int, int] | None:
    """The ``(row0, col0, row1, col1)`` a defined name covers on ``sheet``, if
    it names exactly one range there (constants, formulas and other sheets: None)."""
    try:
        destinations = list(defined.destinations)
    except Exception:  # noqa: BLE001 - a name holding a formula has no destinations
        return None
    if len(destinations) != 1 or destinations[0][0] != sheet:
        return None
    try:
        col0, row0, col1, row1 = range_boundaries(destinations[0][1].replace("$", ""))
    except (TypeError, ValueError):
        return None
    if None in (col0, row0, col1, row1):  # whole rows or columns are no grid
        return None
    return (row0, col0, row1, col1)


def _theme_palette(xml: str | bytes) -> list[str]:
    """The twelve theme colours as "RRGGBB", in cell index order. The theme is
    XML from the file, parsed by defusedxml (no entities, no external references);
    a theme that does not parse gives the default theme's colours, and a colour
    that is not six hex digits reads as black, as a missing one does."""
    try:
        scheme = parse_xml(xml).find(f".//{_DRAWING_NS}clrScheme")
    except Exception:  # noqa: BLE001 - malformed or hostile XML: the default theme
        if xml == theme_xml:
            raise
        return _theme_palette(theme_xml)
    colours = []
    for tag in _THEME_ORDER:
        element = scheme.find(f"{_DRAWING_NS}{tag}") if scheme is not None else None
        spec = element[0] if element is not None and len(element) else None
        value = None if spec is None else spec.get("val") if spec.tag.endswith("srgbClr") else spec.get("lastClr")
        colours.append(_hex(value or "") or "000000")
    return colours


def _tinted(rgb: str, tint: float) -> str:
    """Excel's tint: darken (tint < 0) or lighten (tint > 0) in HLS lightness.
    A tint is -1 to 1; one outside (or not a number) is held to that."""
    if not tint or not math.isfinite(tint):
        return rgb
    tint = max(-1.0, min(1.0, tint))
    r, g, b = (int(rgb[i:i + 2], 16) / 255 for i in (0, 2, 4))
    h, light, s = colorsys.rgb_to_hls(r, g, b)
    light = light * (1 + tint) if tint < 0 else light * (1 - tint) + tint
    return "".join(f"{round(v * 255):02X}" for v in colorsys.hls_to_rgb(h, light, s))


# --- painting helpers -------------------------------------------------------

def _styles(ws, ref: Cell) -> StyleArray:
    """The style indices of the cell at ``ref`` (made, with the default look, when missing)."""
    cell = ws.cell(*ref)
    if cell._style is None:
        cell._style = StyleArray()
    return cell._style


def _paint(ws, op: Paint) -> None:
    """One style for many cells: fill and diagonals always, font colour when given.
    The cell's other borders (a thick line every five cells, say) are kept."""
    book, style = ws.parent, op.style
    fill = PatternFill(fill_type="solid", fgColor="FF" + style.fill) if style.fill else PatternFill(fill_type=None)
    fill_id = book._fills.add(fill)
    borders = _Restyled(book._borders, lambda border: _with_diagonals(border, style.diagonals))
    fonts = _Restyled(book._fonts, lambda font: _recoloured(font, style.font_colour)) if style.font_colour else None
    for cell_ref in op.cells:
        styles = _styles(ws, cell_ref)
        styles.fillId = fill_id
        styles.borderId = borders[styles.borderId]
        if fonts is not None:
            styles.fontId = fonts[styles.fontId]


def _with_diagonals(border: Border, on: bool) -> Border:
    return Border(left=border.left, right=border.right, top=border.top, bottom=border.bottom,
                  diagonal=_HAIR if on else _NO_SIDE, diagonalUp=on, diagonalDown=on,
                  outline=border.outline, vertical=border.vertical, horizontal=border.horizontal)


def _recoloured(font: Font, colour: str) -> Font:
    font = copy(font)
    font.color = Color(rgb="FF" + colour)
    return font


_THIN = Side(style="thin", color="FFA0A0A0")
_MEDIUM = Side(style="medium", color="FF404040")


def _grid_lines(ws, op: GridLines) -> None:
    """Thin lines around each cell, medium ones on the box's edge and every
    ``op.every`` cells from its top-left corner; diagonals are kept."""
    def medium(offset: int, first: int, last: int) -> bool:
        return offset == first or offset == last or (offset - first) % op.every == 0

    def lined(old: Border, left: bool, right: bool, top: bool, bottom: bool) -> Border:
        side = {True: _MEDIUM, False: _THIN}
        return Border(left=side[left], right=side[right], top=side[top], bottom=side[bottom],
                      diagonal=old.diagonal, diagonalUp=old.diagonalUp, diagonalDown=old.diagonalDown)

    # One memo per combination of medium sides: at most 16, each memoised by the old border.
    by_sides: dict[tuple[bool, ...], _Restyled] = {}
    columns = [(col, medium(col, op.left, op.right + 1), medium(col + 1, op.left, op.right + 1))
               for col in range(op.left, op.right + 1)]
    for row in range(op.top, op.bottom + 1):
        top, bottom = medium(row, op.top, op.bottom + 1), medium(row + 1, op.top, op.bottom + 1)
        for col, left, right in columns:
            sides = (left, right, top, bottom)
            borders = by_sides.get(sides)
            if borders is None:
                borders = by_sides[sides] = _Restyled(ws.parent._borders, lambda old, s=sides: lined(old, *s))
            styles = _styles(ws, (row, col))
            styles.borderId = borders[styles.borderId]


def _outline(ws, op: Outline) -> None:
    """A medium line in the op's colour on each cell's sides on the outline; the
    cell's other sides and diagonals are kept."""
    line = Side(style="medium", color="FF" + op.colour)
    sides: dict[Cell, set[str]] = {}
    for cell, side in op.edges():
        sides.setdefault(cell, set()).add(side)
    memo: dict[frozenset[str], _Restyled] = {}
    for cell, on in sides.items():
        key = frozenset(on)
        if key not in memo:
            memo[key] = _Restyled(ws.parent._borders, lambda old, on=key: Border(
                **{side: line if side in on else getattr(old, side) for side in ("left", "right", "top", "bottom")},
                diagonal=old.diagonal, diagonalUp=old.diagonalUp, diagonalDown=old.diagonalDown))
        styles = _styles(ws, cell)
        styles.borderId = memo[key][styles.borderId]


def _square(ws, op: SquareCells) -> None:
    """Rows ``size`` points high; columns as wide, in Excel's character units
    (pixels = 7 * width + 5 for the default font, and a point is 4/3 pixel)."""
    width = square_width(op.size)
    for col in range(op.left, op.right + 1):
        ws.column_dimensions[get_column_letter(col)].width = width
    for row in range(op.top, op.bottom + 1):
        ws.row_dimensions[row].height = op.size


_CENTRED = Alignment(horizontal="center", vertical="center")


def _text_look(ws, op: TextLook) -> None:
    """Font size and weight (the font's colour is kept), and centred text."""
    def looked(font: Font) -> Font:
        font = copy(font)
        if op.size is not None:
            font.size = op.size
        font.bold = op.bold
        return font

    fonts = _Restyled(ws.parent._fonts, looked)
    centred = ws.parent._alignments.add(_CENTRED) if op.centred else None
    for row in range(op.top, op.bottom + 1):
        for col in range(op.left, op.right + 1):
            styles = _styles(ws, (row, col))
            styles.fontId = fonts[styles.fontId]
            if centred is not None:
                styles.alignmentId = centred


def _print_setup(ws, op: PrintSetup) -> None:
    """The print area, one page wide and tall, centred across the page."""
    ws.print_area = f"{get_column_letter(op.left)}{op.top}:{get_column_letter(op.right)}{op.bottom}"
    ws.page_setup.orientation = "landscape" if op.landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.horizontalCentered = True


def _print_whole(ws, keep_orientation: bool = False) -> None:
    """Print everything the sheet shows on one page: its print area (if any) grown
    to the non-blank cells and the columns their texts run over into (core.printing)."""
    def width(col: int) -> float:
        dimension = ws.column_dimensions.get(get_column_letter(col))
        return dimension.width if dimension is not None and dimension.width else DEFAULT_WIDTH

    def points(ref: Cell) -> float | None:
        font = ws._cells[ref].font
        return float(font.sz) if font is not None and font.sz else None

    def height(row: int) -> float | None:
        dimension = ws.row_dimensions.get(row)
        return dimension.height if dimension is not None else None

    solid = _Derived(ws.parent._fills, lambda fill: getattr(fill, "fill_type", None) == "solid")
    cells = {ref: CellInfo(_value(cell.value), "solid" if solid[(cell._style or _NO_STYLE).fillId] else None)
             for ref, cell in ws._cells.items()}
    box = shown_box(cells, width, points, _print_box(ws))
    if box is not None:
        wide = ws.page_setup.orientation == "landscape" if keep_orientation else printed_landscape(box, width, height)
        _print_setup(ws, PrintSetup(*box, landscape=wide))


def _print_box(ws) -> tuple[int, int, int, int] | None:
    """The sheet's print area as (top, left, bottom, right), when it has one."""
    try:
        left, top, right, bottom = range_boundaries(ws.print_area.split(",")[0].split("!")[-1].replace("$", ""))
    except (AttributeError, TypeError, ValueError):
        return None
    return None if None in (left, top, right, bottom) else (top, left, bottom, right)
