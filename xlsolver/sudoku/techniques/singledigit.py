"""Patterns on one digit built from conjugate pairs (strong links in houses):
Skyscraper, 2-String Kite and simple colouring. Any box shape."""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name
from xlsolver.sudoku.techniques.links import links
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step, see_both

__all__ = ["empty_rectangle", "simple_colouring", "skyscraper", "two_string_kite"]


def _ends_step(grid, name, k, cells, a, b, why):
    """Eliminate digit k from the cells that see both ends ``a`` and ``b``."""
    hs = grid.houses
    gone = grid.places[k] & hs.peers[a] & hs.peers[b] & ~sum(1 << c for c in cells)
    if not gone:
        return None
    elims = [(c, k + 1) for c in bits(gone)]
    text = f"{why} so remove {eliminations_text(grid, elims)}, {see_both(elims)}."
    return make_step(grid, name, text, eliminations=elims, cells=cells, candidates=[(c, k + 1) for c in cells])


def skyscraper(grid: Grid, ctx: Context) -> Iterator[Step]:
    """Two parallel conjugate pairs with one end of each on a common cross line:
    one of the two other ends holds the digit."""
    n = grid.n
    lk = links(grid, ctx)
    for rows in (True, False):
        kind = 0 if rows else 1
        pairs = [(k, a, b) for k, h, a, b in lk.conjugates if h // n == kind]
        for i, (k, a1, b1) in enumerate(pairs):
            for k2, a2, b2 in pairs[i + 1:]:
                if k2 != k:
                    continue
                for x1, y1 in ((a1, b1), (b1, a1)):
                    for x2, y2 in ((a2, b2), (b2, a2)):
                        across = (x1 % n == x2 % n) if rows else (x1 // n == x2 // n)
                        apart = (y1 % n != y2 % n) if rows else (y1 // n != y2 // n)
                        if not (across and apart):
                            continue
                        d = digit_name(k + 1)
                        why = (f"Skyscraper on {d}: {d} is in {grid.name(x1)} or {grid.name(y1)}, and in "
                               f"{grid.name(x2)} or {grid.name(y2)}; {grid.name(x1)} and {grid.name(x2)} share a "
                               f"line, so at most one of them holds {d} and {grid.name(y1)} or {grid.name(y2)} does;")
                        step = _ends_step(grid, "Skyscraper", k, [x1, y1, x2, y2], y1, y2, why)
                        if step:
                            yield step


def two_string_kite(grid: Grid, ctx: Context) -> Iterator[Step]:
    """A conjugate pair in a row and one in a column, with an end of each in
    one box: one of the two far ends holds the digit."""
    n = grid.n
    hs = grid.houses
    lk = links(grid, ctx)
    rows = [(k, a, b) for k, h, a, b in lk.conjugates if h < n]
    cols = [(k, a, b) for k, h, a, b in lk.conjugates if n <= h < 2 * n]
    for k, ra, rb in rows:
        for k2, ca, cb in cols:
            if k2 != k or len({ra, rb, ca, cb}) < 4:
                continue
            for x, y in ((ra, rb), (rb, ra)):
                for u, v in ((ca, cb), (cb, ca)):
                    box = hs.of_cell[x][2]
                    if hs.of_cell[u][2] != box or hs.of_cell[y][2] == box or hs.of_cell[v][2] == box:
                        continue
                    d = digit_name(k + 1)
                    why = (f"2-String Kite on {d}: {d} is in {grid.name(y)} or {grid.name(x)}, and in "
                           f"{grid.name(v)} or {grid.name(u)}; {grid.name(x)} and {grid.name(u)} share "
                           f"{hs.name(box)}, so {grid.name(y)} or {grid.name(v)} holds {d};")
                    step = _ends_step(grid, "2-String Kite", k, [x, y, u, v], y, v, why)
                    if step:
                        yield step


def simple_colouring(grid: Grid, ctx: Context) -> Iterator[Step]:
    """Colour each chain of conjugate pairs of a digit in two colours (one
    colour is all true, the other all false). A cell seeing both colours loses
    the digit (trap); a colour seen twice in one house is false (wrap)."""
    n = grid.n
    lk = links(grid, ctx)
    for k in range(n):
        graph: dict[int, list[int]] = {}
        for k2, h, a, b in lk.conjugates:
            if k2 == k:
                graph.setdefault(a, []).append(b)
                graph.setdefault(b, []).append(a)
        seen: set[int] = set()
        for root in sorted(graph):
            if root in seen:
                continue
            colour = {root: 0}
            order = [root]
            for cell in order:
                for other in graph[cell]:
                    if other not in colour:
                        colour[other] = 1 - colour[cell]
                        order.append(other)
            seen.update(order)
            if len(order) < 4:
                continue
            sides = [sum(1 << c for c in order if colour[c] == side) for side in (0, 1)]
            step = _wrap(grid, k, sides, order) or _trap(grid, k, sides, order)
            if step:
                yield step


def _wrap(grid, k, sides, order):
    hs = grid.houses
    d = digit_name(k + 1)
    for side in (0, 1):
        for h in range(3 * grid.n):
            twice = sides[side] & hs.mask[h]
            if twice & (twice - 1):
                elims = [(c, k + 1) for c in bits(sides[side])]
                text = (f"Simple Colouring (wrap) on {d}: colour the conjugate pairs of {d} in two colours; "
                        f"{grid.names(bits(twice))} have one colour and share {hs.name(h)}, so that colour is false: "
                        f"remove {eliminations_text(grid, elims)}.")
                return make_step(grid, "Simple Colouring", text, eliminations=elims, cells=order,
                                 candidates=[(c, k + 1) for c in order])
    return None


def _trap(grid, k, sides, order):
    hs = grid.houses
    both = 0
    for c in bits(grid.places[k] & ~(sides[0] | sides[1])):
        if hs.peers[c] & sides[0] and hs.peers[c] & sides[1]:
            both |= 1 << c
    if not both:
        return None
    d = digit_name(k + 1)
    elims = [(c, k + 1) for c in bits(both)]
    text = (f"Simple Colouring (trap) on {d}: colour the conjugate pairs of {d} in two colours; one colour holds "
            f"{d}, so a cell seeing both colours cannot: remove {eliminations_text(grid, elims)}.")
    return make_step(grid, "Simple Colouring", text, eliminations=elims, cells=order,
                     candidates=[(c, k + 1) for c in order])


def empty_rectangle(grid: Grid, ctx: Context) -> Iterator[Step]:
    """A box whose places of a digit all lie on one row and one column of it
    (the rest of the box, a rectangle, is empty of the digit), and a conjugate
    pair on a line outside the box with one end on the box's row (or column).
    The cell where the other end's line meets the box's column cannot hold
    the digit: it would push the pair's first end, so the box's digit, onto
    that column twice."""
    n = grid.n
    hs = grid.houses
    lk = links(grid, ctx)
    for box in range(2 * n, 3 * n):
        bmask = hs.mask[box]
        for k in range(n):
            here = grid.places[k] & bmask
            if here.bit_count() < 2:
                continue
            rows = {c // n for c in bits(here)}
            cols = {c % n for c in bits(here)}
            for r in sorted(rows):
                for c in sorted(cols):
                    cross = (hs.mask[r] | hs.mask[n + c]) & bmask
                    if here & ~cross:
                        continue
                    if here & hs.mask[r] == here or here & hs.mask[n + c] == here:
                        continue  # all on one line: that is locked candidates
                    yield from _er_steps(grid, lk, box, k, r, c, here)


def _er_steps(grid, lk, box, k, r, c, here):
    n = grid.n
    hs = grid.houses
    d = digit_name(k + 1)
    for k2, h, a, b in lk.conjugates:
        if k2 != k or h >= 2 * n:
            continue
        for p, q in ((a, b), (b, a)):
            if hs.of_cell[p][2] == box or hs.of_cell[q][2] == box:
                continue
            if h >= n:  # the pair in a column: q on the box's row r, p's row meets the box's column c
                if q // n != r or q % n == c:
                    continue
                target = (p // n) * n + c
            else:  # the pair in a row: q on the box's column c, p's column meets the box's row r
                if q % n != c or q // n == r:
                    continue
                target = r * n + p % n
            if hs.of_cell[target][2] == box or target == p or not grid.places[k] >> target & 1:
                continue
            cells = list(bits(here)) + [p, q]
            text = (f"Empty Rectangle on {d}: in {hs.name(box)}, {d} lies on row {r + 1} or column {c + 1}; "
                    f"{d} in {hs.name(h)} is in {grid.name(p)} or {grid.name(q)}. Were {grid.name(target)} {d}, "
                    f"{grid.name(p)} would not be, so {grid.name(q)} would, leaving {hs.name(box)} no place: "
                    f"remove {d} from {grid.name(target)}.")
            yield make_step(grid, "Empty Rectangle", text, eliminations=[(target, k + 1)], cells=cells,
                            candidates=[(x, k + 1) for x in cells])
