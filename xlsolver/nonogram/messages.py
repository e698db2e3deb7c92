"""The sentences a black-and-white verdict carries (``NonogramResult.message``).

One function per verdict, each from what the solver found; nothing here
searches. Lines and cells are numbered from 1, as a sheet shows them.
"""

from __future__ import annotations

import numpy as np

from xlsolver.core.budget import Budget
from xlsolver.core.geometry import Cell
from xlsolver.nonogram.model import BLOCK, UNKNOWN, Line, Nonogram, format_clue
from xlsolver.nonogram.search import Contradiction

__all__: list[str] = []


def unique_message(stats: dict) -> str:
    if stats["difficulty"] == "search" and stats.get("engine") == "sat":
        return f"unique solution, found by SAT search ({stats['sat_conflicts']} conflicts)"
    how = {"line": "by line logic alone", "probing": "by line logic and probing",
           "search": f"by search ({stats['branches']} branches)"}[stats["difficulty"]]
    return f"unique solution, found {how}"


def multiple_message(found: list[np.ndarray], known: np.ndarray, complete: bool) -> str:
    differ = int(np.count_nonzero(found[0] != found[1]))
    shared = int(np.count_nonzero(known != UNKNOWN))
    text = f"several solutions: the two shown differ in {differ} cells; {shared} cells are the same in every solution"
    return text if complete else text + " (the rest not checked: budget spent)"


def gave_up_message(budget: Budget, known: np.ndarray) -> str:
    decided = int(np.count_nonzero(known != UNKNOWN))
    return (f"gave up after {budget.describe()} ({budget.used_nodes} nodes searched); "
            f"{decided} of {known.size} cells deduced")


def clue_problems_message(problems: list[tuple[Line | None, str]]) -> str:
    """Clues that cannot work at all (:meth:`~.model.Nonogram.problems`)."""
    return "no solution: " + "; ".join(text for _, text in problems)


NO_SINGLE_LINE = "no single line shows the contradiction"


def cannot_place_message(puzzle: Nonogram, line: Line) -> str:
    """Line logic fails on ``line``: its clue has no placement on what it proved."""
    return f"no solution: {describe(puzzle, line)} cannot be placed"


def contradiction_message(puzzle: Nonogram, found: Contradiction) -> str:
    """Where the search met its first contradiction; whether a single line shows it."""
    names = [describe(puzzle, line) for line in found.lines]
    if found.depth == 0 and found.cell is None and names:
        return f"no solution: {' and '.join(names)} cannot be placed"
    if found.depth == 0 and found.cell is not None and names:
        r, c = found.cell
        cell = f"cell (row {r + 1}, column {c + 1}) can be neither black nor white"
        if len(names) == 1:
            return f"no solution: {cell}; either way {names[0]} cannot be placed"
        return f"no solution: {cell}: black breaks {names[0]}, white breaks {names[1]}; {NO_SINGLE_LINE}"
    if found.depth > 0:
        return f"no solution: every branch of the search fails; {NO_SINGLE_LINE}"
    return f"no solution, found by search; {NO_SINGLE_LINE}"


def givens_message(puzzle: Nonogram, start: np.ndarray, cells: list[Cell], lines: tuple[Line, ...]) -> str:
    """The givens at ``cells`` clash with the clues; ``lines``: where propagating them fails, if it does."""
    named = ", ".join(f"(row {r + 1}, column {c + 1}: {'black' if start[r, c] == BLOCK else 'white'})"
                      for r, c in cells)
    several = len(cells) > 1
    message = f"no solution: the given cell{'s' if several else ''} {named} clash{'' if several else 'es'} with the clues"
    if lines:
        message += f"; then {describe(puzzle, lines[0])} cannot be placed"
    return message


def describe(puzzle: Nonogram, line: Line) -> str:
    return f"{line} (clue {format_clue(puzzle.clue(line))})"
