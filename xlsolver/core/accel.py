"""Compiling plain-Python kernels with numba, when it is there, and never on a user's clock.

Every hot kernel of xlsolver is written once, as plain Python over flat
sequences, and runs as it is wherever numba is missing (or switched off with
``XLSOLVER_NO_NUMBA=1``). :func:`compile_kernels` makes compiled copies that
call one another, leaving the plain functions untouched, so tests can run both
paths against the same tables. numba is imported here, lazily, and nowhere
else; this module needs nothing beyond the standard library to import.

Who waits for the compiler
--------------------------
Compiling the kernels takes numba 5 to 25 seconds, once per machine; loading
them from its cache later takes a few tenths. Neither is a puzzle's time:

* numba's cache lives in ``NUMBA_CACHE_DIR`` when the user set one, else in
  xlsolver's user cache folder (:func:`cache_dir`), never beside the installed
  sources, so a read-only site-packages works. A folder that cannot be written
  means plain Python, never an error.
* A kernel group with a ``warm_up`` (every group of xlsolver's) is compiled only
  when its *stamp* (:func:`stamp_path`) says a warm-up compiled and saved every
  kernel of the group for exactly these sources, this numba and this Python.
  Until then (a fresh install, an upgrade) the process runs the plain kernels,
  which solve small puzzles in milliseconds, and when it ends it starts
  :mod:`xlsolver.core.warm` detached, which compiles the groups the process
  wanted, one warm-up at a time (a lock file), and writes their stamps. The
  next process loads compiled code. ``XLSOLVER_COMPILE=foreground`` compiles at
  once instead (tests of the compiled path; a session of big puzzles).
* Whatever numba does under its compiler lock (compiling, or loading from the
  cache) is added to :func:`xlsolver.core.clock.machinery_seconds`, which
  budgets and reported seconds leave out; so is importing numba.

Compiled only where it pays
---------------------------
Importing numba and loading a group's compiled code costs about half a second,
more than the plain kernels take for a small puzzle. So :func:`compile_kernels`
returns a :class:`Kernels` group that imports numba and loads its code the
first time a compiled kernel is wanted, and each solver asks
:meth:`Kernels.use` before each piece of work: compiled when the work is big
(by the solver's own named thresholds), when the group is loaded already, or
once the plain kernels of the process have run :data:`SWITCH_SECONDS`, so
work that cannot be sized up front starts plain and switches as it grows.
``XLSOLVER_KERNELS=compiled`` or ``plain`` (and a solver's ``plain=False`` or
``True``) overrides the choice; tests of the compiled kernels use them.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import sys
import tempfile
import threading
import time
import types
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from xlsolver.core import clock

__all__ = [
    "KERNELS", "SWITCH_SECONDS", "Kernels", "cache_dir", "compile_kernels", "kernels_mode", "numba_enabled",
    "on_first_compile", "stamp_path", "warm_up_lock", "write_stamps",
]

FOREGROUND = "foreground"
"""The value of ``XLSOLVER_COMPILE`` that compiles cold kernels at once."""


def numba_enabled() -> bool:
    """Whether kernels can be compiled: numba installed and not switched off, found
    without importing it (that takes a third of a second)."""
    return not os.environ.get("XLSOLVER_NO_NUMBA") and importlib.util.find_spec("numba") is not None


def cache_dir() -> Path:
    """Where numba keeps compiled kernels: ``NUMBA_CACHE_DIR`` if set, else
    ``xlsolver/numba`` in the user's cache folder (``XDG_CACHE_HOME``, ``~/.cache``,
    or ``%LOCALAPPDATA%`` on Windows)."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
    else:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "xlsolver" / "numba"


def _writable(folder: Path) -> bool:
    """Can files be created in ``folder`` (made if missing)?"""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            return True
    except OSError:
        return False


def stamp_path(functions: list[Callable], options: dict, warm_up: Callable) -> Path:
    """The file that says ``functions`` are compiled in the cache: its name hashes what
    numba's own cache is keyed by (the sources' times and sizes, numba, Python, the
    machine) and the options, so editing a kernel or upgrading makes it cold again."""
    import hashlib
    import platform

    files = sorted({fn.__code__.co_filename for fn in functions} | {warm_up.__code__.co_filename})
    parts = [sys.version, platform.machine(), _numba_version(), repr(sorted(options.items()))]
    parts += [fn.__qualname__ for fn in functions]
    for name in files:
        stat = os.stat(name)
        parts.append(f"{name} {stat.st_mtime_ns} {stat.st_size}")
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]
    return cache_dir() / "ready" / f"{functions[-1].__module__}.{functions[-1].__name__}-{digest}"


def _numba_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("numba")
    except PackageNotFoundError:
        return "?"


@dataclass
class _Group:
    """A compiled group of this process, remembered so the warm-up can stamp it."""

    stamp: Path
    warm_up: str  # "module:function"
    kernels: dict[str, Callable]


_groups: list[_Group] = []
_wanted: set[str] = set()  # warm-ups of the cold groups this process ran plainly

KERNELS = "XLSOLVER_KERNELS"
"""The variable that overrides the choice by size: ``compiled`` (whenever the cache
is ready or compiling is in the foreground: tests of the compiled path, the
warm-up), ``plain``, or ``auto`` (the default)."""

SWITCH_SECONDS = 0.5
"""Plain kernel time after which a process loads a group's compiled copies, whatever
the size of the work. Loading costs about this much (importing numba 0.35 s, reading
a group's code from the cache 0.05 to 0.15 s, medians on the 2-core development
machine), so a process that switches after this much plain work spends at most about
twice what the better choice would have cost it (the ski-rental argument), and a
small puzzle never pays the load."""


def kernels_mode() -> str:
    """``XLSOLVER_KERNELS``: compiled, plain or auto (the default, also for a value it does not know)."""
    value = os.environ.get(KERNELS, "auto").strip().lower()
    return value if value in ("compiled", "plain") else "auto"


class Kernels:
    """A group of kernels whose compiled copies are made the first time one is wanted.

    Importing a module that makes a group imports no numba: :meth:`ready` looks
    only for numba's files, the cache folder and the group's stamp, and
    :meth:`load` imports numba and makes the copies (their code is read from the
    cache on each one's first call). A solver asks :meth:`use` before each piece
    of work, saying whether the work is big, and tells :meth:`spend` how long its
    plain kernels ran, so that growing work switches to compiled code.
    """

    def __init__(self, functions: Iterable[Callable], warm_up: Callable[[], None] | None, options: dict) -> None:
        self.functions = list(functions)
        self.warm_up = warm_up
        self.options = {"cache": True, "nogil": True, **options}
        self.plain_seconds = 0.0  # how long this process ran the plain kernels of the group
        self._ready: bool | None = None
        self._compiled: dict[str, Callable] | None = None

    def ready(self) -> bool:
        """Can compiled copies be had without compiling on the user's clock? (numba
        there and on, the cache writable, and the group stamped or compiling in the
        foreground.) A group found cold asks for the background warm-up."""
        if self._ready is None:
            self._ready = self._find_ready()
        return self._ready

    def _find_ready(self) -> bool:
        if not self.functions or not numba_enabled():
            return False
        if self.options["cache"] and not _writable(cache_dir()):
            return False
        if self.options["cache"] and self.warm_up is not None:
            stamp = stamp_path(self.functions, self.options, self.warm_up)
            if not (stamp.exists() or os.environ.get("XLSOLVER_COMPILE") == FOREGROUND):
                _want_warm_up(_spec(self.warm_up))
                return False
        return True

    @property
    def loaded(self) -> bool:
        """Are the compiled copies made in this process?"""
        return bool(self._compiled)

    def load(self) -> bool:
        """Make the compiled copies, once (False when they cannot be had). The time it
        takes, importing numba included, is machinery time (:mod:`xlsolver.core.clock`)."""
        if self._compiled is None:
            self._compiled = {}
            if self.ready():
                started, before = time.perf_counter(), clock.machinery_seconds()
                try:
                    self._compiled = _jit(self.functions, self.options)
                except Exception:  # numba missing a piece, or its cache folder refused: plain Python
                    self._ready = False
                # what numba's own events did not already count
                clock.add_machinery(time.perf_counter() - started - (clock.machinery_seconds() - before))
                if self._compiled and self.options["cache"] and self.warm_up is not None:
                    stamp = stamp_path(self.functions, self.options, self.warm_up)
                    _groups.append(_Group(stamp, _spec(self.warm_up), self._compiled))
        return bool(self._compiled)

    def get(self, name: str) -> Callable | None:
        """The compiled copy of the kernel ``name``, made now if need be; None when there is none."""
        return self._compiled.get(name) if self._compiled or self.load() else None

    def use(self, plain: bool | None = None, big: bool = False) -> bool:
        """Should the next piece of work run compiled? ``plain`` True or False decides
        (False: compiled whenever it can be had); None leaves it to ``XLSOLVER_KERNELS``
        and, on ``auto``, to the work: compiled when it is ``big``, when the copies
        are loaded already, or once the plain kernels have run :data:`SWITCH_SECONDS`."""
        if plain is False and self._compiled:  # the common call of a solver that chose already
            return True
        mode = kernels_mode() if plain is None else ("plain" if plain else "compiled")
        if mode == "plain" or not self.ready():
            return False
        if mode == "compiled" or big or self._compiled or self.plain_seconds >= SWITCH_SECONDS:
            return self.load()
        return False

    def spend(self, seconds: float) -> None:
        """Record ``seconds`` more run by the plain kernels of the group."""
        self.plain_seconds += seconds


def _spec(warm_up: Callable) -> str:
    return f"{warm_up.__module__}:{warm_up.__qualname__}"


def compile_kernels(functions: Iterable[Callable], warm_up: Callable[[], None] | None = None,
                    **options) -> Kernels:
    """The group of ``functions``, compiled lazily (:class:`Kernels`): ``get(name)``
    is the compiled copy of a function, or None for the plain kernels (numba absent
    or off, the cache cold or unwritable).

    Each copy sees the globals of its own module, with every name in
    ``functions`` replaced by its compiled copy, so a compiled kernel calls the
    compiled helpers, also a helper imported from another module, in whatever
    order they are listed. ``options`` go to ``numba.njit`` after the defaults
    ``cache=True`` (compiled code kept between runs) and ``nogil=True``.

    ``warm_up()`` runs the compiled kernels on small inputs of every type they are
    called with. A group that has one is compiled only when its cache is ready
    (see the module's docstring); a group without one is compiled when first wanted.
    """
    return Kernels(functions, warm_up, options)


def _jit(functions: list[Callable], options: dict) -> dict[str, Callable]:
    import numba

    _listen()
    jit = numba.njit(**options)
    spaces: dict[int, dict] = {}  # id of a module's globals -> the copies' namespace for that module
    for fn in functions:
        spaces.setdefault(id(fn.__globals__), dict(fn.__globals__))
    saved = numba.config.CACHE_DIR  # read when each dispatcher is made: ours only, not other numba users'
    numba.config.CACHE_DIR = str(cache_dir())
    try:
        compiled = {fn.__name__: jit(types.FunctionType(fn.__code__, spaces[id(fn.__globals__)], fn.__name__))
                    for fn in functions}
    finally:
        numba.config.CACHE_DIR = saved
    for space in spaces.values():  # numba reads the globals when it compiles, on the first call
        space.update(compiled)
    return compiled


# --- the background warm-up -------------------------------------------------------------


def _want_warm_up(spec: str) -> None:
    """Ask for ``spec`` ("module:function") to be warmed up when this process ends."""
    if not _wanted:
        atexit.register(_start_warm_up)
    _wanted.add(spec)


def _start_warm_up() -> None:
    """Start ``python -m xlsolver.core.warm`` for the wanted warm-ups, detached, so it
    outlives this process and competes with no command. Only from a Python
    interpreter: inside a host application ``sys.executable`` is the application."""
    if not _wanted or not Path(sys.executable).name.lower().startswith("python"):
        return
    import subprocess  # here, not at the top: 5 ms that only a cold cache needs

    detach = ({"creationflags": subprocess.DETACHED_PROCESS | subprocess.CREATE_NEW_PROCESS_GROUP}
              if os.name == "nt" else {"start_new_session": True})
    try:
        subprocess.Popen([sys.executable, "-m", "xlsolver.core.warm", *sorted(_wanted)],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         close_fds=True, **detach)
    except OSError:
        pass  # no warm-up this time; the next run asks again


@contextmanager
def warm_up_lock(wait: bool = False) -> Iterator[bool]:
    """Hold the cache's warm-up lock if no other process does (or, with ``wait``,
    once it lets go): yields whether it is held. The operating system lets go of it when the holder dies, so a killed
    warm-up never blocks the next. The holder's process id is in the file."""
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / "warm-up.lock", "a+b")
    except OSError:
        yield False
        return
    with handle:
        try:
            if os.name == "nt":
                import msvcrt

                msvcrt.locking(handle.fileno(), msvcrt.LK_LOCK if wait else msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except OSError:
            yield False
            return
        handle.truncate(0)
        handle.write(str(os.getpid()).encode())
        handle.flush()
        yield True  # released when the file closes


def write_stamps(warmed: set[str]) -> list[Path]:
    """Stamp every group of this process whose warm-up is in ``warmed`` (ran without
    error); returns the stamps written. A kernel a warm-up missed would be compiled
    on its first call, off the puzzle's clock but not off the user's: a test checks
    that each warm-up compiles every kernel of its groups."""
    written = []
    for group in _groups:
        if group.warm_up in warmed:
            group.stamp.parent.mkdir(parents=True, exist_ok=True)
            with tempfile.NamedTemporaryFile(dir=group.stamp.parent, delete=False) as part:
                part.write(group.warm_up.encode())
            os.replace(part.name, group.stamp)
            written.append(group.stamp)
    return written


# --- listening to numba -----------------------------------------------------------------

_waiting: list[Callable[[], None]] = []  # callbacks for the next first compile
_listening: list[bool] = []  # listeners registered once per process, when numba is first used


def on_first_compile(callback: Callable[[], None]) -> bool:
    """Have ``callback()`` called once, when numba next starts compiling a kernel in
    this process (a first run on a machine, or after an upgrade; loading compiled
    code from the cache does not count), so a command can say why it is slow this
    once. Returns False when nothing is compiled here (numba absent or off)."""
    if not numba_enabled():
        return False
    _waiting.append(callback)
    return True


def _listen() -> None:
    """Register, once, the listeners for first compiles and for time spent compiling."""
    if _listening:
        return
    from numba.core import event

    class _First(event.Listener):
        def on_start(self, event) -> None:
            while _waiting:
                _waiting.pop(0)()

        def on_end(self, event) -> None:
            pass

    class _Machinery(event.Listener):
        """numba holds its compiler lock (reentrant) while it compiles or loads a
        kernel: the outermost hold of each thread is machinery time."""

        def __init__(self) -> None:
            self.local = threading.local()

        def on_start(self, event) -> None:
            depth = getattr(self.local, "depth", 0)
            if depth == 0:
                self.local.started = time.perf_counter()
            self.local.depth = depth + 1

        def on_end(self, event) -> None:
            self.local.depth -= 1
            if self.local.depth == 0:
                clock.add_machinery(time.perf_counter() - self.local.started)

    event.register("numba:compile", _First())
    event.register("numba:compiler_lock", _Machinery())
    _listening.append(True)
