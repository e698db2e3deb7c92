"""Sudoku rating benchmark: xlsolver's technique ladder and hodoku-py side by side.

Run from the repository root:

    python benchmarks/sudoku_rating.py [--top N] [--qqwing N] [--seed S] [--no-peer]

Sets (from ../shared/corpora/sudoku, read its README):
  top1465   hard puzzles (a seeded random sample of N, default 20)
  qqwing-*  QQWing's simple, easy, intermediate and expert sets, each labelled
            with QQWing's class (a sample of N per set for hodoku-py, default 10;
            xlsolver's QQWing class is checked on every puzzle of each set)

For each puzzle both explain it step by step to the end in the same run,
one after the other. Printed: seconds per puzzle for each (by the clock, and
as CPU time, which another job on a shared machine disturbs less; the
"faster" ratio is of CPU times), the share solved without guessing
(xlsolver's Guess step, hodoku-py's brute force), how often xlsolver's level
equals HoDoKu's (a guess counts as extreme on both sides), and xlsolver's
QQWing class against the file's label. The issue's targets are printed at
the end. hodoku-py is GPL and only run here (pip install ".[bench]" in the clone).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from xlsolver.sudoku import Sudoku, solve
from xlsolver.sudoku.techniques import explain, qqwing_class, rate

CORPORA = Path(__file__).resolve().parents[1].parent / "shared" / "corpora" / "sudoku"
QQWING = ("simple", "easy", "intermediate", "expert")


def read(name: str) -> list[str]:
    return [line.strip() for line in (CORPORA / name).read_text().splitlines() if line.strip()]


def ours(text: str) -> dict:
    puzzle = Sudoku.from_text(text)
    start, cpu = time.perf_counter(), time.process_time()
    solution = solve(puzzle).solutions[0]
    steps = list(explain(puzzle, solution))
    rating = rate(puzzle, steps)
    return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu, "level": rating.hodoku_level,
            "guessed": rating.guesses > 0, "qqwing": rating.qqwing, "score": rating.score}


def peer():
    try:
        from hodoku import Solver
    except ImportError:
        return None
    solver = Solver()

    def run(text: str) -> dict:
        start, cpu = time.perf_counter(), time.process_time()
        result = solver.solve(text.replace("0", "."))
        guessed = any(step.type.name == "BRUTE_FORCE" for step in result.steps)
        return {"seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu,
                "level": result.level.name.lower(), "guessed": guessed or not result.solved, "score": result.score}
    return run


def both(sample: list[str], run_peer) -> tuple[list[dict], list[dict] | None]:
    """Each puzzle by xlsolver then by the peer, in turn, so a machine shared
    with other work slows both alike."""
    mine, theirs = [], []
    for text in sample:
        mine.append(ours(text))
        if run_peer:
            theirs.append(run_peer(text))
    return mine, (theirs if run_peer else None)


def share(rows, key) -> float:
    return sum(1 for r in rows if key(r)) / len(rows) if rows else 0.0


def mean(rows: list[dict], key: str) -> float:
    return sum(r[key] for r in rows) / len(rows)


def report(name: str, mine: list[dict], theirs: list[dict] | None) -> dict:
    line = f"{name:<22} {len(mine):>4}  xlsolver {mean(mine, 'seconds'):6.3f} s ({mean(mine, 'cpu'):6.3f} cpu), " \
           f"no guess {share(mine, lambda r: not r['guessed']):6.1%}"
    out = {"ours": mine}
    if theirs:
        agree = share(list(zip(mine, theirs)), lambda p: p[0]["level"] == p[1]["level"])
        ratio = mean(theirs, "cpu") / mean(mine, "cpu")
        line += (f" | hodoku-py {mean(theirs, 'seconds'):6.3f} s ({mean(theirs, 'cpu'):6.3f} cpu), no guess "
                 f"{share(theirs, lambda r: not r['guessed']):6.1%} | {ratio:5.1f}x faster "
                 f"({mean(theirs, 'seconds') / mean(mine, 'seconds'):.1f}x by the clock), "
                 f"level agreement {agree:6.1%}")
        out.update(ratio=ratio, agree=agree, peer_noguess=share(theirs, lambda r: not r["guessed"]))
    out["noguess"] = share(mine, lambda r: not r["guessed"])
    print(line, flush=True)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--top", type=int, default=20, help="top1465 puzzles to sample (default 20)")
    parser.add_argument("--qqwing", type=int, default=10, help="puzzles per QQWing set for hodoku-py (default 10)")
    parser.add_argument("--seed", type=int, default=1465)
    parser.add_argument("--no-peer", action="store_true", help="run xlsolver only")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    run_peer = None if args.no_peer else peer()
    if run_peer is None and not args.no_peer:
        print("hodoku-py is not installed: xlsolver only (pip install \".[bench]\" in the clone)")

    print("set                     n    per puzzle, both solvers on the same puzzles in one run")
    sample = rng.sample(read("top1465.txt"), args.top)
    mine, theirs = both(sample, run_peer)
    top = report("top1465", mine, theirs)
    if theirs:
        from collections import Counter
        print(f"{'':23}       levels xlsolver {dict(Counter(r['level'] for r in mine))}, "
              f"hodoku-py {dict(Counter(r['level'] for r in theirs))}")

    classes = {}
    for label in QQWING:
        lines = read(f"qqwing-{label}.sdm")
        start = time.perf_counter()
        got = [qqwing_class(Sudoku.from_text(t)) for t in lines]
        classes[label] = sum(g == label for g in got) / len(lines)
        seconds = (time.perf_counter() - start) / len(lines)
        print(f"qqwing-{label:<15} {len(lines):>4}  QQWing class matches the label: {classes[label]:6.1%} "
              f"({seconds * 1000:.1f} ms/puzzle)")
        part = rng.sample(lines, args.qqwing)
        report(f"  sample {label}", *both(part, run_peer))

    print("\ntargets:")
    print(f"  QQWing class >= 99% on every set: {'met' if min(classes.values()) >= 0.99 else 'NOT met'} "
          f"({', '.join(f'{k} {v:.1%}' for k, v in classes.items())})")
    if theirs:
        print(f"  top1465 no-guess share >= hodoku-py's: {'met' if top['noguess'] >= top['peer_noguess'] else 'NOT met'}"
              f" ({top['noguess']:.1%} vs {top['peer_noguess']:.1%})")
        print(f"  top1465 HoDoKu level agreement >= 90%: {'met' if top['agree'] >= 0.9 else 'NOT met'} ({top['agree']:.1%})")
        print(f"  top1465 >= 20x faster per puzzle: {'met' if top['ratio'] >= 20 else 'NOT met'} ({top['ratio']:.1f}x)")


if __name__ == "__main__":
    main()
