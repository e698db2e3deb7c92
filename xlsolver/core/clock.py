"""The solvers' clock: wall time less the time spent compiling or loading kernels.

numba compiles a kernel, or loads it from the cache, on its first call, which
is inside some puzzle's search. That time is the machine's, not the puzzle's:
:mod:`xlsolver.core.accel` adds every stretch numba holds its compiler lock to
:func:`machinery_seconds`, and :func:`now` leaves it out, so a budget
(:class:`~xlsolver.core.budget.Budget`) and a result's ``seconds`` measured
with :func:`now` never count it. The record is process-wide: a compile in one
thread stops every clock, which errs on the side of the puzzle.
"""

from __future__ import annotations

import threading
import time

__all__ = ["add_machinery", "machinery_seconds", "now"]

_lock = threading.Lock()
_spent = [0.0]  # seconds this process has spent compiling or loading kernels


def now() -> float:
    """``time.perf_counter()`` less the compile and load time so far: the clock
    every budget and every reported ``seconds`` reads."""
    return time.perf_counter() - _spent[0]


def machinery_seconds() -> float:
    """Seconds this process has spent compiling or loading kernels so far."""
    return _spent[0]


def add_machinery(seconds: float) -> None:
    """Record ``seconds`` more spent on the machinery (compiling, loading kernels)."""
    with _lock:
        _spent[0] += seconds
