"""Nonogram jobs: sheets in the VBA analyzer's layout (black-and-white or colour)
and puzzle files in every format of :mod:`xlsolver.nonogram.fileformats`."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, BudgetExhausted, InputError, Status
from xlsolver.core.files import atomic_write_text
from xlsolver.core.paint import BLACK as BLACK_STYLE
from xlsolver.core.paint import CLEAR, Paint, PaintPlan, Style, Write
from xlsolver.core.paint import WHITE as WHITE_STYLE
from xlsolver.core.progress import Progress
from xlsolver.jobs.base import DONE, ERROR, FileKind, Options, Report, first_lines, sheet_title
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Nonogram, format_grid
from xlsolver.nonogram.color import ColorNonogram, colour_name, format_colour_grid
from xlsolver.nonogram.color_explain import check_colour, explain_colour, next_colour_step
from xlsolver.nonogram.color_solver import solve_colour
from xlsolver.nonogram.explain import LABELS, NO_SOLUTION, RULES, SEVERAL, UNDECIDED, Step, check, explain, next_step
from xlsolver.nonogram.fileformats import SUFFIXES, format_for, format_named, read_puzzles
from xlsolver.nonogram.formats import PuzzleEntry
from xlsolver.nonogram.solver import solve
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan, read_nonogram, status_sentence
from xlsolver.sheets.nonogram_colour import colour_import_plan, colour_plan, hint_fills, read_colour_nonogram
from xlsolver.sheets.nonogram_layout import NonogramLayout, find_layout, read_record, record_text
from xlsolver.sheets.nonogram_steps import (
    CHECK_PREFIX,
    RULE_NAMES,
    STEPS_TITLE,
    check_plan,
    clear_plan,
    note_plan,
    record_ops,
    step_plan,
    steps_sheet_name,
    steps_sheet_plan,
    value_names,
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
    """A sheet with column hints above and row hints left of a grid. Besides
    solve it offers every other action (:data:`SHEET_ACTIONS`)."""

    kind = KIND

    def detect(self, snap: SheetSnapshot) -> bool:
        if str(snap.value(1, 1) or "").startswith(STEPS_TITLE):
            return False  # an explanation's Steps sheet
        return find_layout(snap) is not None

    @property
    def actions(self) -> dict:
        return SHEET_ACTIONS

    def solve(self, book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
        sheet = _read_sheet(snap)
        layout, puzzle, fills = sheet.layout, sheet.puzzle, sheet.hints
        options.on_start(f"{snap.name} ({puzzle.width}x{puzzle.height})")
        result, rows = _solve_any(puzzle, sheet.givens, options)
        plan = nonogram_plan(layout, result, snap.name) if fills is None else \
            colour_plan(layout, puzzle, result, snap.name, fills)
        _record(book, sheet)
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


# --- the actions besides solve: step, hint, check, clear, explain ------------


@dataclass(frozen=True)
class _Sheet:
    """A nonogram sheet as read for an action: the layout, the clues, the cells
    decided so far, and for a colour puzzle the hint cells' colours."""

    snap: SheetSnapshot
    layout: NonogramLayout
    puzzle: Nonogram | ColorNonogram
    givens: np.ndarray
    hints: dict | None

    @property
    def colour(self) -> bool:
        return self.hints is not None

    @property
    def palette(self) -> list[str] | None:
        return [c.rgb for c in self.puzzle.palette] if self.colour else None

    def names(self) -> dict[int, str]:
        return value_names([c.name for c in self.puzzle.palette] if self.colour else None)

    def undecided(self) -> int:
        if self.colour:
            masks = self.givens.astype(np.int64)
            return int(np.count_nonzero((masks & (masks - 1)) != 0))
        return int(np.count_nonzero(self.givens == UNKNOWN))

    def report(self, book: WorkbookBackend, message: str, summary: str, status: str = DONE, **extra) -> Report:
        return Report(book_source(book), self.snap.name, status, message, kind=KIND, rows=self.puzzle.height,
                      cols=self.puzzle.width, summary=summary, extra=extra)


def _record(book: WorkbookBackend, sheet: _Sheet, wrong: set[tuple[int, int]] = frozenset(),
            create: bool = True) -> None:
    """Record the user's givens below the status cell the first time xlsolver paints
    the sheet (``create``; a check does not: what it judges is the player's work,
    not the puzzle). ``wrong``: cells a check found wrong, taken out of a record."""
    names = sheet.names()
    recorded = read_record(sheet.snap, sheet.layout)
    if recorded is not None:
        if wrong & recorded.keys():
            kept = {cell: word for cell, word in recorded.items() if cell not in wrong}
            book.apply(PaintPlan(sheet.snap.name, (Write(sheet.layout.record_cell, record_text(sheet.layout, kept)),)))
        return
    if not create:
        return
    if sheet.colour:
        masks = sheet.givens.astype(np.int64)
        decided = {(int(r), int(c)): names[int(masks[r, c]).bit_length() - 1]
                   for r, c in np.argwhere((masks & (masks - 1)) == 0)}
    else:
        decided = {(int(r), int(c)): names[int(sheet.givens[r, c])] for r, c in np.argwhere(sheet.givens != UNKNOWN)}
    ops = record_ops(sheet.layout, sheet.snap, {cell: word for cell, word in decided.items() if cell not in wrong})
    if ops:
        book.apply(PaintPlan(sheet.snap.name, ops))


def _read_sheet(snap: SheetSnapshot) -> _Sheet:
    layout = find_layout(snap)
    if layout is None:
        raise InputError("no nonogram found: expected column hints above and row hints left of a grid", snap.name)
    hints = hint_fills(snap, layout)
    layout, puzzle, givens = read_nonogram(snap) if hints is None else read_colour_nonogram(snap)
    return _Sheet(snap, layout, puzzle, givens, hints)


def _next_step(sheet: _Sheet, budget: Budget) -> Step | None:
    if sheet.colour:
        return next_colour_step(sheet.puzzle, sheet.givens, budget)
    return next_step(sheet.puzzle, sheet.givens, budget)


def _solve_givens(sheet: _Sheet, budget: Budget):
    if sheet.colour:
        return solve_colour(sheet.puzzle, sheet.givens, budget)
    return solve(sheet.puzzle, sheet.givens, budget)


def _step_json(sheet: _Sheet, step: Step) -> dict:
    """A step for ``--json``: cells 1-based ``[row, col, char]`` (``#``/``.``, or colour characters)."""
    chars = sheet.puzzle.chars() if sheet.colour else {BLOCK: "#", DOT: "."}
    return {"rule": step.rule, "rule_name": RULE_NAMES[step.rule], "line": str(step.line) if step.line else None,
            "cells": [[r + 1, c + 1, chars[v]] for (r, c), v in sorted(step.cells.items())], "text": step.text}


def _nothing_to_do(book: WorkbookBackend, sheet: _Sheet, action: str, options: Options) -> Report:
    """No next step: the grid is complete, or no solution respects it (or the clues have none)."""
    budget = Budget(seconds=options.budget_seconds)
    result = _solve_givens(sheet, budget)
    if result.status == Status.GAVE_UP:
        sentence = f"{action}: {result.message}"
        book.apply(note_plan(sheet.layout, sheet.snap, sentence, sheet.hints))
        return sheet.report(book, result.message, sentence, Status.GAVE_UP.value, ok=False)
    if sheet.undecided() == 0 and result.status != Status.NONE:
        sentence = f"{action}: solved, every cell is decided and the clues are met"
        book.apply(note_plan(sheet.layout, sheet.snap, sentence, sheet.hints))
        return sheet.report(book, sentence, sentence, ok=True, left=0)
    painted = sheet.puzzle.height * sheet.puzzle.width - sheet.undecided()
    if painted:
        sentence = (f"{action}: the painted cells contradict the clues; run xlsolver check to see which "
                    f"(or clear to start again)")
    else:
        sentence = f"{action}: {status_sentence(result) if not sheet.colour else result.message}"
    book.apply(note_plan(sheet.layout, sheet.snap, sentence, sheet.hints))
    return sheet.report(book, sentence, sentence, ok=False)


def _step_or_hint(book: WorkbookBackend, snap: SheetSnapshot, options: Options, hint: bool) -> Report:
    action = "hint" if hint else "step"
    sheet = _read_sheet(snap)
    _record(book, sheet)
    options.on_start(f"{snap.name} ({sheet.puzzle.width}x{sheet.puzzle.height})")
    try:
        step = _next_step(sheet, Budget(seconds=options.budget_seconds))
    except BudgetExhausted as err:
        sentence = f"{action}: gave up after {options.budget_seconds:g} s looking for the next step ({err})"
        book.apply(note_plan(sheet.layout, snap, sentence, sheet.hints))
        return sheet.report(book, sentence, sentence, Status.GAVE_UP.value, ok=False)
    if step is None:
        return _nothing_to_do(book, sheet, action, options)
    left = sheet.undecided() - (0 if hint else len(step.cells))
    if hint:
        key = ("light yellow: will be white or the colour named" if sheet.colour
               else "light grey: will be black, light yellow: will be white")
        sentence = f"hint ({RULE_NAMES[step.rule]}): {step.text} [{key}]"
    else:
        sentence = f"step ({RULE_NAMES[step.rule]}): {step.text}"
    book.apply(step_plan(sheet.layout, snap, step, sentence, hint=hint, palette=sheet.palette, hints=sheet.hints))
    summary = f"{action} ({RULE_NAMES[step.rule]}, {len(step.cells)} cells, {left} undecided): {step.text}"
    return sheet.report(book, step.text, summary, ok=True, step=_step_json(sheet, step), left=left)


def _step(book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
    """Make the next deduction and paint it in the analyzer's colours."""
    return _step_or_hint(book, snap, options, hint=False)


def _hint(book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
    """Show the next deduction, its line and its reason, deciding nothing."""
    return _step_or_hint(book, snap, options, hint=True)


def _check(book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
    """Paint red the cells the user decided that no solution has."""
    sheet = _read_sheet(snap)
    options.on_start(f"{snap.name} ({sheet.puzzle.width}x{sheet.puzzle.height})")
    budget = Budget(seconds=options.budget_seconds)
    result = (check_colour if sheet.colour else check)(sheet.puzzle, sheet.givens, budget)
    if result.verdict is not None:
        sentence = CHECK_PREFIX + result.message
        book.apply(note_plan(sheet.layout, snap, sentence, sheet.hints))
        return sheet.report(book, result.message, sentence, result.verdict.value, ok=False)
    wrong = result.wrong
    _record(book, sheet, wrong, create=False)
    filled = sheet.puzzle.height * sheet.puzzle.width - sheet.undecided()
    if wrong:
        sentence = (CHECK_PREFIX + f"{len(wrong)} of the {filled} cells you filled contradict the clues "
                    f"(painted red; they now count as empty)")
    else:
        sentence = CHECK_PREFIX + f"the {filled} cells you filled agree with the clues; {sheet.undecided()} to go"
    book.apply(check_plan(sheet.layout, snap, wrong, sentence, sheet.hints))
    return sheet.report(book, sentence, sentence, ok=not wrong, wrong=[[r + 1, c + 1] for r, c in sorted(wrong)],
                        filled=filled)


def _clear(book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
    """Take the sheet back to the puzzle as given."""
    layout = find_layout(snap)
    if layout is None:
        raise InputError("no nonogram found: expected column hints above and row hints left of a grid", snap.name)
    hints = hint_fills(snap, layout)
    palette = sorted(set(hints.values()) - {"000000"}) if hints else None
    if hints is None:
        styles = {"black": BLACK_STYLE, "white": WHITE_STYLE}
    else:
        styles = {"white": WHITE_STYLE, **{colour_name(rgb): Style(fill=rgb) for rgb in palette}}
        if "000000" in hints.values():
            styles["black"] = Style(fill="000000")
    record = read_record(snap, layout) or {}
    restore = {cell: styles[word] for cell, word in record.items() if word in styles}
    plan = clear_plan(layout, snap, hints, palette, restore)
    book.apply(plan)
    cleared = sum(len(op.cells) for op in plan.ops if isinstance(op, Paint) and op.style == CLEAR)
    sentence = f"cleared: {cleared} cells back to empty, notes and marks removed"
    return Report(book_source(book), snap.name, DONE, sentence, kind=KIND, rows=layout.height, cols=layout.width,
                  summary=sentence, extra={"ok": True, "cleared": cleared})


def _explain(book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
    """Write every step, its rule and cells, and the difficulty to a Steps sheet."""
    sheet = _read_sheet(snap)
    _record(book, sheet)
    puzzle = sheet.puzzle
    options.on_start(f"{snap.name} ({puzzle.width}x{puzzle.height})")
    started = time.perf_counter()
    budget = Budget(seconds=options.budget_seconds)
    result = _solve_givens(sheet, Budget(seconds=options.budget_seconds))
    if result.status in (Status.NONE, Status.GAVE_UP):
        sentence = f"explain: {result.message}"
        book.apply(note_plan(sheet.layout, snap, sentence, sheet.hints))
        return sheet.report(book, result.message, sentence, result.status.value, ok=False,
                            difficulty=NO_SOLUTION if result.status == Status.NONE else UNDECIDED, steps=[])
    steps, finished = _collect_steps(sheet, budget, options, started)
    if not finished:
        label = UNDECIDED
    elif result.status == Status.MULTIPLE:
        label = SEVERAL
    else:
        label = LABELS[RULES[max((RULES.index(s.rule) for s in steps), default=0)]]
    counts = Counter(s.rule for s in steps)
    used = ", ".join(f"{counts[rule]} {RULE_NAMES[rule]}" for rule in RULES if counts[rule]) or "no steps"
    summary = f"{len(steps)} steps: {used}" + ("" if finished else f" (stopped: budget of {options.budget_seconds:g} s)")
    name = _steps_sheet(book, snap.name)
    old = book.snapshot(name) if name in book.sheet_names() else None
    book.add_sheet(name)
    book.apply(steps_sheet_plan(name, snap.name, sheet.layout, steps, label, summary, sheet.names(), old))
    _widen_columns(book, name)
    sentence = f"explained: {label}; {summary}, on sheet '{name}'"
    book.apply(note_plan(sheet.layout, snap, sentence, sheet.hints))
    report = sheet.report(book, sentence, f"{label}, {summary}", ok=finished and result.status == Status.UNIQUE,
                          difficulty=label, steps=[_step_json(sheet, s) for s in steps], steps_sheet=name)
    report.seconds = time.perf_counter() - started
    return report


def _collect_steps(sheet: _Sheet, budget: Budget, options: Options, started: float) -> tuple[list[Step], bool]:
    """The steps from the sheet's cells to a solution, and whether they got there
    (the budget, or a progress callback raising BudgetExhausted, may stop them)."""
    explaining = explain_colour if sheet.colour else explain
    total = sheet.undecided()
    steps: list[Step] = []
    left = total
    try:
        for step in explaining(sheet.puzzle, sheet.givens, budget):
            steps.append(step)
            left -= len(step.cells)
            if len(steps) % 25 == 0:
                options.progress(Progress(f"explaining {sheet.snap.name}", fraction=1 - left / max(total, 1),
                                          done=len(steps), seconds=time.perf_counter() - started))
    except BudgetExhausted:
        return steps, False
    return steps, True


def _steps_sheet(book: WorkbookBackend, puzzle_sheet: str) -> str:
    """The Steps sheet's name: ``Heart steps``, or a fresh name if a sheet of
    that name is something else than an earlier explanation."""
    name = steps_sheet_name(puzzle_sheet)
    if name in book.sheet_names():
        if str(book.snapshot(name).value(1, 1) or "").startswith(STEPS_TITLE):
            return name
        return sheet_title(name, book.sheet_names())
    return name


_STEPS_WIDTHS = {"A": 6, "B": 11, "C": 19, "D": 24, "E": 120}


def _widen_columns(book: WorkbookBackend, name: str) -> None:
    """Column widths for the Steps table where the back end exposes them (the
    openpyxl workbook's ``api``; the paint plan has no widths). Elsewhere the
    sheet keeps its default widths, and the text is all there."""
    api = getattr(book, "api", None)
    sheets = getattr(api, "sheetnames", None)
    if sheets is None or name not in sheets:
        return
    for column, width in _STEPS_WIDTHS.items():
        api[name].column_dimensions[column].width = width


SHEET_ACTIONS = {"step": _step, "hint": _hint, "check": _check, "clear": _clear, "explain": _explain}
"""The actions a nonogram sheet offers besides solve (see :data:`xlsolver.jobs.base.ACTIONS`)."""
