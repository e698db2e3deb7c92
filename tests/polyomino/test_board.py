"""Boards: parsing, symmetry groups, area and parity checks."""

import pytest

from xlsolver.polyomino import Board, PENTOMINOES, Piece, parse_piece_spec, problems
from xlsolver.polyomino.board import obstacle, regions


def test_size_is_width_by_height():
    board = Board.parse("6x10")
    assert (board.width, board.height, board.area) == (6, 10, 60)
    assert board.describe() == "6x10" and board.is_rectangle()


def test_picture_round_trip_with_holes():
    text = "..#\n...\n#.."
    board = Board.parse(text)
    assert board.area == 7 and (0, 2) not in board.cells
    assert Board.parse(board.format()) == board


@pytest.mark.parametrize("text, message", [
    ("###\n###", "no open cells"),
    ("..x", "line 1, column 3"),
    ("0x5", "has no cells"),
])
def test_bad_boards_say_why(text, message):
    with pytest.raises(ValueError, match=message):
        Board.parse(text)


@pytest.mark.parametrize("text, order", [
    ("6x10", 4),
    ("5x5", 8),
    ("#..\n...\n...", 2),           # a square with a corner cut: the diagonal mirror only
    ("..\n.#\n..", 2),              # a C: mirrored top to bottom
    ("...\n.#.\n...", 8),
    ("..\n.#\n.#", 1),
    ("...\n..#", 1),
])
def test_symmetry_group_comes_from_the_cells(text, order):
    board = Board.parse(text)
    assert len(board.symmetries) == order
    for t in board.symmetries:
        assert set(board.mapper(t).values()) == board.cells


def test_eight_by_eight_minus_centre_has_all_eight():
    cells = {(r, c) for r in range(8) for c in range(8)} - {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert len(Board.of(cells).symmetries) == 8


def test_area_message_is_plain():
    board = Board.parse("8x8")
    pentominoes = [Piece(n, s) for n, s in PENTOMINOES.items()]
    assert problems(board, pentominoes) == "the board has 64 cells, the pieces cover 60"
    assert problems(board, pentominoes, gaps=True) is None


def test_parity_rules_out_the_five_tetrominoes_on_a_rectangle():
    # Four tetrominoes cover two dark and two light cells wherever they lie; the T covers 3 and 1.
    message = problems(Board.parse("5x4"), parse_piece_spec("tetrominoes"))
    assert message and "chessboard" in message
    assert problems(Board.parse("5x4"), parse_piece_spec("I4,O4,S4,L4,L4")) is None


def test_a_part_cut_off_from_the_rest_is_named_when_no_choice_of_pieces_fills_it():
    # 8x8 less a wall of four cells: 60 cells, but two of them closed off in the corner.
    board = Board.parse("..#.....\n###.....\n" + "........\n" * 6)
    pentominoes = [Piece(n, s) for n, s in PENTOMINOES.items()]
    assert [len(part) for part in regions(board)] == [2, 58]
    found = obstacle(board, pentominoes)
    assert found.region == {(0, 0), (0, 1)} and "has 2 cells" in found.reason
    assert problems(board, pentominoes) == found.reason
    assert obstacle(board, pentominoes, gaps=True) is None  # a part may stay empty then


def test_parts_whose_areas_are_sums_of_piece_sizes_pass():
    # Dominoes and a tromino: parts of 3 and 4 cells can each be covered by count.
    board = Board.parse("...#....")
    pieces = parse_piece_spec("I2:2,I3")
    assert [len(part) for part in regions(board)] == [3, 4]
    assert obstacle(board, pieces) is None
    one_part = Board.parse("....")
    assert regions(one_part) == [one_part.cells] and obstacle(one_part, parse_piece_spec("I2:2")) is None


def test_the_whole_board_is_the_region_of_the_area_and_colouring_counts():
    pentominoes = [Piece(n, s) for n, s in PENTOMINOES.items()]
    assert obstacle(Board.parse("8x8"), pentominoes).region == Board.parse("8x8").cells
    chess = obstacle(Board.parse("5x4"), parse_piece_spec("tetrominoes"))
    assert "chessboard" in chess.reason and chess.region == Board.parse("5x4").cells
