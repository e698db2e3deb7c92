"""Locked candidates: where a box and a line (row or column) cross.

- pointing (type 1): in a box, a digit's places all lie on one line, so the
  digit leaves the rest of that line;
- claiming (type 2): on a line, a digit's places all lie in one box, so the
  digit leaves the rest of that box.

Any box shape: the crossing of a box and a line is whatever cells they share.
"""

from __future__ import annotations

from typing import Iterator

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name
from xlsolver.sudoku.techniques.step import Step, eliminations_text, make_step

__all__ = ["claiming", "pointing"]


def pointing(grid: Grid, ctx: Context) -> Iterator[Step]:
    yield from _locked(grid, claiming=False)


def claiming(grid: Grid, ctx: Context) -> Iterator[Step]:
    yield from _locked(grid, claiming=True)


def _locked(grid: Grid, claiming: bool) -> Iterator[Step]:
    hs = grid.houses
    for k in range(grid.n):
        places = grid.places[k]
        for box, line, inter in hs.crossings:
            inside, target = (line, box) if claiming else (box, line)
            here = places & hs.mask[inside]
            if not here or here & ~inter:
                continue
            gone = places & hs.mask[target] & ~inter
            if not gone:
                continue
            d = digit_name(k + 1)
            elims = [(c, k + 1) for c in bits(gone)]
            kind = "Locked Candidates (Claiming)" if claiming else "Locked Candidates (Pointing)"
            text = (f"In {hs.name(inside)}, {d} can only go in {grid.names(bits(here))}, all in "
                    f"{hs.name(target)}; so {d} is nowhere else in {hs.name(target)}: "
                    f"remove {eliminations_text(grid, elims)}.")
            yield make_step(grid, kind, text, eliminations=elims, cells=bits(here),
                            candidates=[(c, k + 1) for c in bits(here)])
