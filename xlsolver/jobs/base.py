"""What every puzzle kind's job shares: the report, the options, the list of
actions, and :class:`FileKind`, the puzzle files a kind reads.

Actions
-------
A kind (its :class:`~xlsolver.jobs.registry.KindSpec`) offers ``solve`` and any of
the other :data:`ACTIONS` (``step``, ``hint``, ``check``, ``clear``,
``explain``) on its sheets, and on its files through :attr:`FileKind.actions`.
The command line (``xlsolver hint BOOK.xlsx``) and the spreadsheet buttons run
the same functions. How each puzzle ended is a :class:`Report` whose status is
an :class:`Outcome` and whose ``ok`` says whether it ended as wanted; the exit
status of a command follows from those alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any, Callable, Mapping, NamedTuple

from xlsolver.core import Status
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.progress import ProgressFn, quiet

__all__ = [
    "new_workbook",
    "ACTIONS", "DONE", "ERROR", "OUTPUT_TAGS", "SKIPPED", "FileKind", "LinesAction", "Options", "Outcome", "Report",
    "ReportLine", "default_output",
    "first_lines", "sheet_title",
]


class Outcome(str, Enum):
    """How the work on one puzzle ended: one of the four verdicts of a search, or
    ``error`` (a mistake in the input, named by sheet and cell), or ``done`` (an
    action other than solve that ran to its end). The values are what the JSON says."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    GAVE_UP = "gave_up"
    ERROR = "error"
    DONE = "done"
    SKIPPED = "skipped"  # a batch's --skip-done: the input's output is newer and complete, left alone

    def __str__(self) -> str:
        return self.value

    __format__ = str.__format__


ERROR = Outcome.ERROR
DONE = Outcome.DONE
SKIPPED = Outcome.SKIPPED

ACTIONS: dict[str, str] = {
    "solve": "solve the puzzle and paint the whole answer",
    "step": "make the next deduction and paint it (one press, one step)",
    "hint": "show the next deduction and why, without solving the rest",
    "check": "paint red what the user entered that contradicts the puzzle",
    "clear": "take away what xlsolver painted and wrote: back to the puzzle as given",
    "explain": "write every step of a solution, with the rule used and the difficulty, to a Steps sheet",
    "generate": "make a new puzzle like this one, verified unique, on a sheet of its own",
}
"""Every action a puzzle sheet may offer, with what it does."""

OUTPUT_TAGS = {"solve": "solved", "step": "step", "hint": "hint", "check": "checked", "clear": "cleared",
               "explain": "explained", "generate": "generated"}


def first_lines(path: Path, count: int = 5) -> list[str]:
    """The first non-blank, non-comment lines of a text file ([] if unreadable), for ``detect``:
    from its first 64 KB only, and only from a regular file (a FIFO would block, a link to
    /dev/zero never end)."""
    from xlsolver.core.files import read_head

    text = read_head(path, 1 << 16).decode("utf-8", "replace").lstrip("\ufeff")
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = line.strip()
        if line and not line.startswith("#"):
            lines.append(line)
            if len(lines) == count:
                break
    return lines


@dataclass
class Report:
    """What happened to one puzzle: the line the CLI prints and the JSON it emits."""

    source: str
    sheet: str | None
    status: Outcome  # a Status or str is taken as the Outcome of that value
    message: str
    kind: str = "nonogram"
    seconds: float = 0.0
    rows: int = 0
    cols: int = 0
    solutions: list[list[str]] = field(default_factory=list)
    output: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # kind-specific JSON fields
    summary: str | None = None  # replaces "status, WxH, time" in the one-line report
    # Whether this puzzle ended as the user wants it to: None means the rule for its
    # outcome (a unique solution, or an action done); an action says so itself where
    # its work succeeded or not (a check that found mistakes is done but not ok).
    ok: bool | None = None

    def __post_init__(self) -> None:
        self.status = Outcome(self.status.value if isinstance(self.status, Enum) else self.status)
        if self.ok is None:
            self.ok = self.status in (Outcome.UNIQUE, Outcome.DONE, Outcome.SKIPPED)

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
            "source": self.source, "sheet": self.sheet, "kind": self.kind, "status": self.status.value,
            "seconds": round(self.seconds, 4), "rows": self.rows, "cols": self.cols,
            "message": self.message, "output": self.output, "ok": self.ok,
        }
        if self.status == Status.UNIQUE and self.solutions:
            data["solution"] = self.solutions[0]
        elif self.status == Status.MULTIPLE:
            data["solutions"] = self.solutions
        data.update(self.extra)
        return data


class ReportLine(NamedTuple):
    """What a command keeps of one :class:`Report` once it is decided: the line it
    prints and the figures it counts and lists in a summary. A batch holds these,
    never the reports (with their solutions), so its memory stays flat however many
    puzzles pass; a worker process sends them back ready to print (a tuple, which
    pickles several times faster than an object with attributes).

    ``text`` is the stdout line (the report's one-line form made printable, or its
    JSON with ``as_json``), empty for an error in text form; ``error`` is the message
    of an error, printed to stderr as ``xlsolver: MESSAGE`` (made printable)."""

    status: Outcome
    ok: bool
    text: str
    error: str | None
    source: str
    sheet: str | None
    kind: str
    seconds: float
    message: str
    output: str | None = None
    unkept: tuple[str, ...] = ()

    @classmethod
    def of(cls, report: Report, as_json: bool) -> "ReportLine":
        from xlsolver.core.files import printable

        if as_json:
            import json

            text = json.dumps(report.to_json())
        else:
            text = "" if report.status == ERROR else printable(report.line())
        return cls(report.status, bool(report.ok), text, printable(report.message) if report.status == ERROR else None,
                   report.source, report.sheet, report.kind, report.seconds, report.message, report.output,
                   tuple(report.extra.get("unkept", ())))


def _quiet(what: str) -> None:
    pass


@dataclass
class Options:
    """How a job runs: the budget per puzzle and where progress goes."""

    budget_seconds: float = 30.0
    on_start: Callable[[str], None] = _quiet  # "solving Cat (20x20) ..."
    progress: ProgressFn = quiet  # figures of long work; raising BudgetExhausted in it stops the work
    # The kinds' own options by name (``engine`` of nonograms, ``pencil`` of sudoku hints):
    # see KindSpec.options. An action reads the ones it knows and ignores the rest.
    settings: dict[str, Any] = field(default_factory=dict)
    # How large an input is accepted (the puzzle, the sheet area read, a file): see core.limits.
    limits: Limits = DEFAULT_LIMITS


FileAction = Callable[[Path, "Path | None", Options], list[Report]]
"""An action on a puzzle file: one report per puzzle; with an output path, a workbook is written."""

LinesAction = Callable[[str, str, bool, "list[tuple[int, str]]", Options, bool], "list[ReportLine]"]
"""``solve_lines(source, stem, single, numbered, options, as_json)``: solve a run of a
one-puzzle-per-line file without laying it out, and give one :class:`ReportLine` per
``(line number, line)``, the same as ``ReportLine.of`` of the report ``solve_file``
makes for that line (sheet ``"STEM NUMBER"``, or None when ``single``: the file holds
one puzzle). The batch reads such a file as a stream, skips blank and ``#`` lines
itself, and hands the rest over in runs of many lines, to any worker."""


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
    # For files of one puzzle per line: solve a run of lines (see LinesAction). A batch
    # streams such a file through it when no workbook is laid out (no -o).
    solve_lines: LinesAction | None = None

    def accepts(self, path: Path) -> bool:
        return path.suffix.lower() in self.suffixes and (self.detect is None or self.detect(path))

    def action(self, name: str) -> FileAction | None:
        return self.solve_file if name == "solve" else self.actions.get(name)


def new_workbook():
    """A new workbook file to lay puzzles out in, through the openpyxl back end
    (imported only then: solving puzzle files without an output needs no openpyxl)."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    return OpenpyxlWorkbook.new()


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
