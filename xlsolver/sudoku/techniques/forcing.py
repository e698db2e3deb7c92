"""Forcing chains, the last logical resort before a guess.

Suppose a candidate true and follow the singles it forces (naked and hidden,
as far as they go):

- contradiction: the supposition empties a cell or leaves a digit no place in
  a house, so the candidate is false;
- verity (cell): every candidate of a cell, supposed in turn, forces the same
  digit somewhere (or takes the same candidate away), so that holds;
- verity (house): likewise for every place of a digit in a house.

Following singles rather than one line of implications makes these what
HoDoKu calls forcing nets; the sentence names the supposition and what it
forces. Any box shape.
"""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, popcount
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["forcing_chain", "propagate"]


def propagate(grid: Grid, cell: int, d: int) -> list[int] | None:
    """The cell bit sets (a filled cell as its digit's bit) after placing ``d``
    in ``cell`` and every single it forces; None on a contradiction."""
    hs = grid.houses
    n = grid.n
    full = (1 << n) - 1
    state = [m if m else 1 << (v - 1) for m, v in zip(grid.cand, grid.value)]
    fixed = [not m for m in grid.cand]  # cells whose digit is already out of their peers
    queue = [(cell, 1 << (d - 1))]
    while True:
        while queue:
            c, bit = queue.pop()
            if state[c] != bit:
                if not state[c] & bit:
                    return None
                state[c] = bit
            if fixed[c]:
                continue
            fixed[c] = True
            for p in bits(hs.peers[c]):
                m = state[p]
                if m & bit:
                    m ^= bit
                    if not m:
                        return None
                    state[p] = m
                    if m & (m - 1) == 0:
                        queue.append((p, m))
        for h in range(3 * n):
            ones = twos = 0
            for c in hs.cells[h]:
                m = state[c]
                twos |= ones & m
                ones |= m
            if ones != full:
                return None
            single = ones & ~twos
            if single:
                for c in hs.cells[h]:
                    m = state[c] & single
                    if m and not fixed[c]:
                        if m & (m - 1):
                            return None  # one cell is the only place of two digits
                        queue.append((c, m))
        if not queue:
            return state


def forcing_chain(grid: Grid) -> Iterator[Step]:
    """Bivalue and trivalue cells first (their suppositions force the most),
    then every candidate for a contradiction, then houses for verity."""
    cache: dict[tuple[int, int], list[int] | None] = {}

    def follow(cell, d):
        key = (cell, d)
        if key not in cache:
            cache[key] = propagate(grid, cell, d)
        return cache[key]

    empty = sorted(bits(grid.empty), key=lambda c: (popcount(grid.cand[c]), c))
    for cell in empty:
        if popcount(grid.cand[cell]) > 3:
            break
        outcomes = {d + 1: follow(cell, d + 1) for d in bits(grid.cand[cell])}
        for d, out in outcomes.items():
            if out is None:
                yield _contradiction(grid, cell, d)
                return
        step = _verity(grid, [(cell, d) for d in outcomes], [outcomes[d] for d in outcomes],
                       f"whichever candidate {grid.name(cell)} takes")
        if step:
            yield step
            return
    for cell in empty:
        for d in bits(grid.cand[cell]):
            if follow(cell, d + 1) is None:
                yield _contradiction(grid, cell, d + 1)
                return
    hs = grid.houses
    for h in range(3 * grid.n):
        for k in range(grid.n):
            spots = grid.places[k] & hs.mask[h]
            if popcount(spots) < 2 or popcount(spots) > 3:
                continue
            outs = [follow(c, k + 1) for c in bits(spots)]
            step = _verity(grid, [(c, k + 1) for c in bits(spots)], outs,
                           f"wherever {digit_name(k + 1)} goes in {hs.name(h)}")
            if step:
                yield step
                return


def _contradiction(grid: Grid, cell: int, d: int) -> Step:
    text = (f"Forcing chain: if {grid.name(cell)} were {digit_name(d)}, the singles that follow would leave a "
            f"cell or a house with no digit to take; so {grid.name(cell)} is not {digit_name(d)}.")
    return make_step(grid, "Forcing Chain Contradiction", text, eliminations=[(cell, d)], cells=[cell],
                     candidates=[(cell, d)])


def _verity(grid: Grid, suppositions, outcomes, how: str) -> Step | None:
    """What every outcome agrees on that the grid does not know yet."""
    live = [o for o in outcomes if o is not None]
    if not live:
        return None
    placements, elims = [], []
    for c in bits(grid.empty):
        union = 0
        for o in live:
            union |= o[c]
        if union & (union - 1) == 0:
            placements.append((c, union.bit_length()))
        else:
            gone = grid.cand[c] & ~union
            elims += [(c, k + 1) for k in bits(gone)]
    if not placements and not elims:
        return None
    what = []
    if placements:
        what.append("place " + ", ".join(f"{digit_name(d)} in {grid.name(c)}" for c, d in placements[:6])
                    + (f" and {len(placements) - 6} more" if len(placements) > 6 else ""))
    if elims:
        what.append("remove " + eliminations_text(grid, elims))
    text = f"Forcing chain: {how}, the singles that follow agree: {'; '.join(what)}."
    return make_step(grid, "Forcing Chain Verity", text, placements=placements, eliminations=elims,
                     cells=[s[0] for s in suppositions], candidates=suppositions)
