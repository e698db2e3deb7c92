"""The budget is looked at in every loop that can run long: no timed assertions.

A stopped clock (:class:`StoppedClock`) stands in for :func:`xlsolver.core.clock.now`:
it counts its reads and jumps past every deadline when told, so each test shows
that a piece of work reads the clock, and stops, where it used to run on.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from xlsolver.core import clock
from xlsolver.core.budget import CLOCK_NODES, Budget, BudgetExhausted
from xlsolver.core.errors import InputError
from xlsolver.core.protocol import CellInfo, SheetSnapshot
from xlsolver.core.status import Status
from xlsolver.nonogram.picture import Drawing
from xlsolver.nonogram import kernel, sat
from xlsolver.nonogram.board import Board
from xlsolver.nonogram.model import UNKNOWN, Nonogram
from xlsolver.nonogram.search import PROBE_FIRST_SLICE, Engine
from xlsolver.nonogram.solver import solve


class StoppedClock:
    """A clock that stands still until :meth:`expire` moves it past every deadline set so far."""

    def __init__(self) -> None:
        self.time = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        return self.time

    def expire(self) -> None:
        self.time += 1e9


@pytest.fixture
def stopped(monkeypatch) -> StoppedClock:
    fake = StoppedClock()
    monkeypatch.setattr(clock, "now", fake)
    return fake


def random_puzzle(size: int, seed: int, density: float = 0.5) -> Nonogram:
    """A random picture's clues: for sizes past 30 or so, line logic alone fixes almost nothing."""
    return Drawing.from_bool(np.random.default_rng(seed).random((size, size)) < density).puzzle()


def unknown(puzzle: Nonogram) -> np.ndarray:
    """The grid of a puzzle with no cell known."""
    return np.full(puzzle.shape, UNKNOWN, dtype=np.int8)


# --- the budget itself ---------------------------------------------------------------


def test_a_slice_charged_at_once_reads_the_clock_every_time(stopped):
    """A slice of 2000 probes charged at once read the clock only when the count
    hit a multiple of 64 exactly: every fourth slice. Now every slice that passes one."""
    budget = Budget(seconds=2).start()
    budget.charge(2000)
    stopped.expire()
    with pytest.raises(BudgetExhausted):
        budget.charge(2000)


def test_single_nodes_read_the_clock_once_per_clock_nodes(stopped):
    budget = Budget(seconds=2).start()
    stopped.expire()
    before = stopped.reads
    for _ in range(CLOCK_NODES - 1):
        budget.charge()
    assert stopped.reads == before
    with pytest.raises(BudgetExhausted):
        budget.charge()


def test_check_reads_the_clock_whatever_the_count(stopped):
    budget = Budget(seconds=2).start()
    budget.check()
    stopped.expire()
    with pytest.raises(BudgetExhausted, match="2 s"):
        budget.check()
    Budget(seconds=None).start().check()  # no time limit: never


def test_a_nan_budget_is_refused():
    """NaN compares false with everything, so it would have been a budget without end."""
    with pytest.raises(ValueError, match="NaN"):
        Budget(seconds=math.nan)


@pytest.mark.parametrize("typed", ["nan", "inf", "NaN s"])
def test_the_budget_cell_refuses_nan_and_infinity(typed):
    from xlsolver.buttons import _budget

    snap = SheetSnapshot("Puzzle", cells={(2, 3): CellInfo(typed)}, names={"Budget": (2, 3, 2, 3)})
    with pytest.raises(InputError, match=r"Puzzle!C2: budget .* is not a number of seconds"):
        _budget(snap, 30.0)


# --- the nonogram engine: propagation, probing, the compiled probe's slices ----------


def test_root_propagation_looks_at_the_clock(stopped):
    puzzle = random_puzzle(60, 1)
    engine = Engine(puzzle, Budget(seconds=1).start())
    board = Board.from_array(unknown(puzzle))
    stopped.expire()
    with pytest.raises(BudgetExhausted):
        engine.propagate(board, engine.all_lines())
    assert engine.stats["lines"] == 0  # stopped within the first round of 120 lines


def test_a_solve_out_of_time_at_the_root_gives_up(stopped):
    """The time runs out as the root is propagated: gave_up, not a verdict."""

    class Spent(Budget):
        def start(self):
            super().start()
            stopped.expire()  # spent the moment it starts
            return self

    for engine in ("native", "auto"):
        result = solve(random_puzzle(60, 2), budget=Spent(seconds=5), engine=engine)
        assert result.status is Status.GAVE_UP


def test_each_python_probe_looks_at_the_clock(stopped):
    puzzle = random_puzzle(30, 3)
    engine = Engine(puzzle, Budget(seconds=1).start())
    board = Board.from_array(unknown(puzzle))
    engine.propagate(board, engine.all_lines())
    assert not board.complete()
    stopped.expire()
    with pytest.raises(BudgetExhausted):
        engine.probe(board)
    assert engine.budget.used_nodes == 1  # the first probe looked, not the 64th


@pytest.fixture
def plain_probe_kernel(monkeypatch):
    """probe_fast on the plain probe kernel (the same code numba compiles), so its
    slicing runs without numba."""
    monkeypatch.setattr(kernel.KERNELS, "use", lambda *args, **kwargs: True)  # the group search.py asks
    monkeypatch.setattr(kernel.KERNELS, "get", lambda name: kernel.probe_kernel)


def test_the_compiled_probe_looks_at_the_clock_after_its_first_slice(stopped, plain_probe_kernel):
    puzzle = random_puzzle(30, 4)
    engine = Engine(puzzle, Budget(seconds=1).start())
    board = Board.from_array(unknown(puzzle))
    engine.propagate(board, engine.all_lines())
    h, w = puzzle.shape
    grid, regs = board.to_array().ravel(), kernel.probe_registers(h, w)
    kernel.probe_kernel(grid, h, w, *kernel.clue_table(puzzle.rows, puzzle.cols), -1, 0.0, PROBE_FIRST_SLICE, regs)
    stopped.expire()
    with pytest.raises(BudgetExhausted):
        engine.probe_fast(board)
    assert engine.stats["probes"] == PROBE_FIRST_SLICE
    assert np.array_equal(board.to_array().ravel(), grid)  # what the slice learned is kept


def test_the_compiled_probe_slices_until_done_and_reads_the_clock_between(stopped, plain_probe_kernel):
    puzzle = random_puzzle(20, 3)  # 30 probes to the fixpoint
    engine = Engine(puzzle, Budget(seconds=1).start())
    board = Board.from_array(unknown(puzzle))
    engine.propagate(board, engine.all_lines())
    reads = stopped.reads
    engine.probe_fast(board)
    slices = stopped.reads - reads
    assert engine.stats["probes"] > PROBE_FIRST_SLICE  # more than one slice ...
    assert slices >= 3  # ... with the clock read around and after each


PROBERS = {"plain": kernel.probe_kernel}
if kernel.probe_compiled is not None:
    PROBERS["compiled"] = kernel.probe_compiled


@pytest.mark.parametrize("name", PROBERS)
@pytest.mark.parametrize("patience", [None, (4, 0.1)])
def test_probe_slices_of_one_probe_do_exactly_what_one_call_does(name, patience):
    """A slice goes on where the last stopped (its pass, its order, its fruitless
    count): slicing changes nothing, so the patience of the SAT root still works."""
    probe = PROBERS[name]
    least, share = patience or (-1, 0.0)
    compared = 0
    for seed in range(12):
        rng = np.random.default_rng(seed)
        h, w = int(rng.integers(8, 16)), int(rng.integers(8, 16))
        picture = rng.random((h, w)) < 0.5
        puzzle = Drawing.from_bool(picture).puzzle()
        engine = Engine(puzzle, Budget(seconds=None).start())
        board = Board.from_array(unknown(puzzle))
        engine.propagate(board, engine.all_lines())
        table = kernel.clue_table(puzzle.rows, puzzle.cols)
        whole, whole_regs = board.to_array().ravel(), kernel.probe_registers(h, w)
        want = probe(whole, h, w, *table, least, share, 10**9, whole_regs)
        sliced, regs = board.to_array().ravel(), kernel.probe_registers(h, w)
        calls = 0
        while (status := probe(sliced, h, w, *table, least, share, int(regs[0]) + 1, regs)) == 3:
            calls += 1
        assert status == want
        assert np.array_equal(sliced, whole)
        assert regs[:5].tolist() == whole_regs[:5].tolist()
        compared += calls > 1
    assert compared  # some puzzle took many slices


def test_the_probe_kernel_refuses_short_registers():
    grid = np.full(4, 3, dtype=np.int8)
    with pytest.raises(ValueError, match="probe_registers"):
        kernel.probe_kernel(grid, 2, 2, *kernel.clue_table(((1,), (1,)), ((1,), (1,))), -1, 0.0, 10,
                            np.zeros(5, dtype=np.int64))


# --- the colour engine ----------------------------------------------------------------


def _colour_puzzle(size: int, seed: int):
    from xlsolver.nonogram.colour import Colour, ColourNonogram

    picture = np.random.default_rng(seed).integers(0, 3, size=(size, size))  # 0 background, 1 red, 2 green

    def clue(line):
        blocks, previous, n = [], 0, 0
        for v in [*line.tolist(), 0]:
            if v and v == previous:
                n += 1
                continue
            if previous:
                blocks.append((n, "rg"[previous - 1]))
            previous, n = v, 1
        return tuple(blocks)

    return ColourNonogram(tuple(clue(r) for r in picture), tuple(clue(c) for c in picture.T),
                          (Colour("r", "red", "FF0000"), Colour("g", "green", "00FF00")))


def test_colour_propagation_and_probing_look_at_the_clock(stopped):
    """A random 100x100 colour puzzle with a 2 s budget ran 8 s, a 200x200 94 s:
    the colour engine read the clock only every 64 probes."""
    from xlsolver.nonogram.colour_solver import LineEngine, solve_colour

    puzzle = _colour_puzzle(30, 7)
    engine = LineEngine(puzzle, Budget(seconds=1).start())
    state = [engine.full] * (30 * 30)
    stopped.expire()
    with pytest.raises(BudgetExhausted):
        engine.propagate(state, engine.all_lines())

    engine = LineEngine(puzzle, Budget(seconds=None).start())
    state = [engine.full] * (30 * 30)
    assert engine.propagate(state, engine.all_lines()) is None
    engine.budget = Budget(seconds=1).start()
    stopped.expire()
    with pytest.raises(BudgetExhausted):
        engine.probe(state)
    assert engine.budget.used_nodes == 1

    class Spent(Budget):
        def start(self):
            super().start()
            stopped.expire()
            return self

    assert solve_colour(puzzle, budget=Spent(seconds=5)).status is Status.GAVE_UP


# --- the SAT back end: encoding and the slices of conflicts ----------------------------


def test_the_sat_encoding_looks_at_the_clock_after_each_line(stopped, monkeypatch):
    pytest.importorskip("pysat")
    puzzle = random_puzzle(40, 6)
    budget = Budget(seconds=1).start()
    lines = []
    encode_line = sat.SatNonogram._line

    def counted(self, *args):
        lines.append(1)
        encode_line(self, *args)
        if len(lines) == 3:
            stopped.expire()

    monkeypatch.setattr(sat.SatNonogram, "_line", counted)
    with pytest.raises(BudgetExhausted):
        sat.SatNonogram(puzzle, unknown(puzzle), budget)
    assert len(lines) == 3  # of 80


class FakeSolver:
    """A SAT solver that finds nothing and spends its conflicts on the stopped clock
    at ``rate`` a second, as pysat's conf_budget and solve_limited do."""

    def __init__(self, fake_clock: StoppedClock, rate: float) -> None:
        self.clock, self.rate = fake_clock, rate
        self.conflicts, self.budget, self.slices = 0, 0, []

    def accum_stats(self) -> dict:
        return {"conflicts": self.conflicts}

    def conf_budget(self, budget: int) -> None:
        self.budget = budget

    def solve_limited(self, assumptions=()):
        self.slices.append(self.budget)
        self.conflicts += self.budget
        self.clock.time += self.budget / self.rate
        return None


def test_a_large_formula_starts_with_a_small_slice(stopped):
    """A 200x200 has some two million variables and a few hundred conflicts a second:
    its first slice is sized for that, not for the 20,000 a second of a 25x25."""
    solver = FakeSolver(stopped, rate=300)
    with pytest.raises(BudgetExhausted):
        sat._solve_until(solver, [], deadline=2.0, conflicts=None, variables=2_000_000)
    assert solver.slices[0] < 300
    assert stopped.time <= 2.0 + 0.5  # the last slice ended soon after the deadline


def test_a_small_formula_keeps_its_large_first_slice(stopped):
    solver = FakeSolver(stopped, rate=20_000)
    with pytest.raises(BudgetExhausted):
        sat._solve_until(solver, [], deadline=30.0, conflicts=None, variables=4_000)
    assert solver.slices[0] == sat.FIRST_SLICE
    assert stopped.time <= 30.0 + 0.5


def test_a_large_grid_switches_off_the_solver_phases_no_conflict_limit_stops(monkeypatch):
    """CaDiCaL's elimination, probing, subsumption and vivification run for seconds
    in one call on a large formula, past any slice: off from LARGE_CELLS on."""
    configured = []

    class Recording:
        def __init__(self, name):
            pass

        def configure(self, options):
            configured.append(options)

        def append_formula(self, clauses):
            pass

        def delete(self):
            pass

    monkeypatch.setattr(sat, "available", lambda: True)
    monkeypatch.setattr(sat, "_pysat_solver", lambda: Recording)
    small, large = random_puzzle(25, 8), random_puzzle(80, 8)
    sat.SatNonogram(small, unknown(small))
    sat.SatNonogram(large, unknown(large))
    assert configured[0] == sat.SOLVER_OPTIONS
    assert configured[1] == {**sat.SOLVER_OPTIONS, "elim": 0, "probe": 0, "subsume": 0, "vivify": 0}
