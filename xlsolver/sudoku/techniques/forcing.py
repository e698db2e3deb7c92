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
forces. The forcing *net* rung follows locked candidates (pointing and
claiming) as well as singles, for the few puzzles singles alone leave stuck.
Any box shape.
"""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, popcount
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["forcing_chain", "forcing_net", "propagate"]


def propagate(grid: Grid, cell: int, d: int, deep: bool = False) -> list[int] | None:
    """The cell bit sets (a filled cell as its digit's bit) after placing ``d``
    in ``cell`` and every single it forces (and, ``deep``, every locked
    candidate too); None on a contradiction."""
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
        if not queue and deep:
            found = _locked(state, hs, queue)
            if found is None:
                return None
        if not queue:
            return state


_CROSSINGS: dict = {}


def _crossings(hs):
    """For each box and line that cross: (shared cells, rest of the box, rest of the line)."""
    key = id(hs)
    if key not in _CROSSINGS:
        found = []
        for box, line, inter in hs.crossings:
            found.append((tuple(bits(inter)), tuple(bits(hs.mask[box] & ~inter)),
                          tuple(bits(hs.mask[line] & ~inter))))
        _CROSSINGS[key] = found
    return _CROSSINGS[key]


def _locked(state: list[int], hs, queue: list) -> bool | None:
    """Pointing and claiming on a state: a digit of a box (line) found only where
    it crosses a line (box) leaves the rest of that line (box). New singles go on
    ``queue``; None on a contradiction."""
    for inter, box_rest, line_rest in _crossings(hs):
        here = 0
        for c in inter:
            here |= state[c]
        in_box = in_line = 0
        for c in box_rest:
            in_box |= state[c]
        for c in line_rest:
            in_line |= state[c]
        for gone, rest in ((here & ~in_box & in_line, line_rest), (here & ~in_line & in_box, box_rest)):
            if not gone:
                continue
            for c in rest:
                m = state[c]
                if m & gone and m & (m - 1):
                    m &= ~gone
                    if not m:
                        return None
                    state[c] = m
                    if m & (m - 1) == 0:
                        queue.append((c, m))
    return True


def forcing_chain(grid: Grid) -> Iterator[Step]:
    """Suppositions followed through singles."""
    yield from _forcing(grid, deep=False)


def forcing_net(grid: Grid) -> Iterator[Step]:
    """Suppositions followed through singles and locked candidates."""
    yield from _forcing(grid, deep=True)


def _forcing(grid: Grid, deep: bool) -> Iterator[Step]:
    """Bivalue and trivalue cells first (their suppositions force the most),
    then every candidate for a contradiction, then houses for verity."""
    cache: dict[tuple[int, int], list[int] | None] = {}
    name = "Forcing Net" if deep else "Forcing Chain"

    def follow(cell, d):
        key = (cell, d)
        if key not in cache:
            cache[key] = propagate(grid, cell, d, deep)
        return cache[key]

    empty = sorted(bits(grid.empty), key=lambda c: (popcount(grid.cand[c]), c))
    for cell in empty:
        if popcount(grid.cand[cell]) > 3:
            break
        outcomes = {d + 1: follow(cell, d + 1) for d in bits(grid.cand[cell])}
        for d, out in outcomes.items():
            if out is None:
                yield _contradiction(grid, cell, d, name)
                return
        step = _verity(grid, [(cell, d) for d in outcomes], [outcomes[d] for d in outcomes],
                       f"whichever candidate {grid.name(cell)} takes", name)
        if step:
            yield step
            return
    for cell in empty:
        for d in bits(grid.cand[cell]):
            if follow(cell, d + 1) is None:
                yield _contradiction(grid, cell, d + 1, name)
                return
    hs = grid.houses
    for h in range(3 * grid.n):
        for k in range(grid.n):
            spots = grid.places[k] & hs.mask[h]
            if popcount(spots) < 2 or popcount(spots) > 3:
                continue
            outs = [follow(c, k + 1) for c in bits(spots)]
            step = _verity(grid, [(c, k + 1) for c in bits(spots)], outs,
                           f"wherever {digit_name(k + 1)} goes in {hs.name(h)}", name)
            if step:
                yield step
                return


def _follow(name: str) -> str:
    return "the singles and locked candidates that follow" if name == "Forcing Net" else "the singles that follow"


def _contradiction(grid: Grid, cell: int, d: int, name: str) -> Step:
    text = (f"{name}: if {grid.name(cell)} were {digit_name(d)}, {_follow(name)} would leave a "
            f"cell or a house with no digit to take; so {grid.name(cell)} is not {digit_name(d)}.")
    return make_step(grid, f"{name} Contradiction", text, eliminations=[(cell, d)], cells=[cell],
                     candidates=[(cell, d)])


def _verity(grid: Grid, suppositions, outcomes, how: str, name: str) -> Step | None:
    """One thing every outcome agrees on that the grid does not know yet: a
    digit placed, else the candidates one cell loses (a person follows one
    conclusion at a time; the next step finds the others)."""
    live = [o for o in outcomes if o is not None]
    if not live:
        return None
    placements, elims = [], []
    for c in bits(grid.empty):
        union = 0
        for o in live:
            union |= o[c]
        if union & (union - 1) == 0:
            placements = [(c, union.bit_length())]
            break
        if not elims and grid.cand[c] & ~union:
            elims = [(c, k + 1) for k in bits(grid.cand[c] & ~union)]
    if placements:
        elims = []
    elif not elims:
        return None
    if placements:
        (c, d), = placements
        what = f"{grid.name(c)} is {digit_name(d)}"
    else:
        what = f"remove {eliminations_text(grid, elims)}"
    text = f"{name}: {how}, {_follow(name)} agree: {what}."
    return make_step(grid, f"{name} Verity", text, placements=placements, eliminations=elims,
                     cells=[s[0] for s in suppositions], candidates=suppositions)
