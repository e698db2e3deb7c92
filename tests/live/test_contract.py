"""One contract for every back end: the same puzzle in, the same cells painted out.

Each case is a sheet of cells (values, fills, diagonals). It is put into every
back end (an openpyxl file saved and reopened, the in-memory workbook, the
xlwings double, a live Calc document in a headless LibreOffice), an action
runs through :func:`xlsolver.jobs.run_book`, and what each back end then holds
is compared with the openpyxl file's: the same reports and, cell by cell, the
same values, fills and diagonal marks, and then the rest of what was painted,
the sheet's *look*: font colours, column widths, row heights, the cells with
grid lines, text looks (font size, bold, centred) and the print setup. A back
end that cannot show one of these says so in its ``ignores`` (Calc and live
Excel leave TextLook and PrintSetup alone); the comparison names what it left
out for that reason, and checks that nothing else was left out. Actions a
puzzle kind does not offer yet are skipped, and run here as soon as the kind
offers them.

The look of the in-memory fake is what it recorded (its font colours and
layout operations, turned into the same terms); Calc's is read at the cells,
columns and rows the openpyxl file has, so a stray width elsewhere in Calc
would go unseen.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.backends.xlwings_backend import XlwingsWorkbook
from xlsolver.core.paint import (
    BLACK,
    WHITE,
    ColumnWidths,
    GridLines,
    Outline,
    Paint,
    PaintPlan,
    PrintSetup,
    SquareCells,
    Style,
    TextLook,
    Write,
)
from xlsolver.jobs import ACTIONS as JOB_ACTIONS
from xlsolver.jobs import Options, kind_of, run_book
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.core.protocol import CellInfo
from xlsolver.core.printing import DEFAULT_WIDTH, landscape, shown_box

from .puzzles import laid_out, picture_nonogram, seed_plan, square_rings
from .xlwings_double import Book, Sheet

ROOT = Path(__file__).resolve().parents[2]
ACTIONS = list(JOB_ACTIONS)  # every action a kind may offer, generate included
BACKENDS = ["memory", "xlwings-double", "calc"]

Cells = dict[tuple[int, int], CellInfo]


def _smile(r: int, c: int) -> bool:
    """A 9x11 picture (not square, so rows and columns cannot be mixed up)."""
    return (r in (1, 2) and c in (2, 3, 7, 8)) or (r == 6 and 2 <= c <= 8) or (r == 5 and c in (1, 9)) \
        or r == 8


@lru_cache(maxsize=None)
def _solved_cells() -> Cells:
    book = MemoryWorkbook({"Smile": dict(laid_out(picture_nonogram(9, 11, _smile), "Smile"))})
    run_book(book, "seed", "Smile", Options(), "solve")
    return book.snapshot("Smile").cells


def _with_entries() -> Cells:
    """The smile with a few cells the user painted: two right, two wrong."""
    cells = dict(laid_out(picture_nonogram(9, 11, _smile), "Smile"))
    layout_top, layout_left = _grid_origin(cells)
    for (r, c), black in [((1, 2), True), ((0, 0), False), ((4, 4), True), ((8, 0), False)]:
        style = BLACK if black else WHITE
        cells[(layout_top + r, layout_left + c)] = CellInfo(None, style.fill, style.diagonals)
    return cells


def _grid_origin(cells: Cells) -> tuple[int, int]:
    from xlsolver.sheets.nonogram_layout import find_layout

    layout = find_layout(SheetSnapshot("Smile", cells))
    return layout.top, layout.left


def _bundled(path: str) -> dict[str, Cells]:
    book = OpenpyxlWorkbook.open(ROOT / path)
    return {name: book.snapshot(name).cells for name in book.sheet_names()}


def _kind_sample(kind: str) -> dict[str, Cells]:
    """The sample sheet of a kind's workbook with buttons (xlsolver excel)."""
    from xlsolver.cli.button_workbooks import samples

    sample = samples()[kind]
    book = MemoryWorkbook({sample.sheet: {}})
    book.apply(sample.plan(sample.sheet))
    return {sample.sheet: book.snapshot(sample.sheet).cells}


def _kind_names() -> list[str]:
    from xlsolver.cli.button_workbooks import samples

    return list(samples())


CASES = {
    "fresh-rings": lambda: {"Rings": laid_out(square_rings(12), "Rings")},
    "fresh-smile": lambda: {"Smile": laid_out(picture_nonogram(9, 11, _smile), "Smile")},
    "user-entries": lambda: {"Smile": _with_entries()},
    "painted": lambda: {"Smile": _solved_cells()},
}
# Every registered kind's sample sheet is a case of its own, so a new kind is in the contract.
CASES.update({kind: (lambda kind=kind: _kind_sample(kind)) for kind in _kind_names()})
# A board that cannot be tiled: two cells walled off in a corner, outlined in red.
CASES["polyomino-none"] = lambda: _untileable()


def _untileable() -> dict[str, Cells]:
    from xlsolver.polyomino import Board
    from xlsolver.sheets.polyomino_sheet import board_import_plan

    book = MemoryWorkbook({"Walled": {}})
    board = Board.parse("..#.....\n###.....\n" + "........\n" * 6)
    book.apply(board_import_plan(board, "Walled", "Polyomino", spec="pentominoes"))
    return {"Walled": book.snapshot("Walled").cells}
# The bundled workbooks: every verdict (unique, multiple, none) and colour puzzles; solve only.
BUNDLED = {"nonogram.xlsx": "workbooks/nonogram.xlsx", "nonogram-colour.xlsx": "workbooks/nonogram-colour.xlsx"}


# --- putting cells into each back end and reading them back ------------------

def _openpyxl_file(sheets: dict[str, Cells], folder: Path) -> Path:
    book = OpenpyxlWorkbook.new()
    for name, cells in sheets.items():
        book.add_sheet(name)
        book.apply(seed_plan(name, cells))
    path = folder / "case.xlsx"
    book.save(path)
    return path


class _Openpyxl:
    def __init__(self, sheets, folder, office=None):
        self.path = _openpyxl_file(sheets, folder)
        self.book = OpenpyxlWorkbook.open(self.path)

    def read(self) -> dict[str, SheetSnapshot]:
        self.book.save(self.path)  # what a user gets is the file: save it and read it back
        again = OpenpyxlWorkbook.open(self.path)
        self.looks = {name: _openpyxl_look(again.api[name]) for name in again.sheet_names()}
        return {name: again.snapshot(name) for name in again.sheet_names()}

    def look(self, name: str, want: Look | None = None) -> Look:
        return self.looks[name]


class _Memory:
    def __init__(self, sheets, folder, office=None):
        self.book = MemoryWorkbook({name: dict(cells) for name, cells in sheets.items()})

    def read(self):
        return {name: self.book.snapshot(name) for name in self.book.sheet_names()}

    def look(self, name: str, want: Look | None = None) -> Look:
        return _memory_look(self.book, name)


class _XlwingsDouble:
    def __init__(self, sheets, folder, office=None):
        double = Book(tuple(sheets))
        for sheet, cells in zip(double._sheets._list, sheets.values()):
            _fill_double(sheet, cells)
        self.book = XlwingsWorkbook(double)
        self.double = double

    def read(self):
        return {name: self.book.snapshot(name) for name in self.book.sheet_names()}

    def look(self, name: str, want: Look | None = None) -> Look:
        return _double_look(self.double.sheets[name])


def _fill_double(sheet: Sheet, cells: Cells) -> None:
    for (r, c), info in cells.items():
        fill = None
        if info.fill:
            fill = int(info.fill[0:2], 16) + 256 * int(info.fill[2:4], 16) + 65536 * int(info.fill[4:6], 16)
        sheet.put(r, c, info.value, fill, info.diagonals)


class _Calc:
    black_is_automatic = True  # a font painted black reads as the file's automatic one

    def __init__(self, sheets, folder, office):
        self.book = office.open(_openpyxl_file(sheets, folder))

    def read(self):
        return {name: self.book.snapshot(name) for name in self.book.sheet_names()}

    def look(self, name: str, want: Look | None = None) -> Look:
        return _calc_look(self.book.api.Sheets.getByName(name), want or {})


MAKERS = {"memory": _Memory, "xlwings-double": _XlwingsDouble, "calc": _Calc}


def _run(maker, sheets, folder, office, action, want_looks=None):
    """Run ``action``; the reports, the snapshots and the looks of every sheet."""
    live = maker(sheets, folder, office)
    reports = run_book(live.book, "case", None, Options(budget_seconds=30), action)
    outcome = [(r.sheet, r.status, r.message, str(r.solutions)) for r in reports]
    read = live.read()
    looks = {name: live.look(name, (want_looks or {}).get(name)) for name in read}
    if isinstance(live, _Calc):
        live.book.close()
    return outcome, read, looks, live


# --- the look of a sheet: what is painted besides values, fills and diagonals ---

Look = dict[str, object]
"""Aspect -> what a sheet shows of it: ``fonts`` {cell: "RRGGBB"}, ``widths``
{column: characters}, ``heights`` {row: points}, ``lines`` {cells with grid
lines}, ``outline`` {(cell, side): "RRGGBB"} for the sides drawn in a colour
of their own (an Outline; grid lines are grey or automatic), ``text`` {cell:
(size, bold, centred)} where not the default, ``print`` (top, left, bottom,
right, landscape) or None."""

# The operations that paint each aspect: a back end ignoring one of them cannot show it.
ASPECTS = {"fonts": (Paint,), "widths": (SquareCells, ColumnWidths), "heights": (SquareCells,),
           "lines": (GridLines, Outline), "outline": (Outline,), "text": (TextLook,), "print": (PrintSetup,)}
GRID_COLOURS = {"A0A0A0", "404040", "000000"}  # the grid lines' thin and medium greys, and automatic
SIDES = ("left", "right", "top", "bottom")
DEFAULT_TEXT = (11.0, False, False)


def _not_shown(ignores: frozenset[type]) -> dict[str, str]:
    return {aspect: "ignores " + ", ".join(sorted(op.__name__ for op in ops if op in ignores))
            for aspect, ops in ASPECTS.items() if any(op in ignores for op in ops)}


def _as_seen_by(live, want: Look) -> Look:
    """What the file's look would be in a back end that sees less: Calc reads a font that
    was painted black the same as the automatic font a file's cells come with."""
    if not getattr(live, "black_is_automatic", False):
        return want
    return {**want, "fonts": {cell: rgb for cell, rgb in want["fonts"].items() if rgb != "000000"}}


def _compare_looks(name: str, got: Look, want: Look, ignores: frozenset[type]) -> None:
    """Every aspect the back end shows is the same; the others are named, with the reason."""
    not_shown = _not_shown(ignores)
    assert set(got) == set(ASPECTS) - set(not_shown), f"{name}: read {sorted(got)}, not shown {not_shown}"
    for aspect in got:
        assert got[aspect] == want[aspect], f"{name}: {aspect} differ: {got[aspect]!r} != {want[aspect]!r}"


def _chars(points: float) -> float:
    """A column ``points`` wide in Excel's characters (7 pixels each, 5 of margin)."""
    return round((points * 4 / 3 - 5) / 7, 2)


def _openpyxl_look(ws) -> Look:
    from openpyxl.utils import range_boundaries

    fonts, text, lines, outline = {}, {}, set(), {}
    for row in ws.iter_rows():
        for cell in row:
            key = (cell.row, cell.column)
            color = cell.font.color
            if color is not None and color.type == "rgb" and color.rgb:
                fonts[key] = color.rgb[-6:]
            look = (float(cell.font.sz or 11), bool(cell.font.b), cell.alignment.horizontal == "center")
            if look != DEFAULT_TEXT:
                text[key] = look
            if any(getattr(cell.border, side).style for side in SIDES):
                lines.add(key)
            for side in SIDES:
                line = getattr(cell.border, side)
                rgb = line.color.rgb[-6:] if line.style and line.color is not None and line.color.type == "rgb" else None
                if rgb and rgb not in GRID_COLOURS:
                    outline[(key, side)] = rgb
    widths = {col: round(dim.width, 1) for dim in ws.column_dimensions.values() if dim.customWidth
              for col in range(dim.min, dim.max + 1)}
    heights = {row: round(dim.ht, 1) for row, dim in ws.row_dimensions.items() if dim.customHeight}
    printed = None
    if ws.print_area:
        left, top, right, bottom = range_boundaries(ws.print_area.split("!")[-1].replace("$", ""))
        printed = (top, left, bottom, right, ws.page_setup.orientation == "landscape")
    return {"fonts": fonts, "widths": widths, "heights": heights, "lines": lines, "outline": outline, "text": text,
            "print": printed}


def _memory_look(book: MemoryWorkbook, sheet: str) -> Look:
    """What the fake recorded, in the terms of a file (a width in characters rounded as openpyxl writes it)."""
    widths, heights, lines, outline, text, printed = {}, {}, set(), {}, {}, None
    for op in book.layout.get(sheet, []):
        if isinstance(op, SquareCells):
            widths.update(dict.fromkeys(range(op.left, op.right + 1), round(_chars(op.size), 1)))
            heights.update(dict.fromkeys(range(op.top, op.bottom + 1), round(op.size, 1)))
        elif isinstance(op, ColumnWidths):
            widths.update({col: round(width, 1) for col, width in op.widths})
        elif isinstance(op, GridLines):  # every side of the box's cells drawn again, in grey
            box = {(r, c) for r in range(op.top, op.bottom + 1) for c in range(op.left, op.right + 1)}
            lines |= box
            outline = {edge: rgb for edge, rgb in outline.items() if edge[0] not in box}
        elif isinstance(op, Outline):
            lines |= set(op.cells)
            outline.update(dict.fromkeys(op.edges(), op.colour))
        elif isinstance(op, TextLook):
            for cell in ((r, c) for r in range(op.top, op.bottom + 1) for c in range(op.left, op.right + 1)):
                size, _, centred = text.get(cell, DEFAULT_TEXT)
                text[cell] = (float(op.size) if op.size is not None else size, op.bold, op.centred or centred)
        elif isinstance(op, PrintSetup):
            printed = (op.top, op.left, op.bottom, op.right, op.landscape)
    text = {cell: look for cell, look in text.items() if look != DEFAULT_TEXT}
    # A file prints every sheet xlsolver painted whole, on one page: the print area
    # grown to what the sheet shows (core.printing), worked out when it is saved.
    def width(col: int) -> float:
        return widths.get(col, DEFAULT_WIDTH)

    def points(cell):
        return text.get(cell, DEFAULT_TEXT)[0]

    box = shown_box(book.sheets.get(sheet, {}), width, points, printed[:4] if printed else None)
    if box is not None:
        printed = (*box, landscape(box, width, heights.get))
    return {"fonts": dict(book.fonts.get(sheet, {})), "widths": widths, "heights": heights, "lines": lines,
            "outline": outline, "text": text, "print": printed}


def _double_look(sheet: Sheet) -> Look:
    """Live Excel (the double) shows fonts, sizes and lines; text looks and print setup it leaves alone."""
    fonts = {cell: "".join(f"{v:02X}" for v in info.font_colour)
             for cell, info in sheet.cells_.items() if info.font_colour is not None}
    lines = {cell for cell, info in sheet.cells_.items() if any(i in info.borders for i in range(7, 13))}
    edges = {7: "left", 8: "top", 9: "bottom", 10: "right"}  # Excel's XlBordersIndex
    outline = {(cell, edges[i]): f"{colour & 255:02X}{(colour >> 8) & 255:02X}{(colour >> 16) & 255:02X}"
               for cell, info in sheet.cells_.items() for i, (_, _, colour) in info.borders.items()
               if i in edges and colour is not None}
    outline = {edge: rgb for edge, rgb in outline.items() if rgb not in GRID_COLOURS}
    return {"fonts": fonts, "widths": {c: round(w, 1) for c, w in sheet.column_widths_.items()},
            "heights": {r: round(h, 1) for r, h in sheet.row_heights_.items()}, "lines": lines, "outline": outline}


def _calc_look(ws, want: Look) -> Look:
    """Calc's fonts, sizes and lines, read where the file has them (and at every cell it
    has a font colour or line for); sizes from 1/100 mm back to characters and points."""
    cells = set(want.get("fonts", {})) | set(want.get("lines", set())) | {cell for cell, _ in want.get("outline", {})}
    fonts, lines, outline = {}, set(), {}
    for row, col in cells:
        cell = ws.getCellByPosition(col - 1, row - 1)
        if cell.CharColor not in (-1, 0):  # automatic, or black: see _as_seen_by
            fonts[(row, col)] = f"{cell.CharColor & 0xFFFFFF:06X}"
        if any(getattr(cell, side).OuterLineWidth or getattr(cell, side).LineWidth
               for side in ("TopBorder", "BottomBorder", "LeftBorder", "RightBorder")):
            lines.add((row, col))
        for side in SIDES:
            line = getattr(cell, side.capitalize() + "Border")
            rgb = f"{line.Color & 0xFFFFFF:06X}"
            if (line.OuterLineWidth or line.LineWidth) and rgb not in GRID_COLOURS:
                outline[((row, col), side)] = rgb
    widths = {col: round((ws.Columns.getByIndex(col - 1).Width / 35.28 * 4 / 3 - 5) / 7, 1)
              for col in want.get("widths", {})}
    heights = {row: round(ws.Rows.getByIndex(row - 1).Height / 35.28, 1) for row in want.get("heights", {})}
    return {"fonts": fonts, "widths": widths, "heights": heights, "lines": lines, "outline": outline}


# Every operation of a plan, on a sheet of its own: what each back end shows of it.
EVERY_OP = PaintPlan("Look", (
    Write((1, 1), "Every operation"),
    Paint(Style(fill="FF0000", font_colour="0000FF"), ((3, 2), (3, 3))),
    Paint(Style(font_colour="00B050"), ((4, 4),)),
    Write((3, 2), 7), Write((4, 4), "x"),
    SquareCells(3, 2, 6, 5, size=18.0),
    GridLines(3, 2, 6, 5, every=2),
    Outline(((4, 3), (4, 4), (5, 3)), "FF0000"),
    TextLook(3, 2, 6, 5, size=14, bold=True),
    TextLook(1, 1, 1, 1, size=16, centred=False),
    ColumnWidths.of({"A": 20, "G": 33.5}),
    PrintSetup(1, 1, 6, 7, landscape=True),
))


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_operation_looks_alike(backend, office, tmp_path):
    """One plan with every operation: the same look in every back end, but for what it ignores."""
    want = _apply_every_op(_Openpyxl, tmp_path, None)
    got = _apply_every_op(MAKERS[backend], tmp_path, office, want[2])
    _compare(got, want)
    assert want[2]["Look"]["print"] == (1, 1, 6, 7, True) and want[2]["Look"]["fonts"][(3, 2)] == "0000FF"
    assert set(want[2]["Look"]["outline"]) == {((4, 3), "left"), ((4, 3), "top"), ((4, 4), "top"), ((4, 4), "right"),
                                               ((4, 4), "bottom"), ((5, 3), "left"), ((5, 3), "right"),
                                               ((5, 3), "bottom")}


def _apply_every_op(maker, folder, office, want_looks=None):
    live = maker({"Sheet": {}}, folder, office)
    live.book.apply(EVERY_OP)
    read = live.read()
    looks = {name: live.look(name, (want_looks or {}).get(name)) for name in read}
    if isinstance(live, _Calc):
        live.book.close()
    return [], read, looks, live


_SECONDS = re.compile(r"\d+(\.\d+)? s\b")


def _timeless(value):
    """Elapsed times in messages and status cells differ from run to run."""
    return _SECONDS.sub("# s", value) if isinstance(value, str) else value


def _cells(snap: SheetSnapshot) -> Cells:
    return {cell: CellInfo(_timeless(info.value), info.fill, info.diagonals) for cell, info in snap.cells.items()}


def _compare(got, want) -> None:
    got_reports, got_sheets, got_looks, live = got
    want_reports, want_sheets, want_looks, _ = want
    assert [tuple(map(_timeless, r)) for r in got_reports] == [tuple(map(_timeless, r)) for r in want_reports]
    assert list(got_sheets) == list(want_sheets)
    for name, want_snap in want_sheets.items():
        snap, theirs = SheetSnapshot(name, _cells(want_snap)), _cells(got_sheets[name])
        differ = sorted(cell for cell in set(snap.cells) | set(theirs) if snap.cells.get(cell) != theirs.get(cell))
        assert not differ, f"{name}: first differing cells {[(c, theirs.get(c), snap.cells.get(c)) for c in differ[:3]]}"
        _compare_looks(name, got_looks[name], _as_seen_by(live, want_looks[name]), live.book.ignores)


def _offered(sheets: dict[str, Cells], action: str) -> bool:
    """Does any sheet of the case offer ``action`` (polyomino sheets offer solve and clear)?"""
    kinds = [kind_of(SheetSnapshot(name, cells)) for name, cells in sheets.items()]
    return any(kind is not None and action in kind.offered() for kind in kinds)


# Each case with the actions its sheets offer: an action a kind does not have is not a case.
OFFERED = [(case, action) for case, make in CASES.items() for action in ACTIONS if _offered(make(), action)]


@pytest.fixture
def office(request, backend):
    return request.getfixturevalue("calc_office") if backend == "calc" else None


def test_the_cases_cover_every_action():
    """Every action is run on some case; polyomino sheets are tiled or cleared, nothing else."""
    assert {action for _, action in OFFERED} == set(ACTIONS)
    assert {action for case, action in OFFERED if case == "polyomino"} == {"solve", "clear"}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "action"), OFFERED)
def test_action_paints_what_the_openpyxl_file_gets(case, action, backend, office, tmp_path):
    sheets = CASES[case]()
    want = _run(_Openpyxl, sheets, tmp_path, None, action)
    got = _run(MAKERS[backend], sheets, tmp_path, office, action, want[2])
    _compare(got, want)


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_untileable_part_is_outlined_in_red_alike(backend, office, tmp_path):
    """The two walled-off cells get a red line round them, and no red fill, in every back end."""
    sheets = CASES["polyomino-none"]()
    want = _run(_Openpyxl, sheets, tmp_path, None, "solve")
    assert want[2]["Walled"]["outline"] == dict.fromkeys(
        [((4, 1), "left"), ((4, 1), "top"), ((4, 1), "bottom"), ((4, 2), "top"), ((4, 2), "right"),
         ((4, 2), "bottom")], "FF0000")
    assert not any(info.fill == "FF0000" for info in want[1]["Walled"].cells.values())
    got = _run(MAKERS[backend], sheets, tmp_path, office, "solve", want[2])
    _compare(got, want)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("workbook", list(BUNDLED))
def test_bundled_workbooks_solve_alike(workbook, backend, office, tmp_path):
    sheets = _bundled(BUNDLED[workbook])
    want = _run(_Openpyxl, sheets, tmp_path, None, "solve")
    got = _run(MAKERS[backend], sheets, tmp_path, office, "solve", want[2])
    assert {status for _, status, _, _ in want[0]} >= ({"unique"} if "colour" in workbook else
                                                       {"unique", "multiple", "none"})
    _compare(got, want)


def test_calc_saves_what_it_painted(calc_office, tmp_path):
    """A workbook painted live in Calc and saved as .xlsx reads back the same through openpyxl."""
    sheets = {"Smile": laid_out(picture_nonogram(9, 11, _smile), "Smile")}
    book = calc_office.open(_openpyxl_file(sheets, tmp_path))
    run_book(book, "case", None, Options(), "solve")
    live = book.snapshot("Smile").cells
    book.save(tmp_path / "saved.xlsx")
    book.close()
    again = OpenpyxlWorkbook.open(tmp_path / "saved.xlsx").snapshot("Smile").cells
    assert again == live
