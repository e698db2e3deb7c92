"""Boards: parsing, symmetry groups, area and parity checks."""

import pytest

from xlsolver.polyomino import Board, PENTOMINOES, Piece, parse_piece_spec, problems


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
