"""Sudoku hint, step, check, clear and explain on sheets: in memory and through
openpyxl files read back with openpyxl."""

from __future__ import annotations

import openpyxl
import pytest

from xlsolver.jobs import run_book, run_workbook
from xlsolver.jobs.base import DONE, Options
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.ownership import Record
from xlsolver.sheets.sudoku_sheet import read_sudoku, sudoku_import_plan
from xlsolver.sheets.sudoku_steps import ELIMINATED, HINT, pencil_cell
from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core.paint import RED, PaintPlan, Write
from xlsolver.sudoku import Shape
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.techniques import Grid, explain

TOP, LEFT = 3, 1  # sudoku_import_plan puts the grid at A3
MESSAGE = (13, 1)


def book_file(tmp_path, seed="rating:2", shape=Shape(3, 3)):
    made = make_puzzle(shape, seed)
    book = OpenpyxlWorkbook.new()
    book.apply(sudoku_import_plan(made.puzzle, "Sudoku"))
    path = tmp_path / "book.xlsx"
    book.save(path)
    return path, made


def memory_book(made):
    book = MemoryWorkbook({})
    book.apply(sudoku_import_plan(made.puzzle, "Sudoku"))
    return book


def grid_values(ws, n=9):
    return [ws.cell(TOP + i // n, LEFT + i % n).value for i in range(n * n)]


def fill(ws, cell):
    f = ws.cell(*cell).fill
    return f.fgColor.rgb[-6:] if f is not None and f.fill_type == "solid" else None


def test_hint_marks_the_first_step_and_solves_nothing(tmp_path):
    path, made = book_file(tmp_path)
    first = next(explain(made.puzzle, made.solution))
    [report] = run_workbook(path, "hint")
    assert report.status == DONE and report.extra["step"]["text"] == first.text
    ws = openpyxl.load_workbook(tmp_path / "book.hint.xlsx")["Sudoku"]
    assert ws.cell(*MESSAGE).value == first.text
    assert grid_values(ws) == [d or None for d in made.puzzle.cells]  # nothing placed
    for c in first.cells:
        assert fill(ws, (TOP + c // 9, LEFT + c % 9)) == HINT.fill
    assert ws.cell(14, 1).value is None  # the givens are kept out of sight, in xlsolver's record
    record = Record.read(OpenpyxlWorkbook.open(tmp_path / "book.hint.xlsx"))
    assert record.sheets["Sudoku"].memos["givens"] == made.puzzle.to_text()


def test_hint_with_pencil_marks_shows_the_candidates_and_the_eliminated_ones():
    made = make_puzzle(Shape(3, 3), "rating:2")
    book = memory_book(made)
    steps = list(explain(made.puzzle, made.solution))
    k = next(i for i, s in enumerate(steps) if s.eliminations)
    for _ in range(k):  # step up to the first elimination
        run_book(book, "mem", "Sudoku", Options(), "step")
    [report] = run_book(book, "mem", "Sudoku", Options(settings={"pencil": True}), "hint")
    assert report.extra["step"]["technique"] == steps[k].technique
    layout, _ = read_sudoku(book.snapshot("Sudoku"))
    grid = Grid.from_puzzle(made.puzzle)
    for s in steps[:k]:
        grid.apply(s)
    sheet = book.sheets["Sudoku"]
    for i in range(81):
        text = sheet.get(pencil_cell(layout, i))
        if grid.value[i]:
            assert text is None or text.value is None
        else:
            shown = text.value.strip("()").split("·")
            assert shown == [str(b + 1) for b in range(9) if grid.cand[i] >> b & 1]
    for c, _ in steps[k].eliminations:
        assert sheet[pencil_cell(layout, c)].fill == ELIMINATED.fill
        assert sheet[layout.cell(c)].fill == ELIMINATED.fill


@pytest.mark.parametrize("box, seed", [("3x3", "rating:2"), ("2x3", "steps:6")])
def test_pressing_step_repeatedly_solves_it_as_explain_does(box, seed):
    made = make_puzzle(Shape.parse(box), seed)
    book = memory_book(made)
    steps = list(explain(made.puzzle, made.solution))
    for expected in steps:
        [report] = run_book(book, "mem", "Sudoku", Options(), "step")
        assert report.extra["step"]["text"] == expected.text
    layout, current = read_sudoku(book.snapshot("Sudoku"))
    assert current.cells == made.solution
    [done] = run_book(book, "mem", "Sudoku", Options(), "hint")
    assert done.message == "The sudoku is solved."


def test_check_paints_wrong_entries_red_round_trip(tmp_path):
    path, made = book_file(tmp_path)
    empty = [i for i, d in enumerate(made.puzzle.cells) if not d]
    right, wrong = empty[0], empty[1]
    run_workbook(path, "hint", in_place=True)  # the first action records the givens
    wb = openpyxl.load_workbook(path)
    ws = wb["Sudoku"]
    ws.cell(TOP + right // 9, LEFT + right % 9).value = made.solution[right]
    ws.cell(TOP + wrong // 9, LEFT + wrong % 9).value = made.solution[wrong] % 9 + 1
    wb.save(path)
    [report] = run_workbook(path, "check")
    assert report.ok is False and len(report.extra["wrong"]) == 1
    ws = openpyxl.load_workbook(tmp_path / "book.checked.xlsx")["Sudoku"]
    assert fill(ws, (TOP + wrong // 9, LEFT + wrong % 9)) == RED.fill
    assert fill(ws, (TOP + right // 9, LEFT + right % 9)) is None
    assert "1 of the 2 digits you entered is wrong" in ws.cell(*MESSAGE).value


def test_check_finds_a_digit_that_breaks_the_rules_and_passes_a_good_sheet():
    made = make_puzzle(Shape(2, 3), "steps:check")
    book = memory_book(made)
    run_book(book, "mem", "Sudoku", Options(), "step")
    [fine] = run_book(book, "mem", "Sudoku", Options(), "check")
    assert fine.ok is True and "no mistakes" in fine.message
    given = next(i for i, d in enumerate(made.puzzle.cells) if d)
    row = given // 6
    spot = next(row * 6 + c for c in range(6) if not book.snapshot("Sudoku").value(TOP + row, LEFT + c))
    book.apply(PaintPlan("Sudoku", (Write((TOP + spot // 6, LEFT + spot % 6), made.puzzle.cells[given]),)))
    [bad] = run_book(book, "mem", "Sudoku", Options(), "check")
    assert bad.ok is False and bad.extra["wrong"] == [f"r{spot // 6 + 1}c{spot % 6 + 1}"]


def test_clear_goes_back_to_the_givens(tmp_path):
    path, made = book_file(tmp_path)
    out = tmp_path / "work.xlsx"
    run_workbook(path, "step", out, options=Options(settings={"pencil": True}))
    for _ in range(3):
        run_workbook(out, "step", in_place=True)
    run_workbook(out, "check", in_place=True)
    [report] = run_workbook(out, "clear", in_place=True)
    assert report.status == DONE
    ws = openpyxl.load_workbook(out)["Sudoku"]
    assert grid_values(ws) == [d or None for d in made.puzzle.cells]
    assert all(fill(ws, (TOP + r, LEFT + c)) is None for r in range(9) for c in range(9))
    assert all(ws.cell(TOP + r, LEFT + 10 + c).value is None for r in range(9) for c in range(9))
    assert ws.cell(*MESSAGE).value is None


def test_explain_writes_a_steps_sheet(tmp_path):
    path, made = book_file(tmp_path)
    steps = list(explain(made.puzzle, made.solution))
    [report] = run_workbook(path, "explain")
    assert report.extra["level"] == "medium" and report.extra["qqwing"] == "intermediate"
    wb = openpyxl.load_workbook(tmp_path / "book.explained.xlsx")
    ws = wb["Sudoku steps"]
    assert [ws.cell(4, c).value for c in range(1, 5)] == ["Step", "Technique", "Cells", "Explanation"]
    assert ws.cell(5 + len(steps) - 1, 4).value == steps[-1].text
    assert ws.cell(5 + len(steps), 1).value is None
    assert "Difficulty: medium" in ws.cell(2, 1).value
    # explaining again rewrites the same sheet, and the Steps sheet is no puzzle
    [again] = run_workbook(tmp_path / "book.explained.xlsx", "explain", in_place=True)
    assert again.status == DONE
    book = openpyxl.load_workbook(tmp_path / "book.explained.xlsx")
    assert [ws.title for ws in book.worksheets if ws.sheet_state == "visible"] == ["Sudoku", "Sudoku steps"]


def test_a_sheet_without_one_solution_says_so():
    made = make_puzzle(Shape(2, 2), "steps:multi")
    cells = list(made.puzzle.cells)
    cells[next(i for i, d in enumerate(cells) if d)] = 0
    from xlsolver.sudoku import Sudoku, count_solutions
    puzzle = Sudoku(made.puzzle.shape, tuple(cells))
    assert count_solutions(puzzle) == 2
    book = MemoryWorkbook({})
    book.apply(sudoku_import_plan(puzzle, "Sudoku"))
    [report] = run_book(book, "mem", "Sudoku", Options(), "hint")
    assert report.ok is False and "no single solution" in report.message


def test_check_without_a_record_paints_digits_that_repeat():
    made = make_puzzle(Shape(2, 3), "steps:dup")
    cells = list(made.puzzle.cells)
    given = next(i for i, d in enumerate(cells) if d)
    spot = next(i for i in range(given // 6 * 6, given // 6 * 6 + 6) if not cells[i])
    cells[spot] = cells[given]  # the same digit twice in a row, typed before any action
    from xlsolver.sudoku import Sudoku
    book = MemoryWorkbook({})
    book.apply(sudoku_import_plan(Sudoku(made.puzzle.shape, tuple(cells)), "Sudoku"))
    [report] = run_book(book, "mem", "Sudoku", Options(), "check")
    assert report.status == "none" and report.ok is False
    assert sorted(report.extra["wrong"]) == sorted(f"r{i // 6 + 1}c{i % 6 + 1}" for i in (given, spot))
    assert "repeat" in report.message
