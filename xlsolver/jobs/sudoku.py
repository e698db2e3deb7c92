"""Sudoku jobs: sheets in the layout of :mod:`xlsolver.sheets.sudoku_sheet`, and
text files of puzzles, one per line (``.txt``, QQWing's ``.sdm``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from xlsolver.core import Budget, InputError, PaintPlan
from xlsolver.core.files import printable
from xlsolver.core.progress import Progress
from xlsolver.jobs.base import DONE, ERROR, Options, Report, ReportLine, first_lines, new_workbook, sheet_title
from xlsolver.jobs.registry import Found, SheetReader
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.sudoku_sheet import (
    locate_sudoku,
    read_sudoku,
    sudoku_import_plan,
    sudoku_plan,
    sudoku_status_sentence,
)
from xlsolver.sudoku.model import SYMBOLS, Shape, Sudoku, read_lines

if TYPE_CHECKING:  # numpy and the solver are imported when puzzles are solved, not with the job
    import numpy as np

    from xlsolver.sudoku.solver import NineBatch

__all__ = ["KIND", "generate_sheet", "is_sudoku_file", "locate", "sample_plan", "solve_file", "solve_lines",
           "solve_sheet"]

KIND = "sudoku"


def _report(source: str, sheet: str | None, puzzle: Sudoku, result, message: str) -> Report:
    n = puzzle.n
    solutions = [["".join(SYMBOLS[v - 1] for v in s[r * n:(r + 1) * n]) for r in range(n)]
                 for s in result.solutions]
    extra = {"box": str(puzzle.shape), "clues": puzzle.clues, "puzzle": puzzle.to_text()}
    if result.conflict is not None:
        extra["conflict_cells"] = [[i // n + 1, i % n + 1] for i in result.conflict.cells]
    return Report(source=source, sheet=sheet, status=result.status.value, message=message, kind=KIND,
                  seconds=result.seconds, rows=n, cols=n, solutions=solutions, extra=extra)


def locate(snap: SheetSnapshot, reader: SheetReader | None = None) -> Found | None:
    """A square block of givens (or a range named Sudoku), read in the same pass."""
    found = locate_sudoku(snap)
    if found is None:
        return None
    if isinstance(found, InputError):
        return Found(KIND, snap, None, error=found)
    layout, puzzle = found
    return Found(KIND, snap, layout, puzzle)


def solve_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Solve the givens and paint the solver's digits (or the clash, or what every solution shares)."""
    layout, puzzle, name = found.layout, found.read(), found.snap.name
    options.on_start(f"{name} ({puzzle.n}x{puzzle.n})")
    from xlsolver.sudoku.solver import solve

    result = solve(puzzle, Budget(seconds=options.budget_seconds))
    book.apply(sudoku_plan(layout, puzzle, result, name))
    return _report(book.source, name, puzzle, result,
                   sudoku_status_sentence(layout, result))


def generate_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """A new puzzle of the sheet's box shape, proven unique, laid out on a sheet of its
    own (``NAME new``; the user's sheet is left as it is). Seeded by the sheet's givens,
    so pressing again on the same puzzle gives the same new one, and anywhere alike."""
    from xlsolver.sudoku.generator import make_puzzle

    layout, puzzle, name = found.layout, found.read(), found.snap.name
    options.on_start(f"{name} ({puzzle.n}x{puzzle.n}): a new puzzle")
    started = time.perf_counter()
    seed = f"{puzzle.to_text()}:new"
    made = make_puzzle(layout.shape, seed, minimal=False)
    target = sheet_title(f"{name} new", book.sheet_names())
    book.add_sheet(target)
    book.apply(sudoku_import_plan(made.puzzle, target, f"(new, like {name})"))
    message = f"a new {puzzle.n}x{puzzle.n} puzzle, {made.puzzle.clues} givens, proven unique, on sheet '{target}'"
    return Report("", name, DONE, message, kind=KIND, seconds=time.perf_counter() - started, rows=puzzle.n,
                  cols=puzzle.n, summary=message, extra={"sheet_made": target, "puzzle": made.puzzle.to_text()})


def sample_plan(sheet: str) -> PaintPlan:
    """The sample sheet of ``xlsolver excel``: a 9x9 with symmetric givens, the same every time."""
    from xlsolver.sudoku.generator import make_puzzle

    made = make_puzzle(Shape(3, 3), "xlsolver-excel", symmetry="rot180")
    return sudoku_import_plan(made.puzzle, sheet)


def solve_file(path: Path, out: Path | None, options: Options) -> list[Report]:
    """Solve each puzzle line of a file; with ``out``, lay each out on a sheet of a
    new workbook, painted."""
    source = str(path)
    try:
        entries = read_lines(path, options.limits)
    except InputError as err:
        return [Report(source, None, ERROR, str(err), kind=KIND)]
    if not entries:
        return [Report(source, None, ERROR, f"{printable(str(path))}: no puzzle lines", kind=KIND)]
    book = new_workbook() if out else None
    reports = []
    puzzles = [entry for _, entry in entries if not isinstance(entry, str)]
    if len(puzzles) > 1:
        options.on_start(f"{len(puzzles)} puzzles of {path.name}")
    start = time.perf_counter()

    def solved(done: int) -> None:
        options.progress(Progress(f"solving {path.name}", done=done, total=len(puzzles),
                                  seconds=time.perf_counter() - start))

    from xlsolver.sudoku.solver import solve_many

    results = iter(solve_many(puzzles, options.budget_seconds, progress=solved))
    for number, entry in entries:
        title = path.stem if len(entries) == 1 else f"{path.stem} {number}"
        name = None if len(entries) == 1 else title
        if isinstance(entry, str):
            reports.append(_line_error(source, name, number, entry))
            continue
        result = next(results)
        report = _line_report(source, name, number, entry, result)
        reports.append(report)
        if book is not None:
            sheet = sheet_title(title, book.sheet_names())
            book.apply(sudoku_import_plan(entry, sheet, f"(line {number})"))
            layout, puzzle = read_sudoku(book.snapshot(sheet))
            book.apply(sudoku_plan(layout, puzzle, result, sheet))
    if book is not None and any(r.status != ERROR for r in reports):
        book.save(out)
        for r in reports:
            r.output = str(out) if r.status != ERROR else None
    return reports


def _line_error(source: str, name: str | None, number: int, why: str) -> Report:
    """The report of a line of a file that is no puzzle: the file, the line and why."""
    return Report(source, name, ERROR, f"{printable(Path(source).name)}, line {number}: {printable(why)}", kind=KIND)


def _line_report(source: str, name: str | None, number: int, puzzle: Sudoku, result) -> Report:
    """The report of a puzzle read from line ``number`` of a file."""
    report = _report(source, name, puzzle, result, result.message)
    report.extra["line"] = number
    return report


# As read_lines refuses it: no line of a sudoku is longer than the largest grid's
# symbols, each with a separator around it.
_LONGEST_LINE = 4 * len(SYMBOLS) ** 2


def _read_line(line: str) -> Sudoku | str:
    """The puzzle of one stripped line of a file, or why it is none, as
    :func:`~xlsolver.sudoku.model.read_lines` reads each line."""
    if len(line) > _LONGEST_LINE:
        return (f"a line of {len(line):,} characters is no sudoku (a {len(SYMBOLS)}x{len(SYMBOLS)} one "
                f"has {len(SYMBOLS) ** 2:,} symbols)")
    try:
        return Sudoku.from_text(line)
    except ValueError as err:
        return str(err)


# ASCII code -> digit for a line of a 9x9 written as 81 plain symbols (0 or . empty);
# 255 for any other character: such a line is read by Sudoku.from_text instead.
_PLAIN_NINE = bytes(0 if chr(code) in "0." else code - 48 if chr(code) in "123456789" else 255
                    for code in range(256))
# Digit -> the code of its symbol in a 9x9's text form (0 -> ".") and in a solution's rows.
_NINE_SYMBOLS = b"." + SYMBOLS[:9].encode("ascii")


def _plain_nines(lines: list[str]) -> tuple[list[int], np.ndarray]:
    """The lines that are a 9x9 written as 81 plain symbols (most lines of most files):
    their positions, and their digits as a count x 81 array of uint8 (the same digits
    Sudoku.from_text reads from them), all read by one translation."""
    import numpy as np

    maybe = [i for i, line in enumerate(lines) if len(line) == 81 and line.isascii()]
    digits = np.frombuffer("".join([lines[i] for i in maybe]).encode("ascii").translate(_PLAIN_NINE),
                           np.uint8).reshape(len(maybe), 81)
    plain = ~(digits == 255).any(axis=1)
    return [i for i, ok in zip(maybe, plain.tolist()) if ok], digits[plain]


def _texts(values, layout: str) -> list[str]:
    """Each row of ``values`` (an array of symbol codes, one row a line) written into
    ``layout`` at its ``?`` marks, in order: the strings formatting each row one by
    one would give, made by one array assignment."""
    import numpy as np

    shape = np.frombuffer(layout.encode("ascii"), np.uint8)
    filled = np.tile(shape, (len(values), 1))
    filled[:, shape == ord("?")] = values
    text, width = filled.tobytes().decode("ascii"), len(shape)
    return [text[at:at + width] for at in range(0, len(text), width)]


# The fields of a unique 9x9's JSON that change from line to line.
_VARYING = ("sheet", "solution", "clues", "puzzle", "line")


def _unique_template(example: Report) -> str:
    """The JSON line of a unique 9x9 of this file and batch, as ``str.format`` fields
    for what changes from line to line (:data:`_VARYING`): made from ``example``'s own
    JSON, so its keys, their order and every constant value are the report's."""
    import json

    data = example.to_json()
    missing = [key for key in _VARYING if key not in data]
    if missing:
        raise ValueError(f"a unique sudoku's JSON has no {', '.join(missing)}")
    marks = {key: f"\x00{key}\x00" for key in _VARYING}
    data.update(marks)
    template = json.dumps(data).replace("{", "{{").replace("}", "}}")
    for key, mark in marks.items():
        template = template.replace(json.dumps(mark), "{" + key + "}")
    return template


def solve_lines(source: str, stem: str, single: bool, numbered: list[tuple[int, str]], options: Options,
                as_json: bool) -> list[ReportLine]:
    """One :class:`~xlsolver.jobs.base.ReportLine` per ``(line number, line)`` of a
    file of sudoku lines: ``ReportLine.of`` of the report :func:`solve_file` makes for
    that line (sheet ``"STEM NUMBER"``, None when ``single``), the seconds measured
    aside. A batch streams a file through it in runs of lines
    (:data:`~xlsolver.jobs.base.LinesAction`).

    Building a report and its JSON costs about twice the batch kernel's search of a
    9x9, so the lines most files are made of, 9x9s of 81 plain symbols that the batch
    kernel finds plainly unique (:func:`~xlsolver.sudoku.solver.batch_nines`, the
    verdict rule of ``solve_many``), are written straight from the kernel's digits
    (:func:`_unique_lines`). Every other line (no puzzle, another size, none, several,
    a long search, or no compiled kernel to run) goes the general way, through its
    report. No progress is told: the batch shows its own."""
    from xlsolver.sudoku.solver import batch_nines, solve_many

    lines = [line.strip() for _, line in numbered]
    quick, givens = _plain_nines(lines)
    batch = batch_nines(givens) if quick else None
    written: dict[int, ReportLine] = {}
    if batch is not None:
        rows = (batch.found == 1).nonzero()[0].tolist()
        if rows:
            numbers = [numbered[quick[k]][0] for k in rows]
            written = dict(zip([quick[k] for k in rows],
                               _unique_lines(source, stem, single, numbers, batch, givens, rows, as_json)))
    read = {i: _read_line(line) for i, line in enumerate(lines) if i not in written}
    results = iter(solve_many([entry for entry in read.values() if isinstance(entry, Sudoku)],
                              options.budget_seconds))
    made = []
    for i, (number, _) in enumerate(numbered):
        if i in written:
            made.append(written[i])
            continue
        name = None if single else f"{stem} {number}"
        entry = read[i]
        report = (_line_error(source, name, number, entry) if isinstance(entry, str)
                  else _line_report(source, name, number, entry, next(results)))
        made.append(ReportLine.of(report, as_json))
    return made


def _unique_lines(source: str, stem: str, single: bool, numbers: list[int], batch: NineBatch, givens: np.ndarray,
                  rows: list[int], as_json: bool) -> list[ReportLine]:
    """The report lines of the plainly unique 9x9s ``rows`` of ``batch`` (their digits
    ``givens[rows]``, from lines ``numbers``), without a report each: the first one's
    real report gives every field the lines share, and its JSON the template the
    others' varying fields are written into; their solutions and puzzles are made
    as text for all the rows at once."""
    import json

    import numpy as np

    first = _line_report(source, None if single else f"{stem} {numbers[0]}", numbers[0],
                         Sudoku(Shape(3, 3), tuple(givens[rows[0]].tolist())), batch.result(rows[0]))
    same = ReportLine.of(first, as_json)
    sheets = [None] * len(rows) if single else [f"{stem} {number}" for number in numbers]
    if as_json:
        template = _unique_template(first)
        symbols = np.frombuffer(_NINE_SYMBOLS, np.uint8)
        solutions = _texts(symbols[batch.solutions[rows]], json.dumps(["?" * 9] * 9))
        puzzles = _texts(symbols[givens[rows]], json.dumps("?" * 81))
        clues = np.count_nonzero(givens[rows], axis=1).tolist()
        named = json.dumps(stem)[:-1]  # a sheet "STEM NUMBER" is written STEM's way, then the number
        sheets_json = ["null"] * len(rows) if single else [f'{named} {number}"' for number in numbers]
        texts = [template.format(sheet=sheet, solution=solution, clues=count, puzzle=puzzle, line=number)
                 for sheet, solution, count, puzzle, number in zip(sheets_json, solutions, clues, puzzles, numbers)]
    else:
        after = first.line()[len(first.name):]  # ": unique, 9x9, 0.00 s": the line after the name
        texts = [printable((Path(source).name if sheet is None else sheet) + after) for sheet in sheets]
    return [ReportLine(same.status, same.ok, text, same.error, same.source, sheet, same.kind, same.seconds,
                       same.message, same.output, same.unkept) for text, sheet in zip(texts, sheets)]


def is_sudoku_file(path: Path) -> bool:
    """A .sdm file always; a .txt file when its first line is a sudoku in the
    compact text form (81 symbols for 9x9, ``RxC:`` first for other boxes)."""
    if path.suffix.lower() != ".txt":
        return True
    lines = first_lines(path, 1)
    if not lines or "|" in lines[0] or lines[0].startswith("$"):
        return False
    try:
        Sudoku.from_text(lines[0])
    except ValueError:
        return False
    return True



