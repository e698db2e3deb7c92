"""What the whole test suite shares: where the public corpora are, the Hypothesis
profile every property test runs under, and the one worker the live Calc tests use.

The corpora (``shared/corpora``, never in the repository) are found once, in this
order: the folder named by ``XLSOLVER_CORPORA``; ``shared/corpora`` beside the
checkout; ``shared/corpora`` beside the checkout's parent. The run's header says
which, or that there are none; without them every ``corpus`` test skips, for that
one reason.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parents[1]
CORPORA_VARIABLE = "XLSOLVER_CORPORA"
WHERE = f"set {CORPORA_VARIABLE} or put shared/corpora beside the checkout (or beside its parent)"
NO_CORPORA = f"no corpora: {WHERE}"

# Every property test is derandomized: the same examples on every run and on every
# machine, so a failure seen once is seen again. A test's own @settings keeps these
# unless it names them (tests/test_test_hygiene.py checks each one says derandomize=True).
settings.register_profile("xlsolver", derandomize=True, deadline=None)
settings.load_profile("xlsolver")

# The tests compare the compiled kernels with the plain ones, so they compile them at
# once (into the user's kernel cache) rather than running plain until a background
# warm-up has filled it, as a user's first command does; tests/core/test_first_run.py
# runs whole processes with their own caches to check that first-run path itself.
os.environ.setdefault("XLSOLVER_COMPILE", "foreground")


@functools.cache
def corpora_dir() -> Path | None:
    """The folder holding the public corpora (``sudoku/``, ``nonogram/``), or None."""
    named = os.environ.get(CORPORA_VARIABLE)
    if named:
        path = Path(named).expanduser().resolve()
        return path if path.is_dir() else None
    for base in (ROOT.parent, ROOT.parent.parent):
        path = base / "shared" / "corpora"
        if path.is_dir():
            return path
    return None


@pytest.fixture(scope="session")
def corpora() -> Path:
    """The corpora folder; a test asking for it skips when there is none."""
    path = corpora_dir()
    if path is None:
        pytest.skip(NO_CORPORA)
    return path


def corpora_line() -> str:
    path = corpora_dir()
    if path is not None:
        return f"corpora: {path}"
    named = os.environ.get(CORPORA_VARIABLE)
    if named:
        return f"corpora: none, {CORPORA_VARIABLE}={named} is not a folder; every corpus test skips"
    return f"corpora: none found ({WHERE}); every corpus test skips"


def pytest_report_header(config: pytest.Config) -> str:
    return corpora_line()


def pytest_sessionstart(session: pytest.Session) -> None:
    """-q leaves out the header: missing corpora are still said, once, at the top."""
    config = session.config
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    quiet = config.get_verbosity() < 0 or config.getoption("no_header", False)
    if quiet and reporter is not None and corpora_dir() is None and not hasattr(config, "workerinput"):
        reporter.write_line(corpora_line())


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups off the items
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    no_corpora = pytest.mark.skip(reason=NO_CORPORA) if corpora_dir() is None else None
    for item in items:
        if no_corpora is not None and item.get_closest_marker("corpus"):
            item.add_marker(no_corpora, append=False)  # before any other skip: one reason for all
        # One headless LibreOffice for the run: every test that drives live Calc goes to
        # the same worker (with --dist loadgroup), which starts one soffice with its own
        # profile folder and pipe, instead of one per worker.
        if drives_calc(item):
            item.add_marker(pytest.mark.xdist_group("calc"))


def drives_calc(item: pytest.Item) -> bool:
    """A test that starts or uses a live LibreOffice: it asks for ``calc_office``, lives in
    test_calc_buttons.py (which also starts an office of its own), or is a live test
    parametrized with the "calc" back end (which asks for the office while it runs)."""
    if "calc_office" in getattr(item, "fixturenames", ()) or item.path.name == "test_calc_buttons.py":
        return True
    callspec = getattr(item, "callspec", None)
    return (callspec is not None and item.path.parent.name == "live"
            and any(isinstance(value, str) and value == "calc" for value in callspec.params.values()))
