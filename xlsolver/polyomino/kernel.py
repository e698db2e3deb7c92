"""The tiling kernel: exact cover of the board's cells, branching on the first open cell.

The board's cells are numbered in a scan order (along the board's short side, so
that the open frontier stays short). Every tiling covers the first open cell with
exactly one placement (or, when gaps are allowed, leaves it empty), so branching on
that cell finds each tiling exactly once, identical copies of a piece included.
This is the cell-first order of de Bruijn's and Scott's pentomino programs, which
Knuth's "Dancing Links" paper compares with the fewest-options (MRV) order of
Algorithm X: on packing problems the first open cell is
nearly always the most constrained item anyway, and finding it costs one scan.

One function serves two paths. Its buffers are flat sequences it only indexes, so
plain Python runs it on lists and numba compiles it for numpy int64 arrays
(``cache=True`` keeps the compiled code between runs). ``XLSOLVER_NO_NUMBA=1``
forces the plain path. The search is iterative and all of its state lives in the
buffers, so the caller can stop it after a slice of nodes, read the progress, check
the clock, collect the solutions found, and resume it.

The root
--------
When some piece has one copy, the root of the tree branches on where that piece
goes instead (the piece with the fewest placements, or the one whose placements
the symmetry restriction cut down: see :mod:`xlsolver.polyomino.solver`), and
every node below it on the first open cell. Every tiling places that piece
exactly once, so each is still found once; and a piece placed first is an
obstacle the whole search below it sees. On the 6x10 rectangle with the X
pentomino first, the tree is ten times smaller than with X waiting for its cell.

Buffers
-------
start      placements grouped by their first cell: ``start[c]:start[c+1]``.
root       the placements of the root piece (empty: every node is cell-first).
pl_piece   placement -> piece number.           pl_cells  placement -> S cells (-1 pads).
occ        cell -> 0 open, 1 covered, 2 left empty.
left       piece -> copies still to place.
cand       depth -> the W candidate placements of that node (-1: leave the cell empty); the
           root's candidates are ``root`` itself, read in place (see :func:`pick`), so that a
           root piece with 90,000 placements does not make every depth 90,000 wide.
ncand, idx depth -> how many candidates, how many tried.    cellat  depth -> its cell.
regs       0 depth, 1 entering a node (1/0), 2 gaps still allowed, 3 nodes, 4 solutions
           written to ``sols`` by this call, 5 the flood-fill stamp.
nbr        cell -> its 4 neighbours' numbers (-1 off the board).
seen, stack  scratch space of the flood fill in :func:`dead` (``minsize`` 0 turns it off).
sols       ``maxsol`` rows of ``solrow`` entries (the copies of all pieces, at least the
           placements of any solution): the placements of a solution, -1 padded.
"""

from __future__ import annotations

from xlsolver.core.accel import compile_kernels

__all__ = ["KERNELS", "DONE", "run", "run_compiled", "warm_up"]


DONE = 0
PAUSED = 1


def place(p, d, S, pl_piece, pl_cells, occ, left, cellat, regs, value):
    """Put candidate ``p`` of depth ``d`` on the board (value 1) or take it off (value 0)."""
    if p < 0:
        occ[cellat[d]] = 2 * value
        regs[2] -= 2 * value - 1
        return
    for j in range(S):
        x = pl_cells[p * S + j]
        if x < 0:
            break
        occ[x] = value
    left[pl_piece[p]] -= 2 * value - 1


def dead(p, S, pl_cells, occ, nbr, seen, stack, regs, minsize, unit):
    """Whether covering placement ``p`` cut off an open region no piece set can fill:
    fewer cells than the smallest piece, or (pieces all multiples of ``unit`` cells)
    a size that is not a multiple of ``unit``. Regions touching the piece are
    flood-filled once each; ``seen`` holds the stamp of the last fill."""
    regs[5] += 1
    stamp = regs[5]
    for j in range(S):
        x = pl_cells[p * S + j]
        if x < 0:
            break
        for k in range(4):
            y = nbr[4 * x + k]
            if y < 0 or occ[y] != 0 or seen[y] == stamp:
                continue
            seen[y] = stamp
            stack[0] = y
            top = 1
            size = 0
            while top > 0:
                top -= 1
                z = stack[top]
                size += 1
                for m in range(4):
                    w = nbr[4 * z + m]
                    if w >= 0 and occ[w] == 0 and seen[w] != stamp:
                        seen[w] = stamp
                        stack[top] = w
                        top += 1
            if size < minsize or size % unit != 0:
                return True
    return False


def pick(d, i, W, cand, root):
    """Candidate ``i`` of the node at depth ``d``: a placement of the root piece at the
    root (when there is one), else the node's own list."""
    if d == 0 and len(root) > 0:
        return root[i]
    return cand[d * W + i]


def expand(d, ncells, S, W, start, root, pl_piece, pl_cells, occ, left, cand, ncand, idx, cellat, regs):
    """Open the node at depth ``d``: the root piece's placements at the root (when there is
    one), else find the node's cell and list the placements that fit there.
    Returns False when every cell is covered (a solution)."""
    if d == 0 and len(root) > 0:
        cellat[0] = -1  # so the first cell-first node starts its scan at cell 0
        ncand[0] = len(root)
        idx[0] = 0
        return True
    c = 0 if d == 0 else cellat[d - 1] + 1
    while c < ncells and occ[c] != 0:
        c += 1
    if c == ncells:
        return False
    cellat[d] = c
    n = 0
    for p in range(start[c], start[c + 1]):
        if left[pl_piece[p]] == 0:
            continue
        fits = True
        for j in range(S):
            x = pl_cells[p * S + j]
            if x < 0:
                break
            if occ[x] != 0:
                fits = False
                break
        if fits:
            cand[d * W + n] = p
            n += 1
    if regs[2] > 0:
        cand[d * W + n] = -1
        n += 1
    ncand[d] = n
    idx[d] = 0
    return True


def run(ncells, S, W, start, root, pl_piece, pl_cells, occ, left, cand, ncand, idx, cellat, regs, sols, maxsol,
        solrow, node_stop, nbr, seen, stack, minsize, unit):
    """Search until done (DONE), or until ``node_stop`` nodes or ``maxsol`` solutions (PAUSED)."""
    d = regs[0]
    regs[4] = 0
    while d >= 0:
        if regs[1] == 1:
            if regs[3] >= node_stop or regs[4] >= maxsol:
                regs[0] = d
                return PAUSED
            regs[3] += 1
            regs[1] = 0
            if not expand(d, ncells, S, W, start, root, pl_piece, pl_cells, occ, left, cand, ncand, idx, cellat, regs):
                row = regs[4] * solrow
                for k in range(solrow):
                    sols[row + k] = -1
                n = 0
                for k in range(d):
                    p = pick(k, idx[k] - 1, W, cand, root)
                    if p >= 0:
                        sols[row + n] = p
                        n += 1
                regs[4] += 1
                d -= 1
            continue
        if idx[d] > 0:
            place(pick(d, idx[d] - 1, W, cand, root), d, S, pl_piece, pl_cells, occ, left, cellat, regs, 0)
        if idx[d] < ncand[d]:
            p = pick(d, idx[d], W, cand, root)
            place(p, d, S, pl_piece, pl_cells, occ, left, cellat, regs, 1)
            idx[d] += 1
            if minsize > 0 and p >= 0 and dead(p, S, pl_cells, occ, nbr, seen, stack, regs, minsize, unit):
                continue  # undone at the top of the loop, like a finished branch
            d += 1
            regs[1] = 1
        else:
            d -= 1
    regs[0] = -1
    return DONE


def warm_up() -> None:
    """Tile a small board with either kernel (:mod:`.kernel`, :mod:`.bitboard`), for
    the background warm-up that fills the cache (:mod:`xlsolver.core.warm`)."""
    from xlsolver.polyomino.board import Board
    from xlsolver.polyomino.pieces import PENTOMINOES, Piece
    from xlsolver.polyomino.solver import solve

    pieces = [Piece(name, shape) for name, shape in sorted(PENTOMINOES.items())]
    for kernel_name in ("bits", "cells"):
        solve(Board.parse("20x3"), pieces, kernel_name=kernel_name)


KERNELS = compile_kernels((place, dead, pick, expand, run), warm_up)
"""The numba-compiled ``run``, made when first wanted (:class:`xlsolver.core.accel.Kernels`)."""


def __getattr__(name: str):
    """``run_compiled``: :func:`run` compiled (numba imported and its code loaded now, if not yet), or None."""
    if name == "run_compiled":
        return KERNELS.get("run")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
