"""The ``.non`` format: reading, canonical writing, round trips, located errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import InputError
from xlsolver.nonogram import NonFile, Nonogram, read_non, write_non

# A small file in the webpbn export style (made up here: a 3x4 "L" with a dot).
SAMPLE = """catalogue "test #1"
title "An L"
by "Nobody"
copyright "none"
width 4
height 3

rows
1
1,1
3

columns
3
1
1
0

goal "010001011110"
"""


def test_reads_keys_sections_and_goal():
    parsed = read_non(SAMPLE, source="l.non")
    assert parsed.title == "An L"
    assert parsed.puzzle == Nonogram(((1,), (1, 1), (3,)), ((3,), (1,), (1,), ()))
    assert parsed.goal_grid().tolist() == [[False, True, False, False],
                                           [False, True, False, True],
                                           [True, True, True, False]]


def test_an_empty_line_inside_a_section_is_an_empty_clue():
    text = "width 2\nheight 3\nrows\n1\n\n2\ncolumns\n2\n1\n"
    assert read_non(text).puzzle.rows == ((1,), (), (2,))


def test_a_trailing_empty_line_is_a_clue_when_the_count_needs_it():
    # The last row is empty: written as an empty line, then a separating empty line.
    text = "width 1\nheight 3\nrows\n1\n1\n\n\ncolumns\n2\n"
    assert read_non(text).puzzle.rows == ((1,), (1,), ())


def test_lenient_input():
    text = "\r\n".join(["height 3", "columns", "1 1", "0", "rows", "1", "0", "  1  ", "width 2", ""])
    parsed = read_non(text)
    assert parsed.puzzle == Nonogram(((1,), (), (1,)), ((1, 1), ()))
    assert parsed.title is None and parsed.goal is None


def test_written_form_is_canonical():
    text = write_non(Nonogram(((1,), ()), ((1,), ())), title="Dot", goal=np.array([[1, 0], [0, 0]], bool))
    assert text == 'title "Dot"\nwidth 2\nheight 2\n\nrows\n1\n0\n\ncolumns\n1\n0\n\ngoal "1000"\n'


def test_writing_refuses_what_cannot_be_read_back():
    puzzle = Nonogram(((1,),), ((1,),))
    with pytest.raises(ValueError):
        write_non(puzzle, title="two\nlines")
    with pytest.raises(ValueError):
        write_non(puzzle, goal="10")


def test_sample_round_trips():
    parsed = read_non(SAMPLE)
    assert read_non(write_non(parsed.puzzle, parsed.title, parsed.goal)) == parsed


@pytest.mark.parametrize("text, where, words", [
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\nx\n", "bad.non:7", 'column 2: clue "x" is not numbers'),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n1,-1\n", "bad.non:7", "not numbers"),
    ("width 2\nheight 1\nrows\n3\ncolumns\n1\n0\n", "bad.non:4", "row 1: clue 3 needs 3 cells"),
    ("width 2\nheight 2\nrows\n1\ncolumns\n1\n0\n", "bad.non:4", "has 1 clues, expected 2"),
    ("width 1\nheight 1\nrows\n1\n1\ncolumns\n1\n", "bad.non:5", "has 2 clues, expected 1"),
    ("height 1\nrows\n1\ncolumns\n1\n", "bad.non", 'no "width" line'),
    ("width two\nheight 1\nrows\n1\ncolumns\n1\n", "bad.non:1", "whole number"),
    ("width 1\nheight 1\nrows\n1\n", "bad.non", 'no "columns" section'),
    ("width 1\nheight 1\nrows\n1\ncolumns\n1\nrows\n1\n", "bad.non:7", "second"),
    ("width 1\nheight 1\nrows\n1\ncolumns\n1\ngoal \"10\"\n", "bad.non:7", "goal must be 1 digits"),
    ("width 1\n3,4\nheight 1\n", "bad.non:2", "expected a key"),
    ("width 1\nwidth 2\nheight 1\n", "bad.non:2", "appears twice"),
])
def test_errors_name_the_file_and_line(text, where, words):
    with pytest.raises(InputError) as caught:
        read_non(text, source="bad.non")
    assert caught.value.where == where
    assert words in caught.value.message
    assert str(caught.value).startswith(where + ": ")


@st.composite
def non_files(draw):
    h, w = draw(st.integers(1, 8)), draw(st.integers(1, 8))

    def clue(length):
        numbers, used = [], 0
        for n in draw(st.lists(st.integers(1, length), max_size=length)):
            if used + n + (1 if numbers else 0) > length:
                break
            used += n + (1 if numbers else 0)
            numbers.append(n)
        return tuple(numbers)

    puzzle = Nonogram(tuple(clue(w) for _ in range(h)), tuple(clue(h) for _ in range(w)))
    title = draw(st.none() | st.text(st.characters(blacklist_characters="\r\n"), max_size=20))
    goal = draw(st.none() | st.text("01", min_size=h * w, max_size=h * w))
    return NonFile(puzzle, title, goal)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(non_files())
def test_round_trip(parsed):
    assert read_non(write_non(parsed.puzzle, title=parsed.title, goal=parsed.goal)) == parsed
