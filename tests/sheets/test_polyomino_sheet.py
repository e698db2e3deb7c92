"""The polyomino layout: finding the board, reading pieces, painting tilings and verdicts,
in memory and through real files; and its detect apart from the nonogram and sudoku ones."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import openpyxl
import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import RED, InputError
from xlsolver.core.paint import GridLines, Outline
from xlsolver.jobs import Options, kind_of, run_book, run_workbook
from xlsolver.polyomino import PENTOMINOES, Board
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.protocol import CellInfo
from xlsolver.sheets.polyomino_sheet import (
    PALETTE,
    board_import_plan,
    detect_polyomino,
    read_polyomino,
)

ROOT = Path(__file__).resolve().parents[2]


def _oracle():
    spec = importlib.util.spec_from_file_location("polyomino_oracle", ROOT / "tests" / "polyomino" / "oracle.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ORACLE = _oracle()
GREY = "808080"


def sheet(cells: dict, names: dict | None = None, name: str = "Board") -> MemoryWorkbook:
    """A one-sheet book from {(row, col): value or (value, fill)}."""
    infos = {cell: CellInfo(*v) if isinstance(v, tuple) else CellInfo(v) for cell, v in cells.items()}
    return MemoryWorkbook({name: infos}, {k: (name, box) for k, box in (names or {}).items()})


def board_cells(book: MemoryWorkbook, name: str, top: int, left: int, height: int, width: int) -> dict:
    """Sheet cell -> (value, fill) over a frame."""
    got = book.sheets[name]
    return {(r, c): (got.get((r, c), CellInfo()).value, got.get((r, c), CellInfo()).fill)
            for r in range(top, top + height) for c in range(left, left + width)}


def tiling_from_sheet(book, name, top, left, height, width):
    """The painted pieces read back: (letter, cells) for each connected group of one letter."""
    cells = board_cells(book, name, top, left, height, width)
    groups: dict[str, list] = {}
    for (r, c), (value, fill) in cells.items():
        if value not in (None, "#") and fill in PALETTE:
            groups.setdefault((value, fill), []).append((r - top, c - left))
    return [(letter, frozenset(cs)) for (letter, _), cs in groups.items()]


PENTO_ORACLE = [(n, ORACLE.forms(s), 1) for n, s in PENTOMINOES.items()]


# --- finding and reading -----------------------------------------------------------

@pytest.mark.parametrize("title", ["Polyomino 20x3", "pentominoes 20x3", "Tiling 20 x 3: the long one",
                                   "  TETROMINO 20x3"])
def test_title_words_mark_the_sheet(title):
    book = sheet({(1, 1): title})
    assert detect_polyomino(book.snapshot("Board"))
    layout, puzzle = read_polyomino(book.snapshot("Board"))
    assert (layout.top, layout.left, layout.height, layout.width) == (3, 1, 3, 20)
    assert puzzle.board == Board.parse("20x3") and len(puzzle.pieces) == 12


def test_a_defined_name_board_marks_the_frame_without_a_title():
    book = sheet({(2, 2): ("", "000000")}, names={"Board": (2, 2, 4, 5)})
    layout, puzzle = read_polyomino(book.snapshot("Board"))
    assert layout.range == "B2:E4" and puzzle.board.area == 11 and (0, 0) not in puzzle.board.cells


def test_a_ring_of_filled_cells_is_the_frame_when_the_title_has_no_size():
    ring = {(r, c): ("", "000080") for r in range(3, 8) for c in range(1, 8) if r in (3, 7) or c in (1, 7)}
    book = sheet({(1, 1): "Pentomino puzzle", (2, 1): "Pieces", (2, 2): "I:3", **ring})
    layout, puzzle = read_polyomino(book.snapshot("Board"))
    assert layout.range == "A3:G7"
    assert puzzle.board.area == 15 and [(p.name, p.count) for p in puzzle.pieces] == [("I", 3)]


def test_blocked_cells_by_fill_or_hash_and_holes():
    book = sheet({(1, 1): "Polyomino 4x3", (3, 2): "#", (4, 3): ("", "FFC000"), (5, 4): ("", "FFFFFF")})
    _, puzzle = read_polyomino(book.snapshot("Board"))
    assert puzzle.board.format() == ".#..\n..#.\n...."  # white counts as no fill


def test_settings_rows_pieces_one_sided_and_solutions():
    book = sheet({(1, 1): "Tiling 5x4", (2, 1): "Pieces", (2, 2): "L, N one-sided", (3, 1): "Solutions", (3, 2): 5})
    layout, puzzle = read_polyomino(book.snapshot("Board"))
    assert layout.top == 5 and layout.spec_cell == (2, 2)
    assert [p.name for p in puzzle.pieces] == ["L", "L'", "N", "N'"] and puzzle.solutions == 5


def test_a_setting_in_one_cell():
    book = sheet({(1, 1): "Polyomino 5x2", (2, 1): "Pieces: I:2", (3, 1): "solutions:4"})
    layout, puzzle = read_polyomino(book.snapshot("Board"))
    assert (layout.top, layout.spec_cell, puzzle.solutions) == (5, (2, 1), 4)
    assert [(p.name, p.count) for p in puzzle.pieces] == [("I", 2)]


def test_pieces_drawn_beside_the_board_and_on_a_pieces_sheet():
    drawn = {(3, 6): "A", (3, 7): "A", (4, 6): "A", (6, 6): "B", (6, 7): "B"}
    book = sheet({(1, 1): "Polyomino 3x2", **drawn})
    _, puzzle = read_polyomino(book.snapshot("Board"))
    assert sorted(p.name for p in puzzle.pieces) == ["A", "B"]
    library = MemoryWorkbook({"Pieces": {(1, 1): CellInfo("Q", "FF0000"), (1, 2): CellInfo("Q", "FF0000"),
                                         (1, 3): CellInfo("Q", "FF0000")}})
    from xlsolver.sheets.polyomino_sheet import read_pieces_sheet

    shapes = read_pieces_sheet(library.snapshot("Pieces"))
    _, puzzle = read_polyomino(sheet({(1, 1): "Polyomino 3x2", (2, 1): "Pieces", (2, 2): "Q:2"}).snapshot("Board"),
                               shapes)
    assert [(p.name, p.count, p.size) for p in puzzle.pieces] == [("Q", 2, 3)]


@pytest.mark.parametrize("cells, names, where, words", [
    ({(1, 1): "Polyomino 2x2", (3, 1): "#", (3, 2): "#", (4, 1): "#", (4, 2): "#"}, None, "Board!A3", "no open cells"),
    ({(1, 1): "Polyomino 5x2", (2, 1): "Pieces", (2, 2): "F,Q"}, None, "Board!B2", 'unknown piece "Q"'),
    ({(1, 1): "Polyomino 3x1", (5, 6): "A", (5, 8): "A"}, None, "Board!F5", 'piece "A" are not connected'),
    ({(1, 1): "Polyomino 3x1", (3, 2): "x"}, None, "Board!B3", '"x" in the board'),
    ({(1, 1): "Polyomino 3x1", (2, 1): "Solutions", (2, 2): "many"}, None, "Board!B2", "not a number of tilings"),
    ({(1, 1): "Polyomino"}, None, "Board!A1", "no size"),
])
def test_bad_input_is_one_error_naming_sheet_and_cell(cells, names, where, words):
    with pytest.raises(InputError) as err:
        read_polyomino(sheet(cells, names).snapshot("Board"))
    assert err.value.where == where and words in err.value.message


def test_a_disconnected_piece_on_the_pieces_sheet_is_named_there():
    book = sheet({(1, 1): "Polyomino 3x1", (2, 1): "Pieces", (2, 2): "Q"})
    book.sheets["Pieces"] = {(2, 2): CellInfo("Q"), (4, 2): CellInfo("Q")}
    [report] = run_book(book, "mem", None, Options())
    assert report.status == "error" and report.message.startswith("Pieces!B2: the cells of piece \"Q\"")


def test_detect_keeps_apart_from_nonogram_and_sudoku_sheets():
    nonograms = OpenpyxlWorkbook.open(ROOT / "workbooks" / "nonogram.xlsx")
    assert not any(detect_polyomino(nonograms.snapshot(n)) for n in nonograms.sheet_names())
    sudoku = sheet({(1, 1): "Sudoku 4x4", (3, 1): 1, (4, 3): 2})
    assert kind_of(sudoku.snapshot("Board")).name == "sudoku"
    # A painted square board is letters in a square: still a polyomino sheet, not a sudoku.
    square = {(r, c): "A" for r in (3, 4) for c in (7, 8)}
    book = sheet({(1, 1): "Polyomino 4x4", (2, 1): "Pieces", (2, 2): "A:4", **square})
    [report] = run_book(book, "mem", None, Options())
    assert report.status == "unique" and book.sheets["Board"][(4, 1)].value == "A"
    assert kind_of(book.snapshot("Board")).name == "polyomino"


# --- solving and painting ----------------------------------------------------------

def test_solve_paints_the_first_tiling_and_one_sheet_per_further_one():
    book = sheet({(1, 1): "Polyomino 20x3", (2, 1): "Solutions", (2, 2): 2})
    [report] = run_book(book, "mem", None, Options())
    assert (report.kind, report.status, report.extra["count"], report.extra["raw_count"]) == \
        ("polyomino", "multiple", 2, 8)
    assert report.extra["sheets"] == ["Board #2"] and book.sheet_names() == ["Board", "Board #2"]
    first = tiling_from_sheet(book, "Board", 4, 1, 3, 20)
    second = tiling_from_sheet(book, "Board #2", 4, 1, 3, 20)
    for tiling in (first, second):
        ORACLE.check_tiling(Board.parse("20x3").cells, PENTO_ORACLE, tiling)
    assert set(first) != set(second)
    assert len({fill for _, fill in board_cells(book, "Board", 4, 1, 3, 20).values()}) == 12
    assert book.sheets["Board"][(8, 1)].value.startswith("2 tilings up to symmetry (8 in all)")
    assert ["".join(row) for row in report.solutions[0]] == [
        "".join(str(book.sheets["Board"][(r, c)].value) for c in range(1, 21)) for r in range(4, 7)]


def test_a_painted_sheet_solves_again_as_drawn_and_clear_takes_the_paint_away():
    book = sheet({(1, 1): "Polyomino 6x3", (4, 5): "#", (2, 1): "Pieces", (2, 2): "V3:3,I4,O4"})
    run_book(book, "mem", None, Options())
    before = dict(book.sheets["Board"])
    [again] = run_book(book, "mem", None, Options())
    after = dict(book.sheets["Board"])
    status = (4 + 3 + 1, 1)  # two rows below the frame: the same sentence, perhaps another time
    assert after.pop(status).value.split(" (")[0] == before.pop(status).value.split(" (")[0]
    assert again.extra["count"] > 0 and after == before
    assert "Board #2" in book.sheets  # Solutions not set: the default keeps more than one
    [cleared] = run_book(book, "mem", None, Options(), "clear")
    assert cleared.status == "done" and list(book.sheets) == ["Board"] and "Board #2" in cleared.message
    left = {cell: info.value for cell, info in book.sheets["Board"].items() if not info.blank}
    assert left == {(1, 1): "Polyomino 6x3", (2, 1): "Pieces", (2, 2): "V3:3,I4,O4", (4, 5): "#"}


def _outlines(book: MemoryWorkbook, sheet: str = "Board") -> list[Outline]:
    return [op for op in book.layout.get(sheet, []) if isinstance(op, Outline)]


def test_an_impossible_board_is_outlined_in_red_with_the_reason():
    book = sheet({(1, 1): "Polyomino 8x8", (4, 4): ("", "000000")})
    [report] = run_book(book, "mem", None, Options())
    assert report.status == "none"
    status = book.sheets["Board"][(12, 1)].value
    assert status.startswith("no tiling: the board has 63 cells, the pieces cover 60; the board is outlined in red")
    assert not any(info.fill == RED.fill for info in book.sheets["Board"].values())  # a line, no red fill
    [outline] = _outlines(book)
    board = {(r, c) for r in range(3, 11) for c in range(1, 9)} - {(4, 4)}
    assert set(outline.cells) == board and outline.colour == RED.fill
    frame = {((r, c), side) for r in range(3, 11) for c in range(1, 9) for side, out in
             (("top", r == 3), ("bottom", r == 10), ("left", c == 1), ("right", c == 8)) if out}
    round_hole = {((3, 4), "bottom"), ((5, 4), "top"), ((4, 3), "right"), ((4, 5), "left")}
    assert set(outline.edges()) == frame | round_hole
    [again] = run_book(book, "mem", None, Options())  # the sheet reads back as drawn
    assert again.status == "none" and "63 cells" in again.message


def test_a_part_cut_off_from_the_rest_is_outlined_alone():
    # 60 cells for the twelve pentominoes, but two of them walled off in the corner.
    wall = {cell: ("", "000000") for cell in ((3, 3), (4, 1), (4, 2), (4, 3))}
    book = sheet({(1, 1): "Polyomino 8x8", **wall})
    [report] = run_book(book, "mem", None, Options())
    assert report.status == "none" and "has 2 cells" in report.message
    [outline] = _outlines(book)
    assert set(outline.cells) == {(3, 1), (3, 2)}
    status = book.sheets["Board"][(12, 1)].value
    assert "; that part (2 cells in A3:B3) is outlined in red" in status


def test_solving_again_takes_the_outline_away():
    """The frame's grid lines are drawn before anything else, over an earlier run's red line."""
    book = sheet({(1, 1): "Polyomino 4x5", (2, 1): "Pieces", (2, 2): "pentominoes"})
    run_book(book, "mem", None, Options())
    assert _outlines(book)
    book.sheets["Board"][(2, 2)] = CellInfo("L,N,P,U")
    [report] = run_book(book, "mem", None, Options())
    ops = book.layout["Board"]
    last = [op for op in ops if isinstance(op, (GridLines, Outline))][-1]
    assert report.status in ("unique", "multiple") and isinstance(last, GridLines)
    assert (last.top, last.left, last.bottom, last.right) == (4, 1, 8, 4)


def test_the_parity_check_speaks_plainly():
    book = sheet({(1, 1): "Polyomino 5x4", (2, 1): "Pieces", (2, 2): "tetrominoes"})
    [report] = run_book(book, "mem", None, Options())
    assert report.status == "none" and "chessboard" in report.message


def test_custom_pieces_tile_a_board_with_copies():
    drawn = {(3, 8): "C", (3, 9): "C", (4, 8): "C"}  # an L tromino drawn beside the frame
    book = sheet({(1, 1): "Polyomino 3x4", (2, 1): "Pieces", (2, 2): "C:4", **drawn})
    [report] = run_book(book, "mem", None, Options())
    pieces = [("C", ORACLE.forms(((0, 0), (0, 1), (1, 0))), 4)]
    expected = ORACLE.tilings(Board.parse("3x4").cells, pieces)
    assert report.extra["raw_count"] == len(expected) and report.status == "multiple"
    ORACLE.check_tiling(Board.parse("3x4").cells, pieces, tiling_from_sheet(book, "Board", 4, 1, 4, 3))


# --- through files -----------------------------------------------------------------

def test_round_trip_through_an_openpyxl_file(tmp_path):
    board = Board.parse("\n".join("".join("#" if 3 <= r <= 4 and 3 <= c <= 4 else "." for c in range(8))
                                   for r in range(8)))
    book = OpenpyxlWorkbook.new()
    book.apply(board_import_plan(board, "Eight", "Pentomino", "pentominoes", 2))
    path = tmp_path / "poly.xlsx"
    book.save(path)
    [report] = run_workbook(path)
    assert report.kind == "polyomino" and report.status == "multiple" and report.extra["complete"]
    assert (report.extra["count"], report.extra["raw_count"]) == (65, 520)
    out = openpyxl.load_workbook(tmp_path / "poly.solved.xlsx")
    ws = out["Eight"]
    assert ws["D8"].fill.fgColor.rgb[-6:] == GREY and ws["D8"].value is None  # the centre, blocked
    letters = {ws.cell(r, c).value for r in range(5, 13) for c in range(1, 9)} - {None}
    assert letters == set(PENTOMINOES)
    assert ws.cell(14, 1).value.startswith(f"{report.extra['count']} tilings up to symmetry")
    assert [ws.title for ws in out.worksheets if ws.sheet_state == "visible"] == ["Eight", "Eight #2"]
    reread = OpenpyxlWorkbook.open(tmp_path / "poly.solved.xlsx")
    _, puzzle = read_polyomino(reread.snapshot("Eight"))
    assert puzzle.board == board  # the painted book reads back as the board drawn
