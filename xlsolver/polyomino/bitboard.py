"""The bitboard kernel: boards whose bounding box has at most 64 cells as one machine word.

The cells of the bounding box are numbered along the board's short side first
(``index = major * m + minor``, ``m`` the short side), so every board of the
classic pentomino puzzles (6x10, 5x12, 4x15, 3x20, 8x8 less its centre) is one
64-bit word: bit ``i`` set means cell ``i`` is covered (blocked cells start
covered). A placement is a word too, and "does it fit" is ``mask & board == 0``.

The search is the one of :mod:`xlsolver.polyomino.kernel` (branch on the first
open cell, which is the lowest clear bit; the placements are grouped by their
lowest cell), with the board of each depth kept in ``boards`` so nothing has to
be undone but a piece count. After a placement, every open region it touches is
flood-filled by shifting words (a step is four shifts and three masks) and the
branch is cut when a region cannot be filled: fewer cells than the smallest
piece, or not a multiple of the cell count every piece shares (five, for
pentominoes). This is the cheap "dead region" test of the classic pentomino
programs, done a word at a time.

The same source runs two ways, as the cell kernel does: plain Python on lists of
non-negative ints below 2**64, and numba on int64 arrays, where a word with bit 63
set is negative. Every right shift is therefore masked to the bits a logical shift
would keep (``geo[2]``, ``geo[4]``), so both ways compute the same bits.

Buffers (besides those named in :mod:`xlsolver.polyomino.kernel`)
------------------------------------------------------------------
start      bit -> its placements ``start[i]:start[i+1]`` (those whose lowest bit is ``i``).
pl_mask    placement -> its word.            pl_piece  placement -> piece number.
boards     depth -> the covered cells before the choice made at that depth.
geo        0 the open cells of the board, 1 the cells not on the first minor line,
           2 those not on the last one (nor bit 63: a logical shift right by 1 clears it),
           3 ``m``, 4 the bits a logical shift right by ``m`` keeps, 5 every bit of a word
           (2**64 - 1 plain, -1 compiled).
"""

from __future__ import annotations

from xlsolver.core.accel import compile_kernels
from xlsolver.polyomino.kernel import warm_up

__all__ = ["KERNELS", "WORD", "dead", "geometry", "popcount", "run", "run_compiled", "signed"]


DONE = 0
PAUSED = 1
WORD = 64

M1 = 0x5555555555555555
M2 = 0x3333333333333333
M4 = 0x0F0F0F0F0F0F0F0F
H01 = 0x0101010101010101


def popcount(x, every):
    """How many bits of ``x`` are set (the SWAR count of Hacker's Delight, 5-1)."""
    x = x - ((x >> 1) & M1)
    x = (x & M2) + ((x >> 2) & M2)
    x = (x + (x >> 4)) & M4
    return ((x * H01) & every) >> 56


def grow(x, geo):
    """``x`` and its four neighbours' cells (off-board bits included; the caller masks)."""
    return x | ((x << 1) & geo[1]) | ((x >> 1) & geo[2]) | (x << geo[3]) | ((x >> geo[3]) & geo[4])


def dead(board, mask, geo, minsize, unit):
    """Whether covering ``mask`` (already in ``board``) left an open region that no set
    of the pieces can fill: smaller than ``minsize`` or not a multiple of ``unit``."""
    empty = geo[0] & ~board
    todo = grow(mask, geo) & empty
    while todo != 0:
        region = todo & -todo
        while True:
            more = grow(region, geo) & empty
            if more == region:
                break
            region = more
        size = popcount(region, geo[5])
        if size < minsize or size % unit != 0:
            return True
        todo &= ~region
        empty &= ~region
    return False


def expand(d, ncells, W, start, root, pl_piece, pl_mask, left, boards, cand, ncand, idx, cellat, regs):
    """Open the node at depth ``d``: the root piece's placements at the root (when there
    is one), else the placements that fit on the node's cell (the lowest clear bit at or
    after the previous one). False when all is covered."""
    board = boards[d]
    if d == 0 and len(root) > 0:
        for n in range(len(root)):
            cand[n] = root[n]
        cellat[0] = -1  # so the first cell-first node starts its scan at bit 0
        ncand[0] = len(root)
        idx[0] = 0
        return True
    c = 0 if d == 0 else cellat[d - 1] + 1
    while c < ncells and (board >> c) & 1 != 0:
        c += 1
    if c == ncells:
        return False
    cellat[d] = c
    n = 0
    npieces = len(left)
    base = c * npieces
    for k in range(npieces):
        if left[k] == 0:
            continue  # every copy placed: skip its placements at once
        for p in range(start[base + k], start[base + k + 1]):
            if pl_mask[p] & board == 0:
                cand[d * W + n] = p
                n += 1
    if regs[2] > 0:
        cand[d * W + n] = -1
        n += 1
    ncand[d] = n
    idx[d] = 0
    return True


def run(ncells, W, start, root, pl_piece, pl_mask, left, boards, cand, ncand, idx, cellat, regs, sols, maxsol,
        node_stop, geo, minsize, unit):
    """Search until done (DONE), or until ``node_stop`` nodes or ``maxsol`` solutions (PAUSED).
    ``regs`` as in :mod:`xlsolver.polyomino.kernel` (0 depth, 1 entering, 2 gaps left,
    3 nodes, 4 solutions written by this call)."""
    d = regs[0]
    regs[4] = 0
    while d >= 0:
        if regs[1] == 1:
            if regs[3] >= node_stop or regs[4] >= maxsol:
                regs[0] = d
                return PAUSED
            regs[3] += 1
            regs[1] = 0
            if not expand(d, ncells, W, start, root, pl_piece, pl_mask, left, boards, cand, ncand, idx, cellat, regs):
                row = regs[4] * ncells
                for k in range(ncells):
                    sols[row + k] = -1
                n = 0
                for k in range(d):
                    p = cand[k * W + idx[k] - 1]
                    if p >= 0:
                        sols[row + n] = p
                        n += 1
                regs[4] += 1
                d -= 1
            continue
        if idx[d] > 0:  # take the last choice back
            p = cand[d * W + idx[d] - 1]
            if p >= 0:
                left[pl_piece[p]] += 1
            else:
                regs[2] += 1
        if idx[d] < ncand[d]:
            p = cand[d * W + idx[d]]
            idx[d] += 1
            if p >= 0:
                left[pl_piece[p]] -= 1
                boards[d + 1] = boards[d] | pl_mask[p]
                if minsize > 0 and dead(boards[d + 1], pl_mask[p], geo, minsize, unit):
                    continue  # taken back at the top of the loop, like a finished branch
            else:
                regs[2] -= 1
                boards[d + 1] = boards[d] | (1 << cellat[d])
            d += 1
            regs[1] = 1
        else:
            d -= 1
    regs[0] = -1
    return DONE


KERNELS = compile_kernels((popcount, grow, dead, expand, run), warm_up)
"""The numba-compiled ``run``, made when first wanted (:class:`xlsolver.core.accel.Kernels`)."""


def __getattr__(name: str):
    """``run_compiled``: :func:`run` compiled (numba imported and its code loaded now, if not yet), or None."""
    if name == "run_compiled":
        return KERNELS.get("run")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def signed(word: int) -> int:
    """A word below 2**64 as the int64 with the same bits."""
    return word - (1 << WORD) if word >= 1 << (WORD - 1) else word


def geometry(open_bits: int, m: int, ncells: int) -> list[int]:
    """The ``geo`` buffer (see the module text) for a box of ``ncells`` bits, ``m`` to a line."""
    every = (1 << WORD) - 1
    first = sum(1 << i for i in range(0, ncells, m))
    last = sum(1 << i for i in range(m - 1, ncells, m))
    return [open_bits, every & ~first, every & ~last & (every >> 1), m, every >> m, every]
