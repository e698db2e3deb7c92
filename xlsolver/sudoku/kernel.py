"""The search kernel: bit-set candidates, naked and hidden singles, locked
candidates (box-line reduction), and a depth-first search on the cell with fewest candidates (Norvig's "minimum
remaining values"), counting solutions up to a limit.

One function serves two paths. Its buffers are flat sequences it only
indexes, so plain Python runs it on lists, and numba compiles it for numpy
int64 arrays (``cache=True`` keeps the compiled code between runs). Set
``XLSOLVER_NO_NUMBA=1`` to force the plain path. The search is iterative and
all of its state lives in the buffers, so the caller can stop it after a slice
of nodes, check the clock, and resume it.

Registers (``regs``): 0 depth, 1 solutions found, 2 nodes, 3 started,
4/5/6 where the root propagation failed (kind: 1 cell, 2 unit; index; digit bit).
"""

from __future__ import annotations

from xlsolver.core.accel import compile_kernels

__all__ = ["KERNELS", "PAUSED", "popcount", "run", "warm_up"]

DONE = 0
PAUSED = 1


def propagate(n, br, locked, cand, base, units, peers, npeers, queue, qlen, regs, record, segs):
    """Naked singles through the queue, then hidden singles per unit, then
    locked candidates (:func:`line_box`, when ``locked``) when singles find
    nothing more, until nothing changes. ``cand[base:base+n*n]`` is the state. Returns False on a
    contradiction (recorded in regs[4:7] when ``record``)."""
    full = (1 << n) - 1
    while True:
        head = 0
        while head < qlen:
            cell = queue[head]
            head += 1
            bit = cand[base + cell]
            for k in range(npeers):
                p = base + peers[cell * npeers + k]
                m = cand[p]
                if m & bit:
                    m ^= bit
                    cand[p] = m
                    if m == 0:
                        if record:
                            regs[4] = 1
                            regs[5] = p - base
                            regs[6] = bit
                        return False
                    if m & (m - 1) == 0:
                        queue[qlen] = p - base
                        qlen += 1
        qlen = 0
        for u in range(3 * n):
            ones = 0
            twos = 0
            placed = 0
            for k in range(n):
                m = cand[base + units[u * n + k]]
                twos |= ones & m
                ones |= m
                if m & (m - 1) == 0:
                    placed |= m
            if ones != full:
                if record:
                    regs[4] = 2
                    regs[5] = u
                    regs[6] = full & ~ones
                return False
            once = ones & ~twos & ~placed  # digits with one place left, not yet placed there
            if once == 0:
                continue
            for k in range(n):
                c = units[u * n + k]
                m = cand[base + c]
                hit = m & once
                if hit and m != hit:
                    if hit & (hit - 1):
                        if record:
                            regs[4] = 2
                            regs[5] = u
                            regs[6] = hit
                        return False  # one cell is the only place of two digits
                    cand[base + c] = hit
                    queue[qlen] = c
                    qlen += 1
        if qlen == 0:
            if not locked:
                return True
            qlen = line_box(n, br, cand, base, units, queue, segs)
            if qlen < 0:
                if record:
                    regs[4] = 1
                    regs[5] = -qlen - 1
                    regs[6] = 0
                return False
            if qlen == 0 and segs[0] == 0:
                return True


def line_box(n, br, cand, base, units, queue, segs):
    """Locked candidates: where a box meets a row (or column) in a segment, a
    digit the box holds only in the segment leaves the rest of the line
    ("pointing"), and a digit the line holds only in the segment leaves the
    rest of the box ("claiming"). Cells left with one digit are queued; returns
    how many, or -1 - cell for a cell left with none. ``segs[0]`` says whether
    anything was removed; ``segs[1:]`` holds the OR of each segment."""
    bc = n // br
    removed = 0
    qlen = 0
    for kind in range(2):  # 0: rows, which cross boxes in segments of bc cells; 1: columns, of br
        seg_len = bc if kind == 0 else br
        band = br if kind == 0 else bc  # lines that cross the same boxes
        nseg = n // seg_len
        for line in range(n):
            ub = (kind * n + line) * n
            for j in range(nseg):
                m = 0
                for k in range(j * seg_len, (j + 1) * seg_len):
                    m |= cand[base + units[ub + k]]
                segs[1 + line * nseg + j] = m
        for line in range(n):
            ub = (kind * n + line) * n
            first = line - line % band
            for j in range(nseg):
                seg = segs[1 + line * nseg + j]
                rest_line = 0
                for jj in range(nseg):
                    if jj != j:
                        rest_line |= segs[1 + line * nseg + jj]
                rest_box = 0
                for other in range(first, first + band):
                    if other != line:
                        rest_box |= segs[1 + other * nseg + j]
                pointing = seg & ~rest_box & rest_line
                claiming = seg & ~rest_line & rest_box
                if pointing:
                    for k in range(n):
                        if j * seg_len <= k < (j + 1) * seg_len:
                            continue
                        c = units[ub + k]
                        old = cand[base + c]
                        if old & pointing:
                            new = old & ~pointing
                            cand[base + c] = new
                            removed = 1
                            if new == 0:
                                return -1 - c
                            if new & (new - 1) == 0:
                                queue[qlen] = c
                                qlen += 1
                if claiming:
                    for other in range(first, first + band):
                        if other != line:
                            ob = (kind * n + other) * n
                            for k in range(j * seg_len, (j + 1) * seg_len):
                                c = units[ob + k]
                                old = cand[base + c]
                                if old & claiming:
                                    new = old & ~claiming
                                    cand[base + c] = new
                                    removed = 1
                                    if new == 0:
                                        return -1 - c
                                    if new & (new - 1) == 0:
                                        queue[qlen] = c
                                        qlen += 1
    segs[0] = removed
    return qlen


def popcount(m):
    """Set bits of m < 2**56, by adding bits in parallel (Hacker's Delight 5-1); the
    final mask keeps the plain path, whose ints do not wrap, equal to the compiled one."""
    m = m - ((m >> 1) & 0x5555555555555555)
    m = (m & 0x3333333333333333) + ((m >> 2) & 0x3333333333333333)
    m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((m * 0x0101010101010101) >> 56) & 0xFF


def pick(n, cand, base):
    """The unsolved cell with fewest candidates, or -1 when all are solved."""
    best = -1
    best_count = n + 1
    for c in range(n * n):
        m = cand[base + c]
        if m & (m - 1):
            count = popcount(m)
            if count < best_count:
                best_count = count
                best = c
                if count == 2:
                    break
    return best


def run(n, br, locked, units, peers, npeers, cand, bcell, bleft, queue, regs, sols, limit, node_stop, segs):
    """Search from ``cand[0:n*n]`` (the initial candidates) until ``limit``
    solutions are found (their digits written to ``sols``), the tree is exhausted (DONE) or
    ``regs[2]`` reaches ``node_stop`` (PAUSED: call again to go on)."""
    size = n * n
    if regs[3] == 0:
        regs[3] = 1
        qlen = 0
        for c in range(size):
            m = cand[c]
            if m == 0:
                regs[4] = 1
                regs[5] = c
                regs[0] = -1
                return DONE
            if m & (m - 1) == 0:
                queue[qlen] = c
                qlen += 1
        if not propagate(n, br, locked, cand, 0, units, peers, npeers, queue, qlen, regs, True, segs):
            regs[0] = -1
            return DONE
        cell = pick(n, cand, 0)
        if cell < 0:
            for c in range(size):
                sols[c] = popcount(cand[c] - 1) + 1  # the digit of a one-bit set
            regs[1] = 1
            regs[0] = -1
            return DONE
        regs[0] = 0
        bcell[0] = cell
        bleft[0] = cand[cell]
    depth = regs[0]
    while depth >= 0:
        if regs[2] >= node_stop:
            regs[0] = depth
            return PAUSED
        left = bleft[depth]
        if left == 0:
            depth -= 1
            continue
        bit = left & -left
        bleft[depth] = left ^ bit
        regs[2] += 1
        base = (depth + 1) * size
        for c in range(size):
            cand[base + c] = cand[base - size + c]
        cell = bcell[depth]
        cand[base + cell] = bit
        queue[0] = cell
        if not propagate(n, br, locked, cand, base, units, peers, npeers, queue, 1, regs, False, segs):
            continue
        nxt = pick(n, cand, base)
        if nxt < 0:
            found = regs[1]
            if found < 2:
                for c in range(size):
                    sols[found * size + c] = popcount(cand[base + c] - 1) + 1
            regs[1] = found + 1
            if found + 1 >= limit:
                regs[0] = -1
                return DONE
            continue
        depth += 1
        bcell[depth] = nxt
        bleft[depth] = cand[base + nxt]
    regs[0] = -1
    return DONE


def run9(locked, units, peers, cand, bcell, bleft, queue, regs, sols, limit, node_stop, segs):
    """:func:`run` for the usual 9x9 with 3x3 boxes. With the size as constants the
    compiler unrolls the unit and peer loops: a fifth less time per puzzle."""
    return run(9, 3, locked, units, peers, 20, cand, bcell, bleft, queue, regs, sols, limit, node_stop, segs)


def warm_up() -> None:
    """Run every sudoku kernel (here, :mod:`.nine` and :mod:`.cover`) on small puzzles,
    for the background warm-up that fills the cache (:mod:`xlsolver.core.warm`)."""
    from xlsolver.sudoku.cover import cover_count
    from xlsolver.sudoku.model import Sudoku
    from xlsolver.sudoku.solver import count, count_solutions, solve, solve_many

    nine = Sudoku.from_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    four = Sudoku.from_text("1.....2...3.....")
    solve_many([nine, nine])  # the batch kernel
    count_solutions(nine)  # candidates loaded, then the band kernel
    count([511] * 81, nine.shape, locked=False)  # the generic kernel with the size as constants
    solve(nine)  # givens loaded and run in one call
    solve(four)
    cover_count(four)


# numba compiles without division-by-zero checks (error_model="numpy"), when first wanted.
KERNELS = compile_kernels((popcount, line_box, propagate, pick, run, run9), warm_up, error_model="numpy")


def __getattr__(name: str):
    """``run_compiled`` and ``run9_compiled``: :func:`run` and :func:`run9` compiled
    (numba imported and their code loaded now, if not yet), or None."""
    if name in ("run_compiled", "run9_compiled"):
        return KERNELS.get(name.removesuffix("_compiled"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
