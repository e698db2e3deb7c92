"""What xlsolver owns in a workbook, and the guard that keeps it off the rest.

xlsolver's one promise to a user: it never destroys what they typed. Every
action on a sheet goes through an :class:`Owner`, which lets a plan write a
value only into an empty cell or a cell of xlsolver's own, records how each
cell looked before xlsolver first changed it, and gives exactly that back on
``clear``.

Glossary
--------
before   a cell's whole look (:class:`~xlsolver.core.protocol.CellLook`) before
         xlsolver first changed it: what ``clear`` gives back.
after    what xlsolver left in the cell (value, fill, diagonals: a
         :class:`~xlsolver.core.protocol.CellInfo`).
owned    a cell xlsolver changed whose snapshot still shows its ``after``. A
         cell the user has changed since is theirs again: xlsolver forgets it
         and neither writes over it nor restores it.
memo     a short text a kind keeps about a sheet (the sudoku's givens, where its
         pencil marks went), out of the user's sight.
record   per sheet, ``{cell: (before, after)}`` and the memos; its text form is
         JSON, which each back end keeps where the user does not see it (a very
         hidden sheet, :data:`RECORD_SHEET`).
conflict a plan that would write over the user's value. The whole action is
         then refused (nothing is written) with one line naming the cell.

A status sentence (a write to the kind's status cell, ``movable``) moves: when
its cell holds the user's text it goes to the first free cell below, and a
memo keeps it there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable, Iterator

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Cell
from xlsolver.core.paint import LAYOUT_OPS, Memo, Op, Paint, PaintPlan, Restore, Write
from xlsolver.core.protocol import CellInfo, CellLook, SheetSnapshot, WorkbookBackend

__all__ = ["RECORD_SHEET", "Owner", "Record", "SheetRecord", "touched_cells"]

RECORD_SHEET = "xlsolver_owned"
"""The very hidden sheet where the file back ends keep the record's text (never listed as a sheet)."""

FORMAT = "xlsolver owned 1"
MOVE_ROWS = 30  # how far below its cell a status sentence looks for a free cell
_BLANK = CellInfo()


@dataclass
class SheetRecord:
    """What xlsolver owns on one sheet: ``cells`` maps a cell to its (before, after)."""

    cells: dict[Cell, tuple[CellLook, CellInfo]] = field(default_factory=dict)
    memos: dict[str, str] = field(default_factory=dict)

    def owned(self, snap: SheetSnapshot) -> frozenset[Cell]:
        """The recorded cells that still look as xlsolver left them."""
        return frozenset(cell for cell, (_, after) in self.cells.items() if _same(snap.get(*cell), after))


class Record:
    """The record of every sheet, with its text form (lenient on reading: a
    record that does not read is no record, so a damaged one never stops a job)."""

    def __init__(self, sheets: dict[str, SheetRecord] | None = None) -> None:
        self.sheets: dict[str, SheetRecord] = sheets or {}
        self.stored = ""  # the text the workbook holds, as read or last kept: unchanged text is not written again

    @classmethod
    def read(cls, book: WorkbookBackend) -> "Record":
        text = book.owned_text()
        record = cls.parse(text)
        record.stored = text
        return record

    def keep(self, book: WorkbookBackend) -> None:
        """Write the record's text to ``book`` when it differs from what the workbook holds."""
        text = self.text()
        if text != self.stored:
            book.keep_owned_text(text)
            self.stored = text

    @classmethod
    def parse(cls, text: str) -> "Record":
        try:
            data = json.loads(text) if text else {}
            if data.get("format") != FORMAT:
                return cls()
            return cls({name: _sheet_from_json(body) for name, body in data["sheets"].items()})
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            return cls()

    def text(self) -> str:
        sheets = {name: _sheet_to_json(rec) for name, rec in sorted(self.sheets.items()) if rec.cells or rec.memos}
        return json.dumps({"format": FORMAT, "sheets": sheets}, separators=(",", ":")) if sheets else ""

    def annotate(self, snap: SheetSnapshot) -> SheetSnapshot:
        """``snap`` with the cells xlsolver owns on it and its memos."""
        rec = self.sheets.get(snap.name)
        if rec is None:
            return snap
        return replace(snap, owned=rec.owned(snap), memos=dict(rec.memos))


class Owner:
    """A back end as one action on one sheet sees it: plans for that sheet are
    held until :meth:`commit`, checked against what the user has there, and
    applied with their cells recorded. Everything else passes through; a read
    of the workbook commits what is held first, so the action reads its own
    writes."""

    def __init__(self, book: WorkbookBackend, snap: SheetSnapshot, record: Record,
                 movable: Cell | None = None, deferred: bool = False) -> None:
        self._book = book
        self._deferred = deferred  # the caller keeps the record (Record.keep) when its run ends
        self._movable = movable  # the kind's status cell: a sentence written there may move down
        self._sheet = snap.name
        self._record = record
        self._rec = record.sheets.get(snap.name) or SheetRecord()
        self._now: dict[Cell, CellInfo] = dict(snap.cells)  # what the sheet shows, after our plans
        self._owned: set[Cell] = set(self._rec.owned(snap))
        for cell in set(self._rec.cells) - self._owned:  # changed by the user since: theirs again
            del self._rec.cells[cell]
        self._held: list[PaintPlan] = []

    # --- the protocol: plans are held, reads commit them first ---

    def apply(self, plan: PaintPlan) -> None:
        self._held.append(plan)

    def snapshot(self, sheet: str) -> SheetSnapshot:
        self.commit()
        snap = self._book.snapshot(sheet)
        return replace(snap, owned=frozenset(self._owned), memos=dict(self._rec.memos)) if sheet == self._sheet else snap

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._book, name)
        if callable(attribute) and name not in ("source", "ignores"):
            def committed(*args, **kwargs):
                self.commit()
                return attribute(*args, **kwargs)
            return committed
        return attribute

    # --- what the guard does ---

    def commit(self) -> None:
        """Apply the held plans. Raises InputError naming the first cell of the
        user's that a plan would write over, and then applies none of them."""
        held, self._held = self._held, []
        if not held:
            return
        plans = [self._guarded(plan) if plan.sheet == self._sheet else plan for plan in held]
        mine = [op for plan in plans if plan.sheet == self._sheet for op in plan.ops]
        fresh = sorted({cell for op in mine for cell in touched_cells(op)} - set(self._rec.cells))
        befores = self._book.looks(self._sheet, fresh) if fresh else {}
        for plan in plans:
            if plan.ops:
                self._book.apply(plan)
        for cell in fresh:
            self._rec.cells[cell] = (befores.get(cell, CellLook()), _BLANK)
        for op in mine:
            self._follow(op)
        self._keep()

    def clear(self) -> int:
        """Give every cell xlsolver owns on the sheet its look from before, forget
        the sheet's record (memos too); the number of cells given back."""
        self.commit()
        looks = tuple(sorted((cell, before) for cell, (before, _) in self._rec.cells.items()))
        if looks:
            self._book.apply(PaintPlan(self._sheet, (Restore(looks),)))
        self._rec = SheetRecord()
        self._owned.clear()
        self._keep()
        return len(looks)

    def _guarded(self, plan: PaintPlan) -> PaintPlan:
        ops: list[Op] = []
        for op in plan.ops:
            if isinstance(op, Memo):
                self._memo(op)
            elif isinstance(op, Write):
                placed = self._place(plan.sheet, op)
                if placed is not None:
                    ops.append(placed)
            else:
                ops.append(op)
        return PaintPlan(plan.sheet, tuple(ops))

    def _place(self, sheet: str, op: Write) -> Write | None:
        """Where the write may go: its cell, or (the status cell) a free one below it,
        or nowhere when it would empty the user's cell; raises on a conflict."""
        cell = op.cell
        if cell == self._movable:
            moved = _parse_cell(self._rec.memos.get(_move_key(cell)))
            if moved is not None and moved in self._owned and self._free(moved):
                return Write(moved, op.value)
            if op.value is not None and not self._room(cell, op.value):
                below = next(((cell[0] + k, cell[1]) for k in range(1, MOVE_ROWS + 1)
                              if self._room((cell[0] + k, cell[1]))), None)
                if below is None:
                    raise _in_the_way(sheet, cell, self._now.get(cell, _BLANK))
                self._rec.memos[_move_key(op.cell)] = f"{below[0]},{below[1]}"
                return Write(below, op.value)
        if self._free(cell, op.value):
            return op
        if op.value is None:
            return None  # never empty a cell of the user's
        raise _in_the_way(sheet, cell, self._now[cell])

    def _room(self, cell: Cell, value: object = None) -> bool:
        """May a sentence go here: free for its value (:meth:`_free`), and, unless
        xlsolver's, without the user's fill or diagonals (a cell they coloured is taken)."""
        now = self._now.get(cell, _BLANK)
        return self._free(cell, value) and (cell in self._owned or (now.fill is None and not now.diagonals))

    def _free(self, cell: Cell, value: object = None) -> bool:
        """May a value go here: the cell is empty, or its value is xlsolver's
        (a cell xlsolver only painted keeps the user's value), or is ``value`` already."""
        now = self._now.get(cell, _BLANK).value
        if now in (None, "") or (value is not None and now == value):
            return True
        return cell in self._owned and self._rec.cells[cell][0].value in (None, "")

    def _memo(self, op: Memo) -> None:
        if op.text is None:
            self._rec.memos.pop(op.key, None)
        else:
            self._rec.memos[op.key] = op.text

    def _follow(self, op: Op) -> None:
        """Update what the sheet shows, and each touched cell's after, for one applied op."""
        for cell in touched_cells(op):
            old = self._now.get(cell, _BLANK)
            if isinstance(op, Write):
                new = CellInfo(op.value, old.fill, old.diagonals)
            elif isinstance(op, Paint):
                new = CellInfo(old.value, op.style.fill, op.style.diagonals)
            elif isinstance(op, Restore):
                new = dict(op.looks)[cell].info
            else:
                new = old
            self._now[cell] = new
            self._owned.add(cell)
            before, _ = self._rec.cells[cell]
            self._rec.cells[cell] = (before, new)

    def _keep(self) -> None:
        """Note the sheet's record in the workbook's, and write it unless the job
        writes it itself once its run on the workbook ends (``deferred``): writing
        the whole record after each of a hundred sheets made such a run quadratic."""
        self._record.sheets[self._sheet] = self._rec
        if not self._deferred:
            self._record.keep(self._book)


def touched_cells(op: Op) -> Iterator[Cell]:
    """The cells an operation changes: a write's cell, a paint's cells, the
    cells of a box that gets lines or a text look; none for the operations
    that shape the sheet (sizes, print setup) or only note something."""
    if isinstance(op, Write):
        yield op.cell
    elif isinstance(op, Restore):
        yield from (cell for cell, _ in op.looks)
    elif isinstance(op, Memo):
        return
    elif hasattr(op, "cells"):
        yield from op.cells
    elif isinstance(op, LAYOUT_OPS) and _shapes_cells(op):
        for row in range(op.top, op.bottom + 1):
            for col in range(op.left, op.right + 1):
                yield (row, col)


def _shapes_cells(op: Op) -> bool:
    """Lines and text looks change cells; sizes, widths and print setup change the sheet."""
    return type(op).__name__ not in ("SquareCells", "ColumnWidths", "PrintSetup") and hasattr(op, "top")


def _same(info: CellInfo, after: CellInfo) -> bool:
    def norm(value):
        return None if value == "" else value
    return (norm(info.value) == norm(after.value) and info.fill == after.fill
            and info.diagonals == after.diagonals)


def _in_the_way(sheet: str, cell: Cell, info: CellInfo) -> InputError:
    if info.value in (None, ""):
        what = "the cell is coloured"
    else:
        shown = str(info.value)
        what = f'the cell holds "{shown if len(shown) <= 30 else shown[:27] + "..."}"'
    return InputError(f"{what}, where xlsolver writes; move it (or empty the cell) and press again: "
                      "nothing was written", f"{sheet}!{cell_ref(*cell)}")


def _move_key(cell: Cell) -> str:
    return f"moved {cell[0]},{cell[1]}"


def _parse_cell(text: str | None) -> Cell | None:
    try:
        row, col = (int(part) for part in (text or "").split(","))
        return (row, col)
    except ValueError:
        return None


# --- the text form: looks listed once, cells as runs of columns per row ---

_LOOK_FIELDS = [f.name for f in fields(CellLook)]
_DEFAULT = CellLook()


def _look_to_json(look: CellLook) -> dict:
    return {name: list(value) if isinstance(value, tuple) else value
            for name in _LOOK_FIELDS if (value := getattr(look, name)) != getattr(_DEFAULT, name)}


def _look_from_json(data: dict) -> CellLook:
    values = {name: tuple(value) if name == "edges" else value for name, value in data.items() if name in _LOOK_FIELDS}
    return CellLook(**values)


def _sheet_to_json(rec: SheetRecord) -> dict:
    looks: dict[CellLook, int] = {}
    groups: dict[tuple[int, int], list[Cell]] = {}
    for cell, (before, after) in rec.cells.items():
        after_look = CellLook(after.value, after.fill, after.diagonals)
        key = (looks.setdefault(before, len(looks)), looks.setdefault(after_look, len(looks)))
        groups.setdefault(key, []).append(cell)
    return {"memos": dict(sorted(rec.memos.items())), "looks": [_look_to_json(look) for look in looks],
            "cells": [[b, a, _runs(cells)] for (b, a), cells in sorted(groups.items())]}


def _sheet_from_json(data: dict) -> SheetRecord:
    looks = [_look_from_json(item) for item in data["looks"]]
    cells = {}
    for b, a, runs in data["cells"]:
        for cell in _cells(runs):
            cells[cell] = (looks[b], looks[a].info)
    return SheetRecord(cells, {str(k): str(v) for k, v in data.get("memos", {}).items()})


def _runs(cells: Iterable[Cell]) -> list[list[int]]:
    """``[[row, first, last], ...]``: each row's cells as runs of adjacent columns."""
    runs: list[list[int]] = []
    for row, col in sorted(cells):
        if runs and runs[-1][0] == row and runs[-1][2] == col - 1:
            runs[-1][2] = col
        else:
            runs.append([row, col, col])
    return runs


def _cells(runs: list[list[int]]) -> Iterator[Cell]:
    for row, first, last in runs:
        for col in range(int(first), int(last) + 1):
            yield (int(row), col)
