"""What one explanation remembers between its steps.

The ladder tries every rung again after each step, and a step changes few
candidates, so several techniques keep what they worked out on the last grid
state: the links, the unique rectangles, the almost locked sets of each
house, the searches that found nothing, the outcomes of suppositions. That
memory belongs to one explanation: :func:`~.ladder.explain` makes a
:class:`Context`, hands it to every technique with the grid, and drops it at
the end. Nothing is kept at module level, so two explanations, taken in turn
or in two threads, never see each other's memory; one context is for one
explanation at a time, in one thread.

Every key holds all the inputs the remembered value was computed from (the
shape by value, and the candidates it read), never an object's ``id``: a
context handed a grid it has not seen before computes afresh rather than
reuse a value of another grid.
"""

from __future__ import annotations

__all__ = ["Context"]


class NothingFound:
    """The inputs on which a search found nothing. A search that depends on one
    digit's places only (a fish, an X-Chain) and found nothing on them finds
    nothing again, so it is skipped. ``key`` must hold every input the search
    reads."""

    __slots__ = ("keys", "limit")

    def __init__(self, limit: int = 200_000) -> None:
        self.keys: set = set()
        self.limit = limit

    def search(self, key, steps):
        if key in self.keys:
            return
        found = False
        for step in steps:
            found = True
            yield step
        if not found:
            if len(self.keys) >= self.limit:
                self.keys.clear()
            self.keys.add(key)


class Context:
    """The memory of one explanation (see the module's docstring).

    ``latest`` keeps one value per kind (``"links"``, ``"rectangles"``): the
    one computed for the last key asked for, as most states are asked about by
    several rungs in a row. ``nothing`` is the memory of empty searches,
    ``als`` the almost locked sets by house and candidates, and ``forcing`` the
    outcomes of suppositions (:mod:`.forcing` keeps and updates it)."""

    __slots__ = ("latest", "nothing", "als", "forcing")

    def __init__(self) -> None:
        self.latest: dict[str, tuple] = {}
        self.nothing = NothingFound()
        self.als: dict = {}
        self.forcing = None

    def last(self, kind: str, key, build):
        """``build()`` for ``key``, computed again only when ``key`` is not the
        last one asked for under ``kind``."""
        kept = self.latest.get(kind)
        if kept is not None and kept[0] == key:
            return kept[1]
        value = build()
        self.latest[kind] = (key, value)
        return value
