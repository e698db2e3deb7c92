"""What a workbook file's zip archive must satisfy before openpyxl reads it.

An .xlsx or .xlsm file is a zip archive of XML parts. openpyxl unpacks and
parses every part it knows, so an archive can make it use memory and time
without bound: a part that unpacks to gigabytes (a zip bomb: deflate packs a
run of one byte over a thousand times smaller), many entries sharing one
packed run, or a directory of millions of entries that Python's ``zipfile``
turns into objects before anything else happens. :func:`check_archive`
looks at the archive's directory only (the end record, then the entries'
declared sizes) and refuses such a file with one line naming it. The sizes it
checks are the ones that bound the work: Python's ``zipfile`` never unpacks
more than an entry declares, and checks the CRC when it reaches the end.

Files that are no zip at all, or whose directory is broken, are left to the
reader, which says so in its own words (see ``openpyxl_backend._unreadable``).
"""

from __future__ import annotations

import struct
import zipfile
from pathlib import Path

from xlsolver.core.errors import InputError
from xlsolver.core.limits import Limits

__all__ = ["MAX_PARTS", "MAX_RATIO", "check_archive", "is_complete_workbook"]

MAX_PARTS = 10_000
"""Entries an archive may hold: a workbook has a handful per sheet (the sheet,
its relations, drawings, comments), so this is thousands of sheets."""

MAX_RATIO = 100
"""How many times smaller than its content a large part may be packed. The
parts of real workbooks pack 2 to 20 times (a sheet of 200,000 identical
styled cells: 13); deflate reaches about 1,030 on a run of one byte."""

RATIO_FROM = 1 << 20
"""Parts that unpack to less than this (1 MiB) are not judged by their ratio:
they cost nothing whatever they hold."""

_DIRECTORY_BYTES_PER_PART = 1024  # a directory entry is 46 bytes and its name; names of parts are short
_END = b"PK\x05\x06"  # the end of central directory record
_END_SIZE = 22
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_END = b"PK\x06\x06"
_MAX_COMMENT = 0xFFFF


def check_archive(path: Path, limits: Limits) -> None:
    """Raise InputError, naming ``path``, when opening the archive would take
    more than ``limits`` allow; return quietly for an archive within them and
    for a file that is no readable zip (the reader reports that)."""
    directory = _directory(path)
    if directory is None:
        return
    entries, size = directory
    if entries > MAX_PARTS or size > MAX_PARTS * _DIRECTORY_BYTES_PER_PART:
        raise InputError(f"the archive lists {entries:,} parts in a directory of {size:,} bytes; a workbook "
                         f"has at most {MAX_PARTS:,} (not a workbook xlsolver reads)", str(path))
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, struct.error):
        return
    total = 0
    for part in parts:
        if part.file_size > limits.file_bytes:
            raise InputError(f"part {_shown(part.filename)} unpacks to {part.file_size:,} bytes, more than the "
                             f"limit of {limits.file_bytes:,} for one part of a workbook", str(path))
        if part.file_size >= RATIO_FROM and part.file_size > MAX_RATIO * max(part.compress_size, 1):
            raise InputError(f"part {_shown(part.filename)} is packed {part.file_size // max(part.compress_size, 1):,} "
                             f"times smaller than its {part.file_size:,} bytes, as a zip bomb is (real workbooks "
                             f"pack under {MAX_RATIO} times)", str(path))
        total += part.file_size
    if total > 4 * limits.file_bytes:
        raise InputError(f"the parts unpack to {total:,} bytes in all, more than four times the limit of "
                         f"{limits.file_bytes:,} for one part of a workbook", str(path))


def _directory(path: Path) -> tuple[int, int] | None:
    """The entry count and byte size of the archive's central directory, as its
    end record declares them (zip64 too), or None when no end record is found."""
    with path.open("rb") as f:
        f.seek(0, 2)
        size = f.tell()
        tail_size = min(size, _END_SIZE + _MAX_COMMENT)
        f.seek(size - tail_size)
        tail = f.read(tail_size)
        at = tail.rfind(_END)
        if at < 0 or len(tail) - at < _END_SIZE:
            return None
        entries, directory_size = struct.unpack("<HL", tail[at + 10:at + 16])
        if entries != 0xFFFF and directory_size != 0xFFFFFFFF:
            return entries, directory_size
        start = size - tail_size + at - 20  # the zip64 locator stands just before the end record
        if start < 0:
            return None
        f.seek(start)
        locator = f.read(20)
        if not locator.startswith(_ZIP64_LOCATOR):
            return None
        (offset,) = struct.unpack("<Q", locator[8:16])
        if offset >= size:
            return None
        f.seek(offset)
        record = f.read(56)
        if len(record) < 56 or not record.startswith(_ZIP64_END):
            return None
        return struct.unpack("<QQ", record[32:48])


def _shown(name: str, most: int = 60) -> str:
    """A part's name for a message: printable, and cut short when long."""
    name = "".join(ch if ch.isprintable() else "?" for ch in name)
    return name if len(name) <= most else name[:most - 1] + "…"


def is_complete_workbook(path: Path) -> bool:
    """Is ``path`` a whole workbook file: a zip archive whose directory reads and that
    holds its content types. What ``--skip-done`` asks of an output before leaving its
    input alone (xlsolver writes atomically, so one it wrote is whole; one cut short
    by something else has no directory at its end)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return "[Content_Types].xml" in archive.NameToInfo
    except (OSError, zipfile.BadZipFile):
        return False
