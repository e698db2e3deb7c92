"""Whole jobs, shared by the command line and (later) the Excel buttons.

A job opens a source (a workbook or a puzzle file), finds the puzzles in it,
solves each one, paints the results through a back end and saves a copy. It
returns one :class:`Report` per puzzle; mistakes in the user's input become
reports with status ``error`` and a message that names the sheet and cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, InputError, Status
from xlsolver.nonogram import Nonogram, NonogramResult, format_grid
from xlsolver.nonogram.formats import read_non
from xlsolver.nonogram.solver import solve
from xlsolver.sheets.nonogram_sheet import find_layout, import_plan, nonogram_plan, read_nonogram

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
PUZZLE_SUFFIXES = (".non",)
ERROR = "error"


@dataclass
class Report:
    """What happened to one puzzle: the line the CLI prints and the JSON it emits."""

    source: str
    sheet: str | None
    status: str  # a Status value or "error"
    message: str
    kind: str = "nonogram"
    seconds: float = 0.0
    rows: int = 0
    cols: int = 0
    solutions: list[list[str]] = field(default_factory=list)
    output: str | None = None

    @property
    def name(self) -> str:
        return self.sheet if self.sheet is not None else Path(self.source).name

    def line(self) -> str:
        """``Sheet1: unique, 20x15, 0.03 s`` (width x height, as webpbn writes sizes)."""
        if self.status == ERROR:
            return f"{self.name}: error: {self.message}"
        size = f"{self.cols}x{self.rows}"
        extra = "" if self.status == Status.UNIQUE else f" ({self.message})"
        return f"{self.name}: {self.status}, {size}, {self.seconds:.2f} s{extra}"

    def to_json(self) -> dict:
        data = {
            "source": self.source, "sheet": self.sheet, "kind": self.kind, "status": self.status,
            "seconds": round(self.seconds, 4), "rows": self.rows, "cols": self.cols,
            "message": self.message, "output": self.output,
        }
        if self.status == Status.UNIQUE:
            data["solution"] = self.solutions[0]
        elif self.status == Status.MULTIPLE:
            data["solutions"] = self.solutions
        return data


def _report(source: str, sheet: str | None, puzzle: Nonogram, result: NonogramResult) -> Report:
    return Report(
        source=source, sheet=sheet, status=result.status.value, message=result.message,
        seconds=result.seconds, rows=puzzle.height, cols=puzzle.width,
        solutions=[format_grid(s) for s in result.solutions],
    )


def default_output(path: Path) -> Path:
    """``puzzles.xlsx`` -> ``puzzles.solved.xlsx`` beside it (the input is never overwritten)."""
    return path.with_name(f"{path.stem}.solved{path.suffix}")


def solve_workbook(path: Path, out: Path | None = None, sheet: str | None = None,
                   in_place: bool = False, budget_seconds: float = 30.0,
                   on_start: Callable[[str], None] = lambda name: None) -> list[Report]:
    """Solve every nonogram sheet of a workbook (or the one named) and save a painted copy."""
    source = str(path)
    try:
        book = OpenpyxlWorkbook.open(path)
    except InputError as err:
        return [Report(source, None, ERROR, str(err))]
    names = book.sheet_names()
    if sheet is not None and sheet not in names:
        return [Report(source, sheet, ERROR, f'{path.name} has no sheet "{sheet}" (it has: {", ".join(names)})')]
    reports = []
    for name in [sheet] if sheet else names:
        report = _solve_sheet(book, source, name, budget_seconds, on_start, explicit=sheet is not None)
        if report is not None:
            reports.append(report)
    if not reports:
        return [Report(source, None, ERROR, f"{path.name}: no sheet holds a nonogram (hints above and left of a grid)")]
    if any(r.status != ERROR for r in reports):
        target = path if in_place else (out or default_output(path))
        book.save(target)
        for r in reports:
            r.output = str(target) if r.status != ERROR else None
    return reports


def _solve_sheet(book: OpenpyxlWorkbook, source: str, name: str, budget_seconds: float,
                 on_start: Callable[[str], None], explicit: bool) -> Report | None:
    snap = book.snapshot(name)
    try:
        if find_layout(snap) is None:
            if explicit:
                raise InputError("no nonogram found: expected column hints above and row hints left of a grid", name)
            return None
        layout, puzzle, givens = read_nonogram(snap)
    except InputError as err:
        return Report(source, name, ERROR, str(err))
    on_start(f"{name} ({puzzle.width}x{puzzle.height})")
    result = solve(puzzle, givens, Budget(seconds=budget_seconds))
    book.apply(nonogram_plan(layout, result, name))
    return _report(source, name, puzzle, result)


def iter_non_puzzles(path: Path) -> Iterator[tuple[str, Nonogram]]:
    """The puzzle(s) in a puzzle file, with a title for each. Raises InputError."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror}", str(path)) from None
    parsed = read_non(text, source=str(path))
    yield parsed.title or path.stem, parsed.puzzle


def solve_puzzle_file(path: Path, out: Path | None = None, budget_seconds: float = 30.0,
                      on_start: Callable[[str], None] = lambda name: None) -> list[Report]:
    """Solve a ``.non`` file; with ``out``, also lay it out and paint it into a new workbook."""
    source = str(path)
    try:
        puzzles = list(iter_non_puzzles(path))
    except InputError as err:
        return [Report(source, None, ERROR, str(err))]
    reports = []
    book = OpenpyxlWorkbook.new() if out else None
    for title, puzzle in puzzles:
        problems = puzzle.problems()
        if problems:
            reports.append(Report(source, None, ERROR, f"{path.name}: {problems[0][1]}"))
            continue
        on_start(f"{title} ({puzzle.width}x{puzzle.height})")
        result = solve(puzzle, None, Budget(seconds=budget_seconds))
        reports.append(_report(source, None, puzzle, result))
        if book is not None:
            sheet = _sheet_title(title, book.sheet_names())
            book.add_sheet(sheet)
            book.apply(import_plan(puzzle, sheet, title))
            layout = find_layout(book.snapshot(sheet))
            book.apply(nonogram_plan(layout, result, sheet))
    if book is not None and any(r.status != ERROR for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status != ERROR else None
    return reports


def import_puzzle(path: Path, out: Path, sheet: str | None = None) -> list[str]:
    """Lay the puzzle(s) of a ``.non`` file out in the analyzer's layout, ready to solve in Excel."""
    puzzles = list(iter_non_puzzles(path))
    book = OpenpyxlWorkbook.open(out) if out.exists() else OpenpyxlWorkbook.new()
    made = []
    for title, puzzle in puzzles:
        name = _sheet_title(sheet or title, book.sheet_names())
        book.add_sheet(name)
        book.apply(import_plan(puzzle, name, title))
        made.append(name)
    book.save(out)
    return made


def _sheet_title(title: str, taken: list[str]) -> str:
    """A valid, unused Excel sheet name (31 characters, none of []:*?/\\)."""
    base = "".join("_" if ch in "[]:*?/\\" else ch for ch in title).strip("'") or "Puzzle"
    base = base[:31]
    name, n = base, 2
    while name in taken:
        suffix = f" ({n})"
        name, n = base[: 31 - len(suffix)] + suffix, n + 1
    return name


def solve_paths(paths: list[Path], out: Path | None = None, **kwargs) -> list[Report]:
    """Solve each path; ``out`` is a file for one path, a folder for several."""
    reports: list[Report] = []
    for path in paths:
        target = out
        if out is not None and len(paths) > 1:
            target = out / (path.stem + ".solved" + (path.suffix if path.suffix in WORKBOOK_SUFFIXES else ".xlsx"))
        suffix = path.suffix.lower()
        if suffix in WORKBOOK_SUFFIXES:
            reports += solve_workbook(path, target, **kwargs)
        elif suffix in PUZZLE_SUFFIXES:
            kwargs_file = {k: v for k, v in kwargs.items() if k in ("budget_seconds", "on_start")}
            reports += solve_puzzle_file(path, target, **kwargs_file)
        else:
            reports.append(Report(str(path), None, ERROR,
                                  f"{path}: not a workbook (.xlsx, .xlsm) or a puzzle file (.non)"))
    return reports
