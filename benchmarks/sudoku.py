"""Sudoku benchmark: xlsolver and the PyPI peers on the same puzzles, in one run.

Run from the repository root:

    python benchmarks/sudoku.py [--sample N] [--full] [--generate 1200] [--workers 2]
    python benchmarks/sudoku.py --sets top1465 --generate 0 --sixteen 0   # the solving target only

Sets (from ../shared/corpora/sudoku, read its README; every puzzle has one solution):
  top95, hardest11, top1465   hard collections
  17clue                      10,000 puzzles drawn with a fixed seed from the 49,158 known 17-clue ones

Solvers, each asked to solve a puzzle *and prove it unique* (look for a second solution):
  xlsolver:numba    solve(Sudoku.from_text(line)) one puzzle at a time, compiled by numba
                    (9x9: the band kernel of xlsolver.sudoku.nine)
  xlsolver:batch    the whole set through solve_many, parsing included (as `xlsolver solve`
                    reads a text file): timed as one call, best of --rounds
  xlsolver:plain    the same kernel as plain Python (what runs where numba cannot)
  hodoku:C          hodoku-py's bit-set backtracker in C (SudokuGenerator.solve_string, counts to 2)
  hodoku:validate   hodoku-py's public uniqueness check (Generator.validate)
  dlxsudoku         pure Python: singles, then dancing links asking for a second solution

The pure-Python solvers (xlsolver:plain, dlxsudoku) run once on the first N puzzles
of each set (--sample, default 200; --full for all). The quick ones make three
passes (--rounds), and each puzzle's quickest time counts. The solvers take turns
puzzle by puzzle, so a change in the load of the (shared) machine hits them alike.
Rates are puzzles per second of wall time; a ratio compares xlsolver:numba (and
xlsolver:batch) with a peer on the puzzles both ran (above 1: xlsolver is faster).
The batch runs take turns with hodoku:C running the same whole set in a loop, so
that ratio too is taken side by side. Every solution any solver returns is checked by
``valid_solution`` below, which shares no code with any solver, and a verdict other
than unique is counted as a failure.

Then: the time to generate minimal 9x9 puzzles with the worker processes of
``xlsolver generate`` (each re-checked by exact cover inside the generator, and
here once more by hodoku-py's counter and the verifier), 16x16 solve times, and one
25x25 generation. The issue's targets are printed at the end. The machine is
shared: read the ratios, which are taken side by side, before the absolute rates.
Peers that are not installed are skipped (pip install ".[bench]" in the clone).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from xlsolver.core import Status
from xlsolver.sudoku import Shape, Sudoku, solve, solve_many
from xlsolver.sudoku.generator import generate, make_puzzle

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPORA = ROOT.parent / "shared" / "corpora" / "sudoku"
SETS = {"top95": "top95.txt", "hardest11": "hardest11.txt", "top1465": "top1465.txt", "17clue": "17clue.txt"}
SAMPLE_17 = 10_000
SAMPLE_SEED = 2024

# The targets.
HODOKU_RATIO = 3.0  # top1465, xlsolver:numba against hodoku-py's compiled backtracker
GENERATE_SECONDS = 60.0  # 1200 minimal verified 9x9 puzzles on 2 cores
SIXTEEN_SECONDS = 0.2  # "well under a second": the slowest 16x16 solve under a fifth of one


def valid_solution(puzzle: str, solution: str) -> bool:
    """A 9x9 answer, as 81 digits, fills the puzzle: givens kept, every row,
    column and box a permutation of 1-9. Strings only, written for this script."""
    if len(solution) != 81 or any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    digits = set("123456789")
    rows = [solution[9 * r:9 * r + 9] for r in range(9)]
    cols = ["".join(row[c] for row in rows) for c in range(9)]
    boxes = ["".join(rows[r + i][c + j] for i in range(3) for j in range(3)) for r in (0, 3, 6) for c in (0, 3, 6)]
    return all(set(unit) == digits for unit in rows + cols + boxes)


@dataclass
class Runs:
    """One solver on one set: seconds per puzzle, and what went wrong."""

    seconds: list[float] = field(default_factory=list)
    failures: int = 0  # a verdict other than unique, an error, or a solution the verifier rejects
    checked: int = 0  # solutions the verifier accepted

    def rate(self, count: int | None = None) -> float:
        times = self.seconds[:count] if count is not None else self.seconds
        return len(times) / sum(times) if times and sum(times) > 0 else float("nan")


Solver = Callable[[str], tuple[str, list[str]]]  # puzzle text -> (verdict, solutions as 81 digits)


def xlsolver_solver(plain: bool) -> Solver:
    def run(text: str) -> tuple[str, list[str]]:
        result = solve(Sudoku.from_text(text), plain=plain)
        return result.status.value, ["".join(map(str, s)) for s in result.solutions]
    return run


def hodoku_c_solver() -> Solver | None:
    try:
        from hodoku.generator.generator import SudokuGenerator
    except ImportError:
        return None
    backtracker = SudokuGenerator()

    def run(text: str) -> tuple[str, list[str]]:
        backtracker.solve_string(text)
        found = backtracker.get_solution_count()
        verdict = {0: "none", 1: "unique"}.get(found, "multiple")
        return verdict, ["".join(map(str, backtracker.get_solution()))] if found else []
    return run


def hodoku_validate_solver() -> Solver | None:
    try:
        from hodoku import Generator
    except ImportError:
        return None
    checker = Generator()

    def run(text: str) -> tuple[str, list[str]]:
        verdict = checker.validate(text)
        return {"valid": "unique", "invalid": "none"}.get(verdict, "multiple"), []
    return run


def dlxsudoku_solver() -> Solver | None:
    try:
        from dlxsudoku import Sudoku as DlxSudoku
        from dlxsudoku.exceptions import SudokuHasMultipleSolutionsError
    except ImportError:
        return None

    def run(text: str) -> tuple[str, list[str]]:
        puzzle = DlxSudoku(text.replace(".", "0"))
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                puzzle.solve()  # singles are forced; the dancing links are asked for a second solution
        except SudokuHasMultipleSolutionsError:
            return "multiple", []
        except Exception:  # noqa: BLE001 - a peer's failure is its verdict
            return "error", []
        return "unique", ["".join(str(v) for row in puzzle.row_iter() for v in row)]
    return run


def solvers() -> dict[str, tuple[Solver, bool]]:
    """Name -> (solver, slow): the slow ones run on the sample only."""
    found = {"xlsolver:numba": (xlsolver_solver(False), False), "xlsolver:plain": (xlsolver_solver(True), True)}
    for name, make, slow in (("hodoku:C", hodoku_c_solver, False), ("hodoku:validate", hodoku_validate_solver, False),
                             ("dlxsudoku", dlxsudoku_solver, True)):
        solver = make()
        if solver is None:
            print(f"{name}: not installed, skipped (pip install \".[bench]\" in the clone)")
        else:
            found[name] = (solver, slow)
    return found


def load(corpora: Path) -> dict[str, list[str]]:
    sets = {}
    for name, file in SETS.items():
        lines = (corpora / file).read_text().split()
        if name == "17clue":
            lines = random.Random(SAMPLE_SEED).sample(lines, SAMPLE_17)
        sets[name] = lines
    return sets


def run_once(text: str, solver: Solver, runs: Runs, check: bool) -> None:
    start = time.perf_counter()
    try:
        verdict, solutions = solver(text)
    except Exception:  # noqa: BLE001
        verdict, solutions = "error", []
    runs.seconds.append(time.perf_counter() - start)
    if check:
        good = all(valid_solution(text, s) for s in solutions)
        runs.checked += len(solutions) if good else 0
        runs.failures += verdict != "unique" or not good


def run_set(puzzles: list[str], chosen: dict[str, tuple[Solver, bool]], limit: int | None,
            rounds: int) -> dict[str, Runs]:
    """Every solver on every puzzle (the slow ones on the first ``limit``), one
    puzzle at a time, each solver in turn, so that a change in the machine's load
    hits them alike; ``rounds`` passes, keeping each puzzle's quickest time. The
    verdicts and solutions of the first pass are checked."""
    best: dict[str, Runs] = {name: Runs() for name in chosen}
    for round_ in range(rounds):
        for i, text in enumerate(puzzles):
            order = list(chosen.items())
            order = order[i % len(order):] + order[:i % len(order)]  # no solver always first
            for name, (solver, slow) in order:
                if slow and (round_ > 0 or (limit is not None and i >= limit)):
                    continue
                runs = Runs()
                run_once(text, solver, runs, check=round_ == 0)
                target = best[name]
                if round_ == 0:
                    target.seconds += runs.seconds
                    target.failures += runs.failures
                    target.checked += runs.checked
                else:
                    target.seconds[i] = min(target.seconds[i], runs.seconds[0])
    return best


def run_batch(puzzles: list[str], rounds: int, hodoku: Solver | None) -> tuple[Runs, float]:
    """The whole set through solve_many, parsing included, ``rounds`` times, each
    time followed by hodoku:C over the same set in a loop: (xlsolver's best round,
    its solutions checked, as Runs with one entry; hodoku's best whole-set seconds)."""
    best = Runs()
    hodoku_best = float("inf")
    for round_ in range(rounds):
        start = time.perf_counter()
        results = solve_many([Sudoku.from_text(text) for text in puzzles])
        seconds = time.perf_counter() - start
        if round_ == 0:
            for text, r in zip(puzzles, results):
                good = all(valid_solution(text, "".join(map(str, s))) for s in r.solutions)
                best.checked += len(r.solutions) if good else 0
                best.failures += r.status != Status.UNIQUE or not good
            best.seconds = [seconds]
        best.seconds[0] = min(best.seconds[0], seconds)
        if hodoku is not None:
            start = time.perf_counter()
            for text in puzzles:
                hodoku(text)
            hodoku_best = min(hodoku_best, time.perf_counter() - start)
    return best, hodoku_best


def warm_up(chosen: dict[str, tuple[Solver, bool]], text: str) -> None:
    """Load numba's cached kernels and the peers' tables before any clock runs."""
    for solver, _ in chosen.values():
        solver(text)


def solve_sets(sets: dict[str, list[str]], sample: int | None, rounds: int) -> tuple[dict, dict, dict]:
    chosen = solvers()
    first = next(iter(sets.values()))
    warm_up(chosen, first[0])
    solve_many([Sudoku.from_text(t) for t in first[:3]])
    table: dict[str, dict[str, Runs]] = {}
    loops: dict[str, float] = {}  # set -> hodoku:C's best seconds over the whole set, beside the batch runs
    hodoku = chosen.get("hodoku:C", (None,))[0]
    for set_name, puzzles in sets.items():
        table[set_name] = run_set(puzzles, chosen, sample, rounds)
        table[set_name]["xlsolver:batch"], loops[set_name] = run_batch(puzzles, rounds, hodoku)
        print(f"  {set_name}: done", flush=True)
    return table, chosen, loops


def batch_rate(puzzles: list[str], runs: Runs) -> float:
    return len(puzzles) / runs.seconds[0]


def print_table(sets: dict[str, list[str]], table: dict, names: list[str], loops: dict) -> None:
    print("\nsolve and prove unique: puzzles per second (puzzles run in brackets when fewer than the set)")
    print(f"{'set':<10} {'puzzles':>7} " + " ".join(f"{n:>17}" for n in names))
    for set_name, puzzles in sets.items():
        cells = []
        for n in names:
            r = table[set_name][n]
            if n == "xlsolver:batch":
                shown = f"{batch_rate(puzzles, r):,.0f}/s"
            else:
                shown = f"{r.rate():,.0f}/s" + (f" ({len(r.seconds)})" if len(r.seconds) < len(puzzles) else "")
            cells.append(f"{shown:>17}")
        print(f"{set_name:<10} {len(puzzles):>7} " + " ".join(cells))
    print("\nratios: xlsolver:numba rate / peer rate, on the puzzles both ran")
    peers = [n for n in names if not n.startswith("xlsolver:") or n == "xlsolver:plain"]
    print(f"{'set':<10} " + " ".join(f"{n:>17}" for n in peers))
    for set_name in sets:
        ours = table[set_name]["xlsolver:numba"]
        cells = []
        for n in peers:
            theirs = table[set_name][n]
            ratio = ours.rate(len(theirs.seconds)) / theirs.rate()
            cells.append(f"{ratio:>16.1f}x")
        print(f"{set_name:<10} " + " ".join(cells))
    if "hodoku:C" in names:
        print("\nbatch: xlsolver:batch (whole set, parse included) against hodoku:C, one puzzle at a time "
              "(best of each puzzle) and the whole set in a loop (best pass, run in turn with the batch)")
        for set_name, puzzles in sets.items():
            ours = batch_rate(puzzles, table[set_name]["xlsolver:batch"])
            each = table[set_name]["hodoku:C"].rate()
            loop = len(puzzles) / loops[set_name]
            print(f"{set_name:<10} {ours:>9,.0f}/s against {each:,.0f}/s: {ours / each:.1f}x; "
                  f"against {loop:,.0f}/s (loop): {ours / loop:.1f}x")
    failures = {n: sum(table[s][n].failures for s in sets) for n in names}
    checked = {n: sum(table[s][n].checked for s in sets) for n in names}
    print("\nchecks: solutions the independent verifier accepted / failures (verdict not unique, error, "
          "or a wrong solution)")
    for n in names:
        print(f"  {n:<16} {checked[n]:>6} accepted, {failures[n]} failures")


def generation(count: int, workers: int, hodoku_validate: Solver | None) -> tuple[float, list]:
    start = time.perf_counter()
    made = list(generate(Shape(3, 3), count, seed="bench", minimal=True, workers=workers))
    seconds = time.perf_counter() - start
    clues = [g.puzzle.clues for g in made]
    wrong = sum(not valid_solution(g.puzzle.to_text(), "".join(map(str, g.solution))) for g in made)
    line = (f"\ngenerate {count} minimal 9x9 puzzles, {workers} workers: {seconds:.1f} s "
            f"({count / seconds:.0f} puzzles/s), clues {min(clues)}-{max(clues)} "
            f"(mean {sum(clues) / len(clues):.1f}), proven minimal {sum(g.minimal for g in made)}/{count}; "
            f"solutions the verifier rejects: {wrong}")
    if hodoku_validate is not None:
        not_unique = sum(hodoku_validate(g.puzzle.to_text())[0] != "unique" for g in made)
        line += f"; hodoku-py's counter finds {count - not_unique}/{count} unique"
    print(line)
    return seconds, made


def sixteen(count: int) -> float:
    """Solve minimal 16x16 puzzles (the hardest the generator makes): the slowest time."""
    puzzles = [make_puzzle(Shape(4, 4), f"bench16:{i}").puzzle for i in range(count)]
    times = {False: [], True: []}
    for plain in (False, True):
        for p in puzzles:
            start = time.perf_counter()
            result = solve(p, plain=plain)
            times[plain].append(time.perf_counter() - start)
            assert result.status == Status.UNIQUE
    for plain in (False, True):
        t = times[plain]
        print(f"16x16 minimal, {count} puzzles, xlsolver:{'plain' if plain else 'numba'}: "
              f"mean {sum(t) / len(t) * 1000:.1f} ms, slowest {max(t) * 1000:.1f} ms")
    return max(times[False])


def twenty_five() -> tuple[float, object]:
    start = time.perf_counter()
    made = make_puzzle(Shape(5, 5), "bench25", minimal=False)
    seconds = time.perf_counter() - start
    print(f"25x25: one puzzle generated and re-checked by exact cover in {seconds:.1f} s, "
          f"{made.puzzle.clues} clues of 625 (minimal proven: {'yes' if made.minimal else 'no'})")
    return seconds, made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA)
    parser.add_argument("--sample", type=int, default=200, help="puzzles per set for the pure-Python solvers")
    parser.add_argument("--full", action="store_true", help="run every solver on every puzzle")
    parser.add_argument("--rounds", type=int, default=3,
                        help="passes of the quick solvers over each set; each puzzle's quickest time counts")
    parser.add_argument("--generate", type=int, default=1200, help="minimal 9x9 puzzles to generate (0: skip)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for generating (default 2)")
    parser.add_argument("--sixteen", type=int, default=20, help="minimal 16x16 puzzles to solve (0: skip them and the 25x25)")
    parser.add_argument("--sets", default="", help=f"comma-separated sets to solve (default all: {','.join(SETS)})")
    args = parser.parse_args()
    if not args.corpora.is_dir():
        print(f"no corpora at {args.corpora}")
        return 1
    load_avg = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"sudoku benchmark: {os.cpu_count()} cores, load average {load_avg:.1f} at the start")
    sets = load(args.corpora)
    if args.sets:
        sets = {name: sets[name] for name in args.sets.split(",")}
    table, chosen, loops = solve_sets(sets, None if args.full else args.sample, args.rounds)
    names = list(chosen)
    names.insert(1, "xlsolver:batch")
    print_table(sets, table, names, loops)
    gen_seconds = generation(args.generate, args.workers, chosen.get("hodoku:validate", (None,))[0]) \
        if args.generate else (None, [])
    slowest16 = sixteen(args.sixteen) if args.sixteen else None
    seconds25 = twenty_five()[0] if args.sixteen else None

    print("\ntargets (from the issue):")
    top = table.get("top1465", {})
    for peer, what in (("hodoku:C", "hodoku-py's compiled backtracker"), ("hodoku:validate", "hodoku-py's validate")):
        if peer in top:
            for mode, ours in (("one by one", top["xlsolver:numba"].rate()),
                               ("batch", batch_rate(sets["top1465"], top["xlsolver:batch"]))):
                ratio = ours / top[peer].rate()
                print(f"  top1465 solve-and-prove-unique >= {HODOKU_RATIO:g}x {what}, {mode}: {ratio:.1f}x "
                      f"({ours:,.0f}/s against {top[peer].rate():,.0f}/s): "
                      f"{'met' if ratio >= HODOKU_RATIO else 'NOT met'}")
    if gen_seconds[0] is not None:
        ok = gen_seconds[0] < GENERATE_SECONDS
        print(f"  {args.generate} minimal verified 9x9 puzzles in < {GENERATE_SECONDS:g} s on {args.workers} "
              f"workers: {gen_seconds[0]:.1f} s: {'met' if ok else 'NOT met'}")
    if slowest16 is not None:
        print(f"  16x16 well under a second (slowest of {args.sixteen} minimal puzzles < {SIXTEEN_SECONDS} s): "
              f"{slowest16:.3f} s: {'met' if slowest16 < SIXTEEN_SECONDS else 'NOT met'}")
        print(f"  25x25 generation works: {seconds25:.1f} s: met")
    failures = sum(r.failures for runs in table.values() for name, r in runs.items() if name.startswith("xlsolver"))
    print(f"  xlsolver: every corpus puzzle proven unique with a verified solution: "
          f"{'met' if failures == 0 else f'NOT met ({failures} failures)'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
