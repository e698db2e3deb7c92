"""Uniqueness: deductions that hold because the puzzle has one solution.

A unique rectangle is four empty cells in two rows, two columns and two
boxes that all hold candidates a and b. Were all four a/b, swapping a and b
would give a second solution, so the puzzle's one solution avoids it:

- type 1: three corners are exactly {a,b}: the fourth is not a or b;
- type 2: two corners {a,b}, the other two {a,b,c} with one extra c: one of
  those is c, so c leaves the cells seeing both;
- type 3: the extra candidates of the two roof corners act as one cell, which
  with other cells of a house forms a naked subset;
- type 4: two corners {a,b}, and in a house of the other two, a is only there:
  they hold a, so neither is b.

BUG+1 (bivalue universal grave): every empty cell bivalue but one with three
candidates, each digit twice in each house; a grid of only bivalue cells like
that has two solutions or none, so the three-candidate cell takes the digit
that occurs three times in its houses.

They assume one solution; explain runs them only on puzzles proven unique.
Any box shape (the rectangle needs its two boxes).
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, digits_of, popcount
from xlsolver.sudoku.techniques.step import Step, digits_text, eliminations_text, make_step

__all__ = ["bug_plus_one", "unique_rectangle"]


def _rectangles(grid: Grid, ctx: Context) -> list[tuple[tuple[int, int, int, int], int]]:
    """Every (corners, a|b mask) of a possible unique rectangle, corners in
    the order (r1c1, r1c2, r2c1, r2c2); computed once per grid state (the four
    types ask in a row)."""
    return ctx.last("rectangles", (grid.houses.shape, tuple(grid.cand)), lambda: _find_rectangles(grid))


def _find_rectangles(grid: Grid) -> list[tuple[tuple[int, int, int, int], int]]:
    n = grid.n
    hs = grid.houses
    cand = grid.cand
    found = []
    for r1 in range(n):
        for r2 in range(r1 + 1, n):
            same_band = hs.of_cell[r1 * n][2] == hs.of_cell[r2 * n][2]
            cols = [c for c in range(n) if popcount(cand[r1 * n + c] & cand[r2 * n + c]) >= 2]
            for i, c1 in enumerate(cols):
                for c2 in cols[i + 1:]:
                    same_stack = hs.of_cell[c1][2] == hs.of_cell[c2][2]
                    if same_band == same_stack:  # four boxes, or one
                        continue
                    corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                    common = cand[corners[0]] & cand[corners[1]] & cand[corners[2]] & cand[corners[3]]
                    for a, b in combinations(list(bits(common)), 2):
                        found.append((corners, (1 << a) | (1 << b)))
    return found


def unique_rectangle(kind: int):
    check = {1: _type1, 2: _type2, 3: _type3, 4: _type4}[kind]

    def find(grid: Grid, ctx: Context) -> Iterator[Step]:
        for corners, ab in _rectangles(grid, ctx):
            floor = [c for c in corners if grid.cand[c] == ab]
            roof = [c for c in corners if grid.cand[c] != ab]
            step = check(grid, corners, ab, floor, roof)
            if step:
                yield step
    find.__name__ = f"unique_rectangle_{kind}"
    return find


def _ab(ab: int) -> str:
    return "/".join(digit_name(d) for d in digits_of(ab))


def _ur_step(grid, kind, corners, ab, elims, why):
    text = (f"Unique Rectangle type {kind} on {_ab(ab)} in {grid.names(corners)}: were all four {_ab(ab)}, "
            f"the puzzle would have two solutions; {why}: remove {eliminations_text(grid, elims)}.")
    return make_step(grid, f"Unique Rectangle Type {kind}", text, eliminations=elims, cells=corners,
                     candidates=[(c, d) for c in corners for d in digits_of(grid.cand[c])])


def _type1(grid, corners, ab, floor, roof):
    if len(roof) != 1:
        return None
    c = roof[0]
    elims = [(c, d) for d in digits_of(ab)]
    return _ur_step(grid, 1, corners, ab, elims, f"so {grid.name(c)} is neither")


def _roof_house(grid, roof):
    """The houses both roof cells share."""
    a, b = roof
    return [h for h in grid.houses.of_cell[a] if h in grid.houses.of_cell[b]]


def _type2(grid, corners, ab, floor, roof):
    if len(roof) != 2 or len(floor) != 2:
        return None
    extra0, extra1 = grid.cand[roof[0]] & ~ab, grid.cand[roof[1]] & ~ab
    if extra0 != extra1 or popcount(extra0) != 1 or not _roof_house(grid, roof):
        return None
    k = extra0.bit_length() - 1
    hs = grid.houses
    gone = grid.places[k] & hs.peers[roof[0]] & hs.peers[roof[1]]
    if not gone:
        return None
    elims = [(c, k + 1) for c in bits(gone)]
    return _ur_step(grid, 2, corners, ab, elims,
                    f"so {grid.name(roof[0])} or {grid.name(roof[1])} is {digit_name(k + 1)}")


def _type3(grid, corners, ab, floor, roof):
    if len(roof) != 2 or len(floor) != 2:
        return None
    hs = grid.houses
    extra = (grid.cand[roof[0]] | grid.cand[roof[1]]) & ~ab
    for h in _roof_house(grid, roof):
        others = [c for c in hs.cells[h] if grid.cand[c] and c not in roof]
        for size in range(1, min(4, len(others))):
            for group in combinations(others, size):
                union = extra
                for c in group:
                    union |= grid.cand[c]
                if popcount(union) != size + 1:
                    continue
                elims = [(c, d) for c in others if c not in group for d in digits_of(grid.cand[c] & union)]
                if elims:
                    ds = digits_text(digits_of(union))
                    return _ur_step(grid, 3, corners, ab, elims,
                                    f"so {grid.name(roof[0])} or {grid.name(roof[1])} holds an extra digit, and with "
                                    f"{grid.names(group)} they lock {ds} in {hs.name(h)}")
    return None


def _type4(grid, corners, ab, floor, roof):
    if len(roof) != 2 or len(floor) != 2:
        return None
    hs = grid.houses
    pair = sum(1 << c for c in roof)
    for h in _roof_house(grid, roof):
        for locked in bits(ab):
            if grid.places[locked] & hs.mask[h] == pair:
                other = (ab & ~(1 << locked)).bit_length()
                elims = [(c, other) for c in roof]
                return _ur_step(grid, 4, corners, ab, elims,
                                f"{digit_name(locked + 1)} goes in {grid.name(roof[0])} or {grid.name(roof[1])} "
                                f"(its only places in {hs.name(h)}), so neither is {digit_name(other)}")
    return None


def bug_plus_one(grid: Grid, ctx: Context) -> Iterator[Step]:
    hs = grid.houses
    triple = [c for c in bits(grid.empty) if popcount(grid.cand[c]) != 2]
    if len(triple) != 1 or popcount(grid.cand[triple[0]]) != 3:
        return
    cell = triple[0]
    extra = None
    for h in range(3 * grid.n):
        for k in range(grid.n):
            count = popcount(grid.places[k] & hs.mask[h])
            if count in (0, 2):
                continue
            if count == 3 and hs.mask[h] >> cell & 1 and grid.cand[cell] >> k & 1 and extra in (None, k):
                extra = k
                continue
            return
    if extra is None:
        return
    d = digit_name(extra + 1)
    text = (f"BUG+1: every empty cell but {grid.name(cell)} has two candidates, and each digit two places in "
            f"each house but {d} around {grid.name(cell)}; without {d} there the grid would have no single "
            f"solution, so {grid.name(cell)} is {d}.")
    yield make_step(grid, "BUG+1", text, placements=[(cell, extra + 1)], cells=[cell],
                    candidates=[(cell, extra + 1)])
