"""Puzzle kinds: each is one :class:`KindSpec`, and :data:`BUILTIN` lists them.

A spec is the whole of what the rest of xlsolver knows about a kind (a table
of functions, as in Tatham's puzzle collection): which puzzle package it
belongs to, how it finds and reads its puzzle on a sheet (:attr:`KindSpec.locate`,
one pass), the actions it offers there, the puzzle files it reads, the command
that generates it, the sample sheet ``xlsolver excel`` lays out, and its own
command-line options. Nothing else lists kinds: the commands, the buttons, the
workbook builder and the architecture test all read :func:`kinds`.

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
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Callable, Mapping

from xlsolver.core import InputError, PaintPlan
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.jobs.base import ACTIONS, FileKind, Options, Report

__all__ = ["BUILTIN", "Found", "KindOption", "KindSpec", "SheetAction", "SheetReader", "kind_named", "kind_of", "kinds",
           "locate"]


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

    def read(self) -> Any:
        """The puzzle as read; raises the sheet's InputError when it has one."""
        if self.error is not None:
            raise self.error
        return self.puzzle


SheetAction = Callable[[WorkbookBackend, Found, Options], Report]
"""An action on one located puzzle: work, paint through ``book.apply``, report.
Raises InputError for the user's mistakes."""


class SheetReader:
    """Snapshots of a workbook's sheets, each taken once while nothing paints it.

    A job reads the sheet it works on and, for some kinds, a sheet beside it (the
    Pieces sheet of a polyomino book). Reading through one reader means no sheet is
    read twice in one run; :meth:`forget` drops a sheet once it has been painted."""

    def __init__(self, book: WorkbookBackend, given: Mapping[str, SheetSnapshot] | None = None) -> None:
        self.book = book
        self._snaps: dict[str, SheetSnapshot] = dict(given or {})

    def names(self) -> list[str]:
        return self.book.sheet_names()

    def snapshot(self, name: str) -> SheetSnapshot:
        if name not in self._snaps:
            self._snaps[name] = self.book.snapshot(name)
        return self._snaps[name]

    def forget(self, name: str) -> None:
        self._snaps.pop(name, None)


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


BUILTIN: dict[str, str] = {
    "sudoku": "xlsolver.jobs.sudoku:SPEC",
    "polyomino": "xlsolver.jobs.polyomino:SPEC",
    "nonogram": "xlsolver.jobs.nonogram:SPEC",
}
"""The kinds xlsolver brings, by name: where each spec lives (``module:attribute``,
the form of a packaging entry point). Known without importing them, for help texts."""


def _load(target: str) -> KindSpec:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


@cache
def kinds() -> tuple[KindSpec, ...]:
    """Every kind, in detection order (loaded once; specs are immutable)."""
    return tuple(sorted((_load(target) for target in BUILTIN.values()), key=lambda spec: spec.rank))


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
