"""Wings: short patterns of bivalue cells. Any box shape.

- XY-Wing: a pivot {x,y} seeing pincers {x,z} and {y,z}: whichever digit the
  pivot takes, one pincer is z, so z leaves the cells seeing both pincers;
- XYZ-Wing: a pivot {x,y,z} with the same pincers: one of the three is z, so
  z leaves the cells seeing all three;
- W-Wing: two cells {x,y} that do not see each other, joined by a conjugate
  pair on x (one end sees each cell): one of the two cells is y.
"""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, popcount
from xlsolver.sudoku.techniques.links import links
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["w_wing", "xy_wing", "xyz_wing"]


def _cands(grid, cells):
    return [(c, d + 1) for c in cells for d in bits(grid.cand[c])]


def _wing(grid: Grid, pivot_size: int) -> Iterator[Step]:
    hs = grid.houses
    bivalue = [c for c in bits(grid.empty) if popcount(grid.cand[c]) == 2]
    bimask = sum(1 << c for c in bivalue)
    for pivot in bits(grid.empty):
        pm = grid.cand[pivot]
        if popcount(pm) != pivot_size:
            continue
        near = [c for c in bits(bimask & hs.peers[pivot]) if popcount(grid.cand[c] & pm) >= 1]
        for i, a in enumerate(near):
            for b in near[i + 1:]:
                am, bm = grid.cand[a], grid.cand[b]
                z = am & bm
                if popcount(z) != 1 or am == bm:
                    continue
                if pivot_size == 2:
                    if z & pm or (am | bm) & ~z != pm:
                        continue
                    seen = hs.peers[a] & hs.peers[b]
                else:
                    if (am | bm) != pm:
                        continue
                    seen = hs.peers[a] & hs.peers[b] & hs.peers[pivot]
                k = z.bit_length() - 1
                gone = grid.places[k] & seen & ~(1 << pivot)
                if not gone:
                    continue
                name = "XY-Wing" if pivot_size == 2 else "XYZ-Wing"
                elims = [(c, k + 1) for c in bits(gone)]
                zd = digit_name(k + 1)
                held = "one pincer" if pivot_size == 2 else "the pivot or a pincer"
                text = (f"{name}: pivot {grid.name(pivot)} with pincers {grid.name(a)} and {grid.name(b)}; "
                        f"whatever {grid.name(pivot)} takes, {held} is {zd}: remove {eliminations_text(grid, elims)}.")
                yield make_step(grid, name, text, eliminations=elims, cells=[pivot, a, b],
                                candidates=_cands(grid, [pivot, a, b]))


def xy_wing(grid: Grid, ctx: Context) -> Iterator[Step]:
    yield from _wing(grid, 2)


def xyz_wing(grid: Grid, ctx: Context) -> Iterator[Step]:
    yield from _wing(grid, 3)


def w_wing(grid: Grid, ctx: Context) -> Iterator[Step]:
    hs = grid.houses
    lk = links(grid, ctx)
    bivalue = [c for c in bits(grid.empty) if popcount(grid.cand[c]) == 2]
    for i, a in enumerate(bivalue):
        for b in bivalue[i + 1:]:
            if grid.cand[a] != grid.cand[b] or hs.peers[a] >> b & 1:
                continue
            for x in bits(grid.cand[a]):
                y = (grid.cand[a] & ~(1 << x)).bit_length() - 1
                gone = grid.places[y] & hs.peers[a] & hs.peers[b]
                if not gone:
                    continue
                for k, h, p, q in lk.conjugates:
                    if k != x or {p, q} & {a, b}:
                        continue
                    for u, v in ((p, q), (q, p)):
                        if hs.peers[a] >> u & 1 and hs.peers[b] >> v & 1:
                            elims = [(c, y + 1) for c in bits(gone)]
                            xd, yd = digit_name(x + 1), digit_name(y + 1)
                            text = (f"W-Wing: {grid.name(a)} and {grid.name(b)} both hold {xd}/{yd}, and {xd} in "
                                    f"{hs.name(h)} is in {grid.name(u)} or {grid.name(v)}, which see them; they cannot "
                                    f"both be {xd}, so one is {yd}: remove {eliminations_text(grid, elims)}.")
                            yield make_step(grid, "W-Wing", text, eliminations=elims, cells=[a, b, u, v],
                                            candidates=_cands(grid, [a, b]) + [(u, x + 1), (v, x + 1)])
                            break
