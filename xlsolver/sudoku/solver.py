"""Solving: verdicts for a sudoku, counting solutions up to a limit."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from xlsolver.core import clock
from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.status import Status
from xlsolver.sudoku import kernel, nine
from xlsolver.sudoku.model import Shape, Sudoku

__all__ = ["NineBatch", "SudokuResult", "batch_nines", "candidates", "count", "count_bands", "count_solutions", "solve",
           "solve_many"]

SLICE = 4096  # nodes between clock checks; a multiple of 64, as Budget.charge expects
BATCH = 4096  # puzzles per call of the batch kernel
BATCH_NODES = 1 << 16  # a batch puzzle that needs more nodes (milliseconds) is solved alone, with its budget
NINE = Shape(3, 3)

# Which kernels run (xlsolver.core.accel.Kernels.use). Loading the compiled ones costs
# about 0.55 s; the plain ones solve a hard 9x9 (top1465) in 4.7 ms (median; 41 ms at
# most) against 0.03 ms compiled, a 17-clue one in 0.5 ms, a 6x6 in 28 ms, but a
# 16x16 with a third of its cells empty in 2.0 s against 19 ms. So single 9x9s and the
# smaller shapes run plain until the plain searches of the process have taken
# SWITCH_SECONDS; a file of at least BATCH_PUZZLES 9x9s goes to the compiled batch
# kernel at once (100 top1465 puzzles take 0.87 s plain, 5 ms in the batch kernel);
# boxes past 3x3 run compiled.
BATCH_PUZZLES = 100


@dataclass(frozen=True)
class Conflict:
    """Where a puzzle without solution breaks: the cells to paint red and why.

    ``cells`` are the place the propagation names (the repeated givens, the unit
    with no place for a digit, the cell with no digit) followed by ``givens``:
    the givens outside it that rule its digits out, which clash with it."""

    cells: tuple[int, ...]
    reason: str
    givens: tuple[int, ...] = ()


@dataclass(frozen=True)
class SudokuResult:
    """A verdict, up to two solutions, and the digits every solution shares
    (``known``: the givens plus, for ``unique``, the whole solution)."""

    status: Status
    solutions: tuple[tuple[int, ...], ...] = ()
    known: tuple[int, ...] = ()
    conflict: Conflict | None = None
    message: str = ""
    seconds: float = 0.0
    nodes: int = 0


@dataclass
class _Search:
    """Buffers for one search by the kernel (lists on the plain path)."""

    shape: Shape
    compiled: bool
    cand: object = field(init=False)

    def __post_init__(self) -> None:
        size = self.shape.n ** 2
        units = [c for unit in self.shape.units for c in unit]
        peers = [p for ps in self.shape.peers for p in ps]
        self.npeers = len(self.shape.peers[0])
        make = (lambda xs: np.array(xs, dtype=np.int64)) if self.compiled else list
        self.units, self.peers = make(units), make(peers)
        self.cand = make([0] * (size * (size + 1)))
        self.bcell, self.bleft = make([0] * size), make([0] * size)
        self.queue, self.regs, self.sols = make([0] * (size * 4)), make([0] * 8), make([0] * (2 * size))
        self.segs = make([0] * (2 * size + 1))


@dataclass
class _Bands:
    """Buffers for the 9x9 band kernel (:mod:`xlsolver.sudoku.nine`; lists on the plain path)."""

    compiled: bool
    st: object = field(init=False)

    def __post_init__(self) -> None:
        make = (lambda xs: np.array(xs, dtype=np.int64)) if self.compiled else list
        self.tables = make(nine.tables())
        self.st, self.prev, self.cand = make([0] * (82 * nine.STRIDE)), make([0] * 27), make([0] * 81)
        self.bcell, self.bleft, self.regs, self.sols = make([0] * 81), make([0] * 81), make([0] * 8), make([0] * 162)


_bands = {}


def _band_buffers(compiled: bool) -> _Bands:
    if compiled not in _bands:
        _bands[compiled] = _Bands(compiled)
    return _bands[compiled]


def _geometry_cache():
    cache: dict[tuple[Shape, bool], _Search] = {}

    def get(shape: Shape, compiled: bool) -> _Search:
        if (shape, compiled) not in cache:
            cache[(shape, compiled)] = _Search(shape, compiled)
        return cache[(shape, compiled)]
    return get


_buffers = _geometry_cache()


def _compiled(plain: bool | None, shape: Shape) -> bool:
    """Run the compiled kernels? ``plain`` True or False decides; None leaves it to
    ``XLSOLVER_KERNELS`` and the size (see :data:`BATCH_PUZZLES`). The plain
    searches of every shape count towards the switch, all on the generic kernel's group."""
    return kernel.KERNELS.use(plain, big=shape.n > 9)


def count(candidates: list[int], shape: Shape, limit: int = 2, budget: Budget | None = None,
          plain: bool | None = None, max_nodes: int | None = None, locked: bool = True, why: bool = True
          ) -> tuple[int, list[tuple[int, ...]], int, tuple[int, int, int]]:
    """Count solutions of a grid of candidate bit sets up to ``limit``, with
    locked candidates in the propagation unless ``locked`` is False (singles
    only: fewer deductions, more nodes, the same count; the order in which
    solutions are found depends on it). ``plain`` as in :func:`solve`.

    A compiled 9x9 count with locked candidates goes through the band kernel
    (:mod:`xlsolver.sudoku.nine`); when it finds no solution and ``why`` is
    set, the generic kernel runs again for the root failure registers.

    Returns (count, up to two solutions as digit tuples, nodes, root failure
    registers). Raises BudgetExhausted when ``budget`` runs out or the search
    passes ``max_nodes`` nodes (an exact cap, for tests that should stay cheap).
    """
    compiled = _compiled(plain, shape)
    if compiled and locked and shape == NINE and nine.KERNELS.use(False):
        found, sols, nodes = count_bands(candidates, limit, budget, max_nodes, plain=False)
        if found or not why:
            return found, sols, nodes, (0, 0, 0)
    s = _buffers(shape, compiled)
    n, size = shape.n, shape.n ** 2
    s.cand[:size] = candidates
    s.regs[:] = 0 if compiled else [0] * 8
    cap = 1 << 62 if max_nodes is None else max_nodes
    step = SLICE if budget is not None else cap
    stop = min(step, cap)
    if compiled and shape == NINE:  # the size as constants
        run9 = kernel.KERNELS.get("run9")

        def run(*args):
            return run9(locked, s.units, s.peers, *args[6:])
    else:
        run = kernel.KERNELS.get("run") if compiled else kernel.run
    started = time.perf_counter()
    while run(n, shape.box_rows, locked, s.units, s.peers, s.npeers, s.cand, s.bcell, s.bleft, s.queue, s.regs,
              s.sols, limit, stop, s.segs) == kernel.PAUSED:
        if stop >= cap:
            raise BudgetExhausted(f"node cap of {max_nodes} reached")
        if budget is not None:
            budget.charge(SLICE)
        stop = min(stop + step, cap)
    if not compiled:
        kernel.KERNELS.spend(time.perf_counter() - started)
    found = int(s.regs[1])
    sols = [tuple(s.sols[k * size:(k + 1) * size].tolist() if compiled else s.sols[k * size:(k + 1) * size])
            for k in range(min(found, 2))]
    return found, sols, int(s.regs[2]), (int(s.regs[4]), int(s.regs[5]), int(s.regs[6]))


def count_bands(candidates: Sequence[int], limit: int = 2, budget: Budget | None = None, max_nodes: int | None = None,
                plain: bool | None = None, givens: bool = False) -> tuple[int, list[tuple[int, ...]], int]:
    """:func:`count` of a 9x9 by the band kernel: (count, up to two solutions, nodes).
    With ``givens``, ``candidates`` are the puzzle's 81 digits (0 empty) instead."""
    compiled = _compiled(plain, NINE) and nine.KERNELS.use(False)
    s = _band_buffers(compiled)
    run = nine.KERNELS.get("run") if compiled else nine.run
    started = time.perf_counter()
    cap = 1 << 62 if max_nodes is None else max_nodes
    step = SLICE if budget is not None else cap
    stop = min(step, cap)
    if compiled and givens:  # the most common call, one puzzle's digits: loaded and run in one call
        state = nine.KERNELS.get("run_givens")(np.frombuffer(bytes(candidates), dtype=np.uint8), s.tables, s.st,
                                               s.prev, s.bcell, s.bleft, s.regs, s.sols, limit, stop)
    else:
        s.regs[:] = 0 if compiled else [0] * 8
        if compiled:
            s.cand[:] = candidates
            nine.KERNELS.get("load")(s.cand, s.st)
        elif givens:
            nine.load_givens(candidates, 0, s.st)
        else:
            nine.load(candidates, s.st)
        state = run(s.st, s.prev, s.tables, s.bcell, s.bleft, s.regs, s.sols, limit, stop)
    while state == nine.PAUSED:
        if stop >= cap:
            raise BudgetExhausted(f"node cap of {max_nodes} reached")
        if budget is not None:
            budget.charge(SLICE)
        stop = min(stop + step, cap)
        state = run(s.st, s.prev, s.tables, s.bcell, s.bleft, s.regs, s.sols, limit, stop)
    if not compiled:
        kernel.KERNELS.spend(time.perf_counter() - started)
    found = int(s.regs[1])
    sols = [tuple(s.sols[k * 81:(k + 1) * 81].tolist() if compiled else s.sols[k * 81:(k + 1) * 81])
            for k in range(min(found, 2))]
    return found, sols, int(s.regs[2])


def candidates(puzzle: Sudoku) -> list[int]:
    """The initial candidate bit sets: a given is its digit's bit, an empty cell all n bits."""
    full = (1 << puzzle.n) - 1
    return [1 << (v - 1) if v else full for v in puzzle.cells]


def count_solutions(puzzle: Sudoku, limit: int = 2, plain: bool | None = None) -> int:
    """How many solutions, counting no further than ``limit``."""
    if puzzle.duplicates():
        return 0
    return count(candidates(puzzle), puzzle.shape, limit, plain=plain)[0]


def _plainly_unique_nine(puzzle: Sudoku, start: float) -> SudokuResult | None:
    """The verdict of a compiled 9x9 when it is unique within SLICE nodes (most
    puzzles, in one kernel call and little Python); None for the rest, which
    :func:`solve` then searches in full, for their reasons, shared digits or budget."""
    s = _band_buffers(True)
    state = nine.KERNELS.get("run_givens")(np.frombuffer(bytes(puzzle.cells), dtype=np.uint8), s.tables, s.st,
                                           s.prev, s.bcell, s.bleft, s.regs, s.sols, 2, SLICE)
    if state != nine.DONE or s.regs[1] != 1:
        return None
    solution = tuple(s.sols[:81].tolist())
    return SudokuResult(Status.UNIQUE, (solution,), solution, message="unique solution",
                        seconds=clock.now() - start, nodes=int(s.regs[2]))


@cache
def _first_single() -> None:
    """Solve a 9x9 by the band kernel once per process, before any puzzle's clock starts:
    loading the compiled kernel is off the clock anyway (:mod:`xlsolver.core.clock`),
    but the first call's own Python work (numba matching the argument types, making
    the buffers) is not, and would make the first puzzle of a run look some ten
    times slower than the next."""
    _plainly_unique_nine(Sudoku.from_text(_FIRST), 0.0)


_FIRST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def solve(puzzle: Sudoku, budget: Budget | None = None, plain: bool | None = None) -> SudokuResult:
    """The verdict: ``unique`` (proven by asking for two solutions), ``multiple``
    (two shown, and the digits all solutions share), ``none`` (duplicate givens
    or the unit or cell where propagation fails), or ``gave_up``.

    ``plain`` True runs the plain kernels, False the compiled ones (when they can be
    had without compiling on the user's clock), None (default) chooses by
    ``XLSOLVER_KERNELS`` and the size of the work (:data:`BATCH_PUZZLES`)."""
    choice, plain = plain, not _compiled(plain, puzzle.shape)
    banded = puzzle.shape == NINE and not plain and nine.KERNELS.use(False)
    if banded:
        _first_single()
    start = clock.now()
    if banded:
        quick = _plainly_unique_nine(puzzle, start)
        if quick is not None:
            return quick
    if budget is not None:
        budget.start()
    try:
        # Repeated givens empty a cell in the root propagation, before any search node;
        # they are looked for only then, so a good puzzle does not pay for the check.
        found = 0
        if banded:
            found, sols, nodes = count_bands(puzzle.cells, 2, budget, givens=True, plain=False)  # the digits as they are
        if found == 0:  # or not a compiled 9x9; for none, the generic kernel tells why
            found, sols, nodes, root = count(candidates(puzzle), puzzle.shape, 2, budget, plain)
        if found == 0 and puzzle.duplicates():
            return _duplicates(puzzle, start)
        if found == 0:
            conflict = _root_conflict(puzzle, root)
            message = "no solution: " + (conflict.reason if conflict else "every branch of the search fails")
            return SudokuResult(Status.NONE, known=puzzle.cells, conflict=conflict, message=message,
                                seconds=clock.now() - start, nodes=nodes)
        if found == 1:
            return SudokuResult(Status.UNIQUE, tuple(sols), sols[0], message="unique solution",
                                seconds=clock.now() - start, nodes=nodes)
        known = shared_digits(puzzle, sols[0], sols[1], budget, choice)  # each count chooses: it may switch
    except BudgetExhausted as err:
        return SudokuResult(Status.GAVE_UP, known=puzzle.cells, message=f"gave up: {err}",
                            seconds=clock.now() - start, nodes=budget.used_nodes if budget else 0)
    filled = sum(1 for g, k in zip(puzzle.cells, known) if k and not g)
    return SudokuResult(Status.MULTIPLE, tuple(sols), known,
                        message=f"several solutions: {filled} digits all solutions share are filled",
                        seconds=clock.now() - start, nodes=nodes)


def solve_many(puzzles: Sequence[Sudoku], budget_seconds: float | None = None, plain: bool | None = None,
               progress: Callable[[int], None] | None = None) -> list[SudokuResult]:
    """The verdicts of many puzzles, as :func:`solve` gives them one by one (each with
    a budget of ``budget_seconds``). Compiled, the 9x9 ones go through the batch kernel
    thousands to a call, so Python touches each puzzle only to read its solution; any
    that is not plainly unique there (none, several, or more than ``BATCH_NODES``
    nodes) is solved again alone, for its reasons, shared digits or budget.
    ``progress(done)`` is called after each batch (and each puzzle solved alone).
    ``plain`` as in :func:`solve`; None sends a file of at least :data:`BATCH_PUZZLES`
    9x9s to the batch kernel, and a smaller one too once its plain searches have
    run :data:`~xlsolver.core.accel.SWITCH_SECONDS`."""
    results: list[SudokuResult | None] = [None] * len(puzzles)
    nines = [i for i, p in enumerate(puzzles) if p.shape == NINE]
    big = len(nines) >= BATCH_PUZZLES
    done = 0
    alone = 0  # 9x9s solved one by one, until the batch kernel is chosen (or none is left)
    while alone < len(nines) and not (kernel.KERNELS.use(plain, big=big) and nine.KERNELS.use(False)):
        results[nines[alone]] = solve(puzzles[nines[alone]], Budget(seconds=budget_seconds), plain)
        alone += 1
        done += 1
        if progress is not None:
            progress(done)
    batched = nines[alone:]
    s = _band_buffers(True) if batched else None
    for start in range(0, len(batched), BATCH):
        chunk = batched[start:start + BATCH]
        _first_batch()
        t0 = clock.now()
        found, nodes, rows = _batch(s, [puzzles[i] for i in chunk])
        each = (clock.now() - t0) / len(chunk)
        for k, i in enumerate(chunk):
            if found[k] == 1:
                solution = tuple(rows[k])
                results[i] = SudokuResult(Status.UNIQUE, (solution,), solution, message="unique solution",
                                          seconds=each, nodes=int(nodes[k]))
        done += len(chunk)
        if progress is not None:
            progress(done)
    for i, p in enumerate(puzzles):
        if results[i] is None:  # not a 9x9, or not plainly unique in the batch
            results[i] = solve(p, Budget(seconds=budget_seconds), plain)
            if p.shape != NINE:
                done += 1
                if progress is not None:
                    progress(done)
    return results  # type: ignore[return-value]


def _batch(s: _Bands, puzzles: list[Sudoku]) -> tuple[np.ndarray, np.ndarray, list[list[int]]]:
    """The batch kernel over 9x9 ``puzzles``: per puzzle the solutions found (up to 2),
    the nodes, and the first solution's 81 digits."""
    givens = np.frombuffer(b"".join([bytes(p.cells) for p in puzzles]), dtype=np.uint8).astype(np.int64)
    found, nodes = np.zeros(len(puzzles), np.int64), np.zeros(len(puzzles), np.int64)
    first = np.zeros(81 * len(puzzles), np.int64)
    nine.KERNELS.get("run_batch")(givens, len(puzzles), s.tables, s.st, s.prev, s.cand, s.bcell, s.bleft, s.regs,
                            s.sols, 2, BATCH_NODES, found, nodes, first)
    return found, nodes, first.reshape(len(puzzles), 81).tolist()


@dataclass(frozen=True)
class NineBatch:
    """What the batch kernel says of many 9x9s, before any is solved alone: puzzle
    ``i`` is plainly unique exactly when ``found[i] == 1`` (the rule of
    :func:`solve_many`), and then ``solutions[i]`` is its solution (81 digits 1-9,
    uint8). ``found[i]`` is 0 or 2 for none or several, -1 when the puzzle passed
    :data:`BATCH_NODES` nodes; such puzzles are for :func:`solve`, with their budget.
    ``seconds`` is each puzzle's share of the call."""

    found: np.ndarray
    nodes: np.ndarray
    solutions: np.ndarray
    seconds: float

    def result(self, i: int) -> SudokuResult:
        """The verdict of plainly unique puzzle ``i``, as :func:`solve_many` gives it."""
        solution = tuple(self.solutions[i].tolist())
        return SudokuResult(Status.UNIQUE, (solution,), solution, message="unique solution", seconds=self.seconds,
                            nodes=int(self.nodes[i]))


def batch_nines(givens: np.ndarray, plain: bool | None = None) -> NineBatch | None:
    """The batch kernel over the 9x9 puzzles of ``givens`` (count x 81 digits, 0 empty),
    in one call, for callers that hold puzzles as digit rows rather than
    :class:`Sudoku` values (a stream of text lines). None when the compiled batch
    kernel is not the one to run (``plain``, or ``XLSOLVER_KERNELS``, numba absent,
    or a small count before the switch of :data:`BATCH_PUZZLES`): then
    :func:`solve_many` is, and it chooses as it goes."""
    count = len(givens)
    if not (kernel.KERNELS.use(plain, big=count >= BATCH_PUZZLES) and nine.KERNELS.use(False)):
        return None
    s = _band_buffers(True)
    _first_batch()
    found, nodes = np.zeros(count, np.int64), np.zeros(count, np.int64)
    first = np.zeros(81 * count, np.int64)
    started = clock.now()
    nine.KERNELS.get("run_batch")(np.ascontiguousarray(givens, dtype=np.int64).reshape(-1), count, s.tables, s.st,
                                  s.prev, s.cand, s.bcell, s.bleft, s.regs, s.sols, 2, BATCH_NODES, found, nodes, first)
    seconds = (clock.now() - started) / max(count, 1)
    return NineBatch(found, nodes, first.astype(np.uint8).reshape(count, 81), seconds)


@cache
def _first_batch() -> None:
    """:func:`_first_single` for the batch kernel."""
    _batch(_band_buffers(True), [Sudoku.from_text(_FIRST)])


def shared_digits(puzzle: Sudoku, a: tuple[int, ...], b: tuple[int, ...], budget: Budget | None,
                  plain: bool | None = None) -> tuple[int, ...]:
    """The digits every solution shares: a cell where two solutions agree is
    shared exactly when forbidding that digit there leaves no solution."""
    base = candidates(puzzle)
    known = list(puzzle.cells)
    for c, (x, y) in enumerate(zip(a, b)):
        if puzzle.cells[c] or x != y:
            continue
        trial = list(base)
        trial[c] &= ~(1 << (x - 1))
        if count(trial, puzzle.shape, 1, budget, plain, why=False)[0] == 0:
            known[c] = x
    return tuple(known)


def _duplicates(puzzle: Sudoku, start: float) -> SudokuResult:
    dups = puzzle.duplicates()
    u, d, cells = dups[0]
    cells_all = tuple(sorted({c for _, _, cs in dups for c in cs}))
    reason = f"{puzzle.shape.unit_name(u)} holds the given {_sym(d)} {len(cells)} times"
    return SudokuResult(Status.NONE, known=puzzle.cells, conflict=Conflict(cells_all, reason),
                        message=f"no solution: {reason}", seconds=clock.now() - start)


def _root_conflict(puzzle: Sudoku, root: tuple[int, int, int]) -> Conflict | None:
    """Where the root propagation broke (its failure registers), with the givens
    that clash there; None when only the search found the contradiction."""
    kind, index, bits = root
    n = puzzle.n
    if kind == 1:
        return _no_digit(puzzle, index)
    if kind == 2:
        return _no_place(puzzle, index, [d + 1 for d in range(n) if bits >> d & 1])
    return None


def _no_digit(puzzle: Sudoku, cell: int) -> Conflict:
    """A cell no digit fits: the givens it sees that rule digits out, and whether
    they rule out all of them or the propagation's deductions did the rest."""
    n = puzzle.n
    seen = [p for p in puzzle.shape.peers[cell] if puzzle.cells[p]]
    ruled = sorted({puzzle.cells[p] for p in seen})
    where = f"no digit fits row {cell // n + 1}, column {cell % n + 1}"
    if len(ruled) == n:
        reason = f"{where}: the givens it sees hold every digit"
    elif ruled:
        reason = f"{where}: the givens it sees rule out {_digits(ruled)}, deductions the rest"
    else:
        reason = f"{where}: deductions from the givens rule out every digit"
    return Conflict((cell, *seen), reason, tuple(seen))


def _no_place(puzzle: Sudoku, unit: int, digits: list[int]) -> Conflict:
    """A unit with no place for some digits: the givens of those digits that see
    its empty cells (each rules the digit out of the cells it sees), and whether
    they leave no place at all or the propagation's deductions did the rest."""
    cells = puzzle.shape.units[unit]
    inside = set(cells)
    empty = [c for c in cells if not puzzle.cells[c]]
    blockers: set[int] = set()
    covered = True  # the givens alone leave each digit no place
    for digit in digits:
        by_givens = {c: [p for p in puzzle.shape.peers[c] if puzzle.cells[p] == digit and p not in inside]
                     for c in empty}
        blockers.update(p for ps in by_givens.values() for p in ps)
        covered = covered and all(by_givens.values())
    where = f"{puzzle.shape.unit_name(unit)} has no place for {_digits(digits)}"
    if not blockers:
        reason = f"{where}: deductions from the givens fill or rule out every cell"
    elif covered:
        reason = f"{where}: each of its empty cells sees " + (f"a given {_digits(digits)}" if len(digits) == 1
                                                              else "a given of each of them")
    else:
        them = "it" if len(digits) == 1 else "them"
        reason = f"{where} after deductions; givens rule {them} out of some of its cells"
    givens = tuple(sorted(blockers))
    return Conflict(tuple(cells) + givens, reason, givens)


def _digits(digits: list[int]) -> str:
    return ", ".join(_sym(d) for d in digits)


def _sym(d: int) -> str:
    return "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[d - 1]
