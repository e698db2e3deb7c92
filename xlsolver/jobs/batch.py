"""Batches: many workbooks, folders of them, and files of a million puzzle lines,
on every core here or on a Dask cluster, reported as each puzzle is decided.

A batch is cut into tasks, each a picklable value a worker process can run on
its own (:func:`run_task`):

* a workbook, or a puzzle file laid out into one (``-o``), is one task: the
  job of :func:`xlsolver.jobs._run_path`, painting a copy or the input itself;
* a file of one puzzle per line (a kind with ``FileKind.solve_lines``, solved
  without ``-o``) is read here as a stream and sent out in runs of
  :data:`LINES_PER_TASK` lines, so memory stays flat however long the file is;
* an input that needs no work (a missing file, a pattern no file matches, an
  output newer than its input under ``--skip-done``) is a task that only
  reports.

A runner (:mod:`xlsolver.jobs.runners`, :mod:`xlsolver.jobs.dask_runner`) runs
the tasks with a bounded number in flight and hands back what each one
decided, :class:`~xlsolver.jobs.base.ReportLine` values, in input order: the
command prints each as it comes. Local workers read and write the files
themselves (atomically, as every write is); a Dask worker gets its input as
bytes and sends the painted copy back as bytes, which this process writes, as
soon as that task is done. Either way a stopped batch leaves only complete
files, and ``--skip-done`` on the next run passes over every input whose
output was written.
"""

from __future__ import annotations

import glob
import os
import tempfile
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Iterable, Iterator

from xlsolver.core import InputError
from xlsolver.core.files import atomic_write, printable
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.jobs.base import ERROR, OUTPUT_TAGS, SKIPPED, Options, Report, ReportLine

__all__ = [
    "LINES_PER_TASK", "Batch", "BookTask", "Counts", "Done", "Inputs", "LinesTask", "NoteTask", "Unmatched", "batch_groups", "choose_workers",
    "expand", "prepare", "run_batch", "run_task", "runner_for", "tasks",
]

LINES_PER_TASK = 4096
"""Puzzle lines per task: enough that a worker spends its time solving, not talking."""

_POOL_FROM_BOOKS = 4  # workbooks: from this many a process pool pays for starting
_POOL_FROM_BYTES = 1 << 20  # line files: from about 12,000 9x9 lines
_GLOB = set("*?[")


@dataclass(frozen=True)
class Batch:
    """What every task of a batch shares; picklable, so worker processes get it once."""

    action: str = "solve"
    sheet: str | None = None
    in_place: bool = False
    as_json: bool = False
    budget_seconds: float = 30.0
    settings: dict = field(default_factory=dict)
    limits: Limits = DEFAULT_LIMITS

    def options(self) -> Options:
        return Options(budget_seconds=self.budget_seconds, settings=dict(self.settings), limits=self.limits)


@dataclass(frozen=True)
class BookTask:
    """One workbook (or one puzzle file worked on whole); ``data`` holds its bytes
    when the runner has no shared file system."""

    path: str
    target: str | None
    size: int = 0
    data: bytes | None = None
    last: bool = True  # the last task of its input (for counting files done)


@dataclass(frozen=True)
class LinesTask:
    """A run of lines of a one-puzzle-per-line file: ``(line number, text)`` each."""

    path: str
    kind: str
    stem: str
    single: bool
    numbered: tuple[tuple[int, str], ...]
    size: int = 0
    last: bool = False


@dataclass(frozen=True)
class NoteTask:
    """An input that needs no work, only its line (a missing file, a skipped one)."""

    line: ReportLine
    size: int = 0
    last: bool = True


@dataclass
class Done:
    """What a task gives back: its lines and, from a worker without the file
    system, the painted copy's bytes for this process to write."""

    lines: list[ReportLine]
    output: bytes | None = None


# --- finding the inputs ----------------------------------------------------------


@dataclass
class Inputs:
    """The files a batch works on, in order, with where each one's output goes; and
    the patterns that matched nothing, each reported in its place."""

    items: list[Path | Unmatched]  # a Path to work on, or a folder or pattern that gave none
    targets: dict[Path, Path | None]

    @property
    def paths(self) -> list[Path]:
        return [p for p in self.items if isinstance(p, Path)]


def _is_output(path: Path) -> bool:
    """A painted copy xlsolver wrote (``NAME.solved.xlsx``): not an input of a folder's batch."""
    return Path(path.stem).suffix.lstrip(".") in OUTPUT_TAGS.values()


def _wanted(path: Path) -> bool:
    """Is this file in a folder one to work on: a workbook or a puzzle file of a known
    kind; not a painted copy, an Office lock file (``~$book.xlsx``) or a hidden file."""
    from xlsolver.jobs import WORKBOOK_SUFFIXES, file_kind_for

    name = path.name
    if name.startswith((".", "~$")) or _is_output(path) or not path.is_file():
        return False
    return path.suffix.lower() in WORKBOOK_SUFFIXES or file_kind_for(path) is not None


@dataclass(frozen=True)
class Unmatched:
    """A folder or a pattern that gave no input: reported in its place."""

    text: str
    why: str


def expand(paths: Iterable[Path]) -> list[Path | Unmatched]:
    """Each path as given, a folder as the workbooks and puzzle files under it, and a
    pattern (``class/*.xlsx``, ``**/*.non``) as the files it matches, sorted; in a
    folder or a pattern, painted copies (``NAME.solved.xlsx``), lock and hidden files
    are left out, so a second run does not work on the first one's output. A pattern
    or a folder that gives nothing is an :class:`Unmatched`, to be reported."""
    items: list[Path | Unmatched] = []
    for path in paths:
        text = str(path)
        if path.is_dir():
            files = sorted((p for p in path.rglob("*") if _wanted(p)), key=lambda p: str(p))
            items.extend(files or [Unmatched(text, "is a folder with no workbook or puzzle file in it")])
        elif not os.path.lexists(path) and _GLOB & set(text):
            matched = sorted(Path(p) for p in glob.glob(text, recursive=True))
            files = [p for p in matched if _wanted(p)]
            items.extend(files or [Unmatched(text, "no workbook or puzzle file matches this pattern")])
        else:
            items.append(path)
    seen: set[Path] = set()
    unique = []
    for item in items:  # a file named twice (a folder and a pattern) is worked on once
        if isinstance(item, Path):
            if item in seen:
                continue
            seen.add(item)
        unique.append(item)
    return unique


def prepare(paths: list[Path], action: str = "solve", out: Path | None = None, in_place: bool = False,
            folder: bool | None = None) -> Inputs:
    """The inputs and their outputs, decided before any work: raises InputError for a
    choice that would lose something (see :func:`xlsolver.jobs.output_paths`)."""
    from xlsolver.jobs import output_paths

    items = expand(paths)
    files = [p for p in items if isinstance(p, Path)]
    if folder is None and out is not None and any(p.is_dir() for p in paths):
        folder = True  # a folder of inputs writes into a folder, however many it holds
    targets = output_paths(files, action, out, in_place, folder) if files else {}
    return Inputs(items, targets)


# --- cutting the work into tasks ----------------------------------------------------


def _done_already(path: Path, target: Path | None) -> Path | None:
    """The output that makes ``path`` done (newer than it, and complete), or None."""
    if target is None:
        return None
    try:
        if target.stat().st_mtime < path.stat().st_mtime:
            return None
    except OSError:
        return None
    from xlsolver.backends.archive_checks import is_complete_workbook

    return target if is_complete_workbook(target) else None


def _note(path: str, message: str, status=ERROR, kind: str = "", output: str | None = None,
          as_json: bool = False) -> NoteTask:
    report = Report(path, None, status, message, kind=kind or "", output=output,
                    summary=message if status != ERROR else None)
    return NoteTask(ReportLine.of(report, as_json))


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def tasks(inputs: Inputs, batch: Batch, skip_done: bool = False, ships_bytes: bool = False,
          lines_per_task: int = LINES_PER_TASK) -> Iterator[BookTask | LinesTask | NoteTask]:
    """The tasks of a batch, in input order, made as they are asked for (a file of a
    million lines is read a run at a time, as the runner takes them)."""
    from xlsolver.jobs import WORKBOOK_SUFFIXES, default_output, file_kind_for

    for item in inputs.items:
        if isinstance(item, Unmatched):
            yield _note(item.text, f"{printable(item.text)}: {item.why}", as_json=batch.as_json)
            continue
        path, target = item, inputs.targets.get(item)
        workbook = path.suffix.lower() in WORKBOOK_SUFFIXES
        if target is None and workbook and not batch.in_place:
            target = default_output(path, batch.action)
        if batch.in_place and workbook:
            target = path
        if skip_done and not batch.in_place:
            done = _done_already(path, target)
            if done is not None:
                yield _note(str(path), f"skipped, {printable(str(done))} is newer and complete (--skip-done)", SKIPPED, output=str(done), as_json=batch.as_json)
                continue
        kind = None if workbook else file_kind_for(path) if os.path.isfile(path) else None
        if (kind is not None and kind.solve_lines is not None and batch.action == "solve"
                and inputs.targets.get(path) is None):
            yield from _line_tasks(path, kind.kind, batch, lines_per_task)
            continue
        data = None
        if ships_bytes and os.path.lexists(path):
            try:
                data = path.read_bytes() if path.is_file() else None
            except OSError:
                data = None  # the worker reports it, as a local one would
        yield BookTask(str(path), None if target is None else str(target), _size(path), data)


def _line_tasks(path: Path, kind: str, batch: Batch, per_task: int) -> Iterator[LinesTask | BookTask | NoteTask]:
    """Runs of the puzzle lines of ``path`` (blank lines and ``#`` comments skipped).
    A file this reader cannot stream (UTF-16, binary) goes whole to its kind's
    ``solve_file``, which says what is wrong with it."""
    from xlsolver.core.files import _open_regular, read_head

    head = read_head(path, 1 << 16)
    if head.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")) or b"\0" in head:
        yield BookTask(str(path), None, _size(path))
        return
    try:
        stream = os.fdopen(_open_regular(path), "rb")
    except (OSError, InputError):
        yield BookTask(str(path), None, _size(path))  # its kind's reader reports the reason
        return
    with stream:
        run: list[tuple[int, str]] = []
        size = count = 0
        for number, text, read in _numbered(stream):
            size += read
            if not text or text.startswith("#"):
                continue
            run.append((number, text))
            count += 1
            if len(run) >= per_task:
                yield LinesTask(str(path), kind, path.stem, False, tuple(run), size)
                run, size = [], 0
        if count == 0:
            yield _note(str(path), f"{printable(str(path))}: no puzzle lines", kind=kind, as_json=batch.as_json)
            return
        yield LinesTask(str(path), kind, path.stem, count == 1, tuple(run), size, last=True)


_BLOCK = 1 << 20  # bytes read at a time
_LONGEST = 16 << 20  # of a line longer than this only the start is kept (it is no puzzle anyway)


def _numbered(stream, block_size: int = _BLOCK) -> Iterator[tuple[int, str, int]]:
    """``(line number, stripped text, bytes read)`` for each line of a binary stream,
    read a block at a time. Lines end at \\n, \\r\\n or a lone \\r and are numbered as
    :func:`xlsolver.sudoku.model.read_lines` numbers them (blank lines at the very end
    may be left out: they are skipped anyway); a UTF-8 byte-order mark is dropped.
    Memory stays within a block and the first 16 MB of one line."""
    number = 0
    carry = b""
    first = True
    while True:
        block = stream.read(block_size)
        if block:
            if len(carry) >= _LONGEST:  # a line with no end in sight: keep its start, drop the rest of it
                ends = block.find(b"\n")
                block = block[ends:] if ends >= 0 else b""
            data = carry + block
            cut = data.rfind(b"\n")
            if cut < 0:
                carry = data
                continue
            body, carry = data[:cut], data[cut + 1:]
            if body.endswith(b"\r"):  # the \r of a \r\n cut here: one line end, not two
                body = body[:-1]
        elif carry:
            body, carry = carry, b""
        else:
            return
        text = _decode(body)
        if first:
            text, first = text.removeprefix("\ufeff"), False
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        lines = text.split("\n")
        share = (len(body) + 1) // len(lines)
        for line in lines:
            number += 1
            yield number, line.strip(), share


def _decode(raw: bytes) -> str:
    """A line's text: UTF-8, else Windows-1252, else Latin-1 (as decode_text reads a file)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return raw.decode("cp1252")
        except UnicodeDecodeError:
            return raw.decode("latin-1")


# --- running one task (in any process) ---------------------------------------------------


def run_task(task: BookTask | LinesTask | NoteTask, batch: Batch, options: Options | None = None) -> Done:
    """Do one task and give back its lines. ``options`` (this process only) carries
    the callbacks of a terminal's progress; a worker process runs quietly."""
    options = options or batch.options()
    if isinstance(task, NoteTask):
        return Done([task.line])
    if isinstance(task, LinesTask):
        from xlsolver.jobs import file_kinds

        kind = next(k for k in file_kinds() if k.kind == task.kind)
        return Done(kind.solve_lines(task.path, task.stem, task.single, list(task.numbered), options, batch.as_json))
    if task.data is not None:
        return _run_staged(task, batch, options)
    return Done(_book_lines(Path(task.path), None if task.target is None else Path(task.target), batch, options))


def _book_lines(path: Path, target: Path | None, batch: Batch, options: Options) -> list[ReportLine]:
    from xlsolver.jobs import _run_path

    reports = _run_path(path, target, batch.action, batch.sheet, batch.in_place, options)
    return [ReportLine.of(r, batch.as_json) for r in reports]


def _run_staged(task: BookTask, batch: Batch, options: Options) -> Done:
    """A task whose input came as bytes: work on a copy in a folder of its own and send
    the painted copy back as bytes; the reports name the files as the user named them."""
    from xlsolver.jobs import _run_path

    with tempfile.TemporaryDirectory(prefix="xlsolver-") as folder:
        here = Path(folder) / "in" / Path(task.path).name
        here.parent.mkdir()
        here.write_bytes(task.data)
        target = None if task.target is None else Path(folder) / "out" / Path(task.target).name
        if target is not None:
            target.parent.mkdir()
        in_place = batch.in_place and target is not None
        reports = _run_path(here, here if in_place else target, batch.action, batch.sheet, in_place, options)
        written = here if in_place else target
        output = written.read_bytes() if written is not None and any(r.output for r in reports) else None
        names = {str(here): task.path}
        if target is not None:
            names[str(target)] = task.target
        lines = [ReportLine.of(_renamed(r, names), batch.as_json) for r in reports]
    return Done(lines, output)


def _renamed(report: Report, names: dict[str, str]) -> Report:
    """The report with the staged copies' paths put back to the user's own."""
    def back(text: str | None) -> str | None:
        if text is None:
            return None
        for staged, own in names.items():
            text = text.replace(staged, own)
        return text

    return replace(report, source=back(report.source), message=back(report.message), output=back(report.output),
                   summary=back(report.summary))


# --- the batch -------------------------------------------------------------------------


@dataclass
class Counts:
    """How far a batch is: inputs and puzzles done, bytes of input read, out of ``files`` and ``bytes``."""

    files: int = 0
    bytes: int = 0
    files_done: int = 0
    puzzles: int = 0
    bytes_done: int = 0


def choose_workers(inputs: Inputs, asked: int | None) -> int:
    """``--workers`` as asked, or by default every core when the work is large enough
    to pay for starting processes (several workbooks, or a puzzle file of more than
    about ten thousand lines), one otherwise: the rule of ``generate``."""
    from xlsolver.jobs.runners import cores

    if asked is not None:
        return max(1, asked)
    books = sum(1 for p in inputs.paths if p.suffix.lower() in (".xlsx", ".xlsm"))
    size = sum(_size(p) for p in inputs.paths if p.suffix.lower() not in (".xlsx", ".xlsm"))
    return cores() if books >= _POOL_FROM_BOOKS or size >= _POOL_FROM_BYTES else 1


def runner_for(inputs: Inputs, workers: int | None, scheduler: str | None):
    """The runner a batch uses: a Dask cluster when ``scheduler`` names one (``local``
    starts one here), else a pool of ``workers`` processes, else this process."""
    from xlsolver.jobs.runners import PoolRunner, SerialRunner

    if scheduler:
        from xlsolver.jobs.dask_runner import DaskRunner

        return DaskRunner(scheduler, workers=workers) if scheduler == "local" and workers else DaskRunner(scheduler)
    count = choose_workers(inputs, workers)
    return SerialRunner() if count <= 1 else PoolRunner(count)


def run_batch(inputs: Inputs, batch: Batch, runner=None, skip_done: bool = False,
              options: Options | None = None, counts: Counts | None = None,
              lines_per_task: int = LINES_PER_TASK) -> Iterator[ReportLine]:
    """Every line of the batch, in input order: :func:`batch_groups`, one line at a time."""
    for group in batch_groups(inputs, batch, runner, skip_done, options, counts, lines_per_task):
        yield from group


def batch_groups(inputs: Inputs, batch: Batch, runner=None, skip_done: bool = False,
                 options: Options | None = None, counts: Counts | None = None,
                 lines_per_task: int = LINES_PER_TASK) -> Iterator[list[ReportLine]]:
    """The lines of the batch, task by task (a workbook's, a run of puzzle lines), in
    input order, each task's as soon as it and those before it are decided.
    ``options`` carries a terminal's callbacks to a serial run; ``counts`` is kept up
    to date for a progress display."""
    from xlsolver.jobs.runners import Failure, SerialRunner

    runner = runner or SerialRunner()
    counts = counts if counts is not None else Counts()
    counts.files = len(inputs.items)
    counts.bytes = sum(_size(p) for p in inputs.paths)
    fn = partial(run_task, batch=batch, options=options) if not runner.ships_bytes and runner.workers == 1 and \
        options is not None else partial(run_task, batch=batch)
    window = 2 * runner.workers + 2

    def write(task, done) -> None:  # as each task finishes: its painted copy goes where it belongs now
        if isinstance(done, Done) and done.output is not None and isinstance(task, BookTask) and task.target:
            try:
                atomic_write(task.target, lambda temp: temp.write_bytes(done.output), "the workbook")
            except InputError as err:
                done.lines.append(ReportLine.of(Report(task.path, None, ERROR, str(err)), batch.as_json))
            done.output = None

    for task, done in runner.map(fn, tasks(inputs, batch, skip_done, runner.ships_bytes, lines_per_task),
                                 window, on_done=write):
        if isinstance(done, Failure):
            path = getattr(task, "path", "")
            where = f"{printable(path)}, lines {task.numbered[0][0]}-{task.numbered[-1][0]}" \
                if isinstance(task, LinesTask) else printable(path)
            lines = [ReportLine.of(Report(path, None, ERROR, f"{where}: {done.message}", kind=getattr(task, "kind", "")),
                                   batch.as_json)]
        else:
            lines = done.lines
        counts.puzzles += 0 if isinstance(task, NoteTask) else len(lines)
        counts.bytes_done += task.size
        counts.files_done += 1 if task.last else 0
        yield lines
