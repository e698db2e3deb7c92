"""How far past its budget a search runs: whole processes on a random nonogram, cold and warm.

Run from the repository root:

    python benchmarks/budget_overrun.py [--size 200] [--budgets 1,2,5,10] [--engines auto,native,sat]
                                       [--rounds 1] [--seed 1]

A random picture of ``--size`` x ``--size`` cells, black with chance 1/2 (fixed
``--seed``), is far past what line logic and probing settle, so every run
gives up. Each budget is run as a whole process, ``python -m xlsolver solve
random.non --budget B --engine E --json``, from this repository's sources:

- **cold**: on new, empty kernel caches (the plain kernels; the background
  warm-up the run starts at its end is stopped before the next run);
- **warm**: on the user's cache, warmed first (the compiled kernels).

For each it prints the seconds the report gives (the budget's clock, which
leaves out compiling and loading kernels) and the process's wall time, each
as the overrun past the budget (medians over ``--rounds``). The search's own
overrun is what a budget promises to bound; the rest of the wall time is
Python's start, imports, loading kernels, reading the file and printing.

Polyomino (``--kinds polyomino``): ``python -m xlsolver tile --board 300x300
--pieces P --budget B --json`` as a whole process for each ``--tile-pieces``
spec, cold and warm as above. A board that size has up to a million placements
to make before the search starts, and each search node floods a region of up
to 90,000 cells, so it shows whether the budget bounds the set-up as well as
the search. Printed: the seconds ``tile`` reports (its own wall time, loading
the kernels included), the process's wall time, and wall / budget.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from xlsolver.nonogram.formats_non import write_non  # noqa: E402  (the sources beside this script)
from xlsolver.nonogram.model import Nonogram  # noqa: E402

WARM_UP = "xlsolver.nonogram.kernel:warm_up"
TILE_WARM_UP = "xlsolver.polyomino.kernel:warm_up"


def runs(line) -> tuple[int, ...]:
    out, n = [], 0
    for black in line:
        if black:
            n += 1
        elif n:
            out.append(n)
            n = 0
    return tuple(out + [n] if n else out)


def random_nonogram(size: int, seed: int) -> Nonogram:
    picture = np.random.default_rng(seed).random((size, size)) < 0.5
    return Nonogram(tuple(runs(r) for r in picture), tuple(runs(c) for c in picture.T))


def fresh_caches(base: Path) -> dict:
    """An environment whose kernel caches are new, empty folders."""
    folder = Path(tempfile.mkdtemp(prefix="cache-", dir=base))
    (folder / "numba").mkdir()
    return {**os.environ, "NUMBA_CACHE_DIR": str(folder / "numba"), "XDG_CACHE_HOME": str(folder)}


def stop_warm_up(env: dict) -> None:
    """End the background warm-up a cold run started (its id is in the cache's lock file)."""
    lock = Path(env["NUMBA_CACHE_DIR"]) / "warm-up.lock"
    for _ in range(20):  # the run starts it as it exits: give it a moment to take the lock
        pid = lock.read_text().strip() if lock.exists() else ""
        if pid:
            try:
                os.kill(int(pid), signal.SIGTERM)
            except (OSError, ValueError):
                pass
            return
        time.sleep(0.05)


def solve(path: Path, budget: float, engine: str, env: dict) -> tuple[float, float, str]:
    """One whole ``xlsolver solve`` process: (reported seconds, wall seconds, verdict)."""
    return timed(["solve", str(path), "--budget", f"{budget:g}", "--engine", engine, "--json"], env)


def tile(board: str, pieces: str, budget: float, env: dict) -> tuple[float, float, str]:
    """One whole ``xlsolver tile`` process: (reported seconds, wall seconds, verdict)."""
    return timed(["tile", "--board", board, "--pieces", pieces, "--budget", f"{budget:g}", "--count", "--json"], env)


def timed(args: list[str], env: dict) -> tuple[float, float, str]:
    """Run ``xlsolver ARGS`` (one puzzle, --json) as a whole process: (reported seconds, wall seconds, verdict)."""
    argv = [sys.executable, "-m", "xlsolver", *args]
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    [report] = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    return report["seconds"], wall, report["status"]


def tile_overruns(args: argparse.Namespace, base: Path) -> None:
    """The polyomino rows: each piece set on the board, each budget, cold and warm."""
    subprocess.run([sys.executable, "-m", "xlsolver.core.warm", "--wait", TILE_WARM_UP], cwd=ROOT, check=True)
    print(f"\ntile --board {args.tile_board} --count; whole process, median of {args.rounds}")
    print(f"{'pieces':14} {'budget':>7} {'caches':6} {'verdict':8} {'reported':>9} {'wall':>7} {'wall/budget':>12}")
    for pieces in args.tile_pieces.split(","):
        for budget in [float(b) for b in args.tile_budgets.split(",")]:
            for caches in (["cold"] if args.cold else []) + ["warm"]:
                rows = []
                for _ in range(args.rounds):
                    env = fresh_caches(base) if caches == "cold" else dict(os.environ)
                    rows.append(tile(args.tile_board, pieces.replace("+", ","), budget, env))
                    if caches == "cold":
                        stop_warm_up(env)
                reported = statistics.median(r[0] for r in rows)
                wall = statistics.median(r[1] for r in rows)
                print(f"{pieces:14} {budget:7g} {caches:6} {rows[0][2]:8} {reported:8.2f}s {wall:6.2f}s "
                      f"{wall / budget:11.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budgets", default="1,2,5,10")
    parser.add_argument("--engines", default="auto,native,sat")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--cold", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--kinds", default="nonogram,polyomino", help="nonogram, polyomino or both")
    parser.add_argument("--tile-board", default="300x300")
    parser.add_argument("--tile-pieces", default="P:18000,I2:45000,pentominoes",
                        help="comma-separated piece specs, each with its counts joined by +: P:18000,I2:40000+O4:5000")
    parser.add_argument("--tile-budgets", default="2")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    budgets = [float(b) for b in args.budgets.split(",")]
    engines = args.engines.split(",")
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        if "nonogram" in kinds:
            path = base / f"random{args.size}.non"
            path.write_text(write_non(random_nonogram(args.size, args.seed), title=f"random {args.size}x{args.size}"))
            subprocess.run([sys.executable, "-m", "xlsolver.core.warm", "--wait", WARM_UP], cwd=ROOT, check=True)
            print(f"random {args.size}x{args.size} (seed {args.seed}); overrun past the budget, "
                  f"median of {args.rounds}: search (reported seconds) / whole process (wall)")
            print(f"{'engine':8} {'budget':>7} {'caches':6} {'verdict':8} {'reported':>9} {'wall':>7} "
                  f"{'search over':>12} {'process over':>13}")
            for engine in engines:
                for budget in budgets:
                    for caches in (["cold"] if args.cold else []) + ["warm"]:
                        rows = []
                        for _ in range(args.rounds):
                            env = fresh_caches(base) if caches == "cold" else dict(os.environ)
                            rows.append(solve(path, budget, engine, env))
                            if caches == "cold":
                                stop_warm_up(env)
                        reported = statistics.median(r[0] for r in rows)
                        wall = statistics.median(r[1] for r in rows)
                        print(f"{engine:8} {budget:7g} {caches:6} {rows[0][2]:8} {reported:8.2f}s {wall:6.2f}s "
                              f"{reported - budget:+11.2f}s {wall - budget:+12.2f}s")
        if "polyomino" in kinds:
            tile_overruns(args, base)


if __name__ == "__main__":
    main()
