"""Kinds from entry points: found, listed by rank, loaded lazily; a broken plugin is
one line on stderr, once, and the built-in kinds keep working.

Plugins are installed by writing their ``*.dist-info`` into a temporary folder
(see ``conftest.py``); a subprocess sees them through ``PYTHONPATH``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import openpyxl

from xlsolver.jobs import BUILTIN, kind_named, kinds
from xlsolver.jobs.plugins import Skipped, discover

BUILT_IN = ["sudoku", "polyomino", "nonogram"]

# The broken plugins, each a distribution of its own: what it advertises, its module, and the line it gets.
BROKEN = {
    "kind-missing": ("missing = kind_missing:SPEC", "import kind_nowhere_to_be_found\n",
                     "plugin missing (kind-missing 0.1.0) skipped: cannot load kind_missing:SPEC: "
                     "ModuleNotFoundError: No module named 'kind_nowhere_to_be_found'"),
    "kind-raises": ("raises = kind_raises:SPEC", "raise RuntimeError('the plugin\\nfell over')\n",
                    "plugin raises (kind-raises 0.1.0) skipped: cannot load kind_raises:SPEC: "
                    "RuntimeError: the plugin fell over"),
    "kind-not-a-spec": ("notaspec = kind_not_a_spec:SPEC", "SPEC = {'name': 'dict'}\n",
                        "plugin notaspec (kind-not-a-spec 0.1.0) skipped: kind_not_a_spec:SPEC is a dict, "
                        "not a KindSpec"),
    "kind-clash": ("clash = kind_clash:SPEC",
                   "from dataclasses import replace\nfrom xlsolver.jobs import BUILTIN\n"
                   "SPEC = replace(BUILTIN['sudoku'], rank=1)\n",
                   'plugin clash (kind-clash 0.1.0) skipped: its kind "sudoku" is the name of a built-in kind'),
    "kind-twin": ("takuzu2 = xlsolver_takuzu.spec:SPEC", None,
                  'plugin takuzu2 (kind-twin 0.1.0) skipped: its kind "takuzu" is the name of plugin '
                  "takuzu (xlsolver-takuzu 0.1.0)"),
}


def install_broken(plugins) -> None:
    for distribution, (entry, module, _) in BROKEN.items():
        name, _, target = (part.strip() for part in entry.partition("="))
        if module is not None:
            plugins.module(target.partition(":")[0], module)
        plugins.add(distribution, {name: target})


def test_without_plugins_the_kinds_are_the_built_in_ones(plugins):
    assert [spec.name for spec in kinds()] == BUILT_IN
    assert discover(BUILTIN) == ([], [])


def test_an_installed_plugin_is_listed_by_its_rank(takuzu):
    names = [spec.name for spec in kinds()]
    assert names == ["takuzu", *BUILT_IN]
    assert [spec.rank for spec in kinds()] == sorted(spec.rank for spec in kinds())
    assert set(BUILTIN) == set(BUILT_IN)  # plugins join the list of kinds, not BUILTIN
    spec = kind_named("takuzu")
    assert spec.package == "xlsolver_takuzu" and spec.offered() == ["solve", "clear"]
    assert spec.files.suffixes == (".takuzu",)


def test_each_broken_plugin_is_one_line_once_and_skipped(takuzu, capsys):
    install_broken(takuzu)
    assert [spec.name for spec in kinds()] == ["takuzu", *BUILT_IN]
    kinds(), kind_named("sudoku")  # asked again: said once
    lines = capsys.readouterr().err.splitlines()
    assert sorted(lines) == sorted(f"xlsolver: {line}" for *_, line in BROKEN.values())
    assert kind_named("sudoku") is BUILTIN["sudoku"]


def test_discover_gives_what_it_skipped_as_values(takuzu):
    install_broken(takuzu)
    found, skipped = discover(BUILTIN)
    assert [spec.name for spec in found] == ["takuzu"]
    assert all(isinstance(s, Skipped) for s in skipped)
    assert sorted(s.line() for s in skipped) == sorted(f"xlsolver: {line}" for *_, line in BROKEN.values())


def four_by_four_sudoku(ws) -> None:
    """A 4x4 sudoku with one solution, under its title."""
    ws.cell(1, 1, "Sudoku 4x4")
    for r, row in enumerate(["1...", "..3.", ".4..", "...2"]):
        for c, ch in enumerate(row):
            if ch != ".":
                ws.cell(3 + r, 1 + c, int(ch))


def test_a_fresh_process_finds_the_plugin_and_skips_the_broken_ones(takuzu, tmp_path):
    """Through PYTHONPATH, as a user's installed plugins are found: the sudoku and the
    Takuzu sheets solve, each broken plugin is one line on stderr and no traceback."""
    install_broken(takuzu)
    book = openpyxl.Workbook()
    four_by_four_sudoku(book.active)
    book.active.title = "Sudoku"
    ws = book.create_sheet("Takuzu")
    ws.cell(1, 1, "Takuzu")
    for r, row in enumerate(["..00..", "1..0..", "......", "...1..", ".0..0.", ".0...."]):  # one solution
        for c, ch in enumerate(row):
            if ch != ".":
                ws.cell(3 + r, 1 + c, int(ch))
    book.save(tmp_path / "book.xlsx")
    env = {**takuzu.env(), "XLSOLVER_NO_NUMBA": "1"}
    done = subprocess.run([sys.executable, "-m", "xlsolver", "solve", str(tmp_path / "book.xlsx"), "--json"],
                          capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    reports = {r["sheet"]: (r["kind"], r["status"]) for r in map(json.loads, done.stdout.splitlines())}
    assert reports == {"Sudoku": ("sudoku", "unique"), "Takuzu": ("takuzu", "unique")}, done.stderr
    assert sorted(done.stderr.splitlines()) == sorted(f"xlsolver: {line}" for *_, line in BROKEN.values())
    assert done.returncode == 0


PROBE = """
import json, sys
from xlsolver.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m.startswith("xlsolver_takuzu"))), file=sys.stderr)
"""


def test_help_lists_the_plugin_and_loads_only_its_spec(takuzu, tmp_path):
    done = subprocess.run([sys.executable, "-c", PROBE, "solve", "--help"], capture_output=True, text=True,
                          env=takuzu.env(), cwd=tmp_path, timeout=120)
    assert "  takuzu: a title starting" in done.stdout
    assert ".takuzu" in done.stdout
    assert json.loads(done.stderr.splitlines()[-1]) == ["xlsolver_takuzu", "xlsolver_takuzu.spec"]
