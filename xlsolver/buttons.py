"""What a button press does, the same in Excel (xlwings) and in LibreOffice Calc.

A press names an action (``solve``, ``step``, ``hint``, ``check``, ``clear``,
``explain``, ``generate``). It runs on the active sheet of the workbook the
button sits in: the puzzle kind is detected from the cells, the action runs
through :func:`xlsolver.jobs.run_book` (so every action a kind offers is a
button as soon as the kind has it), and the outcome is reported in two places:

- the **status cell**: the cell named ``Status`` when the sheet has one, else
  the first column two rows below everything on the sheet;
- the **status bar**, which also shows progress on long work.

A mistake in the user's sheet (an :class:`~xlsolver.core.InputError`) becomes
a sentence in the status cell, never a traceback dialog. A cell named
``Stop`` is read now and then while the work runs: any value there but blank,
0, "no" or FALSE stops it, and the verdict is ``gave_up`` (the work was
cancelled). A cell named ``Budget`` sets the time budget in seconds (default 30).
A cell named ``Action``, a list to pick from, says what :func:`press` with no
action does: that is the one macro of a workbook built from xlwings' template.

A live back end offers, besides the sheet protocol, ``active_sheet()``,
``value_at(sheet, row, col)`` and ``show_status(text)``, and reads a sheet
within its ``limits`` (:mod:`xlsolver.core.limits`): a sheet holding more
cells than they allow is reported in one line naming it, in the status bar
(the sheet was not read, so no status cell is known).
"""

from __future__ import annotations

import time
from typing import Any, Callable, Protocol

from xlsolver.core import BudgetExhausted, InputError, PaintPlan, Write
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.progress import Progress
from xlsolver.jobs import ACTIONS, ERROR, Options, Report, run_book
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend

__all__ = ["BUTTONS", "LiveBook", "POLL_SECONDS", "press", "read_action", "status_cell"]

BUTTONS: dict[str, str] = dict(ACTIONS)
"""Every action a button may run, with what it does (the Action list offers these)."""

STATUS_NAME, ACTION_NAME, STOP_NAME, BUDGET_NAME = "Status", "Action", "Stop", "Budget"
POLL_SECONDS = 0.5  # how often the Stop cell is read and the status bar refreshed
LAST_ROW = 1_048_576  # the last row of an Excel or Calc sheet: a status cell below it is not written
_PREFIX = "xlsolver: "
_NOT_STOPPED = {"", "0", "no", "false", "n"}


class LiveBook(WorkbookBackend, Protocol):
    """A workbook open in a running spreadsheet program."""

    def active_sheet(self) -> str: ...

    def value_at(self, sheet: str, row: int, col: int) -> Any: ...

    def show_status(self, text: str | None) -> None: ...


def status_cell(snap: SheetSnapshot) -> tuple[int, int]:
    """Where a press reports: the cell named Status, else the first column two rows
    below the sheet's cells (or where an earlier report of ours already stands)."""
    if STATUS_NAME in snap.names:
        top, left, _, _ = snap.names[STATUS_NAME]
        return (top, left)
    if not snap.cells:
        return (1, 1)
    ours = [cell for cell, info in snap.cells.items()
            if isinstance(info.value, str) and info.value.startswith(_PREFIX)]
    if ours:
        return max(ours)
    last = max(r for r, _ in snap.cells)
    first = min(c for _, c in snap.cells)
    return (last + 2, first)


def read_action(snap: SheetSnapshot) -> str:
    """The action chosen in the cell named Action. Raises InputError."""
    if ACTION_NAME not in snap.names:
        raise InputError(f"no cell named {ACTION_NAME}: name a cell {ACTION_NAME} and pick one of "
                         f"{', '.join(BUTTONS)} in it, or use the button of one action", snap.name)
    top, left, _, _ = snap.names[ACTION_NAME]
    value = snap.value(top, left)
    chosen = str(value or "").strip().lower()
    if chosen not in BUTTONS:
        raise InputError.at_cell(f'"{value or ""}" is not an action; pick one of {", ".join(BUTTONS)}',
                                 snap.name, top, left)
    return chosen


def _budget(snap: SheetSnapshot, default: float) -> float:
    if BUDGET_NAME not in snap.names:
        return default
    top, left, _, _ = snap.names[BUDGET_NAME]
    value = snap.value(top, left)
    if value in (None, ""):
        return default
    try:
        seconds = float(str(value).strip().removesuffix("seconds").removesuffix("s").strip())  # "30", "30 s"
    except (TypeError, ValueError):
        raise InputError.at_cell(f'budget "{value}" is not a number of seconds', snap.name, top, left) from None
    if seconds != seconds or seconds == float("inf"):  # NaN or infinite: no limit, which a budget is not
        raise InputError.at_cell(f'budget "{value}" is not a number of seconds', snap.name, top, left)
    if seconds <= 0:
        raise InputError.at_cell("the budget must be more than 0 seconds", snap.name, top, left)
    return seconds


def _stop_requested(value: Any) -> bool:
    return str(value if value is not None else "").strip().lower() not in _NOT_STOPPED


def _progress(book: LiveBook, sheet: str, stop: tuple[int, int] | None,
              clock: Callable[[], float]) -> Callable[[Progress], None]:
    """Show progress in the status bar and read the Stop cell, at most every POLL_SECONDS."""
    last = [clock()]

    def report(progress: Progress) -> None:
        now = clock()
        if now - last[0] < POLL_SECONDS:
            return
        last[0] = now
        book.show_status(_PREFIX + progress.text())
        if stop is not None and _stop_requested(book.value_at(sheet, *stop)):
            raise BudgetExhausted(f"stopped from the {STOP_NAME} cell")

    return report


def press(book: LiveBook, action: str | None = None, sheet: str | None = None,
          budget_seconds: float = 30.0, clock: Callable[[], float] = time.monotonic,
          limits: Limits | None = None) -> list[Report]:
    """Run ``action`` (None: the one in the Action cell) on ``sheet`` (None: the active
    one), report in the status cell and the status bar, and return the reports.
    Mistakes in the sheet are reported, not raised. The sheet is read once: the
    action works on the snapshot the press took. ``limits`` bound the work (None:
    the back end's own, as its snapshot reads by them, else the defaults)."""
    sheet = sheet or book.active_sheet()
    limits = limits if limits is not None else getattr(book, "limits", DEFAULT_LIMITS)
    book.show_status(f"{_PREFIX}reading {sheet} ...")
    source = book.source
    snap = None
    try:
        snap = book.snapshot(sheet)
        action = action or read_action(snap)
        if action not in BUTTONS:
            raise InputError(f'"{action}" is not an action; one of {", ".join(BUTTONS)}')
        stop = snap.names.get(STOP_NAME)
        options = Options(budget_seconds=_budget(snap, budget_seconds),
                          progress=_progress(book, sheet, stop[:2] if stop else None, clock), limits=limits)
        options.on_start = lambda what: book.show_status(f"{_PREFIX}{action} {what} ...")
        reports = run_book(book, source, sheet, options, action, snapshots={sheet: snap})
    except InputError as err:
        reports = [Report(source, sheet, ERROR, str(err))]
    _tell(book, snap, reports)
    return reports


def _tell(book: LiveBook, snap: SheetSnapshot | None, reports: list[Report]) -> None:
    """The outcome in the status bar, and in the status cell when the sheet names one
    or something went wrong (the place comes from the snapshot taken before the action;
    without one, a sheet too large to read, or with the cell below the sheet's last
    row, the status bar alone)."""
    text = "; ".join(r.line() if r.status != ERROR else r.message for r in reports)
    if snap is not None and (STATUS_NAME in snap.names or any(r.status == ERROR for r in reports)):
        cell = status_cell(snap)
        if cell[0] <= LAST_ROW:
            book.apply(PaintPlan(snap.name, (Write(cell, _PREFIX + text),)))
    book.show_status(_PREFIX + text)
