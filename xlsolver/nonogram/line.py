"""The exact line solver: everything one clue implies about one line.

A *placement* puts every block of the clue at a start position so that blocks
keep their order, at least one white cell separates neighbours, and no block
covers a known white cell or leaves a known black cell uncovered. The line
solver answers with the OR of all placements (Tatham's trick, possible
because ``BLOCK | DOT == UNKNOWN``): a cell stays ``BLOCK`` or ``DOT`` only
if every placement agrees on it. When no placement exists the answer is
``None``; a contradiction is a value, not an exception.

How: dynamic programming over prefixes (the classic forward/backward
reachability, as in Batenburg & Kosters' or nonogrid's line solvers), with
each DP column held as a Python int used as a bit set. Pad the line with a
white cell at both ends; then a line matches ``W+ (B^L1 W+) ... (B^Lk W+)``.

    ``F[j]`` = the prefix lengths p such that cells ``[0, p)`` match the first
    j blocks, ending on a white cell.

``F[j]`` is ``F[j-1]`` pushed over one block and a white cell, then spread
over further white cells. The backward table is the same computation on the
reversed line. A block can start at p when the forward table reaches p with
the blocks before it and the backward table reaches ``p + L`` with the blocks
after it. Each step is a handful of shifts, ANDs and one addition over the
whole line, so a line costs O(blocks) big-int operations instead of
O(cells x blocks) Python steps. Road not taken: a numpy DP table, whose
per-call overhead dominates on 20-100 cell lines.

Results are memoised on ``(clue, line bytes)``: propagation and probing ask
the same question many times.
"""

from __future__ import annotations

import time
from functools import lru_cache

import numpy as np

from xlsolver.nonogram.kernel import KERNELS
from xlsolver.nonogram.model import BLOCK, DOT, UNKNOWN, Clue

__all__ = ["block_ranges", "choose_kernel", "solve_line", "solve_line_bytes", "solve_line_plain"]

# bytes.translate tables: a state byte to the ASCII digit "can it be black" / "can it be white".
_CAN_BLACK = bytes.maketrans(bytes([BLOCK, DOT, UNKNOWN]), b"101")
_CAN_WHITE = bytes.maketrans(bytes([BLOCK, DOT, UNKNOWN]), b"011")

_DIGIT = bytes.maketrans(b"01", b"\x00\x01")

CACHE_SIZE = 1 << 16

_chosen: list = [None]  # the compiled line kernel while it is the one chosen, else None


def choose_kernel(compiled: bool) -> None:
    """Have the misses of :func:`solve_line_bytes` run the compiled kernel (True) or the
    plain tables (False); a plain miss still switches when :meth:`KERNELS.use
    <xlsolver.core.accel.Kernels.use>` says the work has grown. Kept in a variable
    because asking on every miss would cost a compiled miss a third more."""
    _chosen[0] = KERNELS.get("line_kernel") if compiled else None


def solve_line(clue: Clue, line: np.ndarray) -> np.ndarray | None:
    """The most precise line implied by ``clue`` and ``line`` (states), or ``None``.

    ``line`` is a 1-D int8 array of ``BLOCK``/``DOT``/``UNKNOWN``. The answer
    is a new, read-only int8 array (a view of the cached bytes).

    >>> from xlsolver.nonogram.model import parse_grid
    >>> "".join("?#."[v % 3] for v in solve_line((3,), parse_grid("????")[0]))
    '?##?'
    """
    solved = solve_line_bytes(tuple(clue), line.tobytes())
    return None if solved is None else np.frombuffer(solved, dtype=np.int8)


@lru_cache(maxsize=CACHE_SIZE)
def solve_line_bytes(clue: Clue, data: bytes) -> bytes | None:
    """:func:`solve_line` on the line's bytes (one state per byte), answering bytes.

    The form the propagation loop uses: bytes are the cache key, compare
    with ``==`` and need no array round trip when nothing changed. With
    numba, a miss is computed by the compiled kernel (:mod:`.kernel`, the
    same answer some ten times sooner) once it is loaded (a big puzzle, or after
    :data:`~xlsolver.core.accel.SWITCH_SECONDS` of plain lines in this process:
    :meth:`~xlsolver.core.accel.Kernels.use`); else by the big-int tables here.
    """
    compiled = _chosen[0]
    if compiled is None and KERNELS.use():
        compiled = _chosen[0] = KERNELS.get("line_kernel")
    if compiled is not None:
        out = np.empty(len(data), dtype=np.int8)
        if not compiled(_clue_array(clue), np.frombuffer(data, dtype=np.int8), out):
            return None
        return out.tobytes()
    started = time.perf_counter()
    solved = solve_line_plain(clue, data)
    KERNELS.spend(time.perf_counter() - started)
    return solved


def solve_line_plain(clue: Clue, data: bytes) -> bytes | None:
    """:func:`solve_line_bytes` by the big-int tables, uncached (the path without numba)."""
    table = _Placements.of(clue, data)
    if table is None:
        return None
    return _states(table.black_cells(), table.white_cells(), table.n)


@lru_cache(maxsize=4096)
def _clue_array(clue: Clue) -> np.ndarray:
    if any(length <= 0 for length in clue):
        raise ValueError(f"clue {clue} has a number below 1")
    return np.array(clue, dtype=np.int64)


def block_ranges(clue: Clue, line: np.ndarray) -> list[tuple[int, int]] | None:
    """For each block, the half-open span ``(start, stop)`` of cells it can reach:
    its leftmost feasible start and the end of its rightmost feasible placement.

    These are the analyzer's candidate ranges, the words of an explanation
    ("the 4 must lie in cells 3..8"). ``None`` when no placement fits.

    >>> from xlsolver.nonogram.model import parse_grid
    >>> block_ranges((2, 1), parse_grid("?????")[0])
    [(0, 3), (3, 5)]
    """
    table = _Placements.of(tuple(clue), line.tobytes())
    if table is None:
        return None
    spans = []
    for length, starts in zip(table.clue, table.starts()):
        first = (starts & -starts).bit_length() - 1  # lowest set bit
        last = starts.bit_length() - 1  # highest set bit
        spans.append((first - 1, last - 1 + length))  # -1: undo the padding
    return spans


class _Placements:
    """The forward and backward reachability tables of one (clue, line).

    Positions and cells are in padded coordinates: padded cell ``c`` is line
    cell ``c - 1``; padded cells ``0`` and ``n + 1`` are white.
    """

    def __init__(self, clue: Clue, n: int, black: int, white: int, forward: list[int],
                 fits: dict[int, int]) -> None:
        self.clue, self.n, self.size = clue, n, n + 2
        self.forward, self.fits = forward, fits
        size = self.size
        back, _ = _reach(clue[::-1], _reverse(black, size), _reverse(white, size))
        # Back to forward coordinates: bit p of suffix[j] says cells [p, size)
        # match blocks j.. (a white cell first); positions run 0..size.
        self.suffix = [_reverse(b, size + 1) for b in reversed(back)]

    @classmethod
    def of(cls, clue: Clue, data: bytes) -> "_Placements | None":
        """The tables, or ``None`` when no placement fits (known after the forward pass)."""
        n = len(data)
        if any(length <= 0 for length in clue):
            raise ValueError(f"clue {clue} has a number below 1")
        black = int(data.translate(_CAN_BLACK)[::-1] or b"0", 2) << 1
        white = (int(data.translate(_CAN_WHITE)[::-1] or b"0", 2) << 1) | 1 | (1 << (n + 1))
        forward, fits = _reach(clue, black, white)
        if not forward[-1] >> (n + 2) & 1:
            return None
        return cls(clue, n, black, white, forward, fits)

    def starts(self) -> list[int]:
        """For each block, the bit set of the padded cells where it can start."""
        return [self.forward[j] & self.fits[length] & (self.suffix[j + 1] >> length)
                for j, length in enumerate(self.clue)]

    def black_cells(self) -> int:
        """Line cells some placement paints black (bit i = line cell i)."""
        covered = 0
        for length, starts in zip(self.clue, self.starts()):
            covered |= _smear(starts, length)
        return covered >> 1

    def white_cells(self) -> int:
        """Line cells some placement leaves white: the cell ends a prefix
        with j blocks and starts a suffix with the others."""
        white = 0
        for j in range(len(self.clue) + 1):
            white |= (self.forward[j] >> 1) & self.suffix[j]
        return (white >> 1) & ((1 << self.n) - 1)


def _reach(clue: Clue, black: int, white: int) -> tuple[list[int], dict[int, int]]:
    """``F[0..k]``: bit p of ``F[j]`` when cells ``[0, p)`` match ``W+`` then
    the first j blocks, each followed by ``W+`` (padded masks); and for each
    block length, where such a block fits (:func:`_runs`)."""
    fits = {length: _runs(black, length) for length in set(clue)}
    tables = [_spread(1, white) & ~1]  # W+ needs one white cell: drop p = 0
    for length in clue:
        ends = tables[-1] & fits[length] & (white >> length)
        tables.append(_spread(ends << (length + 1), white))
    return tables, fits


def _spread(positions: int, white: int) -> int:
    """Positions reachable from ``positions`` by stepping over white-able cells.

    Adding the seeds to the white mask carries through each run of ones from
    the lowest seed to the run's end and clears those bits (the carry trick of
    chess bitboards' sliding attacks): ``white & ~(white + seeds)`` is the run
    above each seed, less any other seeds it passed, which the OR restores.
    """
    seeds = positions & white
    cells = (white & ~(white + seeds)) | seeds
    return positions | (cells << 1)


def _runs(black: int, length: int) -> int:
    """Bit p set when cells ``[p, p + length)`` can all be black (doubling: O(log length))."""
    fit, covered = black, 1
    while covered < length:
        step = min(covered, length - covered)
        fit &= fit >> step
        covered += step
    return fit


def _smear(starts: int, length: int) -> int:
    """Every cell covered by a block of ``length`` starting at a bit of ``starts``."""
    cover, covered = starts, 1
    while covered < length:
        step = min(covered, length - covered)
        cover |= cover << step
        covered += step
    return cover


def _states(black: int, white: int, n: int) -> bytes:
    """Line states from the two cell bit sets: byte i is ``BLOCK`` (1) if cell i
    can be black, plus ``DOT`` (2) if it can be white.

    Each set becomes n bytes of 0 or 1 (its binary digits, cell 0 first);
    as big ints, shifting the white bytes one bit left never carries into
    the next byte, so one OR combines them all.
    """
    if not n:
        return b""
    digits = [format(bits, f"0{n}b")[::-1].encode().translate(_DIGIT) for bits in (black, white)]
    black_bytes, white_bytes = (int.from_bytes(d, "big") for d in digits)
    return (black_bytes | white_bytes << 1).to_bytes(n, "big")


def _reverse(bits: int, width: int) -> int:
    """``bits`` mirrored within ``width`` bits."""
    return int(format(bits, f"0{width}b")[::-1], 2)
