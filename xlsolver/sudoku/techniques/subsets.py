"""Naked and hidden subsets (pairs, triples, quads) in one house.

- naked: k cells of a house whose candidates together are k digits; those
  digits fill those cells, so they leave the house's other cells;
- hidden: k digits of a house whose places together are k cells; those cells
  hold those digits, so their other candidates go.
"""

from __future__ import annotations

from itertools import combinations
from types import MappingProxyType
from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digits_of, popcount
from xlsolver.sudoku.techniques.step import Step, digits_text, eliminations_text, make_step

__all__ = ["hidden_subset", "locked_subset", "naked_subset"]

SIZE_NAMES = MappingProxyType({2: "Pair", 3: "Triple", 4: "Quad"})


def naked_subset(size: int):
    def find(grid: Grid, ctx: Context) -> Iterator[Step]:
        hs = grid.houses
        for h in range(3 * grid.n):
            open_cells = [c for c in hs.cells[h] if grid.cand[c]]
            if len(open_cells) <= size:
                continue
            small = [c for c in open_cells if popcount(grid.cand[c]) <= size]
            for group in combinations(small, size):
                union = 0
                for c in group:
                    union |= grid.cand[c]
                if popcount(union) != size:
                    continue
                elims = [(c, d) for c in open_cells if c not in group for d in digits_of(grid.cand[c] & union)]
                if not elims:
                    continue
                ds = digits_text(digits_of(union))
                text = (f"In {hs.name(h)}, {grid.names(group)} hold only {ds} between them, so those digits "
                        f"go there: remove {eliminations_text(grid, elims)}.")
                yield make_step(grid, f"Naked {SIZE_NAMES[size]}", text, eliminations=elims, cells=group,
                                candidates=[(c, d) for c in group for d in digits_of(grid.cand[c])])
    find.__name__ = f"naked_{SIZE_NAMES[size].lower()}"
    return find


def hidden_subset(size: int):
    def find(grid: Grid, ctx: Context) -> Iterator[Step]:
        hs = grid.houses
        n = grid.n
        for h in range(3 * n):
            hmask = hs.mask[h]
            if popcount(grid.empty & hmask) <= size:
                continue
            where = {k: grid.places[k] & hmask for k in range(n)}
            few = [k for k, m in where.items() if m and popcount(m) <= size]
            for group in combinations(few, size):
                cells = 0
                for k in group:
                    cells |= where[k]
                if popcount(cells) != size:
                    continue
                keep = sum(1 << k for k in group)
                elims = [(c, d) for c in bits(cells) for d in digits_of(grid.cand[c] & ~keep)]
                if not elims:
                    continue
                ds = digits_text(k + 1 for k in group)
                text = (f"In {hs.name(h)}, {ds} can only go in {grid.names(bits(cells))}, so those cells hold "
                        f"them: remove {eliminations_text(grid, elims)}.")
                yield make_step(grid, f"Hidden {SIZE_NAMES[size]}", text, eliminations=elims, cells=bits(cells),
                                candidates=[(c, k + 1) for c in bits(cells) for k in group if grid.cand[c] >> k & 1])
    find.__name__ = f"hidden_{SIZE_NAMES[size].lower()}"
    return find


def locked_subset(size: int):
    """A naked pair or triple inside the crossing of a box and a line: its
    digits leave both houses (HoDoKu's locked pair and triple)."""
    def find(grid: Grid, ctx: Context) -> Iterator[Step]:
        hs = grid.houses
        for box, line, inter in hs.crossings:
            cells = [c for c in bits(inter & grid.empty)]
            for group in combinations(cells, size):
                union = 0
                for c in group:
                    union |= grid.cand[c]
                if popcount(union) != size:
                    continue
                others = (hs.mask[box] | hs.mask[line]) & grid.empty & ~sum(1 << c for c in group)
                elims = [(c, d) for c in bits(others) for d in digits_of(grid.cand[c] & union)]
                if not elims:
                    continue
                ds = digits_text(digits_of(union))
                text = (f"{grid.names(group)}, in both {hs.name(box)} and {hs.name(line)}, hold only {ds} between "
                        f"them, so those digits leave both houses: remove {eliminations_text(grid, elims)}.")
                yield make_step(grid, f"Locked {SIZE_NAMES[size]}", text, eliminations=elims, cells=group,
                                candidates=[(c, d) for c in group for d in digits_of(grid.cand[c])])
    find.__name__ = f"locked_{SIZE_NAMES[size].lower()}"
    return find
