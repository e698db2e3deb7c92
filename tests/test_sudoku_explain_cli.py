"""xlsolver explain / hint / check on sudoku, through the command line."""

from __future__ import annotations

import json

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import main
from xlsolver.sheets.sudoku_sheet import sudoku_import_plan
from xlsolver.sudoku import Shape, Sudoku
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.techniques import Grid


def replay(puzzle: Sudoku, steps: list[dict]) -> tuple[int, ...]:
    """Apply the JSON steps (rXcY names) to the puzzle, checking each one is possible."""
    grid = Grid.from_puzzle(puzzle)
    n = puzzle.n

    def cell(name):
        r, c = name[1:].split("c")
        return (int(r) - 1) * n + int(c) - 1
    for step in steps:
        assert set(step) >= {"technique", "cells", "placements", "eliminations", "text"}
        for name, d in step["eliminations"]:
            assert grid.eliminate(cell(name), int(d))
        for name, d in step["placements"]:
            assert grid.value[cell(name)] == 0 and grid.has(cell(name), int(d))
            grid.place(cell(name), int(d))
    return tuple(grid.value)


def test_explain_a_text_file_as_json(tmp_path, capsys):
    made = [make_puzzle(Shape(3, 3), "rating:5"), make_puzzle(Shape(2, 3), "cli:6")]
    path = tmp_path / "puzzles.txt"
    path.write_text("".join(m.puzzle.to_text() + "\n" for m in made))
    assert main(["explain", str(path), "--json"]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(objects) == 2
    for obj, m in zip(objects, made):
        assert replay(m.puzzle, obj["steps"]) == m.solution
        assert obj["guesses"] == 0 and obj["level"] in ("easy", "medium", "hard", "unfair", "extreme")
    assert (objects[0]["level"], objects[0]["qqwing"]) == ("extreme", "expert")


def test_explain_a_text_file_into_a_workbook(tmp_path, capsys):
    made = make_puzzle(Shape(3, 3), "rating:2")
    path = tmp_path / "one.txt"
    path.write_text(made.puzzle.to_text() + "\n")
    out = tmp_path / "one.xlsx"
    assert main(["explain", str(path), "-o", str(out)]) == 0
    assert "medium" in capsys.readouterr().out
    assert openpyxl.load_workbook(out).sheetnames == ["one", "one steps"]


def _book(tmp_path, made) -> str:
    book = OpenpyxlWorkbook.new()
    book.apply(sudoku_import_plan(made.puzzle, "Sudoku"))
    path = tmp_path / "book.xlsx"
    book.save(path)
    return str(path)


def test_hint_and_check_on_a_workbook(tmp_path, capsys):
    made = make_puzzle(Shape(3, 3), "rating:2")
    path = _book(tmp_path, made)
    assert main(["hint", path, "--json", "--in-place", "--pencil"]) == 0
    [hint] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert hint["kind"] == "sudoku" and hint["step"]["technique"]
    ws = openpyxl.load_workbook(path)["Sudoku"]
    assert ws.cell(13, 1).value == hint["step"]["text"]
    assert ws.cell(3, 11).value is not None or made.puzzle.cells[0]  # pencil marks beside the grid
    # a wrong digit: check exits 1 and names it
    wb = openpyxl.load_workbook(path)
    i = next(i for i, d in enumerate(made.puzzle.cells) if not d)
    wb["Sudoku"].cell(3 + i // 9, 1 + i % 9).value = made.solution[i] % 9 + 1
    wb.save(path)
    assert main(["check", path]) == 1
    assert f"r{i // 9 + 1}c{i % 9 + 1}" in capsys.readouterr().out


def test_explain_a_workbook_as_json(tmp_path, capsys):
    made = make_puzzle(Shape(3, 3), "rating:0")
    path = _book(tmp_path, made)
    assert main(["explain", path, "--json"]) == 0
    [obj] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert (obj["level"], obj["qqwing"], obj["guesses"]) == ("easy", "easy", 0)
    assert replay(made.puzzle, obj["steps"]) == made.solution


def test_explain_reports_progress_and_gives_up_at_the_budget(tmp_path):
    from xlsolver.jobs import run_paths
    from xlsolver.jobs.base import Options

    made = make_puzzle(Shape(3, 3), "rating:5")
    path = tmp_path / "p.txt"
    path.write_text(made.puzzle.to_text() + "\n")
    seen = []
    [report] = run_paths([path], "explain", options=Options(progress=seen.append))
    assert report.status == "done" and seen and seen[-1].done == seen[-1].total == 81 - made.puzzle.clues
    [late] = run_paths([path], "explain", options=Options(budget_seconds=0.0))
    assert late.status == "gave_up" and "budget" in late.message


def test_generate_at_a_level(tmp_path, capsys):
    from xlsolver.sudoku.techniques import explain, rate

    out = tmp_path / "hard.txt"
    assert main(["generate", "sudoku", "--level", "hard", "--count", "2", "--seed", "5", "-o", str(out)]) == 0
    lines = out.read_text().split()
    assert len(lines) == 2
    for text in lines:
        puzzle = Sudoku.from_text(text)
        assert rate(puzzle, list(explain(puzzle))).level == "hard"
    with pytest.raises(SystemExit) as refused:  # argparse names the levels there are
        main(["generate", "sudoku", "--level", "tricky", "-o", str(out)])
    assert refused.value.code == 2
