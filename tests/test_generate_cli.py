"""``xlsolver generate sudoku``: small batches to workbooks and text files, the
Index sheet, determinism for a seed, the hooks of the job, and bad arguments; the
batch as a stream (a line per puzzle as it is made, a text file written as the
puzzles come, what a stopped run leaves, flat memory). Each puzzle written is
checked by the oracle's own solution counter."""

from __future__ import annotations

import importlib.util
import json
import re
import tracemalloc
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.core import InputError
from xlsolver.core.budget import BudgetExhausted
from xlsolver.jobs import Options
from xlsolver.jobs.generate import SudokuRequest, generate_sudoku, sudoku_batch, sudoku_puzzles
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
    *puzzles, batch = [json.loads(line) for line in text.splitlines()]
    assert code == 0 and batch["kind"] == "sudoku" and batch["count"] == 2
    again = tmp_path / "again.txt"
    run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "2", "--seed", batch["seed"], "-o", again)
    assert again.read_text() == first.read_text() == "".join(p["puzzle"] + "\n" for p in puzzles)
    assert [p["seed"] for p in puzzles] == [f"{batch['seed']}:0", f"{batch['seed']}:1"]


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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p.txt", "q.txt"]  # no temporary file left


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


# --- the batch as a stream: a line per puzzle as it is made -------------------------------

PUZZLE_LINE = re.compile(r"^(?P<name>.+): made, (?P<n>\d+)x(?P=n), (?P<clues>\d+) clues( \(minimal\))?, "
                         r"seed (?P<seed>\S+), [\d.]+ s$")


def test_each_puzzle_has_its_line_in_order_then_the_batch_line(tmp_path, capsys):
    out = tmp_path / "class.txt"
    code, text, err = run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "5", "--seed", "c",
                              "--minimal", "-o", out)
    lines = text.splitlines()
    assert code == EXIT_ALL_UNIQUE and err == "" and len(lines) == 7
    found = [PUZZLE_LINE.match(line) for line in lines[:5]]
    assert all(found)
    # Each is named as `xlsolver solve class.txt` names that line, and carries its seed.
    assert [(m["name"], m["seed"], m["n"]) for m in found] == [(f"class {i}", f"c:{i - 1}", "4") for i in range(1, 6)]
    puzzles = [Sudoku.from_text(line) for line in out.read_text().splitlines()]
    assert [int(m["clues"]) for m in found] == [p.clues for p in puzzles]
    assert lines[5].startswith("class.txt: 5 puzzles 4x4 (box 2x2), ") and lines[6] == f"puzzles written to {out}"
    code, solved, _ = run_cli(capsys, "solve", out)
    assert [line.split(":")[0] for line in solved.splitlines()[:5]] == [m["name"] for m in found]


def test_json_gives_an_object_per_puzzle_each_proven_unique_and_equal_to_the_file(tmp_path, capsys):
    out = tmp_path / "six.txt"
    code, text, _ = run_cli(capsys, "generate", "sudoku", "--size", "6", "--count", "4", "--seed", "j",
                            "--json", "-o", out)
    *made, batch = [json.loads(line) for line in text.splitlines()]
    assert code == EXIT_ALL_UNIQUE and len(made) == 4
    assert [(m["index"], m["line"], m["status"], m["kind"], m["seed"]) for m in made] == [
        (i, i, "done", "sudoku", f"j:{i - 1}") for i in range(1, 5)]
    assert out.read_text().splitlines() == [m["puzzle"] for m in made]
    for m in made:
        puzzle = Sudoku.from_text(m["puzzle"])
        assert unique_by_oracle(puzzle) and puzzle.clues == m["clues"] and m["box"] == "2x3"
    # The batch's object counts and sums up; the puzzles are in the objects before it, not held again.
    clues = [m["clues"] for m in made]
    assert batch["count"] == 4 and batch["output"] == str(out) and batch["status"] == "done"
    assert (batch["fewest_clues"], batch["most_clues"]) == (min(clues), max(clues))
    assert batch["mean_clues"] == round(sum(clues) / 4, 2) and "puzzles" not in batch and "index" not in batch


def test_json_of_a_workbook_batch_names_each_sheet_and_gives_the_extra_columns(tmp_path, capsys):
    out = tmp_path / "easy.xlsx"
    code, text, _ = run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "3", "--seed", "e",
                            "--level", "easy", "--json", "-o", out)
    *made, batch = [json.loads(line) for line in text.splitlines()]
    rows = index_rows(out)[1]
    assert code == EXIT_ALL_UNIQUE and batch["count"] == 3
    assert [(m["sheet"], m["puzzle"], m["level"], m["score"]) for m in made] == [
        (r["sheet"], r["puzzle"], r["level"], r["score"]) for r in rows]
    assert all("line" not in m and m["level"] == "easy" for m in made)


def test_the_same_seed_gives_the_same_puzzles_in_runs_of_several(tmp_path):
    """24 puzzles on 2 workers go out in runs of 3: still puzzle i from S:i, in order."""
    def made(workers):
        return [(g.seed, g.puzzle) for g, _ in sudoku_puzzles(SudokuRequest(Shape(2, 2), 24, "w", workers=workers),
                                                              lambda done, total: None)]

    one = made(1)
    assert made(2) == one and [seed for seed, _ in one] == [f"w:{i}" for i in range(24)]
    assert all(unique_by_oracle(puzzle) for _, puzzle in one)


def test_the_reports_come_as_the_puzzles_are_made(tmp_path):
    """The stream gives puzzle k's report before puzzle k+1 is asked of the source,
    while the text file is being written beside its target."""
    out = tmp_path / "s.txt"
    asked = []

    def source(request, progress):
        for i in range(request.count):
            asked.append(i)
            yield make_puzzle(request.shape, f"{request.seed}:{i}", minimal=False), {}
            progress(i + 1, request.count)

    for report in sudoku_batch(SudokuRequest(Shape(2, 2), 3, "s"), out, source=source):
        if report.sheet is not None:
            assert asked[-1] == report.extra["index"] - 1
            assert [p.name.startswith(".s.txt.") and p.suffix == ".tmp" for p in tmp_path.iterdir()] == [True]
    assert len(out.read_text().splitlines()) == 3 and [p.name for p in tmp_path.iterdir()] == ["s.txt"]


@pytest.mark.parametrize("name", ["k.txt", "k.xlsx"])
def test_ctrl_c_or_a_stream_closed_early_leaves_no_file_and_no_temporary(tmp_path, name):
    out = tmp_path / name

    def interrupt(p):
        if p.done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate_sudoku(SudokuRequest(Shape(2, 2), 4, "k", workers=1), out, Options(progress=interrupt))
    assert list(tmp_path.iterdir()) == []
    stream = sudoku_batch(SudokuRequest(Shape(2, 2), 4, "k", workers=1), out)
    assert next(stream).extra["index"] == 1
    stream.close()
    assert list(tmp_path.iterdir()) == []


def test_a_stop_before_the_first_puzzle_writes_no_file(tmp_path):
    def stop(p):
        raise BudgetExhausted("no time")

    report = generate_sudoku(SudokuRequest(Shape(2, 2), 3, "z"), tmp_path / "z.txt", Options(progress=stop))
    assert report.status == "gave_up" and report.output is None and list(tmp_path.iterdir()) == []


def refuse_the_third(made):
    """An accept filter that no try of puzzle 3's seed passes."""
    return not made.seed.startswith("n:2")


def test_a_puzzle_that_cannot_be_made_is_one_error_line_and_the_rest_is_kept(tmp_path, capsys, monkeypatch):
    from xlsolver.jobs import generate as job

    out = tmp_path / "n.txt"
    reports = list(sudoku_batch(SudokuRequest(Shape(2, 2), 4, "n", workers=1, accept=refuse_the_third), out))
    assert [r.status for r in reports] == ["done", "done", "error", "gave_up"]
    assert reports[2].message.startswith("n 3 (seed n:2) could not be made: no puzzle of 100")
    assert out.read_text().splitlines() == [r.extra["puzzle"] for r in reports[:2]]
    assert "stopped: puzzle 3 could not be made" in reports[3].message and reports[3].extra["count"] == 2

    real = job.sudoku_puzzles
    monkeypatch.setattr(job, "sudoku_puzzles",
                        lambda request, progress: real(replace(request, accept=refuse_the_third), progress))
    code, text, err = run_cli(capsys, "generate", "sudoku", "--size", "4", "--count", "4", "--seed", "n",
                              "-o", tmp_path / "cli.txt")
    assert code == EXIT_INPUT_ERROR and err.splitlines() == [
        "xlsolver: cli 3 (seed n:2) could not be made: no puzzle of 100 made from seed n:2 was accepted"]
    assert len(text.splitlines()) == 4 and "Traceback" not in err  # 2 puzzles, the batch, the file written


def test_a_text_batch_holds_no_more_memory_for_more_puzzles(tmp_path):
    """Python's allocations at their peak are the same for 300 puzzles as for 3000:
    the text file is written as they come and the figures are running ones."""
    made = [make_puzzle(Shape(3, 3), f"m:{i}", minimal=False) for i in range(3)]

    def source(request, progress):
        for i in range(request.count):
            yield made[i % 3], {}
            progress(i + 1, request.count)

    def peak(count):
        tracemalloc.start()
        try:
            for report in sudoku_batch(SudokuRequest(Shape(3, 3), count, "m"), tmp_path / f"{count}.txt",
                                       source=source):
                json.dumps(report.to_json())
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(100)  # once first: what the first run loads or caches is no batch's
    small, large = peak(300), peak(3000)
    assert len((tmp_path / "3000.txt").read_text().splitlines()) == 3000
    assert large < small + 64 * 1024  # holding 3000 puzzles would take megabytes
