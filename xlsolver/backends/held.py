"""Reading only what a sheet holds: the boxes a live back end reads.

A live sheet's used range can reach XFD1048576 from one value there, or from
one far cell that only holds a format: seventeen billion cells, of which a
handful hold anything. The live back ends ask the spreadsheet which cells hold
a value (Calc ``queryContentCells``, Excel ``SpecialCells``) and get them as
boxes; :func:`read_boxes` then chooses the rectangles to read their values
from. Every read is a call across the process boundary, worth about a
thousand cells of transfer, so nearby boxes are read together and boxes far
apart are read apart: a puzzle in the corner and a value at XFD1048576 cost
two reads of a few hundred cells, not one of the whole sheet.

Glossary
--------
box     an inclusive rectangle ``(top, left, bottom, right)`` of 1-based cells.
held    the cells of the boxes asked for (they may hold a value).
"""

from __future__ import annotations

from typing import Collection, Sequence

from xlsolver.core.geometry import Box, Cell

__all__ = ["SPARE", "area", "bounds", "cut_names", "read_boxes"]

SPARE = 1024
"""What one read costs beyond its cells, in cells: a call across the process boundary
takes about as long as moving a thousand cells (measured on Calc: 0.3 ms a read of
a few cells, 0.24 s a read of a million empty ones)."""


def area(box: Box) -> int:
    """The number of cells of ``box``."""
    return (box[2] - box[0] + 1) * (box[3] - box[1] + 1)


def bounds(boxes: Sequence[Box]) -> Box:
    """The smallest box holding every one of ``boxes`` (at least one)."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def read_boxes(boxes: Sequence[Box], most: int, spare: int = SPARE) -> list[Box]:
    """Boxes to read that cover ``boxes`` (disjoint, as a spreadsheet gives them), sorted,
    none larger than ``most`` cells unless one of ``boxes`` is.

    A read costs the cells it takes plus ``spare``. A group of boxes is read as one
    at once when that costs little: its bounding box is at most four times their
    cells plus ``spare``, or no more than reading each box alone. Otherwise it is cut
    in two where the boxes are furthest apart (see :func:`_halves`), each part is
    planned so, and the group is still read as one when that costs less than the
    parts. Together the reads never cost more than reading each box alone: a far
    cell is read apart from a puzzle, values scattered thinly over a block are read
    with the block."""
    if not boxes:
        return []
    return sorted(_plan(list(boxes), most, spare)[1])


def _plan(group: list[Box], most: int, spare: int) -> tuple[int, list[Box]]:
    """The cost and the boxes of the cheapest reading found for ``group``."""
    whole = bounds(group)
    size, held = area(whole), sum(area(box) for box in group)
    if len(group) == 1 or size <= most and (size <= 4 * held + spare or size <= held + spare * (len(group) - 1)):
        return size + spare, [whole]
    cost, parts = 0, []
    for half in _halves(group):
        part_cost, part_boxes = _plan(half, most, spare)
        cost, parts = cost + part_cost, parts + part_boxes
    if size <= most and size + spare <= cost:
        return size + spare, [whole]
    return cost, parts


def _halves(group: list[Box]) -> list[list[Box]]:
    """``group`` in two: at the gap between boxes (rows or columns no box crosses) that
    is widest times the boxes on its smaller side, so a far cell is cut off at once
    and boxes spread evenly are halved (a long chain of ever wider gaps is cut in
    few steps). Without such a gap, at the middle box along the longer side."""
    best: tuple[int, list[Box], int] | None = None
    for start, end in ((0, 2), (1, 3)):
        order = sorted(group, key=lambda box: box[start])
        reach = order[0][end]
        for i in range(1, len(order)):
            gap = order[i][start] - reach
            if gap > 0:
                score = gap * min(i, len(order) - i)
                if best is None or score > best[0]:
                    best = (score, order, i)
            reach = max(reach, order[i][end])
    if best is None:
        whole = bounds(group)
        order = sorted(group, key=lambda box: box[0 if whole[2] - whole[0] >= whole[3] - whole[1] else 1])
        best = (0, order, len(order) // 2)
    _, order, cut = best
    return [order[:cut], order[cut:]]


def cut_names(names: dict[str, Box], cells: Collection[Cell], most: int) -> dict[str, Box]:
    """Defined names as a snapshot gives them: a name covering more than ``most`` cells
    (``A1:XFD1048576``) is cut to the box of ``cells``, those the snapshot holds, and
    left out when it does not meet it (as the file back end does)."""
    found, held = {}, None
    for name, box in names.items():
        if area(box) > most:
            if not cells:
                continue
            held = held or bounds([(r, c, r, c) for r, c in cells])
            top, left = max(box[0], held[0]), max(box[1], held[1])
            bottom, right = min(box[2], held[2]), min(box[3], held[3])
            if top > bottom or left > right:
                continue
            box = (top, left, bottom, right)
        found[name] = box
    return found
