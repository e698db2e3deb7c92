"""The compiled paths give the answers of the plain ones.

Every implementation of the line solver (the big-int tables, the kernel run
as plain Python, the kernel compiled by numba when it is installed) is held
to the table of known lines and to the oracle; the probing kernel (plain and
compiled) must leave exactly the board :meth:`~xlsolver.nonogram.search.Engine.probe` leaves, with the
same contradictions, in the same number of probes.
"""

import numpy as np
import pytest
from hypothesis import given, settings

from xlsolver.core import Budget
from xlsolver.nonogram import Nonogram
from xlsolver.nonogram import kernel
from xlsolver.nonogram.board import Board
from xlsolver.nonogram.line import solve_line_plain
from xlsolver.nonogram.search import Engine

from .oracle import line_deduction, runs
from .test_line import LINES, case_id, cells, clue_and_line, show


def kernel_answer(fn):
    def solve(clue, line: np.ndarray):
        out = np.empty(len(line), dtype=np.int8)
        ok = fn(np.array(clue, dtype=np.int64), np.asarray(line, dtype=np.int8), out)
        return out if ok else None
    return solve


def plain_answer(clue, line):
    found = solve_line_plain(tuple(clue), np.asarray(line, dtype=np.int8).tobytes())
    return None if found is None else np.frombuffer(found, dtype=np.int8)


SOLVERS = {"bigint": plain_answer, "kernel-plain": kernel_answer(kernel.line_kernel)}
if kernel.line_compiled is not None:
    SOLVERS["kernel-compiled"] = kernel_answer(kernel.line_compiled)


@pytest.mark.parametrize("name", SOLVERS)
@pytest.mark.parametrize("clue, line, expected", LINES, ids=[case_id(c) for c in LINES])
def test_every_line_solver_on_the_table(name, clue, line, expected):
    assert show(SOLVERS[name](clue, cells(line))) == expected


@pytest.mark.parametrize("name", SOLVERS)
@settings(max_examples=300, derandomize=True, deadline=None)
@given(case=clue_and_line())
def test_every_line_solver_matches_the_oracle(name, case):
    clue, line = case
    expected = line_deduction(clue, line)
    got = SOLVERS[name](clue, line)
    assert (got is None) == (expected is None)
    if got is not None:
        assert got.tolist() == expected


PROBERS = {"plain": kernel.probe_kernel}
if kernel.probe_compiled is not None:
    PROBERS["compiled"] = kernel.probe_compiled


def random_puzzle(rng: np.random.Generator, h: int, w: int, density: float) -> Nonogram:
    picture = rng.random((h, w)) < density
    return Nonogram(tuple(runs(r) for r in picture), tuple(runs(c) for c in picture.T))


@pytest.mark.parametrize("name", PROBERS)
@pytest.mark.parametrize("patience", [None, (4, 0.1)])
def test_probe_kernel_leaves_the_board_the_python_probe_leaves(name, patience):
    rng = np.random.default_rng(7)
    changed = 0
    for trial in range(30):
        h, w = int(rng.integers(3, 9)), int(rng.integers(3, 9))
        puzzle = random_puzzle(rng, h, w, float(rng.choice([0.4, 0.5, 0.6])))
        if trial % 3 == 0:  # some clues altered, so that probing meets contradictions
            rows = list(puzzle.rows)
            rows[0] = tuple(n + 1 for n in rows[0]) if sum(rows[0]) + len(rows[0]) < w else rows[0]
            puzzle = Nonogram(tuple(rows), puzzle.cols)
        engine = Engine(puzzle, Budget(seconds=None).start())
        board = Board.from_array(np.full(puzzle.shape, 3, dtype=np.int8))
        if engine.propagate(board, engine.all_lines()) is not None:
            continue
        start = board.to_array()
        want = engine.probe(board, patience=patience)
        grid = start.ravel().copy()
        regs = np.zeros(5, dtype=np.int64)
        least, share = patience or (-1, 0.0)
        status = PROBERS[name](grid, h, w, *kernel.clue_table(puzzle.rows, puzzle.cols), least, share, 10**9, regs)
        if want.failures:
            assert status == 1
            r, c = divmod(int(regs[1]), w)
            assert (r, c) == want.cell
            key = lambda line: (0, line) if line < h else (1, line - h)
            assert set(want.failures) == {key(int(regs[2])), key(int(regs[3]))}
        else:
            assert status in (0, 2)
            assert np.array_equal(grid.reshape(h, w), board.to_array())
            assert int(regs[0]) == engine.stats["probes"]
            changed += int(not np.array_equal(start, board.to_array()))
    assert changed  # the test exercised probing that teaches


def test_probe_budget_stops_and_resumes():
    rng = np.random.default_rng(3)
    puzzle = random_puzzle(rng, 12, 12, 0.5)
    engine = Engine(puzzle, Budget(seconds=None).start())
    board = Board.from_array(np.full(puzzle.shape, 3, dtype=np.int8))
    engine.propagate(board, engine.all_lines())
    grid = board.to_array().ravel().copy()
    regs = np.zeros(5, dtype=np.int64)
    table = kernel.clue_table(puzzle.rows, puzzle.cols)
    assert kernel.probe_kernel(grid, 12, 12, *table, -1, 0.0, 1, regs) in (0, 3)
    assert regs[0] <= 1
