"""Fish on one digit: X-Wing (2 lines), Swordfish (3), Jellyfish (4), basic and finned.

A basic fish of size k: in k base lines (rows, say) the digit's places all
lie in k cover lines (columns). Each base line takes the digit once, in
those columns, so the k columns get it from the base rows: it leaves the
rest of the cover lines.

Finned: the base lines' places lie in the k cover lines plus a few fin cells,
all in one box. Either a fin holds the digit, or the fish is basic; both
rule the digit out of the cover-line cells in the fin's box. Sashimi: a base
line would have fewer than two places without its fins.

Any box shape (lines are rows and columns; the fins' box is any box).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from types import MappingProxyType
from typing import Iterator

from xlsolver.sudoku.model import Shape
from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, houses, popcount
from xlsolver.sudoku.techniques.step import Step, eliminations_text, houses_text, make_step

__all__ = ["basic_fish", "finned_fish"]

FISH_NAMES = MappingProxyType({2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"})


def _line_cells(grid: Grid, base_rows: bool) -> tuple[list[int], list[int]]:
    """Base and cover line house numbers for one orientation."""
    n = grid.n
    rows, cols = list(range(n)), list(range(n, 2 * n))
    return (rows, cols) if base_rows else (cols, rows)


def basic_fish(size: int):
    def find(grid: Grid, ctx: Context) -> Iterator[Step]:
        yield from _fish(grid, ctx, size, finned=False)
    find.__name__ = FISH_NAMES[size].lower().replace("-", "_")
    return find


def finned_fish(size: int):
    def find(grid: Grid, ctx: Context) -> Iterator[Step]:
        yield from _fish(grid, ctx, size, finned=True)
    find.__name__ = "finned_" + FISH_NAMES[size].lower().replace("-", "_")
    return find


def _fish(grid: Grid, ctx: Context, size: int, finned: bool) -> Iterator[Step]:
    for k in range(grid.n):
        for base_rows in (True, False):
            # a fish of digit k depends on k's places alone: an unchanged one found nothing before
            key = (grid.houses.shape, k, base_rows, size, finned, grid.places[k])
            yield from ctx.nothing.search(key, _fish_on(grid, k, base_rows, size, finned))


def _fish_on(grid: Grid, k: int, base_rows: bool, size: int, finned: bool) -> Iterator[Step]:
    hs = grid.houses
    places = grid.places[k]
    bases, covers = _line_cells(grid, base_rows)
    spots = {}
    for b in bases:
        m = places & hs.mask[b]
        if m:
            spots[b] = (m, _cover_index(hs, m, base_rows))
    limit = size + (max(hs.shape.box_rows, hs.shape.box_cols) if finned else 0)
    usable = [b for b, (m, idx) in spots.items()
              if idx.bit_count() <= limit and (finned or idx.bit_count() >= 2)]
    outside = _outside(grid, spots, usable, base_rows) if finned else None
    bands = _bands(hs.shape, base_rows) if finned else ()
    for group in _groups(usable, spots, size, bands):
        union = 0
        base_cells = 0
        for b in group:
            base_cells |= spots[b][0]
            union |= spots[b][1]
        width = union.bit_count()
        if not finned:
            if width == size:
                yield from _basic_step(grid, k, group, [covers[i] for i in bits(union)], base_cells, places)
        elif width > size:
            yield from _finned_group(grid, k, group, covers, base_cells, places, spots, base_rows, outside)


def _groups(usable, spots, size, bands):
    """The k-sets of base lines, leaving out early (for finned fish) every set
    whose places, off the cover lines of any one box band, already need more
    than k cover lines: its fins could not lie in one box."""
    if not bands:
        yield from combinations(usable, size)
        return

    def grow(start, chosen, union):
        if len(chosen) == size:
            yield tuple(chosen)
            return
        for i in range(start, len(usable) - (size - len(chosen)) + 1):
            b = usable[i]
            more = union | spots[b][1]
            if all((more & ~band).bit_count() > size for band in bands):
                continue
            chosen.append(b)
            yield from grow(i + 1, chosen, more)
            chosen.pop()
    yield from grow(0, [], 0)


# The geometry below depends on the box shape alone: immutable tuples, computed
# once per shape and keyed by the shape's value (not grid state, so not an
# explanation's to remember).
@cache
def _bands(shape: Shape, base_rows: bool) -> tuple[int, ...]:
    """The cover-line index sets of the boxes' bands (the columns of each stack
    of boxes when the base lines are rows)."""
    return tuple(sorted(set(_box_indexes(shape, base_rows))))


@cache
def _line_boxes(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """For each line (house ``0..2n-1``), the boxes it crosses."""
    hs = houses(shape)
    return tuple(tuple(box for box, ln, _ in hs.crossings if ln == line) for line in range(2 * shape.n))


@cache
def _box_indexes(shape: Shape, base_rows: bool) -> tuple[int, ...]:
    """For each box (house ``2n + i`` at ``i``), the cover lines it lies on, as an index bit set."""
    hs = houses(shape)
    n = shape.n
    return tuple(_cover_index(hs, hs.mask[box], base_rows) for box in range(2 * n, 3 * n))


def _outside(grid, spots, usable, base_rows):
    """For each base line and each box it crosses: the cover lines of the
    line's places outside that box."""
    hs = grid.houses
    found = {}
    for b in usable:
        m, idx = spots[b]
        for box in {hs.of_cell[c][2] for c in bits(m)}:
            found[b, box] = _cover_index(hs, m & ~hs.mask[box], base_rows)
    return found


def _finned_group(grid, k, group, covers, base_cells, places, spots, base_rows, outside):
    """Finned fish on these base lines: for each box holding some of their
    places and a place of the digit off them (something to eliminate), the
    places outside the box fix the cover lines (topped up with lines through
    the box), and the base places in the box off them are the fins."""
    hs = grid.houses
    size = len(group)
    lines = 0
    boxes = set()
    for b in group:
        lines |= hs.mask[b]
        boxes.update(_line_boxes(hs.shape)[b])
    for box in boxes:
        bmask = hs.mask[box]
        if not base_cells & bmask or not places & bmask & ~lines:
            continue
        out_idx = 0
        for b in group:
            out_idx |= outside.get((b, box), spots[b][1])
        need = size - out_idx.bit_count()
        if need < 0:
            continue
        box_idx = _box_indexes(hs.shape, base_rows)[box - 2 * hs.n]
        for extra in combinations(list(bits(box_idx & ~out_idx)), need):
            idx = out_idx | sum(1 << i for i in extra)
            yield from _finned_step(grid, k, group, [covers[i] for i in bits(idx)], base_cells, places, spots)


def _cover_index(hs, cells: int, base_rows: bool) -> int:
    """The cover lines (as an index bit set) that the cells lie on."""
    n = hs.n
    idx = 0
    if base_rows:  # columns of the cells: fold the rows onto each other
        full = (1 << n) - 1
        while cells:
            idx |= cells & full
            cells >>= n
        return idx
    masks = hs.mask
    for r in range(n):
        if cells & masks[r]:
            idx |= 1 << r
    return idx


def _basic_step(grid, k, group, cover_lines, base_cells, places):
    hs = grid.houses
    cover = 0
    for line in cover_lines:
        cover |= hs.mask[line]
    gone = places & cover & ~base_cells
    if not gone:
        return
    d = digit_name(k + 1)
    elims = [(c, k + 1) for c in bits(gone)]
    bases = houses_text(hs, group)
    covers = houses_text(hs, cover_lines)
    text = (f"{FISH_NAMES[len(group)]} on {d}: in {bases}, {d} can only go in {covers}; each of those lines "
            f"gets its {d} from them, so remove {eliminations_text(grid, elims)}.")
    yield make_step(grid, FISH_NAMES[len(group)], text, eliminations=elims, cells=bits(base_cells),
                    candidates=[(c, k + 1) for c in bits(base_cells)])


def _finned_step(grid, k, group, cover_lines, base_cells, places, spots):
    hs = grid.houses
    cover = 0
    for line in cover_lines:
        cover |= hs.mask[line]
    fins = base_cells & ~cover
    boxes = {hs.of_cell[c][2] for c in bits(fins)}
    if len(boxes) != 1:  # no fins (a basic fish) or fins in two boxes
        return
    box = boxes.pop()
    gone = places & cover & hs.mask[box] & ~base_cells
    if not gone:
        return
    size = len(group)
    sashimi = any(popcount(spots[b][0] & cover) < 2 for b in group)
    name = ("Sashimi " if sashimi else "Finned ") + FISH_NAMES[size]
    d = digit_name(k + 1)
    elims = [(c, k + 1) for c in bits(gone)]
    bases = houses_text(hs, group)
    covers = houses_text(hs, cover_lines)
    text = (f"{name} on {d}: in {bases}, {d} can only go in {covers} or the fin{'s' if popcount(fins) > 1 else ''} "
            f"{grid.names(bits(fins))} in {hs.name(box)}. Fin or fish, {d} is not in the cover cells of that box: "
            f"remove {eliminations_text(grid, elims)}.")
    yield make_step(grid, name, text, eliminations=elims, cells=bits(base_cells),
                    candidates=[(c, k + 1) for c in bits(base_cells)])
