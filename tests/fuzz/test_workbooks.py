"""Hostile and malformed workbooks: none makes xlsolver crash, hang or grow without bound.

Each case goes through the command line: in this process (``xlsolver.cli.main``)
when it is cheap whatever happens, or in a child process with its address space
capped and a time limit when it was built to blow up (a defined name over the
whole sheet once grew a process to 24 GB). Every case must end with exit status
0, 1 or 2, no traceback, every error as one line on stderr that names the file,
or the sheet and cell, and the input file byte-identical afterwards.

The cases: truncated and bit-flipped copies of a workbook (Hypothesis picks the
cut and the bytes), files that are no zip or no workbook, zip bombs (a part
packed a thousand times, a directory declaring huge sizes, entries sharing one
packed run, too many entries, a long archive comment), areas without bound
(a defined name to XFD1048576, a value at XFD1048576, numbers at two far
corners, a data sheet of 3,000 rows, a board titled 100000x100000, a sheet
holding more cells than the limit), and single cells of every awkward kind in
hint cells, the grid and far away: superscript and other non-ASCII digits, a
5000-digit number as text and as a number, formulas, error values, booleans,
dates, merged cells, escape sequences.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import resource
import struct
import subprocess
import sys
import tempfile
import time
import zipfile
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.formula import ArrayFormula

from xlsolver.cli import main
from xlsolver.core.limits import Limits
from xlsolver.jobs import Options, run_paths

ROOT = Path(__file__).resolve().parents[2]
MEMORY_CAP = 1536 * 1024 * 1024  # bytes of address space a child may take (a normal solve needs under 1 GB)
CHILD_SECONDS = 60  # a child that runs longer is a hang
CASE_SECONDS = 15  # an in-process case that runs longer grows without bound

# The arrow of tests/test_cli.py: 6 wide, 4 high, one solution.
ARROW = ["...##.", "######", "######", "...##."]
ROW_CLUES = [2, 6, 6, 2]
COL_CLUES = [2, 2, 2, 4, 4, 2]
LINE = re.compile(r"^xlsolver: ")
PLACE = re.compile(r"^xlsolver: (?P<sheet>[^!:]+)!(?P<cell>\$?[A-Z]{1,3}\$?[0-9]+)(:[A-Z0-9$]+)?: ")


# --- building workbooks ---------------------------------------------------------------

def lay_arrow(ws, top: int = 2, left: int = 2) -> None:
    """The arrow in the analyzer's layout: column clues in the row above the grid,
    row clues in the column left of it, the grid (empty) from (top, left)."""
    for j, n in enumerate(COL_CLUES):
        ws.cell(top - 1, left + j).value = n
    for i, n in enumerate(ROW_CLUES):
        ws.cell(top + i, left - 1).value = n


def arrow_book(path: Path, sheets=("Arrow",)) -> Path:
    wb = openpyxl.Workbook()
    wb.active.title = sheets[0]
    lay_arrow(wb.active)
    for name in sheets[1:]:
        lay_arrow(wb.create_sheet(name))
    wb.save(path)
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def rewrite_part(path: Path, part: str, change) -> None:
    """Rewrite one part of a zip archive through ``change(bytes) -> bytes``."""
    with zipfile.ZipFile(path) as src:
        items = [(info, src.read(info)) for info in src.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info, data in items:
            dst.writestr(info, change(data) if info.filename == part else data)


# --- running ---------------------------------------------------------------------------

def run_main(capsys, *args) -> tuple[int, str, str, float]:
    started = time.perf_counter()
    code = main([str(a) for a in args])
    seconds = time.perf_counter() - started
    out, err = capsys.readouterr()
    return code, out, err, seconds


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def run_child(*args, cwd: Path | None = None) -> tuple[int, str, str, float]:
    """``python -m xlsolver ARGS`` with its address space capped; a hang fails the test."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    started = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "xlsolver", *map(str, args)], capture_output=True, text=True,
                              timeout=CHILD_SECONDS, preexec_fn=_capped, env=env, cwd=cwd)
    except subprocess.TimeoutExpired:
        pytest.fail(f"xlsolver {' '.join(map(str, args))} ran over {CHILD_SECONDS} s")
    return done.returncode, done.stdout, done.stderr, time.perf_counter() - started


def assert_clean(code: int, out: str, err: str, seconds: float = 0.0) -> list[str]:
    """Exit 0, 1 or 2; no traceback; every stderr line one ``xlsolver: ...`` line; in time.
    Returns the error lines."""
    assert code in (0, 1, 2), (code, out, err)
    assert "Traceback" not in out + err, err
    assert "MemoryError" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert all(LINE.match(line) for line in lines), err
    assert seconds < CASE_SECONDS, f"{seconds:.1f} s"
    return lines


# --- archives that are broken ----------------------------------------------------------

@functools.cache
def arrow_bytes() -> bytes:
    """The bytes of the arrow's workbook, made once."""
    with tempfile.TemporaryDirectory() as folder:
        return arrow_book(Path(folder) / "arrow.xlsx").read_bytes()


@settings(derandomize=True, max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.floats(0.0, 0.999))
def test_a_truncated_workbook_is_one_line_naming_it(capsys, tmp_path, cut):
    path = tmp_path / "cut.xlsx"
    path.write_bytes(arrow_bytes()[:int(len(arrow_bytes()) * cut)])
    before = digest(path)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err, seconds)
    assert code == 2 and len(lines) == 1 and str(path) in lines[0], err
    assert digest(path) == before


@settings(derandomize=True, max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(flips=st.lists(st.tuples(st.floats(0.0, 0.999), st.integers(1, 255)), min_size=1, max_size=4))
def test_flipped_bytes_never_break_through(capsys, tmp_path, flips):
    """Bytes changed anywhere (headers, packed data, names, sizes): a verdict, or one
    line naming the file, or a sheet's cell."""
    data = bytearray(arrow_bytes())
    for where, mask in flips:
        data[int(len(data) * where)] ^= mask
    path = tmp_path / "flipped.xlsx"
    path.write_bytes(bytes(data))
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    for line in assert_clean(code, out, err, seconds):
        assert path.name in line or PLACE.match(line), line
    assert path.read_bytes() == bytes(data)


NOT_WORKBOOKS = {
    "empty": b"",
    "text": b"hello, this is no workbook\n" * 20,
    "png": b"\x89PNG\r\n\x1a\n" + b"\x00" * 64,
    "ole": bytes.fromhex("D0CF11E0A1B11AE1") + b"\x00" * 504,  # a password-protected .xlsx, an old .xls
    "zip of nothing": b"PK\x05\x06" + b"\x00" * 18,
}


@pytest.mark.parametrize("kind", sorted(NOT_WORKBOOKS))
def test_a_file_that_is_no_workbook_is_one_line(capsys, tmp_path, kind):
    path = tmp_path / "book.xlsx"
    path.write_bytes(NOT_WORKBOOKS[kind])
    code, out, err, seconds = run_main(capsys, "solve", path)
    lines = assert_clean(code, out, err, seconds)
    assert code == 2 and len(lines) == 1 and str(path) in lines[0], err
    if kind == "ole":
        assert "password" in lines[0]


def test_a_folder_a_pipe_and_a_device_named_xlsx_are_refused(tmp_path):
    (tmp_path / "folder.xlsx").mkdir()
    os.mkfifo(tmp_path / "pipe.xlsx")  # opening it to read would wait for a writer forever
    (tmp_path / "zero.xlsx").symlink_to("/dev/zero")  # reading it would never end
    (tmp_path / "out").mkdir()
    code, out, err, _ = run_child("solve", tmp_path / "folder.xlsx", tmp_path / "pipe.xlsx", tmp_path / "zero.xlsx",
                                  "-o", tmp_path / "out")
    lines = assert_clean(code, out, err)
    assert code == 2 and len(lines) == 3, err
    for name, line in zip(("folder.xlsx", "pipe.xlsx", "zero.xlsx"), lines):
        assert name in line, err


# --- zip bombs -------------------------------------------------------------------------

def _declare_size(path: Path, part: str, size: int) -> None:
    """Make the central directory declare ``size`` unpacked bytes for ``part`` (a lie)."""
    data = bytearray(path.read_bytes())
    name = part.encode()
    at = data.rfind(b"PK\x01\x02" + b"", 0)
    while at >= 0:
        name_length = struct.unpack_from("<H", data, at + 28)[0]
        if data[at + 46:at + 46 + name_length] == name:
            struct.pack_into("<L", data, at + 24, size)
            path.write_bytes(bytes(data))
            return
        at = data.rfind(b"PK\x01\x02", 0, at)
    raise AssertionError(f"{part} not in the directory")


def _shared_entries(path: Path, copies: int) -> None:
    """A part of a million zero bytes (packed to about a kilobyte), then ``copies``
    directory entries that all point at its packed data: a bomb of overlapping files,
    each entry declaring the whole million."""
    with zipfile.ZipFile(path, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/kernel.bin", bytes(1_000_000))
    data = path.read_bytes()
    end = data.rfind(b"PK\x05\x06")
    entries, size, offset = struct.unpack_from("<HLL", data, end + 10)
    directory = data[offset:offset + size]
    at = directory.rfind(b"PK\x01\x02")  # the kernel's entry, written last
    kernel = directory[at:at + 46]
    added = b""
    for k in range(copies):
        name = f"copy{k:05d}.bin".encode()
        header = bytearray(kernel)
        struct.pack_into("<HHH", header, 28, len(name), 0, 0)
        added += bytes(header) + name
    new_directory = directory + added
    tail = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, entries + copies, entries + copies,
                       len(new_directory), offset, 0)
    path.write_bytes(data[:offset] + new_directory + tail)


def _many_entries(path: Path, count: int) -> None:
    with zipfile.ZipFile(path, "a") as archive:
        for k in range(count):
            archive.writestr(f"xl/media/n{k}.bin", b"")


BOMBS = {
    "a part packed a thousand times": lambda p: rewrite_part(
        p, "xl/worksheets/sheet1.xml", lambda xml: xml.replace(b"</worksheet>", b"<!--" + b" " * (24 << 20) + b"--></worksheet>")),
    "a directory declaring 100 GB": lambda p: _declare_size(p, "xl/worksheets/sheet1.xml", 0xFFFFFFF0),
    "entries sharing one packed run": lambda p: _shared_entries(p, 9000),
    "too many entries": lambda p: _many_entries(p, 10_050),
}


@pytest.mark.parametrize("bomb", sorted(BOMBS))
def test_a_zip_bomb_is_refused_before_it_is_unpacked(capsys, tmp_path, bomb):
    path = arrow_book(tmp_path / "bomb.xlsx")
    BOMBS[bomb](path)
    before = digest(path)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err, seconds)
    assert code == 2 and len(lines) == 1 and str(path) in lines[0], err
    assert digest(path) == before
    assert not (tmp_path / "out.xlsx").exists()


def test_a_long_archive_comment_is_only_a_comment(capsys, tmp_path):
    path = arrow_book(tmp_path / "comment.xlsx")
    with zipfile.ZipFile(path, "a") as archive:
        archive.comment = b"xlsolver " * 7281  # 65,529 bytes, the most a comment holds
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    assert_clean(code, out, err, seconds)
    assert code == 0 and "Arrow: unique" in out, out + err


def test_a_comment_full_of_false_end_records_is_one_line(capsys, tmp_path):
    """End records inside the comment, the last with a directory of 65,535 entries:
    the archive is read from the record found last, as Python's zipfile does."""
    path = arrow_book(tmp_path / "comment.xlsx")
    record = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 0xFFFF, 0xFFFF, 0x7FFFFFFF, 0, 0)
    with zipfile.ZipFile(path, "a") as archive:
        archive.comment = record * 2900
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err, seconds)
    assert code == 2 and len(lines) == 1 and str(path) in lines[0], err


# --- areas without bound ---------------------------------------------------------------

def test_a_defined_name_over_the_whole_sheet_stays_small(tmp_path):
    """Once 24 GB: a name "grid" from A1 to XFD1048576. It is cut to the cells the sheet
    holds; the sheet beside it is solved as ever."""
    path = tmp_path / "named.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Named"
    lay_arrow(wb.active)
    lay_arrow(wb.create_sheet("Clean"))
    wb.defined_names["grid"] = DefinedName("grid", attr_text="Named!$A$1:$XFD$1048576")
    wb.save(path)
    before = digest(path)
    code, out, err, seconds = run_child("solve", path, "-o", tmp_path / "out.xlsx")
    for line in assert_clean(code, out, err):
        assert line.startswith("xlsolver: Named!"), line
    assert "Clean: unique" in out
    assert digest(path) == before


@pytest.mark.parametrize("name", ["sudoku", "Board"])
def test_a_sudoku_or_board_name_over_the_whole_sheet_stays_small(tmp_path, name):
    path = tmp_path / "named.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Named"
    wb.active["C3"] = 1
    lay_arrow(wb.create_sheet("Clean"))
    wb.defined_names[name] = DefinedName(name, attr_text="Named!$A$1:$XFD$1048576")
    wb.save(path)
    code, out, err, seconds = run_child("solve", path, "-o", tmp_path / "out.xlsx")
    for line in assert_clean(code, out, err):
        assert line.startswith("xlsolver: Named!"), line
    assert "Clean: unique" in out


def test_a_row_past_the_sheets_end_is_refused_by_the_puzzle_limit(tmp_path):
    """openpyxl reads a cell at row 99,999,999,999 (Excel stops at 1,048,576): the
    number there makes the arrow's grid reach it, and the grid is refused, not laid out."""
    path = arrow_book(tmp_path / "past.xlsx")
    rewrite_part(path, "xl/worksheets/sheet1.xml", lambda xml: xml.replace(
        b"</sheetData>", b'<row r="99999999999"><c r="A99999999999"><v>1</v></c></row></sheetData>'))
    code, out, err, seconds = run_child("solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err)
    assert code == 2 and lines[0].startswith("xlsolver: Arrow!B2: ") and "--max-cells" in lines[0], err


DEFINED = ["Arrow!$A$1:$A$0", "#REF!", "[1]Arrow!$B$2:$G$5", "OFFSET(Arrow!$A$1,0,0,5,5)", "Nowhere!$B$2:$G$5",
           "Arrow!$B$2:$G$5,Arrow!$H$1", "Arrow!$B:$G", "Arrow!$2:$5", "Arrow!$G$5:$B$2", "Arrow!$B$2:$G$5"]


def test_defined_names_of_every_shape(capsys, tmp_path):
    """A name "grid" that is empty, an error, in another workbook, a formula, on a
    missing sheet, of two areas, whole columns or rows, backwards: none is a grid but
    the plain range, and the arrow is found either way."""
    for k, ref in enumerate(DEFINED):
        path = tmp_path / f"name{k}.xlsx"
        wb = openpyxl.Workbook()
        wb.active.title = "Arrow"
        lay_arrow(wb.active)
        wb.defined_names["grid"] = DefinedName("grid", attr_text=ref)
        wb.save(path)
        code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
        assert_clean(code, out, err, seconds)
        assert "Arrow: unique, 6x4" in out, (ref, out + err)


STYLE_DAMAGE = {
    "a fill past the table": (b'fillId="2" borderId="0" pivotButton', b'fillId="999" borderId="0" pivotButton'),
    "a border past the table": (b'fillId="2" borderId="0" pivotButton', b'fillId="2" borderId="999" pivotButton'),
    "a font past the table": (b'fontId="0" fillId="2"', b'fontId="999" fillId="2"'),
    "an indexed colour past the palette": (b'<fgColor rgb="FF000000" />', b'<fgColor indexed="9999" />'),
    "a theme colour past the theme": (b'<fgColor rgb="FF000000" />', b'<fgColor theme="99" />'),
    "a tint that is no number": (b'<fgColor rgb="FF000000" />', b'<fgColor theme="1" tint="nan" />'),
    "a tint far past 1": (b'<fgColor rgb="FF000000" />', b'<fgColor theme="1" tint="1e308" />'),
    "a colour that is no colour": (b'<fgColor rgb="FF000000" />', b'<fgColor rgb="ZZZZZZZZ" />'),
}


@pytest.mark.parametrize("damage", sorted(STYLE_DAMAGE))
def test_a_damaged_styles_part_reads_or_is_one_line(capsys, tmp_path, damage):
    """The arrow with one grid cell filled black (a given), its format damaged: the
    verdict, or one line naming the file; never a traceback from painting or reading."""
    path = arrow_book(tmp_path / "styles.xlsx")
    wb = openpyxl.load_workbook(path)
    wb["Arrow"]["C3"].fill = openpyxl.styles.PatternFill("solid", fgColor="FF000000")
    wb.save(path)
    old, new = STYLE_DAMAGE[damage]
    rewrite_part(path, "xl/styles.xml", lambda xml: xml.replace(old, new))
    for action in ("solve", "check"):
        code, out, err, seconds = run_main(capsys, action, path, "-o", tmp_path / f"{action}.xlsx")
        lines = assert_clean(code, out, err, seconds)
        assert "Arrow: " in out or (code == 2 and len(lines) == 1 and path.name in lines[0]), out + err


def test_a_value_at_xfd1048576_costs_nothing(capsys, tmp_path):
    path = tmp_path / "far.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Far"
    lay_arrow(ws)
    ws["XFD1048576"] = "x"
    wb.create_sheet("Alone")["XFD1048576"] = 7
    wb.save(path)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    assert_clean(code, out, err, seconds)
    assert code == 0 and "Far: unique" in out, out + err


def test_numbers_at_two_far_corners_are_refused_by_the_puzzle_limit(tmp_path):
    """Column hints at XFD1, row hints at A1048576: a grid of 17 billion cells, refused
    before any of it is made, naming the sheet and --max-cells."""
    path = tmp_path / "corners.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Corners"
    ws["XFD1"] = 1
    ws["A1048576"] = 1
    wb.save(path)
    code, out, err, seconds = run_child("solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err)
    assert code == 2 and lines and lines[0].startswith("xlsolver: Corners!") and "--max-cells" in lines[0], err


def test_a_data_sheet_is_passed_over_quickly(capsys, tmp_path):
    """3,000 rows of five numbers: once minutes (every number tried as a grid corner)."""
    path = tmp_path / "data.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    for r in range(1, 3001):
        for c in range(1, 6):
            ws.cell(r, c).value = (r * 7 + c * 13) % 97
    lay_arrow(wb.create_sheet("Arrow"))
    wb.save(path)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    assert_clean(code, out, err, seconds)
    assert code == 0 and "Arrow: unique" in out and seconds < 8, (seconds, out, err)


@pytest.mark.parametrize("title, far", [("Polyomino 100000x100000", None), ("Polyomino", "XFD1048576")])
def test_a_board_beyond_the_limit_is_refused_before_it_is_read(tmp_path, title, far):
    path = tmp_path / "board.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Board"
    ws["A1"] = title
    ws["A3"] = "#"
    if far:
        ws[far] = "#"
    wb.save(path)
    code, out, err, seconds = run_child("solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err)
    assert code == 2 and len(lines) == 1 and lines[0].startswith("xlsolver: Board!A1: ") and "--max-cells" in lines[0]


def test_a_sheet_holding_more_cells_than_the_limit_is_refused_alone(tmp_path):
    path = tmp_path / "big.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Big"
    for r in range(1, 31):
        for c in range(1, 11):
            ws.cell(r, c).value = "note"
    lay_arrow(wb.create_sheet("Arrow"))
    wb.save(path)
    reports = run_paths([path], out=tmp_path / "out.xlsx", options=Options(limits=Limits(sheet_cells=200)))
    by_sheet = {r.sheet: r for r in reports}
    assert by_sheet["Arrow"].status == "unique"
    assert by_sheet["Big"].status == "error" and by_sheet["Big"].message.startswith("Big: the sheet holds 300 cells")
    assert "--max-cells" in by_sheet["Big"].message


def test_max_cells_raises_the_limit(capsys, tmp_path):
    """A board of 1.2 million cells is refused; with --max-cells above it, it is read
    (and here its first row holds a mistake, so reading it is quick)."""
    path = tmp_path / "wide.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Wide"
    ws["A1"] = "Polyomino 2000x600"
    ws["B3"] = "zz"
    wb.save(path)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    assert code == 2 and "Wide!A1: a 2000x600 puzzle has 1,200,000 cells, more than the limit of 1,000,000" in err
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx", "--max-cells", "2e6")
    assert_clean(code, out, err, seconds)
    assert code == 2 and 'Wide!B3: "zz" in the board' in err, err


# --- one cell of every awkward kind ----------------------------------------------------

FIVE_THOUSAND = "9" * 5000
# value, how it is written (as text "t", as a number cell "n" through the XML, or
# as openpyxl stores the Python value "p")
AWKWARD = {
    "superscript": ("2³", "t"),
    "superscript alone": ("²", "t"),
    "circled": ("③", "t"),
    "arabic-indic": ("٣", "t"),
    "fullwidth": ("３", "t"),
    "5000 digits as text": (FIVE_THOUSAND, "t"),
    "5000 digits as a number": (FIVE_THOUSAND, "n"),
    "1e999 as a number": ("1e999", "n"),
    "no number in a number cell": ("abc", "n"),
    "formula": ("=SUM(A1:A3)", "p"),
    "dde": ("=cmd|' /C calc'!A0", "p"),
    "array formula": ("array", "p"),
    "error value": ("#REF!", "p"),
    "bool": (True, "p"),
    "date": (datetime(2024, 2, 29, 12, 30), "p"),
    # What a sheet file can carry to a terminal (XML 1.0 allows C1 controls, bidi
    # overrides and line breaks, not ESC itself): CSI, right-to-left override, newline.
    "control characters": ("\x9b31m\u202e3\nline", "t"),
    "long text": ("x" * 32000, "t"),
    "negative": (-3, "p"),
    "huge float": (1.5e308, "p"),
}
PLACES = {"hint": "A3", "grid": "D3", "corner": "A1", "far": "Z99", "title above": "B1"}


def _awkward_book(path: Path, place: str) -> dict[str, str]:
    """One arrow sheet per awkward value, the value at ``place``; and a clean arrow.
    Returns sheet -> the cell that holds the value."""
    wb = openpyxl.Workbook()
    wb.active.title = "Clean"
    lay_arrow(wb.active)
    numbers = {}
    sheets = {}
    for k, (name, (value, how)) in enumerate(sorted(AWKWARD.items())):
        sheet = f"S{k:02d}"
        ws = wb.create_sheet(sheet)
        lay_arrow(ws)
        cell = PLACES[place]
        if how == "n":
            marker = 770000 + k
            ws[cell] = marker
            numbers[sheet] = (marker, value)
        elif name == "array formula":
            ws[cell] = ArrayFormula(cell, "=SUM(B2:B3)")
        elif name == "error value":
            ws[cell] = value
            ws[cell].data_type = "e"
        else:
            ws[cell] = value
        sheets[sheet] = cell
    merged = wb.create_sheet("Merged")
    lay_arrow(merged)
    merged.merge_cells("A3:A4")  # two row hints under one merge: the second reads empty
    merged.merge_cells("B1:C1")
    sheets["Merged"] = "A3"
    wb.save(path)
    for index, sheet in enumerate(wb.sheetnames, 1):
        if sheet in numbers:
            marker, value = numbers[sheet]
            rewrite_part(path, f"xl/worksheets/sheet{index}.xml",
                         lambda xml, m=marker, v=value: xml.replace(f"<v>{m}</v>".encode(), f"<v>{v}</v>".encode()))
    return sheets


@pytest.mark.parametrize("place", sorted(PLACES))
def test_one_awkward_cell_never_breaks_the_workbook(capsys, tmp_path, place):
    """Each sheet gives a verdict, "no puzzle", or one error naming itself and a cell;
    the clean sheet's verdict comes out whatever its neighbours hold."""
    path = tmp_path / "awkward.xlsx"
    sheets = _awkward_book(path, place)
    before = digest(path)
    for action in ("solve", "check"):
        code, out, err, seconds = run_main(capsys, action, path, "-o", tmp_path / f"{action}.xlsx")
        lines = assert_clean(code, out, err, seconds)
        assert "Clean: unique" in out or "Clean: " in out, out + err
        for line in lines:
            match = PLACE.match(line)
            assert match and match["sheet"] in sheets, line
            assert len(line) < 400, line  # a 5000-digit value is shown cut short
        assert not any(ch in out + err for ch in "\x9b\u202e"), err
    assert digest(path) == before


def _other_kinds_book(path: Path) -> dict[str, str]:
    """For each awkward value: a 4x4 sudoku holding it as a given (U..), a board whose
    Solutions setting is it (P..), and a board with it in a cell (Q..); and clean ones."""
    wb = openpyxl.Workbook()
    wb.active.title = "Sudoku"
    lay_sudoku(wb.active)
    lay_board(wb.create_sheet("Board"))
    sheets = {}
    for k, (name, (value, how)) in enumerate(sorted(AWKWARD.items())):
        if how == "n" or name in ("array formula", "error value"):
            continue  # the arrow sheets have these: they read into the same values
        for prefix, lay, cell in (("U", lay_sudoku, "B4"), ("P", lay_board, "B3"), ("Q", lay_board, "C5")):
            ws = wb.create_sheet(f"{prefix}{k:02d}")
            lay(ws)
            ws[cell] = value
            sheets[ws.title] = cell
    wb.save(path)
    return sheets


def lay_sudoku(ws) -> None:
    ws["A1"] = "Sudoku 4x4"
    for r, row in enumerate(["12.4", "3..2", "2.43", ".3.1"]):
        for c, ch in enumerate(row):
            if ch != ".":
                ws.cell(3 + r, 1 + c).value = int(ch)


def lay_board(ws) -> None:
    ws["A1"] = "Tiling 5x1"
    ws["A2"] = "Pieces: I"
    ws["A3"] = "Solutions"
    ws["B3"] = 1


def test_awkward_cells_in_sudoku_and_polyomino_sheets(capsys, tmp_path):
    path = tmp_path / "kinds.xlsx"
    sheets = _other_kinds_book(path)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err, seconds)
    assert "Sudoku: unique" in out and "Board: unique" in out, out + err
    named = set()
    for line in lines:
        match = PLACE.match(line)
        assert match and match["sheet"] in sheets and match["cell"] == sheets[match["sheet"]], line
        named.add(match["sheet"])
    assert {s for s in sheets if s.startswith(("U", "P"))} <= named  # each a mistake at its cell


# --- what real workbooks pass ------------------------------------------------------------

def test_the_zip_checks_pass_every_bundled_workbook():
    from xlsolver.backends.archive_checks import check_archive
    from xlsolver.core.limits import DEFAULT_LIMITS

    for path in sorted((ROOT / "workbooks").rglob("*.xls[xm]")):
        check_archive(path, DEFAULT_LIMITS)


def test_an_xml_bomb_in_the_theme_is_never_expanded(capsys, tmp_path):
    """The theme is the one part xlsolver parses itself: entities are refused (defusedxml)
    and the default theme's colours stand in."""
    path = arrow_book(tmp_path / "theme.xlsx")
    laughs = (b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaaaaaaaa">'
              + b"".join(f'<!ENTITY {chr(98 + k)} "{("&" + chr(97 + k) + ";") * 10}">'.encode() for k in range(9))
              + b']><a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">&j;</a:theme>')
    rewrite_part(path, "xl/theme/theme1.xml", lambda _: laughs)
    wb = openpyxl.load_workbook(path)
    wb["Arrow"]["C3"].fill = openpyxl.styles.PatternFill("solid", fgColor=openpyxl.styles.colors.Color(theme=1))
    wb.save(path)
    rewrite_part(path, "xl/theme/theme1.xml", lambda _: laughs)
    code, out, err, seconds = run_main(capsys, "solve", path, "-o", tmp_path / "out.xlsx")
    assert_clean(code, out, err, seconds)
    assert "Arrow:" in out, out + err


# --- text that looks like a formula ----------------------------------------------------

INJECTIONS = ["=HYPERLINK(\"http://evil.example\",\"click\")", "=cmd|' /C calc'!A0", "+1+2", "-2+3", "@SUM(1)",
              "#REF!", "=1+1"]


def _no_formula_anywhere(path: Path) -> list[str]:
    """Every text cell of every sheet (none may be a formula or an error value), and
    no formula element in any sheet's XML."""
    texts = []
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.data_type not in ("f", "e"), (ws.title, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    texts.append(cell.value)
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/"):
                assert b"<f>" not in archive.read(name) and b"<f " not in archive.read(name), name
    return texts


def _arrow_xml(title: str) -> str:
    from xml.sax.saxutils import escape

    lines = lambda clues: "".join(f"<line><count>{n}</count></line>" for n in clues)
    return (f'<?xml version="1.0"?><puzzleset><puzzle type="grid" defaultcolor="black">'
            f"<title>{escape(title)}</title>"
            f'<clues type="columns">{lines(COL_CLUES)}</clues><clues type="rows">{lines(ROW_CLUES)}</clues>'
            f"</puzzle></puzzleset>")


@pytest.mark.parametrize("title", INJECTIONS)
def test_a_title_that_looks_like_a_formula_lands_as_text(capsys, tmp_path, title):
    """A puzzle file's title is written into a cell by import and solve -o: it stays the
    characters it is, on the sheet and in the saved file."""
    source = tmp_path / "evil.xml"
    source.write_text(_arrow_xml(title), encoding="utf-8")
    for command in ("import", "solve"):
        out_path = tmp_path / f"{command}.xlsx"
        code, out, err, seconds = run_main(capsys, command, source, "-o", out_path)
        assert_clean(code, out, err, seconds)
        assert code == 0, out + err
        assert any(title in text for text in _no_formula_anywhere(out_path)), command


def test_an_image_named_like_a_formula_gives_a_title_of_text(capsys, tmp_path):
    from PIL import Image

    title = "=cmd|' -C calc'!A0"
    source = tmp_path / f"{title}.png"
    image = Image.new("L", (6, 4), 255)
    for r, row in enumerate(ARROW):
        for c, ch in enumerate(row):
            if ch == "#":
                image.putpixel((c, r), 0)
    image.save(source)
    out_path = tmp_path / "picture.xlsx"
    code, out, err, seconds = run_main(capsys, "picture", source, "-o", out_path)
    assert_clean(code, out, err, seconds)
    assert code == 0, out + err
    assert title in _no_formula_anywhere(out_path)


def test_escape_sequences_never_reach_the_terminal(capsys, tmp_path):
    """Text from a file echoed in a line (a sheet's name in a verdict, a bad line of a
    puzzle file in an error) has its control characters written out: a CSI, a
    right-to-left override, an escape that would retitle the window or clear the screen."""
    book = tmp_path / "names.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Arrow\x9b2J\u202e"
    lay_arrow(wb.active)
    wb.save(book)
    source = tmp_path / "escapes.non"
    source.write_text('title "\x1b]0;owned\x07"\nwidth \x1b[2J6\nheight 4\n', encoding="utf-8")
    for args in ((book, "-o", tmp_path / "out.xlsx"), (source,), (source, "-o", tmp_path / "out2.xlsx")):
        code, out, err, seconds = run_main(capsys, "solve", *args)
        assert_clean(code, out, err, seconds)
        assert not any(ch in out + err for ch in "\x1b\x07\x9b\u202e"), repr(out + err)
    code, out, err, _ = run_main(capsys, "solve", book, "-o", tmp_path / "out.xlsx")
    assert code == 0 and "Arrow\\x9b2J\\u202e: unique" in out, out
    code, out, _, _ = run_main(capsys, "solve", book, "-o", tmp_path / "out.xlsx", "--json")
    assert code == 0 and "\\u009b" in out and "\x9b" not in out  # JSON escapes by itself


# --- images and boards -------------------------------------------------------------------

def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header declares width x height and whose pixels never come."""
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")


@pytest.mark.parametrize("width, height", [(20000, 20000), (100000, 100000), (5000, 4000)])
def test_a_huge_image_is_refused_from_its_header(tmp_path, width, height):
    source = tmp_path / "huge.png"
    source.write_bytes(_png_header(width, height))
    code, out, err, seconds = run_child("picture", source, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err)
    assert code == 2 and len(lines) == 1 and "huge.png" in lines[0], err
    assert "--max-cells" in lines[0] or "Pillow" in lines[0], lines[0]


def test_max_cells_lets_a_larger_image_be_read(capsys, tmp_path):
    source = tmp_path / "large.png"
    source.write_bytes(_png_header(5000, 4000))
    code, _, err, _ = run_main(capsys, "picture", source, "-o", tmp_path / "out.xlsx")
    assert code == 2 and "20,000,000 pixels" in err and "--max-cells" in err
    code, _, err, _ = run_main(capsys, "picture", source, "-o", tmp_path / "out.xlsx", "--max-cells", "5e6")
    assert code == 2 and "pixels" not in err and "Pillow" in err  # read now: its pixels are missing


def test_a_drawing_of_two_far_cells_is_refused(capsys, tmp_path):
    path = tmp_path / "drawing.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Far"
    fill = openpyxl.styles.PatternFill("solid", fgColor="FF000000")
    ws["A1"].fill = fill
    ws["XFD1048576"].fill = fill
    wb.save(path)
    code, out, err, seconds = run_main(capsys, "picture", path, "-o", tmp_path / "out.xlsx")
    lines = assert_clean(code, out, err, seconds)
    assert code == 2 and lines[0].startswith("xlsolver: Far!A1: ") and "--max-cells" in lines[0], err


@pytest.mark.parametrize("board", ["100000x100000", "1001x1000", "²x3", "6x" + "9" * 5000, "\x1b[2J"],
                         ids=["100000x100000", "1001x1000", "superscript", "5000 digits", "escape"])
def test_a_board_argument_beyond_reason_is_refused_before_any_cell(capsys, board):
    code, out, err, seconds = run_main(capsys, "tile", "--board", board, "--count")
    lines = assert_clean(code, out, err, seconds)
    assert code == 2 and len(lines) == 1 and lines[0].startswith("xlsolver: --board: "), err
    assert "\x1b" not in err


def test_a_board_file_drawing_too_many_cells_is_refused(capsys, tmp_path):
    source = tmp_path / "board.txt"
    source.write_text(("." * 1100 + "\n") * 1000)
    code, out, err, seconds = run_main(capsys, "tile", "--board", source, "--count")
    assert code == 2 and "1,100,000 open cells" in err and "--max-cells" in err
    code, out, err, seconds = run_main(capsys, "tile", "--board", "30x30", "--count", "--max-cells", "800")
    assert code == 2 and "900 cells, more than the limit of 800" in err
