"""The bundled workbook: the script that makes it runs, every sheet is found,
every verdict is what the sheet promises, and the committed file matches.

Verdicts are checked by a small solution counter written here, apart from the
project's solver (line deduction by dynamic programming, then branching), and
by the project's solver when it is installed.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from workbook_scripts import load_script, run_script

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Nonogram
from xlsolver.sheets.nonogram_bw import read_nonogram

ROOT = Path(__file__).resolve().parent.parent.parent
SCRIPT = ROOT / "workbooks" / "make_workbooks.py"
BUNDLED = ROOT / "workbooks" / "nonogram.xlsx"
EXPECTED_COUNT = {"unique": 1, "multiple": 2, "none": 0}


SPECS = {sheet.name: sheet for sheet in load_script(SCRIPT).SHEETS}


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """The workbook as the script makes it, run as a program in a fresh folder."""
    return run_script(SCRIPT, tmp_path_factory.mktemp("made")) / "nonogram.xlsx"


def read_all(path: Path) -> dict:
    """Sheet name -> (layout, puzzle, givens) for every sheet of a workbook."""
    book = OpenpyxlWorkbook.open(path)
    return {name: read_nonogram(book.snapshot(name)) for name in book.sheet_names()}


# --- an independent solution counter ----------------------------------------

def fit_line(clue: tuple[int, ...], line: tuple[int, ...]) -> tuple[int, ...] | None:
    """For each cell, the OR of its state over every placement of ``clue``
    that agrees with ``line``; None when no placement does."""
    n = len(line)

    @lru_cache(maxsize=None)
    def rest(i: int, j: int):  # cells i.. with blocks j.. still to place
        if j == len(clue):
            return (DOT,) * (n - i) if all(line[t] & DOT for t in range(i, n)) else None
        options = []
        if i < n and line[i] & DOT and (tail := rest(i + 1, j)) is not None:
            options.append((DOT,) + tail)
        end = i + clue[j]
        if end <= n and all(line[t] & BLOCK for t in range(i, end)):
            if end == n and j == len(clue) - 1:
                options.append((BLOCK,) * clue[j])
            elif end < n and line[end] & DOT and (tail := rest(end + 1, j + 1)) is not None:
                options.append((BLOCK,) * clue[j] + (DOT,) + tail)
        if not options:
            return None
        return tuple(np.bitwise_or.reduce(np.array(options), axis=0))

    return rest(0, 0)


def propagate(puzzle: Nonogram, grid: np.ndarray) -> bool:
    """Line deduction to a fixed point; False on a contradiction."""
    changed = True
    while changed:
        changed = False
        for clues, view in ((puzzle.rows, grid), (puzzle.cols, grid.T)):
            for k, clue in enumerate(clues):
                fitted = fit_line(clue, tuple(int(v) for v in view[k]))
                if fitted is None:
                    return False
                new = view[k] & np.array(fitted, dtype=np.int8)
                if (new != view[k]).any():
                    view[k] = new
                    changed = True
    return True


def count_solutions(puzzle: Nonogram, givens: np.ndarray, limit: int = 2) -> list[np.ndarray]:
    """Up to ``limit`` solutions (boolean grids) respecting the givens."""
    found: list[np.ndarray] = []

    def search(grid: np.ndarray) -> None:
        if len(found) >= limit or not propagate(puzzle, grid):
            return
        free = np.argwhere(grid == UNKNOWN)
        if not len(free):
            found.append(grid == BLOCK)
            return
        for state in (BLOCK, DOT):
            branch = grid.copy()
            branch[tuple(free[0])] = state
            search(branch)

    search(givens.copy())
    return found[:limit]


def test_the_counter_sees_the_textbook_cases():
    plus = Nonogram(((1,), (3,), (1,)), ((1,), (3,), (1,)))
    assert len(count_solutions(plus, np.full((3, 3), UNKNOWN, np.int8))) == 1
    checker = Nonogram(((1,), (1,)), ((1,), (1,)))
    assert len(count_solutions(checker, np.full((2, 2), UNKNOWN, np.int8))) == 2
    clash = Nonogram(((2,), ()), ((1,), (), (1,)))
    assert count_solutions(clash, np.full((2, 3), UNKNOWN, np.int8)) == []


# --- the workbook -----------------------------------------------------------

def test_script_makes_every_sheet_and_each_is_found(made):
    sheets = read_all(made)
    assert list(sheets) == list(SPECS)
    for name, (layout, puzzle, _) in sheets.items():
        assert puzzle == SPECS[name].puzzle(), name
        assert (layout.height, layout.width) == (len(SPECS[name].rows()), len(SPECS[name].rows()[0]))


def test_the_workbook_shows_the_promised_variety(made):
    sheets = read_all(made)
    shapes = [(puzzle.height, puzzle.width) for _, puzzle, _ in sheets.values()]
    assert any(h != w for h, w in shapes) and max(map(max, shapes)) >= 20
    assert {spec.verdict for spec in SPECS.values()} == {"unique", "multiple", "none"}
    assert any(layout.name for layout, _, _ in sheets.values())  # a grid marked by a defined name
    assert any((givens == BLOCK).any() and (givens == DOT).any() for _, _, givens in sheets.values())
    book = OpenpyxlWorkbook.open(made)
    snaps = [book.snapshot(name) for name in sheets]
    assert any(snap.value(1, 1) is None for snap in snaps)  # a layout away from A1
    whole = [info.value for snap in snaps for info in snap.cells.values()
             if isinstance(info.value, str) and re.fullmatch(r"\d+([ ,\n]+\d+)+", info.value)]
    assert all(any(sep in v for v in whole) for sep in (" ", ",", "\n"))  # "3 1", "3,1", one per line


@pytest.mark.parametrize("name", list(SPECS))
def test_each_sheet_has_its_promised_verdict(made, name):
    _, puzzle, givens = read_all(made)[name]
    spec = SPECS[name]
    found = count_solutions(puzzle, givens)
    assert len(found) == EXPECTED_COUNT[spec.verdict]
    assert not puzzle.problems()  # a NONE verdict, never an input error
    if spec.verdict == "unique":
        assert ["".join("#" if b else "." for b in row) for row in found[0]] == spec.rows()
    if spec.verdict != "unique":
        assert spec.note, "a deliberate sheet says so in a note"


def test_givens_are_what_makes_the_robot_unique(made):
    _, puzzle, givens = read_all(made)["Robot"]
    assert (givens != UNKNOWN).sum() == 5
    assert len(count_solutions(puzzle, np.full(givens.shape, UNKNOWN, np.int8))) == 2


@pytest.mark.parametrize("name", list(SPECS))
def test_the_project_solver_agrees(made, name):
    solver = pytest.importorskip("xlsolver.nonogram.solver")
    from xlsolver.core import Budget

    _, puzzle, givens = read_all(made)[name]
    result = solver.solve(puzzle, givens, Budget(seconds=30))
    assert result.status.value == SPECS[name].verdict


def test_committed_workbook_matches_the_script(made):
    assert BUNDLED.exists(), "run python workbooks/make_workbooks.py and commit workbooks/nonogram.xlsx"
    committed, fresh = read_all(BUNDLED), read_all(made)
    assert list(committed) == list(fresh)
    for name in fresh:
        (lay_a, puz_a, giv_a), (lay_b, puz_b, giv_b) = committed[name], fresh[name]
        assert lay_a == lay_b and puz_a == puz_b and (giv_a == giv_b).all(), name
