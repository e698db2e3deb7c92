"""Live Excel through xlwings: the one module that imports it.

:class:`XlwingsWorkbook` implements the back-end protocol on an open
``xlwings.Book``. Every call crosses from Python into Excel (COM on Windows,
AppleScript on macOS) and costs about a millisecond, so the module is built
around doing few of them:

- values are read as one block (``used_range.value``) and written as whole
  rectangles, never cell by cell; a used range larger than the limit (a value
  at XFD1048576, a far cell holding only a fill) is not read: Excel names the
  cells holding a constant or a formula (``Range.SpecialCells``, as areas) and
  only those are read, in a few rectangles (:mod:`xlsolver.backends.held`);
- what xlsolver paints is recorded in the workbook, in a very hidden sheet
  (:mod:`xlsolver.backends.paint_record`): per sheet and look (fill and
  diagonals), the cells as A1 areas. A sheet is read back from the record after
  one question per recorded look (is this multi-area range all of that look?)
  and one about every other cell of the used range (all without a look?);
- fills and diagonal borders the record does not vouch for are read by halving:
  a range whose fill and both diagonals are uniform costs one question, a mixed
  one is split in two. An unpainted sheet is read in one step. A grid painted
  by hand (or before the record, or by another program) has too many
  boundaries between colours for that: past a few questions Excel saves a copy
  of the workbook (``SaveCopyAs``, one call) and the fills are read from the
  file, and recorded cells that no longer look as recorded leave the record;
- each style of a plan is painted at once on a multi-area range: the cells
  are merged into rectangles (:mod:`xlsolver.backends.boxes`), and when their
  addresses fit ``Range("...")``'s 255 characters that is the range; longer
  lists go into a defined name (a formula of up to 8192 characters) whose
  ``refers_to_range`` is the range, with the 255-character chunks as fallback;
- screen updating is off while painting and the status bar says what is going on.

Fills and borders use ``Range.api`` (Excel's own ``Interior`` and ``Borders``)
where xlwings has no member: that is Excel's object model, as on Windows.

``lite=True`` is for xlwings Lite (Python in the browser, through Office.js),
which has no ``api``, status bar or screen updating, and cannot read fills:
values are read, fills are set rectangle by rectangle (Lite sends all of a
script's changes to Excel in one go when it ends), and white cells get their
fill without the diagonal lines.

Tested against a recording double of exactly these members
(``tests/live/xlwings_double.py``); no Excel runs on the machines that test it.
"""

from __future__ import annotations

import json
import os
import tempfile
from itertools import takewhile
from pathlib import Path
from typing import Any, Callable

from xlsolver.backends.boxes import Band, Box, a1, absolute, address_chunks, parse_address, rectangles, stacked
from xlsolver.backends.held import SPARE, area, cut_names, read_boxes
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.backends.paint_record import HEADER, RECORD_SHEET, Look, PaintRecord
from xlsolver.core.errors import InputError
from xlsolver.core.files import atomic_write
from xlsolver.core.geometry import Cell
from xlsolver.core.limits import DEFAULT_LIMITS, LIMIT_OPTION, Limits
from xlsolver.core.ownership import RECORD_SHEET as OWNED_SHEET
from xlsolver.core.ownership import Record
from xlsolver.core.paint import (
    GREY,
    LAYOUT_OPS,
    ColumnWidths,
    GridLines,
    Outline,
    Paint,
    PaintPlan,
    PrintSetup,
    Restore,
    SquareCells,
    Style,
    TextLook,
    Write,
)
from xlsolver.core.protocol import CellInfo, CellLook, SheetSnapshot, Value

__all__ = ["AREAS_AT_ONCE", "INSTALL_HINT", "XlwingsWorkbook", "caller_book", "import_xlwings"]

INSTALL_HINT = "live Excel needs xlwings: in a clone of xlsolver, pip install '.[excel]' (then: xlwings addin install)"

# Excel constants (XlBordersIndex, XlLineStyle, XlBorderWeight, XlColorIndex).
XL_DIAGONAL_DOWN, XL_DIAGONAL_UP = 5, 6
XL_EDGES = (7, 8, 9, 10)  # left, top, bottom, right
XL_INSIDE_VERTICAL, XL_INSIDE_HORIZONTAL = 11, 12
XL_CONTINUOUS, XL_NONE = 1, -4142
XL_HAIRLINE, XL_THIN, XL_MEDIUM = 1, 2, -4138
XL_SHEET_VERY_HIDDEN = 2  # XlSheetVisibility: hidden, and not offered by Excel's Unhide
XL_CELL_TYPE_CONSTANTS, XL_CELL_TYPE_FORMULAS = 2, -4123  # XlCellType: what Range.SpecialCells finds

MAX_QUESTIONS = 40  # halving questions before a painted sheet is read from a saved copy instead
AREAS_AT_ONCE = 256  # areas of held cells asked one by one (a question each); a range with more is halved
NAME_FORMULA_LIMIT = 8000  # Excel's formula limit is 8192 characters; keep a margin
PAINT_NAME = "xlsolver_paint"


def import_xlwings():
    """The xlwings module, or an InputError that says how to install it."""
    try:
        import xlwings
    except ImportError:
        raise InputError(INSTALL_HINT) from None
    return xlwings


def caller_book(xw=None):
    """The workbook whose button ran Python (``xw.Book.caller()``)."""
    xw = xw or import_xlwings()
    return xw.Book.caller()


def bgr(rgb: str) -> int:
    """"RRGGBB" -> Excel's colour integer (blue in the high byte)."""
    r, g, b = int(rgb[0:2], 16), int(rgb[2:4], 16), int(rgb[4:6], 16)
    return r + 256 * g + 65536 * b


def from_bgr(value: int) -> str:
    value = int(value)
    return f"{value & 255:02X}{(value >> 8) & 255:02X}{(value >> 16) & 255:02X}"


def _plain(value: Any) -> Value:
    """Excel hands every number over as a float; whole ones become ints, as in a file."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)  # dates, times


def _grid(value: Any, rows: int, cols: int) -> list[list[Any]]:
    """xlwings gives a scalar for one cell and a flat list for one row or column."""
    if rows == 1 and cols == 1:
        return [[value]]
    if rows == 1:
        return [list(value)]
    if cols == 1:
        return [[v] for v in value]
    return [list(row) for row in value]


class XlwingsWorkbook:
    """An open ``xlwings.Book`` as a back end. ``api`` is the book itself.

    ``status`` receives short texts for the status bar (default: Excel's own);
    ``limits`` bound what a snapshot reads (see :meth:`snapshot`).
    """

    def __init__(self, book: Any, status: Callable[[str], None] | None = None, lite: bool = False,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.api = book
        self.lite = lite
        self.limits = limits
        self.app = None if lite else book.app
        self.path = None if lite else _path_of(book)
        self._status = status or self.show_status
        self._seen: dict[str, SheetSnapshot] = {}
        self._record: PaintRecord | None = None  # read from the workbook when first needed
        self._record_sheet: Any = None
        self._record_size = (0, 0)  # rows and columns the record sheet holds, header row included
        self._record_stale = False  # the record lost cells a reading found changed: write it back
        self._owned_text: str | None = None  # the ownership record's text, read when first needed
        self._owned_sheet: Any = None
        self._owned_rows = 0  # the cells of column A the ownership record's sheet holds

    # --- the protocol ---

    @property
    def source(self) -> str:
        return str(self.path or "")

    @property
    def ignores(self) -> frozenset[type]:
        """Live Excel keeps the user's own page setup (PrintSetup) and fonts (TextLook:
        not painted here yet); xlwings Lite sets fills, font colours and values only."""
        return frozenset(LAYOUT_OPS) if self.lite else frozenset({TextLook, PrintSetup})

    def sheet_names(self) -> list[str]:
        """The workbook's sheets but xlsolver's records (the paint record, what it owns)."""
        return [name for name in (sheet.name for sheet in self.api.sheets) if name not in (RECORD_SHEET, OWNED_SHEET)]

    def active_sheet(self) -> str:
        return self.api.sheets.active.name

    def add_sheet(self, name: str) -> None:
        if name not in self.sheet_names():
            self.api.sheets.add(name, after=self.api.sheets[len(self.api.sheets) - 1])

    def remove_sheet(self, name: str) -> None:
        self._seen.pop(name, None)
        names = self.sheet_names()
        if name in names and len(names) > 1:
            self.api.sheets[name].delete()  # xlwings keeps Excel's "delete this sheet?" prompt away
            if not self.lite and self._paint_record().forget(name):
                self._write_record()

    def snapshot(self, sheet: str) -> SheetSnapshot:
        """The used range's values in one read, fills and diagonals from the paint record
        (checked) and by halving, the defined names. A used range of more cells than
        ``limits.sheet_cells`` is not read whole: only its cells holding a constant or a
        formula (see :meth:`_held_values`). Raises InputError for a sheet with more cells
        holding a value, a fill or diagonals than the limit. A sheet read once is not
        read again until xlsolver paints it (one press, one read)."""
        if sheet in self._seen:
            return self._seen[sheet]
        ws = self.api.sheets[sheet]
        used = ws.used_range
        _, boxes = parse_address(used.address)
        box = boxes[0]
        if area(box) <= self.limits.sheet_cells:
            top, left, bottom, right = box
            grid = _grid(used.value, bottom - top + 1, right - left + 1)
            values = {(top + r, left + c): value for r, row in enumerate(grid) for c, value in enumerate(row)}
        elif self.lite:
            raise InputError(f"the used range {a1(box)} has {area(box):,} cells, more than the limit of "
                             f"{self.limits.sheet_cells:,} xlsolver reads, and xlwings Lite cannot ask which of "
                             f"them hold something (raise it with {LIMIT_OPTION})", sheet)
        else:
            values = self._held_values(ws, sheet, box)
        # Lite hands over values only: the cells xlsolver painted look as it left them
        formats = self._lite_formats(sheet) if self.lite else self._formats(ws, sheet, box)
        cells = {}
        for cell in sorted(values.keys() | formats.keys()):
            fill, diagonals = formats.get(cell, (None, False))
            info = CellInfo(_plain(values.get(cell)), fill, diagonals)
            if not info.blank:
                cells[cell] = info
        self.limits.check_sheet(len(cells), sheet)
        snap = SheetSnapshot(sheet, cells, cut_names(self._names(sheet), cells, self.limits.sheet_cells))
        self._seen[sheet] = snap
        return snap

    def _held_values(self, ws, sheet: str, used: Box) -> dict[Cell, Value]:
        """The values of a used range larger than the limit, read only where a cell holds
        a constant or a formula. Excel names those cells (``SpecialCells``, one question
        per kind, and one per area of what it found) and they are read in a few
        rectangles (:func:`~xlsolver.backends.held.read_boxes`). A range where they are
        dense is read whole (when within the limit); one where they fall in more than
        AREAS_AT_ONCE areas is halved first. Raises InputError when more cells than the
        limit hold a value."""
        boxes: list[Box] = []
        stack, first = [used], True
        while stack:
            box = stack.pop()
            if box[:2] == box[2:]:  # one cell: SpecialCells would answer for the whole used range
                boxes.append(box)
                continue
            found = _special_cells(ws.range(box[:2], box[2:]).api)
            held = sum(int(cells.CountLarge) for cells in found)
            if first:
                self.limits.check_sheet(held, sheet)
                first = False
            if not held:
                continue
            if area(box) <= min(4 * held + SPARE, self.limits.sheet_cells):
                boxes.append(box)
                continue
            groups = [cells.Areas for cells in found]
            if sum(int(group.Count) for group in groups) <= AREAS_AT_ONCE:
                boxes += [parse_address(part.Address)[1][0] for group in groups for part in group]
            else:
                stack += _halves(box)
        values: dict[Cell, Value] = {}
        for box in read_boxes(boxes, self.limits.sheet_cells):
            values.update(self._box_values(ws, box))
        return values

    def apply(self, plan: PaintPlan) -> None:
        """Paint each style at once, write values as rectangles, with the screen frozen."""
        ws = self._sheet(plan.sheet)
        if self.lite:
            self._apply_lite(ws, plan)
            return
        self.app.screen_updating = False
        try:
            self._status(f"xlsolver: painting {plan.sheet} ...")
            writes: dict[Cell, Any] = {}
            names: list[Any] = []  # the defined name used for long address lists, deleted at the end
            painted: list[Paint] = []
            restored: list[Cell] = []
            for op in plan.ops:
                if isinstance(op, Paint):
                    self._paint(ws, plan.sheet, op, names)
                    painted.append(op)
                elif isinstance(op, Write):
                    writes[op.cell] = op.value
                elif isinstance(op, SquareCells):
                    _square(ws, op)
                elif isinstance(op, GridLines):
                    _grid_lines(ws, op)
                elif isinstance(op, Outline):
                    _outline(ws, op)
                elif isinstance(op, ColumnWidths):
                    for col, width in op.widths:
                        ws.range((1, col)).column_width = width
                elif isinstance(op, Restore):
                    restored += self._restore(ws, plan.sheet, op, names)
                # TextLook and PrintSetup: see ``ignores``.
            if names:
                names[-1].delete()
            self._write(ws, writes)
            if restored and self._paint_record().forget(plan.sheet, restored):
                self._record_stale = True  # given back to the user: no longer xlsolver's paint
            if painted or self._record_stale:
                self._keep_record(plan.sheet, painted)
        finally:
            self.app.screen_updating = True
        self._seen.pop(plan.sheet, None)

    def _apply_lite(self, ws, plan: PaintPlan) -> None:
        """xlwings Lite: fills and values only, one rectangle at a time (Lite batches them)."""
        writes: dict[Cell, Any] = {}
        for op in plan.ops:
            if isinstance(op, Paint):
                for box in rectangles(op.cells):
                    target = ws.range(box[:2], box[2:])
                    target.color = _rgb_tuple(op.style.fill) if op.style.fill else None
                    if op.style.font_colour:
                        target.font.color = _rgb_tuple(op.style.font_colour)
            elif isinstance(op, Write):
                writes[op.cell] = op.value
            elif isinstance(op, Restore):
                self._restore_lite(ws, plan.sheet, op)
        self._write(ws, writes)
        self._seen.pop(plan.sheet, None)

    def _sheet(self, name: str):
        """The sheet called ``name``, made at the end when missing."""
        try:
            return self.api.sheets[name]
        except Exception:  # noqa: BLE001 - xlwings raises the engine's own error for a missing sheet
            self.add_sheet(name)
            return self.api.sheets[name]

    def save(self, path: Path | str) -> None:
        """The open workbook's own file: Excel saves it. Another file: Excel saves a copy
        beside it (``SaveCopyAs``, the open book keeps its name) and a rename puts it in place."""
        path = Path(path)
        if self.path is not None and path.resolve() == self.path.resolve():
            self.api.save()
            return
        atomic_write(path, lambda temporary: self.api.api.SaveCopyAs(str(temporary)), "the workbook")

    def value_at(self, sheet: str, row: int, col: int) -> Value:
        """One cell's value (the Stop cell, read while work runs)."""
        return _plain(self.api.sheets[sheet].range((row, col)).value)

    # --- the status bar ---

    def show_status(self, text: str | None) -> None:
        """Excel's status bar; ``None`` gives it back to Excel. (xlwings Lite has none.)"""
        if self.app is not None:
            self.app.status_bar = text if text else False

    # --- ownership (see xlsolver.core.ownership) ---

    def looks(self, sheet: str, cells: list[Cell]) -> dict[Cell, CellLook]:
        """Each cell's whole look: the values as this press read them (or one read per
        rectangle of the cells); the formats, and whether a formula is among them, asked
        of all the rectangles at once, and where they differ by halving (one question
        per uniform range); past MAX_QUESTIONS from a copy Excel saves, read as a file
        is; the formulas of the rectangles that hold some.

        xlwings Lite reads values only: a look there is the cell's value, and clear
        gives back the value and takes xlsolver's fill away (see :meth:`_restore_lite`)."""
        ws = self.api.sheets[sheet]
        boxes = rectangles(cells)
        seen = self._seen.get(sheet)
        values: dict[Cell, Value] = {}
        for box in ([] if seen is not None else boxes):
            values.update(self._box_values(ws, box))
        if seen is not None:
            values = {cell: seen.value(*cell) for cell in cells}
        formats, formulas = {}, {}
        if not self.lite:
            formats, formula_boxes = self._box_formats(ws, sheet, boxes)
            for box in formula_boxes:
                formulas.update(_formulas(ws, box))
        found = {}
        for cell in cells:
            raw = formats.get(cell)
            if isinstance(raw, CellLook):  # read from a saved copy, as a file
                found[cell] = CellLook(values.get(cell), **{f: getattr(raw, f) for f in _LOOK_FIELDS})
                continue
            native = None
            if raw is not None:
                native = _NATIVE + " " + json.dumps({"format": raw, **({"formula": formulas[cell]}
                                                                          if cell in formulas else {})},
                                                    separators=(",", ":"))
            found[cell] = CellLook(values.get(cell), native=native, **(_look_fields(raw) if raw else {}))
        return found

    def owned_text(self) -> str:
        """The record's text, down column A of its very hidden sheet ("" when there is
        none): sixteen cells a read, without asking Excel for the sheet's used range."""
        if self._owned_text is not None:
            return self._owned_text
        ws, parts = self._owned(), []
        while ws is not None:
            row = len(parts) + 1
            column = [value for (value,) in _grid(ws.range((row, 1), (row + 15, 1)).value, 16, 1)]
            texts = list(takewhile(lambda value: isinstance(value, str) and value, column))
            parts += texts
            if len(texts) < 16:
                break
        self._owned_rows = len(parts)
        self._owned_text = "".join(parts)
        return self._owned_text

    def keep_owned_text(self, text: str) -> None:
        """Store the record's text in the sheet :data:`OWNED_SHEET`, 32000 characters a
        cell down column A, the cells formatted as text first (Excel takes no part of it
        for a number, a date or a formula); "" takes the sheet away. The sheet is made
        very hidden (``xlSheetVeryHidden``: Excel's Unhide does not offer it) behind the
        user's sheets; xlwings Lite can only hide it (``Sheet.visible``). A workbook
        whose structure is protected refuses the sheet: what was painted stays unrecorded."""
        self.owned_text()  # how many cells a record already there holds
        if not text:
            ws = self._owned()
            if ws is not None:
                try:
                    ws.delete()
                    self._owned_sheet, self._owned_rows = None, 0
                except Exception:  # noqa: BLE001 - a protected workbook keeps its sheets: empty it instead
                    self._owned_column(ws, [])
            self._owned_text = ""
            return
        chunks = [text[k:k + RECORD_CHUNK] for k in range(0, len(text), RECORD_CHUNK)]
        try:
            self._owned_column(self._owned() or self._owned_made(), chunks)
        except Exception:  # noqa: BLE001 - a protected workbook refuses a new sheet: the paint stands,
            return  # unrecorded, and the next press takes what xlsolver wrote for the user's (never over it)
        self._owned_text = text

    def _owned(self):
        """The ownership record's sheet, or None when the workbook has none."""
        if self._owned_sheet is None:
            try:
                self._owned_sheet = self.api.sheets[OWNED_SHEET]
            except Exception:  # noqa: BLE001 - no record yet (xlwings raises the engine's own error)
                return None
        return self._owned_sheet

    def _owned_made(self):
        """The ownership record's sheet, made very hidden (Lite: hidden) at the end;
        Excel activates a new sheet: the active one is given back."""
        active = None if self.lite else self.api.sheets.active
        ws = self.api.sheets.add(OWNED_SHEET, after=self.api.sheets[len(self.api.sheets) - 1])
        if self.lite:
            ws.visible = False
        else:
            ws.api.Visible = XL_SHEET_VERY_HIDDEN
            active.activate()
        self._owned_sheet, self._owned_rows = ws, 0
        return ws

    def _owned_column(self, ws, chunks: list[str]) -> None:
        """``chunks`` down column A from A1, as text, blanking what a longer record left."""
        rows = max(len(chunks), self._owned_rows)
        if rows:
            target = ws.range((1, 1), (rows, 1))
            target.number_format = "@"
            target.value = [[chunk] for chunk in chunks] + [[None]] * (rows - len(chunks))
        self._owned_rows = len(chunks)

    def _lite_formats(self, sheet: str) -> dict[Cell, Look]:
        """xlwings Lite cannot read fills: the cells xlsolver painted are taken to look
        as it left them (its ownership record says how), the rest to have no fill."""
        record = Record.parse(self.owned_text()).sheets.get(sheet)
        if record is None:
            return {}
        return {cell: (after.fill, after.diagonals) for cell, (_, after) in record.cells.items()
                if after.fill is not None or after.diagonals}

    def _box_values(self, ws, box: Box) -> dict[Cell, Value]:
        top, left, bottom, right = box
        grid = _grid(ws.range((top, left), (bottom, right)).value, bottom - top + 1, right - left + 1)
        return {(top + r, left + c): _plain(value) for r, row in enumerate(grid) for c, value in enumerate(row)}

    def _box_formats(self, ws, sheet: str, boxes: list[Box]) -> tuple[dict[Cell, Any], list[Box]]:
        """Each cell's format (raw, see :func:`_uniform_format`), and the boxes that hold
        a formula: all the boxes asked at once (``HasFormula`` answers False when no cell
        has one), then by halving; past MAX_QUESTIONS the looks of a saved copy (CellLook)."""
        names: list[Any] = []
        formats: dict[Cell, Any] = {}
        try:
            targets = self._multi_area(ws, sheet, boxes, names)
            many = (any(b[2] > b[0] for b in boxes), any(b[3] > b[1] for b in boxes))
            natives = [target.api for target in targets]
            formula_boxes = [] if all(native.HasFormula is False for native in natives) else boxes
            found = [_uniform_format(native, *many) for native in natives]
            if all(raw is not _MIXED and raw == found[0] for raw in found):
                return {cell: found[0] for box in boxes for cell in _box_cells(box)}, formula_boxes
        finally:
            if names:
                names[-1].delete()
        stack, asked = list(boxes), 1
        while stack:
            asked += 1
            if asked == MAX_QUESTIONS + 1:
                copied = self._looks_of_copy(sheet, [cell for box in boxes for cell in _box_cells(box)])
                if copied is not None:
                    return copied, formula_boxes
            top, left, bottom, right = box = stack.pop()
            raw = _uniform_format(ws.range((top, left), (bottom, right)).api, bottom > top, right > left)
            if raw is not _MIXED:
                formats.update(dict.fromkeys(_box_cells(box), raw))
            elif bottom - top >= right - left:
                middle = (top + bottom) // 2
                stack += [(top, left, middle, right), (middle + 1, left, bottom, right)]
            else:
                middle = (left + right) // 2
                stack += [(top, left, bottom, middle), (top, middle + 1, bottom, right)]
        return formats, formula_boxes

    def _looks_of_copy(self, sheet: str, cells: list[Cell]) -> dict[Cell, CellLook] | None:
        """The looks of ``cells`` read from a copy Excel saves (as :meth:`_formats_of_copy`);
        None where the engine cannot save one."""
        with tempfile.TemporaryDirectory(prefix="xlsolver-") as folder:
            suffix = Path(str(self.api.name)).suffix.lower()
            copy = Path(folder) / f"copy{suffix if suffix in ('.xlsx', '.xlsm') else '.xlsx'}"
            try:
                self.api.api.SaveCopyAs(str(copy))
                return OpenpyxlWorkbook.open(copy).looks(sheet, cells)
            except Exception:  # noqa: BLE001 - no SaveCopyAs here, or a copy openpyxl cannot read
                return None

    def _restore(self, ws, sheet: str, op: Restore, names: list[Any]) -> list[Cell]:
        """Give each cell its look back: for each group of cells that had the same format,
        its fill, font (colour, size, bold), alignment and diagonals at once on a
        multi-area range, then its four sides (see :meth:`_restore_edges`); then the
        values, where a cell now holds another (a formula as that formula)."""
        groups: dict[str, list[Cell]] = {}
        for cell, look in op.looks:
            groups.setdefault(json.dumps(_format_of(look)), []).append(cell)
        for key, cells in groups.items():
            raw = json.loads(key)
            boxes = rectangles(cells)
            for target in self._multi_area(ws, sheet, boxes, names):
                _set_format(target.api, raw)
            self._restore_edges(ws, sheet, boxes, raw[5:], names)
        self._restore_values(ws, sheet, dict(op.looks), names)
        return [cell for cell, _ in op.looks]

    def _restore_edges(self, ws, sheet: str, boxes: list[Box], edges: list, names: list[Any]) -> None:
        """The four sides of every cell of ``boxes``. Excel draws a range's edges
        (``xlEdgeLeft`` ...) and the lines inside it (``xlInsideVertical`` ...), one
        line between two cells: when each cell's left is its right and its top its
        bottom, the areas' edges at once and the inside lines of the areas that have
        them; otherwise column by column or row by row."""
        left, right, top, bottom = edges
        if left == right and top == bottom:
            for target in self._multi_area(ws, sheet, boxes, names):
                native = target.api
                for index, line in zip(XL_EDGES, (left, top, bottom, right)):
                    _set_line(native.Borders(index), line)
            for index, line, wide in ((XL_INSIDE_VERTICAL, left, 3), (XL_INSIDE_HORIZONTAL, top, 2)):
                inner = [box for box in boxes if box[wide] > box[wide - 2]]
                for target in (self._multi_area(ws, sheet, inner, names) if inner else []):
                    _set_line(target.api.Borders(index), line)
            return
        for box in boxes:
            for part in _edge_parts(box, left == right, top == bottom):
                native = ws.range(part[:2], part[2:]).api
                for index, line in zip(XL_EDGES, (left, top, bottom, right)):
                    _set_line(native.Borders(index), line)
                if part[3] > part[1]:
                    _set_line(native.Borders(XL_INSIDE_VERTICAL), left)
                if part[2] > part[0]:
                    _set_line(native.Borders(XL_INSIDE_HORIZONTAL), top)

    def _restore_values(self, ws, sheet: str, looks: dict[Cell, CellLook], names: list[Any]) -> None:
        """The value of each look where its cell now holds another (as this press read
        the sheet, or one read per rectangle): cells that were empty emptied at once on
        a multi-area range, a formula the cell had as that formula, other values as
        :meth:`_write` writes them."""
        seen = self._seen.get(sheet)
        now: dict[Cell, Value] = {}
        if seen is not None:
            now = {cell: seen.value(*cell) for cell in looks}
        else:
            for box in rectangles(looks):
                now.update(self._box_values(ws, box))
        changed = {cell: look for cell, look in looks.items() if now[cell] != _blank_none(look.value)}
        emptied = [cell for cell, look in changed.items() if _blank_none(look.value) is None and not self.lite]
        if emptied:  # (Lite: as other values, rectangle by rectangle)
            for target in self._multi_area(ws, sheet, rectangles(emptied), names):
                target.clear_contents()
        formulas = {cell: _native(look).get("formula") for cell, look in changed.items()}
        formulas = {cell: text for cell, text in formulas.items() if isinstance(text, str) and text.startswith("=")}
        self._write(ws, {cell: look.value for cell, look in changed.items() if cell not in formulas
                         and cell not in emptied})
        for cell, text in formulas.items():
            ws.range(cell).formula = text

    def _restore_lite(self, ws, sheet: str, op: Restore) -> None:
        """xlwings Lite gives back what it can set: the values, the fill (none when the
        look had none), and a font colour, size and weight a look names. It cannot take
        a font colour away (a cell xlsolver wrote a coloured digit into keeps the colour,
        emptied), nor set borders or alignment; and as it reads no formats, the looks it
        reads itself are values: a fill the user had under xlsolver's paint goes."""
        groups: dict[tuple, list[Cell]] = {}
        for cell, look in op.looks:
            groups.setdefault((look.fill, look.font_colour, look.font_size, look.bold), []).append(cell)
        for (fill, font_colour, size, bold), cells in groups.items():
            for box in rectangles(cells):
                target = ws.range(box[:2], box[2:])
                target.color = _rgb_tuple(fill) if fill else None
                if font_colour:
                    target.font.color = _rgb_tuple(font_colour)
                if size is not None:
                    target.font.size = size
                if bold:
                    target.font.bold = True
        self._restore_values(ws, sheet, dict(op.looks), [])

    # --- reading helpers ---

    def _formats(self, ws, sheet: str, used: Box) -> dict[Cell, Look]:
        """The look of every cell of ``used`` that has one: the recorded cells from the
        paint record when they still look as recorded, the rest (or all, when they do not)
        by halving, and past a few questions from a saved copy; recorded cells found
        looking otherwise leave the record."""
        record = self._paint_record()
        names: list[Any] = []
        try:
            formats = self._recorded_looks(ws, sheet, used, record, names)
            rest = _rest_of(used, formats) if formats else [used]
            formats = formats or {}
            done = self._rest_looks(ws, sheet, rest, formats, names)
        finally:
            if names:
                names[-1].delete()
        if not done:
            copied = self._formats_of_copy(sheet)
            if copied is not None:
                formats = copied
            else:
                formats = {}
                self._read_formats(ws, [used], formats, None, sheet)
        if record.forget(sheet, [cell for cell, look in record.sheets.get(sheet, {}).items()
                                 if formats.get(cell) != look]):
            self._record_stale = True
        return formats

    def _recorded_looks(self, ws, sheet: str, used: Box, record: PaintRecord,
                        names: list[Any]) -> dict[Cell, Look] | None:
        """The looks the record gives the sheet's cells, when one question per recorded
        look (a multi-area range) finds them all still there; else None."""
        formats: dict[Cell, Look] = {}
        for look, cells in record.looks(sheet).items():
            if any(not _inside(cell, used) for cell in cells):
                return None  # a painted cell is always in the used range
            for target in self._multi_area(ws, sheet, rectangles(cells), names):
                if _uniform_look(target.api) != look:
                    return None
            formats.update(dict.fromkeys(cells, look))
        return formats

    def _rest_looks(self, ws, sheet: str, rest: list[Box], out: dict[Cell, Look], names: list[Any]) -> bool:
        """The looks of the cells of ``rest`` into ``out``: one question when none has a
        look, else by halving. False past MAX_QUESTIONS, or at once when ``rest`` is
        larger than the limit: a mark far off in seventeen billion cells takes some
        thirty halvings to find, a saved copy one call."""
        if len(rest) > 1 and all(_uniform_look(target.api) == (None, False)
                                 for target in self._multi_area(ws, sheet, rest, names)):
            return True
        questions = MAX_QUESTIONS if sum(area(box) for box in rest) <= self.limits.sheet_cells else 1
        return self._read_formats(ws, rest, out, questions, sheet)

    def _read_formats(self, ws, boxes: list[Box], out: dict[Cell, Look], limit: int | None,
                      sheet: str | None = None) -> bool:
        """Fill and diagonals of every cell of ``boxes``, asking uniform ranges once.
        Returns False, with ``out`` incomplete, past ``limit`` questions. With ``sheet``,
        raises InputError naming it before ``out`` grows past ``limits.sheet_cells``
        (a fill over whole columns of a used range to XFD1048576)."""
        stack, asked = list(boxes), 0
        while stack:
            asked += 1
            if limit is not None and asked > limit:
                return False
            top, left, bottom, right = stack.pop()
            look = _uniform_look(ws.range((top, left), (bottom, right)).api)
            if look is not _MIXED:
                if look != (None, False):
                    if sheet is not None:
                        self.limits.check_sheet(len(out) + area((top, left, bottom, right)), sheet)
                    for r in range(top, bottom + 1):
                        for c in range(left, right + 1):
                            out[(r, c)] = look
                continue
            stack += _halves((top, left, bottom, right))
        return True

    def _formats_of_copy(self, sheet: str) -> dict[Cell, tuple[str | None, bool]] | None:
        """A painted sheet has too many colour boundaries to ask about one by one: Excel
        saves a copy of the workbook (``Workbook.SaveCopyAs``, one call) and its fills and
        diagonals are read from the file. None where the engine cannot (Excel on macOS)."""
        with tempfile.TemporaryDirectory(prefix="xlsolver-") as folder:
            suffix = Path(str(self.api.name)).suffix.lower()
            copy = Path(folder) / f"copy{suffix if suffix in ('.xlsx', '.xlsm') else '.xlsx'}"
            try:
                self.api.api.SaveCopyAs(str(copy))
                snap = OpenpyxlWorkbook.open(copy, self.limits).snapshot(sheet)
            except Exception:  # noqa: BLE001 - no SaveCopyAs here, a copy openpyxl cannot read, or one
                return None  # holding more than the limit (then halving reads the fills, within it)
        return {cell: (info.fill, info.diagonals) for cell, info in snap.cells.items()
                if info.fill is not None or info.diagonals}

    # --- the paint record ---

    def _paint_record(self) -> PaintRecord:
        """The record of what xlsolver painted, read once (two calls) from its sheet."""
        if self._record is None:
            self._record, self._record_stale = self._read_record(), False
        return self._record

    def _read_record(self) -> PaintRecord:
        try:
            ws = self.api.sheets[RECORD_SHEET]
        except Exception:  # noqa: BLE001 - no record yet (xlwings raises the engine's own error)
            return PaintRecord()
        self._record_sheet = ws
        self._record_size = (1, 3)
        header = _grid(ws.range((1, 1), (1, 3)).value, 1, 3)[0]
        try:
            rows, cols = int(header[1]), int(header[2])
        except (TypeError, ValueError):
            return PaintRecord()  # not a record of ours: it will be written over
        if header[0] != HEADER or rows < 0 or cols < 3:
            return PaintRecord()
        self._record_size = (rows + 1, cols)
        if rows == 0:
            return PaintRecord()
        found = PaintRecord.from_rows(_grid(ws.range((2, 1), (rows + 1, cols)).value, rows, cols))
        return found if found is not None else PaintRecord()

    def _keep_record(self, sheet: str, painted: list[Paint]) -> None:
        """Record the looks a plan painted (painting no look takes cells out) and write it back."""
        record = self._paint_record()
        before = dict(record.sheets.get(sheet, {}))
        for op in painted:
            record.paint(sheet, op.cells, _look(op.style))
        if self._record_stale or record.sheets.get(sheet, {}) != before:
            self._write_record()

    def _write_record(self) -> None:
        """The whole record in one rectangle from A1, blanking what a longer one left."""
        rows = self._paint_record().rows()
        width = max([3] + [len(row) for row in rows])
        block = [[HEADER, len(rows), width]] + rows
        height, cols = max(len(block), self._record_size[0]), max(width, self._record_size[1])
        block = [row + [None] * (cols - len(row)) for row in block] + [[None] * cols] * (height - len(block))
        try:
            self._record_sheet_made().range((1, 1), (height, cols)).value = block
        except Exception:  # noqa: BLE001 - a protected workbook refuses a new sheet: the paint stands,
            return  # and a record left behind is checked before it is believed
        self._record_size, self._record_stale = (len(rows) + 1, width), False

    def _record_sheet_made(self):
        """The record's sheet, made very hidden at the end of the workbook when missing
        (Excel activates a new sheet: the active one is given back)."""
        if self._record_sheet is None:
            try:
                self._record_sheet = self.api.sheets[RECORD_SHEET]
            except Exception:  # noqa: BLE001 - not there yet: make it
                active = self.api.sheets.active
                ws = self.api.sheets.add(RECORD_SHEET, after=self.api.sheets[len(self.api.sheets) - 1])
                ws.api.Visible = XL_SHEET_VERY_HIDDEN
                active.activate()
                self._record_sheet = ws
        return self._record_sheet

    def _names(self, sheet: str) -> dict[str, tuple[int, int, int, int]]:
        """Defined names that point at one range of ``sheet`` (sheet-scoped ones lose their prefix)."""
        found = {}
        try:
            names = list(self.api.names)
        except Exception:  # noqa: BLE001 - a runtime without defined names (older xlwings Lite)
            return found
        for name in names:
            label = name.name
            if label == PAINT_NAME or label.startswith("_xlfn."):
                continue
            try:
                where, boxes = parse_address(name.refers_to)
            except ValueError:
                continue
            if len(boxes) == 1 and where == sheet:
                found[label.split("!", 1)[-1]] = boxes[0]
        return found

    # --- painting helpers ---

    def _paint(self, ws, sheet: str, op: Paint, names: list[Any]) -> None:
        boxes = rectangles(op.cells)
        if not boxes:
            return
        seen = self._seen.get(sheet)
        clear = seen is None or any(seen.get(*cell).diagonals for cell in op.cells)
        for target in self._multi_area(ws, sheet, boxes, names):
            _style(target, op.style, clear_diagonals=clear)

    def _multi_area(self, ws, sheet: str, boxes: list[Box], names: list[Any]) -> list[Any]:
        """Ranges covering ``boxes``: one when they fit one address or one name, chunks otherwise."""
        chunks = address_chunks(boxes)
        if len(chunks) == 1:
            return [ws.range(chunks[0])]
        quoted = "'" + sheet.replace("'", "''") + "'!"
        ranges = []
        try:
            for formula in _name_formulas(quoted, boxes):
                name = self.api.names.add(PAINT_NAME, "=" + formula)  # redefines the same name
                names.append(name)
                ranges.append(name.refers_to_range)
        except Exception:  # noqa: BLE001 - names refused (a protected book ...): plain chunks still work
            return [ws.range(chunk) for chunk in chunks]
        return ranges

    def _write(self, ws, writes: dict[Cell, Any]) -> None:
        """Values as rectangles, text as text (see :func:`_as_text`)."""
        for top, left, bottom, right in rectangles(writes):
            block = [[_as_text(writes[(r, c)]) for c in range(left, right + 1)] for r in range(top, bottom + 1)]
            target = ws.range((top, left), (bottom, right))
            if top == bottom and left == right:
                target.value = block[0][0]
            else:
                target.value = block


def _as_text(value: Any) -> Any:
    """A value as Range.value must be given it. Excel reads a string put into a cell
    as if it were typed: "=..." (or "+", "-", "@" ...) becomes a formula, "12" a
    number, "1/2" a date. xlsolver never writes formulas, so a string goes in behind
    an apostrophe, which keeps it the text it is (Excel keeps the apostrophe as the
    cell's prefix, out of its value): a puzzle title "=HYPERLINK(...)" stays text."""
    return "'" + value if isinstance(value, str) and value else value


_MIXED = object()


def _look(style: Style) -> Look:
    """The look a paint in ``style`` leaves, as reading it back gives it."""
    return (style.fill.upper() if style.fill else None, style.diagonals)


def _inside(cell: Cell, box: Box) -> bool:
    return box[0] <= cell[0] <= box[2] and box[1] <= cell[1] <= box[3]


def _rest_of(box: Box, known: dict[Cell, Look]) -> list[Box]:
    """The cells of ``box`` not in ``known``, as rectangles, as :func:`rectangles` makes
    them, without visiting every cell: the rows between known cells are whole bands
    (a used range may reach XFD1048576)."""
    top, left, bottom, right = box
    taken: dict[int, list[int]] = {}
    for r, c in known:
        if top <= r <= bottom and left <= c <= right:
            taken.setdefault(r, []).append(c)
    bands: list[Band] = []  # first row, last row, runs of free columns
    row = top
    for r in sorted(taken):
        if r > row:
            bands.append((row, r - 1, [(left, right)]))
        runs, start = [], left
        for c in sorted(set(taken[r])):
            if c > start:
                runs.append((start, c - 1))
            start = c + 1
        if start <= right:
            runs.append((start, right))
        bands.append((r, r, runs))
        row = r + 1
    if row <= bottom:
        bands.append((row, bottom, [(left, right)]))
    return stacked(bands)


def _halves(box: Box) -> list[Box]:
    """``box`` cut in two across its longer side."""
    top, left, bottom, right = box
    if bottom - top >= right - left:
        middle = (top + bottom) // 2
        return [(top, left, middle, right), (middle + 1, left, bottom, right)]
    middle = (left + right) // 2
    return [(top, left, bottom, middle), (top, middle + 1, bottom, right)]


def _special_cells(native) -> list[Any]:
    """What ``Range.SpecialCells`` finds in a range of more than one cell: its cells
    holding a constant, and those holding a formula (each a multi-area range). Excel
    answers an error when there are none ("No cells were found."); any error is
    taken for that, as its text is in the language of Excel's installation."""
    found = []
    for kind in (XL_CELL_TYPE_CONSTANTS, XL_CELL_TYPE_FORMULAS):
        try:
            found.append(native.SpecialCells(kind))
        except Exception:  # noqa: BLE001 - none of that kind (the COM error of Excel's installation)
            continue
    return found


def _uniform_look(native) -> Look | object:
    """The (multi-area) range's one look, or _MIXED."""
    fill = _uniform_fill(native)
    if fill is _MIXED:
        return _MIXED
    diagonals = _uniform_diagonals(native)
    return _MIXED if diagonals is _MIXED else (fill, diagonals)


def _uniform_fill(native) -> str | None | object:
    """The range's one fill ("RRGGBB" or None), or _MIXED. Excel answers Null (None) for mixed."""
    colour = _read_fill(native)
    return colour if colour is None or colour is _MIXED else from_bgr(colour)


def _uniform_diagonals(native) -> bool | object:
    """True/False when every cell has/lacks both diagonals, else _MIXED."""
    down = native.Borders(XL_DIAGONAL_DOWN).LineStyle
    up = native.Borders(XL_DIAGONAL_UP).LineStyle
    if down is None or up is None:
        return _MIXED
    on_down, on_up = down != XL_NONE, up != XL_NONE
    if on_down and on_up:
        return True
    if not on_down and not on_up:
        return False
    return _MIXED  # one diagonal only: not the analyzer's mark, but not uniform "none" either


def _name_formulas(quoted_sheet: str, boxes: list[Box]) -> list[str]:
    """Defined-name formulas (``'S'!$A$1:$B$2,'S'!$D$4``) under Excel's formula limit."""
    formulas, current = [], ""
    for box in boxes:
        part = quoted_sheet + absolute(box)
        if current and len(current) + 1 + len(part) > NAME_FORMULA_LIMIT:
            formulas.append(current)
            current = ""
        current = f"{current},{part}" if current else part
    if current:
        formulas.append(current)
    return formulas


def _style(target, style: Style, clear_diagonals: bool) -> None:
    """Fill, diagonals and font colour on one (multi-area) range."""
    target.color = _rgb_tuple(style.fill) if style.fill else None
    if style.diagonals or clear_diagonals:
        native = target.api
        for index in (XL_DIAGONAL_DOWN, XL_DIAGONAL_UP):
            border = native.Borders(index)
            if style.diagonals:
                border.LineStyle = XL_CONTINUOUS
                border.Weight = XL_HAIRLINE
                border.Color = bgr(GREY)
            else:
                border.LineStyle = XL_NONE
    if style.font_colour:
        target.font.color = _rgb_tuple(style.font_colour)


def _rgb_tuple(rgb: str) -> tuple[int, int, int]:
    return int(rgb[0:2], 16), int(rgb[2:4], 16), int(rgb[4:6], 16)


def _square(ws, op: SquareCells) -> None:
    """Square cells: row height in points, column width in characters (as the openpyxl back end)."""
    width = max(0.0, (op.size * 4 / 3 - 5) / 7)
    ws.range((op.top, op.left), (op.bottom, op.right)).column_width = round(width, 2)
    ws.range((op.top, op.left), (op.bottom, op.right)).row_height = op.size


def _grid_lines(ws, op: GridLines) -> None:
    """Thin lines on every cell of the box, medium ones on its edge and every ``op.every`` lines."""
    native = ws.range((op.top, op.left), (op.bottom, op.right)).api
    for index in XL_EDGES:
        _line(native.Borders(index), XL_MEDIUM)
    for index in (XL_INSIDE_VERTICAL, XL_INSIDE_HORIZONTAL):
        _line(native.Borders(index), XL_THIN)
    for col in range(op.left + op.every, op.right + 1, op.every):
        _line(ws.range((op.top, col), (op.bottom, col)).api.Borders(7), XL_MEDIUM)
    for row in range(op.top + op.every, op.bottom + 1, op.every):
        _line(ws.range((row, op.left), (row, op.right)).api.Borders(8), XL_MEDIUM)


def _outline(ws, op: Outline) -> None:
    """A medium line in the op's colour on the outline, one straight run of cells
    at a time: the run's own edge (``Borders(xlEdgeTop)`` of a row of cells is
    the top of each), so the cells' other sides are kept."""
    edge = dict(zip(("left", "top", "bottom", "right"), XL_EDGES))
    for side, first, last in op.runs():
        border = ws.range(first, last).api.Borders(edge[side])
        _line(border, XL_MEDIUM)
        border.Color = bgr(op.colour)


def _line(border, weight: int) -> None:
    border.LineStyle = XL_CONTINUOUS
    border.Weight = weight


# --- ownership: a cell's whole look, read and given back ------------------------

RECORD_CHUNK = 32000  # characters of the ownership record a cell holds (a cell takes 32767)
XL_AUTOMATIC = -4105  # xlColorIndexAutomatic: a font or line in the automatic colour
XL_GENERAL, XL_CENTER = 1, -4108  # XlHAlign
_NATIVE = "excel 1"
_LOOK_FIELDS = ("fill", "diagonals", "font_colour", "font_size", "bold", "centred", "edges", "native")
# Line styles and weights (XlLineStyle, XlBorderWeight) of the names a file gives a cell's
# side (CellLook.edges), both ways: xlDash -4115, xlDot -4118, xlDouble -4119, xlDashDot 4,
# xlDashDotDot 5, xlSlantDashDot 13; xlThick 4.
_LINE_OF_EDGE = {
    "hair": (XL_CONTINUOUS, XL_HAIRLINE), "thin": (XL_CONTINUOUS, XL_THIN), "medium": (XL_CONTINUOUS, XL_MEDIUM),
    "thick": (XL_CONTINUOUS, 4), "dotted": (-4118, XL_THIN), "dashed": (-4115, XL_THIN),
    "mediumDashed": (-4115, XL_MEDIUM), "double": (-4119, 4), "dashDot": (4, XL_THIN),
    "mediumDashDot": (4, XL_MEDIUM), "dashDotDot": (5, XL_THIN), "mediumDashDotDot": (5, XL_MEDIUM),
    "slantDashDot": (13, XL_MEDIUM),
}
_EDGE_OF_LINE = {line: name for name, line in _LINE_OF_EDGE.items()}
_WEIGHT_NAMES = {XL_HAIRLINE: "hair", XL_THIN: "thin", XL_MEDIUM: "medium", 4: "thick"}


def _formulas(ws, box: Box) -> dict[Cell, str]:
    """The formulas among a rectangle's cells: what ``Range.formula`` gives that starts
    with "=" and is not the cell's value (a text "=..." reads the same both ways)."""
    top, left, bottom, right = box
    target = ws.range((top, left), (bottom, right))
    rows, cols = bottom - top + 1, right - left + 1
    values, texts = _grid(target.value, rows, cols), _grid(target.formula, rows, cols)
    return {(top + r, left + c): text for r, row in enumerate(texts) for c, text in enumerate(row)
            if isinstance(text, str) and text.startswith("=") and values[r][c] != text}


def _box_cells(box: Box) -> list[Cell]:
    top, left, bottom, right = box
    return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]


def _uniform_format(native, rows: bool, cols: bool) -> list | object:
    """The one format of every cell of a (multi-area) range, or _MIXED (Excel answers
    Null, None here, for a member that differs): ``[fill, font, alignment, diagonal
    down, diagonal up, left, right, top, bottom]``, a fill as Excel's colour or None, a
    font ``[colour or None for automatic, size, bold]``, a line ``[style, weight,
    colour or None]`` or None. ``rows``/``cols``: some area is more than one row/column
    high/wide, so the lines inside must be the same as the edges."""
    fill = _read_fill(native)
    if fill is _MIXED:
        return _MIXED
    font = _read_font(native)
    if font is _MIXED:
        return _MIXED
    align = native.HorizontalAlignment
    if align is None:
        return _MIXED
    lines = []
    for index in (XL_DIAGONAL_DOWN, XL_DIAGONAL_UP):
        line = _read_line(native.Borders(index))
        if line is _MIXED:
            return _MIXED
        lines.append(line)
    for first, last, inside, many in ((XL_EDGES[0], XL_EDGES[3], XL_INSIDE_VERTICAL, cols),
                                      (XL_EDGES[1], XL_EDGES[2], XL_INSIDE_HORIZONTAL, rows)):
        one, other = _read_line(native.Borders(first)), _read_line(native.Borders(last))
        if one is _MIXED or other is _MIXED:
            return _MIXED
        if many and not one == other == _read_line(native.Borders(inside)):
            return _MIXED
        lines += [one, other]
    down, up, left, right, top, bottom = lines
    return [fill, font, int(align), down, up, left, right, top, bottom]


def _read_fill(native) -> int | None | object:
    index = native.Interior.ColorIndex
    if index is None:
        return _MIXED
    if index == XL_NONE:
        return None
    colour = native.Interior.Color
    return _MIXED if colour is None else int(colour)


def _read_font(native) -> list | object:
    font = native.Font
    index = font.ColorIndex
    if index is None:
        return _MIXED
    colour = None if index == XL_AUTOMATIC else font.Color
    size, bold = font.Size, font.Bold
    if (index != XL_AUTOMATIC and colour is None) or size is None or bold is None:
        return _MIXED
    return [None if colour is None else int(colour), float(size), bool(bold)]


def _read_line(border) -> list | None | object:
    style = border.LineStyle
    if style is None:
        return _MIXED
    if style == XL_NONE:
        return None
    weight, index = border.Weight, border.ColorIndex
    if weight is None or index is None:
        return _MIXED
    colour = None if index == XL_AUTOMATIC else border.Color
    if index != XL_AUTOMATIC and colour is None:
        return _MIXED
    return [int(style), int(weight), None if colour is None else int(colour)]


def _look_fields(raw: list) -> dict:
    """The CellLook fields every back end knows, from a raw format."""
    fill, (font_colour, size, bold), align, down, up, *edges = raw
    return {"fill": None if fill is None else from_bgr(fill), "diagonals": down is not None and up is not None,
            "font_colour": None if font_colour is None else from_bgr(font_colour), "font_size": size,
            "bold": bold, "centred": align == XL_CENTER, "edges": tuple(_edge_text(line) for line in edges)}


def _edge_text(line: list | None) -> str | None:
    """A line as CellLook.edges says it: its name, then its colour unless automatic."""
    if line is None:
        return None
    style, weight, colour = line
    name = _EDGE_OF_LINE.get((style, weight)) or _WEIGHT_NAMES.get(weight, "thin")
    return name if colour is None else f"{name} FF{from_bgr(colour)}"


def _line_of_edge(edge: str | None) -> list | None:
    if not edge:
        return None
    name, _, colour = edge.partition(" ")
    style, weight = _LINE_OF_EDGE.get(name, (XL_CONTINUOUS, XL_THIN))
    try:
        return [style, weight, bgr(colour[-6:]) if colour else None]
    except ValueError:
        return [style, weight, None]


def _native(look: CellLook) -> dict:
    """What a look this back end read keeps ({} for another back end's)."""
    if not look.native or not look.native.startswith(_NATIVE + " "):
        return {}
    try:
        data = json.loads(look.native[len(_NATIVE) + 1:])
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _format_of(look: CellLook) -> list:
    """The raw format to give a cell ``look``'s: exactly as read when this back end read
    it, else from the fields (a size the look does not know is left as it is)."""
    raw = _native(look).get("format")
    if _valid_format(raw):
        return raw
    hair = [XL_CONTINUOUS, XL_HAIRLINE, bgr(GREY)] if look.diagonals else None
    font = [bgr(look.font_colour) if look.font_colour else None, look.font_size, look.bold]
    return [bgr(look.fill) if look.fill else None, font, XL_CENTER if look.centred else XL_GENERAL, hair, hair,
            *(_line_of_edge(edge) for edge in look.edges)]


def _valid_format(raw: Any) -> bool:
    def number(value: Any) -> bool:
        return isinstance(value, (int, float)) and not isinstance(value, bool)

    def line(value: Any) -> bool:
        return value is None or (isinstance(value, list) and len(value) == 3 and number(value[0])
                                 and number(value[1]) and (value[2] is None or number(value[2])))
    return (isinstance(raw, list) and len(raw) == 9 and (raw[0] is None or number(raw[0]))
            and isinstance(raw[1], list) and len(raw[1]) == 3 and (raw[1][0] is None or number(raw[1][0]))
            and (raw[1][1] is None or number(raw[1][1])) and isinstance(raw[1][2], bool) and number(raw[2])
            and all(line(value) for value in raw[3:]))


def _set_format(native, raw: list) -> None:
    """Fill, font, alignment and diagonals of a raw format on a (multi-area) range."""
    fill, (font_colour, size, bold), align, down, up = raw[:5]
    if fill is None:
        native.Interior.ColorIndex = XL_NONE
    else:
        native.Interior.Color = fill
    font = native.Font
    if font_colour is None:
        font.ColorIndex = XL_AUTOMATIC
    else:
        font.Color = font_colour
    if size is not None:
        font.Size = size
    font.Bold = bold
    native.HorizontalAlignment = align
    _set_line(native.Borders(XL_DIAGONAL_DOWN), down)
    _set_line(native.Borders(XL_DIAGONAL_UP), up)


def _set_line(border, line: list | None) -> None:
    if line is None:
        border.LineStyle = XL_NONE
        return
    style, weight, colour = line
    border.LineStyle = style
    border.Weight = weight
    if colour is None:
        border.ColorIndex = XL_AUTOMATIC
    else:
        border.Color = colour


def _edge_parts(box: Box, same_across: bool, same_down: bool) -> list[Box]:
    """``box`` cut into single columns when its cells' left and right sides differ,
    and into single rows when their top and bottom do."""
    top, left, bottom, right = box
    columns = [(left, right)] if same_across else [(c, c) for c in range(left, right + 1)]
    rows = [(top, bottom)] if same_down else [(r, r) for r in range(top, bottom + 1)]
    return [(r0, c0, r1, c1) for r0, r1 in rows for c0, c1 in columns]


def _blank_none(value: Value) -> Value:
    return None if value == "" else value


def _path_of(book) -> Path | None:
    """The workbook's file, or None for one Excel has not saved yet."""
    try:
        name = book.fullname
    except Exception:  # noqa: BLE001 - some engines raise for an unsaved book
        return None
    return Path(name) if name and os.path.isabs(name) else None
