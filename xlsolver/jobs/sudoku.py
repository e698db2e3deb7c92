"""Sudoku jobs: sheets in the layout of :mod:`xlsolver.sheets.sudoku_sheet`, and
text files of puzzles, one per line (``.txt``, QQWing's ``.sdm``)."""

from __future__ import annotations

import time
from pathlib import Path

from xlsolver.core import Budget, InputError, PaintPlan
from xlsolver.core.files import printable
from xlsolver.core.progress import Progress
from xlsolver.jobs.base import DONE, ERROR, Options, Report, first_lines, new_workbook, sheet_title
from xlsolver.jobs.registry import Found, SheetReader
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.sudoku_sheet import (
    locate_sudoku,
    read_sudoku,
    sudoku_import_plan,
    sudoku_plan,
    sudoku_status_sentence,
)
from xlsolver.sudoku.model import SYMBOLS, Shape, Sudoku, read_lines

__all__ = ["KIND", "generate_sheet", "is_sudoku_file", "locate", "sample_plan", "solve_file", "solve_sheet"]

KIND = "sudoku"


def _report(source: str, sheet: str | None, puzzle: Sudoku, result, message: str) -> Report:
    n = puzzle.n
    solutions = [["".join(SYMBOLS[v - 1] for v in s[r * n:(r + 1) * n]) for r in range(n)]
                 for s in result.solutions]
    extra = {"box": str(puzzle.shape), "clues": puzzle.clues, "puzzle": puzzle.to_text()}
    if result.conflict is not None:
        extra["conflict_cells"] = [[i // n + 1, i % n + 1] for i in result.conflict.cells]
    return Report(source=source, sheet=sheet, status=result.status.value, message=message, kind=KIND,
                  seconds=result.seconds, rows=n, cols=n, solutions=solutions, extra=extra)


def locate(snap: SheetSnapshot, reader: SheetReader | None = None) -> Found | None:
    """A square block of givens (or a range named Sudoku), read in the same pass."""
    found = locate_sudoku(snap)
    if found is None:
        return None
    if isinstance(found, InputError):
        return Found(KIND, snap, None, error=found)
    layout, puzzle = found
    return Found(KIND, snap, layout, puzzle)


def solve_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Solve the givens and paint the solver's digits (or the clash, or what every solution shares)."""
    layout, puzzle, name = found.layout, found.read(), found.snap.name
    options.on_start(f"{name} ({puzzle.n}x{puzzle.n})")
    from xlsolver.sudoku.solver import solve

    result = solve(puzzle, Budget(seconds=options.budget_seconds))
    book.apply(sudoku_plan(layout, puzzle, result, name))
    return _report(book.source, name, puzzle, result,
                   sudoku_status_sentence(layout, result))


def generate_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """A new puzzle of the sheet's box shape, proven unique, laid out on a sheet of its
    own (``NAME new``; the user's sheet is left as it is). Seeded by the sheet's givens,
    so pressing again on the same puzzle gives the same new one, and anywhere alike."""
    from xlsolver.sudoku.generator import make_puzzle

    layout, puzzle, name = found.layout, found.read(), found.snap.name
    options.on_start(f"{name} ({puzzle.n}x{puzzle.n}): a new puzzle")
    started = time.perf_counter()
    seed = f"{puzzle.to_text()}:new"
    made = make_puzzle(layout.shape, seed, minimal=False)
    target = sheet_title(f"{name} new", book.sheet_names())
    book.add_sheet(target)
    book.apply(sudoku_import_plan(made.puzzle, target, f"(new, like {name})"))
    message = f"a new {puzzle.n}x{puzzle.n} puzzle, {made.puzzle.clues} givens, proven unique, on sheet '{target}'"
    return Report("", name, DONE, message, kind=KIND, seconds=time.perf_counter() - started, rows=puzzle.n,
                  cols=puzzle.n, summary=message, extra={"sheet_made": target, "puzzle": made.puzzle.to_text()})


def sample_plan(sheet: str) -> PaintPlan:
    """The sample sheet of ``xlsolver excel``: a 9x9 with symmetric givens, the same every time."""
    from xlsolver.sudoku.generator import make_puzzle

    made = make_puzzle(Shape(3, 3), "xlsolver-excel", symmetry="rot180")
    return sudoku_import_plan(made.puzzle, sheet)


def solve_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Solve each puzzle line of a file; with ``out``, lay each out on a sheet of a
    new workbook, painted."""
    source = str(path)
    try:
        entries = read_lines(path, options.limits)
    except InputError as err:
        return [Report(source, None, ERROR, str(err), kind=KIND)]
    if not entries:
        return [Report(source, None, ERROR, f"{printable(str(path))}: no puzzle lines", kind=KIND)]
    book = new_workbook() if out else None
    reports = []
    puzzles = [entry for _, entry in entries if not isinstance(entry, str)]
    if len(puzzles) > 1:
        options.on_start(f"{len(puzzles)} puzzles of {path.name}")
    start = time.perf_counter()

    def solved(done: int) -> None:
        options.progress(Progress(f"solving {path.name}", done=done, total=len(puzzles),
                                  seconds=time.perf_counter() - start))

    from xlsolver.sudoku.solver import solve_many

    results = iter(solve_many(puzzles, options.budget_seconds, progress=solved))
    for number, entry in entries:
        title = path.stem if len(entries) == 1 else f"{path.stem} {number}"
        name = None if len(entries) == 1 else title
        if isinstance(entry, str):
            reports.append(Report(source, name, ERROR, f"{printable(path.name)}, line {number}: {printable(entry)}",
                                  kind=KIND))
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


def is_sudoku_file(path: Path) -> bool:
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



