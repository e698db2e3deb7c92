"""``xlsolver solve`` and ``clear`` on workbooks of Takuzu sheets, the kind found
through its entry point: the verdicts are the oracle's, the painted cells are read
back with openpyxl itself, and ``clear`` gives the sheets back as they were.

The workbooks are built here with openpyxl: a title "Takuzu NxN" in A1, the givens
from A3, one sheet a puzzle, made from random grids with fixed seeds.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import openpyxl
import pytest
from openpyxl.workbook.defined_name import DefinedName

from xlsolver.cli import main

from . import oracle

GREY, WHITE, RED = "FF808080", "FFFFFFFF", "FFFF0000"  # ColorIndex 16, 2 and 3
TOP, LEFT = 3, 1
WANTED = {"unique": (0.6, 0), "multiple": (0.25, 0), "none": (0.5, 1)}  # share of cells kept, givens flipped
# Line logic finds no clash in it; the search does (column 4 has no filling that works).
NONE_BY_SEARCH = "....../..1.../0.1.1./...1../....1./0..0.0"


def puzzle_with(n: int, verdict: str) -> list[list[int | None]]:
    """The first of a fixed run of random n x n puzzles that has ``verdict`` by the oracle."""
    keep, flips = WANTED[verdict]
    for seed in range(200):
        rng = random.Random(f"cli {n} {verdict} {seed}")
        givens = oracle.puzzle_from(oracle.random_grid(n, rng), keep, rng, flips)
        if oracle.verdict(givens) == verdict:
            return givens
    raise AssertionError(f"no {n}x{n} puzzle with verdict {verdict} among the seeds")


def from_text(text: str) -> list[list[int | None]]:
    return [[None if ch == "." else int(ch) for ch in row] for row in text.split("/")]


def puzzles() -> dict[str, list[list[int | None]]]:
    """Sheet name -> givens: each verdict at each size (the name says which, as the
    oracle found it), and a clash only a search finds."""
    made = {f"{verdict} {n}": puzzle_with(n, verdict) for n in (6, 8, 10) for verdict in WANTED}
    made["none by search"] = from_text(NONE_BY_SEARCH)
    return made


def write_book(path: Path, sheets: dict[str, list[list[int | None]]], named: str | None = None) -> None:
    """A workbook of Takuzu sheets; the sheet ``named`` is marked by a defined name, not a title."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, givens in sheets.items():
        ws = book.create_sheet(name)
        n = len(givens)
        if name == named:
            grid = f"'{name}'!$A${TOP}:${chr(64 + n)}${TOP + n - 1}"
            book.defined_names["takuzu_here"] = DefinedName("takuzu_here", attr_text=grid)
        else:
            ws.cell(1, 1, f"Takuzu {n}x{n}")
        for r, row in enumerate(givens):
            for c, value in enumerate(row):
                if value is not None:
                    ws.cell(TOP + r, LEFT + c, value)
    book.save(path)


def look(cell) -> str | None:
    """What a cell shows as xlsolver paints: "black", "white" (with both diagonals), "red", or None."""
    fill = cell.fill.fgColor.rgb if cell.fill.fill_type == "solid" else None
    crossed = cell.border.diagonalUp and cell.border.diagonalDown and cell.border.diagonal.style == "hair"
    return {(GREY, False): "black", (WHITE, True): "white", (RED, False): "red", (None, False): None}.get(
        (fill, bool(crossed)), f"{fill} crossed={crossed}")


def painted(book, sheet: str, n: int) -> dict[tuple[int, int], str]:
    """The look of each painted cell of a sheet's n x n grid (``book`` open in openpyxl)."""
    ws = book[sheet]
    return {(r, c): shown for r in range(n) for c in range(n)
            if (shown := look(ws.cell(TOP + r, LEFT + c))) is not None}


def run(capsys, *argv: str) -> tuple[int, list[dict]]:
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, [json.loads(line) for line in out.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def sheets():
    return puzzles()


def test_solve_gives_the_oracles_verdicts_and_paints_them(takuzu, tmp_path, capsys, sheets):
    book, solved = tmp_path / "book.xlsx", tmp_path / "solved.xlsx"
    write_book(book, sheets, named="unique 8")
    code, reports = run(capsys, "solve", str(book), "-o", str(solved))
    assert code == 1  # not every puzzle is unique
    assert {r["sheet"]: (r["kind"], r["status"]) for r in reports} == {
        name: ("takuzu", name.split()[0]) for name in sheets}
    painted_book = openpyxl.load_workbook(solved)
    for report in reports:
        givens = sheets[report["sheet"]]
        n, status = len(givens), report["status"]
        colours = painted(painted_book, report["sheet"], n)
        if status == "unique":
            [solution] = oracle.solutions(givens, 1)
            assert report["solution"] == ["".join(map(str, row)) for row in solution]
            assert colours == {(r, c): "black" if v else "white" for r, row in enumerate(solution)
                               for c, v in enumerate(row)}
        elif status == "multiple":
            shown = [[[int(ch) for ch in row] for row in grid] for grid in report["solutions"]]
            assert len(shown) == 2 and shown[0] != shown[1] and all(oracle.is_solution(givens, g) for g in shown)
            every = oracle.solutions(givens, 20)
            assert all(colours[r, c] == ("black" if grid[r][c] else "white") for (r, c) in colours for grid in every)
            assert all(colours.get((r, c)) == ("black" if v else "white")
                       for r, row in enumerate(givens) for c, v in enumerate(row) if v is not None)
        else:
            red = {cell for cell, colour in colours.items() if colour == "red"}
            assert red == {(r - 1, c - 1) for r, c in report["conflict_cells"]}
            whole_lines = [{(k, c) for c in range(n)} for k in range(n)] + [{(r, k) for r in range(n)} for k in range(n)]
            assert red and red == set().union(*(line for line in whole_lines if line <= red))
            assert report["message"].startswith("no solution: ")
    search = next(r for r in reports if r["sheet"] == "none by search")
    assert "column 4" in search["message"] and painted(painted_book, "none by search", 6).get((0, 3)) == "red"


def test_clear_gives_every_sheet_back_as_it_was(takuzu, tmp_path, capsys, sheets):
    book, solved, cleared = tmp_path / "book.xlsx", tmp_path / "solved.xlsx", tmp_path / "cleared.xlsx"
    chosen = {name: sheets[name] for name in ("unique 6", "multiple 8", "none 10")}
    write_book(book, chosen)
    run(capsys, "solve", str(book), "-o", str(solved))
    code, reports = run(capsys, "clear", str(solved), "-o", str(cleared))
    assert code == 0 and {r["sheet"]: r["status"] for r in reports} == dict.fromkeys(chosen, "done")
    before, after = openpyxl.load_workbook(book), openpyxl.load_workbook(cleared)
    for name, givens in chosen.items():
        n = len(givens)
        assert painted(after, name, n) == {}
        area = [(r, c) for r in range(1, TOP + n + 3) for c in range(1, n + 2)]
        assert [after[name].cell(*cell).value for cell in area] == [before[name].cell(*cell).value for cell in area]


def test_a_spent_budget_gives_up(takuzu, tmp_path, capsys, sheets):
    book = tmp_path / "book.xlsx"
    write_book(book, {"multiple 10": sheets["multiple 10"]})
    code, [report] = run(capsys, "solve", str(book), "-o", str(tmp_path / "out.xlsx"), "--budget", "1e-9")
    assert code == 1 and report["status"] == "gave_up" and "budget" in report["message"]


def test_a_file_of_puzzles_is_solved_and_laid_out(takuzu, tmp_path, capsys, sheets):
    path = tmp_path / "set.takuzu"
    blocks = ["\n".join("".join("." if v is None else str(v) for v in row) for row in sheets[name])
              for name in ("unique 6", "multiple 6")]
    path.write_text("# two puzzles\n" + "\n\n".join(blocks) + "\n\n01\n1x\n")
    code, reports = run(capsys, "solve", str(path), "-o", str(tmp_path / "set.xlsx"))
    assert [r["status"] for r in reports] == ["unique", "multiple", "error"]
    assert "line 16" in reports[2]["message"] and '"x" is not 0, 1' in reports[2]["message"]
    book = openpyxl.load_workbook(tmp_path / "set.xlsx")
    assert book.sheetnames == ["set 2", "set 9"]
    assert painted(book, "set 2", 6) == painted_unique(sheets["unique 6"])


def painted_unique(givens) -> dict[tuple[int, int], str]:
    [solution] = oracle.solutions(givens, 1)
    return {(r, c): "black" if v else "white" for r, row in enumerate(solution) for c, v in enumerate(row)}


def test_solving_again_clears_what_the_first_solve_painted(takuzu, sheets):
    """The second solve gives up at once, knowing only the givens: the cells the first
    solve painted and the second does not are back to no fill and no cross."""
    from xlsolver.core.memory import MemoryWorkbook
    from xlsolver.core.protocol import CellInfo
    from xlsolver.jobs import Options, run_book

    givens = sheets["unique 6"]
    cells = {(1, 1): CellInfo("Takuzu 6x6")}
    cells.update({(TOP + r, LEFT + c): CellInfo(v) for r, row in enumerate(givens) for c, v in enumerate(row)
                  if v is not None})
    book = MemoryWorkbook({"T": cells})
    [first] = run_book(book, "", None, Options(), "solve")
    [second] = run_book(book, "", None, Options(budget_seconds=1e-9), "solve")
    assert (first.status, second.status) == ("unique", "gave_up")
    looks = {(r, c): book.snapshot("T").get(TOP + r, LEFT + c) for r in range(6) for c in range(6)}
    assert {cell: (info.fill, info.diagonals) for cell, info in looks.items() if info.fill or info.diagonals} == {
        (r, c): ("808080", False) if v else ("FFFFFF", True)
        for r, row in enumerate(givens) for c, v in enumerate(row) if v is not None}
