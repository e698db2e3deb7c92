"""The kind registry: one spec per kind, the detection contract, and one read per sheet.

See the detection contract in :mod:`xlsolver.jobs.registry`: a sheet belongs to
the first kind (by rank) that claims it; a kind of lower rank never claims
another kind's sheet.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

import xlsolver.jobs.registry as registry
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.jobs import ACTIONS, BUILTIN, Options, SheetReader, kind_of, kinds, run_book

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"
# Which kind made each bundled workbook (its script lays out puzzles of that kind only).
MADE_BY = {"nonogram.xlsx": "nonogram", "nonogram-colour.xlsx": "nonogram", "sudoku.xlsx": "sudoku",
           "polyomino.xlsx": "polyomino"}
NOT_PUZZLES = {("polyomino.xlsx", "Pieces")}  # the custom pieces a polyomino book's boards use


def test_every_bundled_workbook_is_listed():
    """Every workbook the scripts bundle (not the copies a command writes beside them,
    such as the README's first command's nonogram.solved.xlsx)."""
    from xlsolver.jobs.base import OUTPUT_TAGS

    written = tuple(f".{tag}." for tag in OUTPUT_TAGS.values())
    assert {p.name for p in WORKBOOKS.glob("*.xlsx") if not any(t in p.name for t in written)} == set(MADE_BY)


def test_registry_lists_each_kind_once_in_rank_order():
    specs = [s for s in kinds() if s.name in BUILTIN]  # an installed plugin adds its own (tests/plugins)
    assert [s.name for s in specs] == ["sudoku", "polyomino", "nonogram"]
    assert set(BUILTIN) == {s.name for s in specs}
    assert len({s.rank for s in specs}) == len(specs)
    for spec in specs:
        assert spec.action("solve") is not None, f"{spec.name} cannot solve"
        assert set(spec.actions) <= set(ACTIONS), f"{spec.name} offers an action no command has"
        assert spec.package.startswith("xlsolver.") and (ROOT / spec.package.replace(".", "/")).is_dir()


def _claims(path: Path):
    book = OpenpyxlWorkbook.open(path)
    reader = SheetReader(book)
    for name in book.sheet_names():
        snap = reader.snapshot(name)
        yield name, [spec for spec in kinds() if spec.locate(snap, reader) is not None]


@pytest.mark.parametrize("book", sorted(MADE_BY))
def test_every_bundled_sheet_is_claimed_by_the_kind_that_made_it(book):
    made_by = MADE_BY[book]
    rank = next(s.rank for s in kinds() if s.name == made_by)
    for sheet, claimers in _claims(WORKBOOKS / book):
        if (book, sheet) in NOT_PUZZLES:
            assert claimers == [], f"{book}!{sheet} is no puzzle, but {claimers[0].name} claims it"
            continue
        assert claimers, f"{book}!{sheet}: no kind claims it"
        assert claimers[0].name == made_by, f"{book}!{sheet} is claimed by {claimers[0].name}, not {made_by}"
        # The contract: a kind ranked before the one that made a sheet never claims it.
        assert all(s.rank >= rank for s in claimers)


@pytest.mark.parametrize("spec", kinds(), ids=lambda s: s.name)
def test_each_sample_sheet_is_claimed_by_its_own_kind(spec):
    title, plan = spec.sample
    book = MemoryWorkbook({title: {}})
    book.apply(plan(title))
    assert kind_of(book.snapshot(title)).name == spec.name


def _counting(monkeypatch):
    """Count every spec.locate call per (kind, sheet), and find_layout per sheet."""
    located: Counter = Counter()
    layouts: Counter = Counter()

    def counted(spec):
        def locate(snap, reader=None):
            located[spec.name, snap.name] += 1
            return spec.locate(snap, reader)
        return dataclasses.replace(spec, locate=locate)

    specs = tuple(counted(s) for s in kinds())
    monkeypatch.setattr(registry, "kinds", lambda: specs)
    import xlsolver.jobs.nonogram as nonogram
    from xlsolver.sheets.nonogram_layout import find_layout as real

    def find_layout(snap, *args, **kwargs):
        layouts[snap.name] += 1
        return real(snap, *args, **kwargs)

    monkeypatch.setattr(nonogram, "find_layout", find_layout)
    return located, layouts


class _Recording:
    """A back end that counts the snapshots taken of each sheet and passes the rest on."""

    def __init__(self, book):
        self.book = book
        self.snapshots: Counter = Counter()

    def snapshot(self, name):
        self.snapshots[name] += 1
        return self.book.snapshot(name)

    def __getattr__(self, name):
        return getattr(self.book, name)


@pytest.mark.parametrize("book", sorted(MADE_BY))
@pytest.mark.parametrize("action", list(ACTIONS))
def test_each_sheet_is_read_and_located_once_per_action(book, action, monkeypatch):
    located, layouts = _counting(monkeypatch)
    live = _Recording(OpenpyxlWorkbook.open(WORKBOOKS / book))
    sheets = live.sheet_names()
    run_book(live, book, None, Options(budget_seconds=10), action)
    for sheet in sheets:
        assert live.snapshots[sheet] == 1, f"{book}!{sheet} read {live.snapshots[sheet]} times by {action}"
        assert layouts[sheet] <= 1, f"{book}!{sheet}: find_layout ran {layouts[sheet]} times"
        for spec in kinds():
            assert located[spec.name, sheet] <= 1, f"{spec.name} located {book}!{sheet} twice"


def test_a_press_reads_its_sheet_once(monkeypatch):
    """A button press hands its own snapshot to the action: the sheet is read once."""
    from xlsolver.buttons import press

    class Live(_Recording):
        def active_sheet(self):
            return "Heart"

        def value_at(self, sheet, row, col):
            return self.book.snapshot(sheet).value(row, col)

        def show_status(self, text):
            pass

    located, layouts = _counting(monkeypatch)
    live = Live(OpenpyxlWorkbook.open(WORKBOOKS / "nonogram.xlsx"))
    [report] = press(live, "solve")
    assert report.status == "unique"
    assert live.snapshots == Counter({"Heart": 1}) and layouts["Heart"] == 1


# What docs/architecture.md ("Adding a puzzle kind") asks of every kind, by path.
# {kind} is the kind's name, {package} its puzzle package's last part.
GUIDE = {
    "its puzzle package": "xlsolver/{package}/__init__.py",
    "its sheet module(s)": "xlsolver/sheets/{kind}_*.py",
    "its job module (the spec)": "xlsolver/jobs/{kind}.py",
    "an independent oracle": "tests/{package}/oracle.py",
    "a workbook round-trip test": "tests/{package}/test_workbook.py",
    "a bundled workbook": "workbooks/{kind}.xlsx",
    "a docs page": "docs/{kind}*.md",
}


@pytest.mark.parametrize("spec", BUILTIN.values(), ids=lambda s: s.name)
def test_a_registered_kind_has_all_the_guide_asks_for(spec):
    package = spec.package.split(".")[1]
    missing = [what for what, pattern in GUIDE.items()
               if not list(ROOT.glob(pattern.format(kind=spec.name, package=package)))]
    assert not missing, f"{spec.name} lacks {', '.join(missing)} (see docs/architecture.md, Adding a puzzle kind)"
    assert spec.sample is not None, f"{spec.name} has no sample sheet for xlsolver excel"
    guide = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert "## Adding a puzzle kind" in guide
