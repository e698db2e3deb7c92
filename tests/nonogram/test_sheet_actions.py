"""The actions on nonogram sheets: step, hint, check, clear, explain.

Sheets are laid out from pictures made here; what the actions paint is read
back from the sheet (in memory and through openpyxl files) and judged with
the oracle, which shares no code with the solver: repeated steps reach a
solution and never contradict it, a hint decides nothing, check paints
exactly the planted mistakes, clear gives back the puzzle as given.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.core import BLACK, RED, WHITE, Paint, PaintPlan, Style, Write
from xlsolver.jobs import DONE, Options, run_book, solve_book
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Nonogram
from xlsolver.nonogram.colour import Colour, clues_of
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.sheets.nonogram_bw import import_plan, read_givens, read_nonogram
from xlsolver.sheets.nonogram_colour import colour_import_plan, read_colour_nonogram
from xlsolver.sheets.nonogram_layout import COL_MARK, HINT_BLACK, HINT_WHITE, ROW_MARK, find_layout
from xlsolver.sheets.nonogram_steps import RULE_NAMES, STEPS_TITLE

from .oracle import enumerate_solutions, runs, satisfies

SHEET = "Pic"

# 7 wide, 6 high: non-square on purpose. Unique (checked below by the oracle).
ANCHOR = """
.###...
##.##..
#...#.#
##.##.#
.###..#
...####
"""
TWINS = """
#.
.#
"""


def picture(text: str) -> np.ndarray:
    return np.array([[ch == "#" for ch in row] for row in text.split()], dtype=bool)


def clues(grid: np.ndarray) -> Nonogram:
    return Nonogram(tuple(runs(r) for r in grid), tuple(runs(c) for c in grid.T))


def book_of(puzzle: Nonogram, givens: dict[tuple[int, int], object] | None = None) -> MemoryWorkbook:
    book = MemoryWorkbook()
    book.apply(import_plan(puzzle, SHEET, "A picture"))
    layout = find_layout(book.snapshot(SHEET))
    ops = []
    for (r, c), mark in (givens or {}).items():
        ops.append(Write(layout.cell(r, c), mark) if isinstance(mark, str) else Paint(mark, (layout.cell(r, c),)))
    book.apply(PaintPlan(SHEET, tuple(ops)))
    return book


def grid_of(book) -> np.ndarray:
    snap = book.snapshot(SHEET)
    return read_givens(snap, find_layout(snap))


def act(book, action: str, **settings):
    [report] = run_book(book, "mem", SHEET, Options(settings=settings), action)
    return report


def test_anchor_is_unique_by_the_oracle():
    assert len(enumerate_solutions(clues(picture(ANCHOR)), limit=2)) == 1


# --- step ---------------------------------------------------------------------


def press_until_done(book, limit: int = 500) -> list:
    reports = []
    for _ in range(limit):
        report = act(book, "step")
        reports.append(report)
        if "step" not in report.extra:
            return reports
    raise AssertionError("step never finished")


def test_steps_pressed_one_by_one_solve_the_puzzle_and_never_contradict_it():
    solution = picture(ANCHOR)
    book = book_of(clues(solution))
    before = grid_of(book)
    for _ in range(200):
        report = act(book, "step")
        if "step" not in report.extra:
            break
        grid = grid_of(book)
        decided = grid != UNKNOWN
        assert ((grid == BLOCK) == solution)[decided].all(), report.summary  # never against the solution
        assert report.status == DONE and report.ok
        step = report.extra["step"]
        assert step["rule_name"] == RULE_NAMES[step["rule"]]
        new = {(r - 1, c - 1) for r, c, _ in step["cells"]}
        assert new == set(map(tuple, np.argwhere(decided != (before != UNKNOWN)).tolist()))  # just these
        assert report.extra["left"] == int(np.count_nonzero(~decided))
        before = grid
    assert (grid_of(book) == np.where(solution, BLOCK, DOT)).all()
    assert report.ok and "solved" in report.message


def test_a_step_paints_in_the_analyzers_colours_and_marks_its_line():
    book = book_of(clues(picture(ANCHOR)))
    report = act(book, "step")
    snap = book.snapshot(SHEET)
    layout = find_layout(snap)
    cells = [(r - 1, c - 1, ch) for r, c, ch in report.extra["step"]["cells"]]
    for r, c, ch in cells:
        info = snap.get(*layout.cell(r, c))
        style = BLACK if ch == "#" else WHITE
        assert (info.fill, info.diagonals) == (style.fill, style.diagonals)
    line = report.extra["step"]["line"]
    axis, index = line.split()
    mark = layout.mark_cell(layout_line(axis, int(index) - 1))
    assert snap.value(*mark) == (ROW_MARK if axis == "row" else COL_MARK)
    assert str(snap.value(*layout.status_cell)).startswith("step (")
    # The next press moves the mark: only one arrow at a time.
    act(book, "step")
    snap = book.snapshot(SHEET)
    arrows = [cell for cell, info in snap.cells.items() if info.value in (ROW_MARK, COL_MARK)]
    assert len(arrows) == 1


def layout_line(axis: str, index: int):
    from xlsolver.nonogram import Line

    return Line("row" if axis == "row" else "col", index)


def test_steps_on_a_puzzle_with_two_solutions_reach_one_of_them():
    puzzle = clues(picture(TWINS))
    book = book_of(puzzle)
    reports = press_until_done(book)
    assert any(r.extra["step"]["rule"] == "guess" for r in reports[:-1])
    final = grid_of(book)
    assert satisfies(puzzle, final == BLOCK)


def test_step_on_a_grid_that_contradicts_the_clues_says_so():
    solution = picture(ANCHOR)
    r, c = map(int, np.argwhere(solution)[0])
    book = book_of(clues(solution), {(r, c): WHITE})
    report = act(book, "step")
    assert report.ok is False and "contradict" in report.message


# --- hint ---------------------------------------------------------------------


def test_a_hint_shows_the_next_step_without_deciding_it():
    puzzle = clues(picture(ANCHOR))
    book = book_of(puzzle)
    hint = act(book, "hint")
    snap = book.snapshot(SHEET)
    layout = find_layout(snap)
    assert (grid_of(book) == UNKNOWN).all()  # nothing decided
    shown = {(r, c) for r in range(puzzle.height) for c in range(puzzle.width)
             if snap.get(*layout.cell(r, c)).fill in (HINT_BLACK.fill, HINT_WHITE.fill)}
    assert shown == {(r - 1, c - 1) for r, c, _ in hint.extra["step"]["cells"]}
    for r, c, ch in hint.extra["step"]["cells"]:
        assert snap.get(*layout.cell(r - 1, c - 1)).fill == (HINT_BLACK if ch == "#" else HINT_WHITE).fill
    assert str(snap.value(*layout.status_cell)).startswith("hint (")
    # The step that follows is the deduction the hint showed, and it clears the highlight.
    step = act(book, "step")
    assert step.extra["step"]["cells"] == hint.extra["step"]["cells"]
    snap = book.snapshot(SHEET)
    assert not any(info.fill in (HINT_BLACK.fill, HINT_WHITE.fill) for info in snap.cells.values())


# --- check --------------------------------------------------------------------


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.data())
def test_check_paints_exactly_the_planted_mistakes(data):
    solution = picture(ANCHOR)
    h, w = solution.shape
    cells = [(r, c) for r in range(h) for c in range(w)]
    filled = data.draw(st.sets(st.sampled_from(cells), max_size=20), label="filled")
    wrong = data.draw(st.sets(st.sampled_from(sorted(filled)), max_size=5) if filled else st.just(set()), label="wrong")
    marks = {}
    for r, c in filled:
        black = bool(solution[r, c]) != ((r, c) in wrong)
        marks[(r, c)] = BLACK if black else WHITE
    book = book_of(clues(solution), marks)
    report = act(book, "check")
    snap = book.snapshot(SHEET)
    layout = find_layout(snap)
    red = {(r, c) for r, c in cells if snap.get(*layout.cell(r, c)).fill == RED.fill}
    assert red == wrong
    assert report.ok is (not wrong)
    assert {tuple(x) for x in report.extra["wrong"]} == {(r + 1, c + 1) for r, c in wrong}
    # Nothing else is revealed: the cells left empty stay empty.
    empty = set(cells) - set(filled)
    assert all(snap.get(*layout.cell(r, c)).blank for r, c in empty)


def test_check_on_two_solutions_marks_only_what_no_solution_has():
    # Two 2x2 diagonals: every cell differs between them, so no single cell is wrong.
    puzzle = clues(picture(TWINS))
    book = book_of(puzzle, {(0, 0): BLACK, (0, 1): BLACK})
    report = act(book, "check")
    solutions = enumerate_solutions(puzzle)
    wrong = {(r, c) for r, c, black in [(0, 0, True), (0, 1, True)]
             if all(s[r, c] != black for s in solutions)}
    assert {tuple(x) for x in report.extra["wrong"]} == {(r + 1, c + 1) for r, c in wrong} == set()


# --- clear --------------------------------------------------------------------


def test_clear_takes_every_action_back_to_the_puzzle_as_given():
    solution = picture(ANCHOR)
    givens = {(0, 1): BLACK, (2, 1): WHITE, (5, 0): "x", (4, 2): "#"}
    book = book_of(clues(solution), givens)
    original = grid_of(book)
    snap0 = book.snapshot(SHEET)
    layout = find_layout(snap0)
    for action in ("step", "step", "hint", "solve", "check", "step", "hint"):
        act(book, action)
    report = act(book, "clear")
    assert report.ok
    snap = book.snapshot(SHEET)
    assert (grid_of(book) == original).all()
    assert not any(info.value in (ROW_MARK, COL_MARK) for info in snap.cells.values())
    assert snap.value(*layout.status_cell) is None
    # The givens painted in the analyzer's colours are back in them; hints are kept.
    assert snap.get(*layout.cell(0, 1)).fill == BLACK.fill and snap.get(*layout.cell(2, 1)).diagonals
    assert read_nonogram(snap)[1] == read_nonogram(snap0)[1]


def test_clear_without_givens_empties_the_grid():
    book = book_of(clues(picture(ANCHOR)))
    act(book, "solve")
    act(book, "clear")
    snap = book.snapshot(SHEET)
    layout = find_layout(snap)
    assert all(snap.get(*cell).blank for cell in layout.grid_cells())
    assert not any(isinstance(info.value, str) and info.value.startswith("givens")
                   for info in snap.cells.values())  # nothing of the user's is noted on the sheet


# --- explain ------------------------------------------------------------------


def test_explain_writes_a_steps_sheet_whose_steps_replay_to_the_solution():
    solution = picture(ANCHOR)
    puzzle = clues(solution)
    book = book_of(puzzle)
    report = act(book, "explain")
    assert report.extra["difficulty"] in ("line by line", "needs probing", "needs search")
    grid = np.full(puzzle.shape, UNKNOWN, dtype=np.int8)
    for step in report.extra["steps"]:
        for r, c, ch in step["cells"]:
            assert grid[r - 1, c - 1] == UNKNOWN
            grid[r - 1, c - 1] = BLOCK if ch == "#" else DOT
            assert (ch == "#") == solution[r - 1, c - 1]
    assert (grid != UNKNOWN).all()
    name = report.extra["steps_sheet"]
    steps = book.snapshot(name)
    assert str(steps.value(1, 1)).startswith(STEPS_TITLE)
    assert steps.value(2, 1) == f"Difficulty: {report.extra['difficulty']}"
    rows = [r for r in range(5, 5 + len(report.extra["steps"]))]
    assert [steps.value(r, 1) for r in rows] == list(range(1, len(rows) + 1))
    assert [steps.value(r, 3) for r in rows] == [s["rule_name"] for s in report.extra["steps"]]
    assert [steps.value(r, 5) for r in rows] == [s["text"] for s in report.extra["steps"]]
    # The puzzle sheet itself is not solved by an explanation.
    assert (grid_of(book) == UNKNOWN).all()


def test_explain_labels_follow_the_verdict():
    book = book_of(clues(picture(TWINS)))
    report = act(book, "explain")
    assert report.extra["difficulty"] == "several solutions" and report.ok is False


def test_a_steps_sheet_is_never_read_as_a_puzzle_and_a_second_explain_rewrites_it():
    book = book_of(clues(picture(ANCHOR)))
    first = act(book, "explain")
    again = act(book, "explain")
    assert again.extra["steps_sheet"] == first.extra["steps_sheet"]
    reports = solve_book(book, "mem", None, Options())
    assert [r.sheet for r in reports] == [SHEET]
    assert len(book.sheet_names()) == 2


# --- colour puzzles -------------------------------------------------------------

PALETTE = (Colour("r", "dark_red", "C00000"), Colour("g", "green", "00B050"))
FLOWER = [".r.", "rgr", ".g.", "gg."]


def colour_book():
    puzzle = clues_of(FLOWER, PALETTE)
    book = MemoryWorkbook()
    book.apply(colour_import_plan(puzzle, SHEET, "Flower"))
    return book


def colour_grid(book) -> list[str]:
    """The sheet's grid as picture characters: fills back to the palette's letters."""
    snap = book.snapshot(SHEET)
    layout = find_layout(snap)
    by_rgb = {c.rgb: c.char for c in PALETTE}
    rows = []
    for r in range(layout.height):
        row = ""
        for c in range(layout.width):
            info = snap.get(*layout.cell(r, c))
            row += by_rgb.get(info.fill, "." if info.diagonals else "?")
        rows.append(row)
    return rows


def test_colour_steps_reach_the_picture_and_never_contradict_it():
    book = colour_book()
    for _ in range(50):
        report = act(book, "step")
        rows = colour_grid(book)
        assert all(ch == "?" or ch == want for row, wanted in zip(rows, FLOWER) for ch, want in zip(row, wanted))
        if "step" not in report.extra:
            break
    assert colour_grid(book) == FLOWER
    assert "solved" in report.message


def test_colour_check_and_clear():
    book = colour_book()
    snap = book.snapshot(SHEET)
    layout = find_layout(snap)
    # (0, 1) painted green is wrong (it is red), (1, 0) painted red is right.
    book.apply(PaintPlan(SHEET, (Paint(Style(fill="00B050"), (layout.cell(0, 1),)),
                                 Paint(Style(fill="C00000"), (layout.cell(1, 0),)))))
    report = act(book, "check")
    assert report.extra["wrong"] == [[1, 2]]
    assert book.snapshot(SHEET).get(*layout.cell(0, 1)).fill == RED.fill
    act(book, "step")
    act(book, "clear")
    snap = book.snapshot(SHEET)
    # Back to exactly what the user had before xlsolver's first press: their red given,
    # and their wrong green cell, which the check had painted red, green again.
    assert colour_grid(book)[1][0] == "r"
    assert snap.get(*layout.cell(0, 1)).fill == "00B050"
    assert {cell for cell in layout.grid_cells() if not snap.get(*cell).blank} == {layout.cell(0, 1), layout.cell(1, 0)}
    _, puzzle, _ = read_colour_nonogram(snap)
    assert puzzle.height == 4


def test_colour_explain_steps_replay_to_the_picture():
    book = colour_book()
    report = act(book, "explain")
    _, puzzle, _ = read_colour_nonogram(book.snapshot(SHEET))
    grid = [["?"] * 3 for _ in range(4)]
    for step in report.extra["steps"]:
        for r, c, ch in step["cells"]:
            grid[r - 1][c - 1] = ch
    chars = {c.char: c.rgb for c in puzzle.palette}
    mine = {c.rgb: c.char for c in PALETTE}
    assert ["".join(mine.get(chars.get(ch), ".") for ch in row) for row in grid] == FLOWER


# --- through files and the command line ----------------------------------------------


@pytest.fixture
def anchor_file(tmp_path) -> Path:
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    book = OpenpyxlWorkbook.new()
    book.add_sheet(SHEET)
    book.apply(import_plan(clues(picture(ANCHOR)), SHEET, "Anchor"))
    path = tmp_path / "anchor.xlsx"
    book.save(path)
    return path


def run_cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def file_grid(path: Path) -> np.ndarray:
    """The grid read back with openpyxl alone: grey fill black, diagonals white."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    layout = find_layout(OpenpyxlWorkbook.open(path).snapshot(SHEET))
    ws = openpyxl.load_workbook(path)[SHEET]
    grid = np.full((layout.height, layout.width), UNKNOWN, dtype=np.int8)
    for r in range(layout.height):
        for c in range(layout.width):
            cell = ws.cell(*layout.cell(r, c))
            if cell.fill.fill_type == "solid" and cell.fill.fgColor.rgb[-6:] == BLACK.fill:
                grid[r, c] = BLOCK
            elif cell.border.diagonalUp and cell.border.diagonalDown:
                grid[r, c] = DOT
    return grid


def test_step_in_place_solves_a_file_press_by_press(anchor_file, capsys):
    solution = np.where(picture(ANCHOR), BLOCK, DOT)
    for presses in range(1, 200):
        code, out, _ = run_cli(capsys, "step", anchor_file, "--in-place")
        assert code == EXIT_ALL_UNIQUE, out
        grid = file_grid(anchor_file)
        assert ((grid == solution) | (grid == UNKNOWN)).all()
        if "solved" in out:
            break
    assert (file_grid(anchor_file) == solution).all()
    assert presses > 3


def test_cli_check_exits_1_on_a_mistake_and_writes_a_checked_copy(anchor_file, capsys):
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    book = OpenpyxlWorkbook.open(anchor_file)
    layout = find_layout(book.snapshot(SHEET))
    book.apply(PaintPlan(SHEET, (Paint(BLACK, (layout.cell(0, 0),)),)))  # (0, 0) is white in the picture
    book.save(anchor_file)
    code, out, _ = run_cli(capsys, "check", anchor_file, "--json")
    record = json.loads(out.splitlines()[0])
    assert code == EXIT_NOT_ALL_UNIQUE and record["ok"] is False and record["wrong"] == [[1, 1]]
    checked = anchor_file.with_name("anchor.checked.xlsx")
    ws = openpyxl.load_workbook(checked)[SHEET]
    assert ws.cell(*layout.cell(0, 0)).fill.fgColor.rgb[-6:] == RED.fill
    assert openpyxl.load_workbook(anchor_file)[SHEET].cell(*layout.cell(0, 0)).fill.fgColor.rgb[-6:] == BLACK.fill


def test_cli_explain_json_and_the_steps_sheet_in_the_file(anchor_file, capsys):
    code, out, _ = run_cli(capsys, "explain", anchor_file, "--json")
    record = json.loads(out.splitlines()[0])
    assert code == EXIT_ALL_UNIQUE
    assert record["difficulty"] in ("line by line", "needs probing", "needs search")
    assert record["steps"] and all({"rule", "line", "cells", "text"} <= set(s) for s in record["steps"])
    book = openpyxl.load_workbook(anchor_file.with_name("anchor.explained.xlsx"))
    ws = book[record["steps_sheet"]]
    assert ws["A2"].value == f"Difficulty: {record['difficulty']}"
    assert ws.max_row == 4 + len(record["steps"])


def test_cli_hint_and_clear(anchor_file, capsys):
    code, out, _ = run_cli(capsys, "hint", anchor_file)
    assert code == EXIT_ALL_UNIQUE and "hint (" in out
    hinted = anchor_file.with_name("anchor.hint.xlsx")
    code, out, _ = run_cli(capsys, "clear", hinted, "-o", anchor_file.with_name("back.xlsx"))
    assert code == EXIT_ALL_UNIQUE and "cleared" in out
    ws = openpyxl.load_workbook(anchor_file.with_name("back.xlsx"))[SHEET]
    assert not any(c.fill.fill_type == "solid" for row in ws.iter_rows() for c in row)
