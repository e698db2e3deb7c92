"""compile_kernels: compiled copies that call each other, made when first wanted, or
nothing when numba is off; Kernels.use: plain or compiled by the size of the work."""

import os
import subprocess
import sys

import pytest

from xlsolver.core import accel


def _double(x):
    return 2 * x


def _quadruple(x):
    return _double(_double(x))


def test_switched_off_gives_no_kernels(monkeypatch):
    monkeypatch.setenv("XLSOLVER_NO_NUMBA", "1")
    assert not accel.numba_enabled()
    kernels = accel.compile_kernels([_double, _quadruple])
    assert kernels.get("_double") is None and not kernels.use(plain=False) and not kernels.loaded


def test_compiled_copies_agree_and_leave_the_plain_functions_alone(monkeypatch):
    monkeypatch.delenv("XLSOLVER_NO_NUMBA", raising=False)
    if not accel.numba_enabled():
        pytest.skip("numba is not installed")
    kernels = accel.compile_kernels([_double, _quadruple], cache=False)
    assert not kernels.loaded  # nothing compiled until a copy is wanted
    assert kernels.get("_quadruple")(5) == 20 == _quadruple(5)
    assert kernels.loaded and kernels.get("_double")(4) == 8
    assert kernels.get("_quadruple") is not _quadruple and _quadruple.__globals__["_double"] is _double


def test_a_helper_from_another_module_is_called_compiled_in_any_order(tmp_path, monkeypatch):
    """Each copy keeps its own module's globals: a kernel in one module calls a
    helper imported from another, whichever of the two is listed first."""
    monkeypatch.delenv("XLSOLVER_NO_NUMBA", raising=False)
    if not accel.numba_enabled():
        pytest.skip("numba is not installed")
    (tmp_path / "helper_mod.py").write_text("STEP = 3\n\ndef bump(x):\n    return x + STEP\n")
    (tmp_path / "kernel_mod.py").write_text("from helper_mod import bump\n\nSCALE = 10\n\n"
                                            "def scaled(x):\n    return bump(x) * SCALE\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import helper_mod
    import kernel_mod
    for order in ([helper_mod.bump, kernel_mod.scaled], [kernel_mod.scaled, helper_mod.bump]):
        kernels = accel.compile_kernels(order, cache=False)
        assert kernels.get("scaled")(2) == 50 == kernel_mod.scaled(2)
        assert kernels.get("bump")(2) == 5


def test_a_first_compile_is_announced_once(tmp_path):
    """A kernel compiled for the first time calls the callback once; loading it from the cache does not."""
    pytest.importorskip("numba")
    module = tmp_path / "fresh_kernel.py"
    module.write_text("def twice(x):\n    return 2 * x\n")
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from xlsolver.core.accel import compile_kernels, on_first_compile\n"
        "import fresh_kernel\n"
        "said = []\n"
        "assert on_first_compile(lambda: said.append('compiling'))\n"
        "twice = compile_kernels([fresh_kernel.twice]).get('twice')\n"
        "assert twice(3) == 6 and twice(4) == 8\n"
        "print(len(said))\n"
    )
    runs = [subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                           env={k: v for k, v in os.environ.items() if k != "XLSOLVER_NO_NUMBA"})
            for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == ["1", "0"], [r.stderr for r in runs]


@pytest.mark.parametrize("mode, plain, big, spent, expected", [
    ("auto", None, False, 0.0, False),  # small work runs plain
    ("auto", None, True, 0.0, True),  # big work compiled
    ("auto", None, False, accel.SWITCH_SECONDS, True),  # work that grew switches
    ("auto", True, True, 0.0, False),  # the argument decides
    ("auto", False, False, 0.0, True),
    ("compiled", None, False, 0.0, True),  # XLSOLVER_KERNELS decides when the argument does not
    ("plain", None, True, accel.SWITCH_SECONDS, False),
    ("plain", False, False, 0.0, True),
])
def test_use_chooses_by_the_size_of_the_work(monkeypatch, mode, plain, big, spent, expected):
    monkeypatch.delenv("XLSOLVER_NO_NUMBA", raising=False)
    if not accel.numba_enabled():
        pytest.skip("numba is not installed")
    monkeypatch.setenv(accel.KERNELS, mode)
    kernels = accel.compile_kernels([_double, _quadruple], cache=False)
    kernels.spend(spent)
    assert kernels.use(plain, big=big) is expected
    assert kernels.loaded is expected  # loaded only when chosen


def test_once_loaded_the_compiled_copies_are_used_for_small_work_too(monkeypatch):
    monkeypatch.delenv("XLSOLVER_NO_NUMBA", raising=False)
    if not accel.numba_enabled():
        pytest.skip("numba is not installed")
    monkeypatch.setenv(accel.KERNELS, "auto")
    kernels = accel.compile_kernels([_double], cache=False)
    assert kernels.use(big=True) and kernels.use()


def test_importing_the_solvers_imports_no_numba_and_small_puzzles_never_load_it():
    """numba is imported the first time a compiled kernel is wanted, not when a solver
    module is: a 5x10 nonogram, a 9x9 sudoku and a small tiling run plain, in a process
    whose kernel cache is ready (compiling in the foreground)."""
    code = (
        "import sys\n"
        "from xlsolver.nonogram import Nonogram\n"
        "from xlsolver.nonogram.solver import solve as nonogram\n"
        "from xlsolver.sudoku import Sudoku, solve as sudoku, solve_many\n"
        "from xlsolver.polyomino.solver import solve as tile\n"
        "from xlsolver.polyomino.board import Board\n"
        "from xlsolver.polyomino.pieces import PENTOMINOES, Piece\n"
        "assert 'numba' not in sys.modules\n"
        "assert nonogram(Nonogram.from_text('1/3/1|1/3/1')).status.value == 'unique'\n"
        "nine = Sudoku.from_text('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......')\n"
        "assert sudoku(nine).status.value == 'unique'\n"
        "assert [r.status.value for r in solve_many([nine] * 3)] == ['unique'] * 3\n"
        "pieces = [Piece(n, s) for n, s in sorted(PENTOMINOES.items()) if n in 'LPY']\n"
        "tile(Board.parse('5x3'), pieces)\n"
        "print('numba' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("XLSOLVER_NO_NUMBA", accel.KERNELS)}
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**env, "XLSOLVER_COMPILE": "foreground"})
    assert run.stdout.strip() == "False", run.stderr
