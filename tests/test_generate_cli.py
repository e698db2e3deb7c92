"""``xlsolver generate sudoku``: small batches to workbooks and text files, the
Index sheet, determinism for a seed, the hooks of the job, and bad arguments.
Each puzzle written is checked by the oracle's own solution counter."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.core import InputError
from xlsolver.core.budget import BudgetExhausted
from xlsolver.jobs import Options
from xlsolver.jobs.generate import SudokuRequest, generate_sudoku
from xlsolver.sheets.sudoku_sheet import INDEX_TITLE, read_sudoku
from xlsolver.sudoku import Shape, Sudoku
from xlsolver.sudoku.generator import make_puzzle


def _oracle():
    """tests/sudoku/oracle.py, loaded by path (this file sits outside that package)."""
    spec = importlib.util.spec_from_file_location("sudoku_oracle", Path(__file__).parent / "sudoku" / "oracle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mrv_count = _oracle().mrv_count


def run_cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def index_rows(path: Path) -> tuple[list[str], list[dict]]:
    """The Index's parameter lines and its table, one dict per puzzle."""
    ws = openpyxl.load_workbook(path)["Index"]
    cells = [[c.value for c in row] for row in ws.iter_rows()]
    start = next(i for i, row in enumerate(cells) if row[0] == "#")
    params = [row[0] for row in cells[2:start] if row[0]]
    header = cells[start]
    return params, [dict(zip(header, row)) for row in cells[start + 1:] if row[0] is not None]


def unique_by_oracle(puzzle: Sudoku) -> bool:
    shape = puzzle.shape
    return len(mrv_count(list(puzzle.cells), puzzle.n, shape.box_rows, shape.box_cols, limit=2)) == 1


def test_a_small_batch_makes_an_index_and_a_sheet_per_puzzle(tmp_path, capsys):
    out = tmp_path / "six.xlsx"
    code, text, _ = run_cli(capsys, "generate", "sudoku", "--size", "6", "--count", "3", "--seed", "5",
                            "--minimal", "-o", out)
    assert code == EXIT_ALL_UNIQUE and "3 puzzles 6x6 (box 2x3)" in text and "seed 5" in text
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Index", "Sudoku 1", "Sudoku 2", "Sudoku 3"]
    params, rows = index_rows(out)
    assert book["Index"]["A1"].value.startswith(INDEX_TITLE)
    assert "seed: 5" in params and "size: 6x6" in params and "symmetry: none" in params
    assert any(p.startswith("again: xlsolver generate sudoku --size 6 --box 2x3 --count 3") and "--seed 5" in p
               and "--minimal" in p for p in params)
    assert [r["seed"] for r in rows] == ["5:0", "5:1", "5:2"] and {r["minimal"] for r in rows} == {"yes"}
    ours = OpenpyxlWorkbook.open(out)
    for row in rows:
        layout, puzzle = read_sudoku(ours.snapshot(row["sheet"]))
        assert puzzle == Sudoku.from_text(row["puzzle"]) and puzzle.clues == row["clues"]
        assert unique_by_oracle(puzzle)
        assert puzzle == make_puzzle(Shape(2, 3), row["seed"]).puzzle  # the seed makes it again
        ws = book[row["sheet"]]
        assert ws.print_area and ws.sheet_properties.pageSetUpPr.fitToPage


def test_solving_the_batch_finds_every_puzzle_unique_and_skips_the_index(tmp_path, capsys):
    out = tmp_path / "nine.xlsx"
    assert run_cli(capsys, "generate", "sudoku", "--count", "4", "--seed", "s", "-o", out)[0] == EXIT_ALL_UNIQUE
    code, text, _ = run_cli(capsys, "solve", out, "--json")
    records = [json.loads(line) for line in text.splitlines()]
    assert code == EXIT_ALL_UNIQUE
    assert [(r["sheet"], r["status"]) for r in records] == [(f"Sudoku {i}", "unique") for i in range(1, 5)]


def test_text_output_holds_the_same_puzzles_one_per_line(tmp_path, capsys):
    book, text = tmp_path / "a.xlsx", tmp_path / "a.txt"
    for out in (book, text):
        assert run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "5", "--seed", "t", "-o", out)[0] == 0
    lines = text.read_text().splitlines()
    assert lines == [row["puzzle"] for row in index_rows(book)[1]] and len(lines) == 5
    assert all(unique_by_oracle(Sudoku.from_text(line)) for line in lines)
    code, solved, _ = run_cli(capsys, "solve", text)
    assert code == EXIT_ALL_UNIQUE and solved.count("unique") == 5


def test_the_same_seed_gives_the_same_puzzles_whatever_the_workers(tmp_path, capsys):
    outs = []
    for k, (seed, workers) in enumerate([("7", "1"), ("7", "2"), ("8", "1")]):
        out = tmp_path / f"{k}.txt"
        run_cli(capsys, "generate", "sudoku", "--count", "3", "--seed", seed, "--workers", workers, "-o", out)
        outs.append(out.read_text())
    assert outs[0] == outs[1] != outs[2]


def test_without_a_seed_one_is_drawn_printed_and_makes_the_batch_again(tmp_path, capsys):
    first = tmp_path / "first.txt"
    code, text, _ = run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "2", "-o", first, "--json")
    record = json.loads(text)
    assert code == 0 and record["kind"] == "sudoku" and record["count"] == 2
    again = tmp_path / "again.txt"
    run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "2", "--seed", record["seed"], "-o", again)
    assert again.read_text() == first.read_text() == "".join(p + "\n" for p in record["puzzles"])


def test_other_box_shapes_and_symmetry(tmp_path, capsys):
    out = tmp_path / "tall.xlsx"
    code, _, _ = run_cli(capsys, "generate", "sudoku", "--box", "3x2", "--count", "2", "--seed", "1",
                         "--symmetry", "mirror", "-o", out)
    assert code == 0
    book = OpenpyxlWorkbook.open(out)
    for name in ("Sudoku 1", "Sudoku 2"):
        layout, puzzle = read_sudoku(book.snapshot(name))
        assert layout.shape == Shape(3, 2) and unique_by_oracle(puzzle)
        assert all(bool(puzzle.cells[r * 6 + c]) == bool(puzzle.cells[r * 6 + 5 - c]) for r in range(6) for c in range(6))


@pytest.mark.parametrize("args, message", [
    (["--size", "7"], "7x7 has no usual box shape"),
    (["--size", "9", "--box", "2x3"], "--box 2x3 makes 6x6 grids, not --size 9"),
    (["--box", "three"], 'box "three" is not ROWSxCOLS'),
    (["--size", "6", "--symmetry", "rot90"], "--symmetry rot90 needs square boxes, not 2x3"),
    (["--count", "0"], "--count must be at least 1"),
    (["--workers", "0"], "--workers must be at least 1"),
])
def test_bad_arguments_are_one_clear_line(tmp_path, capsys, args, message):
    code, _, err = run_cli(capsys, "generate", "sudoku", *args, "-o", tmp_path / "x.xlsx")
    assert code == EXIT_INPUT_ERROR and message in err and "Traceback" not in err
    assert not (tmp_path / "x.xlsx").exists()


def test_an_unknown_output_suffix_is_refused_before_any_work(tmp_path, capsys):
    code, _, err = run_cli(capsys, "generate", "sudoku", "-o", tmp_path / "x.pdf")
    assert code == EXIT_INPUT_ERROR and "write a workbook (.xlsx, .xlsm) or a text file" in err


def test_help_teaches_with_examples(capsys):
    with pytest.raises(SystemExit):
        main(["generate", "sudoku", "--help"])
    text = capsys.readouterr().out
    assert "xlsolver generate sudoku --count 1200 -o puzzles.xlsx" in text and "--minimal" in text
    assert run_cli(capsys, "generate")[0] == EXIT_INPUT_ERROR  # no kind: the list of kinds


def test_progress_reaches_the_options_and_a_stop_keeps_what_was_made(tmp_path):
    seen = []
    report = generate_sudoku(SudokuRequest(Shape(2, 2), 4, "p"), tmp_path / "p.txt", Options(progress=seen.append))
    assert report.status == "done" and [p.done for p in seen] == [0, 1, 2, 3, 4] and seen[-1].fraction == 1.0
    assert seen[-1].what == "generating 4x4 sudoku"

    def stop_after_two(p):
        if p.done == 2:
            raise BudgetExhausted("stopped by the user")

    report = generate_sudoku(SudokuRequest(Shape(2, 2), 4, "p", workers=1), tmp_path / "q.txt",
                             Options(progress=stop_after_two))
    assert report.status == "gave_up" and "stopped by the user" in report.message
    assert (tmp_path / "q.txt").read_text().splitlines() == (tmp_path / "p.txt").read_text().splitlines()[:2]


def test_a_source_may_add_index_columns_and_parameters(tmp_path):
    """The hook a rating filter uses: puzzles from elsewhere, with a level column."""
    def rated(request, progress):
        for i in range(request.count):
            made = make_puzzle(request.shape, f"{request.seed}:{i}")
            progress(i + 1, request.count)
            yield made, {"level": "easy" if made.puzzle.clues > 6 else "hard"}

    request = SudokuRequest(Shape(2, 2), 2, "r", minimal=True, parameters={"level": "any"})
    generate_sudoku(request, tmp_path / "r.xlsx", source=rated)
    params, rows = index_rows(tmp_path / "r.xlsx")
    assert "level: any" in params and all(r["level"] in ("easy", "hard") for r in rows)
    assert any("--level any" in p for p in params)


def test_a_request_is_checked_before_any_work(tmp_path):
    with pytest.raises(InputError, match="not one of"):
        generate_sudoku(SudokuRequest(Shape(3, 3), symmetry="spiral"), tmp_path / "s.xlsx")


def test_the_stop_exit_code_is_one(tmp_path, capsys, monkeypatch):
    from xlsolver.jobs import generate as job

    def stopped(request, progress):
        raise BudgetExhausted("interrupted")
        yield  # pragma: no cover - a generator that stops at once

    monkeypatch.setattr(job, "sudoku_puzzles", stopped)
    code, text, _ = run_cli(capsys, "generate", "sudoku", "-o", tmp_path / "z.xlsx")
    assert code == EXIT_NOT_ALL_UNIQUE and "0 puzzles" in text and not (tmp_path / "z.xlsx").exists()


def test_the_bar_on_a_terminal_counts_puzzles():
    import io

    from xlsolver.cli.common import ProgressBar
    from xlsolver.core.progress import Progress

    stream = io.StringIO()
    bar = ProgressBar(stream, enabled=True, noun="puzzle")
    bar(Progress("generating 9x9 sudoku", fraction=0.5, done=600, total=1200, seconds=3.0))
    assert "generating 9x9 sudoku 600/1200 [" in stream.getvalue() and "50%" in stream.getvalue()
    bar.done()
    assert stream.getvalue().endswith("\r\033[K")
    quiet = io.StringIO()
    ProgressBar(quiet, enabled=False)(Progress("x", fraction=1.0, done=1, total=1))
    assert quiet.getvalue() == ""


# --- -o naming a file that exists: refused before any work unless --force -------------


def _no_work(monkeypatch):
    """Make generating a puzzle fail the test: a refusal must come before any work."""
    from xlsolver.jobs import generate as job

    def work(request, progress):
        raise AssertionError("puzzles were generated before the output was checked")
        yield  # pragma: no cover

    monkeypatch.setattr(job, "sudoku_puzzles", work)


@pytest.mark.parametrize("name", ["book.xlsx", "puzzles.txt"])
def test_an_existing_output_is_refused_before_any_work(tmp_path, capsys, monkeypatch, name):
    """generate -o existing.xlsx replaced the whole workbook, every sheet the user had."""
    out = tmp_path / name
    if name.endswith(".xlsx"):
        book = openpyxl.Workbook()
        book.active.title = "My notes"
        book.active["A1"] = "keep me"
        book.save(out)
    else:
        out.write_text("my own puzzles\n")
    before = out.read_bytes()
    _no_work(monkeypatch)
    code, text, err = run_cli(capsys, "generate", "sudoku", "--size", "4", "-o", out)
    assert code == EXIT_INPUT_ERROR and text == ""
    assert err.splitlines() == [f"xlsolver: {out}: exists already; generate writes a new file: name another, "
                                "or pass --force to replace it (with all it holds)"]
    assert out.read_bytes() == before


def test_force_replaces_an_existing_output(tmp_path, capsys):
    out = tmp_path / "book.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "My notes"
    book.save(out)
    code, text, _ = run_cli(capsys, "generate", "sudoku", "--size", "4", "--seed", "1", "-o", out, "--force")
    assert code == EXIT_ALL_UNIQUE and f"written to {out}" in text
    assert openpyxl.load_workbook(out).sheetnames == ["Index", "Sudoku 1"]


@pytest.mark.parametrize("where, message", [
    ("folder", "is a folder; name the file to write"),
    ("missing/book.xlsx", "does not exist; make it first"),
])
def test_an_output_that_cannot_be_written_is_refused_before_any_work(tmp_path, capsys, monkeypatch, where,
                                                                      message):
    (tmp_path / "folder.xlsx").mkdir()
    out = tmp_path / ("folder.xlsx" if where == "folder" else where)
    _no_work(monkeypatch)
    code, _, err = run_cli(capsys, "generate", "sudoku", "-o", out)
    assert code == EXIT_INPUT_ERROR and message in err and len(err.splitlines()) == 1


def test_help_says_an_existing_output_needs_force(capsys):
    with pytest.raises(SystemExit):
        main(["generate", "sudoku", "--help"])
    text = capsys.readouterr().out
    assert "--force" in text and "exists" in text


def test_the_written_line_comes_once_and_names_what_was_written(tmp_path, capsys):
    """One line says where the output went: a workbook is a painted workbook, a text file holds puzzles."""
    from xlsolver.cli import main

    for name, what in (("one.xlsx", "painted workbook"), ("one.txt", "puzzles")):
        code = main(["generate", "sudoku", "--box", "2x2", "--count", "1", "--seed", "w", "-o", str(tmp_path / name)])
        out = capsys.readouterr().out
        assert code == 0
        assert [line for line in out.splitlines() if "written to" in line] == [f"{what} written to {tmp_path / name}"]
