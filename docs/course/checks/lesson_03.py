"""Checks for lesson 03, a line solver in a page. The references are xlsolver's
own: its block ranges, its exact line solver, its propagation and its verdicts,
on the lesson's puzzles and on lines drawn with fixed seeds; the placements are
checked against every line of the length, tried one by one."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

WORKBOOK = Path(__file__).resolve().parents[1] / "workbooks" / "03-line-solver.xlsx"
SHEETS = ("Rocket", "Dimple", "Smile")
# A house whose second row clue was changed from 3 to 2 1: no picture fits (lesson 02's Clash).
CLASH = (((1,), (2, 1), (5,), (1, 1), (1, 1, 1), (1, 1, 1)), ((4,), (2,), (3, 2), (2,), (4,)))


def _runs(line: str) -> tuple[int, ...]:
    return tuple(len(run) for run in line.split(".") if run)


def _all_clues(n: int) -> list[tuple[int, ...]]:
    """Every clue that fits a line of n cells, the empty one first."""
    clues = [()]
    for cells in itertools.product(".#", repeat=n):
        clue = _runs("".join(cells))
        if clue and clue not in clues:
            clues.append(clue)
    return sorted(clues, key=lambda clue: (len(clue), clue))


def _lines(seed: int, count: int, longest: int = 10) -> list[tuple[tuple[int, ...], str]]:
    """(clue, line) pairs: a random picture line's clue, and the line with some cells known.
    Some known cells are flipped, so that some lines have no placement."""
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        n = rng.randint(1, longest)
        picture = "".join(rng.choice("#.") for _ in range(n))
        known = "".join(cell if rng.random() < 0.3 else "?" for cell in picture)
        if rng.random() < 0.2:
            k = rng.randrange(n)
            known = known[:k] + {"#": ".", ".": "#", "?": "#"}[known[k]] + known[k + 1:]
        cases.append((_runs(picture), known))
    return cases


def _xlsolver_line(clue, line: str) -> str | None:
    from xlsolver.nonogram import parse_grid, solve_line

    solved = solve_line(clue, parse_grid([line])[0])
    return None if solved is None else "".join("?#."[int(v) % 3] for v in solved)


def check_block_ranges(block_ranges) -> None:
    from xlsolver.nonogram import block_ranges as xlsolver_ranges, parse_grid

    count = 0
    for n in range(1, 11):
        for clue in _all_clues(n):
            expected = [tuple(span) for span in xlsolver_ranges(clue, parse_grid(["?" * n])[0])]
            got = block_ranges(clue, n)
            if got is None or [tuple(span) for span in got] != expected:
                raise AssertionError(f"block_ranges({clue}, {n}): expected {expected} but got {got!r}")
            count += 1
    print(f"block_ranges passed: {count} clues on empty lines of 1 to 10 cells, the ranges xlsolver finds")


def check_placements(placements) -> None:
    cases = [((3,), "?????"), ((1, 1), "?????"), ((2, 1), "?#????"), ((), "???"), ((), "?#?"), ((4,), "???"),
             ((1, 2), "..????#"), ((1,), "#"), ((1,), ".")]
    cases += _lines(seed=3, count=150, longest=9)
    for clue, line in cases:
        expected = sorted("".join(cells) for cells in itertools.product(".#", repeat=len(line))
                          if _runs("".join(cells)) == clue
                          and all(k == "?" or k == cell for k, cell in zip(line, cells)))
        got = list(placements(clue, line))
        if len(set(got)) != len(got):
            twice = next(p for p in got if got.count(p) > 1)
            raise AssertionError(f"placements({clue}, {line!r}) lists {twice!r} more than once")
        if sorted(got) != expected:
            missing, extra = sorted(set(expected) - set(got)), sorted(set(got) - set(expected))
            raise AssertionError(f"placements({clue}, {line!r}): expected {expected} but got {sorted(got)}"
                                 f" (missing {missing}, not placements {extra})")
    print(f"placements passed: {len(cases)} lines, every placement found once")


def check_solve_line(solve_line) -> None:
    cases = [((3,), "?????"), ((2,), "?#?????"), ((1, 1), "?#???#"), ((4,), "??.????"), ((2, 2), "#?.??"),
             ((3,), "??#?.??"), ((), "???"), ((1,), "#.#")]
    cases += _lines(seed=7, count=300)
    for clue, line in cases:
        expected = _xlsolver_line(clue, line)
        got = solve_line(clue, line)
        if got != expected:
            raise AssertionError(f"solve_line({clue}, {line!r}): expected {expected!r} but got {got!r}")
    print(f"solve_line passed: {len(cases)} lines solved as xlsolver's exact line solver solves them")


def puzzles() -> dict[str, tuple[tuple, tuple]]:
    """Sheet -> (row clues, column clues) of the lesson's workbook, as xlsolver reads them, and the clash."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.sheets.nonogram_bw import read_nonogram

    book = OpenpyxlWorkbook.open(WORKBOOK)
    found = {}
    for sheet in SHEETS:
        _, puzzle, _ = read_nonogram(book.snapshot(sheet))
        found[sheet] = (puzzle.rows, puzzle.cols)
    found["Clash"] = CLASH
    return found


def _xlsolver_propagate(rows, cols, grid: list[str]) -> list[str] | None:
    from xlsolver.core.budget import Budget
    from xlsolver.nonogram import Nonogram, format_grid, parse_grid
    from xlsolver.nonogram.board import Board
    from xlsolver.nonogram.search import Engine

    engine = Engine(Nonogram(rows, cols), Budget(seconds=None).start())
    board = Board.from_array(parse_grid(grid))
    if engine.propagate(board, engine.all_lines()) is not None:
        return None
    return format_grid(board.to_array())


def _given(grid: list[str], r: int, c: int, mark: str) -> list[str]:
    return grid[:r] + [grid[r][:c] + mark + grid[r][c + 1:]] + grid[r + 1:]


def check_propagate(propagate) -> None:
    cases = []
    for name, (rows, cols) in puzzles().items():
        empty = ["?" * len(cols)] * len(rows)
        cases.append((name, rows, cols, empty))
        if name == "Smile":  # one given settles much more
            cases.append(("Smile with a black cell given at row 1, column 2", rows, cols, _given(empty, 0, 1, "#")))
        if name == "Rocket":  # a wrong given: no picture fits
            cases.append(("Rocket with a black cell given at row 1, column 1", rows, cols, _given(empty, 0, 0, "#")))
    for name, rows, cols, grid in cases:
        expected = _xlsolver_propagate(rows, cols, grid)
        got = propagate(rows, cols, list(grid))
        if expected is None or got is None:
            if got != expected:
                raise AssertionError(f"{name}: expected {'None (no picture fits)' if expected is None else expected}"
                                     f" but got {got!r}")
            continue
        got = list(got)
        for r, (want, have) in enumerate(zip(expected, got), 1):
            if want != have:
                raise AssertionError(f"{name}, row {r}: expected {want!r} but got {have!r}")
        if len(got) != len(expected):
            raise AssertionError(f"{name}: expected {len(expected)} rows but got {len(got)}")
    print(f"propagate passed: {len(cases)} grids, the same fixpoint as xlsolver's propagation")


def check_count_solutions(count_solutions) -> None:
    from xlsolver.core.status import Status
    from xlsolver.nonogram import Nonogram, solve

    counts = {Status.NONE: 0, Status.UNIQUE: 1, Status.MULTIPLE: 2}
    for name, (rows, cols) in puzzles().items():
        expected = counts[solve(Nonogram(rows, cols), shared=False).status]
        got = count_solutions(rows, cols)
        if got != expected:
            raise AssertionError(f"{name}: xlsolver says {['no solution', 'one solution', 'several solutions'][expected]}"
                                 f", so count_solutions(rows, cols) should be {expected}, not {got!r}")
    rows, cols = puzzles()["Smile"]
    got = count_solutions(rows, cols, limit=1)
    if got != 1:
        raise AssertionError(f"Smile: count_solutions(rows, cols, limit=1) should stop at the first solution "
                             f"and give 1, not {got!r}")
    print("count_solutions passed: 0, 1 and 2 where xlsolver says none, unique and multiple")
