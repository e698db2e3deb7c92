"""The ladder: every technique, cheapest first, with HoDoKu's score and level
for each; ``next_step`` and ``explain`` climb it, and the rating comes from
the same steps (one code path solves, grades and explains, as in Tatham's
solver).

The scores and levels are HoDoKu's published defaults (full house 4, hidden
single 14, X-Wing 140, forcing chain 500, a guess as its brute force 10000);
the score bounds of the levels are HoDoKu's too (easy up to 800, medium 1000,
hard 1600, unfair 1800).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Callable, Iterator

from xlsolver.sudoku.model import Sudoku
from xlsolver.sudoku.techniques import als, chains, fish, forcing, intersections, singledigit, singles, subsets
from xlsolver.sudoku.techniques import uniqueness, wings
from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, digit_name, popcount
from xlsolver.sudoku.techniques.step import Step, make_step

__all__ = ["LADDER", "LEVELS", "Technique", "explain", "guess_step", "next_step", "step_score", "technique"]

LEVELS = ("easy", "medium", "hard", "unfair", "extreme")


@dataclass(frozen=True)
class Technique:
    """A rung of the ladder: its name, its finder, its score and level per
    step, the technique names of the steps it makes, and whether it assumes
    the puzzle has one solution. Every rung works for every box shape.

    The finder takes the grid and the explanation's :class:`Context`, where it
    may keep what it works out for the next states (and nowhere else)."""

    name: str
    find: Callable[[Grid, Context], Iterator[Step]]
    score: int
    level: str
    names: tuple[str, ...] = ()
    uniqueness: bool = False  # sound only for a puzzle with one solution


def _t(name, find, score, level, names=(), uniqueness=False):
    return Technique(name, find, score, level, tuple(names) or (name,), uniqueness)


LADDER: tuple[Technique, ...] = (
    _t("Full House", singles.full_house, 4, "easy"),
    _t("Naked Single", singles.naked_single, 4, "easy"),
    _t("Hidden Single", singles.hidden_single, 14, "easy"),
    _t("Locked Pair", subsets.locked_subset(2), 40, "medium"),
    _t("Locked Triple", subsets.locked_subset(3), 60, "medium"),
    _t("Locked Candidates (Pointing)", intersections.pointing, 50, "medium"),
    _t("Locked Candidates (Claiming)", intersections.claiming, 50, "medium"),
    _t("Naked Pair", subsets.naked_subset(2), 60, "medium"),
    _t("Naked Triple", subsets.naked_subset(3), 80, "medium"),
    _t("Hidden Pair", subsets.hidden_subset(2), 70, "medium"),
    _t("Hidden Triple", subsets.hidden_subset(3), 100, "medium"),
    _t("Naked Quad", subsets.naked_subset(4), 120, "hard"),
    _t("Hidden Quad", subsets.hidden_subset(4), 150, "hard"),
    _t("X-Wing", fish.basic_fish(2), 140, "hard"),
    _t("Swordfish", fish.basic_fish(3), 150, "hard"),
    _t("Jellyfish", fish.basic_fish(4), 160, "hard"),
    _t("Remote Pair", chains.remote_pair, 110, "hard"),
    _t("BUG+1", uniqueness.bug_plus_one, 100, "hard", uniqueness=True),
    _t("Skyscraper", singledigit.skyscraper, 130, "hard"),
    _t("2-String Kite", singledigit.two_string_kite, 150, "hard"),
    _t("Turbot Fish", chains.turbot_fish, 120, "hard"),
    _t("Empty Rectangle", singledigit.empty_rectangle, 120, "hard"),
    _t("W-Wing", wings.w_wing, 150, "hard"),
    _t("XY-Wing", wings.xy_wing, 160, "hard"),
    _t("XYZ-Wing", wings.xyz_wing, 180, "hard"),
    _t("Unique Rectangle Type 1", uniqueness.unique_rectangle(1), 100, "hard", uniqueness=True),
    _t("Unique Rectangle Type 2", uniqueness.unique_rectangle(2), 100, "hard", uniqueness=True),
    _t("Unique Rectangle Type 3", uniqueness.unique_rectangle(3), 100, "hard", uniqueness=True),
    _t("Unique Rectangle Type 4", uniqueness.unique_rectangle(4), 100, "hard", uniqueness=True),
    _t("Finned X-Wing", fish.finned_fish(2), 130, "hard", ("Finned X-Wing", "Sashimi X-Wing")),
    _t("Finned Swordfish", fish.finned_fish(3), 200, "unfair", ("Finned Swordfish", "Sashimi Swordfish")),
    _t("Finned Jellyfish", fish.finned_fish(4), 250, "unfair", ("Finned Jellyfish", "Sashimi Jellyfish")),
    _t("Simple Colouring", singledigit.simple_colouring, 150, "hard"),
    _t("X-Chain", chains.x_chain, 260, "unfair"),
    _t("XY-Chain", chains.xy_chain, 260, "unfair"),
    _t("AIC", chains.aic, 280, "unfair"),
    _t("ALS-XZ", als.als_xz, 300, "unfair"),
    _t("Forcing Chain", forcing.forcing_chain, 500, "extreme",
       ("Forcing Chain Contradiction", "Forcing Chain Verity")),
    _t("Forcing Net", forcing.forcing_net, 700, "extreme", ("Forcing Net Contradiction", "Forcing Net Verity")),
)
"""Every technique, in the order a person tries them (HoDoKu's order)."""

GUESS = _t("Guess", None, 10000, "extreme")

# Scores of the finned and sashimi variants that share a rung (HoDoKu's).
VARIANT_SCORES = MappingProxyType({"Sashimi X-Wing": 150, "Sashimi Swordfish": 240, "Sashimi Jellyfish": 260})

_BY_STEP = MappingProxyType({name: t for t in LADDER + (GUESS,) for name in t.names})


def technique(step_name: str) -> Technique:
    """The rung a step's technique name belongs to."""
    return _BY_STEP[step_name]


def step_score(step: Step) -> int:
    return VARIANT_SCORES.get(step.technique, technique(step.technique).score)


def next_step(grid: Grid, ladder=LADDER, unique: bool = True, ctx: Context | None = None) -> Step | None:
    """The first step the cheapest technique that finds one makes, or None
    when no technique on the ladder applies (the grid needs a guess).

    ``ctx`` is the memory of the explanation ``grid`` belongs to; without
    one (a single hint), the techniques start from nothing."""
    if ctx is None:
        ctx = Context()
    for rung in ladder:
        if rung.uniqueness and not unique:
            continue
        for step in rung.find(grid, ctx):
            return step
    return None


def guess_step(grid: Grid, solution: tuple[int, ...]) -> Step:
    """Take the solution's digit in an empty cell with the fewest candidates,
    so that replaying the steps never runs into a dead end."""
    cell = min(bits(grid.empty), key=lambda c: (popcount(grid.cand[c]), c))
    d = solution[cell]
    text = (f"Guess: no technique on the ladder applies; {grid.name(cell)} has "
            f"{popcount(grid.cand[cell])} candidates, and the solution's {digit_name(d)} is put there.")
    return make_step(grid, "Guess", text, placements=[(cell, d)], cells=[cell], candidates=[(cell, d)])


def explain(puzzle: Sudoku, solution: tuple[int, ...] | None = None, ladder=LADDER) -> Iterator[Step]:
    """Every step from the givens to the solved grid, cheapest technique first.

    ``solution`` (the unique solution, from the brute-force solver if not
    given) is used only to guess when the ladder runs out. The techniques
    share one :class:`Context` from the first step to the last, and with no
    other explanation."""
    if solution is None:
        solution = _unique_solution(puzzle)
    grid = Grid.from_puzzle(puzzle)
    ctx = Context()
    while not grid.solved():
        step = next_step(grid, ladder, ctx=ctx)
        if step is None:
            step = guess_step(grid, solution)
        grid.apply(step)
        yield step


def _unique_solution(puzzle: Sudoku) -> tuple[int, ...]:
    from xlsolver.core.status import Status
    from xlsolver.sudoku.solver import solve

    result = solve(puzzle)
    if result.status != Status.UNIQUE:
        raise ValueError(f"explain needs a puzzle with one solution; this one: {result.message}")
    return result.solutions[0]
