"""Cells merged into rectangles and multi-area A1 addresses (backends/boxes.py).

Properties: the rectangles cover exactly the given cells, never overlap, and
each address chunk stays under Excel's limit and parses back (with openpyxl's
own A1 parser, independent of boxes.py) to the same rectangles.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.utils import range_boundaries

from xlsolver.backends.boxes import EXCEL_ADDRESS_LIMIT, a1, address_chunks, rectangles

cells = st.sets(st.tuples(st.integers(1, 40), st.integers(1, 60)), max_size=400)


def covered(boxes) -> list:
    return [(r, c) for top, left, bottom, right in boxes
            for r in range(top, bottom + 1) for c in range(left, right + 1)]


def parse(address: str) -> list:
    """A multi-area address back to boxes (top, left, bottom, right)."""
    boxes = []
    for area in address.split(","):
        left, top, right, bottom = range_boundaries(area)
        boxes.append((top, left, bottom, right))
    return boxes


@given(cells)
def test_rectangles_cover_exactly_the_cells_once(chosen):
    boxes = rectangles(chosen)
    flat = covered(boxes)
    assert len(flat) == len(set(flat)), "boxes overlap"
    assert set(flat) == chosen
    assert boxes == sorted(boxes)


@given(cells, st.integers(21, 300))
@settings(max_examples=60, derandomize=True)
def test_address_chunks_parse_back_within_the_limit(chosen, limit):
    boxes = rectangles(chosen)
    chunks = address_chunks(boxes, limit)
    assert all(len(chunk) <= limit for chunk in chunks)
    assert [box for chunk in chunks for box in parse(chunk)] == boxes


def test_a_picture_needs_few_boxes():
    # A filled 50x50 square with a 10x10 hole: 4 boxes, not 2400 cells.
    hole = {(r, c) for r in range(20, 30) for c in range(20, 30)}
    square = {(r, c) for r in range(1, 51) for c in range(1, 51)} - hole
    boxes = rectangles(square)
    assert boxes == [(1, 1, 19, 50), (20, 1, 29, 19), (20, 30, 29, 50), (30, 1, 50, 50)]
    assert address_chunks(boxes) == ["A1:AX19,A20:S29,AD20:AX29,A30:AX50"]


def test_a_box_longer_than_the_limit_is_refused():
    with pytest.raises(ValueError):
        address_chunks([(10, 1, 20, 30)], limit=5)


def test_single_cells_and_the_default_limit():
    assert a1((3, 2, 3, 2)) == "B3" and a1((3, 2, 7, 6)) == "B3:F7"
    many = {(r, 1) for r in range(1, 400, 2)}  # 200 separate cells
    chunks = address_chunks(rectangles(many))
    assert all(len(chunk) <= EXCEL_ADDRESS_LIMIT == 255 for chunk in chunks) and len(chunks) > 1
