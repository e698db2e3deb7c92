"""Where a batch's tasks run: in this process, on a pool of local processes, or
(:mod:`xlsolver.jobs.dask_runner`) on a Dask cluster.

Every runner has the same one method that matters, :meth:`Runner.map`: it runs
a module-level function on each item of a (possibly endless) iterable, with a
bounded number of items in flight, calls ``on_done`` in this process as each
finishes (in any order: the batch writes output files there, so a stop loses
only what was in flight), and yields ``(item, result)`` in the order of the
items (so the reports print in input order). An item whose work is lost, to an
exception or to a worker process that died, yields a :class:`Failure` instead
of a result, and the others go on.
"""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Protocol, TypeVar

if TYPE_CHECKING:  # the pool's machinery loads when a pool starts, not for a run in this process
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = ["DIED", "Failure", "PoolRunner", "Runner", "SerialRunner", "cores"]

T = TypeVar("T")
R = TypeVar("R")


@dataclass(frozen=True)
class Failure:
    """An item whose work was lost: ``message`` says how (one sentence)."""

    message: str


DIED = ("the worker process working on it stopped (killed, or out of memory) "
        "and stopped again when it was tried alone")


class Runner(Protocol):
    workers: int  # processes at work at once
    ships_bytes: bool  # True: no shared file system, the tasks carry their inputs

    def map(self, fn: Callable[[T], R], items: Iterable[T], window: int,
            on_done: Callable[[T, "R | Failure"], None] | None = None) -> Iterator[tuple[T, "R | Failure"]]: ...

    def close(self) -> None: ...


def cores() -> int:
    """The cores this process may use (its affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _failure(err: BaseException) -> Failure:
    return Failure(f"xlsolver failed on it ({type(err).__name__}: {err}); please report this")


class SerialRunner:
    """Each item in turn, in this process (``--workers 1``)."""

    workers = 1
    ships_bytes = False

    def map(self, fn, items, window=1, on_done=None):
        for item in items:
            try:
                result = fn(item)
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception as err:  # noqa: BLE001 - a bug on one input: that input's error, the batch goes on
                result = _failure(err)
            if on_done is not None:
                on_done(item, result)
            yield item, result

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class PoolRunner:
    """Items spread over ``workers`` local processes (``--workers N``).

    A worker process that dies (killed, out of memory, a crash in compiled code)
    breaks the whole pool, and every item then in flight fails with it; each of
    those is run again alone on a fresh one-process pool, so the one that kills
    its worker again is that item's :class:`Failure` and the others get their
    results. The batch then goes on with a new pool."""

    ships_bytes = False

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        from concurrent.futures import ProcessPoolExecutor

        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=self.workers, initializer=_worker_start)
        return self._pool

    def map(self, fn, items, window=None, on_done=None):
        from concurrent.futures import FIRST_COMPLETED, wait

        window = max(self.workers, window or 2 * self.workers)
        source = iter(items)
        order: deque[tuple[T, Future]] = deque()  # submitted, not yet yielded, in item order
        results: dict[int, object] = {}  # id(future) -> result, for finished items
        exhausted = False
        try:
            while True:
                while not exhausted and len(order) < window:
                    item = next(source, _END)
                    if item is _END:
                        exhausted = True
                        break
                    order.append((item, self._executor().submit(fn, item)))
                if not order:
                    return
                pending = [f for _, f in order if id(f) not in results]
                if pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    broken = self._collect(finished, order, results, on_done)
                    if broken:
                        self._recover(fn, order, results, on_done)
                while order and id(order[0][1]) in results:
                    item, future = order.popleft()
                    yield item, results.pop(id(future))
        finally:
            for _, future in order:
                future.cancel()

    def _collect(self, finished, order, results, on_done) -> bool:
        """Record the finished futures' results; True when the pool broke."""
        from concurrent.futures.process import BrokenProcessPool

        broken = False
        items = {id(f): item for item, f in order}
        for future in finished:
            try:
                result = future.result()
            except BrokenProcessPool:
                broken = True
                continue
            except Exception as err:  # noqa: BLE001 - fn raised: that item's failure
                result = _failure(err)
            results[id(future)] = result
            if on_done is not None:
                on_done(items[id(future)], result)
        return broken

    def _recover(self, fn, order, results, on_done) -> None:
        """The pool broke: run each unfinished item alone, then start a new pool."""
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = None
        for index, (item, future) in enumerate(order):
            if id(future) in results:
                continue
            with ProcessPoolExecutor(max_workers=1, initializer=_worker_start) as alone:
                retry = alone.submit(fn, item)
                try:
                    result = retry.result()
                except BrokenProcessPool:
                    result = Failure(DIED)
                except Exception as err:  # noqa: BLE001
                    result = _failure(err)
            results[id(retry)] = result
            order[index] = (item, retry)
            if on_done is not None:
                on_done(item, result)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_END = object()


def _worker_start() -> None:
    """In each pool process: Ctrl-C (which reaches every process of the terminal's
    group) ends the worker at once, by the signal's own default action, with no
    traceback of its own; the command stops the batch and says so in one line. A
    file being written is removed first (atomic_write handles a default action)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
