"""A step: one deduction a person can follow, as a value."""

from __future__ import annotations

from dataclasses import dataclass

from xlsolver.sudoku.techniques.grid import cell_name, digit_name

__all__ = ["Step", "digits_text", "eliminations_text", "houses_text", "make_step", "see_both"]


@dataclass(frozen=True)
class Step:
    """One deduction: the technique, what it rests on (cells, and candidates
    as ``(cell, digit)``), what it decides (placements and eliminations, as
    ``(cell, digit)``), and the sentence that explains it. Cells are flat
    indices; the sentence names them ``rXcY``."""

    technique: str
    text: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    candidates: tuple[tuple[int, int], ...] = ()

    @property
    def guess(self) -> bool:
        return self.technique == "Guess"

    def to_json(self, n: int) -> dict:
        """The step for ``--json``: cells as ``rXcY`` names, digits as symbols."""
        def pairs(items):
            return [[cell_name(c, n), digit_name(d)] for c, d in items]
        return {
            "technique": self.technique,
            "cells": [cell_name(c, n) for c in self.cells],
            "placements": pairs(self.placements),
            "eliminations": pairs(self.eliminations),
            "text": self.text,
        }


def make_step(grid, technique: str, text: str, *, placements=(), eliminations=(), cells=(),
              candidates=()) -> Step:
    """A step with its parts sorted, so equal deductions compare equal."""
    return Step(technique, text, tuple(sorted(set(placements))), tuple(sorted(set(eliminations))),
                tuple(sorted(set(cells))), tuple(sorted(set(candidates))))


def eliminations_text(grid, elims) -> str:
    """``7 from r1c2 and r1c5; 3 from r4c4``: what a step removes, digit by digit."""
    by_digit: dict[int, list[int]] = {}
    for cell, d in sorted(elims, key=lambda x: (x[1], x[0])):
        by_digit.setdefault(d, []).append(cell)
    return "; ".join(f"{digit_name(d)} from {grid.names(cells)}" for d, cells in by_digit.items())


def and_list(items) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def digits_text(digits) -> str:
    """``5``, ``1 and 3``, ``5, 6 and 9`` for digits (1-based)."""
    return and_list([digit_name(d) for d in digits])


def houses_text(houses, numbers) -> str:
    """``columns 3 and 4`` for houses of one kind, else ``row 2 and box 5``."""
    numbers = list(numbers)
    kinds = {houses.kind(h) for h in numbers}
    if len(kinds) == 1 and len(numbers) > 1:
        word = ("rows", "columns", "boxes")[kinds.pop()]
        return f"{word} {and_list([str(h % houses.n + 1) for h in numbers])}"
    return and_list([houses.name(h) for h in numbers])


def see_both(elims) -> str:
    return "which sees both" if len({c for c, _ in elims}) == 1 else "which see both"
