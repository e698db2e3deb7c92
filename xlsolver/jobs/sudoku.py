"""Sudoku jobs: sheets in the layout of :mod:`xlsolver.sheets.sudoku_sheet`, and
text files of puzzles, one per line (``.txt``, QQWing's ``.sdm``)."""

from __future__ import annotations

import time
from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget
from xlsolver.core.progress import Progress
from xlsolver.jobs.base import ERROR, FileKind, Options, Report, first_lines, sheet_title
from xlsolver.jobs.sudoku_explain import FILE_ACTIONS, SHEET_ACTIONS
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.sudoku_sheet import (
    detect_sudoku,
    read_sudoku,
    sudoku_import_plan,
    sudoku_plan,
    sudoku_status_sentence,
)
from xlsolver.sudoku import SYMBOLS, Sudoku, SudokuResult, read_lines, solve, solve_many

__all__ = ["FILE", "KIND", "SHEET", "solve_file"]

KIND = "sudoku"
SUFFIXES = (".txt", ".sdm")


def _report(source: str, sheet: str | None, puzzle: Sudoku, result: SudokuResult, message: str) -> Report:
    n = puzzle.n
    solutions = [["".join(SYMBOLS[v - 1] for v in s[r * n:(r + 1) * n]) for r in range(n)]
                 for s in result.solutions]
    extra = {"box": str(puzzle.shape), "clues": puzzle.clues, "puzzle": puzzle.to_text()}
    if result.conflict is not None:
        extra["conflict_cells"] = [[i // n + 1, i % n + 1] for i in result.conflict.cells]
    return Report(source=source, sheet=sheet, status=result.status.value, message=message, kind=KIND,
                  seconds=result.seconds, rows=n, cols=n, solutions=solutions, extra=extra)


class _SudokuSheet:
    """A sheet holding an n x n block of givens."""

    kind = KIND
    actions = SHEET_ACTIONS  # explain, hint, step, check, clear (xlsolver.jobs.sudoku_explain)

    def detect(self, snap: SheetSnapshot) -> bool:
        return detect_sudoku(snap)

    def solve(self, book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
        layout, puzzle = read_sudoku(snap)
        options.on_start(f"{snap.name} ({puzzle.n}x{puzzle.n})")
        result = solve(puzzle, Budget(seconds=options.budget_seconds))
        book.apply(sudoku_plan(layout, puzzle, result, snap.name))
        return _report(str(getattr(book, "path", "") or ""), snap.name, puzzle, result,
                       sudoku_status_sentence(layout, result))


SHEET = _SudokuSheet()


def solve_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Solve each puzzle line of a file; with ``out``, lay each out on a sheet of a
    new workbook, painted."""
    source = str(path)
    try:
        entries = read_lines(path)
    except (OSError, UnicodeDecodeError) as err:
        return [Report(source, None, ERROR, f"{path}: cannot read the file ({err})", kind=KIND)]
    if not entries:
        return [Report(source, None, ERROR, f"{path}: no puzzle lines", kind=KIND)]
    book = OpenpyxlWorkbook.new() if out else None
    reports = []
    puzzles = [entry for _, entry in entries if not isinstance(entry, str)]
    if len(puzzles) > 1:
        options.on_start(f"{len(puzzles)} puzzles of {path.name}")
    start = time.perf_counter()

    def solved(done: int) -> None:
        options.progress(Progress(f"solving {path.name}", done=done, total=len(puzzles),
                                  seconds=time.perf_counter() - start))

    results = iter(solve_many(puzzles, options.budget_seconds, progress=solved))
    for number, entry in entries:
        title = path.stem if len(entries) == 1 else f"{path.stem} {number}"
        name = None if len(entries) == 1 else title
        if isinstance(entry, str):
            reports.append(Report(source, name, ERROR, f"{path.name}, line {number}: {entry}", kind=KIND))
            continue
        result = next(results)
        report = _report(source, name, entry, result, result.message)
        report.extra["line"] = number
        reports.append(report)
        if book is not None:
            sheet = sheet_title(title, book.sheet_names())
            book.apply(sudoku_import_plan(entry, sheet, f"(line {number})"))
            layout, puzzle = read_sudoku(book.snapshot(sheet))
            book.apply(sudoku_plan(layout, puzzle, result, sheet))
    if book is not None and any(r.status != ERROR for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status != ERROR else None
    return reports


def _is_sudoku_file(path: Path) -> bool:
    """A .sdm file always; a .txt file when its first line is a sudoku in the
    compact text form (81 symbols for 9x9, ``RxC:`` first for other boxes)."""
    if path.suffix.lower() != ".txt":
        return True
    lines = first_lines(path, 1)
    if not lines or "|" in lines[0] or lines[0].startswith("$"):
        return False
    try:
        Sudoku.from_text(lines[0])
    except ValueError:
        return False
    return True


FILE = FileKind(kind=KIND, suffixes=SUFFIXES, solve_file=solve_file, detect=_is_sudoku_file, actions=FILE_ACTIONS)
