"""No compiler on the user's clock: first runs on an empty kernel cache, run at once,
with compiling forced slow, or with a cache that cannot be written.

Each case runs whole ``xlsolver`` processes with ``NUMBA_CACHE_DIR`` set to a
folder of its own, and checks their verdicts against a run of the plain kernels.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from xlsolver.core import accel, clock
from xlsolver.core.budget import Budget

ROOT = Path(__file__).resolve().parents[2]
WORKBOOK = ROOT / "workbooks" / "nonogram.xlsx"
COMPILED = "from xlsolver.nonogram import kernel; print(kernel.line_compiled is not None)"


def _env(cache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("XLSOLVER_NO_NUMBA", "XLSOLVER_COMPILE")}
    return {**env, "NUMBA_CACHE_DIR": str(cache), **extra}


def _solve(out: Path, env: dict[str, str], *options: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "xlsolver", "solve", str(WORKBOOK), "-o", str(out), "--json",
                             *options], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def _reports(process: subprocess.Popen) -> list[dict]:
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode in (0, 1), stderr  # 1: the workbook has a puzzle with several solutions, one with none
    return [json.loads(line) for line in stdout.splitlines()]


def _verdicts(reports: list[dict]) -> list[tuple]:
    return [(r["sheet"], r["status"], tuple(r.get("solution") or ())) for r in reports]


@pytest.fixture(scope="module")
def plain_verdicts(tmp_path_factory) -> list[tuple]:
    folder = tmp_path_factory.mktemp("plain")
    return _verdicts(_reports(_solve(folder / "plain.xlsx", _env(folder / "cache", XLSOLVER_NO_NUMBA="1"))))


def _stop_warm_up(cache: Path) -> None:
    """End the background warm-up these processes started, if it still runs (its id is in the lock file)."""
    lock = cache / "warm-up.lock"
    pid = lock.read_text().strip() if lock.exists() else ""
    if pid:
        try:
            os.kill(int(pid), signal.SIGTERM)
        except OSError:
            pass


def test_four_first_runs_at_once_then_a_compiled_one(tmp_path, plain_verdicts):
    """Four processes on an empty cache solve with the plain kernels, one background
    warm-up compiles, and the next process runs compiled with the same verdicts."""
    pytest.importorskip("numba")
    cache = tmp_path / "cache"
    try:
        runs = [_solve(tmp_path / f"{i}.xlsx", _env(cache)) for i in range(4)]
        assert [_verdicts(_reports(run)) for run in runs] == [plain_verdicts] * 4
        deadline = time.monotonic() + 120
        while not list(cache.glob("ready/xlsolver.nonogram.*")) and time.monotonic() < deadline:
            time.sleep(0.5)
        compiled = subprocess.run([sys.executable, "-c", COMPILED], capture_output=True, text=True, env=_env(cache))
        assert compiled.stdout.strip() == "True", compiled.stderr
        assert _verdicts(_reports(_solve(tmp_path / "5.xlsx", _env(cache)))) == plain_verdicts
    finally:
        _stop_warm_up(cache)


def test_four_foreground_compiles_at_once_keep_within_a_small_budget(tmp_path, plain_verdicts):
    """Compiling in the foreground, four at once on one empty cache: each process
    spends seconds compiling, yet solves within a 1-second budget and reports
    the solving time alone."""
    pytest.importorskip("numba")
    env = _env(tmp_path / "cache", XLSOLVER_COMPILE="foreground")
    started = time.perf_counter()
    runs = [_reports(_solve(tmp_path / f"{i}.xlsx", env, "--budget", "1")) for i in range(4)]
    wall = time.perf_counter() - started
    for reports in runs:
        assert _verdicts(reports) == plain_verdicts
        assert sum(r["seconds"] for r in reports) < min(1.0, wall / 4), reports


def test_a_slow_compile_is_not_charged_to_the_budget():
    """A compile made three seconds slower: a 1-second budget started before it is not
    spent, and the solvers' clock moves by the kernel's run alone."""
    pytest.importorskip("numba")
    from numba.core import event

    class Slow(event.Listener):
        def on_start(self, event) -> None:
            time.sleep(3)

        def on_end(self, event) -> None:
            pass

    kernels = accel.compile_kernels([_triple], cache=False)
    slow = Slow()
    event.register("numba:compile", slow)
    try:
        budget = Budget(seconds=1).start()
        before, wall = clock.now(), time.perf_counter()
        assert kernels.get("_triple")(5) == 15  # numba imported and the kernel compiled: off the clock
        budget.charge(64)  # reads the clock (every 64 nodes): raises when over budget
        assert time.perf_counter() - wall >= 3
        assert clock.now() - before < 1
    finally:
        event.unregister("numba:compile", slow)


def _triple(x):
    return 3 * x


def test_an_unwritable_cache_means_plain_kernels(tmp_path, plain_verdicts):
    """A cache folder that cannot be made (its parent is a file): plain Python, same verdicts, no error."""
    pytest.importorskip("numba")
    blocker = tmp_path / "file"
    blocker.write_text("")
    env = _env(blocker / "cache", XLSOLVER_COMPILE="foreground")
    compiled = subprocess.run([sys.executable, "-c", COMPILED], capture_output=True, text=True, env=env)
    assert compiled.stdout.strip() == "False", compiled.stderr
    assert _verdicts(_reports(_solve(tmp_path / "out.xlsx", env))) == plain_verdicts


def test_the_cache_folder_follows_the_user(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "mine"))
    assert accel.cache_dir() == tmp_path / "mine"
    monkeypatch.delenv("NUMBA_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    if os.name != "nt":
        assert accel.cache_dir() == tmp_path / "xdg" / "xlsolver" / "numba"


def test_one_warm_up_at_a_time(monkeypatch, tmp_path):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    with accel.warm_up_lock() as first:
        with accel.warm_up_lock() as second:
            assert (first, second) == (True, False)
        assert (tmp_path / "warm-up.lock").read_text() == str(os.getpid())
    with accel.warm_up_lock() as again:
        assert again


@pytest.mark.slow
def test_each_warm_up_compiles_every_kernel(tmp_path):
    """On an empty cache, each package's warm-up gives every kernel of its groups a
    compiled signature, so no kernel is left to compile on a user's first call."""
    pytest.importorskip("numba")
    code = (
        "from xlsolver.core import accel\n"
        "import importlib\n"
        # the warm-ups the docs name (docs/cli.md, First run); groups register as they load
        "for spec in ('xlsolver.nonogram.kernel:warm_up', 'xlsolver.sudoku.kernel:warm_up',\n"
        "             'xlsolver.polyomino.kernel:warm_up'):\n"
        "    module, name = spec.split(':')\n"
        "    getattr(importlib.import_module(module), name)()\n"
        "print(sorted(f'{g.stamp.name}:{n}' for g in accel._groups for n, k in g.kernels.items() if not k.signatures))\n"
        "print(len(accel._groups))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=_env(tmp_path / "cache", XLSOLVER_COMPILE="foreground", XLSOLVER_KERNELS="compiled"))
    assert done.stdout.splitlines() == ["[]", "6"], done.stderr
