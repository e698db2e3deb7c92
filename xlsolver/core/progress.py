"""Progress of long work, as plain figures any front end can show.

A long job (a hard search, a tiling count, a batch of generated puzzles)
calls a ``ProgressFn`` now and then with a :class:`Progress`. The command line
draws a bar from it; a live spreadsheet writes :meth:`Progress.text` into its
status bar. To stop the work early (Esc in Excel, a Stop cell), the callback
raises :class:`~xlsolver.core.budget.BudgetExhausted`: the job ends with the
``gave_up`` verdict and says why, exactly as when its time budget runs out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

__all__ = ["Progress", "ProgressFn", "quiet"]


@dataclass(frozen=True)
class Progress:
    """Where a piece of work stands. Every figure but ``what`` may be unknown (None)."""

    what: str  # "tiling Board (6x10)", "generating 9x9 sudoku"
    fraction: float | None = None  # estimated share done, 0..1
    done: int | None = None  # items finished (puzzles generated) ...
    total: int | None = None  # ... out of this many
    found: int | None = None  # solutions found so far
    seconds: float = 0.0  # elapsed wall time

    def text(self) -> str:
        """One line for a status bar: ``tiling Board (6x10): 41%, 930 solutions, 2.3 s``."""
        parts = []
        if self.done is not None and self.total:
            parts.append(f"{self.done}/{self.total}")
        if self.fraction is not None:
            parts.append(f"{100 * min(max(self.fraction, 0.0), 1.0):.0f}%")
        if self.found is not None:
            parts.append(f"{self.found} solution{'' if self.found == 1 else 's'}")
        parts.append(f"{self.seconds:.1f} s")
        return f"{self.what}: {', '.join(parts)}"


ProgressFn = Callable[[Progress], None]


def quiet(progress: Progress) -> None:
    """A progress callback that shows nothing."""
