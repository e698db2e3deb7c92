"""ALS-XZ: two almost locked sets joined by a restricted common candidate.

An almost locked set (ALS) is k empty cells of one house holding k+1
candidates between them: take any one digit out and the rest lock. Two ALSs
A and B with a common digit x whose every place in A sees every place in B
(x is *restricted common*: at most one of them holds x) cannot both lose x,
so one of them locks its other digits. For another common digit z, one of
the z places in A or B holds z: z leaves every cell that sees all of them.
Any box shape. ALSs of up to ``MAX_CELLS`` cells.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, popcount
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["MAX_CELLS", "als_xz", "almost_locked_sets"]

MAX_CELLS = 4


def almost_locked_sets(grid: Grid) -> list[tuple[int, int, int]]:
    """Every ALS as (cells bit set, digits bit set, house), each cell set once."""
    hs = grid.houses
    found: dict[int, tuple[int, int, int]] = {}
    for h in range(3 * grid.n):
        cells = [c for c in hs.cells[h] if grid.cand[c]]
        for size in range(1, min(MAX_CELLS, len(cells) - 1) + 1):
            for group in combinations(cells, size):
                digits = 0
                for c in group:
                    digits |= grid.cand[c]
                if popcount(digits) == size + 1:
                    mask = sum(1 << c for c in group)
                    found.setdefault(mask, (mask, digits, h))
    return list(found.values())


def als_xz(grid: Grid) -> Iterator[Step]:
    hs = grid.houses
    sets = almost_locked_sets(grid)
    # for each ALS and digit: the cells holding it, and the cells seeing all of them
    info = []
    for cells, digits, h in sets:
        where = {k: grid.places[k] & cells for k in bits(digits)}
        sees = {k: hs.common_peers(m) for k, m in where.items()}
        info.append((cells, digits, h, where, sees))
    for i, (ca, da, ha, wa, sa) in enumerate(info):
        for cb, db, hb, wb, sb in info[i + 1:]:
            if ca & cb:
                continue
            common = da & db
            if popcount(common) < 2:
                continue
            for x in bits(common):
                if wb[x] & ~sa[x]:  # some x of B does not see every x of A
                    continue
                elims = []
                for z in bits(common & ~(1 << x)):
                    gone = grid.places[z] & sa[z] & sb[z] & ~(ca | cb)
                    elims += [(c, z + 1) for c in bits(gone)]
                if not elims:
                    continue
                xd = digit_name(x + 1)
                text = (f"ALS-XZ: {grid.names(bits(ca))} ({hs.name(ha)}) and {grid.names(bits(cb))} ({hs.name(hb)}) "
                        f"each hold one digit more than cells; they cannot both take {xd} (every {xd} of one sees "
                        f"every {xd} of the other), so one of them locks the rest: remove "
                        f"{eliminations_text(grid, elims)}.")
                cells = list(bits(ca | cb))
                yield make_step(grid, "ALS-XZ", text, eliminations=elims, cells=cells,
                                candidates=[(c, d + 1) for c in cells for d in bits(grid.cand[c])])
