"""A recording double of exactly the xlwings objects and members xlsolver uses.

No Excel runs where the tests run, so the xlwings back end and the button
entry points are tested against this: a small in-memory Excel with the same
names and signatures as xlwings' ``Book``, ``Sheets``, ``Sheet``, ``Range``,
``App``, ``Names``, ``Name`` and ``Font`` (``test_xlwings_double.py`` checks
them against the installed xlwings with ``inspect.signature``, so it cannot
drift), plus the few members of Excel's own object model reached through
``Range.api`` (``Interior.ColorIndex``/``Color``, ``Font.ColorIndex``/``Color``/
``Size``/``Bold``, ``HorizontalAlignment``, ``HasFormula``, ``Borders(i).LineStyle``/
``Weight``/``ColorIndex``/``Color``, ``SpecialCells(Type)`` with the ``Areas``,
``CountLarge`` and ``Address`` of what it finds) and ``Sheet.api`` (``Visible``), with Excel's
answers: ``None`` (VBA's Null) when a range is mixed, over all its areas,
``xlNone`` (-4142) for no fill or no line, ``xlColorIndexAutomatic`` (-4105) for
the automatic colour. As in Excel, a sheet added becomes the active one, and a
range's borders are its edges (``xlEdgeLeft`` is the left side of the cells in
the left column of each area) and the lines inside it (``xlInsideVertical``,
both sides of each line between two cells). Each cell keeps its own four sides,
as the cell formats of a file do (the double does not show a cell's right side
as its neighbour's left one, as Excel's screen does). ``SpecialCells`` answers as
Excel does: the cells holding a constant (``xlCellTypeConstants``) or a formula
(``xlCellTypeFormulas``) as areas, an error when there are none ("No cells were
found."), and asked of one cell, the answer for the whole used range.

A range may reach XFD1048576: what Excel answers about it (a fill, a border, a
font) is worked out from the cells the double keeps, not by visiting every cell.

Every member access that would cross into Excel is recorded in
``book.calls`` as ``"Class.member"`` (``"Range.color="`` for a set), so tests
count the calls a paint costs.
"""

from __future__ import annotations

import re
from typing import Any, Iterator

from xlsolver.backends.boxes import absolute, parse_address, rectangles
from xlsolver.core.geometry import Box

XL_NONE = -4142
XL_AUTOMATIC = -4105  # xlColorIndexAutomatic
XL_GENERAL = 1  # xlHAlignGeneral
XL_CELL_TYPE_CONSTANTS, XL_CELL_TYPE_FORMULAS = 2, -4123  # XlCellType, for SpecialCells
# A cell keeps its borders by index: the diagonals (5, 6) and its four sides.
_DIAGONALS = (5, 6)
_SIDES = (7, 8, 9, 10)  # xlEdgeLeft, xlEdgeTop, xlEdgeBottom, xlEdgeRight


class _Cell:
    __slots__ = ("value", "fill", "borders", "font_colour", "font_size", "bold", "align", "number_format", "formula")

    def __init__(self) -> None:
        self.value: Any = None
        self.fill: int | None = None  # Excel colour integer (BGR); None = no fill
        # 5, 6 the diagonals, 7 left, 8 top, 9 bottom, 10 right -> (line style, weight, colour or None: automatic)
        self.borders: dict[int, tuple[int, int, int | None]] = {}
        self.font_colour: tuple[int, int, int] | None = None  # None: automatic
        self.font_size = 11.0
        self.bold = False
        self.align = XL_GENERAL
        self.number_format = "General"
        self.formula: str | None = None  # what Range.value= entered as a formula (never computed here)

    @property
    def used(self) -> bool:
        return (self.value is not None or self.formula is not None or self.fill is not None or bool(self.borders)
                or self.font_colour is not None or self.font_size != 11.0 or self.bold or self.align != XL_GENERAL
                or self.number_format != "General")


_NEW = _Cell()  # what a cell never touched holds


class App:
    """xlwings.App: the status bar and screen updating."""

    def __init__(self, book: "Book") -> None:
        self._book = book
        self._status_bar: Any = False
        self._screen_updating = True
        self.status_history: list[Any] = []

    @property
    def status_bar(self):
        self._book._log("App.status_bar")
        return self._status_bar

    @status_bar.setter
    def status_bar(self, value):
        self._book._log("App.status_bar=")
        self._status_bar = value
        self.status_history.append(value)

    @property
    def screen_updating(self):
        self._book._log("App.screen_updating")
        return self._screen_updating

    @screen_updating.setter
    def screen_updating(self, value):
        self._book._log("App.screen_updating=")
        self._screen_updating = value


class Book:
    """xlwings.Book: its sheets, names, app, the caller, save."""

    _mock_caller: "Book | None" = None

    def __init__(self, sheet_names: tuple[str, ...] = ("Sheet1",), fullname: str = "Book1") -> None:
        self.calls: list[str] = []
        self._app = App(self)
        self._sheets = Sheets(self, [Sheet(self, n) for n in sheet_names])
        self._names = Names(self)
        self._fullname = fullname
        self.saved_to: list[str] = []

    def _log(self, what: str) -> None:
        self.calls.append(what)

    @classmethod
    def caller(cls) -> "Book":
        if cls._mock_caller is None:
            raise RuntimeError("no calling workbook: Book.caller() works when Excel runs the code")
        return cls._mock_caller

    def set_mock_caller(self) -> None:
        Book._mock_caller = self

    @property
    def app(self) -> App:
        return self._app

    @property
    def sheets(self) -> "Sheets":
        return self._sheets

    @property
    def names(self) -> "Names":
        return self._names

    @property
    def fullname(self) -> str:
        self._log("Book.fullname")
        return self._fullname

    @property
    def name(self) -> str:
        self._log("Book.name")
        return self._fullname.replace("\\", "/").rsplit("/", 1)[-1]

    def save(self, path=None, password=None) -> None:
        self._log("Book.save")
        self.saved_to.append(str(path))

    @property
    def api(self) -> "_BookApi":
        self._log("Book.api")
        return _BookApi(self)


class Sheets:
    """xlwings.main.Sheets: indexing by name or number, iteration, the active sheet, add."""

    def __init__(self, book: Book, sheets: list["Sheet"]) -> None:
        self._book = book
        self._list = sheets
        self._active = sheets[0]

    def __getitem__(self, key):
        self._book._log("Sheets[]")
        if isinstance(key, int):
            return self._list[key]
        for sheet in self._list:
            if sheet._name == key:
                return sheet
        raise KeyError(key)

    def __iter__(self) -> Iterator["Sheet"]:
        self._book._log("Sheets.__iter__")
        return iter(list(self._list))

    def __len__(self) -> int:
        self._book._log("Sheets.__len__")
        return len(self._list)

    @property
    def active(self) -> "Sheet":
        self._book._log("Sheets.active")
        return self._active

    def add(self, name=None, before=None, after=None) -> "Sheet":
        self._book._log("Sheets.add")
        sheet = Sheet(self._book, name or f"Sheet{len(self._list) + 1}")
        self._list.append(sheet)
        self._active = sheet  # Excel activates the sheet it adds
        return sheet

    def _remove(self, sheet: "Sheet") -> None:
        self._list.remove(sheet)
        if self._active is sheet:
            self._active = self._list[0]

    def activate(self, name: str) -> None:
        """Test helper (not xlwings): make a sheet the active one."""
        self._active = next(s for s in self._list if s._name == name)


class Sheet:
    """xlwings.Sheet: its name, ranges, the used range."""

    def __init__(self, book: Book, name: str) -> None:
        self._book = book
        self._name = name
        self.cells_: dict[tuple[int, int], _Cell] = {}
        self.column_widths_: dict[int, float] = {}  # column -> width in characters, where set
        self.row_heights_: dict[int, float] = {}  # row -> height in points, where set
        self.visible_ = -1  # XlSheetVisibility: -1 visible, 0 hidden, 2 very hidden

    @property
    def name(self) -> str:
        self._book._log("Sheet.name")
        return self._name

    @name.setter
    def name(self, value: str) -> None:
        self._book._log("Sheet.name=")
        self._name = value

    @property
    def book(self) -> Book:
        return self._book

    def delete(self) -> None:
        self._book._log("Sheet.delete")
        self._book.sheets._remove(self)

    def activate(self) -> None:
        self._book._log("Sheet.activate")
        self._book.sheets._active = self

    @property
    def api(self) -> "_SheetApi":
        self._book._log("Sheet.api")
        return _SheetApi(self)

    @property
    def visible(self) -> bool:
        self._book._log("Sheet.visible")
        return self.visible_ == -1

    @visible.setter
    def visible(self, value: bool) -> None:
        self._book._log("Sheet.visible=")
        self.visible_ = -1 if value else 0

    def range(self, cell1, cell2=None) -> "Range":
        self._book._log("Sheet.range")
        if isinstance(cell1, tuple):
            other = cell2 if cell2 is not None else cell1
            return Range(self, [(min(cell1[0], other[0]), min(cell1[1], other[1]),
                                 max(cell1[0], other[0]), max(cell1[1], other[1]))])
        if cell2 is not None:
            raise NotImplementedError("the double takes Range(tuple, tuple) or Range('A1:B2,...')")
        if len(cell1) > 255:
            raise ValueError("Excel's Range() takes at most 255 characters")  # Excel raises too
        name = self._book._names._lookup(cell1)
        if name is not None:
            return name.refers_to_range
        sheet, boxes = parse_address(cell1)
        return Range(self, boxes)

    @property
    def used_range(self) -> "Range":
        self._book._log("Sheet.used_range")
        return self._used()

    def _used(self) -> "Range":
        used = [cell for cell, info in self.cells_.items() if info.used]
        if not used:
            return Range(self, [(1, 1, 1, 1)])
        rows, cols = [r for r, _ in used], [c for _, c in used]
        return Range(self, [(min(rows), min(cols), max(rows), max(cols))])

    def _cell(self, row: int, col: int) -> _Cell:
        return self.cells_.setdefault((row, col), _Cell())

    # test helpers (not xlwings)
    def put(self, row: int, col: int, value=None, fill: int | None = None, diagonals: bool = False) -> None:
        cell = self._cell(row, col)
        cell.value, cell.fill = value, fill
        if diagonals:
            cell.borders[5] = cell.borders[6] = (1, 1, 0)


class Range:
    """xlwings.Range on one or several areas: value, color, address, font, api, sizes."""

    def __init__(self, sheet: Sheet, boxes: list[Box]) -> None:
        self._sheet = sheet
        self._boxes = boxes

    def _log(self, what: str) -> None:
        self._sheet._book._log(what)

    def _cells(self) -> Iterator[tuple[int, int]]:
        for top, left, bottom, right in self._boxes:
            for r in range(top, bottom + 1):
                for c in range(left, right + 1):
                    yield (r, c)

    def _size(self) -> int:
        return sum((b[2] - b[0] + 1) * (b[3] - b[1] + 1) for b in self._boxes)

    def _kept(self) -> tuple[list[tuple[tuple[int, int], "_Cell"]], bool]:
        """The cells the double keeps inside the range, and whether it has others (never
        touched, so as a new cell); without visiting every cell of a large range. Areas
        are taken as disjoint, as xlsolver's are."""
        cells = self._sheet.cells_
        if self._size() <= 4 * len(cells) + 64:
            inside = [(cell, cells.get(cell)) for cell in self._cells()]
            return [(cell, info) for cell, info in inside if info is not None], any(i is None for _, i in inside)
        kept = [(cell, info) for cell, info in cells.items()
                if any(b[0] <= cell[0] <= b[2] and b[1] <= cell[1] <= b[3] for b in self._boxes)]
        return kept, len(kept) < self._size()

    def _over(self, slot: str) -> set:
        """Every value ``slot`` has over the range's cells (a new cell's for those never touched)."""
        kept, others = self._kept()
        found = {getattr(info, slot) for _, info in kept}
        if others:
            found.add(getattr(_NEW, slot))
        return found

    @property
    def sheet(self) -> Sheet:
        return self._sheet

    @property
    def address(self) -> str:
        self._log("Range.address")
        return ",".join(absolute(b) for b in self._boxes)

    @property
    def value(self):
        self._log("Range.value")
        if len(self._boxes) != 1:
            raise ValueError("value of a multi-area range: xlwings reads the first area only")
        top, left, bottom, right = self._boxes[0]
        rows = [[_excel_value(self._sheet.cells_.get((r, c))) for c in range(left, right + 1)]
                for r in range(top, bottom + 1)]
        if len(rows) == 1 and len(rows[0]) == 1:
            return rows[0][0]
        if len(rows) == 1:
            return rows[0]
        if all(len(row) == 1 for row in rows):
            return [row[0] for row in rows]
        return rows

    @value.setter
    def value(self, data) -> None:
        self._log("Range.value=")
        top, left, bottom, right = self._boxes[0]
        if not isinstance(data, (list, tuple)):
            data = [[data] * (right - left + 1)] * (bottom - top + 1)
        elif data and not isinstance(data[0], (list, tuple)):
            data = [data]
        for i, row in enumerate(data):
            for j, v in enumerate(row):
                cell = self._sheet._cell(top + i, left + j)
                cell.value, cell.formula = _entered(v, cell.number_format)

    def clear_contents(self) -> None:
        self._log("Range.clear_contents")
        for cell in self._cells():
            info = self._sheet.cells_.get(cell)
            if info is not None:
                info.value = info.formula = None

    @property
    def formula(self):
        self._log("Range.formula")
        top, left, bottom, right = self._boxes[0]
        rows = [[_formula_of(self._sheet.cells_.get((r, c))) for c in range(left, right + 1)]
                for r in range(top, bottom + 1)]
        return rows[0][0] if len(rows) == 1 and len(rows[0]) == 1 else tuple(tuple(row) for row in rows)

    @formula.setter
    def formula(self, value) -> None:
        """As typed into every cell of the range (Excel adjusts relative references; the double does not)."""
        self._log("Range.formula=")
        for cell in self._cells():
            info = self._sheet._cell(*cell)
            info.value, info.formula = _entered(value)

    @property
    def number_format(self):
        self._log("Range.number_format")
        formats = self._over("number_format")
        return formats.pop() if len(formats) == 1 else None

    @number_format.setter
    def number_format(self, value) -> None:
        self._log("Range.number_format=")
        for cell in self._cells():
            self._sheet._cell(*cell).number_format = value

    @property
    def color(self):
        self._log("Range.color")
        fills = self._over("fill")
        if len(fills) != 1 or None in fills:
            return None
        value = fills.pop()
        return (value & 255, (value >> 8) & 255, (value >> 16) & 255)

    @color.setter
    def color(self, rgb) -> None:
        self._log("Range.color=")
        if isinstance(rgb, str):
            rgb = tuple(int(rgb.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
        value = None if rgb is None else rgb[0] + 256 * rgb[1] + 65536 * rgb[2]
        for cell in self._cells():
            self._sheet._cell(*cell).fill = value

    @property
    def font(self) -> "Font":
        self._log("Range.font")
        return Font(self)

    @property
    def api(self) -> "_RangeApi":
        self._log("Range.api")
        return _RangeApi(self)

    @property
    def row_height(self):
        self._log("Range.row_height")
        return None

    @row_height.setter
    def row_height(self, value) -> None:
        self._log("Range.row_height=")
        for top, _, bottom, _ in self._boxes:
            self._sheet.row_heights_.update(dict.fromkeys(range(top, bottom + 1), value))

    @property
    def column_width(self):
        self._log("Range.column_width")
        return None

    @column_width.setter
    def column_width(self, value) -> None:
        self._log("Range.column_width=")
        for _, left, _, right in self._boxes:
            self._sheet.column_widths_.update(dict.fromkeys(range(left, right + 1), value))


class Font:
    """xlwings.main.Font: colour, size and weight, set (reading them is Excel's Font, through api)."""

    def __init__(self, impl) -> None:
        self._range: Range = impl

    def _set(self, slot: str, value) -> None:
        for cell in self._range._cells():
            setattr(self._range._sheet._cell(*cell), slot, value)

    @property
    def color(self):
        self._range._log("Font.color")
        return None

    @color.setter
    def color(self, rgb) -> None:
        self._range._log("Font.color=")
        self._set("font_colour", tuple(rgb))

    @property
    def size(self):
        self._range._log("Font.size")
        return None

    @size.setter
    def size(self, value) -> None:
        self._range._log("Font.size=")
        self._set("font_size", float(value))

    @property
    def bold(self):
        self._range._log("Font.bold")
        return None

    @bold.setter
    def bold(self, value) -> None:
        self._range._log("Font.bold=")
        self._set("bold", bool(value))


class Names:
    """xlwings.main.Names: add, look up, iterate."""

    def __init__(self, book: Book) -> None:
        self._book = book
        self._items: dict[str, Name] = {}

    def add(self, name, refers_to) -> "Name":
        self._book._log("Names.add")
        if len(refers_to) > 8192:
            raise ValueError("Excel's formula limit is 8192 characters")
        self._items[name] = Name(self._book, name, refers_to)
        return self._items[name]

    def __getitem__(self, item) -> "Name":
        self._book._log("Names[]")
        return self._items[item] if isinstance(item, str) else list(self._items.values())[item]

    def __contains__(self, item) -> bool:
        self._book._log("Names.__contains__")
        return item in self._items

    def __iter__(self) -> Iterator["Name"]:
        self._book._log("Names.__iter__")
        return iter(list(self._items.values()))

    def __len__(self) -> int:
        self._book._log("Names.__len__")
        return len(self._items)

    def _lookup(self, text: str) -> "Name | None":
        return self._items.get(text)


class Name:
    """xlwings.main.Name: name, refers_to, refers_to_range, delete."""

    def __init__(self, book: Book, name: str, refers_to: str) -> None:
        self._book, self._name, self._refers_to = book, name, refers_to

    @property
    def name(self) -> str:
        self._book._log("Name.name")
        return self._name

    @name.setter
    def name(self, value) -> None:
        self._name = value

    @property
    def refers_to(self) -> str:
        self._book._log("Name.refers_to")
        return self._refers_to

    @refers_to.setter
    def refers_to(self, value) -> None:
        self._refers_to = value

    @property
    def refers_to_range(self) -> Range:
        self._book._log("Name.refers_to_range")
        sheet, boxes = parse_address(self._refers_to)
        return Range(self._book._sheets._by_name(sheet), boxes)

    def delete(self) -> None:
        self._book._log("Name.delete")
        self._book._names._items.pop(self._name, None)


def _by_name(self: Sheets, name: str) -> Sheet:
    return next(s for s in self._list if s._name == name)


Sheets._by_name = _by_name  # a helper of the double, not an xlwings member


# --- Excel's own objects behind Book.api and Range.api -----------------------

class _BookApi:
    def __init__(self, book: Book) -> None:
        self._book = book

    def SaveCopyAs(self, filename: str) -> None:  # noqa: N802 - Excel's name
        """Excel writes the workbook as it is now to another file; here through openpyxl."""
        from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
        from xlsolver.core.paint import Paint, PaintPlan, Style, Write

        self._book._log("api.SaveCopyAs")
        copy = OpenpyxlWorkbook.new()
        for sheet in self._book._sheets._list:
            copy.add_sheet(sheet._name)
            groups: dict = {}
            ops = []
            for cell, info in sorted(sheet.cells_.items()):
                fill = None if info.fill is None else \
                    f"{info.fill & 255:02X}{(info.fill >> 8) & 255:02X}{(info.fill >> 16) & 255:02X}"
                diagonals = 5 in info.borders and 6 in info.borders
                if fill or diagonals:
                    groups.setdefault(Style(fill, diagonals), []).append(cell)
                if info.value is not None:
                    ops.append(Write(cell, info.value))
            ops += [Paint(style, tuple(cells)) for style, cells in groups.items()]
            copy.apply(PaintPlan(sheet._name, tuple(ops)))
        copy.save(filename)


class _SheetApi:
    def __init__(self, sheet: Sheet) -> None:
        self._sheet = sheet

    @property
    def Visible(self):  # noqa: N802 - Excel's name
        self._sheet._book._log("api.Visible")
        return self._sheet.visible_

    @Visible.setter
    def Visible(self, value) -> None:  # noqa: N802
        self._sheet._book._log("api.Visible=")
        self._sheet.visible_ = value


def _uniform(values: set):
    """Excel's answer for a member over a range: the one value, or Null (None) when they differ."""
    return values.pop() if len(values) == 1 else None


def _bgr(rgb: tuple[int, int, int]) -> int:
    return rgb[0] + 256 * rgb[1] + 65536 * rgb[2]


class _RangeApi:
    def __init__(self, rng: Range) -> None:
        self._range = rng

    @property
    def Interior(self) -> "_Interior":  # noqa: N802 - Excel's name
        self._range._log("api.Interior")
        return _Interior(self._range)

    def Borders(self, index: int) -> "_Border":  # noqa: N802
        self._range._log("api.Borders")
        return _Border(self._range, index)

    @property
    def Font(self) -> "_Font":  # noqa: N802
        self._range._log("api.Font")
        return _Font(self._range)

    @property
    def HorizontalAlignment(self):  # noqa: N802
        self._range._log("api.HorizontalAlignment")
        return _uniform(self._range._over("align"))

    @HorizontalAlignment.setter
    def HorizontalAlignment(self, value) -> None:  # noqa: N802
        self._range._log("api.HorizontalAlignment=")
        for cell in self._range._cells():
            self._range._sheet._cell(*cell).align = value

    @property
    def HasFormula(self):  # noqa: N802
        """True when every cell holds a formula, False when none does, else Null."""
        self._range._log("api.HasFormula")
        return _uniform({formula is not None for formula in self._range._over("formula")})

    def SpecialCells(self, Type, Value=None):  # noqa: N802, N803 - Excel's names
        """The range's cells holding a constant (``xlCellTypeConstants``) or a formula
        (``xlCellTypeFormulas``), as a range of areas. As Excel: asked of one cell, the
        answer is for the whole used range; none found is an error."""
        self._range._log("api.SpecialCells")
        if Type not in (XL_CELL_TYPE_CONSTANTS, XL_CELL_TYPE_FORMULAS) or Value is not None:
            raise NotImplementedError("the double finds constants or formulas, of every value type")
        searched = self._range._sheet._used() if self._range._size() == 1 else self._range
        kept, _ = searched._kept()
        found = [cell for cell, info in kept if (info.formula is not None if Type == XL_CELL_TYPE_FORMULAS
                                                 else info.value is not None and info.formula is None)]
        if not found:
            raise ComError("No cells were found.")
        return _RangeApi(Range(self._range._sheet, rectangles(found)))

    @property
    def Areas(self) -> "_Areas":  # noqa: N802
        self._range._log("api.Areas")
        return _Areas(self._range)

    @property
    def CountLarge(self) -> int:  # noqa: N802
        """The number of cells (``Count`` overflows past 2**31 of them)."""
        self._range._log("api.CountLarge")
        return self._range._size()

    @property
    def Address(self) -> str:  # noqa: N802
        """The areas' absolute A1 addresses, comma-separated."""
        self._range._log("api.Address")
        return ",".join(absolute(box) for box in self._range._boxes)


class _Areas:
    """Excel's Areas of a range: a collection of single-area ranges, counted from 1."""

    def __init__(self, rng: Range) -> None:
        self._range = rng

    @property
    def Count(self) -> int:  # noqa: N802
        self._range._log("api.Areas.Count")
        return len(self._range._boxes)

    def Item(self, Index) -> "_RangeApi":  # noqa: N802, N803
        self._range._log("api.Areas.Item")
        return _RangeApi(Range(self._range._sheet, [self._range._boxes[Index - 1]]))

    def __iter__(self) -> Iterator["_RangeApi"]:
        """Iterating a COM collection asks for each item."""
        for index in range(1, len(self._range._boxes) + 1):
            yield self.Item(index)


class ComError(Exception):
    """What an error Excel answers becomes in Python (pywin32's ``com_error``)."""


class _Font:
    """Excel's Font of a range: its colour (``ColorIndex`` -4105 when automatic), size, weight."""

    def __init__(self, rng: Range) -> None:
        self._range = rng

    def _get(self, slot: str) -> set:
        return self._range._over(slot)

    def _set(self, slot: str, value) -> None:
        for cell in self._range._cells():
            setattr(self._range._sheet._cell(*cell), slot, value)

    @property
    def ColorIndex(self):  # noqa: N802
        self._range._log("api.Font.ColorIndex")
        colours = self._get("font_colour")
        if len(colours) > 1:
            return None
        colour = colours.pop()
        return XL_AUTOMATIC if colour is None else 1 + _bgr(colour) % 55

    @ColorIndex.setter
    def ColorIndex(self, value) -> None:  # noqa: N802
        self._range._log("api.Font.ColorIndex=")
        if value != XL_AUTOMATIC:
            raise NotImplementedError("the double sets a font's ColorIndex to automatic only; set Color")
        self._set("font_colour", None)

    @property
    def Color(self):  # noqa: N802
        self._range._log("api.Font.Color")
        colours = self._get("font_colour")
        if len(colours) > 1:
            return None
        colour = colours.pop()
        return 0 if colour is None else _bgr(colour)  # the automatic colour reads as black

    @Color.setter
    def Color(self, value) -> None:  # noqa: N802
        self._range._log("api.Font.Color=")
        value = int(value)
        self._set("font_colour", (value & 255, (value >> 8) & 255, (value >> 16) & 255))

    @property
    def Size(self):  # noqa: N802
        self._range._log("api.Font.Size")
        return _uniform(self._get("font_size"))

    @Size.setter
    def Size(self, value) -> None:  # noqa: N802
        self._range._log("api.Font.Size=")
        self._set("font_size", float(value))

    @property
    def Bold(self):  # noqa: N802
        self._range._log("api.Font.Bold")
        return _uniform(self._get("bold"))

    @Bold.setter
    def Bold(self, value) -> None:  # noqa: N802
        self._range._log("api.Font.Bold=")
        self._set("bold", bool(value))


class _Interior:
    def __init__(self, rng: Range) -> None:
        self._range = rng

    def _fills(self) -> set:
        return self._range._over("fill")

    @property
    def ColorIndex(self):  # noqa: N802
        self._range._log("api.Interior.ColorIndex")
        fills = self._fills()
        if len(fills) > 1:
            return None
        return XL_NONE if None in fills else 1 + fills.pop() % 55

    @ColorIndex.setter
    def ColorIndex(self, value) -> None:  # noqa: N802
        self._range._log("api.Interior.ColorIndex=")
        if value != XL_NONE:
            raise NotImplementedError("the double sets a fill's ColorIndex to xlNone only; set Color")
        for cell in self._range._cells():
            self._range._sheet._cell(*cell).fill = None

    @property
    def Color(self):  # noqa: N802
        self._range._log("api.Interior.Color")
        fills = self._fills()
        if len(fills) > 1:
            return None
        value = fills.pop()
        return 16777215 if value is None else value

    @Color.setter
    def Color(self, value) -> None:  # noqa: N802
        self._range._log("api.Interior.Color=")
        for cell in self._range._cells():
            self._range._sheet._cell(*cell).fill = int(value)


_NO_LINE = (XL_NONE, 2, None)


class _Border:
    """One of a range's borders, standing for some sides of its cells (see :meth:`_places`)."""

    def __init__(self, rng: Range, index: int) -> None:
        self._range, self._index = rng, index

    def _parts(self) -> list[tuple[Box, int]]:
        """(box, the index its cells keep the line under) for each part of the cells'
        sides this border is: the diagonals of every cell; an edge (7 to 10) on the
        cells along it in each area; an inside line (11 vertical, 12 horizontal) on
        both cells of every line between two cells of an area."""
        index, parts = self._index, []
        for top, left, bottom, right in self._range._boxes:
            if index in _DIAGONALS:
                parts.append(((top, left, bottom, right), index))
            elif index in _SIDES:
                parts.append(({7: (top, left, bottom, left), 8: (top, left, top, right),
                               9: (bottom, left, bottom, right), 10: (top, right, bottom, right)}[index], index))
            elif index == 11 and right > left:
                parts += [((top, left + 1, bottom, right), 7), ((top, left, bottom, right - 1), 10)]
            elif index == 12 and bottom > top:
                parts += [((top + 1, left, bottom, right), 8), ((top, left, bottom - 1, right), 9)]
        return parts

    def _places(self) -> list[tuple[tuple[int, int], int]]:
        """(cell, the index the cell keeps the line under) for each cell side this border is."""
        return [(cell, side) for box, side in self._parts() for cell in Range(self._range._sheet, [box])._cells()]

    def _lines(self) -> set | None:
        """The lines on the sides this border is (none drawn: _NO_LINE); None when it is no side at all."""
        if not self._parts():
            return None
        found = set()
        for box, side in self._parts():
            kept, others = Range(self._range._sheet, [box])._kept()
            found |= {info.borders.get(side) or _NO_LINE for _, info in kept}
            if others:
                found.add(_NO_LINE)
        return found

    def _get(self, slot: int):
        lines = self._lines()
        if lines is None:  # the inside line of a single row or column: none
            return _NO_LINE[slot]
        return _uniform({line[slot] for line in lines})

    def _mixed_colour(self) -> bool:
        return len({line[2] for line in self._lines() or ()}) > 1

    def _set(self, slot: int, value) -> None:
        for cell, side in self._places():
            info = self._range._sheet._cell(*cell)
            old = list(info.borders.get(side, _NO_LINE))
            old[slot] = value
            if slot == 1 and old[0] == XL_NONE:
                old[0] = 1  # Excel: giving a line a weight draws it
            if old[0] == XL_NONE:
                info.borders.pop(side, None)
            else:
                info.borders[side] = tuple(old)

    @property
    def LineStyle(self):  # noqa: N802
        self._range._log("api.Borders.LineStyle")
        return self._get(0)

    @LineStyle.setter
    def LineStyle(self, value) -> None:  # noqa: N802
        self._range._log("api.Borders.LineStyle=")
        self._set(0, value)

    @property
    def Weight(self):  # noqa: N802
        self._range._log("api.Borders.Weight")
        return self._get(1)

    @Weight.setter
    def Weight(self, value) -> None:  # noqa: N802
        self._range._log("api.Borders.Weight=")
        self._set(1, value)

    @property
    def ColorIndex(self):  # noqa: N802
        self._range._log("api.Borders.ColorIndex")
        if self._mixed_colour():
            return None
        colour = self._get(2)
        return XL_AUTOMATIC if colour is None else 1 + int(colour) % 55

    @ColorIndex.setter
    def ColorIndex(self, value) -> None:  # noqa: N802
        self._range._log("api.Borders.ColorIndex=")
        if value != XL_AUTOMATIC:
            raise NotImplementedError("the double sets a line's ColorIndex to automatic only; set Color")
        self._set(2, None)

    @property
    def Color(self):  # noqa: N802
        self._range._log("api.Borders.Color")
        if self._mixed_colour():
            return None
        colour = self._get(2)
        return 0 if colour is None else colour  # the automatic colour reads as black

    @Color.setter
    def Color(self, value) -> None:  # noqa: N802
        self._range._log("api.Borders.Color=")
        self._set(2, int(value))


_TYPED_NUMBER = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def _entered(value, number_format: str = "General") -> tuple[Any, str | None]:
    """``(value, formula)`` of a cell after Excel's Range.Value takes ``value``: a
    string is read as if typed. A leading apostrophe marks text and is no part of
    the value; a number typed as text becomes the number; "=" (and "+", "-" or "@"
    before anything but a number) starts a formula, which the double records and
    does not compute: it reads back as None, as xlwings gives an error value. In a
    cell formatted as text ("@") a string is that text, as typed."""
    if not isinstance(value, str):
        return value, None
    if number_format == "@":
        return value or None, None
    if value.startswith("'"):
        return value[1:] or None, None
    if _TYPED_NUMBER.fullmatch(value):
        number = float(value)
        return int(number) if number.is_integer() and abs(number) < 2 ** 53 else number, None
    if value[:1] in ("=", "+", "-", "@") and len(value) > 1:
        return None, value
    return value or None, None


def _formula_of(cell: _Cell | None) -> str:
    """Range.Formula of one cell: its formula, else its value as text ("" when empty)."""
    if cell is None:
        return ""
    if cell.formula is not None:
        return cell.formula
    return "" if cell.value is None else cell.value if isinstance(cell.value, str) else str(cell.value)


def _excel_value(cell: _Cell | None):
    """Excel hands numbers to Python as floats."""
    if cell is None or cell.value is None:
        return None
    value = cell.value
    if isinstance(value, bool):
        return value
    return float(value) if isinstance(value, int) else value


def double_of(snapshot_cells: dict, sheet: str = "Sheet1", fullname: str = "Book1") -> Book:
    """A double holding one sheet with the given ``{(row, col): CellInfo}`` cells."""
    book = Book((sheet,), fullname)
    ws = book._sheets._list[0]
    for (r, c), info in snapshot_cells.items():
        fill = None
        if info.fill:
            rgb = info.fill
            fill = int(rgb[0:2], 16) + 256 * int(rgb[2:4], 16) + 65536 * int(rgb[4:6], 16)
        ws.put(r, c, info.value, fill, info.diagonals)
    return book
