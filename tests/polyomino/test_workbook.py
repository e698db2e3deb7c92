"""The bundled polyomino workbook: the script makes it, the committed file matches, and
``xlsolver solve`` gives every board its count; every painted tiling passes the oracle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from workbook_scripts import load_script, run_script

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import main
from xlsolver.jobs.polyomino import own_solution_sheets
from xlsolver.polyomino import Board, parse_shape
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.sheets.polyomino_sheet import PALETTE, read_pieces_sheet, read_polyomino

from .oracle import check_tiling, forms, orbits, tilings

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "workbooks" / "make_polyomino.py"
BUNDLED = ROOT / "workbooks" / "polyomino.xlsx"


MAKER = load_script(SCRIPT)
SPECS = {s.name: s for s in MAKER.SHEETS}


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    return run_script(SCRIPT, tmp_path_factory.mktemp("made")) / "polyomino.xlsx"


@pytest.fixture(scope="module")
def solved(tmp_path_factory) -> tuple[list[dict], Path]:
    out = tmp_path_factory.mktemp("solved") / "polyomino.solved.xlsx"
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        code = main(["solve", str(BUNDLED), "-o", str(out), "--json", "--budget", "900"])  # room for plain Python
    assert code == 1  # several tilings, and one board with none
    return [json.loads(line) for line in buffer.getvalue().splitlines()], out


def sheets_of(path: Path) -> dict:
    book = OpenpyxlWorkbook.open(path)
    library = read_pieces_sheet(book.snapshot("Pieces"))
    return {name: read_polyomino(book.snapshot(name), library) for name in book.sheet_names() if name != "Pieces"}, \
        library


def test_committed_workbook_matches_the_script(made):
    assert BUNDLED.exists(), "run python workbooks/make_polyomino.py and commit workbooks/polyomino.xlsx"
    (committed, lib_a), (fresh, lib_b) = sheets_of(BUNDLED), sheets_of(made)
    assert list(committed) == list(fresh) == list(SPECS) and lib_a == lib_b
    for name in fresh:
        assert committed[name] == fresh[name], name
        layout, puzzle = fresh[name]
        assert puzzle.board.area == SPECS[name].parsed().area, name


def test_each_sheet_reads_as_the_board_drawn(made):
    found, library = sheets_of(made)
    assert library == {name: parse_shape(picture) for name, picture, _ in MAKER.PIECES}
    for name, (_, puzzle) in found.items():
        want = SPECS[name].parsed()
        assert sorted(puzzle.board.cells) == sorted(want.cells) or SPECS[name].frame == "ring", name
        if SPECS[name].frame == "ring":  # the ring is the frame: the board sits one cell in
            assert puzzle.board == Board.of((r + 1, c + 1) for r, c in want.cells)


def oracle_pieces(pieces):
    return [(p.name, forms(p.shape), p.count) for p in pieces]


def test_solve_gives_every_board_its_count(solved):
    records, out = solved
    by_sheet = {r["sheet"]: r for r in records}
    assert set(by_sheet) == set(SPECS)
    book = OpenpyxlWorkbook.open(out)
    library = read_pieces_sheet(book.snapshot("Pieces"))
    for name, spec in SPECS.items():
        record = by_sheet[name]
        assert record["kind"] == "polyomino", name
        if spec.tilings is None:
            assert record["status"] == "none" and "64 cells" in record["message"]
            continue
        assert (record["count"], record["raw_count"], record["complete"]) == (spec.tilings, spec.raw, True), name
        layout, puzzle = read_polyomino(book.snapshot(name), library)
        for placements in record["placements"]:
            check_tiling(puzzle.board.cells, oracle_pieces(puzzle.pieces),
                         [(n, frozenset(map(tuple, cs))) for n, cs in placements])
        ws = book.api[name]
        first = record["placements"][0]
        for piece, cells in first:
            r, c = cells[0]
            cell = ws.cell(layout.top + r, layout.left + c)
            assert cell.value == piece and cell.fill.fgColor.rgb[-6:] in PALETTE, name
    assert "3x20 #2" in book.sheet_names() and "Custom #2" in book.sheet_names()


def test_the_classic_counts_are_knuths():
    """6x10 2339, 5x12 1010, 4x15 368, 3x20 2, 8x8 less its centre 65 ("Dancing Links", 2000)."""
    assert {n: SPECS[n].tilings for n in ("6x10", "5x12", "4x15", "3x20", "8x8 centre")} == \
        {"6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2, "8x8 centre": 65}


def test_the_custom_count_by_brute_force():
    shapes = {name: parse_shape(picture) for name, picture, _ in MAKER.PIECES}
    pieces = [("A", forms(shapes["A"]), 2), ("B", forms(shapes["B"]), 2)]
    board = Board.parse("6x3").cells
    found = tilings(board, pieces)
    assert (orbits(board, pieces, found), len(found)) == (SPECS["Custom"].tilings, SPECS["Custom"].raw)


def test_clear_removes_the_solution_sheets_solve_made(solved, tmp_path):
    """Clear puts the board back as drawn and removes the sheets of tilings 2, 3, ...
    that solve added; a sheet of such a name that the user made stays."""
    _, out = solved
    book = OpenpyxlWorkbook.open(out)
    mine = "3x20 #3"  # not made by solve (3x20 has two tilings): the user's
    book.add_sheet(mine)
    book.api[mine]["A1"] = "my notes"
    edited = tmp_path / "edited.xlsx"
    book.save(edited)
    cleared = tmp_path / "cleared.xlsx"
    assert main(["clear", str(edited), "--sheet", "3x20", "-o", str(cleared)]) == 0
    names = OpenpyxlWorkbook.open(cleared).sheet_names()
    assert "3x20 #2" not in names and mine in names
    assert "Custom #2" in names  # another board's sheets are left alone
    layout, puzzle = read_polyomino(OpenpyxlWorkbook.open(cleared).snapshot("3x20"))
    ws = OpenpyxlWorkbook.open(cleared).api["3x20"]
    assert all(ws.cell(layout.top + r, layout.left + c).value in (None, "") for r, c in puzzle.board.cells)


def test_solving_again_with_fewer_tilings_removes_the_stale_sheets(solved, tmp_path):
    """3x20 solved for both tilings, then asked for one: its sheet #2 goes."""
    _, out = solved
    book = OpenpyxlWorkbook.open(out)
    assert own_solution_sheets(book, "3x20") == {2: "3x20 #2"}
    snap = book.snapshot("3x20")
    cell = next(rc for rc, info in snap.cells.items() if str(info.value).startswith("Solutions"))
    book.api["3x20"].cell(*cell).value = "Solutions: 1"
    edited, again = tmp_path / "edited.xlsx", tmp_path / "again.xlsx"
    book.save(edited)
    assert main(["solve", str(edited), "--sheet", "3x20", "-o", str(again)]) == 1  # two tilings: not unique
    names = OpenpyxlWorkbook.open(again).sheet_names()
    assert "3x20 #2" not in names and "Custom #2" in names
    assert own_solution_sheets(MemoryWorkbook({"3x20": {}}), "3x20") == {}
