"""The sudoku actions besides solving: ``explain``, ``hint``, ``step``,
``check`` and ``clear`` on sheets, and ``explain`` on text files of puzzles.

They share one reading of the sheet: the grid's digits now, the puzzle as
first given (the givens record, else the digits now), its one solution, and
the candidates the steps so far have left (the pencil block, if any). Every
deduction comes from :mod:`xlsolver.sudoku.techniques`, so a hint, a step and
the Steps sheet say the same thing.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from xlsolver.core import Budget, InputError, Status
from xlsolver.core.budget import BudgetExhausted
from xlsolver.core.files import printable
from xlsolver.core.progress import Progress
from xlsolver.core.paint import ColumnWidths, PaintPlan, Write
from xlsolver.jobs.base import DONE, ERROR, Options, Report, new_workbook, sheet_title
from xlsolver.jobs.registry import Found
from xlsolver.core.ownership import Owner
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.sudoku_sheet import SudokuLayout, sudoku_import_plan
from xlsolver.sheets.sudoku_steps import (
    check_plan,
    hint_plan,
    read_givens,
    read_pencil,
    record_plan,
    step_plan,
    steps_sheet_plan,
)
from xlsolver.sudoku import Sudoku, read_lines, solve
from xlsolver.sudoku.techniques import Grid, cell_name, explain, next_step, rate
from xlsolver.sudoku.techniques.ladder import guess_step

__all__ = ["at_level", "check", "clear", "explain_file", "explain_sheet", "hint", "step"]

KIND = "sudoku"


@dataclass
class _State:
    layout: SudokuLayout
    current: Sudoku  # every digit in the grid now
    givens: Sudoku  # the puzzle as first given
    solution: tuple[int, ...] | None
    problem: str  # why there is no solution to work towards ("" if there is one)
    status: str  # the verdict on the givens: unique, multiple, none or gave_up
    recorded: bool  # the givens come from the record (else they are the digits now)


def _read(found: Found, options: Options | None = None) -> _State:
    layout, current = found.layout, found.read()
    givens = read_givens(found.snap, layout, current)
    recorded = givens is not None and all(not g or g == c for g, c in zip(givens.cells, current.cells))
    if not recorded:
        givens = current  # no record, or a given was changed: the digits now are the puzzle
    result = solve(givens, Budget(seconds=options.budget_seconds if options else 30.0))
    if result.status != Status.UNIQUE:
        return _State(layout, current, givens, None, result.message, result.status.value, recorded)
    return _State(layout, current, givens, result.solutions[0], "", result.status.value, recorded)


def _report(book: WorkbookBackend, snap: SheetSnapshot, state: _State, message: str, start: float,
            ok: bool = True, **extra) -> Report:
    n = state.layout.n
    return Report(book.source, snap.name, DONE if state.solution else state.status,
                  message, kind=KIND, seconds=time.perf_counter() - start, rows=n, cols=n, summary=message, ok=ok,
                  extra={"box": str(state.layout.shape), "puzzle": state.givens.to_text(), **extra})


def _wrong(state: _State) -> list[int]:
    """Digits the user entered (not givens) that differ from the solution; without
    a solution, the digits that repeat in a row, column or box (all of them
    when there is no givens record to tell the entered ones)."""
    cur, giv = state.current.cells, state.givens.cells
    entered = [i for i, d in enumerate(cur) if d and not giv[i]]
    if state.solution is None:
        return sorted({c for _, _, cells in state.current.duplicates() for c in cells
                       if not (state.recorded and giv[c])})
    return [i for i in entered if cur[i] != state.solution[i]]  # a repeated digit is one of these


def _grid(snap: SheetSnapshot, state: _State) -> Grid:
    """The grid the next step starts from: the digits now, less the candidates
    the pencil block (written by earlier steps) has crossed out."""
    grid = Grid.from_puzzle(state.current)
    pencil = read_pencil(snap, state.layout)
    if pencil:
        for cell, mask in pencil.items():
            if grid.value[cell] == 0 and grid.cand[cell] & mask:
                for k in range(grid.n):
                    if grid.cand[cell] >> k & 1 and not mask >> k & 1:
                        grid.eliminate(cell, k + 1)
    return grid


def _next(snap: SheetSnapshot, state: _State):
    """(grid, step, message) for hint and step; step None when solved or blocked."""
    grid = _grid(snap, state)
    wrong = _wrong(state)
    if wrong:
        names = ", ".join(cell_name(c, state.layout.n) for c in wrong)
        return grid, None, f"The digits in {names} do not fit the solution: fix them first (xlsolver check marks them)."
    if grid.solved():
        return grid, None, "The sudoku is solved."
    step = next_step(grid) or guess_step(grid, state.solution)
    return grid, step, step.text


def _blocked(book, snap, state, start) -> Report:
    message = f"no single solution to work towards: {state.problem}"
    book.apply(PaintPlan(snap.name, (Write(state.layout.status_cell, message),)))
    return _report(book, snap, state, message, start, ok=False)


def hint(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Mark the cells of the next step and write why; nothing is solved."""
    snap = found.snap
    start = time.perf_counter()
    state = _read(found, options)
    if state.solution is None:
        return _blocked(book, snap, state, start)
    grid, found, message = _next(snap, state)
    pencil = bool(options.settings.get("pencil")) or read_pencil(snap, state.layout) is not None
    book.apply(hint_plan(snap.name, snap, state.layout, state.givens, found, message, grid.value, grid.cand,
                         pencil))
    extra = {"step": found.to_json(state.layout.n)} if found else {}
    return _report(book, snap, state, message, start, ok=found is not None or grid.solved(), **extra)


def step(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Make the next step: write the digits it places, the candidates it leaves, and why."""
    snap = found.snap
    start = time.perf_counter()
    state = _read(found, options)
    if state.solution is None:
        return _blocked(book, snap, state, start)
    grid, found, message = _next(snap, state)
    if found is not None:
        grid.apply(found)
    pencil = bool(options.settings.get("pencil")) or read_pencil(snap, state.layout) is not None
    book.apply(step_plan(snap.name, snap, state.layout, state.givens, found, message, grid.value, grid.cand,
                         pencil))
    extra = {"step": found.to_json(state.layout.n)} if found else {}
    return _report(book, snap, state, message, start, ok=found is not None or grid.solved(), **extra)


def check(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Paint red the entered digits that break the rules or differ from the solution."""
    snap = found.snap
    start = time.perf_counter()
    state = _read(found, options)
    wrong = _wrong(state)
    n = state.layout.n
    entered = sum(1 for g, c in zip(state.givens.cells, state.current.cells) if c and not g)
    names = ", ".join(cell_name(c, n) for c in wrong)
    if wrong and state.solution is None:
        message = f"{len(wrong)} digits repeat in a row, column or box: {names}"
    elif wrong:
        message = f"{len(wrong)} of the {entered} digits you entered {'is' if len(wrong) == 1 else 'are'} wrong: {names}"
    elif state.solution is None:
        message = (f"no single solution to check against: {state.problem} (xlsolver records the givens on its "
                   "first hint, step or check; run one before entering digits)")
    elif entered == 0:
        message = "no mistakes: no digits entered yet besides the givens"
    else:
        message = (f"no mistakes: the {entered} digit{'s' if entered > 1 else ''} you entered "
                   f"fit{'s' if entered == 1 else ''} the solution")
    book.apply(check_plan(snap.name, snap, state.layout, state.givens, wrong, message))
    return _report(book, snap, state, message, start, ok=not wrong and state.solution is not None,
                   wrong=[cell_name(c, n) for c in wrong])


def clear(book: Owner, found: Found, options: Options) -> Report:
    """Every cell xlsolver changed given back as it was before (the digits the
    user entered stay theirs)."""
    snap = found.snap
    start = time.perf_counter()
    layout, current = found.layout, found.read()
    kept = read_givens(snap, layout, current) or current
    restored = book.clear()
    message = f"cleared: {restored} cell{'' if restored == 1 else 's'} back as before xlsolver; {kept.clues} givens"
    return Report(book.source, snap.name, DONE, message, kind=KIND,
                  seconds=time.perf_counter() - start, rows=layout.n, cols=layout.n, summary=message,
                  extra={"puzzle": kept.to_text()})


def _explained(puzzle: Sudoku, solution: tuple[int, ...], options: Options, what: str) -> tuple[list, object, dict]:
    """The steps, the rating and the JSON fields. Reports progress after each
    step; raises BudgetExhausted past the budget (or when the progress callback does)."""
    start = time.perf_counter()
    total = sum(1 for d in puzzle.cells if not d)
    steps = []
    for found in explain(puzzle, solution):
        steps.append(found)
        seconds = time.perf_counter() - start
        done = sum(len(s.placements) for s in steps)
        options.progress(Progress(f"explaining {what}", done=done, total=total, seconds=seconds))
        if options.budget_seconds is not None and seconds > options.budget_seconds:
            raise BudgetExhausted(f"{options.budget_seconds:g} s budget, {done} of {total} digits explained")
    rating = rate(puzzle, steps)
    n = puzzle.n
    extra = {"steps": [s.to_json(n) for s in steps], "level": rating.level, "score": rating.score,
             "qqwing": rating.qqwing, "guesses": rating.guesses, "hardest": rating.hardest}
    return steps, rating, extra


def _summary(rating) -> str:
    return f"{rating.level}, score {rating.score}, QQWing {rating.qqwing}, {rating.steps} steps" + \
        (f", {rating.guesses} guesses" if rating.guesses else "")


def _write_steps(book: WorkbookBackend, name: str, title: str, steps, rating, n: int) -> None:
    if name in book.sheet_names():  # empty an earlier Steps sheet of the same puzzle
        old = book.snapshot(name)
        book.apply(PaintPlan(name, tuple(Write(cell, None) for cell in old.cells)))
    book.apply(steps_sheet_plan(name, title, steps, rating, n, lambda c: cell_name(c, n)))
    _widen(book, name)


STEPS_WIDTHS = {"A": 6, "B": 28, "C": 22, "D": 110}  # characters: step, technique, cells, explanation


def _widen(book: WorkbookBackend, sheet: str) -> None:
    """Give the Steps sheet's columns room for their text."""
    book.apply(PaintPlan(sheet, (ColumnWidths.of(STEPS_WIDTHS),)))


def _gave_up(book, snap, state, start, err) -> Report:
    message = f"gave up: {err}"
    book.apply(PaintPlan(snap.name, (Write(state.layout.status_cell, message),)))
    report = _report(book, snap, state, message, start, ok=False)
    report.status = Status.GAVE_UP.value
    return report


def explain_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Write every step from the givens and the rating to a Steps sheet."""
    snap = found.snap
    start = time.perf_counter()
    state = _read(found, options)
    if state.solution is None:
        return _blocked(book, snap, state, start)
    try:
        steps, rating, extra = _explained(state.givens, state.solution, options, snap.name)
    except BudgetExhausted as err:
        return _gave_up(book, snap, state, start, err)
    name = f"{snap.name} steps"[:31]
    _write_steps(book, name, f"How to solve {snap.name}, step by step", steps, rating, state.layout.n)
    book.apply(record_plan(snap.name, state.layout, state.givens))
    return _report(book, snap, state, f"{_summary(rating)} (written to sheet \"{name}\")", start, **extra)


def explain_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Explain each puzzle line of a file; with ``out``, a workbook with each
    puzzle and its Steps sheet."""
    source = str(path)
    try:
        entries = read_lines(path, options.limits)
    except InputError as err:  # not a regular file, too large, binary
        return [Report(source, None, ERROR, str(err), kind=KIND)]
    book = new_workbook() if out else None
    reports = []
    for number, entry in entries:
        title = path.stem if len(entries) == 1 else f"{path.stem} {number}"
        if isinstance(entry, str):
            reports.append(Report(source, title, ERROR, f"{printable(path.name)}, line {number}: {printable(entry)}",
                                  kind=KIND))
            continue
        options.on_start(f"{title} ({entry.n}x{entry.n})")
        start = time.perf_counter()
        result = solve(entry)
        if result.status != Status.UNIQUE:
            reports.append(Report(source, title, result.status.value, f"cannot explain: {result.message}",
                                  kind=KIND, rows=entry.n, cols=entry.n,
                                  extra={"ok": False, "line": number, "puzzle": entry.to_text()}))
            continue
        try:
            steps, rating, extra = _explained(entry, result.solutions[0], options, title)
        except BudgetExhausted as err:
            reports.append(Report(source, title, Status.GAVE_UP.value, f"gave up: {err}", kind=KIND,
                                  seconds=time.perf_counter() - start, rows=entry.n, cols=entry.n,
                                  extra={"ok": False, "line": number, "puzzle": entry.to_text()}))
            continue
        reports.append(Report(source, title, DONE, _summary(rating), kind=KIND, seconds=time.perf_counter() - start,
                              rows=entry.n, cols=entry.n, summary=_summary(rating),
                              extra={"ok": True, "line": number, "puzzle": entry.to_text(), **extra}))
        if book is not None:
            sheet = sheet_title(title, book.sheet_names())
            book.apply(sudoku_import_plan(entry, sheet, f"(line {number})"))
            _write_steps(book, sheet_title(f"{sheet} steps", book.sheet_names()),
                         f"How to solve {sheet}, step by step", steps, rating, entry.n)
    if book is not None and any(r.status == DONE for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status == DONE else None
    return reports




def at_level(request, level: str):
    """``xlsolver generate sudoku --level LEVEL``: the request narrowed to
    puzzles the ladder rates at ``level`` (minimal ones above easy, since
    puzzles that keep 40% of their clues are nearly all easy), and a puzzle
    source that adds each one's level, score and QQWing class to the Index."""
    from dataclasses import replace

    from xlsolver.jobs.generate import sudoku_puzzles
    from xlsolver.sudoku.techniques.levels import AtLevel, rating_columns

    narrowed = replace(request, accept=AtLevel(level), minimal=request.minimal or level != "easy",
                       parameters={**request.parameters, "level": level})

    def source(req, progress):
        for made, columns in sudoku_puzzles(req, progress):
            yield made, {**columns, **rating_columns(made)}
    return narrowed, source
