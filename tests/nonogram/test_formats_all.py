"""Every file format: samples written here by hand, located errors, and round trips
``read(write(x)) == x`` over random black-and-white and colour puzzles."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.core import InputError
from xlsolver.nonogram.colour import ColourNonogram, Colour, clues_of
from xlsolver.nonogram.formats import FORMATS, format_for, format_named, read_puzzles, write_puzzles
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.model import Nonogram

from .oracle import runs

# A 3-row, 4-column "L with a dot", the same puzzle in every black-and-white format.
L_PUZZLE = Nonogram(((1,), (1, 1), (3,)), ((1,), (3,), (1,), (1,)))
L_ROWS = ["1", "1 1", "3"]
L_COLS = ["1", "3", "1", "1"]
L_SAMPLES = {
    "nin": "4 3\n" + "\n".join(L_ROWS + L_COLS) + "\n",
    "mk": "3 4\n" + "\n".join(L_ROWS) + "\n#\n" + "\n".join(L_COLS) + "\n",
    "cwd": "3\n4\n" + "\n".join(L_ROWS) + "\n\n" + "\n".join(L_COLS) + "\n",
    "g": "An L, made up for this test.\n: rows\n" + "\n".join(L_ROWS) + "\n: columns\n" + "\n".join(L_COLS) + "\n: end\n",
    "text": "1/1,1/3|1/3/1/1\n",
    "non": "width 4\nheight 3\nrows\n1\n1,1\n3\ncolumns\n1\n3\n1\n1\n",
    "xml": ("<puzzleset><puzzle><clues type='rows'><line><count>1</count></line>"
            "<line><count>1</count><count>1</count></line><line><count>3</count></line></clues>"
            "<clues type='columns'><line><count>1</count></line><line><count>3</count></line>"
            "<line><count>1</count></line><line><count>1</count></line></clues></puzzle></puzzleset>"),
}


@pytest.mark.parametrize("name", sorted(L_SAMPLES))
def test_each_format_reads_the_same_puzzle(name):
    (entry,) = FORMATS[name].read(L_SAMPLES[name], f"l.{name}")
    assert entry.puzzle == L_PUZZLE


@pytest.mark.parametrize("name", ["nin", "mk", "cwd", "text"])
def test_lenient_input(name):
    # CRLF, tabs and commas between numbers, blank lines around: all accepted.
    messy = "\r\n" + L_SAMPLES[name].replace("1 1", "1,\t1").replace("\n", "\r\n") + "\r\n\r\n"
    (entry,) = FORMATS[name].read(messy, "messy")
    assert entry.puzzle == L_PUZZLE


def test_empty_lines_in_each_format():
    puzzle = Nonogram(((1,), ()), ((1,), ()))
    assert FORMATS["nin"].read("2 2\n1\n0\n1\n0\n", "e")[0].puzzle == puzzle
    assert FORMATS["mk"].read("2 2\n1\n\n#\n1\n\n", "e")[0].puzzle == puzzle  # blank = empty, as pbnsolve reads it
    assert FORMATS["g"].read(": rows\n1\n\n: columns\n1\n0\n: end\n", "e")[0].puzzle == puzzle
    for name in FORMATS:
        if name != "taai":
            text = FORMATS[name].write([PuzzleEntry(puzzle)])
            assert FORMATS[name].read(text, "e")[0].puzzle == puzzle


def test_taai_file_with_several_puzzles():
    text = "$1\n2\n0\n1\n1\t1\n1\n0\n$2\n2\n2\n2\n2\n"
    entries = FORMATS["taai"].read(text, "set.txt")
    assert [e.title for e in entries] == ["1", "2"]
    # Column clues come first, then row clues.
    assert entries[0].puzzle == Nonogram(((1, 1), (1,), ()), ((2,), (), (1,)))
    assert entries[1].puzzle == Nonogram(((2,), (2,)), ((2,), (2,)))
    assert FORMATS["taai"].write(entries) == text


def test_colour_g_file_with_default_colour_and_comments():
    text = ("Comments come first.\n#d\n   m:%  blue   modra\n   0:   white  bila\n   1:*  black  cerna\n"
            ": rows\n2 1m\n1m 1\n: columns\n1\n1 1m\n1m 1\n: end\ntrailing text\n")
    (entry,) = read_g_text(text)
    colours = {c.name: c.char for c in entry.puzzle.palette}
    assert set(colours) == {"blue", "black"}
    b, k = colours["blue"], colours["black"]
    assert entry.puzzle.rows == (((2, k), (1, b)), ((1, b), (1, k)))
    assert entry.puzzle.cols == (((1, k),), ((1, k), (1, b)), ((1, b), (1, k)))


def read_g_text(text):
    return FORMATS["g"].read(text, "c.g")


def test_colour_xml_with_goal_and_saved():
    text = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset><puzzle type="grid" defaultcolor="red">
<title>Two &amp; two</title>
<color name="white" char=".">fff</color>
<color name="red" char="r">f00</color>
<color name="green" char="g">00ff00</color>
<clues type="rows"><line><count>1</count><count color="green">1</count></line><line/></clues>
<clues type="columns"><line><count>1</count></line><line><count color="green">1</count></line></clues>
<solution type="goal"><image>|rg|
|..|</image></solution>
<solution type="saved"><image>|r?|
|.[rg.]|</image></solution>
</puzzle></puzzleset>"""
    (entry,) = FORMATS["xml"].read(text, "c.xml")
    assert entry.title == "Two & two"
    assert entry.puzzle.rows == (((1, "r"), (1, "g")), ())
    assert entry.puzzle.palette == (Colour("r", "red", "FF0000"), Colour("g", "green", "00FF00"))
    assert entry.goal == ("rg", "..") and entry.saved == (("r?", ".?"),)


def test_colour_non_file():
    text = "color r #ff0000 red\ncolor g #00ff00\nwidth 2\nheight 1\nrows\n1r,1g\ncolumns\n1r\n1g\ngoal \"rg\"\n"
    (entry,) = FORMATS["non"].read(text, "c.non")
    assert entry.puzzle.palette[1] == Colour("g", "green", "00FF00")  # named from its value
    assert entry.goal == ("rg",)


def test_saved_grids_in_non():
    text = L_SAMPLES["non"] + 'saved "0?00 01?1 1110"\nsaved "????????????"\n'
    (entry,) = FORMATS["non"].read(text, "s.non")
    assert entry.saved == ((".?..", ".#?#", "###."), ("????",) * 3)


@pytest.mark.parametrize("name, text, where, words", [
    ("nin", "4 3\n1\n1 x\n3\n1\n3\n1\n1\n", "bad:3", 'row 2: "x" is not a number'),
    ("nin", "4\n1\n", "bad:1", "expected WIDTH HEIGHT"),
    ("nin", "4 3\n1\n1 1\n3\n1\n3\n1\n", "bad", "found 6 clue lines, expected 3 rows + 4 columns"),
    ("nin", "4 3\n1\n5\n3\n1\n3\n1\n1\n", "bad:3", "row 2: clue 5 needs 5 cells, the line has 4"),
    ("mk", "3 4\n1\n1 1\n3\n1\n3\n1\n1\n", "bad", 'no "#" line'),
    ("mk", "3 4\n1\n1 1\n3\n#\n1\n3\n9\n1\n", "bad:8", "column 3: clue 9 needs 9 cells"),
    ("cwd", "3\nfour\n", "bad:2", "expected WIDTH"),
    ("g", "1\n2\n", "bad", 'no ": rows" line'),
    ("g", ": rows\n1\n: columns\n1q\n: end\n", "bad:4", 'column 1: colour "q" is not declared'),
    ("g", "#d\n  r:r  nosuchcolour\n: rows\n1r\n: columns\n1r\n: end\n", "bad:2", "neither #RRGGBB"),
    ("taai", "1\n$1\n1\n1\n", "bad:1", 'expected "$N" before the clues'),
    ("taai", "$1\n1\n1\n1\n", "bad:1", "3 clue lines"),
    ("text", "1/1|1/1\n1/x|1/1\n", "bad:2", 'row 2: "x" is not a number'),
    ("xml", "<puzzleset><puzzle>\n<clues type='rows'>\n<line><count>x</count></line>\n</clues></puzzle></puzzleset>",
     "bad:3", '<count> holds "x"'),
    ("xml", "<puzzleset>\n<puzzle>\n</puzzleset>", "bad:3", "not well-formed XML"),
    ("xml", "<puzzleset><puzzle>\n<clues type='rows'><line><count color='blue'>1</count></line></clues>\n"
     "<clues type='columns'><line><count color='blue'>1</count></line></clues></puzzle></puzzleset>",
     "bad:1", 'colour "blue" is used in a clue but never declared'),
])
def test_errors_name_the_file_and_line(name, text, where, words):
    with pytest.raises(InputError) as caught:
        FORMATS[name].read(text, "bad")
    assert caught.value.where == where
    assert words in caught.value.message


def test_writers_refuse_what_their_format_cannot_hold():
    colour = PuzzleEntry(ColourNonogram((((1, "r"),),), (((1, "r"),),), (Colour("r", "red", "F00"),)))
    bw = PuzzleEntry(Nonogram(((1,),), ((1,),)))
    for name in ("nin", "mk", "cwd", "taai"):
        with pytest.raises(ValueError, match="no colours"):
            write_puzzles([colour], name)
    for name in ("nin", "mk", "cwd", "g", "non"):
        with pytest.raises(ValueError, match="one puzzle"):
            write_puzzles([bw, bw], name)
    with pytest.raises(ValueError, match="square"):
        write_puzzles([PuzzleEntry(L_PUZZLE)], "taai")


def test_registry_by_name_and_suffix(tmp_path):
    assert format_named(".NIN") is FORMATS["nin"] and format_named("pbn") is FORMATS["xml"]
    assert format_for("a/b.cwd") is FORMATS["cwd"]
    assert format_for("set.txt", "$1\n1\n1\n") is FORMATS["taai"]
    assert format_for("one.txt", "1|1\n") is FORMATS["text"]
    with pytest.raises(InputError, match="suffix"):
        format_for("x.doc")
    path = tmp_path / "l.mk"
    path.write_text(L_SAMPLES["mk"])
    assert read_puzzles(path)[0].puzzle == L_PUZZLE


# --- round trips --------------------------------------------------------------

PALETTE = (Colour("r", "red", "FF0000"), Colour("g", "green", "00AA00"), Colour("b", "blue", "0000FF"))


@st.composite
def pictures(draw, colours: int, square: bool = False):
    h = draw(st.integers(1, 7))
    w = h if square else draw(st.integers(1, 7))
    alphabet = "." + "".join(c.char for c in PALETTE[:colours]) if colours else ".#"
    return [draw(st.text(alphabet, min_size=w, max_size=w)) for _ in range(h)]


def bw_puzzle(picture):
    rows = tuple(runs(ch == "#" for ch in row) for row in picture)
    cols = tuple(runs(row[j] == "#" for row in picture) for j in range(len(picture[0])))
    return Nonogram(rows, cols)


@st.composite
def entries(draw, name):
    fmt = FORMATS[name]
    colour = fmt.colour and draw(st.booleans())
    count = draw(st.integers(1, 3)) if fmt.many else 1
    found = []
    for k in range(count):
        picture = draw(pictures(draw(st.integers(1, 3)) if colour else 0, square=name == "taai"))
        puzzle = clues_of(picture, PALETTE) if colour else bw_puzzle(picture)
        if colour:
            puzzle = ColourNonogram(puzzle.rows, puzzle.cols, PALETTE)  # every colour declared
        entry = PuzzleEntry(puzzle)
        if name in ("non", "xml"):
            title = draw(st.none() | st.text(st.characters(codec="utf-8", blacklist_categories=("Cs", "Cc")),
                                             min_size=1, max_size=12).map(str.strip).filter(bool))
            if name == "non":
                title = None if title is None else title.replace('"', "'")
            unknown = lambda row: "".join("?" if draw(st.booleans()) else ch for ch in row)
            saved = tuple(tuple(unknown(row) for row in picture) for _ in range(draw(st.integers(0, 2))))
            entry = PuzzleEntry(puzzle, title, draw(st.none() | st.just(tuple(picture))), saved)
        elif name == "taai":
            entry = PuzzleEntry(puzzle, title=str(k + 1))
        found.append(entry)
    return found


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_round_trip(name):
    @settings(max_examples=60, derandomize=True, deadline=None)
    @given(entries(name))
    def check(original):
        text = FORMATS[name].write(original)
        assert FORMATS[name].read(text, "round") == original
        assert FORMATS[name].write(FORMATS[name].read(text, "round")) == text  # canonical: a fixpoint

    check()


def test_xml_keeps_colours_without_declaring_every_unused_one():
    picture = ["r.g", "rrg"]
    entry = PuzzleEntry(clues_of(picture, PALETTE[:2]), "RG", tuple(picture))
    assert FORMATS["xml"].read(FORMATS["xml"].write([entry]), "x") == [entry]


@pytest.mark.corpus
def test_corpus_files_read(corpora):
    entries = read_puzzles(corpora / "nonogram" / "tournament" / "taai2011-questions.txt")
    assert len(entries) == 1000 and all(e.puzzle.shape == (25, 25) for e in entries)
    assert entries[0].title == "1" and entries[-1].title == "1000"
    for path in sorted((corpora / "nonogram" / "webpbn").glob("*.non")):
        (entry,) = read_puzzles(path)
        assert entry.goal is None or all(runs(ch == "#" for ch in row) == clue
                                         for row, clue in zip(entry.goal, entry.puzzle.rows))
