"""What every ``xlsolver`` command shares: exit codes, report printing, progress."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

if TYPE_CHECKING:  # only named in annotations; the dataclass machinery is left for commands that work
    from xlsolver.core.progress import Progress

__all__ = [
    "EXIT_ALL_UNIQUE", "EXIT_INPUT_ERROR", "EXIT_NOT_ALL_UNIQUE", "EXIT_TEXT", "ProgressBar", "Watcher",
    "add_limit_argument", "add_target_arguments", "exit_code", "fail", "kind_settings", "limits",
    "print_lines", "print_reports", "printable", "subcommand", "Tally",
]

EXIT_ALL_UNIQUE = 0
EXIT_NOT_ALL_UNIQUE = 1
EXIT_INPUT_ERROR = 2

EXIT_INTERRUPTED = 130  # as a shell reports a program stopped by Ctrl-C (128 + SIGINT)

EXIT_TEXT = """\
exit status:
  0  every puzzle has a unique solution
  1  some puzzle has several solutions, none, or the budget ran out
  2  an input error (a typo in a hint, clues that cannot fit, an unreadable file)
  130  stopped with Ctrl-C (what was finished is written)
"""


def seconds(text: str) -> float:
    """A budget in seconds, for argparse: a number above 0 (not NaN, not infinite)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" is not a number of seconds') from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a budget must be a number of seconds above 0, not {text}")
    return value


def cells(text: str) -> int:
    """A count of cells, for argparse: a whole number above 0 (``2000000`` or ``2e6``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" is not a number of cells') from None
    if not 1 <= value < 1e12 or value != int(value):
        raise argparse.ArgumentTypeError(f"a limit must be a whole number of cells above 0, not {text}")
    return int(value)


def workers_count(text: str) -> int:
    """A number of worker processes, for argparse: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" is not a whole number of workers') from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"--workers must be at least 1, not {text}")
    return value


def limits(args: argparse.Namespace):
    """The limits the command line asks for (the defaults unless --max-cells raised them)."""
    from xlsolver.core.limits import DEFAULT_LIMITS

    chosen = getattr(args, "max_cells", None)
    return DEFAULT_LIMITS if chosen is None else DEFAULT_LIMITS.scaled(chosen)


def add_limit_argument(parser: argparse.ArgumentParser) -> None:
    """--max-cells: the largest puzzle read (and, four times it, the sheet area looked at)."""
    from xlsolver.core.limits import DEFAULT_LIMITS, LIMIT_OPTION

    parser.add_argument(LIMIT_OPTION, dest="max_cells", type=cells, default=None, metavar="N",
                        help=f"read puzzles of up to N cells (default: {DEFAULT_LIMITS.puzzle_cells:,}); "
                             "larger ones are refused before any work")


def subcommand(sub, name: str, help: str, description: str, epilog: str = "") -> argparse.ArgumentParser:
    """A subcommand whose --help keeps the line breaks of its description and examples."""
    return sub.add_parser(name, help=help, description=description, epilog=epilog,
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def printable(text: str) -> str:
    """``text`` safe to print as one line: each control or format character written as
    its escape (``\\x1b``, ``\\n``, ``\\u202e``), so a title from a file shows what it
    holds and does nothing to the terminal. The one rule of :func:`xlsolver.core.files.printable`,
    loaded when a line is printed (``--help`` prints none of this)."""
    from xlsolver.core.files import printable as escaped

    return escaped(text)


def fail(message: str) -> int:
    """Print ``xlsolver: message`` to stderr; the exit status of an input error."""
    print(f"xlsolver: {printable(message)}", file=sys.stderr)
    return EXIT_INPUT_ERROR


class ProgressBar:
    """A one-line bar on a terminal: ``tiling 10x6 [#######-----]  58%  1021 tilings  0.4 s``,
    drawn from the same :class:`Progress` figures a spreadsheet's status bar shows.
    ``noun`` names what ``Progress.found`` counts; ``done/total`` is shown when known.
    Nothing is drawn unless ``enabled`` (default: the stream is a terminal)."""

    WIDTH = 28
    EVERY = 0.1  # seconds between redraws

    def __init__(self, stream=None, enabled: bool | None = None, noun: str = "solution") -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.noun = noun
        self.drawn = False
        self.last = 0.0

    def __call__(self, p: Progress) -> None:
        if not self.enabled:
            return
        import time

        now = time.monotonic()
        finished = (p.total is not None and p.done == p.total) or (p.fraction is not None and p.fraction >= 1)
        if self.drawn and now - self.last < self.EVERY and not finished:
            return  # at most ten redraws a second: a batch of 100,000 puzzles is not 100,000 writes
        self.last = now
        what = printable(f"{p.what} {p.done}/{p.total}" if p.total else p.what)
        fraction = p.fraction if p.fraction is not None else (p.done / p.total if p.total else 0.0)
        fraction = min(max(fraction, 0.0), 1.0)
        full = int(round(fraction * self.WIDTH))
        found = "" if p.found is None else f"  {p.found} {self.noun}{'' if p.found == 1 else 's'}"
        self.stream.write(f"\r{what} [{'#' * full}{'-' * (self.WIDTH - full)}] {100 * fraction:3.0f}%"
                          f"{found}  {p.seconds:.1f} s ")
        self.stream.flush()
        self.drawn = True

    def done(self) -> None:
        """Wipe the bar, so the reports that follow start on a clean line."""
        if self.drawn:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self.drawn = False


class Watcher:
    """What a command shows while it works: ``solving Cat (20x20) ...`` as each
    puzzle starts, and a :class:`ProgressBar` for long work. Both only on a terminal."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.bar = ProgressBar(enabled=enabled)
        if enabled:
            from xlsolver.core.accel import on_first_compile  # numba's events, only when a command works

            on_first_compile(self.compiling)

    def compiling(self) -> None:
        """Said when numba compiles in the foreground (``XLSOLVER_COMPILE=foreground``,
        or a cache lost after its warm-up); a cold cache otherwise means the plain
        solvers now and a compile in the background (see :mod:`xlsolver.core.accel`)."""
        self.bar.done()
        print("compiling xlsolver's solvers for this machine: once, some seconds, not counted in "
              "any puzzle's time; later runs load them from the cache ...", file=sys.stderr, flush=True)

    def start(self, what: str) -> None:
        self.bar.done()
        if self.enabled:
            print(f"solving {printable(what)} ...", file=sys.stderr, flush=True)

    def progress(self, p: Progress) -> None:
        self.bar(p)


class Tally:
    """What a command counts of the lines it printed, to choose its exit status and
    list the files it wrote, without keeping the lines: a batch of a million puzzles
    holds this, not a million reports."""

    def __init__(self) -> None:
        self.count = 0
        self.errors = 0
        self.not_ok = 0
        self.outputs: dict[str, tuple[str, ...]] = {}  # each file written -> what of its input it lacks

    def add(self, line) -> None:
        from xlsolver.jobs.base import ERROR

        self.count += 1
        self.errors += line.status == ERROR
        self.not_ok += not line.ok
        if line.output and line.status != "skipped" and (line.output not in self.outputs or line.unkept):
            self.outputs[line.output] = line.unkept

    def exit_code(self) -> int:
        """2 when nothing was done or an input error happened, 0 when every line is ok, else 1."""
        if not self.count or self.errors:
            return EXIT_INPUT_ERROR
        return EXIT_ALL_UNIQUE if not self.not_ok else EXIT_NOT_ALL_UNIQUE


LISTED_OUTPUTS = 10
"""Up to this many written files are listed one per line after the reports; more are counted."""


def print_lines(groups: Iterable[Iterable], as_json: bool, files: bool = True,
                before: Callable[[], None] = lambda: None, each: Callable[[object], None] = lambda line: None) -> Tally:
    """Print each group of :class:`~xlsolver.jobs.base.ReportLine` as it comes (``groups``
    may be a generator, as a batch is: a workbook's lines, or a run of puzzle lines),
    after ``before()`` (a progress bar wiping itself), handing each line to ``each`` (a
    summary being written), and flush: a group is on the screen before the next one is
    waited for, and a million lines cost a write per run, not per line. Then the files
    written (unless ``files`` is False: a command that says more about them prints its
    own line). An error is one line on stderr (``xlsolver: Sheet!C4: ...``), the same
    stream and form as every other error; with --json its object is also on stdout,
    with the rest. The lines' text is printable already (see ReportLine.of)."""
    tally = Tally()
    out, err = sys.stdout, sys.stderr
    for group in groups:
        before()
        for line in group:
            tally.add(line)
            each(line)
            if line.text:
                out.write(line.text + "\n")
            if line.error is not None:
                out.flush()  # the lines before it first, in order
                print(f"xlsolver: {line.error}", file=err, flush=True)
        out.flush()
    written = sorted(tally.outputs) if files and not as_json else []
    for path in written[:LISTED_OUTPUTS] if len(written) <= LISTED_OUTPUTS else []:
        what = "painted workbook" if path.lower().endswith((".xlsx", ".xlsm")) else "puzzles"
        print(f"{what} written to {printable(path)}")
    if len(written) > LISTED_OUTPUTS:
        folders = sorted({str(Path(p).parent) for p in written})
        where = f"in {printable(folders[0])}" if len(folders) == 1 else f"in {len(folders)} folders"
        print(f"{len(written)} painted workbooks written {where} (the JSON or --summary lists each)")
    for path, unkept in sorted(tally.outputs.items()):
        if unkept:
            print(f"xlsolver: note: {printable(path)} lacks {printable(', '.join(unkept))} of the input, "
                  "which xlsolver's file writer cannot keep (the input is as it was)", file=sys.stderr, flush=True)
    return tally


def print_reports(reports: Iterable, as_json: bool, files: bool = True,
                  before: Callable[[], None] = lambda: None) -> list:
    """:func:`print_lines` for commands that hold their reports (``tile``, ``generate``,
    ``picture``): one line (or one JSON object) per report, each as it comes; returns the
    reports. Text from a sheet or a file (a title, a cell's value in a message) reaches
    the terminal only through :func:`printable`; JSON escapes it itself."""
    from xlsolver.jobs.base import ReportLine

    done: list = []

    def kept(report):
        done.append(report)
        return ReportLine.of(report, as_json)

    print_lines(([kept(r)] for r in reports), as_json, files, before)
    return done


def exit_code(reports) -> int:
    """The one exit-status rule of every command: 2 when nothing was done or any
    report is an input error, 0 when every report is ``ok`` (a unique solution, an
    action done as asked), else 1. ``reports`` may be a :class:`Tally` of them."""
    if isinstance(reports, Tally):
        return reports.exit_code()
    tally = Tally()
    for report in reports:
        tally.count += 1
        tally.errors += report.status == "error"
        tally.not_ok += not report.ok
    return tally.exit_code()


def add_target_arguments(parser: argparse.ArgumentParser, action: str) -> None:
    """The arguments every command on workbooks shares: paths, -o, --sheet, --in-place, --json, --budget."""
    from xlsolver.jobs import OUTPUT_TAGS, WORKBOOK_SUFFIXES, file_kinds

    suffixes = " ".join(sorted({s for k in file_kinds() for s in k.suffixes}))
    tag = OUTPUT_TAGS.get(action, action)
    parser.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                        help=f"a workbook ({' '.join(WORKBOOK_SUFFIXES)}) or a puzzle file ({suffixes})")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help=f"where to write the painted workbook: a file (.xlsx; never the input itself, "
                             f"see --in-place) or an existing folder (also when OUT ends in /, and always with "
                             f"several PATHs), which gets NAME.{tag}.xlsx for each (default: beside the input)")
    parser.add_argument("--sheet", metavar="NAME", help="work on this sheet only")
    parser.add_argument("--in-place", action="store_true",
                        help="paint into the input workbook itself (the only way the input is changed)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per puzzle per line")
    parser.add_argument("--budget", type=seconds, default=30.0, metavar="SECONDS",
                        help="give up on a puzzle after this many seconds (default: 30); the verdict is then gave_up")
    add_limit_argument(parser)
    add_kind_options(parser, action)
    batch = parser.add_argument_group("batches (see docs/batch.md)")
    batch.add_argument("--workers", type=workers_count, default=None, metavar="N",
                       help="work on N inputs (or runs of puzzle lines) at once, one process each (default: every "
                            "core for several workbooks or a puzzle file of more than ~10,000 lines, else 1)")
    batch.add_argument("--scheduler", metavar="ADDRESS", default=None,
                       help="run the work on a Dask cluster: tcp://HOST:8786, or 'local' for one on this machine "
                            "(default: $XLSOLVER_SCHEDULER; needs the dask extra: "
                            "pip install \".[dask]\" in a clone of xlsolver)")
    batch.add_argument("--skip-done", action="store_true",
                       help="leave alone each input whose output exists, is newer and is complete "
                            "(resume a stopped batch)")
    batch.add_argument("--summary", type=Path, metavar="FILE", default=None,
                       help="also write one row per puzzle (source, sheet, kind, verdict, seconds, message, output) "
                            "to FILE: .xlsx (with links and a filter) or .csv")


def kind_options(action: str) -> list:
    """The options the puzzle kinds add to the command of ``action``, one per flag."""
    from xlsolver.jobs import kinds

    chosen = {}
    for spec in kinds():
        for option in spec.options:
            if action in option.actions:
                chosen.setdefault(option.flag, option)
    return list(chosen.values())


def add_kind_options(parser: argparse.ArgumentParser, action: str) -> None:
    """Each kind's own options (``--engine``, ``--pencil`` ...) on the command of ``action``."""
    for option in kind_options(action):
        if option.switch:
            parser.add_argument(option.flag, dest=option.dest, action="store_true", help=option.help)
        else:
            parser.add_argument(option.flag, dest=option.dest, default=option.default, choices=option.choices,
                                help=option.help)


def kind_settings(args: argparse.Namespace, action: str) -> tuple[dict, str | None]:
    """The kinds' options as ``Options.settings``, and what is wrong with one of them (or None)."""
    settings = {}
    for option in kind_options(action):
        value = getattr(args, option.dest, option.default)
        # A default is fine as it is; checking only a value the user gave loads no kind for nothing.
        problem = option.check(value) if option.check is not None and value != option.default else None
        if problem:
            return settings, problem
        settings[option.dest] = value
    return settings, None
