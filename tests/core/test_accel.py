"""compile_kernels: compiled copies that call each other, or nothing when numba is off."""

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
