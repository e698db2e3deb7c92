"""Generating puzzles in batches: ``xlsolver generate KIND`` and the buttons.

A batch is a request (what to make, how many, from which seed), a source of
verified puzzles, and an output: a workbook with an Index sheet and one sheet
per puzzle laid out for printing, or a text file with one puzzle per line.
``GENERATORS`` lists the kinds that can be generated.

Sudoku
------
:class:`SudokuRequest` holds the parameters; :func:`sudoku_puzzles` is the
default source (:func:`xlsolver.sudoku.generator.make_accepted`: every puzzle
proven unique by the bit-set search and again by exact cover). Two hooks let a
batch be narrowed without touching this module: ``SudokuRequest.accept``, a
filter each puzzle must pass (a function worker processes can import, such
as a rating check), and the ``source`` argument of :func:`sudoku_batch`,
which may yield puzzles made another way together with extra Index columns
(a level and a score, say).

A batch is a stream (:func:`sudoku_batch`): one :class:`Report` per puzzle as
it is made, in order, then the batch's own. A text file is written as the
puzzles come, so a million of them pass in flat memory; a workbook is laid out
at the end (openpyxl builds it whole), so its batch holds every puzzle.
"""

from __future__ import annotations

import os
import secrets
import time
from contextlib import ExitStack, closing
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Callable, Iterator, TextIO

from xlsolver import __version__
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import InputError, Status, column_letter
from xlsolver.core.budget import BudgetExhausted
from xlsolver.core.files import atomic_stream
from xlsolver.core.paint import ColumnWidths, PaintPlan
from xlsolver.core.progress import Progress
from xlsolver.jobs.base import DONE, ERROR, Options, Report
from xlsolver.jobs.runners import Failure, PoolRunner, SerialRunner
from xlsolver.sheets.sudoku_sheet import sudoku_index_plan, sudoku_print_frame, sudoku_print_plan
from xlsolver.sudoku import Shape
from xlsolver.sudoku.generator import AUTO, GENTLE_SHARE, SYMMETRIES, Generated, make_accepted

__all__ = [
    "GENERATORS", "TEXT_SUFFIXES", "WORKBOOK_SUFFIXES", "PuzzleNotMade", "PuzzleSource", "SudokuRequest",
    "generate_sudoku", "sudoku_batch", "sudoku_puzzles",
]

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
TEXT_SUFFIXES = (".txt", ".sdm")
INDEX = "Index"
FRAME = "frame"  # the sheet every puzzle's sheet is copied from, removed before saving
INDEX_WIDTHS = {"A": 8, "B": 14, "C": 8, "D": 11, "E": 14}  # characters; the puzzle column is sized to its text
# Below this many puzzles one process is quicker than starting a pool.
_POOL_FROM = 16


@dataclass
class SudokuRequest:
    """What ``xlsolver generate sudoku`` makes: ``count`` puzzles of ``shape``,
    puzzle i seeded ``"{seed}:{i}"`` (``seed`` None: a random one, reported)."""

    shape: Shape
    count: int = 1
    seed: str | None = None
    symmetry: str = "none"
    minimal: bool = False
    workers: int | None = None  # None: every core for a large batch, one for a small one
    test_nodes: int | None = AUTO  # node cap of each uniqueness test (generator.default_test_nodes)
    accept: Callable[[Generated], bool] | None = None  # a filter each puzzle must pass
    parameters: dict[str, str] = field(default_factory=dict)  # more lines for the Index ("level": "hard")

    def check(self) -> None:
        """Raise InputError for parameters no puzzle can be made from."""
        if self.count < 1:
            raise InputError(f"--count must be at least 1, not {self.count}")
        if self.symmetry not in SYMMETRIES:
            raise InputError(f'--symmetry "{self.symmetry}" is not one of {", ".join(SYMMETRIES)}')
        if self.symmetry in ("rot90", "diagonal") and self.shape.box_rows != self.shape.box_cols:
            raise InputError(f"--symmetry {self.symmetry} needs square boxes, not {self.shape}")


PuzzleSource = Callable[[SudokuRequest, Callable[[int, int], None]], Iterator[tuple[Generated, dict[str, object]]]]
"""Where a batch's puzzles come from: ``source(request, progress)`` yields
``request.count`` verified puzzles in order, each with extra Index columns (may be
empty), and calls ``progress(done, total)`` after yielding each (so a callback that
stops the batch loses no puzzle); it raises :class:`PuzzleNotMade` for a puzzle it
cannot make. A source that holds no more than a window of puzzles keeps a batch's
memory flat."""


class PuzzleNotMade(Exception):
    """Puzzle ``index`` (from 1) of a batch could not be made from ``seed``: ``reason``
    says why (no try of the seed passed ``accept``, or a worker failed on it)."""

    def __init__(self, index: int, seed: str, reason: str) -> None:
        super().__init__(f"puzzle {index} (seed {seed}): {reason}")
        self.index, self.seed, self.reason = index, seed, reason


# Puzzles handed to a worker process at once: enough that it spends its time making
# them, few enough that every worker gets some (the generator's own rule).
_MOST_PER_RUN = 8


def sudoku_puzzles(request: SudokuRequest, progress: Callable[[int, int], None]
                   ) -> Iterator[tuple[Generated, dict[str, object]]]:
    """The default source: the generator's puzzles (:func:`~xlsolver.sudoku.generator.make_accepted`
    of the seeds ``S:0``, ``S:1`` ...), made in runs of a few on worker processes with
    only a few runs in flight, so a batch of a million holds a window of puzzles, not
    the million. Puzzle i is the same whatever the number of workers."""
    workers = request.workers
    if workers is None:
        workers = (os.cpu_count() or 1) if request.count >= _POOL_FROM else 1
    per_run = max(1, min(_MOST_PER_RUN, request.count // (4 * workers)))
    runs = ((start, min(start + per_run, request.count)) for start in range(0, request.count, per_run))
    workers = max(1, min(workers, -(-request.count // per_run)))
    settings = (request.shape, str(request.seed), request.symmetry, request.minimal, request.test_nodes,
                request.accept)
    done = 0
    with SerialRunner() if workers == 1 else PoolRunner(workers) as runner:
        for (first, _), made in runner.map(partial(_make_run, settings), runs):
            if isinstance(made, Failure):  # a worker raised, or died, on this run
                made = [made.message]
            for index, one in enumerate(made, first):
                if isinstance(one, str):
                    raise PuzzleNotMade(index + 1, f"{request.seed}:{index}", one)
                done += 1
                yield one, {}
                progress(done, request.count)


@dataclass(frozen=True)
class _Timed(Generated):
    """A puzzle of the default source with the seconds its making took, in its worker
    (its line shows them; a source of another making is timed by the batch's clock)."""

    seconds: float = 0.0


def _make_run(settings: tuple, run: tuple[int, int]) -> list[Generated | str]:
    """Puzzles ``run[0]`` to ``run[1] - 1`` of a batch, in a worker process; a puzzle
    that no try of its seed let through ``accept`` is the reason, in words."""
    shape, seed, symmetry, minimal, test_nodes, accept = settings
    made: list[Generated | str] = []
    for index in range(*run):
        start = time.perf_counter()
        try:
            g = make_accepted(shape, f"{seed}:{index}", symmetry, minimal, None, test_nodes, accept)
        except ValueError as err:  # make_accepted's word for "none of the tries was accepted"
            made.append(str(err))
            break
        made.append(_Timed(g.puzzle, g.solution, g.seed, g.minimal, time.perf_counter() - start))
    return made


def _output_kind(out: Path, overwrite: bool = False) -> str:
    """What ``out`` is written as, "workbook" or "text"; raises InputError, before any
    work, for a suffix of neither, a folder, a folder that is missing, or a file that
    exists unless ``overwrite`` (a batch is a new file: writing it over a workbook would
    lose every sheet the workbook had)."""
    suffix = out.suffix.lower()
    if suffix not in WORKBOOK_SUFFIXES + TEXT_SUFFIXES:
        raise InputError(f"write a workbook ({', '.join(WORKBOOK_SUFFIXES)}) or a text file "
                         f"({', '.join(TEXT_SUFFIXES)}), not {suffix or 'a file without a suffix'}", str(out))
    if out.is_dir():
        raise InputError("is a folder; name the file to write, such as puzzles.xlsx", str(out))
    if not out.parent.is_dir():
        raise InputError(f"the output folder {out.parent} does not exist; make it first", str(out))
    if out.exists() and not overwrite:
        raise InputError("exists already; generate writes a new file: name another, or pass --force to "
                         "replace it (with all it holds)", str(out))
    return "workbook" if suffix in WORKBOOK_SUFFIXES else "text"


def _command(request: SudokuRequest, out: Path) -> str:
    """The command line that makes the same puzzles again."""
    parts = ["xlsolver generate sudoku", f"--size {request.shape.n}", f"--box {request.shape}",
             f"--count {request.count}", f"--symmetry {request.symmetry}"]
    if request.minimal:
        parts.append("--minimal")
    parts += [f"--seed {request.seed}"] + [f"--{k} {v}" for k, v in request.parameters.items()] + [f"-o {out.name}"]
    return " ".join(parts)


def _parameters(request: SudokuRequest, out: Path, made: list[Generated], seconds: float) -> list[tuple[str, str]]:
    n = request.shape.n
    clues = [g.puzzle.clues for g in made]
    minimal = ("yes: no clue can be removed" if request.minimal
               else f"no: clues removed down to about {GENTLE_SHARE:.0%} of the cells")
    if request.minimal and not all(g.minimal for g in made):
        minimal = "asked; proven for the puzzles marked yes below (tests on large grids are capped)"
    if request.symmetry != "none":
        minimal = minimal.replace("no clue", "no symmetric group of clues")
    return [
        ("size", f"{n}x{n}"), ("box", str(request.shape)),
        ("puzzles", str(len(made))), ("symmetry", request.symmetry), ("minimal", minimal),
        ("seed", str(request.seed)), *[(k, v) for k, v in request.parameters.items()],
        ("clues", f"{min(clues)} to {max(clues)}, {sum(clues) / len(clues):.1f} on average" if clues else "-"),
        ("verified", "each has one solution: proven by the bit-set search and again by exact cover"),
        ("made by", f"xlsolver {__version__} in {seconds:.1f} s"),
        ("again", _command(request, out)),
    ]


def _write_workbook(out: Path, request: SudokuRequest, made: list[tuple[Generated, dict[str, object]]],
                    seconds: float) -> None:
    book = OpenpyxlWorkbook.new()
    extra = list(dict.fromkeys(k for _, columns in made for k in columns))
    header = ["#", "sheet", "clues", "minimal", "seed", *extra, "puzzle"]
    rows, sheets = [], []
    for i, (g, columns) in enumerate(made, 1):
        sheet = f"Sudoku {i}"
        sheets.append((sheet, g))
        rows.append([i, sheet, g.puzzle.clues, "yes" if g.minimal else "no", g.seed,
                     *[columns.get(k) for k in extra], g.puzzle.to_text()])
    params = _parameters(request, out, [g for g, _ in made], seconds)
    n = request.shape.n
    title = f"{len(made)} sudoku {n}x{n}, boxes {request.shape.box_rows} rows by {request.shape.box_cols} columns"
    book.apply(sudoku_index_plan(INDEX, title, params, header, rows))
    # Styling cells one by one is openpyxl's slow part (~80 ms a sheet), so the frame
    # (lines, sizes, fonts) is painted once and each puzzle's sheet is a copy of it.
    book.apply(sudoku_print_frame(request.shape, FRAME))
    for i, (sheet, g) in enumerate(sheets, 1):
        book.copy_sheet(FRAME, sheet)
        book.apply(sudoku_print_plan(g.puzzle, sheet, f"#{i} ({g.puzzle.clues} clues)", frame=False))
    book.remove_sheet(FRAME)
    widths = {**INDEX_WIDTHS, column_letter(len(header)): min(max(20, request.shape.n ** 2 + 2), 120)}
    book.apply(PaintPlan(INDEX, (ColumnWidths.of(widths),)))
    book.save(out)


class _Clues:
    """The clue counts of a batch, as running figures (a batch of a million keeps four numbers)."""

    def __init__(self) -> None:
        self.count, self.total = 0, 0
        self.fewest: int | None = None
        self.most: int | None = None

    def add(self, clues: int) -> None:
        self.count += 1
        self.total += clues
        self.fewest = clues if self.fewest is None else min(self.fewest, clues)
        self.most = clues if self.most is None else max(self.most, clues)

    def json(self) -> dict[str, object]:
        mean = round(self.total / self.count, 2) if self.count else None
        return {"fewest_clues": self.fewest, "most_clues": self.most, "mean_clues": mean}


def _puzzle_name(out: Path, kind: str, index: int) -> str:
    """Puzzle ``index`` named where it is found afterwards: its sheet (``Sudoku 12``) in a
    workbook, or in a text file ``STEM 12``, the name ``xlsolver solve`` gives line 12."""
    return f"Sudoku {index}" if kind == "workbook" else f"{out.stem} {index}"


def _puzzle_report(out: Path, kind: str, index: int, made: Generated, columns: dict[str, object],
                   seconds: float) -> Report:
    """The line of one puzzle made; with --json, its fields and the source's extra columns."""
    puzzle, n = made.puzzle, made.puzzle.n
    name = _puzzle_name(out, kind, index)
    facts = [f"{puzzle.clues} clues" + (" (minimal)" if made.minimal else "")]
    facts += [f"{key} {value}" for key, value in columns.items()]
    summary = f"made, {n}x{n}, {', '.join(facts)}, seed {made.seed}, {seconds:.2f} s"
    fields: dict[str, object] = {"index": index, **({"line": index} if kind == "text" else {}),
                                 "box": str(puzzle.shape), "clues": puzzle.clues, "minimal": made.minimal,
                                 "seed": made.seed, "puzzle": puzzle.to_text()}
    extra = {**fields, **{k: v for k, v in columns.items() if k not in fields}}
    return Report(str(out), name, DONE, summary, kind="sudoku", seconds=seconds, rows=n, cols=n,
                  summary=summary, extra=extra)


def _not_made_report(out: Path, kind: str, err: PuzzleNotMade, n: int) -> Report:
    """The error line of a puzzle that could not be made (printed on stderr)."""
    name = _puzzle_name(out, kind, err.index)
    return Report(str(out), name, ERROR, f"{name} (seed {err.seed}) could not be made: {err.reason}",
                  kind="sudoku", rows=n, cols=n, extra={"index": err.index, "seed": err.seed})


def sudoku_batch(request: SudokuRequest, out: Path, options: Options | None = None,
                 source: PuzzleSource | None = None, overwrite: bool = False) -> Iterator[Report]:
    """Make the batch and write it to ``out`` (a workbook or a text file), which must not
    exist unless ``overwrite``; InputError for a bad request or output, here, before any
    work. The stream it returns gives a report for each puzzle as soon as it is made,
    in order, then the batch's report (``count`` and the clue figures; the puzzles
    themselves are in the reports before it). Progress goes to ``options.progress``.

    A text file is written line by line into a temporary file beside ``out``, moved
    into place at the end, so its memory is flat. A workbook is laid out once every
    puzzle is made (openpyxl holds it whole), so it needs them all at the end.

    How a run that stops early ends: a callback that raises BudgetExhausted, or a
    puzzle that cannot be made, ends the batch as ``gave_up`` and ``out`` holds the
    puzzles made so far, each one whole, the same puzzles as the reports given (no
    file when none was made). Ctrl-C, or a stream closed before its end, writes
    nothing, and no temporary file is left."""
    options = options or Options()
    request.check()
    kind = _output_kind(out, overwrite)
    if request.seed is None:
        request = replace(request, seed=str(secrets.randbelow(900_000) + 100_000))
    return _stream(request, out, kind, options, source or sudoku_puzzles)


def _stream(request: SudokuRequest, out: Path, kind: str, options: Options, source: PuzzleSource
            ) -> Iterator[Report]:
    n = request.shape.n
    what = f"generating {n}x{n} sudoku"
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        options.progress(Progress(what, fraction=done / total, done=done, total=total,
                                  seconds=time.perf_counter() - start))

    clues = _Clues()
    kept: list[tuple[Generated, dict[str, object]]] = []  # a workbook's puzzles, laid out at the end
    stopped = ""
    with ExitStack() as files:  # the text file, opened at the first puzzle: a run that makes none writes none
        lines: TextIO | None = None
        last = start
        try:
            options.progress(Progress(what, fraction=0.0, done=0, total=request.count))
            with closing(source(request, progress)) as made:
                for item in made:
                    generated, columns = item
                    clues.add(generated.puzzle.clues)
                    if kind == "workbook":
                        kept.append(item)
                    else:
                        lines = lines or files.enter_context(atomic_stream(out, "the puzzles"))
                        lines.write(generated.puzzle.to_text() + "\n")
                    now = time.perf_counter()
                    seconds = generated.seconds if isinstance(generated, _Timed) else now - last
                    last = now
                    yield _puzzle_report(out, kind, clues.count, generated, columns, seconds)
        except BudgetExhausted as err:
            stopped = str(err)
        except PuzzleNotMade as err:
            stopped = f"puzzle {err.index} could not be made"
            yield _not_made_report(out, kind, err, n)
    seconds = time.perf_counter() - start
    if kept:
        _write_workbook(out, request, kept, seconds)
    yield _batch_report(request, out, clues, seconds, stopped)


def _batch_report(request: SudokuRequest, out: Path, clues: _Clues, seconds: float, stopped: str) -> Report:
    n = request.shape.n
    made = clues.count
    summary = (f"{made} puzzle{'s' if made != 1 else ''} {n}x{n} (box {request.shape}), "
               f"{clues.fewest or 0}-{clues.most or 0} clues, seed {request.seed}, "
               f"{seconds:.1f} s" + (f"; stopped: {stopped}" if stopped else ""))
    return Report(str(out), None, Status.GAVE_UP.value if stopped else DONE, summary, kind="sudoku",
                  seconds=seconds, rows=n, cols=n, output=str(out) if made else None, summary=summary,
                  extra={"count": made, "seed": request.seed, "box": str(request.shape),
                         "symmetry": request.symmetry, "minimal": request.minimal, **clues.json()})


def generate_sudoku(request: SudokuRequest, out: Path, options: Options | None = None,
                    source: PuzzleSource | None = None, overwrite: bool = False) -> Report:
    """:func:`sudoku_batch` run to its end: the batch's report (the puzzles' reports
    are passed over)."""
    report = None
    for report in sudoku_batch(request, out, options, source, overwrite):
        pass
    return report


GENERATORS: dict[str, Callable[..., Report]] = {"sudoku": generate_sudoku}
"""The kinds ``xlsolver generate`` can make, with the job that makes each."""
