"""Batches as a user runs them: whole xlsolver processes on a folder of workbooks and
on files of sudoku lines, each measured beside the issue's target, in one run.

Run from the repository root:

    python benchmarks/batch.py [--quick] [--rounds 3] [--only books,overhead,lines,dask,resume]
                               [--quiet-load 1.0 --wait 1200] [--corpora ../shared/corpora]

Everything is made in a temporary folder, nothing in the repository:

- ``--books`` workbooks (default 200), each made by ``xlsolver generate sudoku
  --count K --seed I -o wbNNN.xlsx`` (an Index sheet and 2 to 4 puzzle sheets,
  9x9 and 6x6), the folder a teacher's class hands in;
- files of 9x9 sudoku lines, the corpus puzzles of ``--corpora`` (the four QQWing
  sets, then the 17-clue ones) repeated to ``--lines`` (default 100,000 and
  1,000,000).

``--quick`` is a smoke run: 20 workbooks, 10,000 and 100,000 lines.

Every command is a whole process (``xlsolver solve ... --json``, stdout to a file
in the folder, as ``> verdicts.jsonl`` would), timed by its wall clock, warm: on a
kernel cache of its own, filled first (``python -m xlsolver.core.warm --wait``).
The cold rows run on new, empty caches (``NUMBA_CACHE_DIR`` and
``XDG_CACHE_HOME``), and the background warm-up such a run starts as it ends is
stopped before the next run. Peak memory is the largest sum of the resident sets
of the process and all its descendants (pool workers, a Dask cluster's nannies and
workers), sampled every 50 ms with psutil (``pip install psutil``; without it
memory is not measured). Resident sets count the pages a forked worker shares with
its parent in both, so the sum is an upper bound. Each run's lines are checked:
one per puzzle, every verdict unique.

The cases and their targets:

- ``books``: the folder with ``--workers 2`` against ``--workers 1``, medians of
  ``--rounds`` runs taking turns (target: at least 1.8x faster); cold once each.
- ``overhead``: ``solve LINES.txt --json --workers 1`` on the smaller line file,
  less the same command on a file of 200 lines (start-up: Python, imports and
  loading the compiled kernels, which a file of one line never loads; its time
  is shown too), against ``xlsolver.sudoku.solver.solve_many`` on the same
  puzzles parsed beforehand (its batch rate, parsing excluded, timed in a process
  of its own on the same cache): at least half the kernel's rate. A cold run of
  10,000 lines is shown beside.
- ``lines``: both line files with ``--workers 1`` and ``--workers 2``: the larger
  file's rate with 2 workers at least 1.8x one worker's (rates over the whole wall
  time; with start-up taken off in brackets), and the peak memory of the larger
  file within 1.2x of the smaller's, for each worker count.
- ``dask``: ``--scheduler local --workers 2`` (a LocalCluster of two one-thread
  workers, started by the command) against ``--workers 2``, on the larger line
  file and on the folder: at least 0.8x the pool's rate, the cluster's start
  included, and the same JSON lines with the ``"seconds"`` values masked. A file
  of one line, run with each runner, gives the cluster's start-up; what the
  cluster costs past it, divided by the tasks, its cost a task.
- ``resume``: the folder with ``--workers 2``; once half the painted copies exist
  the process group gets SIGINT; then ``solve --skip-done --json`` again. Every
  input finished before the stop must be skipped, and the inputs done again that
  the first run had started must number at most the window of tasks in flight,
  2 x workers + 2. Those are counted two ways: the unfinished inputs before the
  last one finished (surely started: tasks start in input order), and every
  unfinished input the first run had handed out (at most the window past the
  inputs it had printed).

The machine is shared: the load average is printed with each case, and
``--quiet-load L --wait S`` waits up to S seconds before each case for the
one-minute load to fall below L.
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from xlsolver.jobs.batch import LINES_PER_TASK

ROOT = Path(__file__).resolve().parent.parent
SUDOKU_WARM_UP = "xlsolver.sudoku.kernel:warm_up"
CORPUS_FILES = ("qqwing-simple.sdm", "qqwing-easy.sdm", "qqwing-intermediate.sdm", "qqwing-expert.sdm", "17clue.txt")
BOOK_SHAPES = ((9, 3), (9, 4), (6, 3), (9, 2))  # (size, puzzles) of workbook i, in turn
STARTUP_LINES = 200  # past solve_many's BATCH_PUZZLES (100): the compiled kernels load
CASES = ("books", "overhead", "lines", "dask", "resume")
SECONDS = re.compile(rb'"seconds": [-0-9.eE]+')

# The targets.
BOOKS_SPEED_UP = 1.8
OVERHEAD_SHARE = 0.5  # of the kernel's batch rate
LINES_SPEED_UP = 1.8
MEMORY_GROWTH = 1.2  # peak at the larger line file against the smaller
DASK_SHARE = 0.8  # of the process pool's rate


# --- running whole processes -----------------------------------------------------------------


def xlsolver(*args: str) -> list[str]:
    """The console script installed beside this Python, as a user of its environment runs
    it (``python -m xlsolver`` without one), as benchmarks/startup.py runs it."""
    script = Path(sysconfig.get_path("scripts")) / ("xlsolver.exe" if os.name == "nt" else "xlsolver")
    return [str(script), *args] if script.exists() else [sys.executable, "-m", "xlsolver", *args]


def fresh_caches(base: Path) -> dict:
    """An environment whose kernel caches are new, empty folders."""
    folder = Path(tempfile.mkdtemp(prefix="cache-", dir=base))
    (folder / "numba").mkdir()
    return {**os.environ, "NUMBA_CACHE_DIR": str(folder / "numba"), "XDG_CACHE_HOME": str(folder)}


def stop_warm_up(env: dict) -> None:
    """End the background warm-up a cold run started (its process id is in the cache's
    lock file), so that it does not share the cores with the runs timed next."""
    lock = Path(env["NUMBA_CACHE_DIR"]) / "warm-up.lock"
    for _ in range(50):  # it starts as the run ends; give it up to 5 s to take the lock
        try:
            os.kill(int(lock.read_text().split()[0]), signal.SIGTERM)
            return
        except (OSError, ValueError, IndexError):
            time.sleep(0.1)


class TreePeak:
    """The largest summed resident set of a process and its descendants, sampled in a
    thread every ``every`` seconds while the process runs (None without psutil)."""

    def __init__(self, pid: int, every: float = 0.05) -> None:
        try:
            import psutil
        except ImportError:
            self.peak: int | None = None
            self._thread = None
            return
        self.peak = 0
        self._root = psutil.Process(pid)
        self._gone = (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess)
        self._stop = threading.Event()
        self._every = every
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.is_set():
            try:
                tree = [self._root, *self._root.children(recursive=True)]
            except self._gone:
                return
            total = 0
            for process in tree:
                try:
                    total += process.memory_info().rss
                except self._gone:
                    pass
            self.peak = max(self.peak, total)
            self._stop.wait(self._every)

    def stop(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()


@dataclass
class Run:
    """One whole process: its wall time, exit status, peak memory of its tree, and what it printed."""

    seconds: float
    status: int
    peak: int | None
    out: Path


def timed(argv: list[str], env: dict, cwd: Path, out: Path) -> Run:
    """Run ``argv`` with stdout to ``out``; stops the script on an exit status other than a verdict's (0, 1)."""
    with open(out, "wb") as sink:
        started = time.perf_counter()
        process = subprocess.Popen(argv, stdout=sink, stderr=subprocess.PIPE, env=env, cwd=cwd)
        peak = TreePeak(process.pid)
        _, err = process.communicate()
        seconds = time.perf_counter() - started
        peak.stop()
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({process.returncode}): {err.decode(errors='replace')[-600:]}")
    return Run(seconds, process.returncode, peak.peak, out)


def verdicts(out: Path) -> dict[str, int]:
    """How many JSON lines of ``out`` have each status."""
    counts: dict[str, int] = {}
    with open(out, "rb") as lines:
        for line in lines:
            status = json.loads(line)["status"]
            counts[status] = counts.get(status, 0) + 1
    return counts


def check_unique(run: Run, expected: int, what: str) -> None:
    """Stop the script unless ``run`` printed ``expected`` lines, every one unique."""
    counts = verdicts(run.out)
    if counts != {"unique": expected}:
        raise SystemExit(f"{what}: expected {expected:,} unique verdicts, got {counts}")


def json_lines(out: Path) -> list[dict]:
    """The JSON lines of ``out``; a last line cut short by a stop is left out."""
    found = []
    for line in out.read_bytes().splitlines():
        try:
            found.append(json.loads(line))
        except ValueError:
            pass
    return found


def same_lines(a: Path, b: Path) -> bool:
    """Whether two JSON-lines files are equal line by line, ``"seconds"`` values masked."""
    with open(a, "rb") as left, open(b, "rb") as right:
        for x, y in itertools.zip_longest(left, right):
            if x is None or y is None or SECONDS.sub(b"", x) != SECONDS.sub(b"", y):
                return False
    return True


def load_average() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def wait_for_quiet(threshold: float | None, longest: float) -> None:
    """Wait, up to ``longest`` seconds, for the one-minute load to fall below ``threshold``."""
    if threshold is None:
        return
    deadline = time.monotonic() + longest
    while os.getloadavg()[0] >= threshold and time.monotonic() < deadline:
        time.sleep(10)
    if os.getloadavg()[0] >= threshold:
        print(f"  (the load stayed at or above {threshold:g} for {longest:.0f} s: measuring anyway, {load_average()})")


def median(values: list[float]) -> float:
    return statistics.median(values)


def megabytes(value: int | None) -> str:
    return "n/a" if value is None else f"{value / 2**20:,.0f} MB"


# --- what the cases run on ---------------------------------------------------------------------


def make_books(folder: Path, count: int, env: dict, at_once: int = 2) -> int:
    """``count`` generated workbooks in ``folder``, ``at_once`` generators at a time; the
    number of puzzles they hold."""
    folder.mkdir()
    puzzles = 0
    running: list[subprocess.Popen] = []
    for index in range(count):
        size, many = BOOK_SHAPES[index % len(BOOK_SHAPES)]
        puzzles += many
        argv = xlsolver("generate", "sudoku", "--size", str(size), "--count", str(many), "--seed", str(index),
                        "-o", str(folder / f"wb{index:03d}.xlsx"))
        running.append(subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env))
        while len(running) >= at_once or (index == count - 1 and running):
            done = running.pop(0)
            _, err = done.communicate()
            if done.returncode != 0:
                raise SystemExit(f"xlsolver generate failed: {err.decode(errors='replace')[-400:]}")
    return puzzles


def corpus_lines(corpora: Path) -> list[str]:
    lines = []
    for name in CORPUS_FILES:
        path = corpora / "sudoku" / name
        if not path.exists():
            raise SystemExit(f"no {path}: pass --corpora")
        lines += [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return lines


def make_lines(path: Path, count: int, lines: list[str]) -> Path:
    """A file of ``count`` puzzle lines, the corpus lines over and over."""
    with open(path, "w") as out:
        for line in itertools.islice(itertools.cycle(lines), count):
            out.write(line + "\n")
    return path


def remove_outputs(folder: Path) -> None:
    for path in folder.glob("*.solved.xlsx"):
        path.unlink()


def kernel_rate(path: Path) -> None:
    """(``--kernel-rate``, in a process of its own) Print the seconds solve_many takes on
    the puzzles of ``path``, parsed beforehand, after a first call on a few of them."""
    from xlsolver.sudoku import Sudoku, solve_many

    puzzles = [Sudoku.from_text(line) for line in path.read_text().split()]
    solve_many(puzzles[:2000])  # loads the compiled kernels
    started = time.perf_counter()
    results = solve_many(puzzles)
    seconds = time.perf_counter() - started
    unique = sum(r.status.value == "unique" for r in results)
    print(json.dumps({"count": len(puzzles), "unique": unique, "seconds": seconds}))


# --- the cases -----------------------------------------------------------------------------------


@dataclass
class Target:
    """One line of the verdict table."""

    name: str
    measured: str
    ratio: float
    goal: str
    met: bool


@dataclass
class Setting:
    """What every case shares."""

    work: Path
    warm: dict
    rounds: int
    books: Path
    book_count: int
    book_puzzles: int
    small: Path
    small_count: int
    big: Path
    big_count: int
    one: Path
    start: Path
    targets: list[Target] = field(default_factory=list)

    def add(self, target: Target) -> None:
        self.targets.append(target)
        print(f"  -> {describe(target)}", flush=True)


def describe(target: Target) -> str:
    return (f"{target.name}: {target.measured}; {target.ratio:.2f}x, goal {target.goal}: "
            f"{'PASS' if target.met else 'MISS'}")


def books_case(s: Setting) -> None:
    """The folder with 2 workers against 1, warm (medians) and cold (once)."""
    times: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(s.rounds):
        for workers in (1, 2):
            remove_outputs(s.books)
            run = timed(xlsolver("solve", str(s.books), "--json", "--workers", str(workers)), s.warm, s.work,
                        s.work / "books.jsonl")
            check_unique(run, s.book_puzzles, f"{s.book_count} workbooks, --workers {workers}")
            times[workers].append(run.seconds)
            print(f"  --workers {workers}: {run.seconds:6.2f} s, peak {megabytes(run.peak)}", flush=True)
    one, two = median(times[1]), median(times[2])
    best = min(times[1]) / min(times[2])
    s.add(Target(f"{s.book_count} workbooks ({s.book_puzzles} puzzles), --workers 2 against 1, warm",
                 f"{one:.2f} s against {two:.2f} s (medians of {s.rounds}; the quickest runs {best:.2f}x)", one / two,
                 f">= {BOOKS_SPEED_UP}x", one / two >= BOOKS_SPEED_UP))
    cold = {}
    for workers in (1, 2):
        remove_outputs(s.books)
        env = fresh_caches(s.work)
        run = timed(xlsolver("solve", str(s.books), "--json", "--workers", str(workers)), env, s.work,
                    s.work / "books.jsonl")
        stop_warm_up(env)
        check_unique(run, s.book_puzzles, f"{s.book_count} workbooks, cold, --workers {workers}")
        cold[workers] = run.seconds
    print(f"  cold (empty kernel caches, once each): --workers 1 {cold[1]:.2f} s, --workers 2 {cold[2]:.2f} s: "
          f"{cold[1] / cold[2]:.2f}x (no target)")
    remove_outputs(s.books)


def overhead_case(s: Setting) -> None:
    """The CLI's per-puzzle rate at one worker, start-up taken off, against solve_many's.

    Start-up is the same command on a file of :data:`STARTUP_LINES` lines: enough to
    load the compiled kernels, as the larger file does (a file of one line runs the
    plain kernels and never pays for loading them), and the puzzles it solves are
    taken off the count too. The one-line time is printed beside it."""
    starts, ones, wholes, kernels = [], [], [], []
    for _ in range(s.rounds):
        ones.append(timed(xlsolver("solve", str(s.one), "--json", "--workers", "1"), s.warm, s.work,
                          s.work / "one.jsonl").seconds)
        run = timed(xlsolver("solve", str(s.start), "--json", "--workers", "1"), s.warm, s.work,
                    s.work / "start.jsonl")
        check_unique(run, STARTUP_LINES, f"{STARTUP_LINES} lines, --workers 1")
        starts.append(run.seconds)
        run = timed(xlsolver("solve", str(s.small), "--json", "--workers", "1"), s.warm, s.work,
                    s.work / "small.jsonl")
        check_unique(run, s.small_count, f"{s.small_count:,} lines, --workers 1")
        wholes.append(run.seconds)
        done = subprocess.run([sys.executable, __file__, "--kernel-rate", str(s.small)], env=s.warm,
                              capture_output=True, text=True, check=True)
        measured = json.loads(done.stdout)
        if measured["unique"] != s.small_count:
            raise SystemExit(f"solve_many: {measured['unique']:,} unique of {s.small_count:,}")
        kernels.append(measured["seconds"])
        print(f"  1 line {ones[-1]:.2f} s, {STARTUP_LINES} lines {starts[-1]:.2f} s, {s.small_count:,} lines "
              f"{wholes[-1]:.2f} s, solve_many {kernels[-1]:.2f} s", flush=True)
    one, start, whole, kernel = median(ones), median(starts), median(wholes), median(kernels)
    cli_rate = (s.small_count - STARTUP_LINES) / (whole - start)
    kernel_rate_ = s.small_count / kernel
    s.add(Target(f"per-puzzle overhead: solve {s.small_count:,} lines --json --workers 1, start-up taken off, "
                 "against solve_many on the parsed puzzles",
                 f"{s.small_count - STARTUP_LINES:,} lines in ({whole:.2f} s - {start:.2f} s start-up with "
                 f"{STARTUP_LINES} lines; 1 line: {one:.2f} s) = {cli_rate:,.0f}/s against {kernel_rate_:,.0f}/s "
                 f"(medians of {s.rounds})", cli_rate / kernel_rate_, f">= {OVERHEAD_SHARE}x",
                 cli_rate / kernel_rate_ >= OVERHEAD_SHARE))
    ten = s.work / "ten-thousand.txt"
    with open(s.small) as lines, open(ten, "w") as out:
        out.writelines(itertools.islice(lines, 10_000))
    env = fresh_caches(s.work)
    run = timed(xlsolver("solve", str(ten), "--json", "--workers", "1"), env, s.work, s.work / "cold.jsonl")
    stop_warm_up(env)
    warm = timed(xlsolver("solve", str(ten), "--json", "--workers", "1"), s.warm, s.work, s.work / "cold.jsonl")
    print(f"  cold (empty kernel cache): 10,000 lines --workers 1 {run.seconds:.2f} s, warm {warm.seconds:.2f} s "
          f"(no target: a cold run solves with the plain kernels throughout)")


def lines_case(s: Setting) -> None:
    """Both line files at 1 and 2 workers: the speed-up and the growth of peak memory."""
    runs: dict[tuple[int, int], Run] = {}
    for count, path in ((s.small_count, s.small), (s.big_count, s.big)):
        for workers in (1, 2):
            run = timed(xlsolver("solve", str(path), "--json", "--workers", str(workers)), s.warm, s.work,
                        s.work / "lines.jsonl")
            check_unique(run, count, f"{count:,} lines, --workers {workers}")
            runs[count, workers] = run
            print(f"  {count:>9,} lines --workers {workers}: {run.seconds:6.2f} s, {count / run.seconds:8,.0f}/s, "
                  f"peak {megabytes(run.peak)}", flush=True)
    start = timed(xlsolver("solve", str(s.start), "--json", "--workers", "1"), s.warm, s.work, s.work / "one.jsonl")
    one, two = runs[s.big_count, 1].seconds, runs[s.big_count, 2].seconds
    s.add(Target(f"{s.big_count:,} lines --json, --workers 2 against 1",
                 f"{s.big_count / one:,.0f}/s against {s.big_count / two:,.0f}/s ({one:.1f} s, {two:.1f} s; "
                 f"{(one - start.seconds) / (two - start.seconds):.2f}x with {start.seconds:.2f} s start-up taken off)",
                 one / two, f">= {LINES_SPEED_UP}x", one / two >= LINES_SPEED_UP))
    for workers in (2, 1):
        small, big = runs[s.small_count, workers].peak, runs[s.big_count, workers].peak
        if small is None or big is None:
            print("  peak memory: not measured (pip install psutil)")
            break
        s.add(Target(f"peak memory of the process tree, {s.big_count:,} against {s.small_count:,} lines, "
                     f"--workers {workers}", f"{megabytes(big)} against {megabytes(small)}", big / small,
                     f"<= {MEMORY_GROWTH}x", big / small <= MEMORY_GROWTH))


def dask_case(s: Setting) -> None:
    """--scheduler local --workers 2 against --workers 2 on the larger line file and the folder."""
    if importlib.util.find_spec("distributed") is None:
        print('  not measured: dask.distributed is not installed (pip install ".[dask]")')
        return
    starts: dict[str, list[float]] = {"serial": [], "pool": [], "dask": []}
    for _ in range(s.rounds):  # a file of one line: what starting the runner costs
        for name, extra in (("serial", ["--workers", "1"]), ("pool", ["--workers", "2"]),
                            ("dask", ["--workers", "2", "--scheduler", "local"])):
            starts[name].append(timed(xlsolver("solve", str(s.one), "--json", *extra), s.warm, s.work,
                                      s.work / "one.jsonl").seconds)
    start = {name: median(times) for name, times in starts.items()}
    print(f"  a file of one line: --workers 1 {start['serial']:.2f} s, --workers 2 {start['pool']:.2f} s, "
          f"--scheduler local --workers 2 {start['dask']:.2f} s: starting and stopping the local cluster "
          f"{start['dask'] - start['serial']:.2f} s (medians of {s.rounds})", flush=True)
    inputs = ((f"{s.big_count:,} lines", s.big, s.big_count, 1, -(-s.big_count // LINES_PER_TASK)),
              (f"{s.book_count} workbooks", s.books, s.book_puzzles, s.rounds, s.book_count))
    for what, path, puzzles, rounds, task_count in inputs:
        times: dict[str, list[float]] = {"pool": [], "dask": []}
        outs = {}
        for _ in range(rounds):
            for name, extra in (("pool", []), ("dask", ["--scheduler", "local"])):
                remove_outputs(s.books)
                run = timed(xlsolver("solve", str(path), "--json", "--workers", "2", *extra), s.warm, s.work,
                            s.work / f"{name}.jsonl")
                check_unique(run, puzzles, f"{what}, {name}")
                times[name].append(run.seconds)
                outs[name] = run.out
                print(f"  {what}, {name}: {run.seconds:6.2f} s, peak {megabytes(run.peak)}", flush=True)
        pool, cluster = median(times["pool"]), median(times["dask"])
        same = same_lines(outs["pool"], outs["dask"])
        each = (cluster - pool - (start["dask"] - start["pool"])) / task_count
        print(f"  {what}: {task_count:,} tasks; the cluster's cost past its start-up: {each * 1000:.1f} ms a task")
        s.add(Target(f"{what}: --scheduler local --workers 2 against the pool of --workers 2",
                     f"{puzzles / cluster:,.0f}/s against {puzzles / pool:,.0f}/s ({cluster:.2f} s, {pool:.2f} s, "
                     f"cluster start included); output {'identical' if same else 'DIFFERENT'} (seconds masked)",
                     pool / cluster, f">= {DASK_SHARE}x, same output", pool / cluster >= DASK_SHARE and same))
        for out in outs.values():
            out.unlink()
    remove_outputs(s.books)


def _default_sigint() -> None:
    """In the child before it runs: SIGINT by its default action, so that Python takes
    it as Ctrl-C. A script started in the background of a shell (``&``) ignores
    SIGINT, its children inherit that, and Python leaves an ignored SIGINT ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def resume_case(s: Setting, workers: int = 2) -> None:
    """Stop the folder's batch half-way with SIGINT, run it again with --skip-done, and
    count the inputs done twice against the window of tasks in flight."""
    remove_outputs(s.books)
    names = sorted(p.name for p in s.books.glob("*.xlsx") if not p.name.endswith(".solved.xlsx"))
    first_out = s.work / "first.jsonl"
    with open(first_out, "wb") as sink:
        process = subprocess.Popen(xlsolver("solve", str(s.books), "--json", "--workers", str(workers)),
                                   stdout=sink, stderr=subprocess.DEVNULL, env=s.warm, cwd=s.work,
                                   start_new_session=True,  # its own process group, as a terminal's Ctrl-C reaches
                                   preexec_fn=_default_sigint)
        while len(list(s.books.glob("*.solved.xlsx"))) < len(names) // 2 and process.poll() is None:
            time.sleep(0.005)
        os.killpg(process.pid, signal.SIGINT)
        process.wait()
    finished = {p.name.removesuffix(".solved.xlsx") + ".xlsx" for p in s.books.glob("*.solved.xlsx")}
    printed = len({line["source"] for line in json_lines(first_out)})
    second = timed(xlsolver("solve", str(s.books), "--json", "--workers", str(workers), "--skip-done"), s.warm,
                   s.work, s.work / "second.jsonl")
    lines = json_lines(second.out)
    skipped = {Path(line["source"]).name for line in lines if line["status"] == "skipped"}
    redone = {Path(line["source"]).name for line in lines if line["status"] != "skipped"}
    index = {name: i for i, name in enumerate(names)}
    last_finished = max((index[name] for name in finished), default=-1)
    window = 2 * workers + 2
    surely_started = sorted(name for name in redone if index[name] < last_finished)
    handed_out = sorted(name for name in redone if index[name] < printed + window)
    all_done = skipped | redone == set(names) and all(line["status"] in ("skipped", "unique") for line in lines)
    print(f"  first run: exit status {process.returncode}, {len(finished)} of {len(names)} painted copies written, "
          f"{printed} inputs printed; second run: {len(skipped)} skipped, {len(redone)} worked on "
          f"({second.seconds:.2f} s); every input done once: {all_done}")
    print(f"  worked on again though started before the stop: {len(surely_started)} surely "
          f"({', '.join(surely_started) or 'none'}), at most {len(handed_out)} ({', '.join(handed_out) or 'none'})")
    s.add(Target(f"resume after SIGINT at half of {len(names)} workbooks, --workers {workers}",
                 f"inputs done again: {len(handed_out)} at most ({len(surely_started)} surely), window {window}; "
                 f"finished ones skipped: {finished == skipped}", len(handed_out) / window, f"<= 1x of {window}",
                 len(handed_out) <= window and finished == skipped and all_done and process.returncode == 130))
    remove_outputs(s.books)


# --- the run ----------------------------------------------------------------------------------------


def warm_caches(work: Path, one: Path) -> dict:
    """A cache of this run's own, with the sudoku kernels compiled and every command run once."""
    env = fresh_caches(work)
    subprocess.run([sys.executable, "-m", "xlsolver.core.warm", "--wait", SUDOKU_WARM_UP], env=env, check=True)
    timed(xlsolver("solve", str(one), "--json"), env, work, work / "one.jsonl")
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 20 workbooks, 10,000 and 100,000 lines")
    parser.add_argument("--books", type=int, help="workbooks in the folder (default 200, --quick 20)")
    parser.add_argument("--lines", help="the two line counts, SMALL,BIG (default 100000,1000000)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of the quicker cases (medians are printed)")
    parser.add_argument("--only", default=",".join(CASES), help=f"cases to run, of {','.join(CASES)}")
    parser.add_argument("--corpora", type=Path, default=ROOT.parent / "shared" / "corpora")
    parser.add_argument("--quiet-load", type=float, help="before each case, wait for the load to fall below this")
    parser.add_argument("--wait", type=float, default=1200, help="the longest wait for --quiet-load, in seconds")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (its path is printed)")
    parser.add_argument("--kernel-rate", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.kernel_rate:
        kernel_rate(args.kernel_rate)
        return
    chosen = [case.strip() for case in args.only.split(",") if case.strip()]
    unknown = set(chosen) - set(CASES)
    if unknown:
        raise SystemExit(f"unknown cases: {', '.join(sorted(unknown))}; choose from {', '.join(CASES)}")
    book_count = args.books or (20 if args.quick else 200)
    small_count, big_count = (int(n) for n in (args.lines or ("10000,100000" if args.quick else "100000,1000000"))
                              .split(","))
    work = Path(tempfile.mkdtemp(prefix="xlsolver-batch-"))
    try:
        print(f"batch benchmark: {os.cpu_count()} cores, {load_average()}, folder {work}", flush=True)
        corpus = corpus_lines(args.corpora)
        one = make_lines(work / "one.txt", 1, corpus)
        start = make_lines(work / "start.txt", STARTUP_LINES, corpus)
        small = make_lines(work / "small.txt", small_count, corpus)
        big = make_lines(work / "big.txt", big_count, corpus)
        warm = warm_caches(work, one)
        started = time.perf_counter()
        book_puzzles = make_books(work / "books", book_count, warm)
        print(f"made {book_count} workbooks ({book_puzzles} puzzles) in {time.perf_counter() - started:.0f} s, "
              f"{small_count:,} and {big_count:,} lines from {len(corpus):,} corpus puzzles", flush=True)
        setting = Setting(work, warm, args.rounds, work / "books", book_count, book_puzzles, small, small_count,
                          big, big_count, one, start)
        cases = {"books": books_case, "overhead": overhead_case, "lines": lines_case, "dask": dask_case,
                 "resume": resume_case}
        for name in chosen:
            wait_for_quiet(args.quiet_load, args.wait)
            print(f"\n{name} ({load_average()} at the start)", flush=True)
            cases[name](setting)
            print(f"  ({load_average()} at the end)", flush=True)
        print("\ntargets:")
        for target in setting.targets:
            print(f"  {'PASS' if target.met else 'MISS'}  {describe(target)}")
    finally:
        if args.keep:
            print(f"kept {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
