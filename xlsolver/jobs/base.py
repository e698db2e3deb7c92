"""What every puzzle kind's job shares: the report, the options, the actions,
and the two small interfaces a kind implements to plug into the commands.

A kind is a table of functions (as in Tatham's puzzle collection), not a class
hierarchy: :class:`SheetKind` says whether a sheet holds its puzzle and solves
and paints it; :class:`FileKind` solves the puzzle files it recognises.

Actions
-------
Besides ``solve``, a kind may offer the other :data:`ACTIONS` on its sheets
(``step``, ``hint``, ``check``, ``clear``, ``explain``) through its ``actions``
table, and on its files through :attr:`FileKind.actions`. The command line
(``xlsolver hint BOOK.xlsx``) and the spreadsheet buttons run the same
functions; :func:`kind_action` finds one, and a kind that lacks an action is
told apart from a sheet that holds no puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Protocol

from xlsolver.core import Status
from xlsolver.core.progress import ProgressFn, quiet
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend

ERROR = "error"
DONE = "done"  # the status of an action other than solve that ran to its end

ACTIONS: dict[str, str] = {
    "solve": "solve the puzzle and paint the whole answer",
    "step": "make the next deduction and paint it (one press, one step)",
    "hint": "show the next deduction and why, without solving the rest",
    "check": "paint red what the user entered that contradicts the puzzle",
    "clear": "take away what xlsolver painted and wrote: back to the puzzle as given",
    "explain": "write every step of a solution, with the rule used and the difficulty, to a Steps sheet",
}
"""Every action a puzzle sheet may offer, with what it does."""

OUTPUT_TAGS = {"solve": "solved", "step": "step", "hint": "hint", "check": "checked", "clear": "cleared",
               "explain": "explained"}


def first_lines(path: Path, count: int = 5) -> list[str]:
    """The first non-blank, non-comment lines of a text file ([] if unreadable), for ``detect``."""
    try:
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            lines = []
            for line in handle:
                line = line.strip()
                if line and not line.startswith("#"):
                    lines.append(line)
                    if len(lines) == count:
                        break
            return lines
    except OSError:
        return []


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
    extra: dict[str, Any] = field(default_factory=dict)  # kind-specific JSON fields
    summary: str | None = None  # replaces "status, WxH, time" in the one-line report

    @property
    def name(self) -> str:
        return self.sheet if self.sheet is not None else Path(self.source).name

    def line(self) -> str:
        """``Sheet1: unique, 20x15, 0.03 s`` (width x height, as webpbn writes sizes)."""
        if self.status == ERROR:
            return f"{self.name}: error: {self.message}"
        if self.summary is not None:
            return f"{self.name}: {self.summary}"
        size = f"{self.cols}x{self.rows}"
        extra = "" if self.status == Status.UNIQUE else f" ({self.message})"
        return f"{self.name}: {self.status}, {size}, {self.seconds:.2f} s{extra}"

    def to_json(self) -> dict:
        data = {
            "source": self.source, "sheet": self.sheet, "kind": self.kind, "status": self.status,
            "seconds": round(self.seconds, 4), "rows": self.rows, "cols": self.cols,
            "message": self.message, "output": self.output,
        }
        if self.status == Status.UNIQUE and self.solutions:
            data["solution"] = self.solutions[0]
        elif self.status == Status.MULTIPLE:
            data["solutions"] = self.solutions
        data.update(self.extra)
        return data


def _quiet(what: str) -> None:
    pass


@dataclass
class Options:
    """How a job runs: the budget per puzzle and where progress goes."""

    budget_seconds: float = 30.0
    engine: str = "auto"  # nonogram search engine: auto, native or sat (see nonogram.solver.ENGINES)
    on_start: Callable[[str], None] = _quiet  # "solving Cat (20x20) ..."
    progress: ProgressFn = quiet  # figures of long work; raising BudgetExhausted in it stops the work
    settings: dict[str, Any] = field(default_factory=dict)  # kind- and action-specific choices (pencil marks ...)


SheetAction = Callable[[WorkbookBackend, SheetSnapshot, Options], Report]
"""An action on one puzzle sheet: read it, work, paint through ``book.apply``, report.
Raises InputError for the user's mistakes."""

FileAction = Callable[[Path, Path | None, Options], list[Report]]
"""An action on a puzzle file: one report per puzzle; with an output path, a workbook is written."""


class SheetKind(Protocol):
    """A puzzle kind that lives in worksheets. It may also have an ``actions``
    attribute, a mapping from action names (``ACTIONS``, but ``solve``) to
    :data:`SheetAction` functions; :func:`kind_action` reads it."""

    kind: str

    def detect(self, snap: SheetSnapshot) -> bool:
        """Cheap and strict: does this sheet hold this kind's puzzle?"""
        ...

    def solve(self, book: WorkbookBackend, snap: SheetSnapshot, options: Options) -> Report:
        """Read, solve and paint (through ``book.apply``). Raises InputError for user mistakes."""
        ...


@dataclass(frozen=True)
class FileKind:
    """Puzzle files a kind reads: ``solve_file(path, out, options)`` returns one report per puzzle,
    and with ``out`` lays the puzzles out in a new painted workbook. Where kinds share a
    suffix, ``detect`` looks at the file's first lines (and must not raise)."""

    kind: str
    suffixes: tuple[str, ...]
    solve_file: Callable[[Path, Path | None, Options], list[Report]]
    # For suffixes several kinds share (.txt): does this file hold this kind's puzzles?
    detect: Callable[[Path], bool] | None = None
    # Actions other than solve on files of this kind (``explain`` of a file of sudoku lines).
    actions: Mapping[str, FileAction] = field(default_factory=dict)

    def accepts(self, path: Path) -> bool:
        return path.suffix.lower() in self.suffixes and (self.detect is None or self.detect(path))

    def action(self, name: str) -> FileAction | None:
        return self.solve_file if name == "solve" else self.actions.get(name)


def kind_action(kind: SheetKind, action: str) -> SheetAction | None:
    """The function that runs ``action`` on a sheet of ``kind``, or None if it has none."""
    if action == "solve":
        return kind.solve
    return getattr(kind, "actions", {}).get(action)


def offered(kind: SheetKind) -> list[str]:
    """The actions a kind offers on its sheets, in the order of ``ACTIONS``."""
    return [name for name in ACTIONS if kind_action(kind, name) is not None]


def default_output(path: Path, action: str = "solve") -> Path:
    """``puzzles.xlsx`` -> ``puzzles.solved.xlsx`` beside it (``puzzles.hint.xlsx``
    for a hint, and so on): the input is never overwritten unless asked."""
    return path.with_name(f"{path.stem}.{OUTPUT_TAGS.get(action, action)}{path.suffix}")


def sheet_title(title: str, taken: list[str]) -> str:
    """A valid, unused Excel sheet name (31 characters, none of []:*?/\\)."""
    base = "".join("_" if ch in "[]:*?/\\" else ch for ch in title).strip("'") or "Puzzle"
    base = base[:31]
    name, n = base, 2
    while name in taken:
        suffix = f" ({n})"
        name, n = base[: 31 - len(suffix)] + suffix, n + 1
    return name
