"""Nonogram jobs: sheets in the VBA analyzer's layout (black-and-white or colour)
and puzzle files in every format of :mod:`xlsolver.nonogram.formats`.

The two variants differ in how they read, solve, explain and paint; :class:`Variant`
holds those differences as a table (:data:`PLAIN`, :data:`COLOUR`) and every job
here runs one path for both.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

import numpy as np

from xlsolver.core import Budget, BudgetExhausted, InputError, Status
from xlsolver.core.files import atomic_write_text, printable
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.paint import BLACK as BLACK_STYLE
from xlsolver.core.paint import WHITE as WHITE_STYLE
from xlsolver.core.paint import ColumnWidths, PaintPlan, Style, Write, group_by_style
from xlsolver.core.ownership import Owner, Record
from xlsolver.core.progress import Progress
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.jobs.base import DONE, ERROR, Options, Report, first_lines, new_workbook, sheet_title
from xlsolver.jobs.registry import Found, SheetReader, limits_of
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Nonogram, format_grid
from xlsolver.nonogram.colour import ColourNonogram, format_colour_grid
from xlsolver.nonogram.colour_explain import check_colour, explain_colour, next_colour_step
from xlsolver.nonogram.colour_solver import solve_colour
from xlsolver.nonogram.explain import LABELS, NO_SOLUTION, RULES, SEVERAL, UNDECIDED, Step, check, explain, next_step
from xlsolver.nonogram.sat import available as sat_available
from xlsolver.nonogram.solver import solve
from xlsolver.sheets.nonogram_bw import NO_NONOGRAM, import_plan, nonogram_plan, read_nonogram, status_sentence
from xlsolver.sheets.nonogram_colour import (
    colour_import_plan,
    colour_plan,
    colour_status_sentence,
    hint_fills,
    read_colour_nonogram,
)
from xlsolver.sheets.nonogram_layout import NonogramLayout, find_layout
from xlsolver.sheets.nonogram_steps import (
    CHECK_PREFIX,
    RULE_NAMES,
    STEPS_TITLE,
    check_plan,
    note_plan,
    step_plan,
    steps_sheet_name,
    steps_sheet_plan,
    value_names,
)

__all__ = ["COLOUR", "KIND", "PLAIN", "Variant", "check_sheet", "clear_sheet", "engine_problem", "explain_sheet",
           "export_puzzles", "hint_sheet", "import_puzzle", "is_nonogram_file", "locate", "read_entries", "sample_plan",
           "solve_file", "solve_sheet", "step_sheet", "variant_of"]

KIND = "nonogram"


@dataclass(frozen=True)
class Variant:
    """What differs between black-and-white and colour nonograms, as one table of
    functions: every job below runs one path for both and asks its variant. The
    puzzle is a :class:`Nonogram` or a :class:`ColourNonogram`; a grid holds the
    search's values (``UNKNOWN``/``BLOCK``/``DOT``, or colour masks)."""

    name: str
    read: Callable  # (snap, layout, fills) -> (layout, puzzle, givens); raises InputError
    solve: Callable  # (puzzle, givens, budget, engine) -> result
    rows: Callable  # (puzzle, solution grid) -> rows of characters
    plan: Callable  # (layout, puzzle, result, sheet, fills, reveal=True) -> the PaintPlan of a solve
    import_plan: Callable  # (puzzle, sheet, title) -> the PaintPlan laying the puzzle out
    verdict: Callable  # (result) -> the verdict's sentence when no step is left
    next_step: Callable  # (puzzle, givens, budget) -> Step | None
    check: Callable  # (puzzle, givens, budget) -> CheckResult
    explain: Callable  # (puzzle, givens, budget) -> Iterator[Step]
    decided: Callable  # (givens) -> {(r, c): value index} of the cells decided
    chars: Callable  # (puzzle) -> {value: character}, for steps in JSON
    palette: Callable  # (puzzle) -> the colours' RGB in order, or None
    names: Callable  # (puzzle) -> {value: word} for the steps
    json: Callable  # (puzzle) -> the fields a report adds to the JSON
    hint_key: str  # what a hint's highlight colours mean


def _plain_decided(grid: np.ndarray) -> dict[tuple[int, int], int]:
    return {(int(r), int(c)): int(grid[r, c]) for r, c in np.argwhere(grid != UNKNOWN)}


def _colour_decided(grid: np.ndarray) -> dict[tuple[int, int], int]:
    masks = grid.astype(np.int64)
    return {(int(r), int(c)): int(masks[r, c]).bit_length() - 1 for r, c in np.argwhere((masks & (masks - 1)) == 0)}


PLAIN = Variant(
    name="black and white",
    read=lambda snap, layout, fills: read_nonogram(snap, layout),
    solve=lambda puzzle, givens, budget, engine: solve(puzzle, givens, budget, engine=engine),
    rows=lambda puzzle, grid: format_grid(grid),
    plan=lambda layout, puzzle, result, sheet, fills, reveal=True: nonogram_plan(layout, result, sheet,
                                                                             reveal=reveal),
    import_plan=import_plan,
    verdict=status_sentence,
    next_step=next_step,
    check=check,
    explain=explain,
    decided=_plain_decided,
    chars=lambda puzzle: {BLOCK: "#", DOT: "."},
    palette=lambda puzzle: None,
    names=lambda puzzle: value_names(None),
    json=lambda puzzle: {},
    hint_key="light grey: will be black, light yellow: will be white",
)

COLOUR = Variant(
    name="colour",
    read=read_colour_nonogram,
    solve=lambda puzzle, givens, budget, engine: solve_colour(puzzle, givens, budget),
    rows=format_colour_grid,
    plan=lambda layout, puzzle, result, sheet, fills, reveal=True: colour_plan(layout, puzzle, result, sheet,
                                                                           fills or {}, reveal=reveal),
    import_plan=colour_import_plan,
    verdict=colour_status_sentence,
    next_step=next_colour_step,
    check=check_colour,
    explain=explain_colour,
    decided=_colour_decided,
    chars=lambda puzzle: puzzle.chars(),
    palette=lambda puzzle: [c.rgb for c in puzzle.palette],
    names=lambda puzzle: value_names([c.name for c in puzzle.palette]),
    json=lambda puzzle: {"colours": [c.char + "=" + c.rgb for c in puzzle.palette]},
    hint_key="light yellow: will be white or the colour named",
)


def variant_of(puzzle) -> Variant:
    """The variant of a puzzle read from a file."""
    return COLOUR if isinstance(puzzle, ColourNonogram) else PLAIN


def variant_of_hints(hints: dict | None) -> Variant:
    """The variant of a sheet, by its hint cells' fills (None: no colours there)."""
    return PLAIN if hints is None else COLOUR


def _engine(options: Options) -> str:
    return options.settings.get("engine") or "auto"


def _report(source: str, sheet: str | None, puzzle, result, variant: Variant) -> Report:
    rows = [variant.rows(puzzle, s) for s in result.solutions]
    return Report(source=source, sheet=sheet, status=result.status, message=result.message, kind=KIND,
                  seconds=result.seconds, rows=puzzle.height, cols=puzzle.width, solutions=rows,
                  extra=variant.json(puzzle))


@dataclass(frozen=True)
class _Sheet:
    """A nonogram sheet as located: the layout, its variant, the clues, the cells
    decided so far, and for a colour puzzle the hint cells' colours."""

    snap: SheetSnapshot
    layout: NonogramLayout
    variant: Variant
    puzzle: Nonogram | ColourNonogram
    givens: np.ndarray
    hints: dict | None

    @property
    def palette(self) -> list[str] | None:
        return self.variant.palette(self.puzzle)

    def names(self) -> dict[int, str]:
        return self.variant.names(self.puzzle)

    def undecided(self) -> int:
        return self.puzzle.height * self.puzzle.width - len(self.variant.decided(self.givens))

    def size(self) -> str:
        return f"{self.snap.name} ({self.puzzle.width}x{self.puzzle.height})"

    def solve(self, options: Options):
        budget = Budget(seconds=options.budget_seconds)
        return self.variant.solve(self.puzzle, self.givens, budget, _engine(options))

    def report(self, message: str, summary: str, status: str = DONE, ok: bool | None = None, **extra) -> Report:
        return Report("", self.snap.name, status, message, kind=KIND, rows=self.puzzle.height,
                      cols=self.puzzle.width, summary=summary, ok=ok, extra=extra)


def locate(snap: SheetSnapshot, reader: SheetReader | None = None) -> Found | None:
    """Numbers above and left of a grid (the analyzer's layout), black and white or
    in colours (the hint cells' fills), read in the same pass. ``Found.puzzle`` is a
    :class:`_Sheet`; when the clues do not read, ``Found.layout`` and the error."""
    if str(snap.value(1, 1) or "").startswith(STEPS_TITLE):
        return None  # an explanation's Steps sheet
    try:
        layout = find_layout(snap, limits_of(reader))
    except InputError as err:  # a grid beyond the limits, refused before it is laid out
        return Found(KIND, snap, None, error=err)
    if layout is None:
        return None
    hints = hint_fills(snap, layout)
    variant = variant_of_hints(hints)
    try:
        layout, puzzle, givens = variant.read(snap, layout, hints)
    except InputError as err:
        return Found(KIND, snap, layout, error=err)
    return Found(KIND, snap, layout, _Sheet(snap, layout, variant, puzzle, givens, hints))


def solve_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Solve and paint the whole answer (or what all solutions share, or the clash)."""
    sheet = found.read()
    options.on_start(sheet.size())
    result = sheet.solve(options)
    plan = sheet.variant.plan(sheet.layout, sheet.puzzle, result, sheet.snap.name, sheet.hints)
    book.apply(plan)
    return _report("", sheet.snap.name, sheet.puzzle, result, sheet.variant)


def read_entries(path: Path, fmt: str | None = None, limits: Limits = DEFAULT_LIMITS) -> list:
    """Every puzzle of a file, in any known format (``PuzzleEntry`` values), read within
    ``limits``. Raises InputError. The file formats load here, not for puzzles read from sheets."""
    from xlsolver.nonogram.formats import read_puzzles

    return read_puzzles(path, fmt, limits)


def _lay_out(book: WorkbookBackend, entry, name: str) -> None:
    """Lay a file's puzzle out on sheet ``name``, its givens painted in the grid."""
    book.apply(variant_of(entry.puzzle).import_plan(entry.puzzle, name, entry.title or name))
    if entry.givens is not None:
        laid = locate(book.snapshot(name), None).read()
        book.apply(PaintPlan(name, group_by_style(_given_looks(entry, laid))))


def _given_looks(entry, laid: _Sheet) -> dict[tuple[int, int], Style]:
    """The sheet cell and look of each given of a file's puzzle, on the sheet it is laid
    out on: grey and white as the analyzer paints them, or the fill of the colour's
    hints (read from the sheet, so the given reads back as that colour)."""
    looks = {".": WHITE_STYLE}
    if isinstance(entry.puzzle, ColourNonogram):
        fills = {c.char: c.rgb for c in laid.puzzle.palette}
        ours = entry.puzzle.rows + entry.puzzle.cols
        for clue, shown in zip(ours, laid.puzzle.rows + laid.puzzle.cols):
            for (_, char), (_, sheet_char) in zip(clue, shown):
                looks.setdefault(char, Style(fill=fills[sheet_char]))
    else:
        looks["#"] = BLACK_STYLE
    cells = {}
    for r, row in enumerate(entry.givens):
        for c, char in enumerate(row):
            if char in looks:
                cells[laid.layout.cell(r, c)] = looks[char]
            elif char != "?":
                raise InputError(f'{laid.snap.name}: a given cell (row {r + 1}, column {c + 1}) has colour "{char}", '
                                 "which no clue has")
    return cells


def _file_givens(entry) -> np.ndarray | None:
    """A file puzzle's givens as the solver takes them, as a sheet's would be: a state
    grid, or colour masks (bit 0 the background); None when it has none."""
    if entry.givens is None:
        return None
    if isinstance(entry.puzzle, ColourNonogram):
        chars = entry.puzzle.chars()
        free = (1 << len(chars)) - 1
        masks = {char: 1 << k for k, char in enumerate(chars)}
        return np.array([[masks.get(char, free) for char in row] for row in entry.givens], dtype=np.int64)
    states = {"#": BLOCK, ".": DOT}
    return np.array([[states.get(char, UNKNOWN) for char in row] for row in entry.givens], dtype=np.int8)


def solve_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Solve each puzzle of a file (from its givens, when it has some); with ``out``, lay
    them out and paint them into a new workbook."""
    source = str(path)
    try:
        entries = read_entries(path, limits=options.limits)
    except InputError as err:
        return [Report(source, None, ERROR, str(err), kind=KIND)]
    book = new_workbook() if out else None
    reports = []
    for number, entry in enumerate(entries, 1):
        puzzle, variant = entry.puzzle, variant_of(entry.puzzle)
        title = entry.title or (path.stem if len(entries) == 1 else f"{path.stem} {number}")
        problems = puzzle.problems()
        if problems:
            reports.append(Report(source, title if len(entries) > 1 else None, ERROR,
                                  f"{printable(path.name)}: {title}: {problems[0][1]}", kind=KIND))
            continue
        options.on_start(f"{title} ({puzzle.width}x{puzzle.height})")
        result = variant.solve(puzzle, _file_givens(entry), Budget(seconds=options.budget_seconds), _engine(options))
        reports.append(_report(source, title if len(entries) > 1 else None, puzzle, result, variant))
        if book is not None:
            name = sheet_title(title, book.sheet_names())
            book.add_sheet(name)
            _lay_out(book, entry, name)
            laid = locate(book.snapshot(name), None).read()
            book.apply(variant.plan(laid.layout, puzzle, result, name, laid.hints))
    if book is not None and any(r.status != ERROR for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status != ERROR else None
    return reports


def is_nonogram_file(path: Path) -> bool:
    """Every suffix but .txt is a nonogram format; a .txt file holds nonograms when its
    lines are clues (``1/3/1|1/3/1``) or a TAAI set (``$1``)."""
    if path.suffix.lower() != ".txt":
        return True
    lines = first_lines(path, 1)
    return bool(lines) and ("|" in lines[0] or lines[0].startswith("$"))


def import_puzzle(path: Path, out: Path, sheet: str | None = None, fmt: str | None = None,
                  limits: Limits = DEFAULT_LIMITS) -> list[str]:
    """Lay the puzzle(s) of a file out in the analyzer's layout, their givens painted,
    ready to solve in Excel. Adds sheets when ``out`` exists. Returns the new sheets'
    names. Raises InputError."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.nonogram.formats_entry import PuzzleEntry

    if out.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError("import writes a workbook: name the -o file .xlsx", printable(str(out)))
    entries = read_entries(path, fmt, limits)
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


def _as_given(snap: SheetSnapshot, record: Record) -> SheetSnapshot:
    """The sheet as the user left it: each cell xlsolver painted (and the user has not
    changed since) shown with its look from before, so that what a solve or a step
    painted is not taken for the user's givens."""
    kept = record.sheets.get(snap.name)
    if kept is None:
        return snap
    cells = dict(snap.cells)
    for cell in kept.owned(snap):
        before = kept.cells[cell][0].info
        if before.blank:
            cells.pop(cell, None)
        else:
            cells[cell] = before
    return replace(snap, cells=cells, owned=frozenset())


def _given_rows(sheet: _Sheet) -> tuple[str, ...] | None:
    """A sheet's givens as the rows of a saved grid (``?`` where free), or None."""
    decided = sheet.variant.decided(sheet.givens)
    if not decided:
        return None
    chars = sheet.variant.chars(sheet.puzzle)
    rows = [["?"] * sheet.puzzle.width for _ in range(sheet.puzzle.height)]
    for (r, c), value in decided.items():
        rows[r][c] = chars[value]
    return tuple("".join(row) for row in rows)


def _lost_givens(book_path: Path, fmt: str, lost: list[tuple[str, int]]) -> InputError:
    """The refusal to export givens into a format that cannot hold them."""
    advice = f"the {fmt} format holds clues only; write .non or .xml, which keep givens, or pass --drop-givens"
    if len(lost) == 1:
        name, count = lost[0]
        return InputError(f"{count} given cell{'s' if count != 1 else ''} would be lost: {advice}", name)
    sheets = ", ".join(f"{name} ({count})" for name, count in lost)
    return InputError(f"the given cells of {len(lost)} sheets would be lost ({sheets}): {advice}", book_path.name)


def export_puzzles(book_path: Path, out: Path, fmt: str | None = None, sheet: str | None = None,
                   drop_givens: bool = False) -> list[str]:
    """Write the nonogram(s) of a workbook's sheets to a puzzle file (format by ``fmt`` or
    by the suffix of ``out``), each with the cells its sheet gives (as the user painted
    them, before any solve) where the format holds them; a format that cannot is
    refused unless ``drop_givens``. Returns the sheets exported. Raises InputError."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.nonogram.formats import format_for, format_named
    from xlsolver.nonogram.formats_entry import PuzzleEntry

    chosen = format_named(fmt) if fmt else format_for(out)
    if out.exists() and book_path.exists() and out.samefile(book_path):
        raise InputError("-o names the workbook itself; export writes a puzzle file beside it", printable(str(out)))
    book = OpenpyxlWorkbook.open(book_path)
    record = Record.read(book)
    names = book.sheet_names()
    if sheet is not None and sheet not in names:
        raise InputError(f'{book_path.name} has no sheet "{sheet}" (it has: {", ".join(names)})')
    entries, used = [], []
    for name in [sheet] if sheet else names:
        found = locate(_as_given(book.snapshot(name), record), None)
        if found is None:
            if sheet is not None:
                raise InputError(NO_NONOGRAM, name)
            continue
        laid = found.read()
        givens = _given_rows(laid)
        entries.append(PuzzleEntry(laid.puzzle, name, saved=() if givens is None else (givens,)))
        used.append(name)
    if not entries:
        raise InputError(f"{book_path.name}: no sheet holds a nonogram")
    if len(entries) > 1 and not chosen.many:
        raise InputError(f"{book_path.name} holds {len(entries)} nonograms but the {chosen.name} format holds one; "
                         f"name one with --sheet or choose a format that holds several (xml, taai, text)")
    lost = [(e.title, sum(ch != "?" for row in e.givens for ch in row)) for e in entries if e.givens is not None]
    if lost and not chosen.givens and not drop_givens:
        raise _lost_givens(book_path, chosen.name, lost)
    if drop_givens:
        entries = [replace(e, saved=()) for e in entries]
    try:
        text = chosen.write(entries)
    except ValueError as err:
        raise InputError(f"cannot write {chosen.name}: {err}", printable(str(out))) from None
    atomic_write_text(out, text)
    return used


# --- the actions besides solve: step, hint, check, clear, explain ------------


def _step_json(sheet: _Sheet, step: Step) -> dict:
    """A step for ``--json``: cells 1-based ``[row, col, char]`` (``#``/``.``, or colour characters)."""
    chars = sheet.variant.chars(sheet.puzzle)
    return {"rule": step.rule, "rule_name": RULE_NAMES[step.rule], "line": str(step.line) if step.line else None,
            "cells": [[r + 1, c + 1, chars[v]] for (r, c), v in sorted(step.cells.items())], "text": step.text}


def _say(book: WorkbookBackend, sheet: _Sheet, sentence: str) -> None:
    """The sentence in the status cell, with the hint marks tidied away."""
    book.apply(note_plan(sheet.layout, sheet.snap, sentence, sheet.hints))


def _nothing_to_do(book: WorkbookBackend, sheet: _Sheet, action: str, options: Options) -> Report:
    """No next step: the grid is complete, or no solution respects it (or the clues have none)."""
    result = sheet.solve(options)
    if result.status == Status.GAVE_UP:
        sentence = f"{action}: {result.message}"
        _say(book, sheet, sentence)
        return sheet.report(result.message, sentence, Status.GAVE_UP, ok=False)
    if sheet.undecided() == 0 and result.status != Status.NONE:
        sentence = f"{action}: solved, every cell is decided and the clues are met"
        _say(book, sheet, sentence)
        return sheet.report(sentence, sentence, ok=True, left=0)
    painted = sheet.puzzle.height * sheet.puzzle.width - sheet.undecided()
    # The black-and-white solver names the givens when they are to blame; colour's does not.
    givens_to_blame = painted and (sheet.variant is not PLAIN or result.conflict is None or result.conflict.cells)
    if givens_to_blame:
        sentence = (f"{action}: the painted cells contradict the clues; run xlsolver check to see which "
                    f"(or clear to start again)")
        _say(book, sheet, sentence)
    else:  # the clues break: shown as solve shows it (what line logic proved, the line in red)
        sentence = f"{action}: {sheet.variant.verdict(result)}"
        _show_contradiction(book, sheet, result, sentence)
    return sheet.report(sentence, sentence, ok=False)


def _show_contradiction(book: WorkbookBackend, sheet: _Sheet, result, sentence: str, reveal: bool = True) -> None:
    """Paint where a puzzle without solution breaks, as solve paints it (with
    ``reveal``, what line logic proved before; without, the red alone), with
    ``sentence`` in the status cell. The solve's plan tidies the marks of a hint
    already; tidying after it (:func:`_say`) would take its red away."""
    plan = sheet.variant.plan(sheet.layout, sheet.puzzle, result, sheet.snap.name, sheet.hints, reveal=reveal)
    status = sheet.layout.status_cell
    ops = tuple(op for op in plan.ops if not (isinstance(op, Write) and op.cell == status))
    book.apply(PaintPlan(plan.sheet, ops + (Write(status, sentence),)))


def _step_or_hint(book: WorkbookBackend, found: Found, options: Options, hint: bool) -> Report:
    action = "hint" if hint else "step"
    sheet = found.read()
    options.on_start(sheet.size())
    try:
        step = sheet.variant.next_step(sheet.puzzle, sheet.givens, Budget(seconds=options.budget_seconds))
    except BudgetExhausted as err:
        sentence = f"{action}: gave up after {options.budget_seconds:g} s looking for the next step ({err})"
        _say(book, sheet, sentence)
        return sheet.report(sentence, sentence, Status.GAVE_UP, ok=False)
    if step is None:
        return _nothing_to_do(book, sheet, action, options)
    left = sheet.undecided() - (0 if hint else len(step.cells))
    if hint:
        sentence = f"hint ({RULE_NAMES[step.rule]}): {step.text} [{sheet.variant.hint_key}]"
    else:
        sentence = f"step ({RULE_NAMES[step.rule]}): {step.text}"
    book.apply(step_plan(sheet.layout, sheet.snap, step, sentence, hint=hint, palette=sheet.palette,
                         hints=sheet.hints))
    summary = f"{action} ({RULE_NAMES[step.rule]}, {len(step.cells)} cells, {left} undecided): {step.text}"
    return sheet.report(step.text, summary, ok=True, step=_step_json(sheet, step), left=left)


def step_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Make the next deduction and paint it in the analyzer's colours."""
    return _step_or_hint(book, found, options, hint=False)


def hint_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Show the next deduction, its line and its reason, deciding nothing."""
    return _step_or_hint(book, found, options, hint=True)


def check_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Paint red the cells the user decided that no solution has."""
    sheet = found.read()
    options.on_start(sheet.size())
    result = sheet.variant.check(sheet.puzzle, sheet.givens, Budget(seconds=options.budget_seconds))
    if result.verdict is not None:
        sentence = CHECK_PREFIX + result.message
        if result.verdict == Status.NONE:  # the clues break: the line in red, nothing revealed
            alone = sheet.variant.solve(sheet.puzzle, None, Budget(seconds=options.budget_seconds), _engine(options))
            if alone.status == Status.NONE:
                sentence = CHECK_PREFIX + "the clues have " + sheet.variant.verdict(alone)
                _show_contradiction(book, sheet, alone, sentence, reveal=False)
                return sheet.report(result.message, sentence, result.verdict, ok=False)
        _say(book, sheet, sentence)
        return sheet.report(result.message, sentence, result.verdict, ok=False)
    wrong = result.wrong
    filled = sheet.puzzle.height * sheet.puzzle.width - sheet.undecided()
    if wrong:
        sentence = (CHECK_PREFIX + f"{len(wrong)} of the {filled} cells you filled contradict the clues "
                    f"(painted red; they now count as empty)")
    else:
        sentence = CHECK_PREFIX + f"the {filled} cells you filled agree with the clues; {sheet.undecided()} to go"
    book.apply(check_plan(sheet.layout, sheet.snap, wrong, sentence, sheet.hints))
    return sheet.report(sentence, sentence, ok=not wrong, wrong=[[r + 1, c + 1] for r, c in sorted(wrong)],
                        filled=filled)


def clear_sheet(book: Owner, found: Found, options: Options) -> Report:
    """Give back every cell xlsolver changed, as it was before (even when the
    sheet's clues do not read); the user's own cells stay as they are."""
    snap, layout = found.snap, found.layout
    cleared = book.clear()
    sentence = f"cleared: {cleared} cell{'' if cleared == 1 else 's'} back as before xlsolver"
    return Report("", snap.name, DONE, sentence, kind=KIND, rows=layout.height if layout else 0,
                  cols=layout.width if layout else 0, summary=sentence, ok=True, extra={"cleared": cleared})


def explain_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Write every step, its rule and cells, and the difficulty to a Steps sheet."""
    sheet = found.read()
    snap = sheet.snap
    options.on_start(sheet.size())
    started = time.perf_counter()
    budget = Budget(seconds=options.budget_seconds)
    result = sheet.solve(options)
    if result.status in (Status.NONE, Status.GAVE_UP):
        sentence = f"explain: {result.message}"
        _say(book, sheet, sentence)
        return sheet.report(result.message, sentence, result.status, ok=False,
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
    _say(book, sheet, sentence)
    report = sheet.report(sentence, f"{label}, {summary}", ok=finished and result.status == Status.UNIQUE,
                          difficulty=label, steps=[_step_json(sheet, s) for s in steps], steps_sheet=name)
    report.seconds = time.perf_counter() - started
    return report


def _collect_steps(sheet: _Sheet, budget: Budget, options: Options, started: float) -> tuple[list[Step], bool]:
    """The steps from the sheet's cells to a solution, and whether they got there
    (the budget, or a progress callback raising BudgetExhausted, may stop them)."""
    total = sheet.undecided()
    steps: list[Step] = []
    left = total
    try:
        for step in sheet.variant.explain(sheet.puzzle, sheet.givens, budget):
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
    """Column widths for the Steps table, so its text has room."""
    book.apply(PaintPlan(name, (ColumnWidths.of(_STEPS_WIDTHS),)))


def sample_plan(sheet: str) -> PaintPlan:
    """The sample sheet of ``xlsolver excel``: a face drawn in 10x10, unique."""
    face = Nonogram.from_text("4/8/2,2,2/10/3,2,3/2,2/6/1,1/2,2|0/3/5/1,4,1/2,1,3/5,1/5,1/2,1,3/1,4,1/5/3/0")
    return import_plan(face, sheet, "Face")


def engine_problem(engine: str) -> str | None:
    if engine == "sat" and not sat_available():
        return "--engine sat needs python-sat: pip install python-sat"
    return None
