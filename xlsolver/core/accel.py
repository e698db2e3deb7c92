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

__all__ = ["compile_kernels", "numba_enabled"]


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

    The copies share one namespace (the first function's module globals with
    each name replaced by its compiled copy), so a compiled kernel calls the
    compiled helpers. ``options`` go to ``numba.njit`` after the defaults
    ``cache=True`` (compiled code kept between runs) and ``nogil=True``.
    """
    functions = list(functions)
    if not functions or not numba_enabled():
        return {}
    import numba

    jit = numba.njit(**{"cache": True, "nogil": True, **options})
    space = dict(functions[0].__globals__)
    for fn in functions:
        space[fn.__name__] = jit(types.FunctionType(fn.__code__, space, fn.__name__))
    return {fn.__name__: space[fn.__name__] for fn in functions}
