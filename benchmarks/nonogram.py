"""Nonogram benchmark: xlsolver's engines and the PyPI peers on the same puzzles.

Run from the repository root:

    python benchmarks/nonogram.py [--budget SECONDS] [--taai N] [--peers puzzlekit] [--no-paint]

Sets (from ../shared/corpora/nonogram, read its README):
  survey   the ten webpbn puzzles of Jan Wolter's survey sample (Forever #6574 the hardest)
  taai     the TAAI-2011 tournament set, 1000 random 25x25 pictures (--taai N: the first N)

Solvers, each on every puzzle in the same run:
  xlsolver:auto    line logic and probing, then CaDiCaL for what is left (the default)
  xlsolver:native  line logic, probing and search, all in Python
  xlsolver:sat     line logic, then CaDiCaL straight away
  puzzlekit        puzzlekit's OR-Tools CP-SAT nonogram model, one worker (it looks for one
                   solution: it proves neither uniqueness nor a second solution)

xlsolver's verdict is one of unique / multiple / none / gave_up; every solution
any solver returns is checked against the clues by a verifier that shares no
code with the solver. The line cache is emptied before each xlsolver solve, so
no puzzle profits from another's work. Ratios are peer time / xlsolver time
(above 1: xlsolver is faster). The issue's targets are printed at the end.
Peers that are not installed are skipped (pip install "xlsolver[bench]").
"""

from __future__ import annotations

import argparse
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, Status
from xlsolver.nonogram import DOT, BLOCK, Nonogram, NonogramResult
from xlsolver.nonogram.fileformats import read_puzzles
from xlsolver.nonogram.line import solve_line_bytes
from xlsolver.nonogram.sat import available as sat_available
from xlsolver.nonogram.solver import solve
from xlsolver.sheets.nonogram_sheet import find_layout, import_plan, nonogram_plan

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPORA = ROOT.parent / "shared" / "corpora" / "nonogram"

# Published and measured figures the issue sets as targets (seconds).
SURVEY_TARGET = 1.0  # every survey puzzle, uniqueness proven
LALAFROGKK_TAAI = 13 * 60  # the tournament champion on the 1000 TAAI puzzles, one core (one solution each)


def runs(line: np.ndarray) -> tuple[int, ...]:
    """Lengths of the runs of True in a boolean line (the verifier, written apart from the solver)."""
    padded = np.concatenate(([0], line.astype(np.int8), [0]))
    edges = np.flatnonzero(np.diff(padded))
    return tuple(int(n) for n in edges[1::2] - edges[::2])


def satisfies(puzzle: Nonogram, grid: np.ndarray) -> bool:
    return (all(runs(grid[i]) == puzzle.rows[i] for i in range(puzzle.height))
            and all(runs(grid[:, j]) == puzzle.cols[j] for j in range(puzzle.width)))


@dataclass
class Run:
    """One solver on one puzzle."""

    verdict: str  # unique / multiple / none / gave_up for xlsolver; found / none / timeout for peers
    seconds: float
    check: str  # ok (every solution satisfies the clues), WRONG, or - (no solution returned)


Solver = Callable[[Nonogram, float], Run]


def checked(puzzle: Nonogram, grids) -> str:
    if not grids:
        return "-"
    return "ok" if all(satisfies(puzzle, g) for g in grids) else "WRONG"


def xlsolver_engine(engine: str) -> Solver:
    def run(puzzle: Nonogram, budget: float) -> Run:
        solve_line_bytes.cache_clear()
        start = time.perf_counter()
        result = solve(puzzle, None, Budget(seconds=budget), engine=engine)
        seconds = time.perf_counter() - start
        return Run(result.status.value, seconds, checked(puzzle, result.solutions))
    return run


def puzzlekit_solver() -> Solver | None:
    """puzzlekit's CP-SAT model (one solution), or None when it is not installed."""
    try:
        from puzzlekit.solvers.nonogram import NonogramSolver
    except ImportError:
        return None

    def run(puzzle: Nonogram, budget: float) -> Run:
        rows = [[str(n) for n in clue] for clue in puzzle.rows]
        cols = [[str(n) for n in clue] for clue in puzzle.cols]
        start = time.perf_counter()
        model = NonogramSolver(num_rows=puzzle.height, num_cols=puzzle.width, rows=rows, cols=cols)
        result = model.solve({"time_limit_sec": budget, "num_search_workers": 1})
        seconds = time.perf_counter() - start
        data = result.solution_data
        status = data.get("status", "Unknown")
        grids = []
        if status in ("Optimal", "Feasible"):
            matrix = data["solution_grid"].matrix
            grids.append(np.array([[cell != "-" for cell in row] for row in matrix], dtype=bool))
        verdict = {"Optimal": "found", "Feasible": "found", "Infeasible": "none"}.get(status, "timeout")
        return Run(verdict, seconds, checked(puzzle, grids))
    return run


def solvers(engines: list[str], peers: list[str]) -> dict[str, Solver]:
    chosen: dict[str, Solver] = {}
    for engine in engines:
        if engine in ("sat", "auto") and not sat_available():
            print(f"skipping xlsolver:{engine}: python-sat is not installed")
            continue
        chosen[f"xlsolver:{engine}"] = xlsolver_engine(engine)
    for peer in peers:
        made = {"puzzlekit": puzzlekit_solver}[peer]()
        if made is None:
            print(f"skipping {peer}: not installed (pip install 'xlsolver[bench]')")
        else:
            chosen[peer] = made
    return chosen


def run_set(puzzles: list[tuple[str, Nonogram]], chosen: dict[str, Solver], budget: float,
            per_puzzle: bool) -> dict[str, list[Run]]:
    """Every solver on every puzzle, in turn (puzzle by puzzle, so a load spike hits all alike)."""
    names = list(chosen)
    results: dict[str, list[Run]] = {name: [] for name in names}
    if per_puzzle:
        print(f"{'puzzle':28} {'size':>6}  " + "  ".join(f"{n:>24}" for n in names))
    for title, puzzle in puzzles:
        cells = []
        for name in names:
            run = chosen[name](puzzle, budget)
            results[name].append(run)
            cells.append(f"{run.verdict:>9} {run.seconds:8.3f} {run.check:>5}")
        if per_puzzle:
            print(f"{title[:28]:28} {puzzle.width:>2}x{puzzle.height:<3}  " + "  ".join(f"{c:>24}" for c in cells))
    return results


def summarise(puzzles: list[tuple[str, Nonogram]], results: dict[str, list[Run]]) -> None:
    names = list(results)
    base = names[0]
    print(f"\n{'solver':18} {'total s':>9} {'max s':>8} {'slowest':>12} {'ratio':>7}  verdicts; checks")
    for name in names:
        runs_ = results[name]
        total = sum(r.seconds for r in runs_)
        worst = max(range(len(runs_)), key=lambda i: runs_[i].seconds)
        verdicts = {}
        for r in runs_:
            verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
        wrong = sum(r.check == "WRONG" for r in runs_)
        ratio = total / sum(r.seconds for r in results[base])
        text = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
        print(f"{name:18} {total:9.2f} {runs_[worst].seconds:8.3f} {puzzles[worst][0][:12]:>12} {ratio:7.2f}  "
              f"{text}; {wrong} wrong")
    for name in names[1:]:
        slower = sum(a.seconds > b.seconds for a, b in zip(results[base], results[name]))
        print(f"{base} slower than {name} on {slower} of {len(puzzles)} puzzles")
    decided = [name for name in names if name.startswith("xlsolver:")]
    for i, j in [(a, b) for k, a in enumerate(decided) for b in decided[k + 1:]]:
        differ = sum(x.verdict != y.verdict and "gave_up" not in (x.verdict, y.verdict)
                     for x, y in zip(results[i], results[j]))
        print(f"verdicts of {i} and {j} differ on {differ} puzzles (gave_up aside)")


def survey(corpora: Path) -> list[tuple[str, Nonogram]]:
    return [(path.stem.removeprefix("webpbn-"), read_puzzles(path)[0].puzzle)
            for path in sorted((corpora / "webpbn").glob("*.non"))]


def taai(corpora: Path, count: int) -> list[tuple[str, Nonogram]]:
    path = corpora / "tournament" / "taai2011-questions.txt"
    if not path.exists() or count <= 0:
        return []
    entries = read_puzzles(path, "taai")[:count]
    return [(entry.title or f"#{k + 1}", entry.puzzle) for k, entry in enumerate(entries)]


def targets(name: str, survey_runs: list[Run], taai_runs: list[Run], taai_count: int) -> None:
    print(f"\ntargets for {name}:")
    if survey_runs:
        worst = max(r.seconds for r in survey_runs)
        proven = all(r.verdict in ("unique", "multiple", "none") for r in survey_runs)
        verdict = "met" if proven and worst < SURVEY_TARGET else "NOT met"
        print(f"  survey: every puzzle decided: {proven}; slowest {worst:.3f} s (target < {SURVEY_TARGET:g} s): {verdict}")
    if taai_runs:
        total = sum(r.seconds for r in taai_runs)
        decided = sum(r.verdict in ("unique", "multiple") and r.check == "ok" for r in taai_runs)
        scale = LALAFROGKK_TAAI * taai_count / 1000
        print(f"  TAAI: {decided} of {len(taai_runs)} decided with checked solutions; {total:.1f} s against "
              f"LalaFrogKK's published ~{scale:.0f} s for {taai_count} puzzles (x{scale / total:.1f})")


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
    parser.add_argument("--budget", type=float, default=30.0, help="seconds per puzzle and solver (default 30)")
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA, help="the nonogram corpora folder")
    parser.add_argument("--taai", type=int, default=1000, metavar="N", help="TAAI puzzles to run (default all 1000)")
    parser.add_argument("--engines", default="auto,sat,native", help="xlsolver engines, first is the baseline")
    parser.add_argument("--peers", default="puzzlekit", help="peer solvers ('' for none)")
    parser.add_argument("--per-puzzle", action="store_true", help="a line per TAAI puzzle too")
    parser.add_argument("--no-paint", action="store_true", help="skip timing the painting of a large grid")
    args = parser.parse_args()
    chosen = solvers([e for e in args.engines.split(",") if e], [p for p in args.peers.split(",") if p])
    print(f"budget {args.budget:g} s per puzzle and solver; times are wall seconds on this machine")
    sets = {"survey": survey(args.corpora), "taai": taai(args.corpora, args.taai)}
    results = {}
    for name, puzzles in sets.items():
        if not puzzles:
            print(f"\n{name}: no puzzles found under {args.corpora}")
            continue
        print(f"\n== {name}: {len(puzzles)} puzzles ==")
        results[name] = run_set(puzzles, chosen, args.budget, per_puzzle=name == "survey" or args.per_puzzle)
        summarise(puzzles, results[name])
    for solver in chosen:
        if solver.startswith("xlsolver:"):
            targets(solver, results.get("survey", {}).get(solver, []), results.get("taai", {}).get(solver, []),
                    len(sets["taai"]))
    if not args.no_paint:
        print()
        bench_paint()


if __name__ == "__main__":
    main()
