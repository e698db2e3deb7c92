"""Generating puzzles in batches: ``xlsolver generate KIND`` and the buttons.

A batch is a request (what to make, how many, from which seed), a source of
verified puzzles, and an output: a workbook with an Index sheet and one sheet
per puzzle laid out for printing, or a text file with one puzzle per line.
``GENERATORS`` lists the kinds that can be generated.

Sudoku
------
:class:`SudokuRequest` holds the parameters; :func:`sudoku_puzzles` is the
default source (:func:`xlsolver.sudoku.generator.generate`: every puzzle
proven unique by the bit-set search and again by exact cover). Two hooks let a
batch be narrowed without touching this module: ``SudokuRequest.accept``, a
filter each puzzle must pass (a function worker processes can import, such
as a rating check), and the ``source`` argument of :func:`generate_sudoku`,
which may yield puzzles made another way together with extra Index columns
(a level and a score, say).
"""

from __future__ import annotations

import os
import secrets
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Iterator

from xlsolver import __version__
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import InputError, Status, column_letter
from xlsolver.core.budget import BudgetExhausted
from xlsolver.core.files import atomic_write_text
from xlsolver.core.paint import ColumnWidths, PaintPlan
from xlsolver.core.progress import Progress
from xlsolver.jobs.base import DONE, Options, Report
from xlsolver.sheets.sudoku_sheet import sudoku_index_plan, sudoku_print_frame, sudoku_print_plan
from xlsolver.sudoku import Shape
from xlsolver.sudoku.generator import AUTO, GENTLE_SHARE, SYMMETRIES, Generated, generate

__all__ = [
    "GENERATORS", "TEXT_SUFFIXES", "WORKBOOK_SUFFIXES", "PuzzleSource", "SudokuRequest", "generate_sudoku",
    "sudoku_puzzles",
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
``request.count`` verified puzzles, each with extra Index columns (may be empty),
and calls ``progress(done, total)`` as it goes."""


def sudoku_puzzles(request: SudokuRequest, progress: Callable[[int, int], None]
                   ) -> Iterator[tuple[Generated, dict[str, object]]]:
    """The default source: the generator's puzzles, spread over worker processes."""
    workers = request.workers
    if workers is None:
        workers = (os.cpu_count() or 1) if request.count >= _POOL_FROM else 1
    for made in generate(request.shape, request.count, request.seed, request.symmetry, request.minimal,
                         workers=workers, progress=progress, test_nodes=request.test_nodes,
                         accept=request.accept):
        yield made, {}


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


def generate_sudoku(request: SudokuRequest, out: Path, options: Options | None = None,
                    source: PuzzleSource | None = None, overwrite: bool = False) -> Report:
    """Make the batch and write it to ``out`` (a workbook or a text file), which must
    not exist unless ``overwrite``. Progress goes to ``options.progress``; a callback
    that raises BudgetExhausted stops the batch, and what was made so far is written."""
    options = options or Options()
    request.check()
    kind = _output_kind(out, overwrite)
    if request.seed is None:
        request = replace(request, seed=str(secrets.randbelow(900_000) + 100_000))
    n = request.shape.n
    what = f"generating {n}x{n} sudoku"
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        options.progress(Progress(what, fraction=done / total, done=done, total=total,
                                  seconds=time.perf_counter() - start))

    made: list[tuple[Generated, dict[str, object]]] = []
    stopped = ""
    options.progress(Progress(what, fraction=0.0, done=0, total=request.count))
    try:
        for item in (source or sudoku_puzzles)(request, progress):
            made.append(item)
    except BudgetExhausted as err:
        stopped = str(err)
    seconds = time.perf_counter() - start
    if made:
        if kind == "workbook":
            _write_workbook(out, request, made, seconds)
        else:
            atomic_write_text(out, "".join(g.puzzle.to_text() + "\n" for g, _ in made))
    clues = [g.puzzle.clues for g, _ in made]
    summary = (f"{len(made)} puzzle{'s' if len(made) != 1 else ''} {n}x{n} (box {request.shape}), "
               f"{min(clues, default=0)}-{max(clues, default=0)} clues, seed {request.seed}, "
               f"{seconds:.1f} s" + (f"; stopped: {stopped}" if stopped else ""))
    report = Report(str(out), None, Status.GAVE_UP.value if stopped else DONE, summary, kind="sudoku",
                    seconds=seconds, rows=n, cols=n, output=str(out) if made else None, summary=summary,
                    extra={"count": len(made), "seed": request.seed, "box": str(request.shape),
                           "symmetry": request.symmetry, "minimal": request.minimal,
                           "clues": clues, "puzzles": [g.puzzle.to_text() for g, _ in made]})
    return report


GENERATORS: dict[str, Callable[..., Report]] = {"sudoku": generate_sudoku}
"""The kinds ``xlsolver generate`` can make, with the job that makes each."""
