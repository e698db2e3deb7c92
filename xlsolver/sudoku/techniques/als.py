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

from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["als_xz"]

MAX_CELLS = 4
_HOUSE_LIMIT = 100_000  # houses' sets an explanation keeps before it forgets them all


def _house_sets(grid: Grid, ctx: Context, h: int) -> list:
    """The ALSs of house ``h`` as ``(cells, digits, where, sees)``, by size, then
    in the order of :func:`itertools.combinations` over its empty cells; with
    the cells of each digit and the cells that see all of them. They depend on
    the candidates of the house alone, so the context keeps them for its next
    visit."""
    hs = grid.houses
    cand = grid.cand
    key = (hs.shape, h, tuple(cand[c] for c in hs.cells[h]))
    kept = ctx.als
    found = kept.get(key)
    if found is not None:
        return found
    cells = [c for c in hs.cells[h] if cand[c]]
    top = min(MAX_CELLS, len(cells) - 1)
    by_size: list[list] = [[] for _ in range(top + 1)]
    count = len(cells)
    # depth first in index order: each size's groups come in combinations' order;
    # a group with more than top + 1 digits has no ALS among its supersets
    stack = [(0, 0, 0, 0)]  # (next index, size, cells, digits)
    while stack:
        start, size, mask, digits = stack.pop()
        grown = []
        for i in range(start, count):
            c = cells[i]
            more = digits | cand[c]
            width = more.bit_count()
            if width > top + 1:
                continue
            m = mask | 1 << c
            if width == size + 2:
                by_size[size + 1].append((m, more))
            if size + 1 < top:
                grown.append((i + 1, size + 1, m, more))
        stack.extend(reversed(grown))
    found = []
    places = grid.places
    for groups in by_size[1:]:
        for mask, digits in groups:
            where = {k: places[k] & mask for k in bits(digits)}
            sees = {k: hs.common_peers(m) for k, m in where.items()}
            found.append((mask, digits, where, sees))
    if len(kept) >= _HOUSE_LIMIT:
        kept.clear()
    kept[key] = found
    return found


def _sets(grid: Grid, ctx: Context) -> list:
    """Every ALS as ``(cells, digits, house, where, sees)``, each cell set once
    (with the first house that has it), houses in order."""
    found: dict[int, tuple] = {}
    for h in range(3 * grid.n):
        for mask, digits, where, sees in _house_sets(grid, ctx, h):
            if mask not in found:
                found[mask] = (mask, digits, h, where, sees)
    return list(found.values())


def als_xz(grid: Grid, ctx: Context) -> Iterator[Step]:
    hs = grid.houses
    info = _sets(grid, ctx)
    # for each digit, the sets (as an index bit set) holding it; for each cell, the sets on it
    with_digit = [0] * grid.n
    on_cell: dict[int, int] = {}
    for i, (cells, digits, _, _, _) in enumerate(info):
        bit = 1 << i
        for k in bits(digits):
            with_digit[k] |= bit
        for c in bits(cells):
            on_cell[c] = on_cell.get(c, 0) | bit
    for i, (ca, da, ha, wa, sa) in enumerate(info):
        # the later sets sharing no cell and at least two digits with this one
        ones = twos = 0
        for k in bits(da):
            s = with_digit[k]
            twos |= ones & s
            ones |= s
        for c in bits(ca):
            twos &= ~on_cell[c]
        twos &= -1 << (i + 1)
        for j in bits(twos):
            cb, db, hb, wb, sb = info[j]
            common = da & db
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
