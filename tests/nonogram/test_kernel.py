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
        regs = kernel.probe_registers(h, w)
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
    regs = kernel.probe_registers(12, 12)
    table = kernel.clue_table(puzzle.rows, puzzle.cols)
    assert kernel.probe_kernel(grid, 12, 12, *table, -1, 0.0, 1, regs) in (0, 3)
    assert regs[0] <= 1


# --- which line solver a solve runs (xlsolver.core.accel.Kernels.use) ---


def _verdict(result):
    return result.status, [s.tolist() for s in result.solutions], result.known.tolist()


@pytest.mark.parametrize("engine", ["native", "auto"])
def test_a_solve_gives_the_same_verdicts_compiled_and_plain(monkeypatch, engine):
    """XLSOLVER_KERNELS=compiled runs the compiled line solver and probe whatever the size."""
    if kernel.line_compiled is None:
        pytest.skip("numba is off")
    from xlsolver.nonogram import line
    from xlsolver.nonogram.solver import solve

    rng = np.random.default_rng(11)
    puzzles = [random_puzzle(rng, int(rng.integers(4, 16)), int(rng.integers(4, 16)), 0.5) for _ in range(12)]
    verdicts = {}
    for mode in ("compiled", "plain"):
        monkeypatch.setenv("XLSOLVER_KERNELS", mode)
        line.solve_line_bytes.cache_clear()
        verdicts[mode] = [_verdict(solve(p, engine=engine)) for p in puzzles]
    assert verdicts["compiled"] == verdicts["plain"]


@pytest.fixture
def fresh_kernels(monkeypatch):
    """A not yet loaded copy of the nonogram kernel group, in every module that asks it."""
    if kernel.line_compiled is None:
        pytest.skip("numba is off")
    from xlsolver.core import accel
    from xlsolver.nonogram import line, search, solver

    fresh = accel.compile_kernels(kernel.KERNELS.functions, kernel.warm_up)
    for module in (line, search, solver):
        monkeypatch.setattr(module, "KERNELS", fresh)
    monkeypatch.setattr(line, "_chosen", [None])
    monkeypatch.setenv("XLSOLVER_KERNELS", "auto")
    line.solve_line_bytes.cache_clear()
    return fresh


def test_a_small_puzzle_runs_plain_and_a_big_one_compiled(fresh_kernels, monkeypatch):
    from xlsolver.nonogram import solver

    solver.solve(Nonogram.from_text("1/3/1|1/3/1"))
    assert not fresh_kernels.loaded and fresh_kernels.plain_seconds > 0
    monkeypatch.setattr(solver, "GRID_CELLS", 25)
    solver.solve(random_puzzle(np.random.default_rng(3), 5, 6, 0.5))
    assert fresh_kernels.loaded


def test_a_search_that_grows_switches_to_the_compiled_kernels(fresh_kernels, monkeypatch):
    """A puzzle too small to start compiled switches once its plain lines have taken
    SWITCH_SECONDS, in the middle of the solve, with the verdict plain kernels give."""
    from xlsolver.core import accel
    from xlsolver.nonogram import line, solver

    puzzle = random_puzzle(np.random.default_rng(5), 14, 12, 0.5)
    monkeypatch.setenv("XLSOLVER_KERNELS", "plain")
    want = _verdict(solver.solve(puzzle, engine="native"))
    monkeypatch.setenv("XLSOLVER_KERNELS", "auto")
    line.solve_line_bytes.cache_clear()
    fresh_kernels.plain_seconds = 0.0
    monkeypatch.setattr(accel, "SWITCH_SECONDS", 1e-3)
    got = _verdict(solver.solve(puzzle, engine="native"))
    assert fresh_kernels.loaded and 1e-3 <= fresh_kernels.plain_seconds < 0.5
    assert got == want
