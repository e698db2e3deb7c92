"""Nonogram jobs through the kind registry: every file format, multi-puzzle files,
colour sheets and files, and export back to files."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest

from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.jobs import file_kind_for, solve_paths
from xlsolver.nonogram import Nonogram
from xlsolver.nonogram.colour import ColourNonogram, Colour, clues_of
from xlsolver.nonogram.formats import read_puzzles, write_puzzles
from xlsolver.nonogram.formats_entry import PuzzleEntry

ROOT = Path(__file__).resolve().parent.parent
COLOUR_BOOK = ROOT / "workbooks" / "nonogram-colour.xlsx"
BOOK = ROOT / "workbooks" / "nonogram.xlsx"

# Pictures made for these tests; clues are computed from them.
PLUS = [".#.", "###", ".#."]
CORNERS = ["#.", ".#"]  # two solutions (the two diagonals)
FLAG = ["rrg", "rgg", "ggg"]


def _runs(cells):
    out, n = [], 0
    for b in list(cells) + [False]:
        if b:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def _text(picture):
    rows = ["/".join([",".join(map(str, _runs(ch == "#" for ch in r))) or "0" for r in picture])]
    cols = ["/".join(",".join(map(str, _runs(r[j] == "#" for r in picture))) or "0" for j in range(len(picture[0])))]
    return rows[0] + "|" + cols[0]


def colour_flag():
    palette = (Colour("r", "red", "FF0000"), Colour("g", "green", "00AA00"))
    return clues_of(FLAG, palette)


def run_cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_multi_puzzle_text_file_gives_one_report_each(tmp_path, capsys):
    path = tmp_path / "set.txt"
    path.write_text(_text(PLUS) + "\n" + _text(CORNERS) + "\n")
    code, out, _ = run_cli(capsys, "solve", path, "--json")
    reports = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in reports] == ["unique", "multiple"]
    assert reports[0]["solution"] == PLUS
    # the two diagonals, worked out by hand
    assert sorted(map(tuple, reports[1]["solutions"])) == [("#.", ".#"), (".#", "#.")]
    assert code == EXIT_NOT_ALL_UNIQUE


@pytest.mark.parametrize("fmt", ["non", "xml", "g", "mk", "nin", "cwd", "text"])
def test_every_format_solves_through_the_cli(tmp_path, capsys, fmt):
    suffix = {"text": ".txt"}.get(fmt, "." + fmt)
    path = tmp_path / f"plus{suffix}"
    path.write_text(write_puzzles([PuzzleEntry(Nonogram.from_text(_text(PLUS)), "Plus")], fmt))
    code, out, _ = run_cli(capsys, "solve", path, "--json")
    report = json.loads(out)
    assert (code, report["status"], report["solution"]) == (EXIT_ALL_UNIQUE, "unique", PLUS)


def test_taai_set_is_laid_out_one_sheet_per_puzzle(tmp_path, capsys):
    side = ["#....", "##...", "###..", "####.", "#####"]
    entries = [PuzzleEntry(Nonogram.from_text(_text(p))) for p in (side, [r[::-1] for r in side])]
    path = tmp_path / "set.taai"
    path.write_text(write_puzzles(entries, "taai"))
    out = tmp_path / "set.xlsx"
    code, text, _ = run_cli(capsys, "solve", path, "-o", out)
    assert code == EXIT_ALL_UNIQUE, text
    book = openpyxl.load_workbook(out)
    assert len(book.sheetnames) == 2
    # the painted copy solves again to the same verdicts
    again = solve_paths([out], tmp_path / "again.xlsx")
    assert [r.status for r in again] == ["unique", "unique"]
    assert [r.solutions[0] for r in again] == [side, [r[::-1] for r in side]]


def test_colour_file_solves_and_paints_in_its_colours(tmp_path, capsys):
    puzzle = colour_flag()
    path = tmp_path / "flag.non"
    path.write_text(write_puzzles([PuzzleEntry(puzzle, "Flag")], "non"))
    out = tmp_path / "flag.xlsx"
    code, text, _ = run_cli(capsys, "solve", path, "-o", out, "--json")
    report = json.loads(text)
    assert report["status"] == "unique" and report["solution"] == FLAG
    ws = openpyxl.load_workbook(out).active
    fills = {ws.cell(r, c).fill.fgColor.rgb[-6:] for r in range(1, ws.max_row + 1) for c in range(1, ws.max_column + 1)
             if ws.cell(r, c).fill.fill_type == "solid"}
    assert {"00AA00"} <= fills


def test_colour_workbook_is_detected_and_solved(tmp_path, capsys):
    code, out, _ = run_cli(capsys, "solve", COLOUR_BOOK, "-o", tmp_path / "c.xlsx", "--json")
    verdicts = {r["sheet"]: r["status"] for r in map(json.loads, out.splitlines())}
    assert verdicts == {"Mushroom": "unique", "Tulip": "multiple"}
    assert code == EXIT_NOT_ALL_UNIQUE


def test_import_then_export_round_trips_clues(tmp_path, capsys):
    source = tmp_path / "plus.non"
    source.write_text(write_puzzles([PuzzleEntry(Nonogram.from_text(_text(PLUS)), "Plus")], "non"))
    book = tmp_path / "plus.xlsx"
    assert run_cli(capsys, "import", source, "-o", book)[0] == EXIT_ALL_UNIQUE
    back = tmp_path / "back.nin"
    code, out, _ = run_cli(capsys, "export", book, "-o", back)
    assert code == EXIT_ALL_UNIQUE, out
    assert read_puzzles(back)[0].puzzle == Nonogram.from_text(_text(PLUS))


def test_export_of_a_colour_sheet_keeps_colours(tmp_path, capsys):
    back = tmp_path / "mushroom.non"
    code, _, err = run_cli(capsys, "export", COLOUR_BOOK, "--sheet", "Mushroom", "-o", back)
    assert code == EXIT_ALL_UNIQUE, err
    puzzle = read_puzzles(back)[0].puzzle
    assert isinstance(puzzle, ColourNonogram) and len(puzzle.palette) == 3


def test_export_many_sheets_to_a_one_puzzle_format_says_why(tmp_path, capsys):
    code, _, err = run_cli(capsys, "export", BOOK, "-o", tmp_path / "all.non")
    assert code == EXIT_INPUT_ERROR
    assert "--sheet" in err


def test_export_every_sheet_to_xml(tmp_path, capsys):
    out = tmp_path / "all.xml"
    code, _, err = run_cli(capsys, "export", BOOK, "-o", out)
    assert code == EXIT_ALL_UNIQUE, err
    titles = [e.title for e in read_puzzles(out)]
    assert "Heart" in titles and len(titles) >= 6


def test_txt_without_clues_is_not_taken_for_a_nonogram(tmp_path):
    path = tmp_path / "sudoku.txt"
    path.write_text("." * 81 + "\n")
    assert file_kind_for(path) is None or file_kind_for(path).kind != "nonogram"
    (tmp_path / "n.txt").write_text(_text(PLUS) + "\n")
    assert file_kind_for(tmp_path / "n.txt").kind == "nonogram"


def test_a_bad_line_in_a_multi_puzzle_file_names_the_line(tmp_path, capsys):
    path = tmp_path / "set.txt"
    path.write_text(_text(PLUS) + "\n1/x|1\n")
    code, out, err = run_cli(capsys, "solve", path)
    assert code == EXIT_INPUT_ERROR
    assert "set.txt:2" in out + err
