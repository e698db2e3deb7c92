"""Puzzle kinds: each is one :class:`KindSpec`, and :data:`BUILTIN` lists them.

A spec is the whole of what the rest of xlsolver knows about a kind (a table
of functions, as in Tatham's puzzle collection): which puzzle package it
belongs to, how it finds and reads its puzzle on a sheet (:attr:`KindSpec.locate`,
one pass), the actions it offers there, the puzzle files it reads, the command
that generates it, the sample sheet ``xlsolver excel`` lays out, and its own
command-line options. Nothing else lists kinds: the commands, the buttons, the
workbook builder and the architecture test all read :func:`kinds`. Specs are data
and name their code lazily (:class:`Lazy`), so this module loads no solver.

Detection contract
------------------
A sheet belongs to the first kind, in order of :attr:`KindSpec.rank`, whose
``locate`` claims it. To claim a sheet a kind needs its own mark there, not
merely cells it could read:

- **sudoku** (rank 10): a defined name containing "sudoku"; or a title naming a
  sudoku above a block holding every digit of the sheet; or a square block of a
  sudoku size whose boxes nearly all hold givens and whose units rarely repeat
  one (a nonogram's grid is empty and its hints repeat small numbers);
- **polyomino** (rank 20): a title cell starting "Polyomino", "Pentomino",
  "Tetromino", "Hexomino" or "Tiling", or a defined name ``Board``;
- **nonogram** (rank 30): numbers above and left of a rectangle of cells (the
  analyzer's layout), or a defined name containing "grid". It reads any
  numbers, so it comes last. Sheets whose first cell says they are an
  explanation's steps, or a batch's Index, belong to no kind.

A kind of lower rank must never claim a sheet another kind made (the test
``tests/test_kinds.py`` checks every bundled sheet against every kind); a kind of
higher rank may, which is why order decides. A claim is final: a sheet that
carries a kind's mark but holds a mistake is that kind's sheet with an
:class:`~xlsolver.core.InputError` naming the cell (:attr:`Found.error`), not a
sheet for the next kind. A new kind picks a rank between the ones it must
come before and after, and says in its docstring what its mark is.

Plugins
-------
Other distributions add kinds through the ``xlsolver.kinds`` entry-point group
(:mod:`xlsolver.jobs.plugins`; ``docs/plugins.md`` tells how to write one), and
:func:`kinds` lists them with the built-in ones, by rank. They keep the same
contract: the course's Takuzu (``docs/course/takuzu``) ranks 5, first, because its
mark is a title or name of its own while its 1s alone could pass for a sparse
sudoku's givens.
"""

from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Iterable, Mapping

from xlsolver.core import InputError, PaintPlan
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.jobs.base import ACTIONS, FileKind, Options, Report

__all__ = ["BUILTIN", "Found", "KindOption", "KindSpec", "SheetAction", "Lazy", "SheetReader", "kind_named", "kind_of", "kinds",
           "limits_of", "locate"]


@dataclass(frozen=True)
class Found:
    """A puzzle located on a sheet, read in the same pass: what every action of the
    kind starts from. ``puzzle`` is the kind's own reading of the sheet (its layout,
    clues, givens ...); when the sheet carries the kind's mark but a mistake, ``error``
    names the cell and ``puzzle`` is None (``clear`` may still work from ``layout``)."""

    kind: str
    snap: SheetSnapshot
    layout: Any
    puzzle: Any = None
    error: InputError | None = None

    @property
    def status_cell(self) -> tuple[int, int] | None:
        """Where the kind writes its sentence (its layout's ``status_cell``): a write
        there moves to a free cell below when the user's text holds it."""
        return getattr(self.layout, "status_cell", None)

    def read(self) -> Any:
        """The puzzle as read; raises the sheet's InputError when it has one."""
        if self.error is not None:
            raise self.error
        return self.puzzle


SheetAction = Callable[[WorkbookBackend, Found, Options], Report]
"""An action on one located puzzle: work, paint through ``book.apply``, report.
Raises InputError for the user's mistakes. ``book`` is an
:class:`~xlsolver.core.ownership.Owner` around the back end: it writes only into
empty cells and xlsolver's own, and its ``clear()`` gives back what xlsolver changed."""


class SheetReader:
    """Snapshots of a workbook's sheets, each taken once while nothing paints it.

    A job reads the sheet it works on and, for some kinds, a sheet beside it (the
    Pieces sheet of a polyomino book). Reading through one reader means no sheet is
    read twice in one run; :meth:`forget` drops a sheet once it has been painted.
    ``limits`` are the run's (``Options.limits``): a kind's ``locate`` refuses a
    puzzle larger than they allow before reading its cells (see :func:`limits_of`)."""

    def __init__(self, book: WorkbookBackend, given: Mapping[str, SheetSnapshot] | None = None,
                 limits: Limits = DEFAULT_LIMITS) -> None:
        self.book = book
        self.limits = limits
        self._snaps: dict[str, SheetSnapshot] = dict(given or {})

    def names(self) -> list[str]:
        return self.book.sheet_names()

    def snapshot(self, name: str) -> SheetSnapshot:
        if name not in self._snaps:
            self._snaps[name] = self.book.snapshot(name)
        return self._snaps[name]

    def forget(self, name: str) -> None:
        self._snaps.pop(name, None)


def limits_of(reader: SheetReader | None) -> Limits:
    """The limits a kind's ``locate`` keeps: the reader's, or the defaults without one."""
    return reader.limits if reader is not None else DEFAULT_LIMITS


@dataclass(frozen=True)
class KindOption:
    """A command-line option of one kind (``--engine`` for nonograms, ``--pencil``
    for sudoku hints): added to the commands in ``actions`` and handed to the kind's
    actions as ``options.settings[dest]``."""

    flag: str
    dest: str
    help: str
    actions: tuple[str, ...]
    default: Any = None
    choices: tuple[str, ...] | None = None
    switch: bool = False  # a flag without a value (store_true)
    check: Callable[[Any], str | None] | None = None  # what is wrong with a value, or None


@dataclass(frozen=True)
class KindSpec:
    """Everything xlsolver knows about one puzzle kind. See the module docstring
    for the detection contract that :attr:`rank` and :attr:`locate` keep."""

    name: str  # "nonogram": the word in reports, JSON and help
    package: str  # the puzzle package it solves with ("xlsolver.nonogram"); layer-checked
    rank: int  # detection order: lower claims first
    mark: str  # what marks a sheet as this kind, in a few words (help and messages)
    locate: Callable[[SheetSnapshot, "SheetReader | None"], Found | None]  # None: not this kind's sheet
    actions: Mapping[str, SheetAction]  # "solve" and any of ACTIONS
    files: FileKind | None = None  # the puzzle files it reads
    generator: str | None = None  # "module:function" adding ``xlsolver generate <name>``
    sample: tuple[str, Callable[[str], PaintPlan]] | None = None  # sheet title and its plan, for xlsolver excel
    options: tuple[KindOption, ...] = field(default=())

    def action(self, name: str) -> SheetAction | None:
        return self.actions.get(name)

    def offered(self) -> list[str]:
        """The actions offered on its sheets, in the order of ``ACTIONS``."""
        return [name for name in ACTIONS if name in self.actions]


class Lazy:
    """A function named by ``"module:function"``, imported on its first call.

    Specs name their code this way, so listing the kinds (for ``--help``, or to
    pick the kind of a file by its suffix) imports none of it: a kind's solver,
    numpy and the spreadsheet libraries load when a puzzle of that kind is worked
    on, not before."""

    __slots__ = ("target", "_function")

    def __init__(self, target: str) -> None:
        self.target = target
        self._function: Callable | None = None

    def __call__(self, *args, **kwargs):
        if self._function is None:
            module, _, name = self.target.partition(":")
            self._function = getattr(importlib.import_module(module), name)
        return self._function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Lazy({self.target!r})"


def _actions(module: str, names: Iterable[str]) -> dict[str, Lazy]:
    return {name: Lazy(f"{module}:{name}_sheet") for name in names}


_NONOGRAM, _SUDOKU, _POLYOMINO = "xlsolver.jobs.nonogram", "xlsolver.jobs.sudoku", "xlsolver.jobs.polyomino"

BUILTIN: dict[str, KindSpec] = {
    "sudoku": KindSpec(
        name="sudoku",
        package="xlsolver.sudoku",
        rank=10,
        mark='a square block of givens, a title naming a sudoku, or a defined name containing "sudoku"',
        locate=Lazy(f"{_SUDOKU}:locate"),
        actions={"solve": Lazy(f"{_SUDOKU}:solve_sheet"),
                 **{name: Lazy(f"xlsolver.jobs.sudoku_explain:{name}") for name in ("step", "hint", "check", "clear")},
                 "explain": Lazy("xlsolver.jobs.sudoku_explain:explain_sheet"),
                 "generate": Lazy(f"{_SUDOKU}:generate_sheet")},
        files=FileKind(kind="sudoku", suffixes=(".txt", ".sdm"), solve_file=Lazy(f"{_SUDOKU}:solve_file"),
                       detect=Lazy(f"{_SUDOKU}:is_sudoku_file"),
                       actions={"explain": Lazy("xlsolver.jobs.sudoku_explain:explain_file")},
                       solve_lines=Lazy(f"{_SUDOKU}:solve_lines")),
        generator="xlsolver.cli.generate:register_sudoku",
        sample=("Sudoku", Lazy(f"{_SUDOKU}:sample_plan")),
        options=(KindOption("--pencil", "pencil", "also write the candidates of every empty cell small (sudoku)",
                            actions=("hint",), switch=True),),
    ),
    "polyomino": KindSpec(
        name="polyomino",
        package="xlsolver.polyomino",
        rank=20,
        mark='a board under a title starting Polyomino, Pentomino, Tetromino, Hexomino or Tiling, or a name "Board"',
        locate=Lazy(f"{_POLYOMINO}:locate"),
        actions=_actions(_POLYOMINO, ("solve", "clear")),
        sample=("Tiling", Lazy(f"{_POLYOMINO}:sample_plan")),
    ),
    "nonogram": KindSpec(
        name="nonogram",
        package="xlsolver.nonogram",
        rank=30,
        mark='numbers above and left of a grid, or a defined name containing "grid"',
        locate=Lazy(f"{_NONOGRAM}:locate"),
        actions=_actions(_NONOGRAM, ("solve", "step", "hint", "check", "clear", "explain")),
        files=FileKind(kind="nonogram", suffixes=(".cwd", ".g", ".mk", ".nin", ".non", ".pbn", ".taai", ".txt", ".xml"),
                       solve_file=Lazy(f"{_NONOGRAM}:solve_file"), detect=Lazy(f"{_NONOGRAM}:is_nonogram_file")),
        sample=("Nonogram", Lazy(f"{_NONOGRAM}:sample_plan")),
        options=(KindOption("--engine", "engine",
                            "nonogram search after line logic: auto (probing, then SAT if python-sat is installed), "
                            "native (probing and search in Python) or sat (CaDiCaL through python-sat)",
                            actions=("solve", "step", "hint", "check", "explain"), default="auto",
                            choices=("auto", "native", "sat"), check=Lazy(f"{_NONOGRAM}:engine_problem")),),
    ),
}
"""The kinds xlsolver brings, by name: the one list of kinds. Each spec is data and
names its code lazily (:class:`Lazy`), so it is known without importing that code."""


@cache
def kinds() -> tuple[KindSpec, ...]:
    """Every kind, in detection order: the built-in ones and those that installed
    plugins advertise (:mod:`xlsolver.jobs.plugins`; specs are immutable). Kinds of
    equal rank keep that order. A plugin that cannot be used is left out with one
    line on stderr; the cache makes that once per process."""
    from xlsolver.jobs.plugins import discover

    added, skipped = discover(BUILTIN)
    if skipped:
        from xlsolver.core.files import printable

        for plugin in skipped:
            print(printable(plugin.line()), file=sys.stderr)
    return tuple(sorted((*BUILTIN.values(), *added), key=lambda spec: spec.rank))


def kind_named(name: str) -> KindSpec | None:
    return next((spec for spec in kinds() if spec.name == name), None)


def kind_of(snap: SheetSnapshot, reader: SheetReader | None = None) -> KindSpec | None:
    """The kind that claims a sheet, or None."""
    found = locate(snap, reader)
    return None if found is None else kind_named(found.kind)


def locate(snap: SheetSnapshot, reader: SheetReader | None = None) -> Found | None:
    """The puzzle on a sheet, found by the first kind that claims it (or None).
    ``reader`` gives the sheets beside it that a kind may read too (a Pieces sheet);
    without one, a kind reads the sheet alone."""
    for spec in kinds():
        found = spec.locate(snap, reader)
        if found is not None:
            return found
    return None
