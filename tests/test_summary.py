"""The batch summary (xlsolver.jobs.summary): rows read back as given, in a workbook
(openpyxl) and in CSV (the csv module); links that lead to the files; text that
stays text; nothing at the target until it is whole; and the paths refused."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from urllib.parse import unquote, urlparse
from urllib.request import url2pathname

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import InputError
from xlsolver.core.files import printable
from xlsolver.jobs.base import Outcome, ReportLine
from xlsolver.jobs.summary import COLUMNS, CSV_UNSAFE, check_summary, open_summary

HEADER = [title for title, _ in COLUMNS]


def line(source="in/a.non", sheet=None, status=Outcome.UNIQUE, seconds=0.25, message="unique", output=None,
         kind="nonogram") -> ReportLine:
    return ReportLine(status, status == Outcome.UNIQUE, "", None, source, sheet, kind, seconds, message, output)


LINES = [
    line(),
    line("in/b.xlsx", "Robot", Outcome.MULTIPLE, 1.23456, "2 or more solutions", "out/b.solved.xlsx"),
    line("in/b.xlsx", "=HYPERLINK(\"http://evil\",\"x\")", Outcome.ERROR, 0.0004, "+cmd|' /C calc'!A0"),
    line("in/b.xlsx", "-1", Outcome.NONE, 2, "@SUM(A1) \x1b[31mred\x1b[0m, a\nnew line, _x000D_", kind="sudoku"),
    line("in/c d#é.txt", "c 3", Outcome.GAVE_UP, 30.0, "\tgave up after 30 s", "/elsewhere/c.solved.xlsx"),
]


def expected(lines) -> list[list]:
    """The rows a summary of ``lines`` holds, as the csv module reads them back."""
    return [[printable(l.source), printable(l.sheet or ""), l.kind, l.status.value, round(l.seconds, 3),
             printable(l.message), printable(l.output or "")] for l in lines]


def write(path: Path, lines, **limits) -> None:
    summary = open_summary(path, **limits)
    for each in lines:
        summary.add(each)
    summary.close()


def unescaped(text: str) -> str:
    """Cell text as Excel shows it: ``_xHHHH_`` is its escape of a character (openpyxl
    leaves it as written)."""
    return re.sub(r"_x([0-9A-Fa-f]{4})_", lambda m: chr(int(m[1], 16)), text)


def book_rows(sheet) -> list[list]:
    """A sheet's rows below the header, as the user sees them ("" for an empty cell)."""
    rows = []
    for row in sheet.iter_rows(min_row=2, values_only=True):
        rows.append([unescaped(v) if isinstance(v, str) else ("" if v is None else v) for v in row])
    return rows


def csv_rows(path: Path) -> list[list]:
    with open(path, encoding="utf-8-sig", newline="") as file:
        rows = list(csv.reader(file))
    assert rows[0] == HEADER
    return [[_unquoted(v) for v in row[:4]] + [float(row[4])] + [_unquoted(v) for v in row[5:]] for row in rows[1:]]


def _unquoted(field: str) -> str:
    """A CSV field as it was before the quote that keeps it from being a formula."""
    return field[1:] if field.startswith("'") and field[1:].startswith(CSV_UNSAFE) else field


@pytest.fixture
def folder(tmp_path, monkeypatch) -> Path:
    """The current folder, holding the inputs and outputs LINES name relatively."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_workbook_holds_the_lines_in_order(folder):
    write(folder / "summary.xlsx", LINES)
    book = openpyxl.load_workbook(folder / "summary.xlsx")
    assert book.sheetnames == ["Summary"]
    sheet = book["Summary"]
    assert [c.value for c in sheet[1]] == HEADER
    assert book_rows(sheet) == expected(LINES)


def test_a_csv_file_holds_the_lines_in_order(folder):
    write(folder / "summary.csv", LINES)
    assert csv_rows(folder / "summary.csv") == expected(LINES)
    raw = (folder / "summary.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfSource,Sheet,")  # a byte-order mark: Excel reads UTF-8


def test_formula_looking_text_stays_text(folder):
    write(folder / "summary.xlsx", LINES)
    write(folder / "summary.csv", LINES)
    sheet = openpyxl.load_workbook(folder / "summary.xlsx")["Summary"]
    cells = [cell for row in sheet.iter_rows() for cell in row if cell.value is not None]
    assert {cell.data_type for cell in cells if isinstance(cell.value, str)} == {"s"}  # no formula ("f")
    assert sheet["B4"].value == '=HYPERLINK("http://evil","x")'
    with open(folder / "summary.csv", encoding="utf-8-sig", newline="") as file:
        fields = [field for row in csv.reader(file) for field in row]
    assert "'=HYPERLINK(\"http://evil\",\"x\")" in fields and "'-1" in fields and "'+cmd|' /C calc'!A0" in fields
    assert not [field for field in fields if field.startswith(CSV_UNSAFE)]


def test_control_characters_are_escaped_in_both(folder):
    write(folder / "summary.xlsx", LINES[3:4])
    write(folder / "summary.csv", LINES[3:4])
    message = r"@SUM(A1) \x1b[31mred\x1b[0m, a\nnew line, _x000D_"
    assert book_rows(openpyxl.load_workbook(folder / "summary.xlsx")["Summary"])[0][5] == message
    assert csv_rows(folder / "summary.csv")[0][5] == message
    assert len((folder / "summary.csv").read_bytes().splitlines()) == 2  # one line a row


def link_path(target: str, folder: Path) -> Path:
    """The file a link's address leads to, from a workbook in ``folder``."""
    if target.startswith("file:"):
        return Path(url2pathname(urlparse(target).path))
    return folder / unquote(target)


def test_links_lead_to_the_input_and_output_files(tmp_path, monkeypatch):
    """Under the summary's folder a link is relative (the folder can move whole); a file
    elsewhere gets a file: URL. Names with a space, a # or an accent still lead home."""
    home, elsewhere = tmp_path / "home", tmp_path / "elsewhere"
    (home / "in").mkdir(parents=True)
    (home / "out").mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(home)
    source, output, far = home / "in" / "c d#é 50%.non", home / "out" / "c.solved.xlsx", elsewhere / "far.xlsx"
    for path in (source, output, far):
        path.write_bytes(b"")
    write(home / "summary.xlsx", [line("in/c d#é 50%.non", output="out/c.solved.xlsx"),
                                  line(str(source), "Sheet1", output=str(far))])
    sheet = openpyxl.load_workbook(home / "summary.xlsx")["Summary"]
    targets = [(sheet[f"A{r}"].hyperlink.target, sheet[f"G{r}"].hyperlink.target) for r in (2, 3)]
    assert [link_path(t, home) for pair in targets for t in pair] == [source, output, source, far]
    assert not targets[0][0].startswith("file:") and not targets[0][1].startswith("file:")
    assert targets[1][1].startswith("file:")
    assert sheet["A2"].value == "in/c d#é 50%.non"  # the path as given, shown


def test_no_output_no_link(folder):
    write(folder / "summary.xlsx", [line()])
    sheet = openpyxl.load_workbook(folder / "summary.xlsx")["Summary"]
    assert sheet["A2"].hyperlink is not None and sheet["G2"].hyperlink is None and sheet["G2"].value is None


def test_the_header_is_bold_frozen_filtered_and_sized(folder):
    write(folder / "summary.xlsx", LINES)
    sheet = openpyxl.load_workbook(folder / "summary.xlsx")["Summary"]
    assert sheet.auto_filter.ref == f"A1:G{len(LINES) + 1}"
    assert sheet.freeze_panes == "A2"
    assert all(cell.font.b for cell in sheet[1])
    assert [sheet.column_dimensions[letter].width for letter in "ABCDEFG"] == [width for _, width in COLUMNS]
    assert sheet["E2"].number_format == "0.000"


def test_an_empty_batch_gets_the_header_alone(folder):
    write(folder / "summary.xlsx", [])
    write(folder / "summary.csv", [])
    sheet = openpyxl.load_workbook(folder / "summary.xlsx")["Summary"]
    assert [c.value for c in sheet[1]] == HEADER and sheet.max_row == 1 and sheet.auto_filter.ref == "A1:G1"
    assert csv_rows(folder / "summary.csv") == []


def test_rows_beyond_a_sheet_continue_on_the_next(folder):
    """With sheets of 4 rows (the header and 3), 10 lines fill four sheets, each with
    its own header and autofilter; read in order they are the 10 lines."""
    lines = [line(sheet=f"Puzzle {n}", seconds=n / 7) for n in range(10)]
    write(folder / "summary.xlsx", lines, sheet_rows=4)
    book = openpyxl.load_workbook(folder / "summary.xlsx")
    assert book.sheetnames == ["Summary", "Summary (2)", "Summary (3)", "Summary (4)"]
    rows = []
    for sheet, count in zip(book.worksheets, (3, 3, 3, 1)):
        assert [c.value for c in sheet[1]] == HEADER
        assert sheet.auto_filter.ref == f"A1:G{count + 1}" and sheet.freeze_panes == "A2"
        assert sheet.max_row == count + 1
        rows += book_rows(sheet)
    assert rows == expected(lines)


def test_links_beyond_a_sheets_limit_are_plain_text(folder):
    """Excel follows 65,530 links a sheet; past them a path is text (here past 3)."""
    lines = [line(f"in/{n}.non", output=f"out/{n}.xlsx") for n in range(4)]
    write(folder / "summary.xlsx", lines, sheet_links=3)
    sheet = openpyxl.load_workbook(folder / "summary.xlsx")["Summary"]
    linked = [cell.coordinate for row in sheet.iter_rows(min_row=2) for cell in row if cell.hyperlink]
    assert linked == ["A2", "G2", "A3"]
    assert book_rows(sheet) == expected(lines)


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_nothing_at_the_target_until_close_and_nothing_left_after(folder, suffix):
    target = folder / "out" / f"summary{suffix}"
    target.parent.mkdir()
    summary = open_summary(target)
    for each in LINES:
        summary.add(each)
    assert list(target.parent.iterdir()) == []
    summary.close()
    assert list(target.parent.iterdir()) == [target]
    summary.close()  # closing again changes nothing
    assert list(target.parent.iterdir()) == [target]
    with pytest.raises(ValueError):
        summary.add(LINES[0])


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_a_stopped_batch_gets_the_rows_it_had(folder, suffix):
    target = folder / f"summary{suffix}"
    target.write_text("an older summary")
    summary = open_summary(target)
    for each in LINES[:2]:
        summary.add(each)
    assert target.read_text() == "an older summary"  # the old file stands until the new one is whole
    summary.abort()
    assert list(folder.iterdir()) == [target]
    if suffix == ".csv":
        assert csv_rows(target) == expected(LINES[:2])
    else:
        assert book_rows(openpyxl.load_workbook(target)["Summary"]) == expected(LINES[:2])


def test_a_summary_that_cannot_be_written_says_so_and_leaves_nothing(folder):
    """The folder went away under the batch: one error naming the summary, no file anywhere."""
    target = folder / "gone" / "summary.csv"
    target.parent.mkdir()
    summary = open_summary(target)
    summary.add(LINES[0])
    target.parent.rmdir()  # the spool has no name in it, so the folder is empty
    with pytest.raises(InputError, match="cannot write the summary") as caught:
        summary.close()
    assert caught.value.where == str(target)
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("name, message", [
    ("summary.txt", "a .xlsx workbook or a .csv file"),
    ("summary", "a .xlsx workbook or a .csv file"),
    ("summary.xlsm", "a .xlsx workbook or a .csv file"),
    ("missing/summary.xlsx", "does not exist"),
    ("a-file/summary.csv", "is not a folder"),
    ("a-folder.xlsx", "is a folder"),
])
def test_check_summary_refuses_before_any_work(folder, name, message):
    (folder / "a-file").write_text("")
    (folder / "a-folder.xlsx").mkdir()
    with pytest.raises(InputError, match=message) as caught:
        check_summary(Path(name))
    assert caught.value.where == name
    with pytest.raises(InputError):
        open_summary(Path(name))
    assert sorted(p.name for p in folder.iterdir()) == ["a-file", "a-folder.xlsx"]


@pytest.mark.parametrize("name", ["summary.xlsx", "SUMMARY.XLSX", "summary.csv", "sub/summary.Csv"])
def test_check_summary_accepts(folder, name):
    (folder / "sub").mkdir()
    check_summary(Path(name))


TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=30)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), TEXT), TEXT, st.floats(0, 1e6)), min_size=1, max_size=4))
def test_any_text_reads_back_from_both(tmp_path_factory, rows):
    """Whatever a sheet name or a message holds, both formats give it back (made printable)."""
    folder = tmp_path_factory.mktemp("any")
    lines = [line(str(folder / "in.non"), sheet, Outcome.ERROR, seconds, message, output=None, kind="sudoku")
             for sheet, message, seconds in rows]
    write(folder / "s.xlsx", lines)
    write(folder / "s.csv", lines)
    assert book_rows(openpyxl.load_workbook(folder / "s.xlsx")["Summary"]) == expected(lines)
    assert csv_rows(folder / "s.csv") == expected(lines)
