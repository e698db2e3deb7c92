"""The bitboard kernel's word tricks against plain set arithmetic, on both paths."""

import random

import numpy as np
import pytest

from xlsolver.polyomino import PENTOMINOES, Board, Piece, Tiler, bitboard

PENTOS = [Piece(n, s) for n, s in sorted(PENTOMINOES.items())]


def compiled_dead():
    """``dead`` compiled on its own (the module compiles only ``run`` for callers)."""
    numba = pytest.importorskip("numba")
    import types

    space = dict(vars(bitboard))
    for name in ("popcount", "grow", "dead"):
        fn = space[name]
        space[name] = numba.njit(types.FunctionType(fn.__code__, space, name))
    return space["dead"]


def regions_dead(open_cells, covered, piece, m, minsize, unit):
    """The same question on sets: does an open region touching ``piece`` have fewer than
    ``minsize`` cells, or a number that is not a multiple of ``unit``? Cells are numbered
    ``major * m + minor``."""
    empty = set(open_cells) - covered

    def near(i):
        r, c = i % m, i // m
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < m and cc * m + rr in empty:
                yield cc * m + rr

    seen = set()
    for start in {j for i in piece for j in near(i)}:
        if start in seen:
            continue
        region, todo = {start}, [start]
        while todo:
            for j in near(todo.pop()):
                if j not in region:
                    region.add(j)
                    todo.append(j)
        seen |= region
        if len(region) < minsize or len(region) % unit:
            return True
    return False


@pytest.mark.parametrize("m, n", [(6, 60), (8, 64), (3, 60), (5, 35)])
def test_dead_regions_match_set_arithmetic(m, n):
    rng = random.Random(n * m)
    geo = bitboard.geometry((1 << n) - 1, m, n)
    fast = compiled_dead() if bitboard.run_compiled is not None else None
    signed_geo = np.array([bitboard.signed(g) for g in geo], np.int64)
    checked = 0
    while checked < 400:
        board = rng.getrandbits(n)
        taken = [i for i in range(n) if board >> i & 1]
        if len(taken) < 5:
            continue
        piece = rng.sample(taken, 5)
        mask = sum(1 << i for i in piece)
        for minsize, unit in ((5, 5), (3, 1)):
            want = regions_dead(range(n), set(taken), piece, m, minsize, unit)
            assert bitboard.dead(board, mask, geo, minsize, unit) == want
            if fast is not None:
                assert fast(bitboard.signed(board), bitboard.signed(mask), signed_geo, minsize, unit) == want
        checked += 1


def test_popcount_and_signed_words():
    rng = random.Random(7)
    every = (1 << 64) - 1
    for _ in range(200):
        x = rng.getrandbits(64)
        assert bitboard.popcount(x, every) == bin(x).count("1")
        assert bitboard.signed(x) % (1 << 64) == x and -(1 << 63) <= bitboard.signed(x) < 1 << 63


def test_kernel_choice_follows_the_bounding_box():
    assert Tiler(Board.parse("10x6"), PENTOS).kernel == "bits"
    eight = Board.parse("8x8")
    assert Tiler(eight, PENTOS + [Piece("O4", ((0, 0), (0, 1), (1, 0), (1, 1)))]).kernel == "bits"
    assert Tiler(Board.parse("13x5"), PENTOS).kernel == "cells"  # 65 cells
    assert Tiler(Board.parse("10x6"), PENTOS, kernel_name="cells").kernel == "cells"
    with pytest.raises(ValueError, match="at most 64 cells"):
        Tiler(Board.parse("13x5"), PENTOS, kernel_name="bits")


def test_both_kernels_walk_the_same_tree_on_a_board_with_holes():
    # 29 open cells: five pentominoes and an L tetromino, so regions of 1 to 3 cells are
    # dead but any size from 4 up may live; every tiling listed, mirror images included.
    board = Board.parse("......\n......\n..#...\n......\n......")
    pieces = [p for p in PENTOS if p.name in "FLNPY"] + [Piece("L4", ((0, 0), (0, 1), (0, 2), (1, 0)))]
    found, nodes = {}, {}
    for name in ("bits", "cells"):
        tiler = Tiler(board, pieces, kernel_name=name)
        found[name] = sorted(tiler.tilings(up_to_symmetry=False))
        nodes[name] = tiler.nodes
    assert len(found["bits"]) > 10 and found["bits"] == found["cells"]
    assert nodes["bits"] == nodes["cells"]
