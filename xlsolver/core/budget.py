"""Limits on how long a search may run.

A search calls :meth:`Budget.charge` once per node. When the time or the node
allowance is spent it raises :class:`BudgetExhausted`, which the solver's top
level turns into the ``gave_up`` verdict. It is the one exception that crosses
search frames on purpose: unwinding a deep recursion is exactly what it is for.
Time is read from :func:`xlsolver.core.clock.now`, so compiling or loading
kernels is never charged to a puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xlsolver.core import clock

__all__ = ["Budget", "BudgetExhausted"]


class BudgetExhausted(Exception):
    """Raised inside a search when its budget is spent."""


@dataclass
class Budget:
    """At most ``seconds`` of wall time (less compiling, see :mod:`.clock`) and
    ``nodes`` search nodes (``None``: no limit)."""

    seconds: float | None = 60.0
    nodes: int | None = None
    used_nodes: int = field(default=0, init=False)
    _deadline: float | None = field(default=None, init=False, repr=False)

    def start(self) -> "Budget":
        """Start the clock; returns self so ``Budget(5).start()`` reads well."""
        self.used_nodes = 0
        self._deadline = None if self.seconds is None else clock.now() + self.seconds
        return self

    def charge(self, nodes: int = 1) -> None:
        """Count ``nodes`` more nodes; raise :class:`BudgetExhausted` when over budget."""
        self.used_nodes += nodes
        if self.nodes is not None and self.used_nodes > self.nodes:
            raise BudgetExhausted(f"node budget of {self.nodes} spent")
        # Reading the clock costs ~50 ns; checking every 64 nodes keeps it off the hot path.
        if self._deadline is not None and (self.used_nodes & 63) == 0:
            if clock.now() > self._deadline:
                raise BudgetExhausted(f"time budget of {self.seconds:g} s spent")

    def describe(self) -> str:
        """The budget in words, for a ``gave_up`` message."""
        parts = []
        if self.seconds is not None:
            parts.append(f"{self.seconds:g} s")
        if self.nodes is not None:
            parts.append(f"{self.nodes} nodes")
        return " / ".join(parts) or "no limit"
