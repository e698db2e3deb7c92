"""Finding a nonogram's grid among a sheet's number cells, in time that grows as
N log N with the N numbers of the sheet.

The rule is :func:`.nonogram_layout.find_layout`'s (see ``_find_grid`` there):
for each candidate top row r0, one below a row that holds a number,

- the numbers above r0 are the column hints: their leftmost column bounds the
  row hints, their rightmost column is the grid's right edge;
- the row hints are the numbers from r0 down, left of that bound: the grid
  starts one column right of the last of them and ends at the lowest;
- ``inside`` counts the numbers from r0 down and from the grid's left edge
  right; the candidate with the fewest wins (the first, on a tie), unless
  more than a quarter of its grid holds numbers that are no grid marks (a
  table of data, not a puzzle).

Asked of each candidate in turn, those questions each scan every number: a
sheet of 3,000 rows of five numbers took 13 s and grew with the square of
its rows. Here each is answered for all candidates in one sweep: the prefix
bounds by a running minimum and maximum; the row hints by two heaps whose
entries, once they fall out of the shrinking region (r0 only grows, the bound
only shrinks), never come back; ``inside`` and the stray numbers of each grid
by counts in a Fenwick tree over columns, sweeping rows.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Callable, Iterable

from xlsolver.core.geometry import Box, Cell

__all__ = ["find_grid_box"]


def find_grid_box(numbers: Iterable[Cell], is_stray: Callable[[Cell], bool], max_stray_share: float) -> Box | None:
    """The grid box ``(r0, c0, r1, c1)`` the rule above picks, or None.
    ``is_stray``: whether a number is no grid mark (asked only when some candidate
    has row hints: on a table of data none has, and the sweep ends there)."""
    numbers = sorted(set(numbers))
    if not numbers:
        return None
    candidates = _candidates(numbers)
    if not candidates:
        return None
    inside = _inside_counts(numbers, [(r0, c0) for r0, c0, _ in candidates])
    strays = _box_counts([cell for cell in numbers if is_stray(cell)], [box for _, _, box in candidates])
    best: tuple[int, Box] | None = None
    for (_, _, box), count, in_box in zip(candidates, inside, strays):
        r0, c0, r1, c1 = box
        if (best is None or count < best[0]) and not in_box > max_stray_share * (r1 - r0 + 1) * (c1 - c0 + 1):
            best = (count, box)
    return None if best is None else best[1]


def _candidates(numbers: list[Cell]) -> list[tuple[int, int, Box]]:
    """``(r0, c0, box)`` for every candidate top row that has row hints, by r0."""
    rows = sorted({r for r, _ in numbers})
    by_row: dict[int, list[int]] = {}
    for r, c in numbers:
        by_row.setdefault(r, []).append(c)
    by_col = [(-c, r) for r, c in numbers]  # max-heaps: the rightmost, the lowest row hint
    by_low = [(-r, c) for r, c in numbers]
    heapq.heapify(by_col)
    heapq.heapify(by_low)
    found = []
    first_col = right = None
    for row in rows:
        cols = by_row[row]
        first_col = min(cols) if first_col is None else min(first_col, min(cols))
        right = max(cols) if right is None else max(right, max(cols))
        r0 = row + 1
        # Row hints: from r0 down and left of first_col. Both bounds only tighten,
        # so an entry outside them now stays outside and is dropped for good.
        while by_col and (by_col[0][1] < r0 or -by_col[0][0] >= first_col):
            heapq.heappop(by_col)
        while by_low and (-by_low[0][0] < r0 or by_low[0][1] >= first_col):
            heapq.heappop(by_low)
        if not by_col:
            continue
        c0 = -by_col[0][0] + 1
        found.append((r0, c0, (r0, c0, -by_low[0][0], right)))
    return found


class _Fenwick:
    """Counts over positions 1..size: add one at a position, sum a prefix."""

    def __init__(self, size: int) -> None:
        self.tree = [0] * (size + 1)

    def add(self, i: int) -> None:
        while i < len(self.tree):
            self.tree[i] += 1
            i += i & -i

    def prefix(self, i: int) -> int:
        total = 0
        while i > 0:
            total += self.tree[i]
            i -= i & -i
        return total


def _inside_counts(numbers: list[Cell], corners: list[tuple[int, int]]) -> list[int]:
    """For each ``(r0, c0)``: the numbers with ``r >= r0`` and ``c >= c0``."""
    cols = sorted({c for _, c in numbers})
    tree = _Fenwick(len(cols))
    counts = [0] * len(corners)
    pending = sorted(numbers, reverse=True)  # lowest row first
    added = k = 0
    for index in sorted(range(len(corners)), key=lambda i: -corners[i][0]):
        r0, c0 = corners[index]
        while k < len(pending) and pending[k][0] >= r0:
            tree.add(bisect_right(cols, pending[k][1]))
            added, k = added + 1, k + 1
        counts[index] = added - tree.prefix(bisect_right(cols, c0 - 1))
    return counts


def _box_counts(cells: list[Cell], boxes: list[Box]) -> list[int]:
    """For each box ``(r0, c0, r1, c1)``: the cells inside it (corners included)."""
    if not cells:
        return [0] * len(boxes)
    cols = sorted({c for _, c in cells})
    # count(box) from four prefix counts F(R, C) = cells with r <= R and c <= C.
    queries = []
    for index, (r0, c0, r1, c1) in enumerate(boxes):
        queries += [(r1, c1, index, 1), (r0 - 1, c1, index, -1), (r1, c0 - 1, index, -1), (r0 - 1, c0 - 1, index, 1)]
    queries.sort()
    tree = _Fenwick(len(cols))
    counts = [0] * len(boxes)
    k = 0
    for row, col, index, sign in queries:
        while k < len(cells) and cells[k][0] <= row:
            tree.add(bisect_right(cols, cells[k][1]))
            k += 1
        counts[index] += sign * tree.prefix(bisect_right(cols, col))
    return counts
