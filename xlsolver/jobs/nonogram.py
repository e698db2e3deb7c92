"""Nonogram jobs: sheets in the VBA analyzer's layout (black-and-white or colour)
and puzzle files in every format of :mod:`xlsolver.nonogram.fileformats`."""

from __future__ import annotations

from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, InputError
from xlsolver.core.files import atomic_write_text
from xlsolver.jobs.base import ERROR, FileKind, Options, Report, first_lines, sheet_title
from xlsolver.nonogram import Nonogram, format_grid
from xlsolver.nonogram.color import ColorNonogram, format_colour_grid
from xlsolver.nonogram.color_solver import solve_colour
from xlsolver.nonogram.fileformats import SUFFIXES, format_for, format_named, read_puzzles
from xlsolver.nonogram.formats import PuzzleEntry
from xlsolver.nonogram.solver import solve
from xlsolver.sheets import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.nonogram_sheet import (
    colour_import_plan,
    colour_plan,
    find_layout,
    hint_fills,
    import_plan,
    nonogram_plan,
    read_colour_nonogram,
    read_nonogram,
)

KIND = "nonogram"


def _solve_any(puzzle: Nonogram | ColorNonogram, givens, options: Options):
    """The verdict and the solutions as rows of characters, for either kind of puzzle."""
    budget = Budget(seconds=options.budget_seconds)
    if isinstance(puzzle, ColorNonogram):
        result = solve_colour(puzzle, givens, budget)
        rows = [format_colour_grid(puzzle, s) for s in result.solutions]
    else:
        result = solve(puzzle, givens, budget, engine=options.engine)
        rows = [format_grid(s) for s in result.solutions]
    return result, rows


def _report(source: str, sheet: str | None, puzzle, result, rows: list[list[str]]) -> Report:
    extra = {"colours": [c.char + "=" + c.rgb for c in puzzle.palette]} if isinstance(puzzle, ColorNonogram) else {}
    return Report(source=source, sheet=sheet, status=result.status.value, message=result.message, kind=KIND,
                  seconds=result.seconds, rows=puzzle.height, cols=puzzle.width, solutions=rows, extra=extra)


class _NonogramSheet:
    """A sheet with column hints above and row hints left of a grid."""

    kind = KIND

    def detect(self, snap: SheetSnapshot) -> bool:
        return find_layout(snap) is not None

    def solve(self, book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
        layout = find_layout(snap)
        if layout is None:
            raise InputError("no nonogram found: expected column hints above and row hints left of a grid", snap.name)
        fills = hint_fills(snap, layout)
        if fills is None:
            layout, puzzle, givens = read_nonogram(snap)
        else:
            layout, puzzle, givens = read_colour_nonogram(snap)
        options.on_start(f"{snap.name} ({puzzle.width}x{puzzle.height})")
        result, rows = _solve_any(puzzle, givens, options)
        plan = nonogram_plan(layout, result, snap.name) if fills is None else \
            colour_plan(layout, puzzle, result, snap.name, fills)
        book.apply(plan)
        return _report(book_source(book), snap.name, puzzle, result, rows)


def book_source(book: WorkbookBackend) -> str:
    return str(getattr(book, "path", "") or "")


SHEET = _NonogramSheet()


def _lay_out(book: OpenpyxlWorkbook, entry: PuzzleEntry, name: str) -> None:
    title = entry.title or name
    if isinstance(entry.puzzle, ColorNonogram):
        book.apply(colour_import_plan(entry.puzzle, name, title))
    else:
        book.apply(import_plan(entry.puzzle, name, title))


def read_entries(path: Path, fmt: str | None = None) -> list[PuzzleEntry]:
    """Every puzzle of a file, in any known format. Raises InputError."""
    return read_puzzles(path, fmt)


def solve_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Solve each puzzle of a file; with ``out``, lay them out and paint them into a new workbook."""
    source = str(path)
    try:
        entries = read_entries(path)
    except InputError as err:
        return [Report(source, None, ERROR, str(err), kind=KIND)]
    book = OpenpyxlWorkbook.new() if out else None
    reports = []
    for number, entry in enumerate(entries, 1):
        puzzle = entry.puzzle
        title = entry.title or (path.stem if len(entries) == 1 else f"{path.stem} {number}")
        problems = puzzle.problems()
        if problems:
            reports.append(Report(source, title if len(entries) > 1 else None, ERROR,
                                  f"{path.name}: {title}: {problems[0][1]}", kind=KIND))
            continue
        options.on_start(f"{title} ({puzzle.width}x{puzzle.height})")
        result, rows = _solve_any(puzzle, None, options)
        report = _report(source, title if len(entries) > 1 else None, puzzle, result, rows)
        reports.append(report)
        if book is not None:
            name = sheet_title(title, book.sheet_names())
            book.add_sheet(name)
            _lay_out(book, entry, name)
            snap = book.snapshot(name)
            layout = find_layout(snap)
            if isinstance(puzzle, ColorNonogram):
                book.apply(colour_plan(layout, puzzle, result, name, hint_fills(snap, layout) or {}))
            else:
                book.apply(nonogram_plan(layout, result, name))
    if book is not None and any(r.status != ERROR for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status != ERROR else None
    return reports


def _is_nonogram_file(path: Path) -> bool:
    """Every suffix but .txt is a nonogram format; a .txt file holds nonograms when its
    lines are clues (``1/3/1|1/3/1``) or a TAAI set (``$1``)."""
    if path.suffix.lower() != ".txt":
        return True
    lines = first_lines(path, 1)
    return bool(lines) and ("|" in lines[0] or lines[0].startswith("$"))


FILE = FileKind(kind=KIND, suffixes=SUFFIXES, solve_file=solve_file, detect=_is_nonogram_file)


def import_puzzle(path: Path, out: Path, sheet: str | None = None, fmt: str | None = None) -> list[str]:
    """Lay the puzzle(s) of a file out in the analyzer's layout, ready to solve in Excel.
    Adds sheets when ``out`` exists. Returns the new sheets' names. Raises InputError."""
    entries = read_entries(path, fmt)
    book = OpenpyxlWorkbook.open(out) if out.exists() else OpenpyxlWorkbook.new()
    made = []
    for number, entry in enumerate(entries, 1):
        title = entry.title or (path.stem if len(entries) == 1 else f"{path.stem} {number}")
        base = sheet if sheet and len(entries) == 1 else (f"{sheet} {number}" if sheet else title)
        name = sheet_title(base, book.sheet_names())
        book.add_sheet(name)
        _lay_out(book, PuzzleEntry(entry.puzzle, title, entry.goal, entry.saved), name)
        made.append(name)
    book.save(out)
    return made


def export_puzzles(book_path: Path, out: Path, fmt: str | None = None, sheet: str | None = None) -> list[str]:
    """Write the nonogram(s) of a workbook's sheets to a puzzle file (format by ``fmt`` or
    by the suffix of ``out``). Returns the sheets exported. Raises InputError."""
    chosen = format_named(fmt) if fmt else format_for(out)
    book = OpenpyxlWorkbook.open(book_path)
    names = book.sheet_names()
    if sheet is not None and sheet not in names:
        raise InputError(f'{book_path.name} has no sheet "{sheet}" (it has: {", ".join(names)})')
    entries, used = [], []
    for name in [sheet] if sheet else names:
        snap = book.snapshot(name)
        layout = find_layout(snap)
        if layout is None:
            if sheet is not None:
                raise InputError("no nonogram found: expected column hints above and row hints left of a grid", name)
            continue
        if hint_fills(snap, layout) is None:
            _, puzzle, _ = read_nonogram(snap)
        else:
            _, puzzle, _ = read_colour_nonogram(snap)
        entries.append(PuzzleEntry(puzzle, name))
        used.append(name)
    if not entries:
        raise InputError(f"{book_path.name}: no sheet holds a nonogram")
    if len(entries) > 1 and not chosen.many:
        raise InputError(f"{book_path.name} holds {len(entries)} nonograms but the {chosen.name} format holds one; "
                         f"name one with --sheet or choose a format that holds several (xml, taai, text)")
    try:
        text = chosen.write(entries)
    except ValueError as err:
        raise InputError(f"cannot write {chosen.name}: {err}", str(out)) from None
    atomic_write_text(out, text)
    return used
