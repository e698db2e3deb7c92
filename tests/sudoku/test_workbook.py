"""The bundled sudoku workbook: the script that makes it runs, every sheet is
found, every verdict is what the sheet promises (checked by the oracle's own
counter and by ``xlsolver solve``), and the committed file matches the script."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from workbook_scripts import load_script, run_script

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import main
from xlsolver.sheets.sudoku_sheet import read_sudoku

from .oracle import mrv_count, valid_grid

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "workbooks" / "make_sudoku.py"
BUNDLED = ROOT / "workbooks" / "sudoku.xlsx"
EXPECTED_COUNT = {"unique": 1, "multiple": 2, "none": 0}


SPECS = {sheet.name: sheet for sheet in load_script(SCRIPT).SHEETS}


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """The workbook as the script makes it, run as a program in a fresh folder."""
    return run_script(SCRIPT, tmp_path_factory.mktemp("made")) / "sudoku.xlsx"


def read_all(path: Path) -> dict:
    book = OpenpyxlWorkbook.open(path)
    return {name: read_sudoku(book.snapshot(name)) for name in book.sheet_names()}


def values(path: Path) -> dict:
    book = OpenpyxlWorkbook.open(path)
    return {name: {cell: info.value for cell, info in book.snapshot(name).cells.items()}
            for name in book.sheet_names()}


def test_script_makes_every_sheet_and_each_is_found(made):
    sheets = read_all(made)
    assert list(sheets) == list(SPECS)
    for name, (layout, puzzle) in sheets.items():
        assert puzzle == SPECS[name].puzzle, name


def test_the_workbook_shows_the_promised_variety(made):
    sheets = read_all(made)
    assert {puzzle.n for _, puzzle in sheets.values()} >= {4, 6, 9, 12, 16}
    assert {str(layout.shape) for layout, _ in sheets.values()} >= {"2x3", "3x2"}
    assert {spec.verdict for spec in SPECS.values()} == {"unique", "multiple", "none"}
    assert any((layout.top, layout.left) != (3, 1) for layout, _ in sheets.values())
    assert not sheets["Twelve"][0].letters and sheets["Sixteen"][0].letters
    book = OpenpyxlWorkbook.open(made)
    assert "sudoku_grid" in book.snapshot("Named").names and book.snapshot("Named").value(1, 1) is None
    assert not any(sheets["Named"][1].cells[:9])  # only the name says where the grid begins
    assert sheets["Clash"][1].duplicates() and not sheets["Dead end"][1].duplicates()


@pytest.mark.parametrize("name", list(SPECS))
def test_each_sheet_has_its_promised_verdict(made, name):
    layout, puzzle = read_all(made)[name]
    br, bc = layout.shape.box_rows, layout.shape.box_cols
    found = mrv_count(list(puzzle.cells), puzzle.n, br, bc, limit=2)
    assert len(found) == EXPECTED_COUNT[SPECS[name].verdict]
    for grid in found:
        assert valid_grid([grid[r * puzzle.n:(r + 1) * puzzle.n] for r in range(puzzle.n)], br, bc)
    assert SPECS[name].note


def test_xlsolver_solve_gives_the_promised_verdicts(made, tmp_path, capsys):
    code = main(["solve", str(made), "--json", "-o", str(tmp_path / "solved.xlsx")])
    records = {r["sheet"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert code == 1  # the workbook holds a multiple and two nones on purpose
    assert {name: r["status"] for name, r in records.items()} == {n: s.verdict for n, s in SPECS.items()}
    assert {r["kind"] for r in records.values()} == {"sudoku"}
    assert "row 1 holds the given" in records["Clash"]["message"]


def test_committed_workbook_matches_the_script(made):
    assert BUNDLED.exists(), "run python workbooks/make_sudoku.py and commit workbooks/sudoku.xlsx"
    committed, fresh = read_all(BUNDLED), read_all(made)
    assert list(committed) == list(fresh)
    for name in fresh:
        assert committed[name] == fresh[name], name
    assert values(BUNDLED) == values(made)
