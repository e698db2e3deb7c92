"""The checks every built-in kind passes, run with the Takuzu plugin installed:
the detection contract and one read per sheet (``tests/test_kinds.py``), the
registry's rules for a spec, and the layering rules (``tests/test_architecture.py``)
applied to the plugin package's own modules.

``tests/test_kinds.py`` is parametrized by ``kinds()`` when it is collected, so
where a plugin is installed for real its contract tests cover it too; here the
same test functions are called with the plugin installed for the test alone.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import test_architecture as architecture
import test_kinds as contract
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.jobs import ACTIONS, BUILTIN, Options, kind_named, kinds, run_book

from .conftest import TAKUZU_SOURCE

PACKAGE = TAKUZU_SOURCE / "xlsolver_takuzu"
# The layer of each module of the plugin package, as xlsolver's own layers go.
LAYER = {"__init__": "puzzle", "puzzle": "puzzle", "solver": "puzzle", "sheet": "sheets", "job": "jobs",
         "spec": "jobs"}
ORDER = ["puzzle", "sheets", "jobs"]
# What a module of each layer may import of xlsolver: as a built-in puzzle package, sheet
# module and job module may (tests/test_architecture.py ALLOWED).
ALLOWED = {"puzzle": {"core"}, "sheets": {"core", "sheets"}, "jobs": architecture.ALLOWED["jobs"]}


def test_the_spec_keeps_the_rules_of_the_registry(takuzu):
    specs = kinds()
    assert len({spec.rank for spec in specs}) == len(specs) == len({spec.name for spec in specs})
    spec = kind_named("takuzu")
    assert spec.action("solve") is not None and set(spec.actions) <= set(ACTIONS)
    assert importlib.util.find_spec(spec.package) is not None
    assert spec.sample is not None and spec.name not in BUILTIN


@pytest.mark.parametrize("book", sorted(contract.MADE_BY))
def test_takuzu_claims_no_bundled_sheet(takuzu, book):
    contract.test_every_bundled_sheet_is_claimed_by_the_kind_that_made_it(book)


def test_every_sample_sheet_is_claimed_by_its_own_kind(takuzu):
    for spec in kinds():
        contract.test_each_sample_sheet_is_claimed_by_its_own_kind(spec)


@pytest.mark.parametrize("action", list(ACTIONS))
def test_each_takuzu_sheet_is_read_and_located_once_per_action(takuzu, action, monkeypatch, tmp_path):
    book = OpenpyxlWorkbook.new()
    spec = kind_named("takuzu")
    for name in ("One", "Two"):
        book.apply(spec.sample[1](name))
    located, _ = contract._counting(monkeypatch)
    live = contract._Recording(book)
    reports = run_book(live, "book.xlsx", None, Options(budget_seconds=10), action)
    assert [r.kind for r in reports] == (["takuzu", "takuzu"] if action in spec.actions else [])
    for sheet in ("One", "Two"):
        assert live.snapshots[sheet] == 1, f"{sheet} read {live.snapshots[sheet]} times by {action}"
        assert all(located[s.name, sheet] <= 1 for s in kinds())


def modules() -> list[Path]:
    return sorted(PACKAGE.glob("*.py"))


def test_every_module_has_its_layer():
    assert {p.stem for p in modules()} == set(LAYER)


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.name)
def test_the_plugin_imports_downwards_only(path):
    imports = architecture.imports_of(path)
    used = {name.split(".")[1] for name in imports if name.startswith("xlsolver.")}
    allowed = ALLOWED[LAYER[path.stem]]
    assert used <= allowed, f"{path.name} imports {sorted(used - allowed)} of xlsolver, above its layer"
    own = {name.split(".")[1] for name in imports if name.startswith("xlsolver_takuzu.")}
    above = {m for m in own if ORDER.index(LAYER[m]) > ORDER.index(LAYER[path.stem])}
    assert not above, f"{path.name} imports {sorted(above)}, of a higher layer"
    assert not {n for n in imports if n.split(".")[0] in {"openpyxl", "xlwings"}}


def test_the_plugin_touches_no_native_object():
    outside = [f"{p.name}:{number}" for p in modules()
               for number, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
               if architecture.NATIVE.search(line)]
    assert not outside


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.name)
def test_every_plugin_module_lists_its_public_names(path, takuzu_source):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert any(isinstance(node, (ast.Assign, ast.AnnAssign)) and "__all__" in ast.unparse(node).split("=")[0]
               for node in tree.body), f"{path.name} has no __all__"
    module = importlib.import_module(f"xlsolver_takuzu.{path.stem}".removesuffix(".__init__"))
    assert all(hasattr(module, name) for name in module.__all__)


# Takuzu sheets that a built-in kind claims when the plugin is not there: why Takuzu ranks first.
CLAIMED_WITHOUT = {"sudoku": "0...0./....0./10..../...1../..10../1....0",
                   "nonogram": "...0../.....0/...1../.1..../....../......"}


@pytest.mark.parametrize("other", sorted(CLAIMED_WITHOUT))
def test_takuzu_ranks_before_the_kinds_that_would_read_its_sheets(plugins, other):
    from xlsolver.core.protocol import CellInfo, SheetSnapshot
    from xlsolver.jobs import kind_of

    rows = CLAIMED_WITHOUT[other].split("/")
    cells = {(1, 1): CellInfo("Takuzu 6x6")}
    cells.update({(3 + r, 1 + c): CellInfo(int(ch)) for r, row in enumerate(rows) for c, ch in enumerate(row)
                  if ch != "."})
    snap = SheetSnapshot("T", cells)
    assert kind_of(snap).name == other
    plugins.add_takuzu()
    assert kind_of(snap).name == "takuzu"
