"""A complete nonogram solver: one verdict from the layers below it.

Modules, each a layer, none importing a later one:

:mod:`.board`     the search's state: a grid of cells as rows and columns of bytes.
:mod:`.search`    propagation, probing and depth-first search over boards.
:mod:`.proofs`    after a verdict: the cells several solutions share, where
                  a puzzle without solution breaks.
:mod:`.messages`  the sentence each verdict carries.
this module       :func:`solve`: line logic, then (``engine``) probing and the
                  native search, or the SAT back end (:mod:`.sat`: CaDiCaL
                  asked for two solutions, the shared cells proven as a
                  backbone), then the proofs; :func:`solutions`, the stream.
"""

from __future__ import annotations

import math
from contextlib import ExitStack
from dataclasses import replace
from functools import cache
from typing import Iterator

import numpy as np

from xlsolver.core.clock import now as clock_now
from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.status import Status
from xlsolver.nonogram import sat
from xlsolver.nonogram.board import Board, start_grid, states
from xlsolver.nonogram.kernel import KERNELS
from xlsolver.nonogram.line import choose_kernel
from xlsolver.nonogram.messages import clue_problems_message, gave_up_message, multiple_message, unique_message
from xlsolver.nonogram.model import BLOCK, UNKNOWN, Conflict, Line, Nonogram, NonogramResult
from xlsolver.nonogram.proofs import Allowance, first_contradiction, locate_conflict, sat_shared_cells, shared_cells
from xlsolver.nonogram.search import Engine

__all__ = ["ENGINES", "solutions", "solve"]

# engine="auto" stops probing the root for the SAT solver once this many probes in
# a row taught nothing: (at least, share of the unknown cells). See Engine.probe.
PATIENCE = (16, 0.25)

# Puzzles of at least this many cells run the compiled kernels from the start (when they
# can be had without compiling on the user's clock); smaller ones start on the plain line
# solver and switch once the process's plain lines have taken SWITCH_SECONDS
# (xlsolver.core.accel). Loading the compiled kernels costs about 0.45 s; plain against
# compiled (2-core development machine): the ten webpbn survey puzzles (up to 45x45) 0.6 to
# 100 ms against 0.2 to 21 ms, random 70x70 pictures 0.46 s against 0.20 s, 100x100 2.3 s
# against 0.87 s. The load pays for itself between 70x70 and 100x100.
GRID_CELLS = 80 * 80

# What runs after line logic (see solve): "auto" probes, then uses SAT when installed.
ENGINES = ("auto", "native", "sat")


def solutions(puzzle: Nonogram, givens: np.ndarray | None = None,
              budget: Budget | None = None) -> Iterator[np.ndarray]:
    """Every solution (bool grid, True = black) that respects ``givens``, each once.

    ``budget`` (default: none) is started on the first ``next()``; when it is
    spent, :class:`BudgetExhausted` comes out of the iteration.
    """
    budget = (budget or Budget(seconds=None)).start()
    if puzzle.problems():
        return
    engine = Engine(puzzle, budget)
    board = Board.from_array(start_grid(puzzle, givens))
    if engine.propagate(board, engine.all_lines()) is None:
        yield from engine.search(board)


def solve(puzzle: Nonogram, givens: np.ndarray | None = None,
          budget: Budget | None = None, engine: str = "auto", shared: bool = True) -> NonogramResult:
    """Solve completely: exactly one of UNIQUE, MULTIPLE, NONE or GAVE_UP.

    ``givens`` is a state grid (``UNKNOWN`` where free) the solution must
    respect. ``budget`` defaults to ``Budget()`` (60 s). UNIQUE is only said
    after the search has proved there is no second solution.

    ``engine`` (one of :data:`ENGINES`) picks what runs after line logic:
    ``"native"`` probing and the native search (:mod:`.search`); ``"sat"`` the SAT back
    end (:mod:`.sat`) straight away; ``"auto"`` (default) probing at the
    root, then the SAT back end for whatever is left when python-sat is
    installed, else the native search. With ``"sat"`` the difficulty label
    never says "probing" (probing is not tried). A node budget counts search
    nodes natively and solver conflicts on the SAT side.

    ``shared`` (default): for several solutions, also prove which cells they
    all share (what a sheet paints; up to :data:`.proofs.FOLLOW_UP_SECONDS` more). False stops
    at the verdict: ``known`` is then what line logic and probing fixed.
    """
    use_sat = _sat_wanted(engine)
    choose_kernel(KERNELS.use(big=puzzle.shape[0] * puzzle.shape[1] >= GRID_CELLS))
    _first_call()
    started = clock_now()
    result = _solve(puzzle, givens, (budget or Budget()).start(), use_sat, probe_root=engine != "sat", shared=shared)
    return replace(result, seconds=clock_now() - started)


@cache
def _first_call() -> None:
    """Solve a one-cell puzzle, once per process, before any puzzle's clock starts:
    loading compiled kernels is off the clock anyway (:mod:`xlsolver.core.clock`), but
    the first call's own Python work (numba matching the argument types, or on the plain
    path the first use of its tables and memos) is not, and would make the first puzzle
    of a run look some ten times slower than the next. (A puzzle that switches to the
    compiled kernels midway pays numba's part on its clock: a few milliseconds, once.)"""
    _solve(Nonogram.from_text("1|1"), None, Budget(None).start())


def _sat_wanted(engine: str) -> bool:
    """Does ``engine`` mean the SAT back end? Errors for unknown or unavailable engines."""
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine == "sat" and not sat.available():
        raise RuntimeError("engine 'sat' needs python-sat: pip install python-sat")
    return engine == "sat" or (engine == "auto" and sat.available())


def _solve(puzzle: Nonogram, givens: np.ndarray | None, budget: Budget,
           use_sat: bool = False, probe_root: bool = True, shared: bool = True) -> NonogramResult:
    clock = Allowance.after(budget)
    problems = puzzle.problems()
    if problems:
        return _clue_problems(puzzle, problems)
    start = start_grid(puzzle, givens)
    engine = Engine(puzzle, budget)
    engine.stats["engine"] = "sat" if use_sat else "native"
    root = Board.from_array(start)  # holds what is deduced for every solution
    with ExitStack() as cleanup:
        backend: sat.SatNonogram | None = None
        found: list[np.ndarray] = []
        try:
            if engine.propagate(root, engine.all_lines()) is not None:
                engine.note_conflict(root_line=True)
            elif use_sat:
                found, backend = _sat_search(engine, root, clock.deadline, probe_root)
                if backend is not None:
                    cleanup.callback(backend.close)
            else:
                for solution in engine.search(root):
                    found.append(solution)
                    if len(found) == 2:
                        break
        except BudgetExhausted:
            known = root.to_array()
            return _result(Status.GAVE_UP, (), known, gave_up_message(budget, known), engine)
        if not found:
            if engine.conflict is None:  # the SAT solver proved it: ask the native search where it breaks
                engine.conflict = first_contradiction(puzzle, root.to_array(), clock.follow_up(budget))
            conflict, message = locate_conflict(puzzle, start, engine, clock.follow_up(budget))
            return _result(Status.NONE, (), start, message, engine, conflict)
        if len(found) == 1:
            return _result(Status.UNIQUE, (found[0],), states(found[0]), unique_message(engine.stats), engine)
        if not shared:
            known, complete = root.to_array(), False
        elif backend is not None:
            known, complete = sat_shared_cells(backend, root.to_array(), found, clock.follow_up(budget))
            engine.stats["sat_conflicts"] = backend.conflicts
        else:
            known, complete = shared_cells(puzzle, root.to_array(), found, clock.follow_up(budget))
        engine.stats["known_complete"] = complete
        return _result(Status.MULTIPLE, tuple(found), known, multiple_message(found, known, complete), engine)


# --- the SAT back end's search ---------------------------------------------


def _sat_search(engine: Engine, root: Board, deadline: float,
                probe_root: bool) -> tuple[list[np.ndarray], sat.SatNonogram | None]:
    """Up to two solutions below a propagated ``root``: probe it (when asked;
    it changes ``root``), then hand what is left to the SAT solver.

    Returns the solutions and the SAT solver (None when probing settled the
    puzzle), kept open for proving shared cells. The native layers stay in
    front because they are cheap and shrink the encoding: on the TAAI set
    probing settles a root in a few hundredths of a second, where encoding
    the whole grid alone costs a tenth.
    """
    if probe_root and not root.complete():
        probe = engine.probe_fast(root, patience=PATIENCE)
        if probe.failures:
            engine.note_conflict(cell=probe.cell, failures=probe.failures)
            return [], None
    if root.complete():
        return [root.to_array() == BLOCK], None
    engine.raise_difficulty("search")
    backend = sat.SatNonogram(engine.puzzle, root.to_array(), engine.budget)
    try:
        found = []
        first = _sat_call(backend, engine.budget, deadline)
        if first is not None:
            found.append(first)
            second = _sat_call(backend, engine.budget, deadline, [backend.differ_from(first)])
            if second is not None:
                found.append(second)
        engine.stats["sat_calls"] = backend.calls
        engine.stats["sat_conflicts"] = backend.conflicts
        return found, backend
    except BaseException:
        backend.close()
        raise


def _sat_call(backend: sat.SatNonogram, budget: Budget, deadline: float,
              assumptions: list[int] = ()) -> np.ndarray | None:
    """One SAT call under the solve's budget; its conflicts count as nodes."""
    before = backend.conflicts
    left = None if budget.nodes is None else budget.nodes - budget.used_nodes
    try:
        return backend.solve(None if math.isinf(deadline) else deadline, assumptions, left)
    finally:
        budget.used_nodes += backend.conflicts - before


def _clue_problems(puzzle: Nonogram, problems: list[tuple[Line | None, str]]) -> NonogramResult:
    """NONE for clues that cannot work at all, naming the lines (the solver stays total).
    Nothing is proved; a clue that fits no placement on its line alone shows there."""
    lines = tuple(dict.fromkeys(line for line, _ in problems if line is not None))
    known = np.full((puzzle.height, puzzle.width), UNKNOWN, dtype=np.int8)
    shows = lines[0] if len(lines) == 1 and all(line is not None for line, _ in problems) else None
    conflict = Conflict(lines=lines, board=known, line=shows)
    return NonogramResult(Status.NONE, (), known, clue_problems_message(problems), conflict)


def _result(status: Status, found: tuple[np.ndarray, ...], known: np.ndarray, message: str,
            engine: Engine, conflict: Conflict | None = None) -> NonogramResult:
    return NonogramResult(status, found, known, message, conflict,
                          nodes=engine.budget.used_nodes, stats=dict(engine.stats))
