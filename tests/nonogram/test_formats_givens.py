"""Export keeps what makes the puzzle: a sheet's givens travel as a saved grid in the
formats that hold one (.non, webpbn XML), come back on import (painted) and on a
solve of the file (given to the solver); a format that cannot hold them is refused,
naming the sheet and how many givens would be lost, unless --drop-givens."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import main
from xlsolver.core import InputError
from xlsolver.jobs import Options, run_paths
from xlsolver.jobs.nonogram import export_puzzles, import_puzzle, locate
from xlsolver.nonogram.colour import Colour, ColourNonogram
from xlsolver.nonogram.formats import FORMATS, read_puzzles
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.model import BLOCK, DOT, Nonogram

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "workbooks" / "nonogram.xlsx"

# Two solutions (the diagonals) until one cell is given.
CROSS = Nonogram(((1,), (1,)), ((1,), (1,)))
RED, GREEN = Colour("r", "red", "FF0000"), Colour("g", "green", "00AA00")
COLOUR_CROSS = ColourNonogram((((1, "r"),), ((1, "g"),)), (((1, "r"),), ((1, "g"),)), (RED, GREEN))
COLOUR_TWINS = ColourNonogram((((1, "r"),), ((1, "r"),)), (((1, "r"),), ((1, "r"),)), (RED, GREEN))


def sheet_givens(book: Path, sheet: str) -> dict[tuple[int, int], int]:
    found = locate(OpenpyxlWorkbook.open(book).snapshot(sheet), None).read()
    return found.variant.decided(found.givens)


def verdicts(path: Path, folder: Path) -> dict[str, str]:
    """Each puzzle's verdict; a workbook's painted copy goes to ``folder``, never beside it."""
    out = folder / "verdicts.solved.xlsx" if path.suffix == ".xlsx" else None
    return {r.name: r.status.value for r in run_paths([path], out=out, options=Options(budget_seconds=20))}


@pytest.mark.parametrize("suffix", [".non", ".xml"])
def test_robot_exported_keeps_its_givens_and_stays_unique(tmp_path, suffix):
    out = tmp_path / f"robot{suffix}"
    assert export_puzzles(BOOK, out, sheet="Robot") == ["Robot"]
    (entry,) = read_puzzles(out)
    given = sheet_givens(BOOK, "Robot")
    assert given and entry.givens is not None
    assert {(r, c) for r, row in enumerate(entry.givens) for c, ch in enumerate(row) if ch != "?"} == set(given)
    assert verdicts(out, tmp_path) == {"robot" + suffix: "unique"}  # the file, solved from its givens
    book = tmp_path / "robot.xlsx"
    assert import_puzzle(out, book) == ["Robot"]
    assert sheet_givens(book, "Robot") == given  # painted back where they were
    assert verdicts(book, tmp_path) == {"Robot": "unique"}


def test_the_whole_workbook_through_xml_keeps_every_verdict(tmp_path):
    out = tmp_path / "all.xml"
    export_puzzles(BOOK, out)
    expected = verdicts(BOOK, tmp_path)
    assert expected["Robot"] == "unique"  # and Twins multiple, Clash none: the same out of the file
    assert verdicts(out, tmp_path) == expected


def test_without_its_givens_robot_has_several_solutions(tmp_path):
    out = tmp_path / "robot.non"
    export_puzzles(BOOK, out, sheet="Robot", drop_givens=True)
    (entry,) = read_puzzles(out)
    assert entry.givens is None
    assert verdicts(out, tmp_path) == {"robot.non": "multiple"}


@pytest.mark.parametrize("fmt", ["text", "g", "mk", "nin", "cwd", "taai"])
def test_a_format_without_givens_is_refused_naming_the_sheet(tmp_path, fmt):
    out = tmp_path / "robot.out"
    with pytest.raises(InputError) as caught:
        export_puzzles(BOOK, out, fmt=fmt, sheet="Robot")
    assert caught.value.where == "Robot"
    assert caught.value.message.startswith(f"{len(sheet_givens(BOOK, 'Robot'))} given cells would be lost")
    assert "--drop-givens" in caught.value.message and not out.exists()
    export_puzzles(BOOK, out, fmt=fmt, sheet="Robot", drop_givens=True)
    assert read_puzzles(out, fmt)[0].puzzle == locate(OpenpyxlWorkbook.open(BOOK).snapshot("Robot"), None).read().puzzle


def test_the_command_line_refuses_in_one_line_and_exports_with_drop_givens(tmp_path, capsys):
    out = tmp_path / "all.txt"
    assert main(["export", str(BOOK), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("xlsolver: Robot: ") and not out.exists()
    assert main(["export", str(BOOK), "-o", str(out), "--drop-givens"]) == 0
    assert len(out.read_text().splitlines()) == 8


def test_export_takes_the_givens_as_the_user_left_them_not_the_solve(tmp_path):
    book = tmp_path / "nonogram.xlsx"
    shutil.copy(BOOK, book)
    given = sheet_givens(book, "Robot")
    run_paths([book], in_place=True)  # the grid is painted whole now
    assert len(sheet_givens(book, "Robot")) == 100
    out = tmp_path / "robot.non"
    export_puzzles(book, out, sheet="Robot")
    (entry,) = read_puzzles(out)
    assert {(r, c) for r, row in enumerate(entry.givens) for c, ch in enumerate(row) if ch != "?"} == set(given)


@pytest.mark.parametrize("name", ["non", "xml"])
# ``expected``: the given cells as the sheet reads them: BLOCK and DOT, or the colour's
# index (0 the background; the sheet numbers colours as it meets their hints, red first here).
@pytest.mark.parametrize("puzzle, givens, expected", [
    (CROSS, ("#?", "??"), {(0, 0): BLOCK}),
    (CROSS, ("?.", "??"), {(0, 1): DOT}),
    (COLOUR_CROSS, ("r?", "??"), {(0, 0): 1}),
    (COLOUR_TWINS, ("??", "?."), {(1, 1): 0}),
])
def test_givens_round_trip_through_a_file_a_sheet_and_the_solver(tmp_path, name, puzzle, givens, expected):
    path = tmp_path / f"p.{name}"
    path.write_text(FORMATS[name].write([PuzzleEntry(puzzle, "Cross", saved=(givens,))]))
    (entry,) = read_puzzles(path)
    assert entry.givens == givens
    assert verdicts(path, tmp_path) == {f"p.{name}": "unique"}  # two solutions without the given, one with it
    book = tmp_path / "p.xlsx"
    import_puzzle(path, book)
    laid = locate(OpenpyxlWorkbook.open(book).snapshot("Cross"), None).read()
    assert laid.variant.decided(laid.givens) == expected
    assert verdicts(book, tmp_path) == {"Cross": "unique"}
    again = tmp_path / f"again.{name}"
    export_puzzles(book, again)
    assert read_puzzles(again)[0].givens is not None
    assert np.count_nonzero(np.array([list(r) for r in read_puzzles(again)[0].givens]) != "?") == 1


def test_solving_a_file_with_givens_into_a_workbook_paints_from_them(tmp_path):
    path = tmp_path / "cross.non"
    path.write_text(FORMATS["non"].write([PuzzleEntry(CROSS, "Cross", saved=(("#?", "??"),))]))
    out = tmp_path / "cross.xlsx"
    (report,) = run_paths([path], out=out)
    assert report.status.value == "unique" and report.solutions == [["#.", ".#"]]
    assert verdicts(out, tmp_path) == {"Cross": "unique"}


def test_export_refuses_to_write_over_the_workbook(tmp_path):
    book = tmp_path / "book.xml"
    shutil.copy(BOOK, book)
    before = book.read_bytes()
    with pytest.raises(InputError, match="names the workbook itself"):
        export_puzzles(book, book, sheet="Heart")
    assert book.read_bytes() == before


def test_import_writes_only_a_workbook(tmp_path):
    path = tmp_path / "cross.non"
    path.write_text(FORMATS["non"].write([PuzzleEntry(CROSS)]))
    with pytest.raises(InputError, match="name the -o file .xlsx"):
        import_puzzle(path, tmp_path / "cross.csv")
    assert not (tmp_path / "cross.csv").exists()
