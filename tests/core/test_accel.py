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
