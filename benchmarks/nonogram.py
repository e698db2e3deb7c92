"""Nonogram benchmark: the webpbn survey set, and painting a large grid.

Run from the repository root:

    python benchmarks/nonogram.py [--budget SECONDS] [--corpus DIR]

For each puzzle of ../shared/corpora/nonogram/webpbn it prints the verdict,
the time, and whether the solution satisfies every clue (checked by a verifier
that shares no code with the solver). Then it times painting a solved 100x100
grid into a workbook and saving it through the openpyxl back end.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, Status
from xlsolver.nonogram import DOT, BLOCK, Nonogram, NonogramResult
from xlsolver.nonogram.formats import read_non
from xlsolver.nonogram.solver import solve
from xlsolver.sheets.nonogram_sheet import find_layout, import_plan, nonogram_plan

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpora" / "nonogram" / "webpbn"


def runs(line: np.ndarray) -> tuple[int, ...]:
    """Lengths of the runs of True in a boolean line (the verifier, written apart from the solver)."""
    padded = np.concatenate(([0], line.astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(padded))
    return tuple(int(n) for n in edges[1::2] - edges[::2])


def satisfies(puzzle: Nonogram, grid: np.ndarray) -> bool:
    return (all(runs(grid[i]) == puzzle.rows[i] for i in range(puzzle.height))
            and all(runs(grid[:, j]) == puzzle.cols[j] for j in range(puzzle.width)))


def bench_corpus(corpus: Path, budget: float) -> None:
    files = sorted(corpus.glob("*.non"))
    if not files:
        print(f"no .non files in {corpus}; pass --corpus")
        return
    print(f"{'puzzle':34} {'size':>7} {'verdict':>9} {'seconds':>8}  check")
    total = 0.0
    for path in files:
        parsed = read_non(path.read_text(), source=path.name)
        puzzle = parsed.puzzle
        start = time.perf_counter()
        result = solve(puzzle, None, Budget(seconds=budget))
        seconds = time.perf_counter() - start
        total += seconds
        check = "-"
        if result.solutions:
            check = "ok" if all(satisfies(puzzle, s) for s in result.solutions) else "WRONG"
        size = f"{puzzle.width}x{puzzle.height}"
        print(f"{path.stem:34} {size:>7} {result.status.value:>9} {seconds:8.3f}  {check}")
    print(f"{'total':34} {'':>7} {'':>9} {total:8.3f}")


def bench_paint(size: int = 100, seed: int = 1) -> None:
    """Time laying out, painting and saving a solved size x size grid."""
    rng = np.random.default_rng(seed)
    picture = rng.random((size, size)) < 0.5
    puzzle = Nonogram(tuple(runs(r) for r in picture), tuple(runs(c) for c in picture.T))
    known = np.where(picture, BLOCK, DOT).astype(np.int8)
    result = NonogramResult(Status.UNIQUE, (picture,), known, "unique solution")
    book = OpenpyxlWorkbook.new()
    book.add_sheet("Big")
    book.apply(import_plan(puzzle, "Big", "random"))
    layout = find_layout(book.snapshot("Big"))
    start = time.perf_counter()
    plan = nonogram_plan(layout, result, "Big")
    book.apply(plan)
    with tempfile.TemporaryDirectory() as tmp:
        book.save(Path(tmp) / "big.xlsx")
    print(f"paint {size}x{size} grid ({size * size} cells) and save: {time.perf_counter() - start:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=60.0, help="seconds per puzzle (default 60)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    bench_corpus(args.corpus, args.budget)
    bench_paint()


if __name__ == "__main__":
    main()
