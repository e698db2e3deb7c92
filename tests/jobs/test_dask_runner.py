"""The Dask runner on a local cluster of two worker processes, started once for
the module: results come back in the order of the items whatever order they
finish in, never more than the window is in flight, and an item whose work
raised or killed its workers becomes a Failure while the rest go on.

The workers import the toy functions below from this module (they are pickled by
reference), which they can because the worker processes start with this
process's ``sys.path``, where pytest put the tests folder.
"""

from __future__ import annotations

import importlib
import itertools
import os
import socket
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import InputError
from xlsolver.jobs.dask_runner import SCHEDULER_VARIABLE, DaskRunner, scheduler_address
from xlsolver.jobs.runners import Failure

pytestmark = pytest.mark.xdist_group("dask")  # one cluster for the module, on one pytest worker


def square(x: int) -> int:
    return x * x


def square_later_first(x: int) -> int:
    """Squares, sleeping less for larger numbers, so later items finish first."""
    time.sleep(0.02 * max(0, 8 - x))
    return x * x


def square_or_fail(x: int) -> int:
    """Squares; raises for negative numbers, and kills its worker process for -99."""
    if x == -99:
        os._exit(1)
    if x < 0:
        raise ValueError(f"no square for {x}")
    return x * x


def square_soon(x: int) -> int:
    """Squares after a sleep of 0 to 8 ms that varies with x, so items finish out of order."""
    time.sleep(0.002 * (x * 7 % 5))
    return x * x


def where_am_i(_: object) -> tuple[int, bool]:
    """The worker's process id, and whether it has imported this module."""
    return os.getpid(), __name__ in sys.modules


@pytest.fixture(scope="module")
def runner():
    """Two workers; a task may kill one worker and be retried once before it fails."""
    with DaskRunner("local", workers=2, allowed_failures=1) as started:
        yield started


def recording(items, consumed: list):
    """The items, noting in ``consumed`` each one the runner has taken."""
    for item in items:
        consumed.append(item)
        yield item


def test_the_cluster_has_two_workers_that_import_this_module(runner):
    assert runner.workers == 2 and runner.ships_bytes
    [(_, (pid, imported))] = list(runner.map(where_am_i, [None], window=1))
    assert pid != os.getpid()
    assert imported  # the function went by reference: the worker imported this module to run it


def test_results_come_in_item_order_when_later_items_finish_first(runner):
    items = list(range(8))
    done_order, events = [], []

    def on_done(item, result):
        done_order.append(item)
        events.append(("done", item, result))

    for item, result in runner.map(square_later_first, items, window=4, on_done=on_done):
        events.append(("yielded", item, result))
    assert [e[1:] for e in events if e[0] == "yielded"] == [(x, x * x) for x in items]
    assert sorted(done_order) == items
    for x in items:  # each item is reported done, with its result, before it is yielded
        assert events.index(("done", x, x * x)) < events.index(("yielded", x, x * x))


def test_no_more_than_the_window_is_in_flight(runner):
    consumed: list[int] = []
    in_flight = []
    for yielded, (item, result) in enumerate(runner.map(square, recording(range(30), consumed), window=5)):
        in_flight.append(len(consumed) - yielded)
        assert result == item * item
    assert max(in_flight) == 5
    assert len(consumed) == 30


def test_items_are_read_lazily_and_leaving_early_is_clean(runner):
    consumed: list[int] = []
    first = list(itertools.islice(runner.map(square, recording(itertools.count(), consumed), window=3), 4))
    assert first == [(x, x * x) for x in range(4)]
    assert len(consumed) <= 4 + 3
    assert list(runner.map(square, [5, 6], window=2)) == [(5, 25), (6, 36)]  # the runner goes on


def test_an_item_that_raises_is_a_failure_and_the_rest_go_on(runner):
    results = dict(runner.map(square_or_fail, [1, 2, -3, 4, -5, 6], window=3))
    assert results == {1: 1, 2: 4, -3: Failure("xlsolver failed on it (ValueError: no square for -3); please report this"),
                       4: 16, -5: Failure("xlsolver failed on it (ValueError: no square for -5); please report this"),
                       6: 36}


def test_an_item_that_kills_its_workers_fails_after_a_retry_and_the_rest_come_back(runner):
    items = [1, 2, -99, 3, 4, 5]
    done = {}
    results = list(runner.map(square_or_fail, items, window=3, on_done=done.__setitem__))
    assert [item for item, _ in results] == items
    for item, result in results:
        if item == -99:
            assert isinstance(result, Failure)
            assert result.message.startswith("the worker process working on it stopped (killed, or out of memory) "
                                             "on each of the 2 workers that tried it, the last at tcp://")
        else:
            assert result == item * item
    assert done == dict(results)


@settings(max_examples=20, derandomize=True, deadline=None)
@given(items=st.lists(st.integers(0, 20), max_size=12), window=st.integers(1, 6))
def test_any_items_any_window_give_fn_of_each_in_order(runner, items, window):
    assert list(runner.map(square_soon, items, window=window)) == [(x, x * x) for x in items]


def test_a_runner_on_a_running_scheduler_uses_its_workers_and_leaves_it_running(runner):
    with DaskRunner(runner.address) as remote:
        assert remote.workers == 2
        assert list(remote.map(square, range(5), window=2)) == [(x, x * x) for x in range(5)]
    assert list(runner.map(square, [7], window=1)) == [(7, 49)]


def test_a_scheduler_that_is_not_there_is_an_input_error():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(InputError, match=f"cannot reach the Dask scheduler at tcp://127.0.0.1:{port}"):
        DaskRunner(f"tcp://127.0.0.1:{port}", connect_timeout=0.5)


@pytest.mark.parametrize("given_value, variable, expected", [
    ("tcp://a:8786", "tcp://b:8786", "tcp://a:8786"),
    (None, "tcp://b:8786", "tcp://b:8786"),
    (None, None, None),
    (None, "  ", None),
    ("local", None, "local"),
    (" tcp://a:8786 \n", None, "tcp://a:8786"),
])
def test_scheduler_address_prefers_the_value_then_the_environment(monkeypatch, given_value, variable, expected):
    if variable is None:
        monkeypatch.delenv(SCHEDULER_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(SCHEDULER_VARIABLE, variable)
    assert scheduler_address(given_value) == expected


def test_without_dask_the_import_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # what `import distributed` finds without the extra
    monkeypatch.delitem(sys.modules, "xlsolver.jobs.dask_runner")
    with pytest.raises(InputError) as raised:
        importlib.import_module("xlsolver.jobs.dask_runner")
    message = str(raised.value)
    assert "\n" not in message
    assert 'pip install ".[dask]"' in message
