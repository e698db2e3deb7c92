"""A batch's summary (``--summary BOOK.xlsx`` or ``--summary FILE.csv``): one row a puzzle.

Columns, after a header row: Source (the input path as given), Sheet (empty for
a file of one puzzle), Kind, Verdict (the outcome's value: ``unique``,
``error`` ...), Seconds (a number, to the millisecond), Message, Output (the
path written, if any). Rows come in the order the batch decides its puzzles.

Streamed and atomic. A batch may pass a million puzzles, so no row is kept:
each goes at once to a *spool*, an anonymous temporary file in the summary's
folder (it has no name there, so nothing is ever left of it, even by a run
killed outright), and :meth:`Summary.close` makes the file from the spool
through :func:`~xlsolver.core.files.atomic_write`. Nothing is at the target
until then, and then all of it.

A stopped batch (Ctrl-C) gets its summary too, of the rows it had: closing
writes them, whole and atomically, so the user sees what was done. ``abort``
is therefore ``close`` under the name a stopped batch calls; there is nothing
a flag would change (a last row saying "stopped" would be a row no puzzle
made).

Text from a user's file (a sheet name, a message quoting a cell) stays text:

- In a workbook (:mod:`xlsolver.backends.summary_book`) every string is a text
  cell, never a formula; Source and Output are also links to their files.
- In a CSV file a field that starts with ``=``, ``+``, ``-``, ``@``, a tab or a
  carriage return gets a ``'`` in front, as OWASP advises against CSV
  injection (a spreadsheet would run ``=HYPERLINK(...)`` as a formula); a
  program reading the CSV drops that one leading quote. The file is UTF-8
  with a byte-order mark, so Excel reads its accents right.

In both, control characters are escaped as :func:`~xlsolver.core.files.printable`
writes them (``\\x1b``), so a row stays one line and a cell stays valid.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import tempfile
from functools import partial
from pathlib import Path
from typing import Any, BinaryIO, Protocol, Sequence

from xlsolver.core.errors import InputError
from xlsolver.core.files import atomic_write, printable
from xlsolver.jobs.base import ReportLine

__all__ = ["COLUMNS", "CSV_UNSAFE", "SUFFIXES", "Summary", "check_summary", "open_summary"]

COLUMNS: tuple[tuple[str, float], ...] = (
    ("Source", 40), ("Sheet", 20), ("Kind", 10), ("Verdict", 10), ("Seconds", 9), ("Message", 60), ("Output", 40))
"""The summary's columns, with their widths in a workbook (in characters)."""

SUFFIXES = (".xlsx", ".csv")

CSV_UNSAFE = ("=", "+", "-", "@", "\t", "\r")
"""What a CSV field must not start with, lest a spreadsheet read it as a formula (OWASP)."""


class Summary(Protocol):
    """A summary being written: rows added one by one, then closed."""

    def add(self, line: ReportLine) -> None:
        """One row for one decided puzzle, below the rows added before."""

    def close(self) -> None:
        """Write the summary of every row added, atomically; raises InputError naming the path."""

    def abort(self) -> None:
        """The same as :meth:`close`: a stopped batch's summary holds what was done."""


class _Table(Protocol):
    """How a format writes rows: to its spool as they come, then whole to a file;
    ``close`` lets the spool go."""

    def append(self, cells: Sequence[Any]) -> None: ...

    def save(self, out: Path) -> None: ...

    def close(self) -> None: ...


def check_summary(path: Path) -> None:
    """Raise InputError naming ``path`` when no summary can be written there: a folder,
    a suffix other than .xlsx or .csv, or a folder to hold it that does not exist.
    Called before any work, so a typo costs nothing."""
    where = printable(str(path))
    if path.is_dir():
        raise InputError("is a folder; name the summary file, such as summary.xlsx or summary.csv", where)
    if path.suffix.lower() not in SUFFIXES:
        raise InputError("a summary is a .xlsx workbook or a .csv file: name it so", where)
    folder = path.parent
    if not folder.exists():
        raise InputError(f"the summary's folder {printable(str(folder))} does not exist; make it first", where)
    if not folder.is_dir():
        raise InputError(f"{printable(str(folder))} is not a folder, so it cannot hold the summary", where)


def open_summary(path: Path, *, sheet_rows: int | None = None, sheet_links: int | None = None) -> Summary:
    """A summary that will be written to ``path`` (.xlsx or .csv, checked as
    :func:`check_summary` does). ``sheet_rows`` and ``sheet_links`` lower a workbook's
    rows and links a sheet below Excel's limits (for tests). Raises InputError when
    the folder cannot take the spool (not writable)."""
    path = Path(path)
    check_summary(path)
    spool = _spool(path)
    try:
        if path.suffix.lower() == ".csv":
            return _SpooledSummary(path, _CsvTable(spool), _csv_cells)
        from xlsolver.backends.summary_book import SHEET_LINKS, SHEET_ROWS, Link, SummaryBook

        book = SummaryBook(spool, COLUMNS, Path(os.path.abspath(path)).parent,
                           sheet_rows=sheet_rows or SHEET_ROWS, sheet_links=sheet_links or SHEET_LINKS)
        return _SpooledSummary(path, book, partial(_book_cells, Link))
    except BaseException:
        spool.close()
        raise


def _spool(path: Path) -> BinaryIO:
    """An anonymous temporary file in the folder the summary goes to (its real folder,
    when the path is a link): on the disk the summary will take, and gone when closed."""
    folder = Path(os.path.realpath(path)).parent
    try:
        return tempfile.TemporaryFile(dir=folder, prefix=f".{path.name}.", suffix=".spool")
    except OSError as err:
        raise InputError(f"cannot write the summary: {err.strerror or err}", printable(str(path))) from None


def _values(line: ReportLine) -> list:
    """A line's row, printable: the text each format then writes its own way."""
    return [printable(line.source), printable(line.sheet or ""), printable(line.kind), line.status.value,
            round(line.seconds, 3), printable(line.message), printable(line.output or "")]


def _csv_text(value: str) -> str:
    """A CSV field that no spreadsheet reads as a formula (see :data:`CSV_UNSAFE`)."""
    return "'" + value if value.startswith(CSV_UNSAFE) else value


def _csv_cells(line: ReportLine) -> list:
    return [_csv_text(v) if isinstance(v, str) else v for v in _values(line)]


def _book_cells(link, line: ReportLine) -> list:
    """A workbook row: Source and Output are ``link``s to their files."""
    row = _values(line)
    row[0] = link(row[0], line.source)
    if line.output:
        row[6] = link(row[6], line.output)
    return row


class _CsvTable:
    """Rows as CSV (UTF-8 with a byte-order mark, ``\\r\\n`` line ends, as Excel writes)."""

    def __init__(self, spool: BinaryIO) -> None:
        self._spool = spool
        self._text = io.TextIOWrapper(spool, encoding="utf-8-sig", newline="")
        self._rows = csv.writer(self._text)
        self._rows.writerow(title for title, _ in COLUMNS)

    def append(self, cells: Sequence[Any]) -> None:
        self._rows.writerow(cells)

    def save(self, out: Path) -> None:
        self._text.flush()
        end = self._spool.tell()
        self._spool.seek(0)
        with open(out, "wb") as file:
            shutil.copyfileobj(self._spool, file, 1 << 20)
        self._spool.seek(end)

    def close(self) -> None:
        self._text.close()


class _SpooledSummary:
    """A :class:`Summary` of rows turned into cells by ``cells`` and kept by ``table``
    in its spool until :meth:`close`."""

    def __init__(self, path: Path, table: _Table, cells) -> None:
        self._path = path
        self._table = table
        self._cells = cells
        self._open = True

    def add(self, line: ReportLine) -> None:
        if not self._open:
            raise ValueError("the summary is closed")
        self._table.append(self._cells(line))

    def close(self) -> None:
        """Write the summary of every row added, atomically, and let the spool go;
        raises InputError naming the path when it cannot be written (then nothing is).
        Closing again does nothing."""
        if not self._open:
            return
        self._open = False
        try:
            atomic_write(self._path, self._table.save, "the summary")
        finally:
            self._table.close()

    abort = close
