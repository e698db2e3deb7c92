"""The command line end to end: real files in, painted files and verdicts out."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import openpyxl
import pytest

from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "workbooks" / "nonogram.xlsx"

# A 6-wide, 4-high arrow made for these tests; the clues are computed from it.
ARROW = ["...##.", "######", "######", "...##."]


def runs(bits):
    out, n = [], 0
    for b in list(bits) + [0]:
        if b:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return out


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run_cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def arrow_columns():
    """Column clues of ARROW, computed so the test data cannot drift from the picture."""
    grid = np.array([[ch == "#" for ch in row] for row in ARROW])
    return [runs(grid[:, j]) for j in range(grid.shape[1])]


@pytest.fixture
def arrow_non(tmp_path):
    cols = arrow_columns()
    rows = [runs(ch == "#" for ch in r) for r in ARROW]
    text = 'title "Arrow"\nwidth 6\nheight 4\n\nrows\n' + "\n".join(",".join(map(str, r)) for r in rows)
    text += "\n\ncolumns\n" + "\n".join(",".join(map(str, c)) for c in cols) + "\n"
    path = tmp_path / "arrow.non"
    path.write_text(text)
    return path


def test_help_teaches_with_examples(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["solve", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out and "--in-place" in out and "exit status" in out


def test_module_entry_point_runs():
    done = subprocess.run([sys.executable, "-m", "xlsolver", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.startswith("xlsolver ")


def test_a_reader_that_goes_away_gets_no_traceback(tmp_path):
    """``xlsolver solve BOOK | head -1``: the reader closes the pipe before xlsolver
    prints; the painted copy is written all the same, and no traceback appears."""
    out = tmp_path / "solved.xlsx"
    child = subprocess.Popen([sys.executable, "-m", "xlsolver", "solve", str(BUNDLED), "-o", str(out)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()  # gone before the first line is written
    err = child.stderr.read().decode()
    assert child.wait() == 141, err
    assert "Traceback" not in err and "Error" not in err
    assert out.exists()


def test_solve_non_file_json(capsys, arrow_non):
    code, out, _ = run_cli(capsys, "solve", arrow_non, "--json")
    assert code == EXIT_ALL_UNIQUE
    record = json.loads(out.strip())
    assert record["status"] == "unique" and record["kind"] == "nonogram"
    assert (record["rows"], record["cols"]) == (4, 6)
    assert record["solution"] == ARROW
    for key in ("source", "sheet", "seconds", "message"):
        assert key in record


def test_import_then_solve_paints_the_solution(capsys, tmp_path, arrow_non):
    book = tmp_path / "arrow.xlsx"
    code, _, _ = run_cli(capsys, "import", arrow_non, "-o", book)
    assert code == EXIT_ALL_UNIQUE and book.exists()
    before = digest(book)
    code, out, _ = run_cli(capsys, "solve", book, "--json")
    assert code == EXIT_ALL_UNIQUE
    record = json.loads(out.splitlines()[0])
    assert record["solution"] == ARROW
    assert digest(book) == before, "the input workbook must not change"
    painted = openpyxl.load_workbook(record["output"])[record["sheet"]]
    fills = [c.fill.fgColor.rgb[-6:] for row in painted.iter_rows() for c in row if c.fill.fill_type == "solid"]
    assert fills.count("808080") == sum(row.count("#") for row in ARROW)
    assert fills.count("FFFFFF") == sum(row.count(".") for row in ARROW)


def test_in_place_changes_the_input(capsys, tmp_path, arrow_non):
    book = tmp_path / "arrow.xlsx"
    run_cli(capsys, "import", arrow_non, "-o", book)
    before = digest(book)
    code, _, _ = run_cli(capsys, "solve", book, "--in-place")
    assert code == EXIT_ALL_UNIQUE
    assert digest(book) != before
    assert not (tmp_path / "arrow.solved.xlsx").exists()


def test_typo_in_hint_names_sheet_and_cell(capsys, tmp_path, arrow_non):
    book = tmp_path / "arrow.xlsx"
    run_cli(capsys, "import", arrow_non, "-o", book)
    wb = openpyxl.load_workbook(book)
    ws = wb.worksheets[0]
    # Find a row-hint cell holding a number and replace it with a typo.
    target = next(c for row in ws.iter_rows() for c in row if isinstance(c.value, int))
    target.value = "x"
    wb.save(book)
    before = digest(book)
    code, out, err = run_cli(capsys, "solve", book)
    assert code == EXIT_INPUT_ERROR
    assert f'{ws.title}!{target.coordinate}: hint "x" is not a number' in err  # errors: one line on stderr
    assert "Traceback" not in out + err
    assert digest(book) == before
    assert not (tmp_path / "arrow.solved.xlsx").exists()


def test_missing_file_is_an_input_error(capsys, tmp_path):
    code, out, err = run_cli(capsys, "solve", tmp_path / "nope.xlsx")
    assert code == EXIT_INPUT_ERROR
    assert "nope.xlsx" in out + err and "Traceback" not in out + err


def test_not_a_workbook_is_an_input_error(capsys, tmp_path):
    bogus = tmp_path / "bogus.xlsx"
    bogus.write_text("not a zip file")
    code, out, err = run_cli(capsys, "solve", bogus)
    assert code == EXIT_INPUT_ERROR and "bogus.xlsx" in out + err


def test_bad_non_file_names_the_line(capsys, tmp_path):
    bad = tmp_path / "bad.non"
    bad.write_text("width 2\nheight 1\nrows\n1,x\ncolumns\n1\n1\n")
    code, _, err = run_cli(capsys, "solve", bad)
    assert code == EXIT_INPUT_ERROR
    assert "bad.non" in err and err.startswith("xlsolver: ")


@pytest.mark.skipif(not BUNDLED.exists(), reason="workbooks/nonogram.xlsx has not been made")
def test_bundled_workbook_gives_every_verdict(capsys, tmp_path):
    book = tmp_path / "nonogram.xlsx"
    shutil.copy(BUNDLED, book)
    before = digest(book)
    code, out, _ = run_cli(capsys, "solve", book, "--json")
    records = [json.loads(line) for line in out.splitlines()]
    statuses = {r["status"] for r in records}
    assert {"unique", "multiple", "none"} <= statuses
    assert code == EXIT_NOT_ALL_UNIQUE
    assert digest(book) == before
    assert (tmp_path / "nonogram.solved.xlsx").exists()
    for r in records:
        if r["status"] == "multiple":
            a, b = r["solutions"]
            assert a != b


@pytest.mark.parametrize("budget", ["-1", "0", "nan", "inf", "soon"])
@pytest.mark.parametrize("command", [["solve", "x.non"], ["tile", "--board", "6x10"], ["picture", "x.png"]])
def test_a_budget_must_be_seconds_above_zero(command, budget, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([*command, "--budget", budget])
    assert stopped.value.code == EXIT_INPUT_ERROR
    assert "--budget" in capsys.readouterr().err


def test_ctrl_c_exits_130_with_one_line(monkeypatch, capsys):
    import xlsolver.jobs as jobs

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(jobs, "_run_path", interrupted)
    assert main(["solve", "x.non"]) == 130
    assert capsys.readouterr().err == "xlsolver: interrupted\n"


def test_each_inputs_lines_come_out_before_the_next_input_is_worked_on(tmp_path, monkeypatch, capsys):
    """Reports stream: the first file's verdict is printed while the second is still to come,
    and a Ctrl-C then keeps what was printed."""
    import xlsolver.jobs as jobs

    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    first.write_text("1/1|1/1\n")
    second.write_text("1|1\n")
    seen_before_second = []
    original = jobs._run_path

    def watched(path, *args):
        if path == second:
            seen_before_second.append(capsys.readouterr().out)
            raise KeyboardInterrupt
        return original(path, *args)

    monkeypatch.setattr(jobs, "_run_path", watched)
    assert main(["solve", str(first), str(second)]) == 130
    [printed] = seen_before_second
    assert printed.startswith("first.txt: multiple, 2x2, ")


def _laid_out_book(folder: Path) -> Path:
    book = folder / "book.xlsx"
    book.write_bytes((Path(__file__).resolve().parent.parent / "workbooks" / "nonogram.xlsx").read_bytes())
    return book


@pytest.mark.parametrize("output, words", [
    ("{book}", "-o names the input itself"),
    ("{dir}/out.csv", "name the -o file .xlsx"),
    ("{dir}/book.xlsm", "only a macro workbook"),
    ("{dir}/missing/", "does not exist"),
    ("{dir}/missing/out.xlsx", "does not exist"),
])
def test_an_output_that_would_lose_something_is_refused_before_any_work(tmp_path, capsys, output, words):
    book = _laid_out_book(tmp_path)
    before = book.read_bytes()
    code = main(["solve", str(book), "-o", output.format(book=book, dir=tmp_path)])
    err = capsys.readouterr().err
    assert code == EXIT_INPUT_ERROR and words in err and err.count("\n") == 1
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]  # nothing written


def test_a_puzzle_file_is_never_its_own_output(tmp_path, capsys):
    puzzle = tmp_path / "p.non"
    puzzle.write_text("width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n")
    before = puzzle.read_bytes()
    assert main(["solve", str(puzzle), "-o", str(puzzle)]) == EXIT_INPUT_ERROR
    assert puzzle.read_bytes() == before


def test_a_folder_gets_one_output_per_input_even_for_one_stem(tmp_path, capsys):
    (tmp_path / "p.non").write_text("width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n")
    (tmp_path / "p.txt").write_text("1/3/1|1/3/1\n")
    out = tmp_path / "out"
    out.mkdir()
    assert main(["solve", str(tmp_path / "p.non"), str(tmp_path / "p.txt"), "-o", str(out)]) == EXIT_ALL_UNIQUE
    assert sorted(p.name for p in out.iterdir()) == ["p-non.solved.xlsx", "p-txt.solved.xlsx"]
    book = _laid_out_book(tmp_path)
    assert main(["solve", str(book), "--sheet", "Heart", "-o", str(out) + "/"]) == EXIT_ALL_UNIQUE
    assert (out / "book.solved.xlsx").exists()


def test_a_missing_input_is_named_as_missing(tmp_path, capsys):
    """A path that names no file says so, whatever its suffix, beside the other inputs' verdicts."""
    from xlsolver.cli import main

    good = tmp_path / "good.txt"
    good.write_text("1/1|1/1\n")
    code = main(["solve", str(tmp_path / "gone.txt"), str(tmp_path / "gone.xlsx"), str(good)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.err.splitlines() == [f"xlsolver: {tmp_path / 'gone.txt'}: no such file",
                                         f"xlsolver: {tmp_path / 'gone.xlsx'}: no such file"]
    assert captured.out.startswith("good.txt: multiple, 2x2, ")  # the other input's verdict still comes
