"""A compiled exact line solver: the same answer as :mod:`.line`, for numba.

:mod:`.line` computes a line with Python big ints as bit sets, which is the
fast way in plain Python. Compiled by numba, a plain dynamic programme over
(blocks placed, cells read) is faster still (a few microseconds for a 25-cell
line), so when numba is installed :func:`xlsolver.nonogram.line.solve_line_bytes`
calls :func:`line_compiled` on its cache misses. ``XLSOLVER_NO_NUMBA=1`` (or
no numba) keeps the big-int path; the tests run both against the same tables
and the oracle.

The programme, for clue ``L[0..k)`` on cells ``0..n``:

    G[j][i]  cells [0, i) hold exactly blocks 0..j-1, and cell i-1 (if any) is white
    F[j][i]  cells [0, i) hold exactly blocks 0..j-1 (the last may end at i)
    H[j][i]  cells [i, n) hold exactly blocks j..k-1, and cell i (if any) is white
    B[j][i]  cells [i, n) hold exactly blocks j..k-1 (the first may start at i)

    G[j][i] = white(i-1) and F[j][i-1]            F[j][i] = G[j][i] or (run L[j-1] fits [i-L, i) and G[j-1][i-L])
    H[j][i] = white(i) and B[j][i+1]              B[j][i] = H[j][i] or (run L[j] fits [i, i+L) and H[j+1][i+L])

Block j can start at s when ``G[j][s]``, its run fits, and ``H[j+1][s+L]``;
cell i can be white when some j has ``F[j][i]``, ``white(i)`` and
``B[j][i+1]``. A run fits when none of its cells is known white (prefix
counts make that one subtraction). O(n * k) steps.
"""

from __future__ import annotations

import numpy as np

from xlsolver.core.accel import compile_kernels

__all__ = ["KERNELS", "PROBE_REGS", "clue_table", "line_compiled", "line_kernel", "probe_compiled", "probe_kernel",
           "probe_registers", "warm_up"]

_BLOCK, _DOT = 1, 2


def line_kernel(clue, cells, out):
    """Write into ``out`` the OR of every placement of ``clue`` (int64 array)
    over ``cells`` (int8 states); return 1, or 0 when nothing fits."""
    n = cells.shape[0]
    size = (clue.shape[0] + 1) * (n + 1)
    return line_core(clue, cells, out, np.empty(2 * (n + 1), np.int64), np.empty(4 * size, np.uint8))


def line_core(clue, cells, out, counts, tables):
    """:func:`line_kernel` with its work space given: ``counts`` of 2 (n + 1)
    numbers, ``tables`` of 4 (k + 1)(n + 1) flags (G, F, H, B of the docstring, each
    row-major by block), so a caller solving many lines allocates once."""
    n = cells.shape[0]
    k = clue.shape[0]
    m = n + 1
    size = (k + 1) * m
    g, f, h, b = 0, size, 2 * size, 3 * size  # offsets of the four tables
    dots = counts[:m]  # dots[i]: cells in [0, i) known white
    cover = counts[m:2 * m]  # starts less ends of the runs that fit, by cell
    dots[0] = 0
    for i in range(n):
        dots[i + 1] = dots[i] + (1 if cells[i] == _DOT else 0)
    for j in range(k + 1):
        for i in range(m):
            if i == 0:
                v = 1 if j == 0 else 0
            else:
                v = 1 if (cells[i - 1] != _BLOCK and tables[f + j * m + i - 1]) else 0
            tables[g + j * m + i] = v
            if not v and j > 0:
                s = i - clue[j - 1]
                if s >= 0 and dots[i] == dots[s] and tables[g + (j - 1) * m + s]:
                    v = 1
            tables[f + j * m + i] = v
    if not tables[f + k * m + n]:
        return 0
    for j in range(k, -1, -1):
        for i in range(n, -1, -1):
            if i == n:
                v = 1 if j == k else 0
            else:
                v = 1 if (cells[i] != _BLOCK and tables[b + j * m + i + 1]) else 0
            tables[h + j * m + i] = v
            if not v and j < k:
                e = i + clue[j]
                if e <= n and dots[e] == dots[i] and tables[h + (j + 1) * m + e]:
                    v = 1
            tables[b + j * m + i] = v
    for i in range(m):
        cover[i] = 0
    for j in range(k):  # black: every cell of a run that fits (marked as a difference, then summed)
        length = clue[j]
        for s in range(n - length + 1):
            if tables[g + j * m + s] and dots[s + length] == dots[s] and tables[h + (j + 1) * m + s + length]:
                cover[s] += 1
                cover[s + length] -= 1
    run = 0
    for i in range(n):
        run += cover[i]
        state = _BLOCK if run > 0 else 0
        if cells[i] != _BLOCK:
            for j in range(k + 1):
                if tables[f + j * m + i] and tables[b + j * m + i + 1]:
                    state |= _DOT
                    break
        out[i] = state
    return 1


# --- propagation and probing over a whole grid ---------------------------------
#
# The grid is flat (cell (r, c) at r * w + c), lines are numbered rows 0..h-1
# then columns h..h+w-1, and the clues of all lines sit end to end in one
# array (``clues[starts[l]:starts[l + 1]]`` is line l's).


def _line_cells(line, h, w, index):
    """Where cell ``index`` of ``line`` is in the flat grid."""
    if line < h:
        return line * w + index
    return index * w + (line - h)


def propagate_kernel(grid, h, w, clues, starts, queue, queued):
    """Line-solve ``grid`` in place from the lines flagged in ``queued`` (and
    listed in ``queue[0:count]``, ``count = queued.sum()``) until nothing
    changes. Returns -1, or the line that has no placement."""
    lines = h + w
    head = 0
    count = 0
    for line in range(lines):
        if queued[line]:
            queue[count] = line
            count += 1
    tail = count % lines
    pending = count
    longest = max(h, w)
    buf = np.empty(longest, np.int8)
    out = np.empty(longest, np.int8)
    counts = np.empty(2 * (longest + 1), np.int64)
    most = 0
    for line in range(lines):
        most = max(most, starts[line + 1] - starts[line])
    tables = np.empty(4 * (most + 1) * (longest + 1), np.uint8)
    while pending:
        line = queue[head]
        head = (head + 1) % lines
        pending -= 1
        queued[line] = 0
        n = w if line < h else h
        for i in range(n):
            buf[i] = grid[_line_cells(line, h, w, i)]
        if not line_core(clues[starts[line]:starts[line + 1]], buf[:n], out[:n], counts, tables):
            for other in range(lines):
                queued[other] = 0
            return line
        for i in range(n):
            if out[i] != buf[i]:
                grid[_line_cells(line, h, w, i)] = out[i]
                crossing = (h + i) if line < h else i
                if not queued[crossing]:
                    queued[crossing] = 1
                    queue[tail] = crossing
                    tail = (tail + 1) % lines
                    pending += 1
    return -1


def _propagate_cell(grid, h, w, clues, starts, queue, queued, cell):
    """Propagate from the row and column of ``cell``."""
    queued[cell // w] = 1
    queued[h + cell % w] = 1
    return propagate_kernel(grid, h, w, clues, starts, queue, queued)


PROBE_REGS = 9
"""Registers of :func:`probe_kernel` before its saved pass order (see :func:`probe_registers`)."""


def probe_registers(h, w):
    """Zeroed registers for :func:`probe_kernel` on an ``h`` x ``w`` grid: the
    figures it reports, the state of a pass it paused, and that pass's order."""
    return np.zeros(PROBE_REGS + h * w, np.int64)


def probe_kernel(grid, h, w, clues, starts, least, share, budget, regs):
    """Probe the unknown cells of a propagated ``grid`` (in place) until a pass
    learns nothing, as :meth:`xlsolver.nonogram.search.Engine.probe` does:
    the cells most hemmed in by known neighbours first; a value whose
    propagation fails fixes the other; what both values imply holds.

    Stops early after ``max(least, share * unknown cells)`` fruitless probes
    in a row (``least < 0``: never), or once ``regs[0]`` reaches ``budget``
    probes. Returns 0 at the fixpoint, 1 on a contradiction (``regs[1]`` the
    cell, ``regs[2:4]`` the lines where its two values failed), 2 stopped by
    patience, 3 out of budget. ``regs`` (from :func:`probe_registers`):
    0 probes, 4 probes that taught, 5 fruitless probes in a row, 6 where the
    pass under way stands in its order, 7 its number of cells (0: none under
    way), 8 whether it taught, then the pass's order. Stopped by the budget,
    a call with the same ``grid`` and ``regs`` and a larger budget goes on
    where it stopped, so slicing the work (to look at the clock between
    slices) probes exactly what one call would.
    """
    size = h * w
    if regs.shape[0] < PROBE_REGS + size:
        raise ValueError("probe_kernel: regs too short; make them with probe_registers(h, w)")
    queue = np.empty(h + w, np.int64)
    queued = np.zeros(h + w, np.uint8)
    black = np.empty(size, np.int8)
    white = np.empty(size, np.int8)
    order = regs[PROBE_REGS:]
    while True:
        if regs[7] == 0:  # a new pass: the unknown cells, most hemmed in first
            count = 0
            for cell in range(size):
                if grid[cell] == 3:
                    r = cell // w
                    c = cell % w
                    hemmed = 0
                    if r == 0 or grid[cell - w] != 3:
                        hemmed += 1
                    if r == h - 1 or grid[cell + w] != 3:
                        hemmed += 1
                    if c == 0 or grid[cell - 1] != 3:
                        hemmed += 1
                    if c == w - 1 or grid[cell + 1] != 3:
                        hemmed += 1
                    order[count] = (4 - hemmed) * size + cell
                    count += 1
            if count == 0:
                return 0
            order[:count] = np.sort(order[:count])
            regs[6] = 0
            regs[7] = count
            regs[8] = 0
        count = regs[7]
        limit = max(least, share * count)
        while regs[6] < count:
            cell = order[regs[6]] % size
            if grid[cell] != 3:
                regs[6] += 1
                continue
            if least >= 0 and regs[5] > limit:
                return 2
            if regs[0] >= budget:
                return 3
            regs[6] += 1
            regs[0] += 1
            regs[5] += 1
            black[:] = grid
            black[cell] = 1
            failed_black = _propagate_cell(black, h, w, clues, starts, queue, queued, cell)
            white[:] = grid
            white[cell] = 2
            failed_white = _propagate_cell(white, h, w, clues, starts, queue, queued, cell)
            if failed_black >= 0 and failed_white >= 0:
                regs[1] = cell
                regs[2] = failed_black
                regs[3] = failed_white
                return 1
            if failed_black >= 0:
                grid[:] = white
            elif failed_white >= 0:
                grid[:] = black
            else:
                changed = False
                for i in range(size):
                    merged = black[i] | white[i]
                    if merged != grid[i]:
                        grid[i] = merged
                        queued[i // w] = 1
                        queued[h + i % w] = 1
                        changed = True
                if not changed:
                    continue
                failed = propagate_kernel(grid, h, w, clues, starts, queue, queued)
                if failed >= 0:  # sound but not expected (see the Python probe)
                    regs[1] = cell
                    regs[2] = failed
                    regs[3] = failed
                    return 1
            regs[5] = 0
            regs[8] = 1
            regs[4] += 1
        regs[7] = 0
        if not regs[8]:
            return 0


def warm_up() -> None:
    """Run every kernel here on a small puzzle, for the background warm-up that fills
    the cache (:mod:`xlsolver.core.warm`): the line solver through a solve, the probe
    as the SAT back end's root uses it."""
    from xlsolver.core.budget import Budget
    from xlsolver.nonogram.board import Board, start_grid
    from xlsolver.nonogram.model import Nonogram
    from xlsolver.nonogram.search import Engine
    from xlsolver.nonogram.solver import solve

    for text in ("1/3/1|1/3/1", "1/1|1/1"):
        puzzle = Nonogram.from_text(text)
        solve(puzzle, engine="native")
        Engine(puzzle, Budget().start()).probe_fast(Board.from_array(start_grid(puzzle, None)))


KERNELS = compile_kernels((line_core, line_kernel, _line_cells, propagate_kernel, _propagate_cell, probe_kernel),
                          warm_up)
"""The compiled copies, made when first wanted (:class:`xlsolver.core.accel.Kernels`)."""


def __getattr__(name: str):
    """``line_compiled`` and ``probe_compiled``: :func:`line_kernel` and :func:`probe_kernel`
    compiled (numba imported and their code loaded now, if not yet), or None."""
    if name in ("line_compiled", "probe_compiled"):
        return KERNELS.get(name.replace("_compiled", "_kernel"))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def clue_table(rows, cols) -> tuple[np.ndarray, np.ndarray]:
    """Every line's clue end to end, and where each starts (rows, then columns)."""
    flat = [n for clue in tuple(rows) + tuple(cols) for n in clue]
    starts = [0]
    for clue in tuple(rows) + tuple(cols):
        starts.append(starts[-1] + len(clue))
    return np.array(flat, dtype=np.int64), np.array(starts, dtype=np.int64)
