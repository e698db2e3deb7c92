"""compile_kernels: compiled copies that call each other, or nothing when numba is off."""

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
    assert accel.compile_kernels([_double, _quadruple]) == {}


def test_compiled_copies_agree_and_leave_the_plain_functions_alone(monkeypatch):
    monkeypatch.delenv("XLSOLVER_NO_NUMBA", raising=False)
    if not accel.numba_enabled():
        pytest.skip("numba is not installed")
    kernels = accel.compile_kernels([_double, _quadruple], cache=False)
    assert set(kernels) == {"_double", "_quadruple"}
    assert kernels["_quadruple"](5) == 20 == _quadruple(5)
    assert kernels["_quadruple"] is not _quadruple and _quadruple.__globals__["_double"] is _double


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
        assert kernels["scaled"](2) == 50 == kernel_mod.scaled(2)
        assert kernels["bump"](2) == 5


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
        "twice = compile_kernels([fresh_kernel.twice])['twice']\n"
        "assert twice(3) == 6 and twice(4) == 8\n"
        "print(len(said))\n"
    )
    runs = [subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True,
                           env={k: v for k, v in os.environ.items() if k != "XLSOLVER_NO_NUMBA"})
            for _ in range(2)]
    assert [r.stdout.strip() for r in runs] == ["1", "0"], [r.stderr for r in runs]
