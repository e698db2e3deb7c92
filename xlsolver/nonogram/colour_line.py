"""An exact line solver for colour nonograms.

A cell is a bit mask of the colours it may still take: bit 0 the background,
bit ``k`` palette colour ``k``. The solver returns, for every cell, the OR of
its colour over *all* placements of the clue that respect the cells (the
colour form of Tatham's ``BLOCK | DOT`` trick), or ``None`` when there is no
placement at all.

It is a dynamic programme over (position, blocks placed), in the style of
Batenburg and Kosters' exact line solver (2009) extended to colours as in
pbnsolve: ``reach[i][j]`` says cells ``0..i-1`` can hold exactly blocks
``0..j-1``, ``done[i][j]`` that cells ``i..`` can hold blocks ``j..``. A move
from state ``(i, j)`` either leaves cell ``i`` background, or lays block ``j``
at ``i`` followed, when block ``j + 1`` has the same colour, by its one
mandatory background cell. A cell gets a colour exactly when some move on a
path from ``(0, 0)`` to ``(n, m)`` paints it so. O(n * m) moves, each O(1)
with prefix counts of the cells that forbid a colour.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["solve_colour_line"]

BACKGROUND_BIT = 1

IndexedClue = tuple[tuple[int, int], ...]  # (length, colour index >= 1)


@lru_cache(maxsize=1 << 16)
def solve_colour_line(clue: IndexedClue, cells: tuple[int, ...]) -> tuple[int, ...] | None:
    """The cells narrowed to what some placement of ``clue`` allows, or ``None``."""
    n, m = len(cells), len(clue)
    gaps = [1 if j + 1 < m and clue[j + 1][1] == clue[j][1] else 0 for j in range(m)]
    blocked = _blocked_prefixes(clue, cells)

    def fits(j: int, i: int) -> int:
        """End of the move laying block ``j`` at ``i`` (gap included), or -1."""
        length, colour = clue[j]
        end = i + length
        if end + gaps[j] > n or blocked[colour][end] - blocked[colour][i]:
            return -1
        if gaps[j] and not cells[end] & BACKGROUND_BIT:
            return -1
        return end + gaps[j]

    done = [[False] * (m + 1) for _ in range(n + 1)]
    done[n][m] = True
    for i in range(n - 1, -1, -1):
        for j in range(m, -1, -1):
            ok = bool(cells[i] & BACKGROUND_BIT) and done[i + 1][j]
            if not ok and j < m:
                after = fits(j, i)
                ok = after >= 0 and done[after][j + 1]
            done[i][j] = ok
    if not done[0][0]:
        return None

    reach = [[False] * (m + 1) for _ in range(n + 1)]
    reach[0][0] = True
    result = [0] * n
    paint = {colour: [0] * (n + 1) for colour in blocked}  # difference arrays of painted ranges
    for i in range(n + 1):
        for j in range(m + 1):
            if not reach[i][j]:
                continue
            if i < n and cells[i] & BACKGROUND_BIT and done[i + 1][j]:
                reach[i + 1][j] = True
                result[i] |= BACKGROUND_BIT
            if j < m:
                after = fits(j, i)
                if after >= 0 and done[after][j + 1]:
                    reach[after][j + 1] = True
                    length, colour = clue[j]
                    paint[colour][i] += 1
                    paint[colour][i + length] -= 1
                    if gaps[j]:
                        result[i + length] |= BACKGROUND_BIT
    for colour, diff in paint.items():
        running, bit = 0, 1 << colour
        for i in range(n):
            running += diff[i]
            if running:
                result[i] |= bit
    return tuple(result)


def _blocked_prefixes(clue: IndexedClue, cells: tuple[int, ...]) -> dict[int, list[int]]:
    """For each colour of the clue, prefix counts of the cells that cannot take it."""
    prefixes = {}
    for colour in {c for _, c in clue}:
        bit, counts, total = 1 << colour, [0], 0
        for cell in cells:
            total += 0 if cell & bit else 1
            counts.append(total)
        prefixes[colour] = counts
    return prefixes
