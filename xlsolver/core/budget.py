"""Limits on how long a search may run.

A search calls :meth:`Budget.charge` once per node, and :meth:`Budget.check`
between pieces of work that are not nodes but can take long (a slice of
compiled probes, a round of line solving, encoding a line for the SAT
solver). When the time or the node allowance is spent they raise
:class:`BudgetExhausted`, which the solver's top level turns into the
``gave_up`` verdict. It is the one exception that crosses search frames on
purpose: unwinding a deep recursion is exactly what it is for. Time is read
from :func:`xlsolver.core.clock.now`, so compiling or loading kernels is never
charged to a puzzle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from xlsolver.core import clock

__all__ = ["CLOCK_NODES", "Budget", "BudgetExhausted"]

CLOCK_NODES = 64
"""Nodes charged between two looks at the clock: reading it costs about 50 ns, a
node a few microseconds at least, so the look stays off the hot path."""


class BudgetExhausted(Exception):
    """Raised inside a search when its budget is spent."""


@dataclass
class Budget:
    """At most ``seconds`` of wall time (less compiling, see :mod:`.clock`) and
    ``nodes`` search nodes (``None``: no limit). NaN seconds is refused: every
    comparison with it is false, so it would mean no limit without saying so."""

    seconds: float | None = 60.0
    nodes: int | None = None
    used_nodes: int = field(default=0, init=False)
    _deadline: float | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.seconds is not None and math.isnan(self.seconds):
            raise ValueError("a budget of NaN seconds is no limit; give a number of seconds or None")

    def start(self) -> "Budget":
        """Start the clock; returns self so ``Budget(5).start()`` reads well."""
        self.used_nodes = 0
        self._deadline = None if self.seconds is None else clock.now() + self.seconds
        return self

    def charge(self, nodes: int = 1) -> None:
        """Count ``nodes`` more nodes; raise :class:`BudgetExhausted` when over budget.

        The clock is read each time the count passes a multiple of
        :data:`CLOCK_NODES`, so a caller charging a slice of many nodes at once
        has it read on every slice."""
        before = self.used_nodes
        self.used_nodes += nodes
        if self.nodes is not None and self.used_nodes > self.nodes:
            raise BudgetExhausted(f"node budget of {self.nodes} spent")
        if before // CLOCK_NODES != self.used_nodes // CLOCK_NODES:
            self.check()

    def check(self) -> None:
        """Raise :class:`BudgetExhausted` when the time is spent (reads the clock
        every call: for long pieces of work between nodes)."""
        if self._deadline is not None and clock.now() > self._deadline:
            raise BudgetExhausted(f"time budget of {self.seconds:g} s spent")

    def describe(self) -> str:
        """The budget in words, for a ``gave_up`` message."""
        parts = []
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        if self.nodes is not None:
            parts.append(f"{self.nodes} nodes")
        return " / ".join(parts) or "no limit"
