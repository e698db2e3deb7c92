"""Polyomino generation and the named piece sets."""

import pytest

from xlsolver.polyomino import (
    PENTOMINOES, Mode, Piece, canonical, is_connected, one_sided, orientations,
    parse_piece_spec, polyominoes,
)


@pytest.mark.parametrize("mode, counts", [
    (Mode.FREE, [1, 1, 2, 5, 12, 35]),
    (Mode.ONE_SIDED, [1, 1, 2, 7, 18, 60]),
    (Mode.FIXED, [1, 2, 6, 19, 63, 216]),
])
def test_polyomino_counts_by_size(mode, counts):
    assert [len(polyominoes(n, mode)) for n in range(1, 7)] == counts


def test_generated_shapes_are_connected_and_distinct():
    shapes = polyominoes(6)
    assert all(is_connected(s) and len(s) == 6 for s in shapes)
    assert len({canonical(s) for s in shapes}) == len(shapes)


def test_pentominoes_are_the_twelve_free_pentominoes():
    assert sorted(canonical(s) for s in PENTOMINOES.values()) == polyominoes(5)
    # Orientation counts: X has 1, I 2, T U V W Z 4, F L N P Y 8 (63 fixed pentominoes in all).
    sizes = {name: len(orientations(s)) for name, s in PENTOMINOES.items()}
    assert sizes["X"] == 1 and sizes["I"] == 2 and sizes["F"] == 8
    assert sum(sizes.values()) == 63


def test_one_sided_pentominoes_are_eighteen():
    pieces = one_sided([Piece(n, s) for n, s in PENTOMINOES.items()])
    assert len(pieces) == 18
    assert sorted(canonical(p.shape, Mode.ONE_SIDED) for p in pieces) == polyominoes(5, Mode.ONE_SIDED)


def test_piece_spec():
    assert [p.name for p in parse_piece_spec("pentominoes")] == [
        "I", "L", "Y", "P", "U", "V", "T", "N", "F", "W", "Z", "X"]
    assert [(p.name, p.count) for p in parse_piece_spec("P:12")] == [("P", 12)]
    assert len(parse_piece_spec("tetrominoes,O1:4")) == 6
    with pytest.raises(ValueError, match='unknown piece "Q"'):
        parse_piece_spec("F,Q")
    with pytest.raises(ValueError, match="not connected"):
        Piece("bad", ((0, 0), (0, 2)))
