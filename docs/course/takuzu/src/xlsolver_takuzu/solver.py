"""Solving a Takuzu: line logic first, then a search over whole lines.

Glossary
--------
filling     a line that keeps the line rules, as an int whose bit k is cell k:
            n/2 bits set and no three equal bits side by side (:func:`fillings`).
candidate   a filling of a line that agrees with the line's known cells and
            repeats no complete line of the same axis.
board       what the search knows (:class:`Board`): for each line, a mask of its
            known cells and a mask of the 1s among them.

Line logic solves one line exactly: a cell that all its candidates fill alike
is known, which the AND and the OR of the candidates give at once (Tatham's
nonogram solver ORs a line's placements the same way). :func:`propagate`
repeats this over every line until nothing changes, or until a line has no
candidate left: the contradiction, located at that line. When line logic
stalls, the search tries each candidate of the open line that has the fewest,
depth first. :func:`solutions` yields what it finds, so "unique" is asking for
two and getting one.

Road not taken: lines as tuples of 0/1 compared cell by cell read more plainly,
but cost n times as much per candidate, and a 20-wide line has 8,196 fillings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, reduce
from itertools import islice
from operator import and_, or_
from typing import Iterator

from xlsolver.core.budget import Budget, BudgetExhausted
from xlsolver.core.clock import now
from xlsolver.core.status import Status
from xlsolver_takuzu.puzzle import Grid, Line, Takuzu, breaks_rules

__all__ = ["Board", "Conflict", "TakuzuResult", "fillings", "propagate", "solutions", "solve"]

AXES = ("row", "column")


@cache
def fillings(n: int) -> tuple[int, ...]:
    """Every filling of an n-cell line, in increasing order (14 for n = 6)."""
    found = []

    def extend(bits: int, length: int, ones: int) -> None:
        if length == n:
            found.append(bits)
            return
        for bit in (0, 1):
            zeros = length - ones
            if (ones + bit) * 2 > n or (zeros + 1 - bit) * 2 > n:
                continue
            if length >= 2 and (bits >> (length - 1)) & 1 == bit and (bits >> (length - 2)) & 1 == bit:
                continue  # a third equal cell in a row
            extend(bits | bit << length, length + 1, ones + bit)

    extend(0, 0, 0)
    return tuple(sorted(found))


@dataclass(frozen=True)
class Conflict:
    """Where a puzzle breaks: ``lines[0]`` cannot be filled, for ``reason``; any
    further lines are the complete ones it could only repeat."""

    lines: tuple[Line, ...]
    reason: str


class Board:
    """What the search knows: ``known[axis][k]`` masks the known cells of line k of
    that axis, ``ones[axis][k]`` the 1s among them. Each cell is kept twice, in its
    row and in its column, so that both read in one step. Copied at each branch."""

    def __init__(self, n: int, known: dict[str, list[int]], ones: dict[str, list[int]]) -> None:
        self.n = n
        self.full = (1 << n) - 1
        self.known = known
        self.ones = ones

    @classmethod
    def of(cls, puzzle: Takuzu) -> Board:
        n = puzzle.n
        board = cls(n, {axis: [0] * n for axis in AXES}, {axis: [0] * n for axis in AXES})
        for r, row in enumerate(puzzle.rows):
            for c, value in enumerate(row):
                if value is not None:
                    board.set(r, c, value)
        return board

    def copy(self) -> Board:
        return Board(self.n, {axis: list(masks) for axis, masks in self.known.items()},
                     {axis: list(masks) for axis, masks in self.ones.items()})

    def lines(self) -> list[Line]:
        return [Line(axis, k) for axis in AXES for k in range(self.n)]

    def set(self, r: int, c: int, value: int) -> None:
        for axis, k, bit in (("row", r, c), ("column", c, r)):
            self.known[axis][k] |= 1 << bit
            self.ones[axis][k] |= value << bit

    def fill(self, line: Line, cells: int, filling: int) -> None:
        """Set the cells of ``line`` that mask ``cells`` as ``filling`` has them."""
        for k, (r, c) in enumerate(line.cells(self.n)):
            if cells >> k & 1:
                self.set(r, c, filling >> k & 1)

    def values(self, line: Line) -> tuple[int | None, ...]:
        known, ones = self.known[line.axis][line.index], self.ones[line.axis][line.index]
        return tuple(ones >> k & 1 if known >> k & 1 else None for k in range(self.n))

    def complete(self, line: Line) -> bool:
        return self.known[line.axis][line.index] == self.full

    def grid(self) -> Grid:
        return tuple(self.values(Line("row", r)) for r in range(self.n))

    def candidates(self, line: Line) -> list[int]:
        """The fillings of ``line`` that agree with its known cells and repeat no
        complete line of its axis."""
        known, ones = self.known[line.axis][line.index], self.ones[line.axis][line.index]
        taken = {self.ones[line.axis][k] for k in range(self.n)
                 if k != line.index and self.known[line.axis][k] == self.full}
        return [f for f in fillings(self.n) if (f ^ ones) & known == 0 and f not in taken]


def propagate(board: Board, budget: Budget) -> Conflict | None:
    """Line logic on every line until nothing changes (``board`` learns each cell it
    proves), or the first line without a candidate: its :class:`Conflict`."""
    while True:
        budget.check()
        progress = False
        for line in board.lines():
            options = board.candidates(line)
            if not options:
                return conflict_at(board, line)
            ones_in_all, ones_in_some = reduce(and_, options), reduce(or_, options)
            settled = ones_in_all | (board.full & ~ones_in_some)
            new = settled & ~board.known[line.axis][line.index]
            if new:
                board.fill(line, new, ones_in_all)
                progress = True
        if not progress:
            return None


def conflict_at(board: Board, line: Line) -> Conflict:
    """Why ``line`` has no candidate: a rule its known cells break already, or the
    complete lines it could only repeat."""
    values = board.values(line)
    n = board.n
    if None not in values:
        broken = breaks_rules(values)
        if broken is not None:
            return Conflict((line,), f"{line} has {broken}")
    for k in range(n - 2):
        if values[k] is not None and values[k] == values[k + 1] == values[k + 2]:
            return Conflict((line,), f"{line} has three {values[k]}s side by side")
    for digit in (0, 1):
        if values.count(digit) * 2 > n:
            return Conflict((line,), f"{line} has {values.count(digit)} {digit}s, more than {n // 2}")
    known, ones = board.known[line.axis][line.index], board.ones[line.axis][line.index]
    agreeing = {f for f in fillings(n) if (f ^ ones) & known == 0}
    twins = tuple(Line(line.axis, k) for k in range(n)
                  if k != line.index and board.complete(Line(line.axis, k)) and board.ones[line.axis][k] in agreeing)
    if twins:  # every filling that agrees is taken by a complete line
        repeats = "repeats" if None not in values else "could only repeat"
        return Conflict((line, *twins), f"{line} {repeats} {', '.join(map(str, twins))}")
    return Conflict((line,), f"{line} cannot hold {n // 2} of each digit without three alike")


def _branch(board: Board) -> tuple[Line | None, list[int]]:
    """The open line with the fewest candidates, and those candidates; (None, [])
    when every line is complete."""
    best: tuple[Line | None, list[int]] = (None, [])
    for line in board.lines():
        if not board.complete(line):
            options = board.candidates(line)
            if best[0] is None or len(options) < len(best[1]):
                best = (line, options)
    return best


def _search(board: Board, budget: Budget) -> Iterator[Grid]:
    budget.charge()
    if propagate(board, budget) is not None:
        return
    line, options = _branch(board)
    if line is None:
        yield board.grid()  # every line was checked by the last round of line logic
        return
    for filling in options:
        child = board.copy()
        child.fill(line, child.full, filling)
        yield from _search(child, budget)


def solutions(puzzle: Takuzu, budget: Budget | None = None) -> Iterator[Grid]:
    """Every solution of ``puzzle``, one at a time; raises BudgetExhausted when
    ``budget`` (started here; none: no limit) runs out first."""
    budget = (budget if budget is not None else Budget(seconds=None)).start()
    yield from _search(Board.of(puzzle), budget)


@dataclass(frozen=True)
class TakuzuResult:
    """A verdict with what backs it. ``known`` is the solution when unique, else
    the cells line logic proved (every solution shares them); ``solutions`` holds
    up to two; ``conflict`` says where a puzzle without solution breaks."""

    status: Status
    solutions: tuple[Grid, ...]
    known: Grid
    conflict: Conflict | None
    message: str
    seconds: float
    nodes: int


def solve(puzzle: Takuzu, budget: Budget | None = None) -> TakuzuResult:
    """The verdict on ``puzzle``: line logic, then a search for two solutions."""
    budget = (budget if budget is not None else Budget()).start()
    started = now()
    board = Board.of(puzzle)

    def result(status: Status, message: str, found: tuple[Grid, ...] = (), conflict: Conflict | None = None):
        known = found[0] if status == Status.UNIQUE else board.grid()
        return TakuzuResult(status, found, known, conflict, message, now() - started, budget.used_nodes)

    try:
        conflict = propagate(board, budget)
        if conflict is not None:
            return result(Status.NONE, f"no solution: {conflict.reason}", conflict=conflict)
        found = tuple(islice(_search(board.copy(), budget), 2))
    except BudgetExhausted:
        return result(Status.GAVE_UP, f"gave up: the budget of {budget.describe()} ran out")
    if len(found) == 2:
        shared = sum(cell is not None for row in board.grid() for cell in row)
        return result(Status.MULTIPLE, f"at least two solutions; {shared} of {puzzle.n ** 2} cells are "
                                       "the same in every one", found)
    if found:
        return result(Status.UNIQUE, "one solution, and no other", found)
    line, options = _branch(board)
    conflict = Conflict((line,), f"none of the {len(options)} ways to fill {line} leads to a solution")
    return result(Status.NONE, f"no solution: {conflict.reason}", conflict=conflict)
