"""Compiling plain-Python kernels with numba, when it is there.

Every hot kernel of xlsolver is written once, as plain Python over flat
sequences, and runs as it is wherever numba is missing (or switched off with
``XLSOLVER_NO_NUMBA=1``). :func:`compile_kernels` makes compiled copies that
call one another, leaving the plain functions untouched, so tests can run both
paths against the same tables. numba is imported here, lazily, and nowhere
else; this module needs nothing beyond the standard library to import.
"""

from __future__ import annotations

import os
import types
from collections.abc import Callable, Iterable

__all__ = ["compile_kernels", "numba_enabled", "on_first_compile"]


def numba_enabled() -> bool:
    """Whether kernels get compiled: numba importable and not switched off."""
    if os.environ.get("XLSOLVER_NO_NUMBA"):
        return False
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def compile_kernels(functions: Iterable[Callable], **options) -> dict[str, Callable]:
    """Compiled copies of ``functions`` by name ({} when numba is absent or off).

    Each copy sees the globals of its own module, with every name in
    ``functions`` replaced by its compiled copy, so a compiled kernel calls the
    compiled helpers, also a helper imported from another module, in whatever
    order they are listed. ``options`` go to ``numba.njit`` after the defaults
    ``cache=True`` (compiled code kept between runs) and ``nogil=True``.
    """
    functions = list(functions)
    if not functions or not numba_enabled():
        return {}
    import numba

    jit = numba.njit(**{"cache": True, "nogil": True, **options})
    spaces: dict[int, dict] = {}  # id of a module's globals -> the copies' namespace for that module
    for fn in functions:
        spaces.setdefault(id(fn.__globals__), dict(fn.__globals__))
    compiled = {fn.__name__: jit(types.FunctionType(fn.__code__, spaces[id(fn.__globals__)], fn.__name__))
                for fn in functions}
    for space in spaces.values():  # numba reads the globals when it compiles, on the first call
        space.update(compiled)
    return compiled


_waiting: list[Callable[[], None]] = []  # callbacks for the next first compile
_listening: list[bool] = []  # one listener per process, registered on the first request


def on_first_compile(callback: Callable[[], None]) -> bool:
    """Have ``callback()`` called once, when numba next starts compiling a kernel in
    this process (a first run on a machine, or after an upgrade; loading compiled
    code from the cache does not count), so a command can say why it is slow this
    once. Returns False when nothing is compiled here (numba absent or off)."""
    if not numba_enabled():
        return False
    if not _listening:
        from numba.core import event

        class _First(event.Listener):
            def on_start(self, event) -> None:
                while _waiting:
                    _waiting.pop(0)()

            def on_end(self, event) -> None:
                pass

        event.register("numba:compile", _First())
        _listening.append(True)
    _waiting.append(callback)
    return True
