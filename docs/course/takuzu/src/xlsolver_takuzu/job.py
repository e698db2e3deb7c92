"""Takuzu jobs: the actions on a Takuzu sheet (solve, clear), the sample sheet
of ``xlsolver excel``, and files of puzzles (``.takuzu``, one block of lines each).

Every action has the shape xlsolver's commands and buttons call:
``(book, found, options) -> Report``, where ``found`` is what :func:`locate`
read from the sheet in the one pass over it.
"""

from __future__ import annotations

from pathlib import Path

from xlsolver.core.budget import Budget
from xlsolver.core.errors import InputError
from xlsolver.core.files import decode_text, printable, read_input
from xlsolver.core.ownership import Owner
from xlsolver.core.paint import PaintPlan
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.jobs.base import DONE, ERROR, Options, Report, new_workbook, sheet_title
from xlsolver.jobs.registry import Found, SheetReader, limits_of
from xlsolver_takuzu.puzzle import Takuzu, read_puzzles
from xlsolver_takuzu.sheet import import_plan, laid_out, locate_takuzu, status_sentence, takuzu_plan
from xlsolver_takuzu.solver import TakuzuResult, solve

__all__ = ["KIND", "SAMPLE", "clear_sheet", "locate", "report", "sample_plan", "solve_file", "solve_sheet"]

KIND = "takuzu"

SAMPLE = Takuzu.from_text("""
    ..00..
    1..0..
    ......
    ...1..
    .0..0.
    .0....
""")
"""The sample sheet's puzzle: one solution."""


def locate(snap: SheetSnapshot, reader: SheetReader | None = None) -> Found | None:
    """A grid under a "Takuzu" title (or named so), read in the same pass."""
    found = locate_takuzu(snap, limits_of(reader))
    if found is None:
        return None
    if isinstance(found, InputError):
        return Found(KIND, snap, None, error=found)
    layout, puzzle = found
    return Found(KIND, snap, layout, puzzle)


def report(source: str, sheet: str | None, puzzle: Takuzu, result: TakuzuResult, message: str) -> Report:
    """The report of one puzzle: the verdict, its solutions as rows of digits, the
    cells of a contradiction (1-based, in the grid)."""
    solutions = [["".join(map(str, row)) for row in grid] for grid in result.solutions]
    extra: dict = {"puzzle": puzzle.to_text(), "givens": puzzle.givens, "nodes": result.nodes}
    if result.conflict is not None:
        extra["conflict_cells"] = [[r + 1, c + 1] for line in result.conflict.lines for r, c in line.cells(puzzle.n)]
    return Report(source, sheet, result.status.value, message, kind=KIND, seconds=result.seconds,
                  rows=puzzle.n, cols=puzzle.n, solutions=solutions, extra=extra)


def solve_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Solve the grid and paint it: 1s grey, 0s white with a cross, red where it breaks."""
    layout, puzzle, name = found.layout, found.read(), found.snap.name
    options.on_start(f"{name} ({puzzle.n}x{puzzle.n})")
    result = solve(puzzle, Budget(seconds=options.budget_seconds))
    book.apply(takuzu_plan(layout, result, name))
    return report(book.source, name, puzzle, result, status_sentence(layout, result))


def clear_sheet(book: Owner, found: Found, options: Options) -> Report:
    """Give back every cell xlsolver changed on the sheet, as it was before (even
    when the grid does not read); the user's own cells stay as they are."""
    cleared = book.clear()
    sentence = f"cleared: {cleared} cell{'' if cleared == 1 else 's'} back as before xlsolver"
    n = found.layout.n if found.layout is not None else 0
    return Report("", found.snap.name, DONE, sentence, kind=KIND, rows=n, cols=n, summary=sentence,
                  extra={"cleared": cleared})


def sample_plan(sheet: str) -> PaintPlan:
    """The sample sheet of ``xlsolver excel``."""
    return import_plan(SAMPLE, sheet)


def solve_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Solve each puzzle of a file; with ``out``, lay each out on a sheet of a new
    workbook, painted, and save it there."""
    source = str(path)
    text = decode_text(read_input(path, options.limits), source)
    entries = read_puzzles(text)
    if not entries:
        return [Report(source, None, ERROR, f"{printable(source)}: no puzzle in it", kind=KIND)]
    book = new_workbook() if out is not None else None
    reports = []
    for number, entry in entries:
        title = path.stem if len(entries) == 1 else f"{path.stem} {number}"
        name = None if len(entries) == 1 else title
        if isinstance(entry, str):
            reports.append(Report(source, name, ERROR, f"{printable(path.name)}, line {number}: {entry}", kind=KIND))
            continue
        options.on_start(f"{title} ({entry.n}x{entry.n})")
        result = solve(entry, Budget(seconds=options.budget_seconds))
        reports.append(report(source, name, entry, result, result.message))
        if book is not None:
            sheet = sheet_title(title, book.sheet_names())
            book.apply(import_plan(entry, sheet, f"(line {number})"))
            book.apply(takuzu_plan(laid_out(entry), result, sheet))
    if book is not None and any(r.status != ERROR for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status != ERROR else None
    return reports
