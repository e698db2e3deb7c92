"""An independent tiler and verifier for the polyomino tests.

Written without the package's geometry: its own rotations, its own placement
search (recursion over the smallest open cell on Python sets), its own orbits.
"""

from __future__ import annotations

ROTATE = lambda r, c: (c, -r)  # noqa: E731  a quarter turn
MIRROR = lambda r, c: (r, -c)  # noqa: E731


def squares_group():
    """The eight symmetries of the square as functions on cells."""
    maps = []
    for flip in (False, True):
        for turns in range(4):
            def f(cell, flip=flip, turns=turns):
                r, c = MIRROR(*cell) if flip else cell
                for _ in range(turns):
                    r, c = ROTATE(r, c)
                return (r, c)
            maps.append(f)
    return maps


def norm(cells):
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def forms(shape, one_sided=False):
    group = squares_group()[:4] if one_sided else squares_group()
    return {norm(f(x) for x in shape) for f in group}


def tilings(board, pieces, gaps=0):
    """Every tiling as a frozenset of (name, frozenset(cells)). ``pieces``: (name, forms, count)."""
    board = frozenset(board)
    left = {name: count for name, _, count in pieces}
    shapes = {name: fs for name, fs, _ in pieces}
    found = []

    def go(open_cells, chosen, gaps_left):
        if not open_cells:
            if not any(left.values()):
                found.append(frozenset(chosen))
            return
        cell = min(open_cells)
        for name in sorted(left):
            if not left[name]:
                continue
            for form in shapes[name]:
                anchor = min(form)
                cells = frozenset((cell[0] + r - anchor[0], cell[1] + c - anchor[1]) for r, c in form)
                if cells <= open_cells:
                    left[name] -= 1
                    chosen.append((name, cells))
                    go(open_cells - cells, chosen, gaps_left)
                    chosen.pop()
                    left[name] += 1
        if gaps_left:
            go(open_cells - {cell}, chosen, gaps_left - 1)

    go(board, [], gaps)
    return found


def orbits(board, pieces, found):
    """How many classes the tilings fall into under the board's symmetries."""
    board = frozenset(board)
    forms_of = {name: fs for name, fs, _ in pieces}
    moves = []
    for f in squares_group():
        image = [f(x) for x in board]
        r0 = min(r for r, _ in image) - min(r for r, _ in board)
        c0 = min(c for _, c in image) - min(c for _, c in board)
        move = lambda x, f=f, r0=r0, c0=c0: (f(x)[0] - r0, f(x)[1] - c0)  # noqa: E731
        if frozenset(move(x) for x in board) == board:
            moves.append(move)
    seen, classes = set(), 0
    for t in found:
        if t in seen:
            continue
        classes += 1
        for move in moves:
            image = set()
            for name, cells in t:
                moved = frozenset(move(x) for x in cells)
                owner = name if norm(moved) in forms_of[name] else \
                    next(n for n, fs in forms_of.items() if norm(moved) in fs)
                image.add((owner, moved))
            seen.add(frozenset(image))
    return classes


def check_tiling(board, pieces, tiling, gaps=0):
    """Assert one tiling is right: cells on the board and covered at most once, each piece
    used as often as asked in one of its allowed forms, at most ``gaps`` cells empty."""
    covered = [x for _, cells in tiling for x in cells]
    assert len(covered) == len(set(covered)), "a cell is covered twice"
    assert set(covered) <= set(board), "a piece leaves the board"
    assert len(set(board)) - len(covered) <= gaps, "cells left uncovered"
    used = {}
    forms_of = {name: fs for name, fs, _ in pieces}
    for name, cells in tiling:
        assert norm(cells) in forms_of[name], f"{name} has the wrong shape"
        used[name] = used.get(name, 0) + 1
    assert used == {name: n for name, _, n in pieces if n}, "pieces used the wrong number of times"
