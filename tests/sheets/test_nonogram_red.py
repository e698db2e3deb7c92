"""Red where the analyzer puts it: a nonogram without solution, solved on a sheet,
shows what line logic proved before the clash (grey and white, or the colours),
every cell of the line where it breaks in red with that line's hints, and says
so in the sentence; when only a search finds the contradiction, the line it
shows on if one line does, else no red cell in the grid at all.

What the sheet shows is checked by a brute-force line enumerator of this file,
sharing nothing with the solver: every painted cell is reached from the givens
by single line steps (each on a line that still has a placement), the red line
has no placement on what was proved, and the puzzles have no solution.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from xlsolver.core import RED, Status
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.protocol import CellInfo
from xlsolver.jobs import Options, run_book
from xlsolver.nonogram import BLOCK, UNKNOWN, Nonogram
from xlsolver.nonogram.colour import Colour, ColourNonogram
from xlsolver.nonogram.colour_solver import solve_colour
from xlsolver.nonogram.model import Line
from xlsolver.nonogram.solver import solve
from xlsolver.sheets.nonogram_bw import import_plan
from xlsolver.sheets.nonogram_colour import colour_import_plan
from xlsolver.sheets.nonogram_layout import find_layout

ROOT = Path(__file__).resolve().parents[2]
GREY = "808080"
PALETTE = (Colour("r", "red", "C00000"), Colour("g", "green", "00AA00"))

Board = list[list[set[str]]]  # per cell, the characters it may still be: "." background, "#" black, or a colour


# --- the brute-force line enumerator ---------------------------------------------

def runs(cells: str) -> tuple[tuple[int, str], ...]:
    return tuple((len(list(group)), ch) for ch, group in itertools.groupby(cells) if ch != ".")


@lru_cache(maxsize=None)
def options(clue: tuple[tuple[int, str], ...], width: int, alphabet: str) -> tuple[str, ...]:
    """Every line of ``width`` cells whose runs are ``clue``, by trying them all."""
    return tuple(line for line in map("".join, itertools.product(alphabet, repeat=width)) if runs(line) == clue)


def as_colour_clue(clue) -> tuple[tuple[int, str], ...]:
    """A black-and-white clue (numbers) as runs of "#"; a colour clue as it is."""
    return tuple((n, "#") if isinstance(n, int) else (n[0], n[1]) for n in clue)


def lines_of(puzzle) -> list[tuple[Line, tuple, list[tuple[int, int]]]]:
    h, w = puzzle.height, puzzle.width
    rows = [(Line("row", r), as_colour_clue(clue), [(r, c) for c in range(w)]) for r, clue in enumerate(puzzle.rows)]
    cols = [(Line("col", c), as_colour_clue(clue), [(r, c) for r in range(h)]) for c, clue in enumerate(puzzle.cols)]
    return rows + cols


def alphabet_of(puzzle) -> str:
    return "." + ("".join(c.char for c in puzzle.palette) if isinstance(puzzle, ColourNonogram) else "#")


def fitting(puzzle, board: Board, clue, cells) -> list[str]:
    return [o for o in options(clue, len(cells), alphabet_of(puzzle))
            if all(ch in board[r][c] for ch, (r, c) in zip(o, cells))]


def line_steps(puzzle, board: Board, aim: dict | None = None) -> Board:
    """Narrow ``board`` by single line steps until nothing changes, skipping a line
    with no placement. With ``aim`` ({cell: char}), a cell is only narrowed while it
    keeps its aimed character: the steps that lead to what a sheet shows."""
    board = [[set(s) for s in row] for row in board]
    changed = True
    while changed:
        changed = False
        for _, clue, cells in lines_of(puzzle):
            fits = fitting(puzzle, board, clue, cells)
            if not fits:
                continue
            for k, (r, c) in enumerate(cells):
                narrowed = board[r][c] & {o[k] for o in fits}
                if narrowed != board[r][c] and (aim is None or aim.get((r, c)) in narrowed or (r, c) not in aim):
                    board[r][c] = narrowed
                    changed = True
    return board


def no_solution(puzzle) -> bool:
    """By brute force over the rows' placements, checked against the columns."""
    alphabet = alphabet_of(puzzle)
    rows = [options(as_colour_clue(clue), puzzle.width, alphabet) for clue in puzzle.rows]
    cols = [as_colour_clue(clue) for clue in puzzle.cols]
    return not any(all(runs("".join(row[j] for row in grid)) == cols[j] for j in range(puzzle.width))
                   for grid in itertools.product(*rows))


def free_board(puzzle) -> Board:
    return [[set(alphabet_of(puzzle)) for _ in range(puzzle.width)] for _ in range(puzzle.height)]


# --- what a sheet shows ------------------------------------------------------------

def lay_out(puzzle, sheet: str = "P") -> MemoryWorkbook:
    book = MemoryWorkbook({sheet: {}})
    plan = colour_import_plan(puzzle, sheet, sheet) if isinstance(puzzle, ColourNonogram) else import_plan(puzzle, sheet, sheet)
    book.apply(plan)
    return book


def shown(book: MemoryWorkbook, puzzle, sheet: str = "P"):
    """The layout; the grid as the sheet shows it ({cell: char} of the painted cells,
    the red grid cells); the red hint cells (a red fill, or for colour hints a red font)."""
    snap = book.snapshot(sheet)
    layout = find_layout(snap)
    colours = {c.rgb: c.char for c in getattr(puzzle, "palette", ())}
    painted, red = {}, set()
    for r in range(puzzle.height):
        for c in range(puzzle.width):
            info = snap.get(*layout.cell(r, c))
            if info.fill == RED.fill:
                red.add((r, c))
            elif info.fill == "FFFFFF" and info.diagonals:
                painted[(r, c)] = "."
            elif info.fill == GREY:
                painted[(r, c)] = "#"
            elif info.fill in colours:
                painted[(r, c)] = colours[info.fill]
    fonts = book.fonts.get(sheet, {})
    hints = {cell for line, _, _ in lines_of(puzzle) for cell in layout.hint_cells(line)
             if snap.get(*cell).fill == RED.fill or fonts.get(cell) == RED.fill}
    return layout, painted, red, hints, snap.value(*layout.status_cell)


def follows_by_line_logic(puzzle, start: Board, painted: dict) -> bool:
    """Every painted cell is reached from ``start`` by line steps."""
    reached = line_steps(puzzle, start, aim=painted)
    return all(reached[r][c] == {ch} for (r, c), ch in painted.items())


def cells_of(line: Line, puzzle) -> set[tuple[int, int]]:
    return next(set(cells) for named, _, cells in lines_of(puzzle) if named == line)


def solve_on_sheet(puzzle, action: str = "solve"):
    book = lay_out(puzzle)
    [report] = run_book(book, "mem", None, Options(budget_seconds=30), action)
    return book, report


# --- black and white ----------------------------------------------------------------

# Columns 1 and 3 are full and 2 and 4 empty, each decided by its own clue, so no
# column can fail; row 2 asks for a block of 2 where the columns leave "#.#.".
BARS = Nonogram(((1, 1), (2,), (1, 1), (1, 1)), ((4,), (), (4,), ()))
# The Clash sheet of the bundled workbook: a window whose second row clue became 2 2.
# A probe at the root: r1c4 can be neither black nor white, and either way row 5 breaks.
PROBE_ONE = Nonogram.from_text("2/2/1,1/2/1,1/1,1/1|1,1,1/4,1/2,1/1,1")
# A probe at the root whose two values break two different lines: no single line shows it.
PROBE_TWO = Nonogram.from_text("2,1/3,1/1,1/1/1,2/1|2/2,1/2,1/1,1/2/1,1")
# No probe at the root fails; a branch of the search is needed (12 wide, 11 high).
DEEP = Nonogram.from_text("1,1,2/1,7,1/1,1,4/1,1/1,1,1,1/1,1,1,2/2,1,1/3,3/4,1/1,1,1/1,3,1|"
                          "1,1,1,1/1,3/1,1/2,1,1/1,1,1,2/2,1,1,1/2,2,1/2,1,1/2,3,1/3,1,1/1,3,1/1,2,1")


def check_line_shown(puzzle, book, line: Line, start: Board | None = None) -> str:
    """The sheet shows ``line`` red with its hints, what line logic proved elsewhere,
    and the line has no placement on what was proved. Returns the status sentence."""
    layout, painted, red, hints, status = shown(book, puzzle)
    assert red == cells_of(line, puzzle)
    assert hints == set(layout.hint_cells(line))
    assert painted and follows_by_line_logic(puzzle, start or free_board(puzzle), painted)
    return status


def test_the_line_where_line_logic_breaks_is_red_with_its_hints():
    assert no_solution(BARS)
    book, report = solve_on_sheet(BARS)
    assert report.status == Status.NONE
    status = check_line_shown(BARS, book, Line("row", 1))
    assert status == "no solution: row 2 (clue 2) cannot be placed: shown in red"
    _, painted, _, _, _ = shown(book, BARS)
    assert painted == {(r, c): "#" if c in (0, 2) else "." for r in (0, 2, 3) for c in range(4)}
    result = solve(BARS)
    board = [[{".", "#"} if v == UNKNOWN else {"#" if v == BLOCK else "."} for v in row] for row in result.conflict.board]
    _, clue, cells = lines_of(BARS)[1]
    assert not fitting(BARS, board, clue, cells)  # what was proved leaves row 2 no placement


def test_the_bundled_clash_sheet_shows_row_2_red_over_what_line_logic_proved():
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.jobs.nonogram import locate

    source = OpenpyxlWorkbook.open(ROOT / "workbooks" / "nonogram.xlsx").snapshot("Clash")
    puzzle = locate(source, None).read().puzzle
    book = MemoryWorkbook({"P": dict(source.cells)})
    assert no_solution(puzzle)
    [report] = run_book(book, "mem", None, Options(budget_seconds=30), "solve")
    assert report.status == Status.NONE
    status = check_line_shown(puzzle, book, Line("row", 1))
    assert status == "no solution: row 2 (clue 2 2) cannot be placed: shown in red"


def test_a_probe_that_breaks_one_line_both_ways_shows_that_line():
    assert no_solution(PROBE_ONE)
    book, report = solve_on_sheet(PROBE_ONE)
    layout, painted, red, hints, status = shown(book, PROBE_ONE)
    assert status == ("no solution: cell (row 1, column 4) can be neither black nor white; "
                      "either way row 5 (clue 1 1) cannot be placed: shown in red")
    assert red == cells_of(Line("row", 4), PROBE_ONE) and hints == set(layout.hint_cells(Line("row", 4)))
    fixpoint = line_steps(PROBE_ONE, free_board(PROBE_ONE))
    shown_fixpoint = {(r, c): next(iter(s)) for r, row in enumerate(fixpoint) for c, s in enumerate(row) if len(s) == 1}
    assert painted == {cell: ch for cell, ch in shown_fixpoint.items() if cell[0] != 4}  # all line logic proved
    row5 = lines_of(PROBE_ONE)[4]
    assert all(fitting(PROBE_ONE, fixpoint, clue, cells) for _, clue, cells in lines_of(PROBE_ONE))  # no line fails
    for value in "#.":  # either value of r1c4, followed by line steps, leaves row 5 no placement
        trial = [[set(s) for s in row] for row in fixpoint]
        trial[0][3] = {value}
        assert not fitting(PROBE_ONE, line_steps(PROBE_ONE, trial), row5[1], row5[2])


def test_a_probe_that_breaks_two_lines_paints_no_red_cell_in_the_grid():
    assert no_solution(PROBE_TWO)
    book, report = solve_on_sheet(PROBE_TWO)
    layout, painted, red, hints, status = shown(book, PROBE_TWO)
    assert red == set()
    assert status == ("no solution: cell (row 1, column 6) can be neither black nor white: black breaks row 5 "
                      "(clue 1 2), white breaks column 1 (clue 2); no single line shows the contradiction")
    assert hints == set(layout.hint_cells(Line("row", 4))) | set(layout.hint_cells(Line("col", 0)))
    fixpoint = line_steps(PROBE_TWO, free_board(PROBE_TWO))
    assert painted == {(r, c): next(iter(s)) for r, row in enumerate(fixpoint) for c, s in enumerate(row) if len(s) == 1}
    assert all(fitting(PROBE_TWO, fixpoint, clue, cells) for _, clue, cells in lines_of(PROBE_TWO))  # no line fails
    # The probe met r1c6 after probing had proved more than line logic: from there,
    # line steps refute either of its values (each leaves some line no placement).
    probed = probing(PROBE_TWO, fixpoint)
    assert len(probed[0][5]) == 2 and all(breaks(PROBE_TWO, probed, (0, 5), value) for value in "#.")


def test_a_contradiction_deep_in_the_search_names_no_line():
    book, report = solve_on_sheet(DEEP)
    layout, painted, red, hints, status = shown(book, DEEP)
    assert report.status == Status.NONE and red == set() and hints == set()
    assert status == "no solution: every branch of the search fails; no single line shows the contradiction"
    assert follows_by_line_logic(DEEP, free_board(DEEP), painted)
    assert solve(DEEP, engine="native").stats["branches"] > 0


def breaks(puzzle, board: Board, cell: tuple[int, int], value: str) -> bool:
    """Do line steps from ``board`` with ``cell`` set to ``value`` leave some line no placement?"""
    trial = [[set(s) for s in row] for row in board]
    trial[cell[0]][cell[1]] = {value}
    after = line_steps(puzzle, trial)
    return not all(fitting(puzzle, after, clue, cells) for _, clue, cells in lines_of(puzzle))


def probing(puzzle, board: Board) -> Board:
    """Line steps and probes until nothing changes: a value of an open cell that
    line steps refute is struck out (a cell all of whose values they refute is
    the contradiction; it is left as it is and the others go on)."""
    board = line_steps(puzzle, board)
    changed = True
    while changed:
        changed = False
        for r, row in enumerate(board):
            for c, values in enumerate(row):
                if len(values) < 2:
                    continue
                left = {v for v in values if not breaks(puzzle, board, (r, c), v)}
                if left and left != values:
                    board[r][c] = left
                    board = line_steps(puzzle, board)
                    changed = True
    return board


def refuted(puzzle, board: Board) -> bool:
    """No solution below ``board``: line steps leave some line no placement, or
    both values of the first open cell are refuted (a search of this file's own)."""
    board = line_steps(puzzle, board)
    if not all(fitting(puzzle, board, clue, cells) for _, clue, cells in lines_of(puzzle)):
        return True
    open_cells = [(r, c) for r, row in enumerate(board) for c, s in enumerate(row) if len(s) > 1]
    if not open_cells:
        return False  # every cell decided and every line placed: a solution
    r, c = open_cells[0]
    for ch in board[r][c]:
        trial = [[set(s) for s in row] for row in board]
        trial[r][c] = {ch}
        if not refuted(puzzle, trial):
            return False
    return True


@pytest.mark.parametrize("puzzle", [PROBE_ONE, PROBE_TWO, pytest.param(DEEP, marks=pytest.mark.slow)],
                         ids=["probe-one", "probe-two", "deep"])
def test_the_search_cases_have_no_solution_and_line_logic_alone_does_not_say_so(puzzle):
    fixpoint = line_steps(puzzle, free_board(puzzle))
    assert all(fitting(puzzle, fixpoint, clue, cells) for _, clue, cells in lines_of(puzzle))
    assert refuted(puzzle, fixpoint)


def test_clashing_givens_are_red_with_the_line_they_break():
    # A plus sign; the user painted its top-left corner black.
    plus = Nonogram.from_text("1/3/1|1/3/1")
    book = lay_out(plus)
    layout = find_layout(book.snapshot("P"))
    book.sheets["P"][layout.cell(0, 0)] = CellInfo("#")
    [report] = run_book(book, "mem", None, Options(budget_seconds=30), "solve")
    result = solve(plus, np.array([[BLOCK, UNKNOWN, UNKNOWN]] + [[UNKNOWN] * 3] * 2, dtype=np.int8))
    assert result.conflict.cells == ((0, 0),)
    line = result.conflict.line
    _, painted, red, hints, status = shown(book, plus)
    assert red == cells_of(line, plus) | {(0, 0)}
    assert hints == set(layout.hint_cells(line))
    start = free_board(plus)
    start[0][0] = {"#"}
    assert follows_by_line_logic(plus, start, painted)
    assert status.startswith("no solution: the given cell (row 1, column 1: black) clashes with the clues; then ")
    assert status.endswith(": shown in red")


def test_step_shows_the_clash_as_solve_does_and_check_shows_the_red_alone():
    book, report = solve_on_sheet(BARS, "step")
    layout, painted, red, hints, status = shown(book, BARS)
    assert red == cells_of(Line("row", 1), BARS) and hints == set(layout.hint_cells(Line("row", 1)))
    assert painted and status == "step: no solution: row 2 (clue 2) cannot be placed: shown in red"
    [again] = run_book(book, "mem", None, Options(budget_seconds=30), "step")  # the red is the solver's: the same
    assert shown(book, BARS)[1:] == (painted, red, hints, status)
    book, report = solve_on_sheet(BARS, "check")
    layout, painted, red, hints, status = shown(book, BARS)
    assert red == cells_of(Line("row", 1), BARS) and hints == set(layout.hint_cells(Line("row", 1)))
    assert painted == {} and status == "check: the clues have no solution: row 2 (clue 2) cannot be placed: shown in red"


# --- colour -------------------------------------------------------------------------

def colour_puzzle(rows: list[str], swap: tuple[int, int] | None = None) -> ColourNonogram:
    """The clues of a picture ("." background, a palette letter a colour), two row clues swapped."""
    row_clues = [runs(row) for row in rows]
    if swap:
        i, j = swap
        row_clues[i], row_clues[j] = row_clues[j], row_clues[i]
    cols = ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
    return ColourNonogram(tuple(row_clues), tuple(runs(col) for col in cols), PALETTE)


# Rows force r g over g r; then column 2 reads g above r, against its clue.
COLOUR_LINE = ColourNonogram((((1, "r"), (1, "g")), ((1, "g"), (1, "r"))), (((1, "r"), (1, "g")),) * 2, PALETTE)
COLOUR_PROBE = colour_puzzle(["r.gr", ".gg.", "r..r", "...g", "gg.."], swap=(1, 3))


# A sheet names its colours a, b, ... in the order its hints are read (column hints first).
@pytest.mark.parametrize("puzzle, line, sentence", [
    (COLOUR_LINE, Line("col", 1), "no solution: column 2 (clue 1a 1b) cannot be placed: shown in red"),
    (COLOUR_PROBE, Line("row", 1), "no solution: cell (row 1, column 2) can take no colour; each one breaks "
                                   "row 2 (clue 1b): shown in red"),
])
def test_colour_the_line_where_it_breaks_is_red_and_its_hints_get_a_red_font(puzzle, line, sentence):
    assert no_solution(puzzle)
    book, report = solve_on_sheet(puzzle)
    layout, painted, red, hints, status = shown(book, puzzle)
    assert report.status == Status.NONE and status == sentence
    assert red == cells_of(line, puzzle) and hints == set(layout.hint_cells(line))
    assert follows_by_line_logic(puzzle, free_board(puzzle), painted)
    result = solve_colour(puzzle)
    proved = [[{ch for k, ch in enumerate(alphabet_of(puzzle)) if int(mask) >> k & 1} for mask in row]
              for row in result.conflict.board]
    named = next(item for item in lines_of(puzzle) if item[0] == line)
    if result.stats["difficulty"] == "line":  # the line has no placement on what line logic proved
        assert not fitting(puzzle, proved, named[1], named[2])
    else:  # every colour the probed cell r1c2 may take, followed by line steps, leaves it no placement
        assert len(proved[0][1]) > 1
        for ch in proved[0][1]:
            trial = [[set(s) for s in row] for row in proved]
            trial[0][1] = {ch}
            assert not fitting(puzzle, line_steps(puzzle, trial), named[1], named[2])
