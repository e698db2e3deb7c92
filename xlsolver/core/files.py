"""Atomic file writes: a temporary file beside the target, then one rename.

A reader (or Excel) never sees half a file, and a failed write leaves the old
file as it was. Errors become :class:`InputError` naming the path: the error
that stopped the write, never one from cleaning up after it (on a read-only
file system even removing a file that is not there fails). The temporary
file, ``.NAME.xxxxxxxx.tmp``, goes on every way out: an error, Ctrl-C, or
SIGTERM while writing; one left by a run killed outright (SIGKILL, a power
cut) is removed by the next write of the same target once it is
:data:`STALE_SECONDS` old. A target that is a symbolic link is written
through: the file it names gets the new content and the link stays a link;
the file's mode is kept.

Reading an input file safely (:func:`read_input`): only a regular file is
read (a FIFO would block, a device such as ``/dev/zero`` never ends), and at
most one byte more than the limit, so a file too large is refused without
being read whole. :func:`decode_text` turns its bytes into text and
:func:`printable` makes text from a file safe to show on a terminal.
"""

from __future__ import annotations

import gc
import os
import re
import secrets
import shutil
import signal
import stat
import sys
import threading
import time
import traceback
import unicodedata
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TextIO

from xlsolver.core.errors import InputError
from xlsolver.core.limits import DEFAULT_LIMITS, Limits

__all__ = [
    "STALE_SECONDS", "atomic_stream", "atomic_write", "atomic_write_text", "decode_text", "printable", "read_head",
    "read_input",
]


STALE_SECONDS = 15 * 60
"""A temporary file this old or older, named as :func:`atomic_write` names them, is
taken for one a killed run left, and the next write of its target removes it. A
write in progress keeps its own far younger than this."""

_writing: set[Path] = set()  # temporary files this process is writing now
_writing_lock = threading.Lock()


def atomic_write(path: Path | str, write: Callable[[Path], None], what: str = "the file") -> None:
    """Call ``write(temp)`` and move ``temp`` onto ``path``; keeps the old file's mode,
    and writes through a symbolic link to the file it names."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    _remove_stale(target)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    with _removed_on_signal(temp):
        try:
            write(temp)
            if target.exists():
                shutil.copymode(target, temp)
            os.replace(temp, target)
        except OSError as err:
            _release(err)
            _discard(temp)
            raise InputError(f"cannot write {what}: {err.strerror or err}", str(path)) from None
        except BaseException:
            _discard(temp)
            raise


def _release(err: OSError) -> None:
    """Close what the failed write left open, without a word. A writer stopped by a
    full disk leaves its zip file open in its frames; freed later, the file's close
    fails again, and Python prints that as "Exception ignored" with a traceback.
    Clearing the finished frames frees it here, where its error goes unheard."""
    hook = sys.unraisablehook
    sys.unraisablehook = lambda unraisable: None
    try:
        traceback.clear_frames(err.__traceback__)
        gc.collect()
    finally:
        sys.unraisablehook = hook


def _discard(temp: Path) -> None:
    """Remove ``temp`` if it is there; failing to is no news beside the error that
    brought us here (a read-only file system refuses even to remove nothing)."""
    try:
        temp.unlink(missing_ok=True)
    except OSError:
        pass


def _remove_stale(target: Path) -> None:
    """Remove the temporary files of ``target`` that killed runs left (STALE_SECONDS old)."""
    name = re.compile(rf"\.{re.escape(target.name)}\.[0-9a-f]{{8}}\.tmp")
    oldest = time.time() - STALE_SECONDS
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return  # a folder that cannot be listed: the write itself says what is wrong
    for entry in entries:
        if name.fullmatch(entry.name):
            try:
                if entry.is_file(follow_symlinks=False) and entry.stat(follow_symlinks=False).st_mtime < oldest:
                    os.unlink(entry.path)
            except OSError:
                pass


@contextmanager
def _removed_on_signal(temp: Path) -> Iterator[None]:
    """While the block runs, a SIGTERM (or a SIGINT) that would end the process
    at once, by the system's default action, first removes ``temp``. (Ctrl-C under
    Python's own handler raises KeyboardInterrupt, which the write's cleanup meets;
    a handler of the program's own is left alone, and so is an ignored signal.)
    Handlers can only be set in the main thread; elsewhere the block runs as it is."""
    with _writing_lock:
        _writing.add(temp)
    installed: list[int] = []
    if threading.current_thread() is threading.main_thread():
        for number in (signal.SIGTERM, signal.SIGINT):
            if signal.getsignal(number) == signal.SIG_DFL:
                signal.signal(number, _on_signal)
                installed.append(number)
    try:
        yield
    finally:
        for number in installed:
            signal.signal(number, signal.SIG_DFL)
        with _writing_lock:
            _writing.discard(temp)


def _on_signal(number: int, frame) -> None:
    """Remove the temporary files being written, then end the process by the signal,
    as its default action would have."""
    with _writing_lock:
        temps = list(_writing)
    for temp in temps:
        _discard(temp)
    signal.signal(number, signal.SIG_DFL)
    os.kill(os.getpid(), number)


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically."""
    atomic_write(path, lambda temp: temp.write_text(text, encoding="utf-8"))


@contextmanager
def atomic_stream(path: Path | str, what: str = "the file") -> Iterator[TextIO]:
    """A text file (UTF-8, ``\\n`` line ends) written as a stream, for output too large
    to hold (a million puzzle lines): the block writes to the open file it is given,
    a temporary file beside ``path``, which moves onto ``path`` when the block ends.
    If the block raises (Ctrl-C, or a generator holding the block is closed early)
    the temporary file goes and ``path`` is as it was. The same rules as
    :func:`atomic_write`: the mode kept, a link written through, stale temporaries
    removed, the temporary file removed on SIGTERM."""
    path = Path(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    _remove_stale(target)
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    with _removed_on_signal(temp):
        try:
            with open(temp, "w", encoding="utf-8", newline="\n") as stream:
                yield stream
            if target.exists():
                shutil.copymode(target, temp)
            os.replace(temp, target)
        except OSError as err:
            _release(err)
            _discard(temp)
            raise InputError(f"cannot write {what}: {err.strerror or err}", str(path)) from None
        except BaseException:
            _discard(temp)
            raise


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
