"""Fill the kernel cache: ``python -m xlsolver.core.warm MODULE:FUNCTION ...``.

A process that found its kernels cold ran them as plain Python and, as it
ended, started this one detached (:mod:`xlsolver.core.accel`). It takes the
cache's warm-up lock or leaves at once (another warm-up is at work), lowers
its priority, runs each named warm-up with compiling switched to the
foreground and the compiled kernels chosen whatever the size of the work, and stamps the groups every kernel of which got compiled and saved.
numba writes each cache file whole (a temporary file, then a rename), and a
stamp is written only after, so a process never loads half a cache. Run by
hand, it compiles everything named before the first puzzle::

    python -m xlsolver.core.warm --wait xlsolver.nonogram.kernel:warm_up \
        xlsolver.sudoku.kernel:warm_up xlsolver.polyomino.kernel:warm_up
"""

from __future__ import annotations

import importlib
import os
import sys

__all__ = ["main"]


def main(specs: list[str]) -> int:
    """Warm up ``specs`` ("module:function"); the number that failed. Led by
    ``--wait``, wait for a warm-up at work instead of leaving (a benchmark, a
    script that wants compiled kernels when this returns)."""
    os.environ["XLSOLVER_COMPILE"] = "foreground"
    os.environ["XLSOLVER_KERNELS"] = "compiled"  # the warm-ups' small puzzles would run plain by their size
    from xlsolver.core import accel

    wait = specs[:1] == ["--wait"]
    specs = specs[wait:]
    with accel.warm_up_lock(wait) as held:
        if not held:
            return 0
        if not wait and hasattr(os, "nice"):  # in the background: the user's commands first
            os.nice(10)
        warmed = set()
        for spec in specs:
            module, _, name = spec.partition(":")
            try:
                getattr(importlib.import_module(module), name)()
            except Exception as err:  # a warm-up that fails leaves its groups cold, nothing worse
                print(f"xlsolver warm-up {spec}: {err!r}", file=sys.stderr)
                continue
            warmed.add(spec)
            accel.write_stamps({spec})  # each as soon as it is ready
    return len(specs) - len(warmed)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
