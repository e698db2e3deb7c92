"""What each entry point imports: help and version load no solver, numpy, numba or
spreadsheet library; solving a puzzle file loads only its own kind's package."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("numpy", "numba", "openpyxl", "PIL", "pysat", "xlsolver.nonogram", "xlsolver.sudoku", "xlsolver.polyomino",
         "xlsolver.backends.openpyxl_backend")

PROBE = """
import json, sys
from xlsolver.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in sys.modules if m in {heavy})), file=sys.stderr)
"""


def loaded(*argv: str) -> set[str]:
    """The heavy modules a fresh process has imported after running ``xlsolver ARGV``."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(heavy=set(HEAVY)), *argv], capture_output=True,
                          text=True, timeout=120)
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


HELPS = [["--help"], ["--version"], ["solve", "--help"], ["step", "--help"], ["hint", "--help"],
         ["check", "--help"], ["clear", "--help"], ["explain", "--help"], ["import", "--help"],
         ["export", "--help"], ["picture", "--help"], ["tile", "--help"], ["generate", "--help"],
         ["generate", "sudoku", "--help"], ["excel", "--help"]]


@pytest.mark.parametrize("argv", HELPS, ids=" ".join)
def test_help_and_version_load_nothing_heavy(argv):
    assert loaded(*argv) == set()


def test_a_nonogram_file_solve_loads_no_spreadsheet_library_nor_other_kinds(tmp_path):
    path = tmp_path / "plus.non"
    path.write_text("width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n")
    heavy = loaded("solve", str(path), "--json")
    assert "xlsolver.nonogram" in heavy
    assert not heavy & {"openpyxl", "xlsolver.backends.openpyxl_backend", "xlsolver.sudoku", "xlsolver.polyomino", "PIL"}


def test_a_sudoku_file_solve_loads_no_nonogram(tmp_path):
    path = tmp_path / "four.txt"
    path.write_text("....4...2.4....3\n")
    heavy = loaded("solve", str(path), "--json")
    assert "xlsolver.sudoku" in heavy
    assert not heavy & {"openpyxl", "xlsolver.nonogram", "xlsolver.polyomino", "PIL"}


def test_the_help_tables_match_what_they_stand_for():
    """--help writes a few tables out so as to load no solver; they must stay true."""
    from xlsolver.cli.generate import SYMMETRIES
    from xlsolver.cli.nonogram import FORMATS_HELP
    from xlsolver.jobs import kind_named
    from xlsolver.nonogram.formats import FORMATS, SUFFIXES
    from xlsolver.sudoku.generator import SYMMETRIES as MADE

    assert FORMATS_HELP == tuple((f.name, f.suffixes, f.description) for f in FORMATS.values())
    assert SYMMETRIES == tuple(MADE)
    assert kind_named("nonogram").files.suffixes == SUFFIXES
