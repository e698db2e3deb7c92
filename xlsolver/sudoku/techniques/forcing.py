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

from functools import cache
from typing import Iterator

from xlsolver.sudoku.model import Shape
from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, houses, popcount
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["forcing_chain", "forcing_net"]


def _propagate_plain(grid: Grid, cell: int, d: int, deep: bool = False) -> list[int] | None:
    """The cell bit sets (a filled cell as its digit's bit) after placing ``d``
    in ``cell`` and every single it forces (and, ``deep``, every locked
    candidate too), by passes over every house; None on a contradiction. For
    any grid, settled or not (one with singles still to take goes this way)."""
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


@cache
def _crossings(shape: Shape) -> tuple[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]:
    """For each box and line that cross: (shared cells, rest of the box, rest of
    the line). Geometry of the box shape alone: an immutable value, computed
    once per shape and keyed by the shape's value."""
    hs = houses(shape)
    return tuple((tuple(bits(inter)), tuple(bits(hs.mask[box] & ~inter)), tuple(bits(hs.mask[line] & ~inter)))
                 for box, line, inter in hs.crossings)


def _locked(state: list[int], hs, queue: list) -> bool | None:
    """Pointing and claiming on a state: a digit of a box (line) found only where
    it crosses a line (box) leaves the rest of that line (box). New singles go on
    ``queue``; None on a contradiction."""
    for inter, box_rest, line_rest in _crossings(hs.shape):
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


def _locked_both(state: list[int], digits: list[int], hs, queue: list, removed: list) -> bool:
    """:func:`_locked` on a state kept both ways (cells and digits): the same
    sweep in the same order, each candidate it takes also taken from
    ``digits`` and listed in ``removed`` as ``(digit index, cell)``."""
    for inter, box_rest, line_rest in _crossings(hs.shape):
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
                    out = m & gone
                    m ^= out
                    if not m:
                        return False
                    state[c] = m
                    cb = ~(1 << c)
                    while out:
                        low = out & -out
                        out ^= low
                        k = low.bit_length() - 1
                        digits[k] &= cb
                        removed.append((k, c))
                    if m & (m - 1) == 0:
                        queue.append((c, m))
    return True


# --- suppositions kept across steps ---------------------------------------
#
# Following singles from a supposition reaches the same state whatever order
# the singles are taken in (each rule only takes candidates away, and takes
# more from a smaller state), and a contradiction is met in one order exactly
# when it is met in every order. So the singles need no passes over every
# house: each candidate taken is checked where it can matter (its cell, and
# its digit in the cell's three houses). And when the grid loses candidates
# between two steps, a supposition's outcome on the new grid is the outcome on
# the old one with those candidates taken too, followed again: the outcome is
# updated, not recomputed. This holds for a grid that is *settled* (no single
# left to take, nothing contradicted), as the ladder leaves it before a
# forcing chain; any other grid goes through :func:`_propagate_plain`.


def _close(state: list[int], digits: list[int], queue: list, hs) -> bool:
    """Take every single that ``queue`` (``(cell, bit)``: the cell must be that
    digit) leads to, on ``state`` (each cell's bit set) and ``digits`` (each
    digit's cells) at once; False on a contradiction."""
    peers, masks, of_cell = hs.peers, hs.mask, hs.of_cell
    while queue:
        c, bit = queue.pop()
        m = state[c]
        if m != bit:
            if not m & bit:
                return False
            state[c] = bit
            cb = 1 << c
            rest = m ^ bit
            while rest:
                jb = rest & -rest
                rest ^= jb
                j = jb.bit_length() - 1
                pj = digits[j] = digits[j] & ~cb
                for h in of_cell[c]:
                    x = pj & masks[h]
                    if not x:
                        return False
                    if not x & (x - 1):
                        q = x.bit_length() - 1
                        if state[q] != jb:
                            queue.append((q, jb))
        k = bit.bit_length() - 1
        pk = digits[k]
        ps = pk & peers[c]
        if not ps:
            continue
        pk = digits[k] = pk ^ ps
        while ps:
            low = ps & -ps
            ps ^= low
            p = low.bit_length() - 1
            m = state[p] ^ bit
            if not m:
                return False
            state[p] = m
            if not m & (m - 1):
                queue.append((p, m))
            for h in of_cell[p]:
                x = pk & masks[h]
                if not x:
                    return False
                if not x & (x - 1):
                    q = x.bit_length() - 1
                    if state[q] != bit:
                        queue.append((q, bit))
    return True


def _recheck(state: list[int], digits: list[int], removed: list, queue: list, hs) -> bool:
    """After candidates ``removed`` (``(digit index, cell)``) were taken: the
    houses of each lose that digit's place; a digit left with none is a
    contradiction, one left with a single place is a single (on ``queue``)."""
    masks, of_cell = hs.mask, hs.of_cell
    for k, c in removed:
        pk = digits[k]
        kb = 1 << k
        for h in of_cell[c]:
            x = pk & masks[h]
            if not x:
                return False
            if not x & (x - 1):
                q = x.bit_length() - 1
                if state[q] != kb:
                    queue.append((q, kb))
    return True


def _grid_state(grid: Grid) -> tuple[list[int], tuple[int, ...]]:
    """The grid as a state: each cell's bit set (a filled cell as its digit's
    bit) and each digit's cells (candidate or placed)."""
    state = [m if m else 1 << (v - 1) for m, v in zip(grid.cand, grid.value)]
    digits = list(grid.places)
    filled = ((1 << (grid.n * grid.n)) - 1) & ~grid.empty
    while filled:
        low = filled & -filled
        filled ^= low
        c = low.bit_length() - 1
        digits[grid.value[c] - 1] |= low
    return state, tuple(digits)


def _settled(grid: Grid, digits: tuple[int, ...]) -> bool:
    """No empty cell with fewer than two candidates, every digit in every
    house, and none of them with one empty place left."""
    cand = grid.cand
    for c in bits(grid.empty):
        m = cand[c]
        if not m & (m - 1):
            return False
    empty = grid.empty
    for hm in grid.houses.mask:
        for pk in digits:
            x = pk & hm
            if not x or (not x & (x - 1) and x & empty):
                return False
    return True


class _Memo:
    """The outcomes of suppositions on a settled grid state: ``plain`` (singles
    only) as ``[digits of the grid it was followed on, state, digits]``, kept
    and updated while the grid only loses candidates; ``deep`` (with locked
    candidates) for this state only. A contradiction is kept as None (a grid
    with fewer candidates meets it too)."""

    def __init__(self, grid: Grid, state: list[int], digits: tuple[int, ...], plain: dict | None = None) -> None:
        self.hs = grid.houses
        self.n = grid.n
        self.state = state
        self.digits = digits
        self.plain: dict = {} if plain is None else plain
        self.deep: dict = {}

    def follow(self, cell: int, d: int, deep: bool):
        """``(state, digits)`` after supposing ``d`` in ``cell`` (not to be
        changed by the caller), or None on a contradiction."""
        if deep:
            return self._follow_deep(cell, d)
        key = cell * self.n + d - 1
        entry = self.plain.get(key, 0)
        if entry is None:
            return None
        cur = self.digits
        if entry == 0:
            state, digits = self.state[:], list(cur)
            if not _close(state, digits, [(cell, 1 << (d - 1))], self.hs):
                self.plain[key] = None
                return None
            self.plain[key] = [cur, state, digits]
            return state, digits
        if entry[0] is not cur:
            state, digits = entry[1], entry[2]
            queue: list = []
            removed: list = []
            for k in range(self.n):
                gone = digits[k] & ~cur[k]
                if gone:
                    digits[k] ^= gone
                    kb = ~(1 << k)
                    while gone:
                        low = gone & -gone
                        gone ^= low
                        c = low.bit_length() - 1
                        m = state[c] & kb
                        if not m:
                            self.plain[key] = None
                            return None
                        state[c] = m
                        if not m & (m - 1):
                            queue.append((c, m))
                        removed.append((k, c))
            if not (_recheck(state, digits, removed, queue, self.hs) and _close(state, digits, queue, self.hs)):
                self.plain[key] = None
                return None
            entry[0] = cur
        return entry[1], entry[2]

    def _follow_deep(self, cell: int, d: int):
        key = cell * self.n + d - 1
        if key in self.deep:
            return self.deep[key]
        found = self.follow(cell, d, False)
        if found is not None:
            state, digits = found[0][:], found[1][:]
            while True:
                queue: list = []
                removed: list = []
                if not _locked_both(state, digits, self.hs, queue, removed):
                    found = None
                    break
                if not queue:
                    found = state, digits
                    break
                if not (_recheck(state, digits, removed, queue, self.hs) and _close(state, digits, queue, self.hs)):
                    found = None
                    break
        self.deep[key] = found
        return found


class _PlainMemo:
    """Outcomes on a grid that is not settled, by :func:`_propagate_plain`."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self.found: dict = {}

    def follow(self, cell: int, d: int, deep: bool):
        key = (cell, d, deep)
        if key not in self.found:
            state = _propagate_plain(self.grid, cell, d, deep)
            if state is not None:
                digits = [0] * self.grid.n
                for c, m in enumerate(state):
                    for k in bits(m):
                        digits[k] |= 1 << c
                state = state, digits
            self.found[key] = state
        return self.found[key]


def _memo(grid: Grid, ctx: Context) -> _Memo | None:
    """The memory of suppositions for ``grid``'s state, kept on the context
    (carried over from the last state when this one only has fewer
    candidates); None for a grid that is not settled."""
    state, digits = _grid_state(grid)
    old = ctx.forcing
    if old is not None and old.hs.shape == grid.houses.shape:
        if old.digits == digits:
            return old
        if all(not a & ~b for a, b in zip(digits, old.digits)):
            if not _settled(grid, digits):
                return None
            memo = ctx.forcing = _Memo(grid, state, digits, old.plain)
            return memo
    if not _settled(grid, digits):
        return None
    memo = ctx.forcing = _Memo(grid, state, digits)
    return memo


def forcing_chain(grid: Grid, ctx: Context) -> Iterator[Step]:
    """Suppositions followed through singles."""
    yield from _forcing(grid, ctx, deep=False)


def forcing_net(grid: Grid, ctx: Context) -> Iterator[Step]:
    """Suppositions followed through singles and locked candidates."""
    yield from _forcing(grid, ctx, deep=True)


def _forcing(grid: Grid, ctx: Context, deep: bool) -> Iterator[Step]:
    """Bivalue and trivalue cells first (their suppositions force the most),
    then every candidate for a contradiction, then houses for verity."""
    memo = _memo(grid, ctx) or _PlainMemo(grid)
    name = "Forcing Net" if deep else "Forcing Chain"

    def follow(cell, d):
        return memo.follow(cell, d, deep)

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
    conclusion at a time; the next step finds the others). The first empty
    cell (lowest) where the outcomes leave one digit; else the first that
    loses candidates in all of them. Outcomes are ``(state, digits)``."""
    live = [o[1] for o in outcomes if o is not None]
    if not live:
        return None
    union = list(live[0])
    for digits in live[1:]:
        union = [a | b for a, b in zip(union, digits)]
    empty = grid.empty
    ones = twos = 0
    for u in union:
        u &= empty
        twos |= ones & u
        ones |= u
    single = (ones & ~twos) | (empty & ~ones)
    placements, elims = [], []
    if single:
        low = single & -single
        c = low.bit_length() - 1
        placements = [(c, next((k + 1 for k, u in enumerate(union) if u & low), 0))]
    else:
        lost = 0
        for pk, u in zip(grid.places, union):
            lost |= pk & ~u
        if lost:
            low = lost & -lost
            c = low.bit_length() - 1
            elims = [(c, k + 1) for k, (pk, u) in enumerate(zip(grid.places, union)) if pk & ~u & low]
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
