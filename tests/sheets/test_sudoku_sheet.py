"""The sudoku layout: finding the grid, reading givens, painting verdicts, in
memory and through real files; and its detect saying no to nonogram sheets."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import RED, InputError, Status, cell_ref
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.paint import PaintPlan, Write
from xlsolver.core.protocol import CellInfo, SheetSnapshot
from xlsolver.sheets.nonogram_layout import find_layout
from xlsolver.sheets.sudoku_sheet import (
    INDEX_TITLE,
    SOLVED_FONT,
    detect_sudoku,
    read_sudoku,
    sudoku_import_plan,
    sudoku_index_plan,
    sudoku_plan,
    sudoku_print_frame,
    sudoku_print_plan,
)
from xlsolver.sudoku import Shape, Sudoku, SudokuResult, solve
from xlsolver.sudoku.generator import make_puzzle

ROOT = Path(__file__).resolve().parents[2]
# Made for these tests from a Latin-square pattern (rows shifted by 3, 6, then 1).
FULL9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def units_hold_each_digit_once(rows: list[list[int]], br: int, bc: int) -> bool:
    """Independent of xlsolver.sudoku: rows, columns and boxes are permutations."""
    n = len(rows)
    want = set(range(1, n + 1))
    lines = rows + [[row[c] for row in rows] for c in range(n)]
    boxes = [[rows[t + r][l + c] for r in range(br) for c in range(bc)]
             for t in range(0, n, br) for l in range(0, n, bc)]
    return all(set(u) == want and len(u) == n for u in lines + boxes)


def grid_values(snap: SheetSnapshot, top: int, left: int, n: int) -> list[list[int]]:
    def digit(v) -> int:
        return v if isinstance(v, int) else SYMBOLS.index(str(v)) + 1
    return [[digit(snap.value(top + r, left + c)) for c in range(n)] for r in range(n)]


def book_with(puzzle: Sudoku, sheet: str = "Sudoku", letters: bool = True) -> MemoryWorkbook:
    book = MemoryWorkbook()
    book.apply(sudoku_import_plan(puzzle, sheet, letters=letters))
    return book


def solve_sheet(book, sheet: str = "Sudoku"):
    snap = book.snapshot(sheet)
    layout, puzzle = read_sudoku(snap)
    result = solve(puzzle)
    plan = sudoku_plan(layout, puzzle, result, sheet)
    book.apply(plan)
    return layout, puzzle, result, plan


PUZZLES = {
    "4x4": lambda: make_puzzle(Shape(2, 2), "sheet:4").puzzle,
    "6x6": lambda: make_puzzle(Shape(2, 3), "sheet:6").puzzle,
    "9x9": lambda: make_puzzle(Shape(3, 3), "sheet:9").puzzle,
    "16x16": lambda: make_puzzle(Shape(4, 4), "sheet:16", minimal=False, min_clues=140).puzzle,
}


@pytest.mark.parametrize("size", PUZZLES)
def test_round_trip_in_memory(size):
    puzzle = PUZZLES[size]()
    book = book_with(puzzle)
    snap = book.snapshot("Sudoku")
    assert detect_sudoku(snap)
    layout, read = read_sudoku(snap)
    assert read == puzzle and (layout.top, layout.left) == (3, 1)
    _, _, result, plan = solve_sheet(book)
    assert result.status == Status.UNIQUE
    n = puzzle.n
    after = book.snapshot("Sudoku")
    rows = grid_values(after, 3, 1, n)
    assert units_hold_each_digit_once(rows, puzzle.shape.box_rows, puzzle.shape.box_cols)
    assert all(rows[i // n][i % n] == v for i, v in enumerate(puzzle.cells) if v)
    solver_cells = {c for op in plan.ops if hasattr(op, "style") and op.style.font_colour == SOLVED_FONT
                    for c in op.cells}
    assert solver_cells == {(3 + i // n, 1 + i % n) for i, v in enumerate(puzzle.cells) if not v}
    assert after.value(3 + n + 1, 1) == "unique solution"


@pytest.mark.parametrize("size", PUZZLES)
def test_round_trip_through_a_file(size, tmp_path):
    puzzle = PUZZLES[size]()
    book = OpenpyxlWorkbook.new()
    book.apply(sudoku_import_plan(puzzle, "Sudoku"))
    book.save(tmp_path / "in.xlsx")
    book = OpenpyxlWorkbook.open(tmp_path / "in.xlsx")
    assert detect_sudoku(book.snapshot("Sudoku"))
    solve_sheet(book)
    book.save(tmp_path / "out.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "out.xlsx")["Sudoku"]
    n = puzzle.n
    for i, given in enumerate(puzzle.cells):
        cell = ws.cell(3 + i // n, 1 + i % n)
        colour = cell.font.color.rgb[-6:] if cell.font.color is not None and cell.font.color.type == "rgb" else None
        assert cell.value is not None and (colour == SOLVED_FONT) == (given == 0)
    if n > 9:  # digits above 9 are written as letters
        assert {ws.cell(3 + i // n, 1 + i % n).value for i in range(n * n)} >= set("ABCDEFG")


def test_numbers_in_cells_are_accepted_and_written_back_as_numbers():
    full = Sudoku(Shape(4, 4), make_puzzle(Shape(4, 4), "nums", minimal=False, min_clues=200).solution)
    rows = [[full.cells[r * 16 + c] if (r * 16 + c) % 5 else None for c in range(16)] for r in range(16)]
    rows[0][1] = float(rows[0][1]) if rows[0][1] else None
    rows[0][2] = str(rows[0][2]) if rows[0][2] else None
    book = MemoryWorkbook.from_values("S", rows, top=2, left=2)
    layout, puzzle = read_sudoku(book.snapshot("S"))
    assert not layout.letters and puzzle.cells == tuple(v if i % 5 else 0 for i, v in enumerate(full.cells))
    _, _, result, _ = solve_sheet(book, "S")
    assert result.status == Status.UNIQUE
    after = book.snapshot("S")
    assert all(isinstance(after.value(2 + i // 16, 2 + i % 16), int) for i in range(256) if i % 5 == 0)


def test_two_solutions_fill_only_what_they_share_and_say_so():
    cells = list(FULL9)
    for i in (0, 1, 27, 28):  # a rectangle of 1s and 2s that can swap
        cells[i] = "."
    for i in range(2, 81, 7):
        if i not in (27, 28):
            cells[i] = "."
    puzzle = Sudoku.from_text("".join(cells))
    book = book_with(puzzle)
    layout, _, result, _ = solve_sheet(book)
    assert result.status == Status.MULTIPLE
    after = book.snapshot("Sudoku")
    assert [after.value(*layout.cell(i)) for i in (0, 1, 27, 28)] == [None] * 4
    assert all(after.value(*layout.cell(i)) == int(FULL9[i]) for i in range(81) if i not in (0, 1, 27, 28))
    status = after.value(*layout.status_cell)
    assert status.startswith("several solutions") and "share" in status


def test_duplicate_givens_are_red_and_named_before_any_search():
    rows = [[None] * 9 for _ in range(9)]
    rows[0][0], rows[0][5], rows[8][8] = 7, 7, 1
    book = MemoryWorkbook.from_values("Sudoku", rows, top=3, left=2)
    layout, puzzle, result, plan = solve_sheet(book)
    assert result.status == Status.NONE and result.nodes == 0
    assert plan.cells_with(RED) == {(3, 2), (3, 7)}
    assert book.snapshot("Sudoku").value(*layout.status_cell) == \
        "no solution: row 1 holds the given 7 2 times (B3, G3)"


def test_an_unsolvable_unit_is_red_and_the_red_goes_on_the_next_run():
    text = "12345678." + "." * 8 + "9" + "." * 63  # r1c9 must be 9, but 9 is in its box
    book = book_with(Sudoku.from_text(text))
    layout, _, result, plan = solve_sheet(book)
    assert result.status == Status.NONE and plan.cells_with(RED)
    assert "no solution" in book.snapshot("Sudoku").value(*layout.status_cell)
    sheet = book.sheets["Sudoku"]
    sheet[layout.cell(17)] = CellInfo(None, sheet[layout.cell(17)].fill)  # the user fixes the 9
    _, _, result, plan = solve_sheet(book)
    assert result.status == Status.MULTIPLE and not plan.cells_with(RED)
    assert not any(info.fill == RED.fill for info in book.snapshot("Sudoku").cells.values())


def _sees(n: int, box_rows: int, box_cols: int, a: int, b: int) -> bool:
    """Independent of xlsolver.sudoku: do cells ``a`` and ``b`` share a row, column or box?"""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return ra == rb or ca == cb or (ra // box_rows, ca // box_cols) == (rb // box_rows, cb // box_cols)


def test_a_cell_no_digit_fits_is_red_with_the_givens_that_rule_its_digits_out():
    #  . 4 2 .      r1c4 sees 4 and 2 in its row, 1 in its column, 3 in its box
    #  . 1 3 .
    #  . . . 1
    #  2 . . .
    puzzle = Sudoku.from_text(".42..13....12...")
    book = book_with(puzzle)
    layout, _, result, plan = solve_sheet(book)
    cell = 3
    givens = {i for i, d in enumerate(puzzle.cells) if d and _sees(4, 2, 2, cell, i) and i != cell}
    assert givens == {1, 2, 6, 11} and {puzzle.cells[i] for i in givens} == {1, 2, 3, 4}
    assert plan.cells_with(RED) == {layout.cell(i) for i in givens | {cell}}
    status = book.snapshot("Sudoku").value(*layout.status_cell)
    place, given_refs = layout.cell(cell), sorted(layout.cell(i) for i in givens)
    assert status.startswith("no solution: no digit fits row 1, column 4: the givens it sees hold every digit")
    assert status.endswith(f"({cell_ref(*place)}; givens {', '.join(cell_ref(*c) for c in given_refs)})")


def test_a_unit_with_no_place_for_a_digit_is_red_with_the_givens_that_see_it():
    #  . . . .
    #  . 4 . .      row 4 has 1 and no place for 4: columns 2 and 3 hold a 4,
    #  . . 4 1      and its last cell shares a box with the 4 of row 3
    #  1 . . .
    puzzle = Sudoku.from_text(".....4....411...")
    book = book_with(puzzle)
    layout, _, result, plan = solve_sheet(book)
    row = [12, 13, 14, 15]
    empty = [i for i in row if not puzzle.cells[i]]
    givens = {i for i, d in enumerate(puzzle.cells) if d == 4 and any(_sees(4, 2, 2, i, c) for c in empty)}
    assert givens == {5, 10}
    assert all(any(puzzle.cells[g] == 4 and _sees(4, 2, 2, g, c) for g in givens) for c in empty)  # the claim holds
    assert plan.cells_with(RED) == {layout.cell(i) for i in row} | {layout.cell(i) for i in givens}
    status = book.snapshot("Sudoku").value(*layout.status_cell)
    assert status.startswith("no solution: row 4 has no place for 4: each of its empty cells sees a given 4")


def test_a_contradiction_only_the_search_finds_paints_no_cell():
    """The solver names no place when its root propagation did not break: nothing red."""
    puzzle = Sudoku.from_text(FULL9[:40] + "." * 41)
    layout, _ = read_sudoku(book_with(puzzle).snapshot("Sudoku"))
    result = SudokuResult(Status.NONE, known=puzzle.cells, message="no solution: every branch of the search fails")
    plan = sudoku_plan(layout, puzzle, result, "Sudoku")
    assert not plan.cells_with(RED)
    assert plan.writes()[layout.status_cell] == "no solution: every branch of the search fails"


def test_gave_up_states_the_budget_and_writes_no_digit():
    book = book_with(Sudoku.from_text("1" + "." * 80))
    layout, puzzle = read_sudoku(book.snapshot("Sudoku"))
    result = SudokuResult(Status.GAVE_UP, known=puzzle.cells, message="gave up: time budget of 2 s spent",
                          seconds=2.0)
    plan = sudoku_plan(layout, puzzle, result, "Sudoku")
    assert plan.writes() == {layout.status_cell: "gave up: time budget of 2 s spent after 2 s"}


@pytest.mark.parametrize("value, message", [
    ("x", '"x" is not a digit of a 9x9 sudoku'),
    (10, '"10" is not a digit of a 9x9 sudoku'),
    ("A", '"A" is not a digit of a 9x9 sudoku'),
    (True, '"True" is not a digit'),
])
def test_bad_values_name_sheet_and_cell(value, message):
    rows = [[int(FULL9[r * 9 + c]) if (r + c) % 3 else None for c in range(9)] for r in range(9)]
    rows[1][1] = value
    book = MemoryWorkbook.from_values("Sudoku", rows, top=3, left=2)
    with pytest.raises(InputError) as err:
        read_sudoku(book.snapshot("Sudoku"))
    assert str(err.value).startswith(f"Sudoku!C4: {message}")


def test_a_block_that_is_not_square_or_has_no_box_shape_is_refused():
    rows = [[int(FULL9[r * 9 + c]) for c in range(9)] for r in range(8)]
    with pytest.raises(InputError, match=r"Sudoku!A1: the block of digits A1:I8 is 9 columns by 8 rows"):
        read_sudoku(MemoryWorkbook.from_values("Sudoku", rows).snapshot("Sudoku"))
    seven = [[(r + c) % 7 + 1 for c in range(7)] for r in range(7)]
    with pytest.raises(InputError, match=r"Sudoku!A1: the block A1:G7 is 7x7, a size that no box .* divides"):
        read_sudoku(MemoryWorkbook.from_values("Sudoku", seven).snapshot("Sudoku"))


def test_a_title_marks_a_grid_with_empty_edges_and_names_its_boxes():
    # A 17-clue-like pattern: first row and column empty; the title says where the grid is.
    text = "." * 10 + "1" + "." * 15 + "23" + "." * 53
    puzzle = Sudoku.from_text(text)
    book = book_with(puzzle)
    snap = book.snapshot("Sudoku")
    assert snap.value(1, 1) == "Sudoku 9x9"
    assert read_sudoku(snap)[1] == puzzle
    tall = Sudoku(Shape(3, 2), make_puzzle(Shape(3, 2), "tall").puzzle.cells)
    book = book_with(tall, "Tall")
    snap = book.snapshot("Tall")
    assert snap.value(1, 1) == "Sudoku 6x6 (3x2 boxes)" and detect_sudoku(snap)
    layout, read = read_sudoku(snap)
    assert layout.shape == Shape(3, 2) and read == tall


@pytest.mark.parametrize("far", [(25, 1), (3, 14), (40, 30)])
def test_a_lone_digit_noted_away_from_a_titled_grid_is_a_note(far):
    """A "7" typed as a note three cells or more from the grid the title announces
    leaves the puzzle as it is; one right beside the grid may be a given out of
    place, so the sheet is not taken for that grid."""
    made = make_puzzle(Shape(3, 3), "notes")
    book = book_with(made.puzzle)
    book.apply(PaintPlan("Sudoku", (Write(far, 7), Write((far[0] + 1, far[1]), "3"))))
    snap = book.snapshot("Sudoku")
    assert detect_sudoku(snap)
    assert read_sudoku(snap)[1] == made.puzzle
    beside = book_with(made.puzzle)
    beside.apply(PaintPlan("Sudoku", (Write((5, 11), 7),)))  # the grid is A3:I11: column K is two away
    assert not detect_sudoku(beside.snapshot("Sudoku"))


def test_a_defined_name_marks_the_grid():
    rows = [[None] * 4 for _ in range(4)]
    rows[1][1], rows[2][2] = 1, 2
    book = MemoryWorkbook.from_values("S", rows, top=5, left=3)
    book.names["my_sudoku"] = ("S", (5, 3, 8, 6))
    snap = book.snapshot("S")
    assert detect_sudoku(snap)
    layout, puzzle = read_sudoku(snap)
    assert (layout.top, layout.left, layout.n) == (5, 3, 4) and puzzle.clues == 2


def test_detect_says_no_to_the_nonogram_workbooks():
    for name in ("nonogram.xlsx", "nonogram-colour.xlsx"):
        book = OpenpyxlWorkbook.open(ROOT / "workbooks" / name)
        for sheet in book.sheet_names():
            snap = book.snapshot(sheet)
            assert find_layout(snap) is not None and not detect_sudoku(snap), sheet


def test_detect_says_no_to_boards_of_repeated_letters_and_stray_numbers():
    board = [[SYMBOLS[(r // 2 * 3 + c // 3) % 9] for c in range(9)] for r in range(9)]
    assert not detect_sudoku(MemoryWorkbook.from_values("P", board).snapshot("P"))
    table = [[r + 1, 20 + r] for r in range(9)]
    assert not detect_sudoku(MemoryWorkbook.from_values("T", table).snapshot("T"))


@pytest.mark.parametrize("size", PUZZLES)
def test_a_printable_sheet_reads_back_and_is_set_up_for_paper(size, tmp_path):
    puzzle = PUZZLES[size]()
    book = OpenpyxlWorkbook.new()
    book.apply(sudoku_print_plan(puzzle, "Print", "#1"))
    book.save(tmp_path / "print.xlsx")
    back = OpenpyxlWorkbook.open(tmp_path / "print.xlsx")
    snap = back.snapshot("Print")
    assert detect_sudoku(snap) and read_sudoku(snap)[1] == puzzle
    n = puzzle.n
    ws = openpyxl.load_workbook(tmp_path / "print.xlsx")["Print"]
    last = openpyxl.utils.get_column_letter(n)
    assert ws.print_area == f"'Print'!$A$1:${last}${n + 2}"
    assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth == 1 == ws.page_setup.fitToHeight
    assert ws.print_options.horizontalCentered
    grid = [ws.cell(3 + r, 1 + c) for r in range(n) for c in range(n)]
    sizes = {cell.font.sz for cell in grid}
    assert len(sizes) == 1 and sizes.pop() >= 11  # big digits, one size
    assert {cell.alignment.horizontal for cell in grid} == {"center"}
    assert ws["A1"].font.b and ws["A1"].value.startswith(f"Sudoku {n}x{n}")
    heights = {ws.row_dimensions[3 + r].height for r in range(n)}
    widths = {ws.column_dimensions[openpyxl.utils.get_column_letter(1 + c)].width for c in range(n)}
    assert len(heights) == 1 == len(widths) and n * heights.pop() <= 520  # fits a portrait page
    # Box edges are drawn heavier than the lines inside a box.
    br = puzzle.shape.box_rows
    assert ws.cell(3 + br, 1).border.top.style == "medium" and ws.cell(4, 1).border.top.style == "thin"
    # Solving keeps the big font and paints the solver's digits blue.
    solve_sheet(back, "Print")
    back.save(tmp_path / "solved.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "solved.xlsx")["Print"]
    empty = next(i for i, v in enumerate(puzzle.cells) if not v)
    cell = ws.cell(3 + empty // n, 1 + empty % n)
    assert cell.font.color.rgb[-6:] == SOLVED_FONT and cell.font.sz == ws.cell(3, 1).font.sz


def test_a_framed_copy_gets_only_values_and_the_print_area():
    puzzle = PUZZLES["6x6"]()
    frame = sudoku_print_frame(puzzle.shape, "S")
    assert not frame.writes()
    values = sudoku_print_plan(puzzle, "S", "#2", frame=False)
    assert set(type(op).__name__ for op in values.ops) == {"Write", "PrintSetup"}
    assert sudoku_print_plan(puzzle, "S", "#2").writes() == values.writes()


def test_an_index_sheet_is_no_puzzle_for_any_finder():
    params = [("size", "9x9"), ("puzzles", "9"), ("seed", "1")]
    for count in (1, 2, 3, 4, 6, 9, 16, 25):
        rows = [[i, f"Sudoku {i}", 20 + i % 9, "yes", f"1:{i - 1}", "." * 81] for i in range(1, count + 1)]
        book = MemoryWorkbook()
        book.apply(sudoku_index_plan("Index", "9 sudoku 9x9", params, ["#", "sheet", "clues", "minimal", "seed",
                                                                      "puzzle"], rows))
        snap = book.snapshot("Index")
        assert snap.value(1, 1).startswith(INDEX_TITLE)
        assert not detect_sudoku(snap) and find_layout(snap) is None, count
