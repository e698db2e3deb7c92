"""Nonogram benchmark: xlsolver's engines and the PyPI peers on the same puzzles.

Run from the repository root:

    python benchmarks/nonogram.py [--budget SECONDS] [--taai N | --taai-only LIST] [--peers NAMES] [--taai-peers NAMES]

For example, the five hardest TAAI puzzles against puzzlekit, a line each, no survey:

    python benchmarks/nonogram.py --taai-only 510,652,549,713,750 --engines auto --no-survey \\
        --taai-peers puzzlekit --per-puzzle --no-paint

Sets (from ../shared/corpora/nonogram, read its README):
  survey   the ten webpbn puzzles of Jan Wolter's survey sample (Forever #6574 the hardest)
  taai     the TAAI-2011 tournament set, 1000 random 25x25 pictures (--taai N: the first N)

Solvers, each on every puzzle of a set in the same run, puzzle by puzzle:
  xlsolver:auto    line logic, compiled probing, then CaDiCaL for what is left (the default)
  xlsolver:sat     line logic, then CaDiCaL straight away
  xlsolver:native  line logic, probing and search, no SAT
  puzzlekit        puzzlekit's OR-Tools CP-SAT nonogram model, one worker
  picross-solver   line solving and guessing in Python and numpy
  nonogram-cracker line solving only (it stops where line logic stops: "stuck")
  nonogram-solver  line solving only, by enumerating each line's placements ("stuck" likewise)

The peers look for one solution and prove nothing about a second; xlsolver
says unique (proven by asking for two) or multiple (two shown). Solving a
sheet also proves which cells several solutions share (what it paints), work
no peer does; the times here are the verdict's, unless --shared. Every solution any solver returns is
checked against the clues by a verifier that shares no code with the solver;
on TAAI a "unique" solution must also equal the set's reference solution.
The line cache is emptied before each xlsolver solve, so no puzzle profits
from another's work; the compiled kernels are loaded once before timing.
On the survey each solver's time is its best of --repeat runs (default 5;
a run over a second is not repeated), on TAAI a single run. Ratios are peer
time / xlsolver time (above 1: xlsolver is faster). The
issue's targets and their ratios are printed at the end. Peers that are not
installed are skipped (pip install ".[bench]" in the clone).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import signal
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, Status
from xlsolver.nonogram import BLOCK, DOT, Nonogram, NonogramResult
from xlsolver.nonogram.formats import read_puzzles
from xlsolver.nonogram.line import solve_line_bytes
from xlsolver.nonogram.sat import available as sat_available
from xlsolver.nonogram.solver import solve
from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan
from xlsolver.sheets.nonogram_layout import find_layout

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPORA = ROOT.parent / "shared" / "corpora" / "nonogram"

# Published and measured figures the issue sets as targets (seconds).
SURVEY_TARGET = 1.0  # every survey puzzle, uniqueness proven
LALAFROGKK_997 = 784.0  # the tournament champion on the first 997 TAAI puzzles, one core here (one solution each)
LALAFROGKK_1000 = 13 * 60  # "about 13 minutes" for the whole set
ALL_PEERS = "puzzlekit,picross-solver,nonogram-cracker,nonogram-solver"
NOISE = 0.05  # timings this close count as a tie in "as fast as the best engine"


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

    verdict: str  # unique / multiple / none / gave_up for xlsolver; found / stuck / none / timeout / error for peers
    seconds: float
    check: str  # ok (every solution satisfies the clues), WRONG, or - (no solution returned)

    @property
    def solved(self) -> bool:
        return self.check == "ok"


@dataclass(frozen=True)
class Puzzle:
    title: str
    puzzle: Nonogram
    reference: np.ndarray | None = None  # a known solution (TAAI), to check "unique" against


Solver = Callable[[Puzzle, float], Run]


def checked(puzzle: Nonogram, grids) -> str:
    if not grids:
        return "-"
    return "ok" if all(satisfies(puzzle, g) for g in grids) else "WRONG"


# --- xlsolver -------------------------------------------------------------------------


def xlsolver_engine(engine: str, shared: bool = False) -> Solver:
    def run(item: Puzzle, budget: float) -> Run:
        solve_line_bytes.cache_clear()
        start = time.perf_counter()
        result = solve(item.puzzle, None, Budget(seconds=budget), engine=engine, shared=shared)
        seconds = time.perf_counter() - start
        check = checked(item.puzzle, result.solutions)
        if result.status == Status.MULTIPLE and np.array_equal(*result.solutions):
            check = "WRONG"  # two solutions must differ
        if result.status == Status.UNIQUE and item.reference is not None \
                and not np.array_equal(result.solutions[0], item.reference):
            check = "WRONG"  # "unique", yet the reference is another solution
        return Run(result.status.value, seconds, check)
    return run


def warm_up(engines: list[str]) -> float:
    """Load the compiled kernels (numba's cache) before timing: seconds it took."""
    start = time.perf_counter()
    tiny = Nonogram(((1,), (3,), (1,)), ((1,), (3,), (1,)))
    for engine in engines:
        solve(tiny, engine=engine)
    return time.perf_counter() - start


# --- the peers ------------------------------------------------------------------------


class _Timeout(Exception):
    pass


@contextlib.contextmanager
def time_limit(seconds: float):
    """Stop pure-Python peers after ``seconds`` (SIGALRM; POSIX main thread)."""
    def ring(signum, frame):
        raise _Timeout()

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _timed(puzzle: Nonogram, budget: float, attempt: Callable[[], tuple[str, list[np.ndarray]]]) -> Run:
    start = time.perf_counter()
    try:
        with time_limit(budget), contextlib.redirect_stdout(io.StringIO()):
            verdict, grids = attempt()
    except _Timeout:
        return Run("timeout", time.perf_counter() - start, "-")
    except Exception:  # noqa: BLE001 - a peer's crash is its verdict
        return Run("error", time.perf_counter() - start, "-")
    return Run(verdict, time.perf_counter() - start, checked(puzzle, grids))


def puzzlekit_solver() -> Solver | None:
    """puzzlekit's CP-SAT model (one solution), or None when it is not installed."""
    try:
        from puzzlekit.solvers.nonogram import NonogramSolver
    except ImportError:
        return None

    def run(item: Puzzle, budget: float) -> Run:
        puzzle = item.puzzle

        def attempt():
            rows = [[str(n) for n in clue] for clue in puzzle.rows]
            cols = [[str(n) for n in clue] for clue in puzzle.cols]
            model = NonogramSolver(num_rows=puzzle.height, num_cols=puzzle.width, rows=rows, cols=cols)
            data = model.solve({"time_limit_sec": budget, "num_search_workers": 1}).solution_data
            status = data.get("status", "Unknown")
            if status in ("Optimal", "Feasible"):
                matrix = data["solution_grid"].matrix
                return "found", [np.array([[cell != "-" for cell in row] for row in matrix], dtype=bool)]
            return {"Infeasible": "none"}.get(status, "timeout"), []
        return _timed(puzzle, budget + 5, attempt)  # its own limit first; ours in case it overruns
    return run


def picross_solver() -> Solver | None:
    """picross-solver (line solving and guessing, Python and numpy)."""
    try:
        from picross_solver import picross_solver as picross
    except ImportError:
        return None

    def run(item: Puzzle, budget: float) -> Run:
        puzzle = item.puzzle

        def attempt():
            grid = np.full(puzzle.shape, -1)
            rows = [list(c) or [0] for c in puzzle.rows]
            cols = [list(c) or [0] for c in puzzle.cols]
            if picross.solve(rows, cols, grid) and (grid >= 0).all():
                return "found", [grid == 1]
            return "stuck", []
        return _timed(puzzle, budget, attempt)
    return run


def cracker_solver() -> Solver | None:
    """nonogram-cracker (line solving only)."""
    try:
        import nonogram_cracker
    except ImportError:
        return None

    def run(item: Puzzle, budget: float) -> Run:
        puzzle = item.puzzle

        def attempt():
            answer = nonogram_cracker.solve({"name": item.title, "rows": [list(c) for c in puzzle.rows],
                                             "cols": [list(c) for c in puzzle.cols]})
            if answer["is_solved"]:
                return "found", [np.array([[ch == "█" for ch in row] for row in answer["solution"]], dtype=bool)]
            return ("none" if answer["is_unsolvable"] else "stuck"), []
        return _timed(puzzle, budget, attempt)
    return run


def nonogram_solver_solver() -> Solver | None:
    """nonogram-solver (line solving by enumerating placements)."""
    try:
        from nonogram_solver import solver as enumerate_lines
    except ImportError:
        return None

    def run(item: Puzzle, budget: float) -> Run:
        puzzle = item.puzzle

        def attempt():
            state = enumerate_lines.generate_solutions(
                puzzle.height, puzzle.width, [list(c) for c in puzzle.rows], [list(c) for c in puzzle.cols],
                -1 * np.ones(puzzle.shape))
            if (state >= 0).all():
                return "found", [state == 1]
            return "stuck", []
        return _timed(puzzle, budget, attempt)
    return run


PEERS = {"puzzlekit": puzzlekit_solver, "picross-solver": picross_solver, "nonogram-cracker": cracker_solver,
         "nonogram-solver": nonogram_solver_solver}


def solvers(engines: list[str], peers: list[str], shared: bool = False) -> dict[str, Solver]:
    chosen: dict[str, Solver] = {}
    for engine in engines:
        if engine in ("sat", "auto") and not sat_available():
            print(f"skipping xlsolver:{engine}: python-sat is not installed")
            continue
        chosen[f"xlsolver:{engine}"] = xlsolver_engine(engine, shared)
    for peer in peers:
        made = PEERS[peer]()
        if made is None:
            print(f"skipping {peer}: not installed (pip install '.[bench]' in the clone)")
        else:
            chosen[peer] = made
    return chosen


# --- running and summing up -------------------------------------------------------------


def best_of(solver: Solver, item: Puzzle, budget: float, repeat: int) -> Run:
    """The fastest of ``repeat`` runs; a run over REPEAT_UNDER seconds is not repeated."""
    best = solver(item, budget)
    for _ in range(repeat - 1):
        if best.seconds > REPEAT_UNDER:
            break
        again = solver(item, budget)
        if again.seconds < best.seconds:
            best = again
    return best


REPEAT_UNDER = 1.0


def run_set(puzzles: list[Puzzle], chosen: dict[str, Solver], budget: float,
            per_puzzle: bool, repeat: int = 1) -> dict[str, list[Run]]:
    """Every solver on every puzzle, in turn (puzzle by puzzle, so a load spike hits all alike)."""
    names = list(chosen)
    results: dict[str, list[Run]] = {name: [] for name in names}
    if per_puzzle:
        print(f"{'puzzle':18} {'size':>6}  " + "  ".join(f"{n[:22]:>22}" for n in names))
    for number, item in enumerate(puzzles, 1):
        cells = []
        for name in names:
            run = best_of(chosen[name], item, budget, repeat)
            results[name].append(run)
            cells.append(f"{run.verdict[:8]:>8} {run.seconds:7.3f} {run.check:>5}")
        if per_puzzle:
            print(f"{item.title[:18]:18} {item.puzzle.width:>2}x{item.puzzle.height:<3}  " + "  ".join(cells),
                  flush=True)
        elif number % 100 == 0:
            print(f"  ... {number} of {len(puzzles)}", flush=True)
    return results


def summarise(puzzles: list[Puzzle], results: dict[str, list[Run]]) -> None:
    names = list(results)
    base = names[0]
    print(f"\n{'solver':18} {'total s':>9} {'max s':>8} {'slowest':>12} {'ratio':>7}  verdicts; checks")
    for name in names:
        runs_ = results[name]
        total = sum(r.seconds for r in runs_)
        worst = max(range(len(runs_)), key=lambda i: runs_[i].seconds)
        verdicts: dict[str, int] = {}
        for r in runs_:
            verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
        wrong = sum(r.check == "WRONG" for r in runs_)
        ratio = total / max(sum(r.seconds for r in results[base]), 1e-9)
        text = ", ".join(f"{v} {n}" for v, n in sorted(verdicts.items()))
        print(f"{name:18} {total:9.2f} {runs_[worst].seconds:8.3f} {puzzles[worst].title[:12]:>12} {ratio:7.2f}  "
              f"{text}; {wrong} wrong")
    decided = [name for name in names if name.startswith("xlsolver:")]
    for i, j in [(a, b) for k, a in enumerate(decided) for b in decided[k + 1:]]:
        differ = sum(x.verdict != y.verdict and "gave_up" not in (x.verdict, y.verdict)
                     for x, y in zip(results[i], results[j]))
        print(f"verdicts of {i} and {j} differ on {differ} puzzles (gave_up aside)")


def vs_peers(name: str, set_name: str, results: dict[str, list[Run]], puzzles: list[Puzzle]) -> None:
    """Per-puzzle wins of ``name`` against each peer: faster, or the peer did not solve it."""
    mine = results[name]
    puzzles_titles = [item.title for item in puzzles]
    for peer, theirs in results.items():
        if peer.startswith("xlsolver:"):
            continue
        slower = [k for k, (a, b) in enumerate(zip(mine, theirs)) if b.solved and b.seconds < a.seconds]
        solved = sum(b.solved for b in theirs)
        total_mine = sum(a.seconds for a in mine)
        total_theirs = sum(b.seconds for b in theirs)
        print(f"  {set_name}: faster than {peer} on {len(mine) - len(slower)} of {len(mine)} puzzles "
              f"({peer} solved {solved}); total {total_theirs:.1f} s against {total_mine:.1f} s "
              f"(x{total_theirs / max(total_mine, 1e-9):.2f})"
              + (f"; slower on {len(slower)}: " + ", ".join(f"{puzzles_titles[k]} {mine[k].seconds:.3f} s vs "
                                                             f"{theirs[k].seconds:.3f} s" for k in slower[:10])
                 if slower else "; target met"))


def survey_targets(name: str, puzzles: list[Puzzle], results: dict[str, list[Run]]) -> None:
    runs_ = results[name]
    worst = max(r.seconds for r in runs_)
    proven = all(r.verdict in ("unique", "multiple", "none") and r.check != "WRONG" for r in runs_)
    unique = sum(r.verdict == "unique" for r in runs_)
    met = "met" if proven and worst < SURVEY_TARGET else "NOT met"
    print(f"  survey: {unique} of {len(runs_)} unique and proven, slowest {worst:.3f} s "
          f"(target < {SURVEY_TARGET:g} s, x{SURVEY_TARGET / worst:.1f} under): {met}")
    others = [n for n in results if n.startswith("xlsolver:") and n != name]
    if others:
        behind, ratios = [], []
        for k, item in enumerate(puzzles):
            best = min(results[o][k].seconds for o in others)
            ratios.append(f"{item.title[6:] or item.title} x{best / max(runs_[k].seconds, 1e-9):.2f}")
            if runs_[k].seconds > best * (1 + NOISE) + 1e-4:
                behind.append(f"{item.title} {runs_[k].seconds:.4f} s vs {best:.4f} s")
        print(f"  survey: as fast as the best of {', '.join(others)} (within {NOISE:.0%} or 0.1 ms) on "
              f"{len(puzzles) - len(behind)} of {len(puzzles)} puzzles"
              + (f"; behind on: {'; '.join(behind)}" if behind else ""))
        print(f"  survey: best other engine / {name}: " + ", ".join(ratios))


def taai_targets(name: str, puzzles: list[Puzzle], runs_: list[Run]) -> None:
    total = sum(r.seconds for r in runs_)
    unique = [r for r in runs_ if r.verdict == "unique"]
    multiple = [r for r in runs_ if r.verdict == "multiple"]
    correct = sum(r.check == "ok" for r in unique + multiple)
    print(f"  TAAI: {len(unique)} unique (each equal to the reference solution: "
          f"{all(r.check == 'ok' for r in unique)}), {len(multiple)} multiple (two different solutions, both "
          f"checked: {all(r.check == 'ok' for r in multiple)}); {correct} of {len(runs_)} verdicts correct")
    first = sum(r.seconds for r in runs_[:997])
    if len(runs_) >= 997:
        print(f"  TAAI: first 997 puzzles in {first:.1f} s against LalaFrogKK's {LALAFROGKK_997:g} s "
              f"(x{LALAFROGKK_997 / first:.2f}: {'met' if first < LALAFROGKK_997 else 'NOT met'}); all {len(runs_)} "
              f"in {total:.1f} s against ~13 min (x{LALAFROGKK_1000 / total:.2f})")
    else:
        scale = LALAFROGKK_997 * len(runs_) / 997
        print(f"  TAAI: {len(runs_)} puzzles in {total:.1f} s against LalaFrogKK's ~{scale:.0f} s pro rata "
              f"(x{scale / total:.2f})")
    slowest = sorted(range(len(runs_)), key=lambda k: -runs_[k].seconds)[:5]
    print("  TAAI slowest: " + ", ".join(f"{puzzles[k].title} {runs_[k].seconds:.3f} s ({runs_[k].verdict})"
                                         for k in slowest))


def survey(corpora: Path) -> list[Puzzle]:
    return [Puzzle(path.stem.removeprefix("webpbn-"), read_puzzles(path)[0].puzzle)
            for path in sorted((corpora / "webpbn").glob("*.non"))]


def reference_solutions(path: Path) -> dict[str, np.ndarray]:
    """The TAAI solutions file: ``$N`` then rows of tab-separated 0/1."""
    found: dict[str, list[list[bool]]] = {}
    current = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("$"):
            current = found.setdefault(line, [])
        elif line and current is not None:
            current.append([v == "1" for v in line.split()])
    return {key: np.array(rows, dtype=bool) for key, rows in found.items()}


def taai(corpora: Path, count: int, only: list[int] | None = None) -> list[Puzzle]:
    """The first ``count`` TAAI puzzles, or those numbered in ``only`` (1-based)."""
    path = corpora / "tournament" / "taai2011-questions.txt"
    if not path.exists() or (count <= 0 and not only):
        return []
    entries = read_puzzles(path, "taai")
    numbers = only or range(1, min(count, len(entries)) + 1)
    solutions_path = path.with_name("taai2011-solutions.txt")
    refs = reference_solutions(solutions_path) if solutions_path.exists() else {}
    return [Puzzle(f"#{k}", entries[k - 1].puzzle, refs.get(f"${k}")) for k in numbers if 1 <= k <= len(entries)]


def puzzle_numbers(spec: str) -> list[int]:
    """``"510,652,400-410"`` as the numbers it names, in that order."""
    numbers: list[int] = []
    for part in filter(None, (p.strip() for p in spec.split(","))):
        first, _, last = part.partition("-")
        numbers += range(int(first), int(last or first) + 1)
    return numbers


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
    book.apply(nonogram_plan(layout, result, "Big"))
    with tempfile.TemporaryDirectory() as tmp:
        book.save(Path(tmp) / "big.xlsx")
    print(f"paint {size}x{size} grid ({size * size} cells) and save: {time.perf_counter() - start:.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=30.0, help="seconds per puzzle and solver (default 30)")
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA, help="the nonogram corpora folder")
    parser.add_argument("--taai", type=int, default=1000, metavar="N", help="TAAI puzzles to run (default all 1000)")
    parser.add_argument("--taai-only", metavar="LIST", default=None,
                        help="only these TAAI puzzles, e.g. 510,652,400-450 (instead of the first N)")
    parser.add_argument("--engines", default="auto,sat,native", help="xlsolver engines, first is the baseline")
    parser.add_argument("--peers", default=ALL_PEERS, help=f"peer solvers on the survey (default {ALL_PEERS})")
    parser.add_argument("--taai-peers", default=None, metavar="NAMES",
                        help="peer solvers on the TAAI set (default: as --peers)")
    parser.add_argument("--per-puzzle", action="store_true", help="a line per TAAI puzzle too")
    parser.add_argument("--shared", action="store_true",
                        help="also prove the cells several solutions share (as a sheet's solve does), in the times")
    parser.add_argument("--repeat", type=int, default=5, metavar="N",
                        help="survey: each solver's best of N runs, for runs under 1 s (default 5)")
    parser.add_argument("--no-survey", action="store_true", help="skip the survey set")
    parser.add_argument("--no-paint", action="store_true", help="skip timing the painting of a large grid")
    args = parser.parse_args()
    engines = [e for e in args.engines.split(",") if e]
    peers = [p for p in args.peers.split(",") if p]
    taai_peers = peers if args.taai_peers is None else [p for p in args.taai_peers.split(",") if p]
    print(f"budget {args.budget:g} s per puzzle and solver; times are wall seconds on this machine")
    print(f"compiled kernels loaded in {warm_up([e for e in engines if e != 'sat' or sat_available()]):.2f} s "
          f"(once per process; not in the times below)")
    only = puzzle_numbers(args.taai_only) if args.taai_only else None
    sets = {"survey": ([] if args.no_survey else survey(args.corpora), peers),
            "taai": (taai(args.corpora, args.taai, only), taai_peers)}
    results: dict[str, dict[str, list[Run]]] = {}
    for name, (puzzles, set_peers) in sets.items():
        if not puzzles:
            if not (name == "survey" and args.no_survey):
                print(f"\n{name}: no puzzles found under {args.corpora}")
            continue
        print(f"\n== {name}: {len(puzzles)} puzzles ==")
        chosen = solvers(engines, set_peers, args.shared)
        results[name] = run_set(puzzles, chosen, args.budget, per_puzzle=name == "survey" or args.per_puzzle,
                                repeat=args.repeat if name == "survey" else 1)
        summarise(puzzles, results[name])
    baseline = f"xlsolver:{engines[0]}"
    print(f"\n== targets for {baseline} ==")
    if "survey" in results:
        survey_targets(baseline, sets["survey"][0], results["survey"])
        vs_peers(baseline, "survey", results["survey"], sets["survey"][0])
    if "taai" in results:
        taai_targets(baseline, sets["taai"][0], results["taai"][baseline])
        vs_peers(baseline, "TAAI", results["taai"], sets["taai"][0])
    if not args.no_paint:
        print()
        bench_paint()


if __name__ == "__main__":
    main()
