"""A step: one deduction a person can follow, as a value."""

from __future__ import annotations

from dataclasses import dataclass

from xlsolver.sudoku.techniques.grid import cell_name, digit_name

__all__ = ["Step", "eliminations_text", "make_step"]


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
