"""The action registry: kinds offer actions, the jobs run them, the CLI reports."""

from __future__ import annotations

from pathlib import Path

from xlsolver.cli import EXIT_INPUT_ERROR, main
from xlsolver.core.progress import Progress
from xlsolver.jobs import ACTIONS, DONE, ERROR, Found, KindSpec, Report, default_output, run_book
from xlsolver.jobs.base import Options
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.protocol import CellInfo
from xlsolver.core import PaintPlan, Write


def _toy_locate(snap, reader):
    return Found("toy", snap, (1, 1), "toy") if snap.value(1, 1) == "toy" else None


def _toy_solve(book, found, options):
    return Report("", found.snap.name, "unique", "solved", kind="toy")


def _toy_hint(book, found, options):
    book.apply(PaintPlan(found.snap.name, (Write((2, 1), "a hint"),)))
    return Report("", found.snap.name, DONE, "hinted", kind="toy")


TOY = KindSpec(name="toy", package="xlsolver.core", rank=5, mark='"toy" in A1', locate=_toy_locate,
               actions={"hint": _toy_hint, "solve": _toy_solve})
"""A kind that holds any sheet whose A1 says "toy" and offers one action besides solve."""


def test_kind_actions_and_offered():
    assert TOY.action("solve") is _toy_solve
    assert TOY.action("hint") is _toy_hint
    assert TOY.action("check") is None
    assert TOY.offered() == ["solve", "hint"]
    assert list(ACTIONS)[0] == "solve"


def test_default_output_names_the_action():
    assert default_output(Path("a/book.xlsx")) == Path("a/book.solved.xlsx")
    assert default_output(Path("a/book.xlsx"), "hint") == Path("a/book.hint.xlsx")
    assert default_output(Path("book.xlsm"), "check") == Path("book.checked.xlsm")


def test_run_book_skips_or_names_a_missing_action(monkeypatch):
    import xlsolver.jobs.registry as registry

    monkeypatch.setattr(registry, "kinds", lambda: (TOY,))
    book = MemoryWorkbook({"T": {(1, 1): CellInfo("toy")}})
    [report] = run_book(book, "mem", None, Options(), "hint")
    assert (report.status, report.sheet) == (DONE, "T")
    assert book.sheets["T"][(2, 1)].value == "a hint"
    assert run_book(book, "mem", None, Options(), "check") == []
    [named] = run_book(book, "mem", "T", Options(), "check")
    assert named.status == ERROR and "check is not available for toy sheets (they offer: solve, hint)" in named.message


def test_cli_action_on_a_file_kind_without_it(tmp_path, capsys):
    path = tmp_path / "p.non"
    path.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    code = main(["clear", str(path)])
    err = capsys.readouterr().err
    assert code == EXIT_INPUT_ERROR and "clear works on workbooks" in err and err.count("\n") == 1


def test_progress_text():
    assert Progress("tiling B", fraction=0.414, found=930, seconds=2.34).text() == \
        "tiling B: 41%, 930 solutions, 2.3 s"
    assert Progress("generating", done=3, total=12, seconds=1).text() == "generating: 3/12, 1.0 s"


def test_the_bar_counts_done_of_total_and_wipes_itself():
    import io

    from xlsolver.cli.common import ProgressBar

    stream = io.StringIO()
    bar = ProgressBar(stream, enabled=True, noun="puzzle")
    bar(Progress("generating", done=3, total=12, seconds=1.0))
    assert "generating 3/12 [#######---------------------]  25%  1.0 s" in stream.getvalue()
    bar(Progress("generating", done=6, total=12, seconds=1.5))  # at once after: not drawn (ten a second at most)
    assert "6/12" not in stream.getvalue()
    bar(Progress("generating", fraction=1.0, found=1, seconds=2.0))  # the end is always drawn
    assert "100%  1 puzzle  2.0 s" in stream.getvalue()
    bar.done()
    assert stream.getvalue().endswith("\r\033[K")


def test_solve_feeds_long_work_to_the_bar(monkeypatch, capsys, tmp_path):
    """A polyomino sheet's search reports progress through Options.progress to the bar."""
    from xlsolver.cli import common

    seen = []
    monkeypatch.setattr(common.ProgressBar, "__call__", lambda self, p: seen.append(p))
    import xlsolver.polyomino.solver as solver

    monkeypatch.setattr(solver, "SLICE", 1 << 8)
    monkeypatch.setattr(solver, "PLAIN_SLICE", 1 << 6)
    monkeypatch.setattr(solver, "PROGRESS_EVERY", 0.0)  # a report after every slice, however fast
    book = Path(__file__).resolve().parent.parent / "workbooks" / "polyomino.xlsx"
    main(["solve", str(book), "--sheet", "5x12", "-o", str(tmp_path / "p.xlsx")])
    assert "1010 tilings" in capsys.readouterr().out
    assert seen and seen[-1].what.startswith("tiling 5x12") and 0 < seen[-1].fraction <= 1
