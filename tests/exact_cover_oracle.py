"""Exact cover by Knuth's Algorithm X, with secondary items and multiplicities: the
tests' independent oracle for the polyomino tiler and the sudoku cover count,
which share no code with it.

Glossary
--------
item          something that must be covered: a board cell, a piece, a sudoku
              constraint. Any hashable value.
option        a set of items chosen together (one piece placed at one spot).
primary       an item every solution covers exactly ``multiplicity`` times (1 by
              default).
secondary     an item a solution covers at most once (a cell that may stay empty).
              An option made only of secondary items is never chosen (as in Knuth).
multiplicity  how many times a primary item must be covered: the item of a piece
              with ``k`` identical copies has multiplicity ``k``, and the ``k``
              placements chosen for it are one solution, not ``k!`` of them.
solution      the sorted tuple of the indices of the chosen options.

The search is Algorithm X (D. E. Knuth, "Dancing Links", 2000) on sets instead
of linked lists: choose the primary item with the fewest remaining options
(the MRV heuristic, Knuth's "S heuristic"), try each of its options in turn,
remove everything that clashes, recurse, and put it back. A primary item with
multiplicity ``m > 1`` is branched on its *smallest* chosen option: in the branch
where option ``o`` is the smallest one covering it, every smaller option of that
item is set aside, so each multiset of placements is found once (the idea of
Knuth's Algorithm M, TAOCP 7.2.2.1).

Solutions stream out of a generator; stop after ``n`` by breaking out of the loop.
This module imports only the standard library.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from itertools import islice

__all__ = ["count", "solve"]


class _Problem:
    """The mutable search state: active options per item, demands, and a trail to undo."""

    def __init__(self, rows: list[tuple[int, ...]], n_items: int, demand: list[int],
                 primary: list[int]) -> None:
        self.rows = rows                      # option -> item ids
        self.active: list[set[int]] = [set() for _ in range(n_items)]
        for r, items in enumerate(rows):
            for i in items:
                self.active[i].add(r)
        self.demand = demand                  # remaining cover count; secondary: 1
        self.primary = frozenset(primary)
        self.open = set(i for i in primary if demand[i] > 0)  # primary items still uncovered
        self.done = [False] * n_items         # item fully covered (its options are gone)

    # --- elementary moves, each undone by its inverse ------------------------------------

    def _drop(self, r: int) -> None:
        """Make option ``r`` unavailable to every item still open."""
        for i in self.rows[r]:
            if not self.done[i]:
                self.active[i].discard(r)

    def _undrop(self, r: int) -> None:
        for i in self.rows[r]:
            if not self.done[i]:
                self.active[i].add(r)

    def pick(self, r: int) -> list[tuple[int, list[int]]]:
        """Choose option ``r``; return what is needed to undo it."""
        undo: list[tuple[int, list[int]]] = []
        self._drop(r)
        for i in self.rows[r]:
            self.demand[i] -= 1
            if self.demand[i] == 0:
                # Item finished: nothing else may cover it.
                clashing = list(self.active[i])
                for s in clashing:
                    self._drop(s)
                self.done[i] = True
                self.open.discard(i)
                undo.append((i, clashing))
            else:
                undo.append((i, []))
        return undo

    def unpick(self, r: int, undo: list[tuple[int, list[int]]]) -> None:
        for i, clashing in reversed(undo):
            if self.done[i]:
                self.done[i] = False
                if i in self.primary:
                    self.open.add(i)
                for s in reversed(clashing):
                    self._undrop(s)
            self.demand[i] += 1
        self._undrop(r)

    def choose(self) -> int:
        """The open primary item with the fewest options per remaining cover (MRV)."""
        return min(self.open, key=lambda i: (len(self.active[i]) - self.demand[i], i))

    def search(self, chosen: list[int]) -> Iterator[tuple[int, ...]]:
        if not self.open:
            yield tuple(sorted(chosen))
            return
        item = self.choose()
        need = self.demand[item]
        if len(self.active[item]) < need:
            return
        set_aside: list[int] = []
        for r in sorted(self.active[item]):
            if len(self.active[item]) < need:
                break
            undo = self.pick(r)
            chosen.append(r)
            yield from self.search(chosen)
            chosen.pop()
            self.unpick(r, undo)
            if need > 1:
                # Later branches use options larger than r only: r was the smallest here.
                # (With one cover the branches are disjoint already.)
                self._drop(r)
                set_aside.append(r)
        for r in reversed(set_aside):
            self._undrop(r)


def _prepare(options: Sequence[Iterable[Hashable]], primary: Iterable[Hashable] | None,
             secondary: Iterable[Hashable],
             multiplicity: Mapping[Hashable, int] | None) -> _Problem | None:
    """Number the items and build the search state; ``None`` if no solution can exist."""
    secondary = list(dict.fromkeys(secondary))
    second_set = set(secondary)
    rows_raw = [tuple(dict.fromkeys(opt)) for opt in options]
    if primary is None:
        seen: dict[Hashable, None] = {}
        for opt in rows_raw:
            for item in opt:
                if item not in second_set:
                    seen.setdefault(item)
        primary = list(seen)
    else:
        primary = list(dict.fromkeys(primary))
        both = second_set.intersection(primary)
        if both:
            raise ValueError(f"items both primary and secondary: {sorted(map(repr, both))}")
    ids = {item: k for k, item in enumerate(primary + secondary)}
    rows = []
    for opt in rows_raw:
        try:
            rows.append(tuple(ids[item] for item in opt))
        except KeyError as exc:
            raise ValueError(f"option item {exc.args[0]!r} is neither primary nor secondary") from None
    mult = dict(multiplicity or {})
    for item, m in mult.items():
        if item not in ids or item in second_set:
            raise ValueError(f"multiplicity given for {item!r}, which is not a primary item")
        if m < 0:
            raise ValueError(f"multiplicity of {item!r} is negative")
    demand = [mult.get(item, 1) for item in primary] + [1] * len(secondary)
    problem = _Problem(rows, len(ids), demand, list(range(len(primary))))
    # An option covering an item of multiplicity 0 can never be chosen.
    for k in range(len(primary)):
        if demand[k] == 0:
            for r in list(problem.active[k]):
                problem._drop(r)
            problem.done[k] = True
    return problem


def solve(options: Sequence[Iterable[Hashable]], primary: Iterable[Hashable] | None = None,
          secondary: Iterable[Hashable] = (), *,
          multiplicity: Mapping[Hashable, int] | None = None) -> Iterator[tuple[int, ...]]:
    """Every exact cover, lazily, as a sorted tuple of option indices.

    ``primary`` defaults to every item of the options not listed in ``secondary``.
    ``multiplicity`` maps a primary item to how many times it is covered (default 1).
    Raises ``ValueError`` for an option item that is neither primary nor secondary
    (only possible when ``primary`` is given) and for a bad multiplicity.
    """
    problem = _prepare(options, primary, secondary, multiplicity)
    return problem.search([])


def count(options: Sequence[Iterable[Hashable]], primary: Iterable[Hashable] | None = None,
          secondary: Iterable[Hashable] = (), limit: int | None = None, *,
          multiplicity: Mapping[Hashable, int] | None = None) -> int:
    """How many exact covers there are, stopping at ``limit`` when it is given."""
    stream = solve(options, primary, secondary, multiplicity=multiplicity)
    return sum(1 for _ in islice(stream, limit))
