"""The nonogram layout: finding hints and grid in cells, reading givens,
reporting typos by cell, planning the paint, and laying puzzles out.

Sheets are drawn as text tables (cells split by ``|``) and held in the
in-memory workbook, so no spreadsheet library is involved.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import BLACK, CLEAR, RED, WHITE, InputError, Paint, Status, cell_ref
from xlsolver.core.paint import SquareCells
from xlsolver.nonogram import BLOCK, DOT, UNKNOWN, Conflict, Line, Nonogram, NonogramResult, parse_grid
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan, read_nonogram, status_sentence
from xlsolver.sheets.nonogram_layout import NonogramLayout, find_layout
from xlsolver.core.protocol import CellInfo, SheetSnapshot

SHEET = "Nonogram"


def parse_value(text: str):
    """A table cell: blank -> None, 3 -> int, 3.0 -> float, 'quoted' -> str, else str."""
    text = text.strip()
    if not text:
        return None
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("\\n", "\n")
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def table(text: str) -> list[list]:
    return [[parse_value(cell) for cell in line.split("|")] for line in text.strip("\n").splitlines()]


def book(text: str, top: int = 1, left: int = 1, styled: dict | None = None, names: dict | None = None):
    """A one-sheet workbook from a drawn table; ``styled`` adds fills/diagonals by cell."""
    wb = MemoryWorkbook.from_values(SHEET, table(text), top, left)
    for cell, info in (styled or {}).items():
        old = wb.sheets[SHEET].get(cell, CellInfo())
        wb.sheets[SHEET][cell] = CellInfo(old.value if info.value is None else info.value, info.fill, info.diagonals)
    wb.names = {name: (SHEET, box) for name, box in (names or {}).items()}
    return wb


def snap(text: str, **kwargs) -> SheetSnapshot:
    return book(text, **kwargs).snapshot(SHEET)


# A 5 wide, 3 high fork; title in A1, two rows of column hints, three columns of row hints.
#   #.#.#
#   .####
#   #.#..
FORK = """
Fork |   |   |   |   |   |   |
     |   |   | 1 |   |   |   |
     |   |   | 1 | 1 | 3 | 1 | 2
   1 | 1 | 1 |   |   |   |   |
     |   | 4 |   |   |   |   |
     | 1 | 1 |   |   |   |   |
"""
FORK_PUZZLE = Nonogram(((1, 1, 1), (4,), (1, 1)), ((1, 1), (1,), (3,), (1,), (2,)))
FORK_SOLUTION = parse_grid(["#.#.#", ".####", "#.#.."])


def error_of(text: str, **kwargs) -> str:
    with pytest.raises(InputError) as info:
        read_nonogram(snap(text, **kwargs))
    return str(info.value)


# --- finding the layout -----------------------------------------------------

def test_finds_grid_hints_and_status_cell():
    layout = find_layout(snap(FORK))
    assert (layout.top, layout.left, layout.height, layout.width) == (4, 4, 3, 5)
    assert (layout.bottom, layout.right) == (6, 8)
    assert layout.col_hints[0] == ((2, 4), (3, 4))  # top to bottom
    assert layout.row_hints[0] == ((4, 1), (4, 2), (4, 3))  # left to right
    assert layout.row_hints[2] == ((6, 2), (6, 3))
    assert layout.status_cell == (8, 1)  # two rows below the grid, at the row hints' left edge
    assert layout.corner == (3, 3)
    assert layout.name is None and layout.stale == frozenset()


def test_reads_the_clues():
    _, puzzle, givens = read_nonogram(snap(FORK))
    assert puzzle == FORK_PUZZLE
    assert givens.shape == (3, 5) and givens.dtype == np.int8 and (givens == UNKNOWN).all()


def test_offset_from_a1_moves_only_the_cells():
    layout, puzzle, _ = read_nonogram(snap(FORK, top=7, left=4))
    assert puzzle == FORK_PUZZLE
    assert (layout.top, layout.left) == (10, 7)
    assert layout.cell(0, 0) == (10, 7) and layout.cell(2, 4) == (12, 11)


def test_non_square_grid_keeps_height_and_width_apart():
    # 4 wide, 2 high:  ##.#  /  .###
    text = """
      |   | 1 | 2 | 1 | 2
    2 | 1 |   |   |   |
      | 3 |   |   |   |
    """
    layout, puzzle, givens = read_nonogram(snap(text))
    assert (layout.height, layout.width) == (2, 4)
    assert puzzle.rows == ((2, 1), (3,))
    assert puzzle.cols == ((1,), (2,), (1,), (2,))
    assert givens.shape == (2, 4)
    assert layout.grid_index(layout.cell(1, 3)) == (1, 3)
    assert layout.grid_index((1, 1)) is None
    with pytest.raises(IndexError):
        layout.cell(2, 0)


def test_whole_clues_in_one_cell():
    # ..#..  /  ##.##  /  ..#..
    text = """
    Arrow   |    |   |       |   |
            |  1 | 1 | '1\\n1' | 1 | 1
    '1'     |    |   |       |   |
    '2, 2'  |    |   |       |   |
    ' 1 '   |    |   |       |   |
    """
    _, puzzle, _ = read_nonogram(snap(text))
    assert puzzle.rows == ((1,), (2, 2), (1,))
    text = text.replace("'2, 2'", "'2 2'")
    assert read_nonogram(snap(text))[1].rows == ((1,), (2, 2), (1,))


def test_numbers_may_be_floats_or_text():
    text = FORK.replace("| 4 |", "| 4.0 |").replace("| 1 | 1 | 3 |", "| '1' | 1.0 | ' 3 ' |")
    assert read_nonogram(snap(text))[1] == FORK_PUZZLE


def test_empty_lines_as_zero_at_every_edge():
    # 3 wide, 3 high: only the middle cell is black, so the first and last lines are empty.
    text = """
      | 0 | 1 | 0
    0 |   |   |
    1 |   |   |
    0 |   |   |
    """
    layout, puzzle, _ = read_nonogram(snap(text))
    assert (layout.height, layout.width) == (3, 3)
    assert puzzle.rows == ((), (1,), ()) and puzzle.cols == ((), (1,), ())


def test_blank_clue_inside_the_grid_is_an_empty_line():
    text = """
      | 1 |   | 1
    1 |   |   |
      |   |   |
    1 |   |   |
    """
    _, puzzle, _ = read_nonogram(snap(text))
    assert puzzle.rows == ((1,), (), (1,)) and puzzle.cols == ((1,), (), (1,))


def test_blank_clue_at_the_edge_is_no_line_unless_a_defined_name_marks_the_grid():
    text = """
      | 1 | 1 |
    2 |   |   |
      |   |   |
    """
    layout = find_layout(snap(text))
    assert (layout.height, layout.width) == (1, 2)  # the documented limit: a blank edge line is not seen
    named = snap(text, names={"PuzzleGrid": (2, 2, 3, 4)})
    layout, puzzle, _ = read_nonogram(named)
    assert (layout.height, layout.width, layout.name) == (2, 3, "PuzzleGrid")
    assert puzzle.rows == ((2,), ()) and puzzle.cols == ((1,), (1,), ())


def test_defined_name_wins_over_detection_and_needs_grid_in_its_name():
    text = """
      | 1 | 1 |
    2 |   |   |
    """
    assert find_layout(snap(text, names={"Notes": (2, 2, 5, 5)})).width == 2
    assert find_layout(snap(text, names={"MYGRID": (2, 2, 5, 5)})).width == 4


def test_title_and_notes_outside_the_bands_are_ignored():
    text = """
    Fork, a puzzle |  |   |   | Columns |   |   |   |
                   |   |   | 1 |   |   |   |   |
                   |   |   | 1 | 1 | 3 | 1 | 2 |
              1    | 1 | 1 |   |   |   |   |   | solve me, 3 times
                   |   | 4 |   |   |   |   |   |
                   | 1 | 1 |   |   |   |   |   |
                   |   |   |   |   |   |   |   |
    several solutions: the 37 cells all solutions share are painted |
    """
    _, puzzle, _ = read_nonogram(snap(text))
    assert puzzle == FORK_PUZZLE


@pytest.mark.parametrize("text", [
    "",
    "Shopping list\nmilk | eggs\nbread | butter",
    "Dear reader,\nthis sheet holds prose and no numbers.",
    "42",
])
def test_sheets_without_a_nonogram(text):
    assert find_layout(snap(text)) is None


def test_a_table_of_data_is_no_nonogram():
    text = """
    id | 2019 | 2020 | 2021
    1  | 10   | 12   | 13
    2  | 20   | 22   | 25
    3  | 30   | 31   | 39
    """
    assert find_layout(snap(text)) is None


def test_no_nonogram_is_an_input_error_naming_the_sheet():
    with pytest.raises(InputError) as info:
        read_nonogram(snap("just words"))
    assert str(info.value).startswith(f"{SHEET}: no nonogram found")


# --- givens -----------------------------------------------------------------

def grid_cell(r, c):
    """Sheet cell of FORK's grid cell (r, c)."""
    return (4 + r, 4 + c)


@pytest.mark.parametrize("info, state", [
    (CellInfo(fill="808080"), BLOCK),
    (CellInfo(fill="000000"), BLOCK),
    (CellInfo(fill="1F1F7F"), BLOCK),  # dark blue is dark
    (CellInfo(diagonals=True), DOT),
    (CellInfo(fill="FFFFFF", diagonals=True), DOT),
    (CellInfo(fill="FFFFFF"), UNKNOWN),  # a white fill without diagonals is just light
    (CellInfo(fill="FF0000"), UNKNOWN),  # an earlier run's contradiction mark
    (CellInfo(fill="FFFF00"), UNKNOWN),
    (CellInfo(fill="C0C0C0"), UNKNOWN),
    (CellInfo("#"), BLOCK),
    (CellInfo(1), BLOCK),
    (CellInfo(1.0), BLOCK),
    (CellInfo("1"), BLOCK),
    (CellInfo("x"), DOT),
    (CellInfo("X"), DOT),
    (CellInfo("."), DOT),
    (CellInfo(0), DOT),
    (CellInfo("?"), UNKNOWN),
    (CellInfo(" "), UNKNOWN),
    (CellInfo("#", fill="808080"), BLOCK),
])
def test_givens_from_paint_and_marks(info, state):
    _, _, givens = read_nonogram(snap(FORK, styled={grid_cell(1, 2): info}))
    expected = np.full((3, 5), UNKNOWN, dtype=np.int8)
    expected[1, 2] = state
    assert (givens == expected).all()


def test_marks_typed_in_the_first_grid_row_are_not_hints():
    """1 and 0 are numbers; typed across the grid's top row they must stay givens."""
    styled = {grid_cell(0, c): CellInfo(v) for c, v in enumerate([1, 0, 1, 0, 1])}
    styled[grid_cell(1, 0)] = CellInfo(0)
    layout, puzzle, givens = read_nonogram(snap(FORK, styled=styled))
    assert (layout.top, layout.left) == (4, 4) and puzzle == FORK_PUZZLE
    assert givens[0].tolist() == [BLOCK, DOT, BLOCK, DOT, BLOCK] and givens[1, 0] == DOT


def test_stray_value_in_the_grid_names_the_cell():
    message = error_of(FORK, styled={(5, 5): CellInfo(7)})
    assert message == (f'{SHEET}!E5: "7" in the grid is not a mark: '
                       "use # or 1 for black, x or 0 for white, or leave it empty")
    assert error_of(FORK, styled={(6, 8): CellInfo("cat")}).startswith(f'{SHEET}!H6: "cat" in the grid')


def test_cell_marked_black_and_white_names_the_cell():
    message = error_of(FORK, styled={(4, 4): CellInfo("x", fill="808080")})
    assert message.startswith(f"{SHEET}!D4: the cell is marked both black")
    assert error_of(FORK, styled={(4, 4): CellInfo(fill="000000", diagonals=True)}).startswith(f"{SHEET}!D4: ")


# --- typos in hints ---------------------------------------------------------

@pytest.mark.parametrize("where, value, message", [
    ((3, 4), "x", 'hint "x" is not a number'),
    ((3, 5), "3a", 'hint "3a" is not a number'),
    ((2, 8), "x", 'hint "x" is not a number'),
    ((3, 6), True, 'hint "True" is not a number'),
    ((3, 6), -1, 'hint "-1" is negative (write 0 for an empty line)'),
    ((3, 6), "-1", 'hint "-1" is negative (write 0 for an empty line)'),
    ((5, 3), 2.5, 'hint "2.5" is not a whole number'),
    ((5, 3), "2.5", 'hint "2.5" is not a whole number'),
    ((5, 3), "4 -2", 'hint "-2" is negative (write 0 for an empty line)'),
    ((4, 1), "l", 'hint "l" is not a number'),
])
def test_typo_in_a_hint_names_sheet_and_cell(where, value, message):
    assert error_of(FORK, styled={where: CellInfo(value)}) == f"{SHEET}!{cell_ref(*where)}: {message}"


def test_the_documented_example_message():
    assert error_of(FORK, styled={(4, 3): CellInfo("x")}) == f'{SHEET}!C4: hint "x" is not a number'


def test_short_text_just_past_a_hint_block_is_a_typo():
    # A typo in the last column's only hint would shrink the grid; it is still caught.
    text = FORK.replace("| 1 | 2\n", "| 1 | x\n")
    assert find_layout(snap(text)).width == 4
    assert error_of(text) == f'{SHEET}!H3: hint "x" is not a number'
    # ... and below the last row hint
    assert error_of(FORK, styled={(7, 2): CellInfo("l")}) == f'{SHEET}!B7: hint "l" is not a number'
    # ... and a short text with a digit farther up a column
    assert error_of(FORK, styled={(1, 6): CellInfo("1o")}) == f'{SHEET}!F1: hint "1o" is not a number'


def test_long_labels_beside_the_bands_are_not_typos():
    styled = {(1, 5): CellInfo("Columns"), (7, 1): CellInfo("Rows here"), (3, 9): CellInfo("a long note")}
    assert read_nonogram(snap(FORK, styled=styled))[1] == FORK_PUZZLE


def test_clue_too_long_names_the_first_hint_of_its_line():
    # 8 wide; row 3 sits on sheet row 7 and says "5 4", which needs 10 cells.
    text = """
Long |   |   |   |   |   |   |   |   |
     |   |   |   |   |   |   |   |   |
     |   | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1
     |   | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1
   1 | 1 |   |   |   |   |   |   |   |
     | 2 |   |   |   |   |   |   |   |
   5 | 4 |   |   |   |   |   |   |   |
    """
    assert error_of(text) == f"{SHEET}!A7: row 3: clue 5 4 needs 10 cells, the line has 8"


def test_column_clue_too_long_names_its_top_hint():
    text = FORK.replace("|   |   | 1 |   |", "|   |   | 2 |   |", 1)
    assert error_of(text) == f"{SHEET}!D2: column 1: clue 2 1 needs 4 cells, the line has 3"


def test_totals_that_differ_are_reported_at_the_corner():
    text = FORK.replace("| 4 |", "| 3 |")
    assert error_of(text) == (f"{SHEET}!C3: the row clues add up to 8 black cells, the column clues to 9 "
                              "(reported at the corner where the row and column hints meet)")


# --- painting results -------------------------------------------------------

def result(status, known, solutions=(), conflict=None, message="", seconds=0.0):
    return NonogramResult(status, tuple(solutions), np.asarray(known, dtype=np.int8), message, conflict, seconds)


def test_unique_result_paints_black_and_white_and_reads_back_as_givens():
    wb = book(FORK)
    layout = find_layout(wb.snapshot(SHEET))
    plan = nonogram_plan(layout, result(Status.UNIQUE, FORK_SOLUTION, [FORK_SOLUTION == BLOCK]), SHEET)
    assert plan.sheet == SHEET
    assert plan.cells_with(BLACK) == {grid_cell(r, c) for r, c in np.argwhere(FORK_SOLUTION == BLOCK)}
    assert plan.cells_with(WHITE) == {grid_cell(r, c) for r, c in np.argwhere(FORK_SOLUTION == DOT)}
    assert plan.writes() == {(8, 1): "unique solution"}
    wb.apply(plan)
    _, puzzle, givens = read_nonogram(wb.snapshot(SHEET))
    assert puzzle == FORK_PUZZLE and (givens == FORK_SOLUTION).all()


def test_one_paint_per_style():
    layout = find_layout(snap(FORK))
    plan = nonogram_plan(layout, result(Status.UNIQUE, FORK_SOLUTION), SHEET)
    styles = [op.style for op in plan.ops if isinstance(op, Paint)]
    assert len(styles) == 2 and set(styles) == {BLACK, WHITE}


def test_several_solutions_paint_only_the_shared_cells():
    known = parse_grid(["#.#.#", ".####", "??#??"])
    layout = find_layout(snap(FORK))
    plan = nonogram_plan(layout, result(Status.MULTIPLE, known), SHEET)
    painted = plan.cells_with(BLACK) | plan.cells_with(WHITE)
    assert painted == {grid_cell(r, c) for r, c in np.argwhere(known != UNKNOWN)}
    assert plan.writes()[layout.status_cell] == (
        "several solutions: the 11 cells all solutions share are painted; the rest differ")


def test_no_solution_paints_the_conflict_red():
    layout = find_layout(snap(FORK))
    conflict = Conflict(lines=(Line("row", 1), Line("col", 0)), cells=((2, 4),))
    known = np.full((3, 5), UNKNOWN)
    plan = nonogram_plan(layout, result(Status.NONE, known, conflict=conflict, message="no solution: row 2 cannot be placed"),
                         SHEET)
    assert plan.cells_with(RED) == {(5, 3), (2, 4), (3, 4), grid_cell(2, 4)}
    assert plan.writes()[layout.status_cell] == "no solution: row 2 cannot be placed: the clashing givens are shown in red"


def test_no_solution_paints_the_line_where_it_shows_and_what_line_logic_proved():
    layout = find_layout(snap(FORK))
    board = parse_grid(["#.#.#", "??#??", "??#??"])
    conflict = Conflict(lines=(Line("row", 1),), board=board, line=Line("row", 1))
    known = np.full((3, 5), UNKNOWN)
    plan = nonogram_plan(layout, result(Status.NONE, known, conflict=conflict, message="no solution: row 2 cannot be placed"),
                         SHEET)
    assert plan.cells_with(RED) == {grid_cell(1, c) for c in range(5)} | set(layout.hint_cells(Line("row", 1)))
    assert plan.cells_with(BLACK) == {grid_cell(0, 0), grid_cell(0, 2), grid_cell(0, 4), grid_cell(2, 2)}
    assert plan.cells_with(WHITE) == {grid_cell(0, 1), grid_cell(0, 3)}
    assert plan.writes()[layout.status_cell] == "no solution: row 2 cannot be placed: shown in red"
    check = nonogram_plan(layout, result(Status.NONE, known, conflict=conflict, message="m"), SHEET, reveal=False)
    assert check.cells_with(RED) == plan.cells_with(RED) and not check.cells_with(BLACK) | check.cells_with(WHITE)


def test_red_for_a_blank_line_goes_beside_the_grid():
    text = """
      | 1 |   | 1
    1 |   |   |
      |   |   |
    1 |   |   |
    """
    layout = find_layout(snap(text))
    assert layout.hint_cells(Line("row", 1)) == ((3, 1),)
    assert layout.hint_cells(Line("col", 1)) == ((1, 3),)


def test_red_of_an_earlier_run_is_cleared():
    styled = {grid_cell(2, 4): CellInfo(fill="FF0000"), (5, 3): CellInfo(fill="FF0000"),
              (1, 1): CellInfo("Fork", fill="FF0000")}  # the title's red is the user's own
    layout = find_layout(snap(FORK, styled=styled))
    assert layout.stale == {grid_cell(2, 4), (5, 3)}
    known = parse_grid(["#.#.#", ".####", "??#??"])
    plan = nonogram_plan(layout, result(Status.MULTIPLE, known), SHEET)
    assert plan.cells_with(CLEAR) == {grid_cell(2, 4), (5, 3)}


@pytest.mark.parametrize("status, message, seconds, sentence", [
    (Status.UNIQUE, "", 0.1, "unique solution"),
    (Status.NONE, "no solution: column 4 cannot be placed", 0.1, "no solution: column 4 cannot be placed"),
    # The solver's sentence is shown whole: no words are read back out of it.
    (Status.GAVE_UP, "time budget of 10 s spent", 10.02, "time budget of 10 s spent"),
    (Status.GAVE_UP, "", 10.0, "gave up after 10 s"),
    (Status.GAVE_UP, "gave up after 10 s (5 nodes)", 10.0, "gave up after 10 s (5 nodes)"),
    (Status.NONE, "row 3 cannot be placed", 0.1, "row 3 cannot be placed"),
])
def test_status_sentences(status, message, seconds, sentence):
    assert status_sentence(result(status, np.full((1, 1), UNKNOWN), message=message, seconds=seconds)) == sentence


def test_no_solution_sentence_from_the_conflict_when_the_message_is_empty():
    conflict = Conflict(lines=(Line("row", 2),), cells=((0, 0), (1, 1)))
    sentence = status_sentence(result(Status.NONE, np.full((1, 1), UNKNOWN), conflict=conflict))
    assert sentence == "no solution: row 3 cannot be placed; 2 given cells clash with the clues"


def test_plan_refuses_a_result_of_another_shape():
    layout = find_layout(snap(FORK))
    with pytest.raises(ValueError):
        nonogram_plan(layout, result(Status.UNIQUE, np.full((5, 3), DOT)), SHEET)


# --- laying puzzles out -----------------------------------------------------

def test_import_plan_writes_title_numbers_and_square_cells():
    plan = import_plan(FORK_PUZZLE, "Fork", "Fork")
    assert plan.writes() == {(1, 1): "Fork", (2, 4): 1, (3, 4): 1, (3, 5): 1, (3, 6): 3, (3, 7): 1, (3, 8): 2,
                             (4, 1): 1, (4, 2): 1, (4, 3): 1, (5, 3): 4, (6, 2): 1, (6, 3): 1}
    assert [op for op in plan.ops if isinstance(op, SquareCells)] == [SquareCells(2, 1, 6, 8)]


def test_import_plan_whole_clues():
    plan = import_plan(FORK_PUZZLE, "Fork", None, whole_clues=True)
    assert plan.writes() == {(2, 2): "1\n1", (2, 3): "1", (2, 4): "3", (2, 5): "1", (2, 6): "2",
                             (3, 1): "1 1 1", (4, 1): "4", (5, 1): "1 1"}


def test_import_plan_widens_cells_for_two_digit_hints():
    wide = Nonogram(((10,),), tuple(((1,),) * 10))
    assert [op.size for op in import_plan(wide, "S").ops if isinstance(op, SquareCells)] == [20.0]


def test_import_plan_gives_a_numeric_title_a_word():
    plan = import_plan(FORK_PUZZLE, "S", "2024")
    assert plan.writes()[(1, 1)] == "Nonogram 2024"


def pictures():
    """Random black-and-white pictures, 1 to 7 cells a side, often with empty lines."""
    return st.integers(1, 7).flatmap(lambda h: st.integers(1, 7).flatmap(
        lambda w: st.lists(st.lists(st.booleans(), min_size=w, max_size=w), min_size=h, max_size=h)))


def clue(line) -> tuple[int, ...]:
    return tuple(len(run) for run in "".join("#" if b else "." for b in line).split(".") if run)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(picture=pictures(), origin=st.tuples(st.integers(1, 4), st.integers(1, 4)),
       whole=st.booleans(), title=st.sampled_from([None, "Cat", "7"]))
def test_import_then_read_gives_back_the_puzzle(picture, origin, whole, title):
    grid = np.array(picture, dtype=bool)
    puzzle = Nonogram(tuple(clue(r) for r in grid), tuple(clue(c) for c in grid.T))
    wb = MemoryWorkbook({SHEET: {}})
    wb.apply(import_plan(puzzle, SHEET, title, origin=origin, whole_clues=whole))
    layout, read, givens = read_nonogram(wb.snapshot(SHEET))
    assert read == puzzle
    assert (layout.height, layout.width) == grid.shape
    assert (givens == UNKNOWN).all()
    # painting the picture and reading again gives it back as givens
    known = np.where(grid, BLOCK, DOT).astype(np.int8)
    wb.apply(nonogram_plan(layout, result(Status.UNIQUE, known, [grid]), SHEET))
    assert (read_nonogram(wb.snapshot(SHEET))[2] == known).all()


def test_layout_is_a_value():
    layout = find_layout(snap(FORK))
    assert layout == find_layout(snap(FORK)) and hash(layout) == hash(find_layout(snap(FORK)))
    assert isinstance(layout, NonogramLayout)
    with pytest.raises(AttributeError):
        layout.top = 3  # frozen


def test_public_names_exist():
    import xlsolver.sheets
    from xlsolver.sheets import nonogram_bw, nonogram_colour, nonogram_drawing, nonogram_layout

    for package in (xlsolver.sheets, nonogram_layout, nonogram_bw, nonogram_colour, nonogram_drawing):
        missing = [name for name in package.__all__ if not hasattr(package, name)]
        assert not missing, f"{package.__name__}.__all__ lists {missing}"
