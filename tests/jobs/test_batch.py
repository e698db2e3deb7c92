"""Batches: folders and patterns, streaming in input order, the same results on
one worker and on a pool, a worker that dies, --skip-done and a stopped batch."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import openpyxl
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from xlsolver.jobs import ERROR, SKIPPED
from xlsolver.jobs.batch import Batch, Counts, Unmatched, expand, prepare, run_batch
from xlsolver.jobs.runners import DIED, Failure, PoolRunner, SerialRunner

ROOT = Path(__file__).resolve().parents[2]
WORKBOOKS = ROOT / "workbooks"
SECONDS = re.compile(r'"seconds": [0-9.e-]+')


def _class(folder: Path, copies: int = 2) -> list[Path]:
    """A class's folder: copies of the bundled sudoku and nonogram workbooks, one in a sub-folder."""
    (folder / "sub").mkdir(parents=True)
    made = []
    for i in range(copies):
        for name in ("sudoku", "nonogram"):
            target = folder / ("sub" if i == 0 and name == "nonogram" else "") / f"{name}{i}.xlsx"
            shutil.copy(WORKBOOKS / f"{name}.xlsx", target)
            made.append(target)
    return made


def _lines_file(path: Path, count: int = 30) -> Path:
    """Sudoku lines the project makes (fixed seed), with blank lines, comments, a broken
    line, a six-by-six and a puzzle with several solutions among them."""
    from xlsolver.sudoku import Shape
    from xlsolver.sudoku.generator import generate

    made = [g.puzzle.to_text() for g in generate(Shape(3, 3), count, "batch-test", "none", False, workers=1)]
    six = next(iter(generate(Shape(2, 3), 1, "batch-six", "none", False, workers=1))).puzzle.to_text()
    lines = ["# a class's puzzles", ""] + made[:10] + ["12x", six, "." * 81] + made[10:]
    path.write_text("\n".join(lines) + "\n")
    return path


def _masked(lines) -> list[str]:
    return [SECONDS.sub('"seconds": 0', line.text) + (line.error or "") for line in lines]


def _cells(path: Path) -> dict:
    """Every sheet's values and fills: what a person sees of a painted workbook."""
    book = openpyxl.load_workbook(path)
    return {ws.title: {(c.row, c.column): (c.value, c.fill.fgColor.rgb if c.fill.fill_type else None)
                       for row in ws.iter_rows() for c in row if c.value is not None or c.fill.fill_type}
            for ws in book.worksheets}


def _batch(**kw) -> Batch:
    return Batch(**{"as_json": True, **kw})


# --- finding inputs ---------------------------------------------------------------


def test_a_folder_gives_its_workbooks_and_puzzle_files_but_not_painted_copies_lock_or_hidden_files(tmp_path):
    made = _class(tmp_path / "class")
    (tmp_path / "class" / "sudoku0.solved.xlsx").write_bytes(b"painted before")
    (tmp_path / "class" / "~$sudoku0.xlsx").write_bytes(b"lock")
    (tmp_path / "class" / ".hidden.xlsx").write_bytes(b"hidden")
    (tmp_path / "class" / "notes.md").write_text("not a puzzle")
    _lines_file(tmp_path / "class" / "lines.txt", 3)
    found = expand([tmp_path / "class"])
    assert sorted(found) == sorted(made + [tmp_path / "class" / "lines.txt"])
    assert found == sorted(found, key=str)


def test_a_pattern_matches_files_and_one_that_matches_nothing_is_kept_to_be_reported(tmp_path):
    made = _class(tmp_path / "class")
    found = expand([tmp_path / "class" / "*.xlsx", tmp_path / "none" / "*.xlsx"])
    assert found[:-1] == sorted(p for p in made if p.parent == tmp_path / "class")
    assert found[-1] == Unmatched(str(tmp_path / "none" / "*.xlsx"), "no workbook or puzzle file matches this pattern")
    assert expand([tmp_path / "class" / "**" / "*.xlsx"]) == sorted(made, key=str)


def test_a_file_named_twice_is_worked_on_once_and_a_painted_copy_named_outright_is_taken(tmp_path):
    made = _class(tmp_path / "class")
    painted = tmp_path / "class" / "sudoku0.solved.xlsx"
    shutil.copy(made[0], painted)
    sudoku0, _, sudoku1, nonogram1 = made
    assert expand([sudoku0, tmp_path / "class" / "*.xlsx", painted]) == [sudoku0, nonogram1, sudoku1, painted]


# --- running ----------------------------------------------------------------------------


def test_a_folder_on_two_workers_gives_the_lines_and_workbooks_of_one_worker_in_input_order(tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    _class(one)
    _class(two)
    serial = list(run_batch(prepare([one]), _batch(), SerialRunner()))
    with PoolRunner(2) as pool:
        pooled = list(run_batch(prepare([two]), _batch(), pool))
    assert _masked(pooled) == [text.replace(str(one), str(two)) for text in _masked(serial)]
    assert [line.source for line in pooled] == [line.source.replace(str(one), str(two)) for line in serial]
    for a in sorted(one.rglob("*.solved.xlsx")):
        b = two / a.relative_to(one)
        assert _cells(a) == _cells(b), b


def test_puzzle_lines_in_small_runs_on_two_workers_are_the_lines_of_one_run_in_this_process(tmp_path):
    path = _lines_file(tmp_path / "class.txt")
    whole = list(run_batch(prepare([path]), _batch(), SerialRunner(), lines_per_task=10_000))
    with PoolRunner(2) as pool:
        cut = list(run_batch(prepare([path]), _batch(), pool, lines_per_task=7))
    assert _masked(cut) == _masked(whole)
    numbers = [json.loads(line.text).get("line") for line in whole]
    assert numbers == list(range(3, 13)) + [None] + list(range(14, 36))  # numbered as in the file
    assert "class.txt, line 13:" in whole[10].message
    statuses = [line.status.value for line in whole]
    assert statuses.count("error") == 1 and statuses.count("multiple") == 1 and statuses.count("unique") == 31
    from xlsolver.sudoku.model import Sudoku, is_solution

    for line in whole:
        data = json.loads(line.text)
        if data["status"] == "unique":
            grid = [int(ch, 36) for row in data["solution"] for ch in row]
            assert is_solution(Sudoku.from_text(data["puzzle"]), grid)


def test_one_puzzle_line_is_named_after_its_file_and_an_empty_file_is_an_error_naming_it(tmp_path):
    one = _lines_file(tmp_path / "one.txt", 1)
    one.write_text(one.read_text().replace("12x\n", "").replace("." * 81 + "\n", "").splitlines()[2] + "\n")
    [line] = run_batch(prepare([one]), _batch(), SerialRunner())
    assert line.sheet is None and line.status.value == "unique"
    empty = tmp_path / "empty.sdm"
    empty.write_text("# nothing here\n\n")
    [line] = run_batch(prepare([empty]), _batch(), SerialRunner())
    assert line.status == ERROR and str(empty) in line.message and "no puzzle lines" in line.message


def test_an_input_error_in_one_file_does_not_stop_the_others(tmp_path):
    made = _class(tmp_path / "class", copies=1)
    broken = tmp_path / "class" / "broken.xlsx"
    broken.write_bytes(b"PK\x03\x04 not really a workbook")
    lines = list(run_batch(prepare([tmp_path / "class"]), _batch(as_json=False), PoolRunner(2)))
    errors = [line for line in lines if line.status == ERROR]
    assert len(errors) == 1 and "broken.xlsx" in errors[0].message
    assert all((p.parent / f"{p.stem}.solved.xlsx").exists() for p in made)


def _crash_on_second(item):
    if item == 2:
        os._exit(3)
    return item * 10


def test_a_worker_that_dies_on_one_item_gives_that_item_a_failure_and_the_rest_their_results():
    with PoolRunner(2) as pool:
        got = list(pool.map(_crash_on_second, range(6), window=4))
    assert [item for item, _ in got] == list(range(6))
    assert got[2][1] == Failure(DIED)
    assert [result for item, result in got if item != 2] == [0, 10, 30, 40, 50]


def _raise_on_one(item):
    if item == 1:
        raise ValueError("a bug")
    return item


def test_an_exception_in_a_task_is_that_items_failure_in_every_runner():
    for runner in (SerialRunner(), PoolRunner(2)):
        with runner:
            got = dict(runner.map(_raise_on_one, range(3), window=2))
        assert isinstance(got[1], Failure) and "ValueError: a bug" in got[1].message
        assert got[0] == 0 and got[2] == 2


def test_a_batch_whose_worker_dies_on_one_workbook_reports_it_and_paints_the_others(tmp_path, monkeypatch):
    import xlsolver.jobs as jobs

    made = _class(tmp_path / "class", copies=2)
    victim = made[1]
    real = jobs._run_path

    def dies_on_victim(path, *args):
        if path == victim:
            os._exit(9)  # the worker process goes, as under the out-of-memory killer
        return real(path, *args)

    monkeypatch.setattr(jobs, "_run_path", dies_on_victim)  # forked workers inherit it
    with PoolRunner(2) as pool:
        lines = list(run_batch(prepare([tmp_path / "class"]), _batch(), pool))
    errors = [line for line in lines if line.status == ERROR]
    assert [e.source for e in errors] == [str(victim)] and "worker process" in errors[0].message
    assert all((p.parent / f"{p.stem}.solved.xlsx").exists() == (p != victim) for p in made)


def test_the_window_bounds_how_far_ahead_the_tasks_are_read(tmp_path):
    taken = []

    def items():
        for i in range(100):
            taken.append(i)
            yield i

    with PoolRunner(2) as pool:
        for item, result in pool.map(abs, items(), window=5):
            assert len(taken) <= item + 1 + 5
    assert len(taken) == 100


# --- skipping what is done -----------------------------------------------------------------


def test_skip_done_leaves_newer_complete_outputs_and_redoes_older_or_broken_ones(tmp_path):
    made = _class(tmp_path / "class", copies=2)
    list(run_batch(prepare([tmp_path / "class"]), _batch(), SerialRunner()))
    outputs = [p.parent / f"{p.stem}.solved.xlsx" for p in made]
    older, broken = made[0], made[1]
    future = time.time() + 5
    os.utime(older, (future, future))  # the input changed after its output was written
    outputs[1].write_bytes(outputs[1].read_bytes()[:200])  # an output cut short (not by xlsolver)
    os.utime(outputs[1], (future + 5, future + 5))
    lines = list(run_batch(prepare([tmp_path / "class"]), _batch(), SerialRunner(), skip_done=True))
    skipped = {line.source for line in lines if line.status == SKIPPED}
    worked = {line.source for line in lines if line.status != SKIPPED}
    assert skipped == {str(p) for p in made[2:]}
    assert worked == {str(older), str(broken)}
    assert all(line.ok for line in lines if line.status == SKIPPED)
    assert zipfile.is_zipfile(outputs[1])


# --- a stopped batch -----------------------------------------------------------------------------


def _cli(*args, **kw):
    return subprocess.Popen([sys.executable, "-m", "xlsolver", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


@pytest.mark.parametrize("workers", [["--workers", "1"], ["--workers", "2"], ["--scheduler", "local"]])
def test_ctrl_c_mid_batch_leaves_only_complete_files_and_skip_done_redoes_only_the_rest(tmp_path, workers):
    folder = tmp_path / "class"
    folder.mkdir()
    for i in range(24):
        shutil.copy(WORKBOOKS / "nonogram.xlsx", folder / f"n{i:02}.xlsx")
    run = _cli("solve", str(folder), *workers, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline and len(list(folder.glob("*.solved.xlsx"))) < 3:
        time.sleep(0.05)
    os.killpg(run.pid, signal.SIGINT)  # Ctrl-C reaches every process of the terminal's group
    out, err = run.communicate(timeout=60)
    assert run.returncode == 130, err
    assert err == "xlsolver: interrupted\n"  # from every process of the group: no traceback, no worker's noise
    written = sorted(folder.glob("*.solved.xlsx"))
    assert 3 <= len(written) < 24
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
    for path in written:
        assert openpyxl.load_workbook(path).sheetnames  # each one whole
    again = _cli("solve", str(folder), "--skip-done", *workers, "--json")
    out, err = again.communicate(timeout=120)
    lines = [json.loads(line) for line in out.splitlines()]
    redone = {Path(d["source"]).name for d in lines if d["status"] != "skipped"}
    assert {Path(d["source"]).name for d in lines} == {f"n{i:02}.xlsx" for i in range(24)}
    assert redone == {f"n{i:02}.xlsx" for i in range(24)} - {p.name.replace(".solved", "") for p in written}
    assert len(list(folder.glob("*.solved.xlsx"))) == 24


def test_counts_follow_the_batch(tmp_path):
    _class(tmp_path / "class", copies=1)
    counts = Counts()
    lines = list(run_batch(prepare([tmp_path / "class"]), _batch(), SerialRunner(), counts=counts))
    assert counts.files == counts.files_done == 2
    assert counts.puzzles == len(lines) and counts.bytes_done == counts.bytes > 0


# --- a Dask cluster ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster():
    """Two Dask workers, whose sudoku searches run the plain kernels, as the tests here
    make this process's do: which two solutions of a puzzle with several are shown
    depends on the kernels (plain or compiled) a process happens to run."""
    from xlsolver.jobs.dask_runner import DaskRunner

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XLSOLVER_KERNELS", "plain")  # the workers start with this environment
        with DaskRunner("local", workers=2) as runner:
            yield runner


@pytest.fixture(autouse=True)
def plain_kernels(monkeypatch):
    monkeypatch.setenv("XLSOLVER_KERNELS", "plain")


def test_a_local_dask_cluster_gives_the_lines_and_workbooks_of_one_worker(tmp_path, cluster):
    one, two = tmp_path / "one", tmp_path / "two"
    for folder in (one, two):
        _class(folder)
        _lines_file(folder / "lines.txt", 12)
    serial = list(run_batch(prepare([one]), _batch(), SerialRunner(), lines_per_task=5))
    dask = list(run_batch(prepare([two]), _batch(), cluster, lines_per_task=5))
    assert cluster.ships_bytes and cluster.workers == 2
    assert _masked(dask) == [text.replace(str(one), str(two)) for text in _masked(serial)]
    assert [line.output for line in dask] == [line.output and line.output.replace(str(one), str(two))
                                              for line in serial]
    painted = sorted(one.rglob("*.solved.xlsx"))
    assert len(painted) == 4
    for a in painted:
        assert _cells(a) == _cells(two / a.relative_to(one)), a


def test_a_dask_cluster_paints_in_place_and_reports_a_missing_file_as_a_local_run_does(tmp_path, cluster):
    [book] = [p for p in _class(tmp_path / "class", copies=1) if p.name.startswith("sudoku")]
    missing = tmp_path / "class" / "gone.xlsx"
    inputs = prepare([book, missing], in_place=True)
    lines = list(run_batch(inputs, _batch(in_place=True), cluster))
    assert lines[-1].status == ERROR and str(missing) in lines[-1].message
    assert {line.output for line in lines[:-1]} == {str(book)}
    assert not list((tmp_path / "class").glob("*.solved.xlsx"))
    again = list(run_batch(prepare([book]), _batch(action="clear"), SerialRunner()))
    assert all(line.status.value == "done" for line in again)  # what was painted is xlsolver's to clear


@settings(derandomize=True, max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["", " ", "#c", "x", "ab", "é", "\r", "\n", "\r\n", "\ufeff"]), max_size=30),
       st.sampled_from([1, 2, 3, 7, 64]))
def test_lines_read_in_blocks_are_numbered_as_a_whole_file_read_numbers_them(parts, block):
    from io import BytesIO

    from xlsolver.jobs.batch import _numbered

    data = "".join(parts).encode()
    text = data.decode().removeprefix("\ufeff")
    whole = [(n, line.strip()) for n, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1)]
    streamed = [(n, line) for n, line, _ in _numbered(BytesIO(data), block)]
    assert [x for x in streamed if x[1]] == [x for x in whole if x[1]]


def test_the_command_line_writes_a_summary_whose_rows_and_links_match_what_it_printed(tmp_path):
    folder = tmp_path / "class"
    made = _class(folder, copies=1)
    summary = tmp_path / "results.xlsx"
    run = _cli("solve", str(folder), "--workers", "2", "--json", "--summary", str(summary))
    out, err = run.communicate(timeout=120)
    assert run.returncode == 1, err  # the bundled workbooks hold puzzles with several solutions and none
    printed = [json.loads(line) for line in out.splitlines()]
    sheet = openpyxl.load_workbook(summary)["Summary"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Source", "Sheet", "Kind", "Verdict", "Seconds", "Message", "Output")
    assert [(r[0], r[1], r[2], r[3], r[5]) for r in rows[1:]] == \
        [(d["source"], d["sheet"], d["kind"], d["status"], d["message"]) for d in printed]
    assert sheet.auto_filter.ref == f"A1:G{len(rows)}"
    for row in sheet.iter_rows(min_row=2):
        link = row[6].hyperlink.target
        assert (tmp_path / link).resolve() == Path(row[6].value).resolve()
        assert (tmp_path / link).exists()
    assert {Path(r[6]).name for r in rows[1:]} == {f"{p.stem}.solved.xlsx" for p in made}
