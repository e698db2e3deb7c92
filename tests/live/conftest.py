"""Shared fixtures of the live back-end tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def calc_office():
    """One headless LibreOffice for the whole session; the Calc tests skip, saying why,
    when LibreOffice or its Python bridge is missing."""
    from xlsolver.backends.calc_backend import CalcOffice, find_soffice, import_uno
    from xlsolver.core import InputError

    try:
        import_uno()
    except InputError as err:
        pytest.skip(f"no live Calc: {err}")
    if find_soffice() is None:
        pytest.skip("no live Calc: soffice is not installed (apt-get install libreoffice-calc-nogui python3-uno)")
    office = CalcOffice().start()
    yield office
    office.stop()
