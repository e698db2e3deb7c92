"""Sudoku through the command line: workbooks and text files in, verdicts and
painted workbooks out; ``xlsolver generate sudoku``."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.jobs import file_kind_for, kind_of, kinds
from xlsolver.sheets.sudoku_sheet import sudoku_import_plan
from xlsolver.sudoku import Shape, Sudoku
from xlsolver.sudoku.generator import make_puzzle

ROOT = Path(__file__).resolve().parent
# Made for these tests from a Latin-square pattern (rows shifted by 3, 6, then 1).
FULL9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


def run_cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def check_grid(rows: list[str], givens: str) -> None:
    """An independent check of a 9x9 answer: units are permutations, givens kept."""
    assert all(g in ".0" or g == rows[i // 9][i % 9] for i, g in enumerate(givens))
    grid = [[int(ch) for ch in row] for row in rows]
    units = grid + [list(col) for col in zip(*grid)] + \
        [[grid[t + r][l + c] for r in range(3) for c in range(3)] for t in (0, 3, 6) for l in (0, 3, 6)]
    assert all(sorted(u) == list(range(1, 10)) for u in units)


@pytest.fixture
def book(tmp_path) -> Path:
    """A workbook with a unique 9x9, a 6x6 with two solutions and a 4x4 with clashing givens."""
    wb = OpenpyxlWorkbook.new()
    unique = make_puzzle(Shape(3, 3), "cli:1").puzzle
    wb.apply(sudoku_import_plan(unique, "Nine"))
    two = list(FULL9)
    for i in (0, 1, 27, 28):
        two[i] = "."
    wb.apply(sudoku_import_plan(Sudoku.from_text("".join(two)), "Two"))
    wb.apply(sudoku_import_plan(Sudoku.from_text("1..1" + "." * 12), "Clash"))
    path = tmp_path / "book.xlsx"
    wb.save(path)
    return path


def test_solve_a_workbook_paints_a_copy_and_reports_each_sheet(book, capsys):
    before = book.read_bytes()
    code, out, _ = run_cli(capsys, "solve", book, "--json")
    assert code == EXIT_NOT_ALL_UNIQUE and book.read_bytes() == before
    records = {r["sheet"]: r for r in map(json.loads, out.splitlines())}
    assert {r["kind"] for r in records.values()} == {"sudoku"}
    assert {s: r["status"] for s, r in records.items()} == {"Nine": "unique", "Two": "multiple", "Clash": "none"}
    nine = records["Nine"]
    check_grid(nine["solution"], nine["puzzle"])
    assert len(records["Two"]["solutions"]) == 2 and records["Two"]["solutions"][0] != records["Two"]["solutions"][1]
    assert "(A3, D3)" in records["Clash"]["message"]
    ws = openpyxl.load_workbook(book.with_name("book.solved.xlsx"))
    assert ws["Clash"]["A3"].fill.fgColor.rgb[-6:] == "FF0000" and ws["Clash"]["A8"].value.startswith("no solution")
    assert all(ws["Nine"].cell(r, c).value for r in range(3, 12) for c in range(1, 10))


def test_sudoku_sheets_go_to_sudoku_and_nonogram_sheets_to_nonogram(book):
    assert kinds()[0].name == "sudoku"
    wb = OpenpyxlWorkbook.open(book)
    assert {kind_of(wb.snapshot(s)).name for s in wb.sheet_names()} == {"sudoku"}
    nonograms = OpenpyxlWorkbook.open(ROOT.parent / "workbooks" / "nonogram.xlsx")
    assert {kind_of(nonograms.snapshot(s)).name for s in nonograms.sheet_names()} == {"nonogram"}


def test_a_text_file_of_puzzles_one_per_line(tmp_path, capsys):
    puzzles = [make_puzzle(Shape(3, 3), f"cli:{i}").puzzle.to_text() for i in range(3)]
    path = tmp_path / "puzzles.txt"
    path.write_text("# three puzzles\n" + "\n".join(puzzles) + "\n\n" + "3x2:" + "." * 36 + "\n")
    assert file_kind_for(path).kind == "sudoku"
    code, out, _ = run_cli(capsys, "solve", path, "--json", "-o", tmp_path / "solved.xlsx")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == EXIT_NOT_ALL_UNIQUE
    assert [(r["status"], r["line"], r["box"]) for r in records] == \
        [("unique", 2, "3x3"), ("unique", 3, "3x3"), ("unique", 4, "3x3"), ("multiple", 6, "3x2")]
    for record, text in zip(records, puzzles):
        check_grid(record["solution"], text)
    book = openpyxl.load_workbook(tmp_path / "solved.xlsx")
    assert len(book.sheetnames) == 4 and book.worksheets[0]["A1"].value == "Sudoku 9x9 (line 2)"


def test_unique_files_exit_zero_and_bad_lines_name_the_line(tmp_path, capsys):
    good = tmp_path / "one.txt"
    good.write_text(make_puzzle(Shape(2, 3), "cli:6").puzzle.to_text() + "\n")
    code, out, _ = run_cli(capsys, "solve", good)
    assert code == EXIT_ALL_UNIQUE and out.startswith("one.txt: unique, 6x6")
    bad = tmp_path / "bad.sdm"
    bad.write_text(FULL9[:80] + "x\n")
    code, _, err = run_cli(capsys, "solve", bad)
    assert code == EXIT_INPUT_ERROR and 'bad.sdm, line 1: symbol 81 ("X") is not a digit' in err


def test_nonogram_text_files_stay_nonograms(tmp_path):
    path = tmp_path / "clues.txt"
    path.write_text("1/3/1|1/3/1\n")
    assert file_kind_for(path).kind == "nonogram"


def test_an_error_in_a_sheet_names_the_cell(tmp_path, capsys):
    wb = OpenpyxlWorkbook.new()
    wb.apply(sudoku_import_plan(make_puzzle(Shape(3, 3), "cli:7").puzzle, "Sudoku"))
    wb.api["Sudoku"]["C4"] = "x"
    path = tmp_path / "typo.xlsx"
    wb.save(path)
    code, _, err = run_cli(capsys, "solve", path)
    assert code == EXIT_INPUT_ERROR
    assert err.startswith('xlsolver: Sudoku!C4: "x" is not a digit of a 9x9 sudoku') and err.count("\n") == 1
