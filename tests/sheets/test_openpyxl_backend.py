"""The openpyxl back end: what it paints is read back with openpyxl itself,
saving is atomic, macros survive, and unreadable files are input errors."""

from __future__ import annotations

import gc
import hashlib
import os
import stat
import zipfile
from datetime import date
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from openpyxl.styles import Border, PatternFill, Side
from openpyxl.styles.colors import Color
from openpyxl.utils.indexed_list import IndexedList
from openpyxl.workbook.defined_name import DefinedName

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import CLEAR, WHITE, InputError, Paint, PaintPlan, Status, Style, Write
from xlsolver.core.paint import BLACK, GridLines, SquareCells, TextLook, group_by_style
from xlsolver.nonogram import BLOCK, UNKNOWN, Conflict, Line, Nonogram, NonogramResult, parse_grid
from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan, read_nonogram
from xlsolver.sheets.nonogram_layout import find_layout

# A 4 wide, 3 high picture made for these tests.
PICTURE = ["##.#", ".###", "#..."]
PUZZLE = Nonogram(((2, 1), (3,), (1,)), ((1, 1), (2,), (1,), (2,)))
SOLUTION = parse_grid(PICTURE)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fill_rgb(cell) -> str | None:
    return cell.fill.fgColor.rgb[-6:] if cell.fill.fill_type == "solid" else None


def has_hair_diagonals(cell) -> bool:
    b = cell.border
    return bool(b.diagonalUp and b.diagonalDown and b.diagonal.style == "hair"
                and b.diagonal.color.rgb[-6:] == "808080")


@pytest.fixture
def puzzle_book(tmp_path) -> Path:
    """A saved workbook holding PUZZLE, laid out but not solved."""
    book = OpenpyxlWorkbook.new()
    book.add_sheet("Pic")
    book.apply(import_plan(PUZZLE, "Pic", "Picture"))
    path = tmp_path / "pic.xlsx"
    book.save(path)
    return path


def solved(status=Status.UNIQUE, known=SOLUTION, conflict=None, message=""):
    return NonogramResult(status, (SOLUTION == BLOCK,), np.asarray(known, dtype=np.int8), message, conflict)


# --- painting, read back with openpyxl ---------------------------------------

def test_painted_solution_has_the_analyzer_colours(puzzle_book, tmp_path):
    book = OpenpyxlWorkbook.open(puzzle_book)
    layout = find_layout(book.snapshot("Pic"))
    book.apply(nonogram_plan(layout, solved(), "Pic"))
    out = tmp_path / "out.xlsx"
    book.save(out)
    ws = openpyxl.load_workbook(out)["Pic"]
    for (r, c), state in np.ndenumerate(SOLUTION):
        cell = ws.cell(*layout.cell(r, c))
        if state == BLOCK:
            assert fill_rgb(cell) == "808080" and not cell.border.diagonalUp
        else:
            assert fill_rgb(cell) == "FFFFFF" and has_hair_diagonals(cell)
    assert ws.cell(*layout.status_cell).value == "unique solution"


def test_contradiction_is_painted_red(puzzle_book, tmp_path):
    book = OpenpyxlWorkbook.open(puzzle_book)
    layout = find_layout(book.snapshot("Pic"))
    conflict = Conflict(lines=(Line("row", 0),), cells=((2, 3),))
    book.apply(nonogram_plan(layout, solved(Status.NONE, np.full((3, 4), UNKNOWN), conflict), "Pic"))
    book.save(tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "out.xlsx")["Pic"]
    red = {(c.row, c.column) for row in ws.iter_rows() for c in row if fill_rgb(c) == "FF0000"}
    assert red == set(layout.row_hints[0]) | {layout.cell(2, 3)}


def test_clear_removes_fill_and_diagonals_but_keeps_other_borders(tmp_path):
    book = OpenpyxlWorkbook.new()
    book.add_sheet("S")
    thick = Side(style="thick", color="FF000000")
    book.api["S"]["B2"].border = Border(left=thick, top=thick)
    book.apply(PaintPlan("S", (Paint(WHITE, ((2, 2),)),)))
    assert has_hair_diagonals(book.api["S"]["B2"]) and book.api["S"]["B2"].border.left.style == "thick"
    book.apply(PaintPlan("S", (Paint(CLEAR, ((2, 2),)),)))
    book.save(tmp_path / "c.xlsx")
    cell = openpyxl.load_workbook(tmp_path / "c.xlsx")["S"]["B2"]
    assert cell.fill.fill_type is None
    assert not cell.border.diagonalUp and not cell.border.diagonalDown and cell.border.diagonal.style is None
    assert cell.border.left.style == "thick" and cell.border.top.style == "thick"


def test_font_colour_writes_and_square_cells(tmp_path):
    book = OpenpyxlWorkbook.new()
    book.add_sheet("S")
    book.apply(PaintPlan("S", (Paint(Style(font_colour="0000FF"), ((1, 1),)), Write((1, 1), "hi"),
                               Write((1, 2), 3), SquareCells(2, 2, 4, 3, size=15))))
    book.save(tmp_path / "f.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "f.xlsx")["S"]
    assert ws["A1"].value == "hi" and ws["A1"].font.color.rgb[-6:] == "0000FF" and ws["B1"].value == 3
    assert [ws.row_dimensions[r].height for r in (2, 3, 4)] == [15, 15, 15]
    widths = [ws.column_dimensions[c].width for c in "BC"]
    assert widths[0] == widths[1] and 2 < widths[0] < 2.3  # 20 pixels, as tall as 15 points
    assert ws.column_dimensions["D"].width != widths[0]


def test_painted_workbook_reads_back_as_the_solution(puzzle_book, tmp_path):
    """Through a real file: paint, save, open, and the paint reads back as givens."""
    book = OpenpyxlWorkbook.open(puzzle_book)
    layout = find_layout(book.snapshot("Pic"))
    book.apply(nonogram_plan(layout, solved(), "Pic"))
    book.save(tmp_path / "again.xlsx")
    _, puzzle, givens = read_nonogram(OpenpyxlWorkbook.open(tmp_path / "again.xlsx").snapshot("Pic"))
    assert puzzle == PUZZLE and (givens == SOLUTION).all()


# --- snapshots --------------------------------------------------------------

def test_snapshot_reads_values_and_plain_rgb(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "S"
    ws["A1"], ws["A2"], ws["A3"], ws["A4"] = 3, 3.0, "3 1", date(2024, 1, 2)
    cases = {
        "B1": Color(rgb="FF808080"),  # ARGB string
        "B2": Color(rgb="00000000"),
        "B3": Color(indexed=23),  # ColorIndex 16 in VBA
        "B4": Color(indexed=9),  # ColorIndex 2
        "B5": Color(indexed=10),  # ColorIndex 3
        "B6": Color(theme=1),  # dark 1 of the default theme: black
        "B7": Color(theme=0),  # light 1: white
        "B8": Color(theme=1, tint=0.5),  # black, lighter 50%
    }
    for ref, color in cases.items():
        ws[ref].fill = PatternFill(fill_type="solid", fgColor=color)
    ws["C1"].fill = PatternFill(fill_type="gray125")  # a pattern is not a solid fill
    wb.save(tmp_path / "s.xlsx")
    snap = OpenpyxlWorkbook.open(tmp_path / "s.xlsx").snapshot("S")
    assert [snap.value(r, 1) for r in range(1, 5)] == [3, 3.0, "3 1", "2024-01-02T00:00:00"]
    fills = [snap.get(r, 2).fill for r in range(1, 9)]
    assert fills == ["808080", "000000", "808080", "FFFFFF", "FF0000", "000000", "FFFFFF", "808080"]
    assert (1, 3) not in snap.cells


def test_snapshot_diagonals_need_both_directions_and_a_style(tmp_path):
    wb = openpyxl.Workbook()
    ws = wb.active
    hair = Side(style="hair")
    ws["A1"].border = Border(diagonal=hair, diagonalUp=True, diagonalDown=True)
    ws["A2"].border = Border(diagonal=hair, diagonalUp=True)
    ws["A3"].border = Border(diagonal=Side(), diagonalUp=True, diagonalDown=True)
    ws["A4"].border = Border(diagonal=Side(style="thin"), diagonalUp=True, diagonalDown=True)
    wb.save(tmp_path / "d.xlsx")
    snap = OpenpyxlWorkbook.open(tmp_path / "d.xlsx").snapshot(ws.title)
    assert [snap.get(r, 1).diagonals for r in range(1, 5)] == [True, False, False, True]


def test_snapshot_defined_names_pointing_into_the_sheet(tmp_path):
    wb = openpyxl.Workbook()
    wb.active.title = "Nono"
    other = wb.create_sheet("Other")
    wb.defined_names["PuzzleGrid"] = DefinedName("PuzzleGrid", attr_text="Nono!$C$5:$L$14")
    wb.defined_names["Elsewhere"] = DefinedName("Elsewhere", attr_text="Other!$A$1:$B$2")
    wb.defined_names["Answer"] = DefinedName("Answer", attr_text="42")
    wb["Nono"].defined_names["local_grid"] = DefinedName("local_grid", attr_text="'Nono'!$B$2:$D$4")
    other.defined_names["other_grid"] = DefinedName("other_grid", attr_text="'Other'!$B$2:$D$4")
    wb.save(tmp_path / "n.xlsx")
    book = OpenpyxlWorkbook.open(tmp_path / "n.xlsx")
    assert dict(book.snapshot("Nono").names) == {"PuzzleGrid": (5, 3, 14, 12), "local_grid": (2, 2, 4, 4)}
    assert dict(book.snapshot("Other").names) == {"Elsewhere": (1, 1, 2, 2), "other_grid": (2, 2, 4, 4)}


# --- saving -----------------------------------------------------------------

def test_save_elsewhere_leaves_the_input_unchanged(puzzle_book, tmp_path):
    before = digest(puzzle_book)
    book = OpenpyxlWorkbook.open(puzzle_book)
    book.apply(nonogram_plan(find_layout(book.snapshot("Pic")), solved(), "Pic"))
    book.save(tmp_path / "solved.xlsx")
    assert digest(puzzle_book) == before
    assert digest(tmp_path / "solved.xlsx") != before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pic.xlsx", "solved.xlsx"]  # no temporary left


def test_save_in_place_replaces_the_file_and_keeps_its_mode(puzzle_book):
    os.chmod(puzzle_book, 0o640)
    before = digest(puzzle_book)
    book = OpenpyxlWorkbook.open(puzzle_book)
    book.apply(PaintPlan("Pic", (Write((1, 1), "changed"),)))
    book.save(puzzle_book)
    assert digest(puzzle_book) != before
    assert stat.S_IMODE(puzzle_book.stat().st_mode) == 0o640
    assert openpyxl.load_workbook(puzzle_book)["Pic"]["A1"].value == "changed"


def test_a_failed_save_leaves_the_target_and_no_temporary(puzzle_book, monkeypatch):
    before = digest(puzzle_book)
    book = OpenpyxlWorkbook.open(puzzle_book)

    def half_written(path):
        Path(path).write_bytes(b"PK half a zip")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(book.api, "save", half_written)
    with pytest.raises(InputError) as info:
        book.save(puzzle_book)
    assert "No space left on device" in str(info.value) and str(puzzle_book) in str(info.value)
    assert digest(puzzle_book) == before
    assert [p.name for p in puzzle_book.parent.iterdir()] == ["pic.xlsx"]


def test_new_workbook_has_no_sheets_until_one_is_added(tmp_path):
    book = OpenpyxlWorkbook.new()
    assert book.sheet_names() == []
    with pytest.raises(ValueError):
        book.save(tmp_path / "empty.xlsx")
    book.add_sheet("A")
    book.add_sheet("B")
    book.add_sheet("A")  # already there: kept, not duplicated
    assert book.sheet_names() == ["A", "B"]


def make_xlsm(tmp_path: Path) -> Path:
    """An .xlsm with a (fake) VBA project: an openpyxl file plus xl/vbaProject.bin."""
    plain = tmp_path / "plain.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Pic"
    wb.save(plain)
    path = tmp_path / "macro.xlsm"
    with zipfile.ZipFile(plain) as src, zipfile.ZipFile(path, "w") as dst:
        for item in src.infolist():
            data = src.read(item)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
                                    b"application/vnd.ms-excel.sheet.macroEnabled.main+xml").replace(
                    b"<Default ", b'<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>'
                               b"<Default ", 1)
            dst.writestr(item, data)
        dst.writestr("xl/vbaProject.bin", b"VBA project bytes")
    return path


def test_xlsm_keeps_its_macros(tmp_path):
    path = make_xlsm(tmp_path)
    book = OpenpyxlWorkbook.open(path)
    book.apply(import_plan(PUZZLE, "Pic", "Picture"))
    out = tmp_path / "macro.solved.xlsm"
    book.save(out)
    with zipfile.ZipFile(out) as z:
        assert z.read("xl/vbaProject.bin") == b"VBA project bytes"
        assert b"macroEnabled" in z.read("[Content_Types].xml")
    assert read_nonogram(OpenpyxlWorkbook.open(out).snapshot("Pic"))[1] == PUZZLE


def test_xlsm_cannot_be_saved_as_xlsx(tmp_path):
    book = OpenpyxlWorkbook.open(make_xlsm(tmp_path))
    with pytest.raises(InputError, match="macros"):
        book.save(tmp_path / "lost.xlsx")


# --- unreadable files -------------------------------------------------------

@pytest.mark.parametrize("name, content, words", [
    ("missing.xlsx", None, "no such file"),
    ("text.xlsx", b"just some text", "not an Excel workbook"),
    ("old.xls", b"\xd0\xcf\x11\xe0 old binary", ".xls format cannot be read"),
    ("table.csv", b"a,b\n1,2\n", "not an Excel workbook"),
    ("empty.xlsm", b"", "not an Excel workbook"),
])
def test_files_that_are_not_workbooks_are_input_errors(tmp_path, name, content, words):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(InputError) as info:
        OpenpyxlWorkbook.open(path)
    message = str(info.value)
    assert message.startswith(f"{path}: ") and words in message
    assert "\n" not in message and "Traceback" not in message


def test_a_folder_is_not_a_workbook(tmp_path):
    with pytest.raises(InputError, match="folder"):
        OpenpyxlWorkbook.open(tmp_path)


def test_grid_lines_survive_painting(tmp_path):
    """An imported grid has thin lines and a medium edge; painting a cell white
    adds the diagonals and keeps the lines."""
    book = OpenpyxlWorkbook.new()
    book.add_sheet("G")
    book.apply(PaintPlan("G", (GridLines(2, 2, 7, 8),)))
    book.apply(PaintPlan("G", (Paint(WHITE, ((3, 3),)),)))
    path = tmp_path / "g.xlsx"
    book.save(path)
    ws = openpyxl.load_workbook(path)["G"]
    inner = ws.cell(3, 3).border
    assert (inner.left.style, inner.top.style) == ("thin", "thin")
    assert has_hair_diagonals(ws.cell(3, 3))
    assert ws.cell(2, 2).border.left.style == "medium" and ws.cell(2, 2).border.top.style == "medium"
    assert ws.cell(7, 8).border.right.style == "medium" and ws.cell(7, 8).border.bottom.style == "medium"
    assert ws.cell(3, 7).border.left.style == "medium"  # every fifth column from the left edge
    assert ws.cell(1, 1).border.left.style is None  # outside the box: untouched


def test_finishing_a_package_keeps_the_defined_names_it_had(tmp_path):
    """The sheet-scoped names, the Action list: added beside every name the workbook had."""
    from openpyxl.workbook.defined_name import DefinedName

    from xlsolver.backends.xlsm import finish_package

    book = OpenpyxlWorkbook.new()
    book.add_sheet("Puzzle")
    book.apply(PaintPlan("Puzzle", (Write((1, 1), "x"),)))
    book.api.defined_names["Keep"] = DefinedName("Keep", attr_text="'Puzzle'!$B$2:$C$3")
    book.api["Puzzle"].defined_names["Stop"] = DefinedName("Stop", attr_text="'Puzzle'!$Z$9")
    path = tmp_path / "book.xlsx"
    book.save(path)
    finish_package(path, {"Action": "'Puzzle'!$S$1", "Stop": "'Puzzle'!$S$3"},
                   ("S1", ["solve", "clear"], "Action", "What Run does"))
    again = OpenpyxlWorkbook.open(path)
    assert again.snapshot("Puzzle").names == {"Keep": (2, 2, 3, 3), "Action": (1, 19, 1, 19), "Stop": (3, 19, 3, 19)}
    validation = again.api["Puzzle"].data_validations.dataValidation
    assert [(v.type, v.formula1, str(v.sqref)) for v in validation] == [("list", '"solve,clear"', "S1")]


def test_painting_builds_each_look_once_not_once_a_cell(monkeypatch):
    """Painting a grid looks its styles up in the workbook's tables a bounded
    number of times, however many cells it paints: the style objects are shared."""
    picture = np.random.default_rng(7).random((40, 60)) < 0.5
    book = OpenpyxlWorkbook.new()
    book.add_sheet("Big")
    book.apply(PaintPlan("Big", (GridLines(1, 1, 40, 60),)))
    lookups = []
    add = IndexedList.add
    monkeypatch.setattr(IndexedList, "add", lambda self, value: lookups.append(value) or add(self, value))
    styled = {(r + 1, c + 1): (BLACK if black else WHITE) for (r, c), black in np.ndenumerate(picture)}
    book.apply(PaintPlan("Big", group_by_style(styled) + (TextLook(1, 1, 40, 60, size=8),)))
    # 2400 cells: two fills, each kind of grid-line border (at most 16) with or without
    # diagonals, one font and one alignment
    assert len(lookups) < 60
    cell = book.api["Big"].cell(1, 1)
    assert has_hair_diagonals(cell) != bool(picture[0, 0]) and cell.font.sz == 8 and cell.border.left.style == "medium"


@pytest.mark.parametrize("enabled", [True, False])
def test_opening_and_saving_leave_the_garbage_collector_as_it_was(puzzle_book, tmp_path, enabled):
    """The collector is held off while openpyxl reads or writes, and left as it was found."""
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        book = OpenpyxlWorkbook.open(puzzle_book)
        assert gc.isenabled() == enabled
        book.save(tmp_path / "again.xlsx")
        assert gc.isenabled() == enabled
        with pytest.raises(InputError):
            OpenpyxlWorkbook.open(tmp_path / "missing.xlsx")
        (tmp_path / "bad.xlsx").write_bytes(b"not a zip")
        with pytest.raises(InputError):
            OpenpyxlWorkbook.open(tmp_path / "bad.xlsx")
        assert gc.isenabled() == enabled
    finally:
        gc.enable() if was else gc.disable()
