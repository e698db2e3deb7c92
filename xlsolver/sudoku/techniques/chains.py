"""Chains over the links: X-Chain, XY-Chain and alternating inference chains
(AIC, which also cover discontinuous nice loops).

A chain starts by supposing a candidate ``s`` false and alternates: a strong
link makes the next candidate true, a weak link makes the one after false. It
ends on a candidate ``e`` made true. So "s or e" holds: whatever is weakly
linked to both ``s`` and ``e`` is false (a nice loop's discontinuity is such a
candidate), and a chain that comes back to ``s`` itself as true proves ``s``.

- X-Chain: one digit, strong links in houses only;
- XY-Chain: strong links inside bivalue cells only, ending on the digit it began with;
- AIC: any links.

The search is breadth first from every start, so each chain found is a
shortest one from its start; ``MAX_NODES`` bounds the length.
"""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, cell_name, digit_name
from xlsolver.sudoku.techniques.links import Links, links, node_name
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step, see_both

__all__ = ["aic", "remote_pair", "turbot_fish", "x_chain", "xy_chain"]

MAX_NODES = 14


def x_chain(grid: Grid, ctx: Context) -> Iterator[Step]:
    yield from _x_chains(grid, ctx, "X-Chain", MAX_NODES)


def turbot_fish(grid: Grid, ctx: Context) -> Iterator[Step]:
    """The shortest X-Chains: two conjugate pairs joined by a weak link (a
    Skyscraper and a 2-String Kite are special cases, found before)."""
    yield from _x_chains(grid, ctx, "Turbot Fish", 4)


def _x_chains(grid: Grid, ctx: Context, name: str, max_nodes: int) -> Iterator[Step]:
    lk = links(grid, ctx)
    n = grid.n
    for k in range(n):
        starts = [node for node in lk.house_strong if node % n == k]
        key = (grid.houses.shape, "x-chain", max_nodes, k, grid.places[k])  # one digit's places decide it
        yield from ctx.nothing.search(key, _chains(grid, lk, name, starts,
                                                   strong=lambda x: lk.strong(x, cells=False),
                                                   weak=lambda x: lk.weak_digit(x), same_digit=True, min_nodes=4,
                                                   max_nodes=max_nodes))


def xy_chain(grid: Grid, ctx: Context) -> Iterator[Step]:
    lk = links(grid, ctx)
    yield from _chains(grid, lk, "XY-Chain", sorted(lk.cell_strong),
                       strong=lambda x: lk.strong(x, houses=False),
                       weak=lambda x: lk.weak_digit(x), same_digit=True, min_nodes=4)


def aic(grid: Grid, ctx: Context) -> Iterator[Step]:
    lk = links(grid, ctx)
    starts = sorted(set(lk.house_strong) | set(lk.cell_strong))
    yield from _chains(grid, lk, "AIC", starts, strong=lk.strong, weak=lk.weak, same_digit=False, min_nodes=4)


def _chains(grid: Grid, lk: Links, name: str, starts, strong, weak, same_digit: bool,
            min_nodes: int, max_nodes: int = MAX_NODES) -> Iterator[Step]:
    """Breadth first from each start ``s`` (supposed false): layers of true
    nodes (after a strong link) and false ones (after a weak link)."""
    n = grid.n
    linked = set(lk.house_strong) | set(lk.cell_strong)
    for s in starts:
        s_weak = lk.weak(s)
        parent_on: dict[int, int] = {}
        parent_off: dict[int, int] = {s: -1}
        frontier = [s]
        length = 1
        while frontier and length < max_nodes:
            on_layer = []
            for x in frontier:
                for y in strong(x):
                    if y not in parent_on:
                        parent_on[y] = x
                        on_layer.append(y)
            length += 1
            for e in on_layer:
                if e == s:
                    continue
                if same_digit and e % n != s % n:
                    continue
                if length < min_nodes:
                    continue
                targets = s_weak & lk.weak(e)
                if targets:
                    path = _path(e, parent_on, parent_off)
                    yield _chain_step(grid, name, path, targets)
            if s in parent_on:  # s false led to s true: s holds
                path = _path(s, parent_on, parent_off)
                yield _proof_step(grid, name, path)
                break
            frontier = []
            for y in on_layer:
                for z in bits(weak(y)):
                    if z not in parent_off and z in linked:
                        parent_off[z] = y
                        frontier.append(z)
            length += 1


def _path(end: int, parent_on: dict[int, int], parent_off: dict[int, int]) -> list[int]:
    path = [end]
    node, on = end, True
    while True:
        prev = parent_on[node] if on else parent_off[node]
        if prev == -1:
            break
        path.append(prev)
        node, on = prev, not on
    return path[::-1]


def chain_text(path: list[int], n: int) -> str:
    """``(5)r1c2=(5)r1c7-(3)r1c7=(3)r4c7``: ``=`` strong, ``-`` weak."""
    parts = [node_name(path[0], n)]
    for i, node in enumerate(path[1:]):
        parts.append(("=" if i % 2 == 0 else "-") + node_name(node, n))
    return "".join(parts)


def _chain_step(grid: Grid, name: str, path: list[int], targets: int) -> Step:
    n = grid.n
    s, e = path[0], path[-1]
    elims = [(t // n, t % n + 1) for t in bits(targets)]
    text = (f"{name} {chain_text(path, n)}: if {_says(s, n)} were false, {_says(e, n)} would be true, "
            f"so one of them holds; remove {eliminations_text(grid, elims)}, {see_both(elims)}.")
    return make_step(grid, name, text, eliminations=elims, cells=[x // n for x in path],
                     candidates=[(x // n, x % n + 1) for x in path])


def _proof_step(grid: Grid, name: str, path: list[int]) -> Step:
    n = grid.n
    s = path[0]
    text = (f"{name} {chain_text(path, n)}: supposing {_says(s, n)} false makes it true, "
            f"so it holds: {grid.name(s // n)} is {digit_name(s % n + 1)}.")
    return make_step(grid, name, text, placements=[(s // n, s % n + 1)], cells=[x // n for x in path],
                     candidates=[(x // n, x % n + 1) for x in path])


def _says(node: int, n: int) -> str:
    return f"{digit_name(node % n + 1)} in {cell_name(node // n, n)}"


def remote_pair(grid: Grid, ctx: Context) -> Iterator[Step]:
    """A chain of cells with the same two candidates, each seeing the next:
    their digits alternate along it, so two cells an odd number of links
    apart (three or more) hold both digits between them, and a cell seeing
    both loses both."""
    hs = grid.houses
    pairs: dict[int, list[int]] = {}
    for cell in bits(grid.empty):
        m = grid.cand[cell]
        if m.bit_count() == 2:
            pairs.setdefault(m, []).append(cell)
    for mask, cells in sorted(pairs.items()):
        if len(cells) < 4:
            continue
        for start in cells:
            dist = {start: 0}
            parent = {start: -1}
            order = [start]
            for cell in order:
                for other in cells:
                    if other not in dist and hs.peers[cell] >> other & 1:
                        dist[other] = dist[cell] + 1
                        parent[other] = cell
                        order.append(other)
            for end in order:
                if dist[end] < 3 or dist[end] % 2 == 0:
                    continue
                seen = hs.peers[start] & hs.peers[end] & grid.empty
                elims = [(c, d + 1) for c in bits(seen) for d in bits(grid.cand[c] & mask)]
                if not elims:
                    continue
                path = [end]
                while parent[path[-1]] != -1:
                    path.append(parent[path[-1]])
                path.reverse()
                ds = "/".join(digit_name(d + 1) for d in bits(mask))
                text = (f"Remote Pair {ds}: {' - '.join(grid.name(c) for c in path)} each hold only {ds} and see the "
                        f"next, so their digits alternate; {grid.name(start)} and {grid.name(end)} hold both: "
                        f"remove {eliminations_text(grid, elims)}.")
                yield make_step(grid, "Remote Pair", text, eliminations=elims, cells=path,
                                candidates=[(c, d + 1) for c in path for d in bits(mask)])
