"""Atomic file writes: a temporary file beside the target, then one rename.

A reader (or Excel) never sees half a file, and a failed write leaves the old
file as it was. Errors become :class:`InputError` naming the path.
"""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path
from typing import Callable

from xlsolver.core.errors import InputError

__all__ = ["atomic_write", "atomic_write_text"]


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
