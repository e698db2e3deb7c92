"""The Dask runner: a batch's tasks on a Dask cluster, a local one or one already running.

Glossary
--------
scheduler  the ``dask scheduler`` process that hands tasks to workers; a
           :class:`DaskRunner` is told its address (``tcp://host:8786``), or
           ``local`` to start a cluster of its own on this machine.
worker     a process that runs tasks (one thread each here); ``workers`` counts
           the threads of the whole cluster, that is how many tasks run at once.
window     how many tasks may be submitted and not yet handed back at any time:
           it keeps the client's memory flat however many tasks a batch has.

The runner meets the batch engine's ``Runner`` protocol: :meth:`DaskRunner.map`
yields ``(item, fn(item))`` in the order of the items and calls ``on_done`` in the
client as each one finishes, in any order. An exception raised by ``fn``, or a
task that keeps killing the workers that run it (Dask's ``KilledWorker``, after
``allowed-failures`` retries), becomes a :class:`~xlsolver.jobs.runners.Failure`
for that item alone, in the words the other runners use.

The workers unpickle ``fn`` by reference when it is a module-level function of an
importable module, so every worker needs xlsolver (the same version) installed;
tasks carry their inputs as bytes (``ships_bytes``), since a cluster's machines
share no file system.

Dask is an extra: importing this module without it raises an
:class:`~xlsolver.core.InputError` that says how to install it.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import uuid
from collections import deque
from contextlib import ExitStack, contextmanager
from typing import Callable, Iterable, Iterator, TypeVar

from xlsolver.core import InputError
from xlsolver.jobs.runners import Failure

try:
    import dask
    import distributed
except ImportError as missing:  # the extra is not installed: one line that says how to get it
    raise InputError('Dask batches need dask.distributed: in a clone of xlsolver, pip install ".[dask]"') from missing

__all__ = ["LOCAL", "SCHEDULER_VARIABLE", "DaskRunner", "scheduler_address"]

LOCAL = "local"
"""The address that asks for a cluster of the runner's own on this machine."""

SCHEDULER_VARIABLE = "XLSOLVER_SCHEDULER"
"""The environment variable that names the scheduler when the command line does not."""

T = TypeVar("T")
R = TypeVar("R")


def scheduler_address(value: str | None) -> str | None:
    """The scheduler to use: ``value`` when given, else ``XLSOLVER_SCHEDULER`` from the
    environment; None when neither names one (a blank variable names none)."""
    if value is None:
        value = os.environ.get(SCHEDULER_VARIABLE)
    value = value.strip() if value is not None else None
    return value or None


class DaskRunner:
    """Runs a batch's tasks on a Dask cluster.

    ``address`` is ``"local"`` for a :class:`distributed.LocalCluster` of
    ``workers`` processes (one thread each; as many as cores by default), started
    here and stopped by :meth:`close`; or the address of a running scheduler,
    which :meth:`close` leaves running. ``allowed_failures`` (local clusters only)
    is how many worker deaths a task may cause before it fails; None keeps Dask's
    setting (3). ``connect_timeout`` bounds the wait for a scheduler and for its
    first worker.
    """

    ships_bytes = True

    def __init__(self, address: str, workers: int | None = None, allowed_failures: int | None = None,
                 connect_timeout: float = 10.0) -> None:
        self._restore = ExitStack()  # what close() gives back: the cluster it started, the log levels
        _quiet_distributed_logs(self._restore)
        try:
            cluster = _local_cluster(workers, allowed_failures) if address == LOCAL else None
            if cluster is not None:
                self._restore.callback(cluster.close)
            self._client = distributed.Client(cluster or address, set_as_default=False, timeout=connect_timeout)
        except (OSError, TimeoutError) as err:
            self._restore.close()
            raise InputError(f"cannot reach the Dask scheduler at {address}: {_first_line(err)}") from err
        self._restore.callback(self._client.close)
        try:
            self._client.wait_for_workers(1, timeout=connect_timeout)
        except (OSError, TimeoutError) as err:
            self.close()
            raise InputError(f"the Dask scheduler at {address} has no workers; start some with: "
                             f"dask worker {address} --nthreads 1") from err
        self.address: str = self._client.scheduler.address
        self.workers: int = sum(self._client.nthreads().values())

    def map(self, fn: Callable[[T], R], items: Iterable[T], window: int,
            on_done: Callable[[T, R | Failure], None] | None = None) -> Iterator[tuple[T, R | Failure]]:
        """``(item, fn(item))`` for each item, in the order of ``items``, with at most
        ``window`` items submitted and not yet yielded; ``items`` is read only as far
        as the window needs. ``on_done(item, result)`` is called here in the client
        as each item finishes, in any order. Leaving the loop early cancels what is
        still in flight."""
        if window < 1:
            raise ValueError(f"window must be at least 1, not {window}")
        run = uuid.uuid4().hex[:12]  # keys unique to this call: a reused key would return an old future
        name = getattr(getattr(fn, "func", fn), "__name__", "task")  # a partial's function names its tasks
        order: deque[str] = deque()  # the keys submitted and not yet yielded, in item order
        flying: dict[str, tuple[T, distributed.Future]] = {}  # by key, until yielded
        outcomes: dict[str, R | Failure] = {}  # finished, by key, until their turn comes
        finished = distributed.as_completed(loop=self._client.loop, with_results=True, raise_errors=False)
        todo = enumerate(items)
        try:
            while True:
                while len(order) < window and (next_item := next(todo, None)) is not None:
                    index, item = next_item
                    key = f"xlsolver-{name}-{run}-{index}"
                    future = self._client.submit(fn, item, pure=False, key=key)
                    order.append(key)
                    flying[key] = item, future
                    finished.add(future)
                if not order:
                    return
                while order[0] not in outcomes:
                    future, result = next(finished)
                    outcomes[future.key] = outcome = _outcome(future, result)
                    if on_done is not None:
                        on_done(flying[future.key][0], outcome)
                key = order.popleft()
                item, future = flying.pop(key)
                future.release()  # the cluster may forget the result: memory stays flat
                yield item, outcomes.pop(key)
        finally:
            if flying and self._client.status == "running":  # left early: what is in flight is no one's work
                self._client.cancel([future for _, future in flying.values()])

    def close(self) -> None:
        """Disconnect; stop the cluster if this runner started it."""
        self._restore.close()

    def __enter__(self) -> DaskRunner:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _local_cluster(workers: int | None, allowed_failures: int | None) -> distributed.LocalCluster:
    """A cluster of worker processes on this machine, one thread each, no dashboard,
    and only errors logged. A worker holds one task at a time (worker-saturation 1),
    so when a worker dies only the task it was running is blamed for it."""
    settings = {"distributed.scheduler.worker-saturation": 1.0}
    if allowed_failures is not None:
        settings["distributed.scheduler.allowed-failures"] = allowed_failures
    with dask.config.set(settings), _ctrl_c_left_to_this_process():
        return distributed.LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                                        processes=True, dashboard_address=None, silence_logs=logging.ERROR,
                                        # its health page on a free port: 8787 may be another cluster's
                                        scheduler_kwargs={"dashboard_address": "127.0.0.1:0"})


@contextmanager
def _ctrl_c_left_to_this_process() -> Iterator[None]:
    """Start worker processes that ignore Ctrl-C: it reaches every process of the
    terminal's group, and a worker would die of it with a traceback on the user's
    screen. This process stops the batch and closes the cluster, which ends them."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # kept across the workers' start
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _quiet_distributed_logs(restore: ExitStack) -> None:
    """Only errors from Dask's loggers in this process until ``restore`` closes: its
    warnings (a result gathered again after its worker died, a worker restarted)
    are the runner's business, and what an item lost reaches the user as a Failure."""
    for handler in logging.getLogger("distributed").handlers:
        if isinstance(handler, logging.StreamHandler) and handler.level < logging.ERROR:
            restore.callback(handler.setLevel, handler.level)
            handler.setLevel(logging.ERROR)


def _outcome(future: distributed.Future, result: object) -> object:
    """The result fetched for a finished future, or the Failure that says why it has none."""
    if future.status == "finished":
        return result
    if future.cancelled():
        return Failure("the cluster cancelled it (the scheduler restarted or lost the client)")
    error = future.exception()
    if isinstance(error, distributed.KilledWorker):  # the words of runners.DIED, with the cluster's count
        return Failure(f"the worker process working on it stopped (killed, or out of memory) on each of the "
                       f"{error.allowed_failures + 1} workers that tried it, the last at {error.last_worker.address}")
    return Failure(f"xlsolver failed on it ({type(error).__name__}: {_first_line(error)}); please report this")


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
