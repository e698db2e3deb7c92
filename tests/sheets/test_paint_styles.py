"""What the openpyxl back end paints, cell by cell, pinned.

Plans covering every operation of :mod:`xlsolver.core.paint` (black, white
with diagonals, red, clear, fonts, values, grid lines, square cells, text
looks, print setup, column widths), applied over cells that already carry a
look of their own, are saved and read back with openpyxl; every cell's fill,
borders, font and alignment, the sizes and the print setup must equal the
expectation below. It was written down from the back end as it was before
painting was made fast, so the speed-up keeps every cell looking the same.
"""

from __future__ import annotations

import hashlib
import json

import numpy as np
import openpyxl
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Status
from xlsolver.core.protocol import CellInfo
from xlsolver.core.paint import (
    BLACK,
    CLEAR,
    RED,
    WHITE,
    ColumnWidths,
    GridLines,
    Paint,
    PaintPlan,
    PrintSetup,
    SquareCells,
    Style,
    TextLook,
    Write,
)
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Conflict, Line, NonogramResult
from xlsolver.nonogram.picture import Drawing
from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan
from xlsolver.sheets.nonogram_layout import find_layout

BLUE_TEXT = Style(font_colour="0000FF")
GREEN_CROSSED = Style(fill="00FF00", diagonals=True, font_colour="FF00FF")

# Applied in turn to a sheet whose B2 has a thick black left and top border,
# C3 an italic 9-point font in green and D4 a pattern fill and right alignment.
PLANS = (
    PaintPlan("S", (
        GridLines(2, 2, 4, 8, every=3),
        SquareCells(2, 2, 4, 8, size=18),
        TextLook(1, 1, 1, 3, size=14, bold=True),
        TextLook(3, 3, 4, 4, size=None, bold=False, centred=False),
        Paint(BLACK, ((2, 2), (2, 3))),
        Paint(WHITE, ((3, 2), (3, 3), (4, 8))),
        Paint(RED, ((4, 2),)),
        Paint(BLUE_TEXT, ((1, 1), (3, 3))),
        Paint(GREEN_CROSSED, ((4, 4), (5, 5))),
        Write((1, 1), "title"), Write((1, 2), 7), Write((1, 3), 2.5), Write((2, 2), None),
        PrintSetup(1, 1, 5, 8, landscape=True),
        ColumnWidths.of({"J": 28, 11: 6.5}),
    )),
    PaintPlan("S", (
        Paint(CLEAR, ((3, 2), (4, 2), (5, 5))),
        TextLook(1, 1, 1, 1, size=10, bold=False),
        Paint(WHITE, ((2, 3),)),
        Write((1, 2), None),
    )),
    PaintPlan("T", (
        Paint(BLACK, ((1, 1),)),
        PrintSetup(1, 1, 2, 2),
        SquareCells(1, 1, 2, 1, size=12),
    )),
)


def _side(side: Side | None) -> str:
    if side is None or side.style is None:
        return "-"
    return f"{side.style}:{_colour(side.color)}"


def _colour(color) -> str:
    if color is None:
        return "auto"
    if color.type == "rgb":
        return color.rgb
    return f"{color.type}:{color.value}:{color.tint}"


def look(cell) -> str:
    """One cell's whole look (and value) as a line of text."""
    fill, border, font, align = cell.fill, cell.border, cell.font, cell.alignment
    return " ".join([
        f"value={cell.value!r}",
        f"fill={fill.fill_type}:{_colour(fill.fgColor)}:{_colour(fill.bgColor)}",
        f"border={_side(border.left)},{_side(border.right)},{_side(border.top)},{_side(border.bottom)}",
        f"diagonal={_side(border.diagonal)}:{border.diagonalUp}:{border.diagonalDown}:{border.outline}",
        f"font={font.name}:{font.sz}:{font.b}:{font.i}:{_colour(font.color)}",
        f"align={align.horizontal}:{align.vertical}",
    ])


def sheet_look(ws) -> dict:
    cells = {c.coordinate: look(c) for row in ws.iter_rows() for c in row if c.has_style or c.value is not None}
    return {
        "cells": cells,
        "widths": {k: d.width for k, d in sorted(ws.column_dimensions.items()) if d.customWidth},
        "heights": {k: d.height for k, d in sorted(ws.row_dimensions.items()) if d.height is not None},
        "print": (ws.print_area, ws.page_setup.orientation, ws.page_setup.fitToWidth, ws.page_setup.fitToHeight,
                  ws.sheet_properties.pageSetUpPr.fitToPage if ws.sheet_properties.pageSetUpPr else None,
                  ws.print_options.horizontalCentered),
    }


def painted(tmp_path) -> tuple[dict, dict]:
    """The looks of the painted sheets in memory and as read back from the saved file."""
    book = OpenpyxlWorkbook.new()
    book.add_sheet("S")
    ws = book.api["S"]
    thick = Side(style="thick", color="FF000000")
    ws["B2"].border = Border(left=thick, top=thick)
    ws["C3"].font = Font(italic=True, size=9, color="FF00B050")
    ws["D4"].fill = PatternFill(fill_type="darkGrid", fgColor="FF123456", bgColor="FF654321")
    ws["D4"].alignment = Alignment(horizontal="right")
    for plan in PLANS:
        book.apply(plan)
    path = tmp_path / "look.xlsx"
    book.save(path)
    again = openpyxl.load_workbook(path)
    return ({name: sheet_look(book.api[name]) for name in book.sheet_names()},
            {name: sheet_look(again[name]) for name in again.sheetnames})


NONE = "fill=None:00000000:00000000"
THIN = "thin:FFA0A0A0"
MED = "medium:FF404040"
HAIR = "hair:FF808080"
CALIBRI = "Calibri:11.0:False:False:theme:1:0.0"
PLAIN = "align=None:None"
CENTRED = "align=center:center"
NO_DIAGONAL = "diagonal=-:False:False:True"
CROSSED = f"diagonal={HAIR}:True:True:True"

EXPECTED = {
    "S": {
        "cells": {
            "A1": f"value='title' {NONE} border=-,-,-,- {NO_DIAGONAL}"
                  f" font=Calibri:10.0:False:False:FF0000FF {CENTRED}",
            "B1": f"value=None {NONE} border=-,-,-,- {NO_DIAGONAL}"
                  f" font=Calibri:14.0:True:False:theme:1:0.0 {CENTRED}",
            "C1": f"value=2.5 {NONE} border=-,-,-,- {NO_DIAGONAL} font=Calibri:14.0:True:False:theme:1:0.0 {CENTRED}",
            "B2": f"value=None fill=solid:FF808080:00000000 border={MED},{THIN},{MED},{THIN} {NO_DIAGONAL}"
                  f" font={CALIBRI} {PLAIN}",
            "C2": f"value=None fill=solid:FFFFFFFF:00000000 border={THIN},{THIN},{MED},{THIN} {CROSSED}"
                  f" font={CALIBRI} {PLAIN}",
            "D2": f"value=None {NONE} border={THIN},{MED},{MED},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "E2": f"value=None {NONE} border={MED},{THIN},{MED},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "F2": f"value=None {NONE} border={THIN},{THIN},{MED},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "G2": f"value=None {NONE} border={THIN},{MED},{MED},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "H2": f"value=None {NONE} border={MED},{MED},{MED},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "B3": f"value=None {NONE} border={MED},{THIN},{THIN},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "C3": f"value=None {NONE} border={THIN},{THIN},{THIN},{THIN} {NO_DIAGONAL}"
                  f" font=None:9.0:False:True:FF0000FF {PLAIN}",
            "D3": f"value=None {NONE} border={THIN},{MED},{THIN},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "E3": f"value=None {NONE} border={MED},{THIN},{THIN},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "F3": f"value=None {NONE} border={THIN},{THIN},{THIN},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "G3": f"value=None {NONE} border={THIN},{MED},{THIN},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "H3": f"value=None {NONE} border={MED},{MED},{THIN},{THIN} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "B4": f"value=None {NONE} border={MED},{THIN},{THIN},{MED} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "C4": f"value=None {NONE} border={THIN},{THIN},{THIN},{MED} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "D4": f"value=None fill=solid:FF00FF00:00000000 border={THIN},{MED},{THIN},{MED} {CROSSED}"
                  f" font=Calibri:11.0:False:False:FFFF00FF align=right:None",
            "E4": f"value=None {NONE} border={MED},{THIN},{THIN},{MED} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "F4": f"value=None {NONE} border={THIN},{THIN},{THIN},{MED} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "G4": f"value=None {NONE} border={THIN},{MED},{THIN},{MED} {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
            "H4": f"value=None fill=solid:FFFFFFFF:00000000 border={MED},{MED},{THIN},{MED} {CROSSED}"
                  f" font={CALIBRI} {PLAIN}",
            "E5": f"value=None {NONE} border=-,-,-,- {NO_DIAGONAL} font=Calibri:11.0:False:False:FFFF00FF {PLAIN}",
        },
        "widths": {'B': 2.71, 'C': 2.71, 'D': 2.71, 'E': 2.71, 'F': 2.71, 'G': 2.71, 'H': 2.71, 'J': 28.0, 'K': 6.5},
        "heights": {2: 18.0, 3: 18.0, 4: 18.0},
        "print": ("'S'!$A$1:$H$5", 'landscape', 1, 1, True, True),
    },
    "T": {
        "cells": {
            "A1": f"value=None fill=solid:FF808080:00000000 border=-,-,-,- {NO_DIAGONAL} font={CALIBRI} {PLAIN}",
        },
        "widths": {'A': 1.57},
        "heights": {1: 12.0, 2: 12.0},
        "print": ("'T'!$A$1:$B$2", 'portrait', 1, 1, True, True),
    },
}


def test_every_operation_paints_the_pinned_look(tmp_path):
    in_memory, got = painted(tmp_path)
    assert in_memory == got
    assert list(got) == list(EXPECTED)
    for name, want in EXPECTED.items():
        assert got[name]["cells"] == want["cells"], name
        assert got[name]["widths"] == want["widths"], name
        assert got[name]["heights"] == want["heights"], name
        assert got[name]["print"] == want["print"], name


# --- a laid-out and solved nonogram, pinned by a digest of its look ----------

def nonogram_look(tmp_path) -> dict:
    """A 12 x 17 random picture laid out, painted solved, then painted again with
    a third of its cells unknown and one clashing line red, read back."""
    picture = np.random.default_rng(16).random((12, 17)) < 0.55
    puzzle = Drawing.from_bool(picture).puzzle()
    known = np.where(picture, BLOCK, DOT).astype(np.int8)
    book = OpenpyxlWorkbook.new()
    book.add_sheet("N")
    book.apply(import_plan(puzzle, "N", "Pinned"))
    layout = find_layout(book.snapshot("N"))
    book.apply(nonogram_plan(layout, NonogramResult(Status.UNIQUE, (picture,), known, ""), "N"))
    partly = np.where(np.arange(known.size).reshape(known.shape) % 3 == 0, UNKNOWN, known).astype(np.int8)
    clash = NonogramResult(Status.NONE, (), partly, "", Conflict((Line("row", 2),), ((4, 5),)))
    book.apply(nonogram_plan(layout, clash, "N"))
    path = tmp_path / "nonogram.xlsx"
    book.save(path)
    return sheet_look(openpyxl.load_workbook(path)["N"])


# Written down from the back end before painting was made fast: the title, the
# status sentence and the hints are the cells outside the grid.
PINNED_HINT_CELLS = 118
PINNED_NONOGRAM = "e046497e78132dbd9e88eb02fcfc60eb45f2515e58bfb5bd5d93acf5d5449e87"


def digest(look: dict) -> str:
    return hashlib.sha256(json.dumps(look, sort_keys=True, default=str).encode()).hexdigest()


def test_a_painted_nonogram_keeps_its_pinned_look(tmp_path):
    look = nonogram_look(tmp_path)
    assert len(look["cells"]) == 12 * 17 + PINNED_HINT_CELLS
    # The page setup came later (a painted sheet prints whole on one page): it is
    # checked on its own, so the digest still pins the cells as they were pinned.
    printed = look.pop("print")
    assert printed[0] and printed[2:] == (1, 1, True, True)
    assert digest({**look, "print": ("", None, None, None, None, None)}) == PINNED_NONOGRAM


# --- reading back: the snapshot against a plain cell-by-cell reading -----------

def plain_snapshot(ws) -> dict:
    """Every non-blank cell as openpyxl's cell attributes show it, visited one by one."""
    cells = {}
    for row in ws.iter_rows():
        for cell in row:
            fill = cell.fill.fgColor.rgb[-6:] if cell.fill.fill_type == "solid" else None
            border = cell.border
            crossed = bool(border.diagonalUp and border.diagonalDown and border.diagonal is not None
                           and border.diagonal.style)
            info = CellInfo(cell.value, fill, crossed)
            if not info.blank:
                cells[(cell.row, cell.column)] = info
    return cells


def test_the_snapshot_reads_what_each_cell_shows(tmp_path):
    nonogram_look(tmp_path)
    book = OpenpyxlWorkbook.open(tmp_path / "nonogram.xlsx")
    book.apply(PLANS[0])
    snap = book.snapshot("N"), book.snapshot("S")
    again = OpenpyxlWorkbook.open(tmp_path / "nonogram.xlsx")
    again.apply(PLANS[0])
    for got, ws in zip(snap, (again.api["N"], again.api["S"])):
        assert list(got.cells.items()) == list(plain_snapshot(ws).items())  # the same cells, in the same order
    assert sum(info.diagonals for info in snap[0].cells.values()) > 50
