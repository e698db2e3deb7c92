"""Atomic file writes: a temporary file beside the target, then one rename.

A reader (or Excel) never sees half a file, and a failed write leaves the old
file as it was. Errors become :class:`InputError` naming the path.

Reading an input file safely (:func:`read_input`): only a regular file is
read (a FIFO would block, a device such as ``/dev/zero`` never ends), and at
most one byte more than the limit, so a file too large is refused without
being read whole. :func:`decode_text` turns its bytes into text and
:func:`printable` makes text from a file safe to show on a terminal.
"""

from __future__ import annotations

import os
import secrets
import shutil
import stat
import unicodedata
from pathlib import Path
from typing import Callable

from xlsolver.core.errors import InputError
from xlsolver.core.limits import DEFAULT_LIMITS, Limits

__all__ = ["atomic_write", "atomic_write_text", "decode_text", "printable", "read_head", "read_input"]


def atomic_write(path: Path | str, write: Callable[[Path], None], what: str = "the file") -> None:
    """Call ``write(temp)`` and move ``temp`` onto ``path``; keeps the old file's mode."""
    path = Path(path)
    temp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    try:
        write(temp)
        if path.exists():
            shutil.copymode(path, temp)
        os.replace(temp, path)
    except OSError as err:
        raise InputError(f"cannot write {what}: {err.strerror or err}", str(path)) from None
    finally:
        temp.unlink(missing_ok=True)


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write(path, lambda temp: temp.write_text(text, encoding="utf-8"))


def _open_regular(path: Path) -> int:
    """A descriptor of ``path`` opened for reading, when it is a regular file (after
    symbolic links). Opened without blocking, so a FIFO is refused, not waited on."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        what = ("a folder" if stat.S_ISDIR(mode) else "a pipe (FIFO)" if stat.S_ISFIFO(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket" if stat.S_ISSOCK(mode)
                else "not a regular file")
        raise InputError(f"cannot read the file: it is {what}, not a file", printable(str(path)))
    return fd


def _read_at_most(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def read_input(path: Path | str, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """The bytes of an input file. Raises InputError naming the file when it is not a
    regular file (a folder, a FIFO, a device, also through a link), cannot be read, or
    holds more than ``limits.file_bytes`` (of which at most one byte more is read)."""
    path = Path(path)
    try:
        fd = _open_regular(path)
        try:
            data = _read_at_most(fd, limits.file_bytes + 1)
        finally:
            os.close(fd)
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror or err}", printable(str(path))) from None
    if len(data) > limits.file_bytes:
        raise InputError(f"the file is larger than the limit of {limits.file_bytes:,} bytes for a puzzle file",
                         printable(str(path)))
    return data


def read_head(path: Path | str, size: int = 4096) -> bytes:
    """The first ``size`` bytes of a regular file, or ``b""`` when it is none or cannot be
    read: for guessing what a file holds, which must neither block nor raise."""
    try:
        fd = _open_regular(Path(path))
    except (OSError, InputError):
        return b""
    try:
        return _read_at_most(fd, size)
    except OSError:
        return b""
    finally:
        os.close(fd)


_BOMS = ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
         (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def decode_text(data: bytes, source: str) -> str:
    """The text of a file's bytes: UTF-8, UTF-16 or UTF-32 as a byte-order mark says, else
    UTF-8, else Windows-1252 (the usual encoding of older Windows files; a byte it lacks
    is read as Latin-1). A NUL byte without a byte-order mark means binary data, not
    text: InputError naming ``source`` and the line."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(encoding)
            except UnicodeDecodeError as err:
                line = data[:len(bom) + err.start].decode(encoding, "replace").count("\n") + 1
                raise InputError(f"is not valid {encoding.upper()} text", f"{printable(source)}:{line}") from None
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError("holds binary data (a NUL byte), not text", f"{printable(source)}:{line}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")


# Characters never shown raw: controls (escape sequences start with one), format
# characters (right-to-left overrides, zero widths), line and paragraph separators,
# lone surrogates.
_UNSHOWN = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}


def printable(text: str, limit: int | None = None) -> str:
    """``text`` safe for one line of a terminal: every control or format character
    escaped as Python writes it (``\\x1b``, ``\\u202e``), and with ``limit``, cut to that
    many characters with ``...`` after. Text from a file passes through here before it
    enters a message."""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "..."
    if text.isprintable():
        return text
    return "".join(ascii(ch)[1:-1] if unicodedata.category(ch) in _UNSHOWN else ch for ch in text)
