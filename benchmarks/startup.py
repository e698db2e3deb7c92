"""What a person waits for: whole xlsolver processes, cold and warm, beside a yardstick.

Run from the repository root:

    python benchmarks/startup.py [--rounds 7] [--corpora ../shared/corpora]

Every case runs as a whole process, in turn with the yardstick every file user
pays anyway (``python -c "import openpyxl"``), ``--rounds`` times; the script
prints each case's median wall time and its ratio to the yardstick's median in
the same run, beside the issue's target:

- ``xlsolver --help`` and ``--version`` (target: at most 0.3x);
- ``xlsolver solve dancer.non --json``, warm (at most 1.5x);
- ``xlsolver solve workbooks/nonogram.xlsx``, warm (at most 2.5x);
- the first run on an empty kernel cache of a 9x9 sudoku and of the bundled
  nonogram workbook, against the warm run of the same command (at most 3x the
  warm time, with the same verdicts): each cold round gets fresh, empty cache
  folders (``NUMBA_CACHE_DIR`` and ``XDG_CACHE_HOME``);
- the seconds xlsolver reports for a puzzle that comes first in a run against
  the same puzzle coming later in a run, after two others (within 2x): what the
  first puzzle must not carry is the loading of machinery. The same puzzle twice
  in one run is shown too, but its second copy is answered from the line
  solver's memo of lines already solved, a speed-up of the solver, not a cost of
  the first puzzle.

Painting speed against XlsxWriter is ``benchmarks/paint.py``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
YARDSTICK = [sys.executable, "-c", "import openpyxl"]
WARM_UPS = ["xlsolver.nonogram.kernel:warm_up", "xlsolver.sudoku.kernel:warm_up", "xlsolver.polyomino.kernel:warm_up"]
SUDOKU = ".2.6.8...58...97......4....37....5..6.......4..8....13....2......98...36...3.6.9.\n"


def xlsolver(*args: str) -> list[str]:
    """The console script installed beside this Python, as a user of its environment runs
    it (``python -m xlsolver`` without one). Not the first ``xlsolver`` on PATH: a version
    manager's shim there (pyenv's is a shell script) would add its own start-up."""
    script = Path(sysconfig.get_path("scripts")) / ("xlsolver.exe" if os.name == "nt" else "xlsolver")
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "xlsolver", *args]


def run(argv: list[str], env: dict | None = None, cwd: Path | None = None) -> tuple[float, str]:
    started = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=cwd)
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return seconds, done.stdout


def fresh_caches(base: Path) -> dict:
    """An environment whose kernel caches are new, empty folders."""
    folder = Path(tempfile.mkdtemp(prefix="cache-", dir=base))
    (folder / "numba").mkdir()
    return {**os.environ, "NUMBA_CACHE_DIR": str(folder / "numba"), "XDG_CACHE_HOME": str(folder)}


def verdicts(output: str) -> list[str]:
    """The verdict words of the report lines (``Heart: unique, 9x8, ...``)."""
    found = []
    for line in output.splitlines():
        if line.startswith("{"):
            found.append(json.loads(line)["status"])
        elif ": " in line and "," in line:
            found.append(line.split(": ", 1)[1].split(",", 1)[0])
    return found


def stop_warm_up(cache: Path) -> None:
    """End the background warm-up a cold run started (its process id is in the cache's
    lock file), so that it does not share the cores with the runs timed next."""
    lock = cache / "warm-up.lock"
    for _ in range(50):  # it starts as the run ends; give it up to 5 s to take the lock
        try:
            os.kill(int(lock.read_text().split()[0]), 15)
            return
        except (OSError, ValueError, IndexError):
            time.sleep(0.1)


def median(values: list[float]) -> float:
    return statistics.median(values)


def line(name: str, seconds: float, base: float, target: float | None, note: str = "") -> None:
    ratio = seconds / base
    mark = "" if target is None else (f"  target <= {target:g}x: " + ("met" if ratio <= target else "NOT met"))
    print(f"{name:<46} {seconds * 1000:8.0f} ms  {ratio:5.2f}x{mark}{note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=7, help="runs of each case (medians are printed)")
    parser.add_argument("--cold-rounds", type=int, default=3, help="runs on an empty kernel cache")
    parser.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="xlsolver-startup-"))
    dancer = args.corpora / "nonogram" / "webpbn" / "webpbn-00001-dancer.non"
    if not dancer.exists():
        raise SystemExit(f"no {dancer}: pass --corpora")
    book = work / "nonogram.xlsx"
    shutil.copy(ROOT / "workbooks" / "nonogram.xlsx", book)
    sudoku = work / "nine.txt"
    sudoku.write_text(SUDOKU)
    dancer_text = _puzzle_text(dancer)
    others = [_puzzle_text(args.corpora / "nonogram" / "webpbn" / name)
              for name in ("webpbn-00006-cat.non", "webpbn-00016-knot.non")]
    first_file, later_file = work / "first.txt", work / "later.txt"  # dancer first in one run, last in the other
    first_file.write_text("\n".join([dancer_text, *others]) + "\n")
    later_file.write_text("\n".join([*others, dancer_text]) + "\n")
    twice = work / "twice.txt"  # one puzzle twice in a run: the second answered from the line memo
    twice.write_text("\n".join([dancer_text] * 2) + "\n")
    warm_env = fresh_caches(work)

    cases = {
        "xlsolver --help": (xlsolver("--help"), 0.3),
        "xlsolver --version": (xlsolver("--version"), 0.3),
        "xlsolver solve dancer.non --json (warm)": (xlsolver("solve", str(dancer), "--json"), 1.5),
        "xlsolver solve nonogram.xlsx (warm)": (xlsolver("solve", str(book), "-o", str(work / "out.xlsx")), 2.5),
        "xlsolver solve nine.txt (warm)": (xlsolver("solve", str(sudoku)), None),
    }
    for argv, _ in cases.values():  # a first run of each, then every kernel compiled into the warm cache
        run(argv, warm_env)
    run([sys.executable, "-m", "xlsolver.core.warm", "--wait", *WARM_UPS], warm_env)
    times: dict[str, list[float]] = {name: [] for name in ["yardstick", *cases]}
    for _ in range(args.rounds):
        times["yardstick"].append(run(YARDSTICK)[0])
        for name, (argv, _) in cases.items():
            times[name].append(run(argv, warm_env)[0])
    base = median(times["yardstick"])
    print(f"{args.rounds} rounds, medians; yardstick python -c 'import openpyxl': {base * 1000:.0f} ms\n")
    for name, (_, target) in cases.items():
        line(name, median(times[name]), base, target)

    print(f"\nfirst run on an empty kernel cache ({args.cold_rounds} rounds), against the warm run:")
    for name, argv in (("solve nine.txt", xlsolver("solve", str(sudoku))),
                       ("solve nonogram.xlsx", xlsolver("solve", str(book), "-o", str(work / "cold.xlsx")))):
        warm_seconds, warm_out = [], ""
        cold_seconds, cold_out = [], ""
        for _ in range(args.cold_rounds):
            cold_env = fresh_caches(work)
            seconds, cold_out = run(argv, cold_env)
            cold_seconds.append(seconds)
            stop_warm_up(Path(cold_env["NUMBA_CACHE_DIR"]))  # it compiles in the background, after the run
            seconds, warm_out = run(argv, warm_env)
            warm_seconds.append(seconds)
        same = verdicts(cold_out) == verdicts(warm_out)
        warm = median(warm_seconds)
        cold = median(cold_seconds)
        print(f"{name:<46} cold {cold * 1000:6.0f} ms, warm {warm * 1000:6.0f} ms: {cold / warm:5.2f}x warm"
              f"  target <= 3x: {'met' if cold / warm <= 3 else 'NOT met'}; verdicts "
              f"{'identical' if same else 'DIFFER: ' + str(verdicts(cold_out)) + ' vs ' + str(verdicts(warm_out))}")

    print("\nreported seconds of a puzzle first in a run against the same puzzle later in a run:")
    firsts, laters, copies = [], [], []
    for _ in range(args.rounds):
        _, out = run(xlsolver("solve", str(first_file), "--json"), warm_env)
        firsts.append(_seconds(out)[0])
        _, out = run(xlsolver("solve", str(later_file), "--json"), warm_env)
        laters.append(_seconds(out)[-1])
        _, out = run(xlsolver("solve", str(twice), "--json"), warm_env)
        copies.append(_seconds(out)[1])
    first, later, copy = median(firsts), median(laters), median(copies)
    ratio = first / later if later else float("inf")
    print(f"{'dancer first, and third after cat and knot':<46} {first * 1000:8.2f} ms vs {later * 1000:.2f} ms: "
          f"{ratio:.2f}x  target <= 2x: {'met' if ratio <= 2 else 'NOT met'}")
    print(f"{'(dancer again in the same run)':<46} {copy * 1000:8.2f} ms: its lines come from the line solver's memo")
    shutil.rmtree(work, ignore_errors=True)


def _seconds(output: str) -> list[float]:
    return [json.loads(text)["seconds"] for text in output.splitlines() if text.startswith("{")]


def _puzzle_text(path: Path) -> str:
    """The puzzle of a .non file in xlsolver's compact text form (one line)."""
    sys.path.insert(0, str(ROOT))
    from xlsolver.nonogram.formats import read_puzzles

    return read_puzzles(path)[0].puzzle.to_text()


if __name__ == "__main__":
    main()
