"""Whole jobs, shared by the command line and the spreadsheet buttons.

A job opens a source (a workbook or a puzzle file), finds the puzzles in it,
works on each one, paints the results through a back end and saves a copy. It
returns one :class:`Report` per puzzle; mistakes in the user's input become
reports with the outcome ``error`` and a message that names the sheet and cell.

Puzzle kinds plug in through :mod:`xlsolver.jobs.registry`: each is one
:class:`~xlsolver.jobs.registry.KindSpec`, and :func:`kinds` lists them in
detection order. :func:`run_paths`, :func:`run_workbook` and :func:`run_book`
run any action; ``solve_*`` are the same for ``solve``. A sheet is read once
per action: one snapshot, one :func:`locate`, and the action works on what
that found.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterator, Mapping

from xlsolver.core import InputError
from xlsolver.core.ownership import Owner, Record
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.jobs.base import (
    ACTIONS,
    DONE,
    ERROR,
    OUTPUT_TAGS,
    SKIPPED,
    FileKind,
    Options,
    Outcome,
    Report,
    default_output,
    sheet_title,
)
from xlsolver.jobs.registry import BUILTIN, Found, KindSpec, SheetReader, kind_named, kind_of, kinds, locate

__all__ = [
    "ACTIONS", "BUILTIN", "DONE", "ERROR", "OUTPUT_TAGS", "SKIPPED", "WORKBOOK_SUFFIXES", "FileKind", "Found", "KindSpec",
    "Options", "Outcome", "Report", "SheetReader", "default_output", "file_kind_for", "file_kinds", "iter_paths",
    "output_paths", "kind_named",
    "kind_of", "kinds", "locate", "run_book", "run_paths", "run_workbook", "sheet_title", "solve_book",
    "solve_paths", "solve_workbook",
]

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def file_kinds() -> list[FileKind]:
    """The puzzle files every kind reads, in detection order."""
    return [spec.files for spec in kinds() if spec.files is not None]


def _options(options: Options | None, budget_seconds: float | None,
             on_start: Callable[[str], None] | None) -> Options:
    options = options or Options()
    if budget_seconds is not None:
        options.budget_seconds = budget_seconds
    if on_start is not None:
        options.on_start = on_start
    return options


def file_kind_for(path: Path) -> FileKind | None:
    """The kind that reads files with this suffix, or None."""
    return next((kind for kind in file_kinds() if kind.accepts(path)), None)


def _kinds_text() -> str:
    return ", ".join(spec.name for spec in kinds())


def no_action(spec: KindSpec, action: str, name: str) -> str:
    """The sentence for an action a sheet's kind does not offer."""
    return (f"{name}: {action} is not available for {spec.name} sheets "
            f"(they offer: {', '.join(spec.offered())})")


def no_puzzle(name: str) -> str:
    return f"{name}: no puzzle found on this sheet (xlsolver reads: {_kinds_text()})"


def run_book(book: WorkbookBackend, source: str, sheet: str | None, options: Options,
             action: str = "solve", snapshots: Mapping[str, SheetSnapshot] | None = None) -> list[Report]:
    """Run ``action`` on every puzzle sheet of an open workbook (or the one named),
    painting through the back end. Returns no report for sheets that hold no puzzle,
    nor, unless the sheet was named, for kinds that lack the action.

    Each sheet is read once (``snapshots`` hands in sheets the caller has read
    already, as a button press has) and located once; the action works on that."""
    names = book.sheet_names()
    if sheet is not None and sheet not in names:
        return [Report(source, sheet, ERROR, f'{Path(source).name} has no sheet "{sheet}" (it has: {", ".join(names)})')]
    reader = SheetReader(book, snapshots, options.limits)
    record = Record.read(book)
    reports = []
    for name in [sheet] if sheet else names:
        if sheet is None and name not in book.sheet_names():
            continue  # an extra solution sheet that an earlier board's solve or clear removed
        report = run_sheet(book, reader, name, options, action, named=sheet is not None, record=record)
        if report is not None:
            report.source, report.sheet = source, name
            reports.append(report)
    record.keep(book)  # once for the workbook: what every sheet's action changed
    return reports


def run_sheet(book: WorkbookBackend, reader: SheetReader, name: str, options: Options, action: str,
              named: bool = True, record: Record | None = None) -> Report | None:
    """Locate the puzzle on one sheet and run ``action`` on it. None when the sheet
    holds no puzzle, or its kind lacks the action, and the sheet was not ``named``.

    The action paints through an :class:`~xlsolver.core.ownership.Owner`: it writes
    only into empty cells and cells of xlsolver's own, and what it changes is
    recorded (``record``, read once per workbook) so that ``clear`` gives it back."""
    if record is None:  # a sheet on its own: its record is written when it is done
        record = Record.read(book)
        try:
            return run_sheet(book, reader, name, options, action, named, record)
        finally:
            record.keep(book)
    try:
        snap = record.annotate(reader.snapshot(name))
    except InputError as err:  # a sheet beyond the limits: its own error, the other sheets still read
        return Report("", name, ERROR, str(err))
    found = locate(snap, reader)
    if found is None:
        return Report("", name, ERROR, no_puzzle(name)) if named else None
    spec = kind_named(found.kind)
    run = spec.action(action)
    if run is None:
        return Report("", name, ERROR, no_action(spec, action, name), kind=spec.name) if named else None
    owner = Owner(book, snap, record, movable=found.status_cell, deferred=True)
    try:
        report = run(owner, found, options)
        owner.commit()
    except InputError as err:
        report = Report("", name, ERROR, str(err), kind=spec.name)
    reader.forget(name)
    return report


def run_workbook(path: Path, action: str = "solve", out: Path | None = None, sheet: str | None = None,
                 in_place: bool = False, options: Options | None = None) -> list[Report]:
    """Run ``action`` on every puzzle sheet of a workbook (or the one named) and save the
    painted copy (``NAME.solved.xlsx``, ``NAME.hint.xlsx`` ... beside it unless ``out``
    or ``in_place`` says otherwise)."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook  # loaded when a workbook is opened

    options = options or Options()
    source = str(path)
    try:
        book = OpenpyxlWorkbook.open(path, options.limits)
    except InputError as err:
        return [Report(source, None, ERROR, str(err))]
    unkept = book.unkept()
    if in_place and unkept:
        return [Report(source, None, ERROR, f"{path.name} holds {_listed(unkept)}, which xlsolver's file writer "
                                            f"cannot keep: painting it in place would lose {_them(unkept)}; write a copy "
                                            f"with -o (the copy lacks {_them(unkept)}), or press the buttons in Excel or Calc")]
    reports = run_book(book, source, sheet, options, action)
    if not reports:
        return [Report(source, None, ERROR, f"{path.name}: no sheet holds a puzzle that offers {action} "
                                            f"(xlsolver reads: {_kinds_text()})")]
    if any(r.status != ERROR for r in reports):
        target = path if in_place else (out or default_output(path, action))
        try:
            book.save(target)
        except InputError as err:
            return reports + [Report(source, None, ERROR, str(err))]
        for r in reports:
            r.output = str(target) if r.status != ERROR else None
            if unkept and r.output:
                r.extra["unkept"] = unkept  # the copy lacks them: the command line says so
    return reports


def _them(items: list[str]) -> str:
    return "it" if len(items) == 1 and items[0].startswith("a ") else "them"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _known_suffixes() -> str:
    return ", ".join(dict.fromkeys(WORKBOOK_SUFFIXES + tuple(s for k in file_kinds() for s in k.suffixes)))


def output_paths(paths: list[Path], action: str = "solve", out: Path | None = None, in_place: bool = False,
                 folder: bool | None = None) -> dict[Path, Path | None]:
    """Where each input's painted copy goes, decided before any work; raises InputError
    for a choice that would lose something.

    ``out`` is a file for one input, or a folder (``folder``; by default when it is an
    existing folder or there are several inputs), which gets one copy per input named
    ``STEM.solved.xlsx`` (and so on by action), made unique where two inputs share a
    stem. The input is never the output unless ``in_place``; a file's suffix must be a
    workbook's (and a macro workbook's only when the input is one); the folder that
    receives the output must exist. Without ``out``, a workbook's copy goes beside it
    and a puzzle file gets none."""
    if in_place and out is not None:
        raise InputError("--in-place and -o contradict each other; choose one")
    folder = (len(paths) > 1 or (out is not None and out.is_dir())) if folder is None else folder
    tag = OUTPUT_TAGS.get(action, action)
    targets: dict[Path, Path | None] = {}
    if out is not None and folder:
        if not out.is_dir():
            raise InputError(f"the output folder {out} does not exist; make it first", str(out))
        stems = [p.stem for p in paths]
        for path in paths:
            suffix = path.suffix.lower()
            stem = path.stem if stems.count(path.stem) == 1 else f"{path.stem}-{suffix.lstrip('.')}"
            targets[path] = out / f"{stem}.{tag}{suffix if suffix in WORKBOOK_SUFFIXES else '.xlsx'}"
    elif out is not None:
        [path] = paths
        if out.suffix.lower() not in WORKBOOK_SUFFIXES:
            raise InputError("a painted copy is a workbook: name the -o file .xlsx"
                             + (" or .xlsm" if path.suffix.lower() == ".xlsm" else ""), str(out))
        if out.suffix.lower() == ".xlsm" and path.suffix.lower() != ".xlsm":
            raise InputError(f"only a macro workbook can be written as .xlsm, and {path.name} is none: "
                             "name the -o file .xlsx", str(out))
        if not out.parent.is_dir():
            raise InputError(f"the output folder {out.parent} does not exist; make it first", str(out))
        targets[path] = out
    else:
        targets = {path: None for path in paths}
    for path, target in targets.items():
        if target is not None and _same_file(path, target):
            raise InputError("-o names the input itself; use --in-place to paint into it", str(path))
    return targets


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (b.exists() and a.exists() and a.samefile(b))
    except OSError:
        return False


def run_paths(paths: list[Path], action: str = "solve", out: Path | None = None, sheet: str | None = None,
              in_place: bool = False, options: Options | None = None, folder: bool | None = None) -> list[Report]:
    """Run ``action`` on each path (a workbook or a puzzle file): :func:`iter_paths`, as a list."""
    return list(iter_paths(paths, action, out, sheet, in_place, options, folder))


def iter_paths(paths: list[Path], action: str = "solve", out: Path | None = None, sheet: str | None = None,
               in_place: bool = False, options: Options | None = None,
               folder: bool | None = None) -> Iterator[Report]:
    """The reports of ``action`` on each path, given as each input is finished, in
    input order, so a caller can show them while the rest is still at work. Where
    the painted copies go is :func:`output_paths` (an InputError there, before any
    work, is one report)."""
    options = options or Options()
    try:
        targets = output_paths(paths, action, out, in_place, folder)
    except InputError as err:
        yield Report(str(paths[0]) if paths else "", None, ERROR, str(err))
        return
    for path in paths:
        yield from _run_path(path, targets[path], action, sheet, in_place, options)


def _run_path(path: Path, target: Path | None, action: str, sheet: str | None, in_place: bool,
              options: Options) -> list[Report]:
    """The reports of one input (a workbook or a puzzle file)."""
    if not os.path.lexists(path):
        return [Report(str(path), None, ERROR, f"{path}: no such file")]
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        return run_workbook(path, action, target, sheet=sheet, in_place=in_place, options=options)
    kind = file_kind_for(path)
    run = kind.action(action) if kind is not None else None
    if kind is None:
        return [Report(str(path), None, ERROR,
                       f"{path}: not a workbook or a puzzle file xlsolver reads ({_known_suffixes()})")]
    if run is None:
        return [Report(str(path), None, ERROR,
                       f"{path}: {action} works on workbooks; lay the puzzles out first "
                       f"(xlsolver solve {path.name} -o BOOK.xlsx), then run it on the sheets", kind=kind.kind)]
    try:
        return run(path, target, options)
    except InputError as err:  # this file's mistake (or its copy's): the other files still get theirs
        return [Report(str(path), None, ERROR, str(err), kind=kind.kind)]


def solve_book(book: WorkbookBackend, source: str, sheet: str | None, options: Options) -> list[Report]:
    """Solve every puzzle sheet of an open workbook (or the one named): :func:`run_book`."""
    return run_book(book, source, sheet, options, "solve")


def solve_workbook(path: Path, out: Path | None = None, sheet: str | None = None, in_place: bool = False,
                   budget_seconds: float | None = None, on_start: Callable[[str], None] | None = None,
                   options: Options | None = None) -> list[Report]:
    """Solve every puzzle sheet of a workbook and save a painted copy: :func:`run_workbook`."""
    return run_workbook(path, "solve", out, sheet, in_place, _options(options, budget_seconds, on_start))


def solve_paths(paths: list[Path], out: Path | None = None, sheet: str | None = None, in_place: bool = False,
                budget_seconds: float | None = None, on_start: Callable[[str], None] | None = None,
                options: Options | None = None, folder: bool | None = None) -> list[Report]:
    """Solve each path (a workbook or a puzzle file): :func:`run_paths`."""
    return run_paths(paths, "solve", out, sheet, in_place, _options(options, budget_seconds, on_start), folder)
