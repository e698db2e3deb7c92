"""Polyomino benchmark: xlsolver's tiler and exact-cover solvers from PyPI on the same boards.

Run from the repository root (the peers: pip install ".[bench]" in the clone):

    python benchmarks/polyomino.py [--boards 6x10,5x12,...] [--quick | --full]

Every solver gets the same problem: the twelve pentominoes on a board, with the
restriction piece (X on the rectangles, as in Knuth's "Dancing Links" paper) kept
to one placement per symmetry class, so each finds every tiling up to symmetry
once (6x10: 2339). The peers get the option list ready made (building it is not
timed); xlsolver's times include building its tables from the board and pieces.

Solvers, each on each board in the same run:
  xlsolver          the bitboard kernel compiled by numba (the default for these boards)
  xlsolver:cells    the general cell kernel, compiled (boards of any size)
  xlsolver:plain    the bitboard kernel as plain Python (no numba)        [6x10 only]
  xcover            Algorithm C (dancing cells) compiled by numba
  exact_cover       Algorithm X with dancing links in C (get_exact_cover, get_all_solutions)
  python            a pure-Python Algorithm X on dicts of sets, written below for reference
                    (the first solution everywhere; all solutions on 3x20, and with --full
                    on 6x10 too, where it takes minutes)

"first" is the time to the first tiling, "all" the time to every tiling (each
one built and checked by a verifier written here). Ratios are peer time divided
by xlsolver's (above 1: xlsolver is faster). Compilation is paid once before the
timings and reported apart. Peers that are not installed are skipped.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator

from xlsolver.polyomino import PENTOMINOES, Board, Piece, Tiler, solve

EIGHT_LESS_CENTRE = "\n".join("".join("#" if 3 <= r <= 4 and 3 <= c <= 4 else "." for c in range(8))
                              for r in range(8))
BOARDS = {  # name -> (board text, tilings up to symmetry)
    "6x10": ("10x6", 2339), "5x12": ("12x5", 1010), "4x15": ("15x4", 368), "3x20": ("20x3", 2),
    "8x8-2x2": (EIGHT_LESS_CENTRE, 65),
}
PENTOS = [Piece(name, shape) for name, shape in sorted(PENTOMINOES.items())]
XCOVER_FIGURE = 2.07  # the measurement of xcover on 6x10, all solutions (s)
DLX_C_FIGURE = 1.8  # a C dancing-links program on the same machine (s)

Option = tuple[str, tuple[tuple[int, int], ...]]
Result = tuple[float, float | None, int]  # seconds to the first, seconds to all (None: not run), count


# --- the problem, and a verifier that shares nothing with the solvers ----------------

def problem(board_text: str) -> tuple[Board, list[Option]]:
    board = Board.parse(board_text)
    return board, Tiler(board, PENTOS).options(restrict=True)


def verify(board: Board, chosen: list[Option]) -> None:
    """Each cell covered once, each pentomino used once, every piece five connected cells."""
    cells = [x for _, cs in chosen for x in cs]
    assert sorted(cells) == sorted(board.cells), "cells not covered exactly once"
    assert sorted(name for name, _ in chosen) == sorted(PENTOMINOES), "pieces not used once each"
    for _, cs in chosen:
        todo, seen = [cs[0]], {cs[0]}
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in cs and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert len(cs) == 5 == len(seen), "a piece is not five connected cells"


def items_of(options: list[Option]) -> tuple[list[list[int]], int]:
    """Options as lists of item numbers: the cells first, then one item per piece."""
    cells = sorted({x for _, cs in options for x in cs})
    number = {x: k for k, x in enumerate(cells)}
    piece = {name: len(cells) + k for k, name in enumerate(sorted({n for n, _ in options}))}
    return [[piece[name]] + [number[x] for x in cs] for name, cs in options], len(cells) + len(piece)


# --- a pure-Python Algorithm X, for reference ----------------------------------------

class DictAlgorithmX:
    """Knuth's Algorithm X on two dictionaries, in the way Ali Assaf showed it fits
    Python: ``holders[item]`` is the set of live options holding the item, and
    ``options[k]`` the items of option ``k``. Choosing option ``k`` removes every
    option that shares an item with it; backtracking puts them back in reverse order."""

    def __init__(self, options: list[list[int]]) -> None:
        self.options = options
        self.holders: dict[int, set[int]] = {}
        for k, items in enumerate(options):
            for item in items:
                self.holders.setdefault(item, set()).add(k)

    def _choose(self, k: int) -> list[set[int]]:
        removed = []
        for item in self.options[k]:
            for other in self.holders[item]:
                for shared in self.options[other]:
                    if shared != item:
                        self.holders[shared].discard(other)
            removed.append(self.holders.pop(item))
        return removed

    def _unchoose(self, k: int, removed: list[set[int]]) -> None:
        for item in reversed(self.options[k]):
            self.holders[item] = removed.pop()
            for other in self.holders[item]:
                for shared in self.options[other]:
                    if shared != item:
                        self.holders[shared].add(other)

    def covers(self, chosen: list[int] | None = None) -> Iterator[list[int]]:
        chosen = [] if chosen is None else chosen
        if not self.holders:
            yield list(chosen)
            return
        item = min(self.holders, key=lambda i: len(self.holders[i]))
        for k in sorted(self.holders[item]):
            removed = self._choose(k)
            chosen.append(k)
            yield from self.covers(chosen)
            chosen.pop()
            self._unchoose(k, removed)


# --- the solvers ---------------------------------------------------------------------

def run_xlsolver(board: Board, options: list[Option], kernel: str = "auto", plain: bool = False,
                 full: bool = True) -> Result:
    t0 = time.perf_counter()
    first = next(Tiler(board, PENTOS, kernel_name=kernel, plain=plain).tilings())
    t_first = time.perf_counter() - t0
    verify(board, list(first))
    if not full:
        return t_first, None, 0
    t0 = time.perf_counter()
    result = solve(board, PENTOS, kernel_name=kernel, plain=plain)
    t_all = time.perf_counter() - t0
    for tiling in result.tilings:
        verify(board, list(tiling))
    return t_first, t_all, result.count_up_to_symmetry


def run_xcover(board: Board, options: list[Option], full: bool = True) -> Result:
    from xcover import covers

    numbered, _ = items_of(options)
    t0 = time.perf_counter()
    first = next(covers(numbered))
    t_first = time.perf_counter() - t0
    verify(board, [options[k] for k in first])
    t0 = time.perf_counter()
    found = list(covers(numbered))
    t_all = time.perf_counter() - t0
    for sol in found:
        verify(board, [options[k] for k in sol])
    return t_first, t_all, len(found)


def run_exact_cover(board: Board, options: list[Option], full: bool = True) -> Result:
    import numpy as np
    import exact_cover

    numbered, width = items_of(options)
    matrix = np.zeros((len(numbered), width), dtype=bool)
    for k, items in enumerate(numbered):
        matrix[k, items] = True
    t0 = time.perf_counter()
    first = exact_cover.get_exact_cover(matrix)
    t_first = time.perf_counter() - t0
    verify(board, [options[k] for k in first])
    t0 = time.perf_counter()
    found = exact_cover.get_all_solutions(matrix)
    t_all = time.perf_counter() - t0
    for sol in found:
        verify(board, [options[k] for k in sol])
    return t_first, t_all, len(found)


def run_python(board: Board, options: list[Option], full: bool = True) -> Result:
    numbered, _ = items_of(options)
    t0 = time.perf_counter()
    first = next(DictAlgorithmX(numbered).covers())
    t_first = time.perf_counter() - t0
    verify(board, [options[k] for k in first])
    if not full:
        return t_first, None, 0
    t0 = time.perf_counter()
    count = 0
    for sol in DictAlgorithmX(numbered).covers():
        verify(board, [options[k] for k in sol])
        count += 1
    return t_first, time.perf_counter() - t0, count


def available(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def warm_up() -> dict[str, float]:
    """Pay each compiler once (numba loads or builds its code on the first call)."""
    paid = {}
    board, options = problem("20x3")
    t0 = time.perf_counter()
    solve(board, PENTOS)
    solve(board, PENTOS, kernel_name="cells")
    paid["xlsolver"] = time.perf_counter() - t0
    if available("xcover"):
        from xcover import covers

        t0 = time.perf_counter()
        list(covers(items_of(options)[0]))
        paid["xcover"] = time.perf_counter() - t0
    return paid


# --- the report ----------------------------------------------------------------------

def fmt(seconds: float | None) -> str:
    if seconds is None:
        return "-"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def ratio(peer: float | None, ours: float | None) -> str:
    return "-" if peer is None or not ours else f"{peer / ours:.1f}x"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", default=",".join(BOARDS), help="comma-separated, from: " + ", ".join(BOARDS))
    parser.add_argument("--quick", action="store_true",
                        help="skip the slow references (the plain-Python kernel, all solutions in pure Python)")
    parser.add_argument("--full", action="store_true",
                        help="also every 6x10 tiling by the pure-Python Algorithm X (minutes)")
    args = parser.parse_args(argv)
    paid = warm_up()
    print("compiled or loaded once before timing: " + ", ".join(f"{k} {fmt(v)}" for k, v in paid.items()))
    solvers: list[tuple[str, Callable[..., Result], dict]] = [
        ("xlsolver", run_xlsolver, {}),
        ("xlsolver:cells", run_xlsolver, {"kernel": "cells"}),
    ]
    if available("xcover"):
        solvers.append(("xcover", run_xcover, {}))
    if available("exact_cover"):
        solvers.append(("exact_cover", run_exact_cover, {}))
    solvers.append(("python", run_python, {}))
    for name in args.boards.split(","):
        text, expected = BOARDS[name]
        board, options = problem(text)
        print(f"\n{name}: {len(options)} options, {expected} tilings up to symmetry expected")
        print(f"  {'solver':<16}{'first':>11}{'all':>11}{'count':>7}{'first vs xlsolver':>19}{'all vs xlsolver':>17}")
        ours: Result | None = None
        rows = list(solvers)
        if name == "6x10" and not args.quick:
            rows.insert(2, ("xlsolver:plain", run_xlsolver, {"plain": True}))
        for label, run, extra in rows:
            full = label != "python" or (not args.quick and (name == "3x20" or (name == "6x10" and args.full)))
            got = run(board, options, full=full, **extra)
            if label == "xlsolver":
                ours = got
            if got[1] is not None:
                assert got[2] == expected, f"{label} found {got[2]} tilings on {name}, not {expected}"
            vs = (ratio(got[0], ours[0]), ratio(got[1], ours[1])) if label != "xlsolver" else ("", "")
            print(f"  {label:<16}{fmt(got[0]):>11}{fmt(got[1]):>11}{got[2] if got[1] is not None else '-':>7}"
                  f"{vs[0]:>19}{vs[1]:>17}", flush=True)
    print(f"\nfor scale, the issue's figures for 6x10, all solutions: xcover {XCOVER_FIGURE} s, "
          f"a C dancing-links program {DLX_C_FIGURE} s (another day, another load).")


if __name__ == "__main__":
    main()
