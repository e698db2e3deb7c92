"""Puzzle files that cannot hurt: every reader refuses what it cannot read with one
line naming the file (and the line), in time and memory bounded by the file's size
and the limits, and never sends a file's control characters to the terminal.

The hostile files here are made by hand, one for each way a reader once failed;
tests/fuzz/test_puzzle_files.py runs them (and random ones) through the command line."""

from __future__ import annotations

import os
import time

import pytest

from xlsolver.core import InputError
from xlsolver.core.files import decode_text, printable, read_head, read_input
from xlsolver.core.limits import Limits
from xlsolver.nonogram.formats import FORMATS, read_puzzles
from xlsolver.nonogram.formats_entry import TITLE_LIMIT, PuzzleEntry
from xlsolver.nonogram.model import Nonogram, parse_number

PLUS_NON = "width 3\nheight 3\nrows\n1\n3\n1\ncolumns\n1\n3\n1\n"


def refused(name: str, text: str | bytes, source: str = "f") -> InputError:
    """The one error reading ``text`` in format ``name`` gives (fails if it reads)."""
    with pytest.raises(InputError) as caught:
        FORMATS[name].read(text, source)
    message = str(caught.value)
    assert "\n" not in message and "\x1b" not in message and message.startswith(printable(source))
    return caught.value


# --- numbers -----------------------------------------------------------------

@pytest.mark.parametrize("text", ["²", "2³", "٣", "１", "-1", "1e3", ""])
def test_only_ascii_digits_are_numbers(text):
    with pytest.raises(ValueError, match="is not a number"):
        parse_number(text, "row 1")


def test_a_number_longer_than_the_limit_is_refused_before_int():
    assert parse_number("000000000007", "x") == 7  # leading zeros are not digits of the value
    with pytest.raises(ValueError, match="5000 digits, more than the limit of 9"):
        parse_number("9" * 5000, "x")
    assert parse_number("1" * 12, "x", digits=12) == int("1" * 12)


@pytest.mark.parametrize("name, text, where", [
    ("non", "width ²\nheight 1\n", "f:1"),
    ("non", "width 1\nheight 1\nrows\n2³\ncolumns\n1\n", "f:4"),
    ("non", "width 1\nheight 1\nrows\n" + "9" * 5000 + "\ncolumns\n1\n", "f:4"),
    ("nin", "1 ²\n1\n1\n", "f:1"),
    ("mk", "1 1\n" + "9" * 5000 + "\n#\n1\n", "f:2"),
    ("cwd", "1\n1\n²\n\n1\n", "f:3"),
    ("g", ": rows\n2³\n: columns\n1\n: end\n", "f:2"),
    ("taai", "$1\n²\n1\n", "f:2"),
    ("text", "²|1\n", "f:1"),
    ("text", "1r|1r|r=red:FF0000,g=x:00FF00\n1²r|1r|r=red:FF0000\n", "f:2"),
    ("xml", "<puzzleset><puzzle><clues type='rows'><line><count>²</count></line></clues>"
            "<clues type='columns'><line><count>1</count></line></clues></puzzle></puzzleset>", "f:1"),
    ("xml", "<puzzleset><puzzle><clues type='rows'><line><count>" + "9" * 5000 + "</count></line></clues>"
            "<clues type='columns'><line><count>1</count></line></clues></puzzle></puzzleset>", "f:1"),
])
def test_unicode_digits_and_long_numbers_are_located_errors(name, text, where):
    assert refused(name, text).where == where


# --- sizes -------------------------------------------------------------------

@pytest.mark.parametrize("name, text", [
    ("non", "width 20000\nheight 20000\nrows\n" + "0\n" * 20000 + "columns\n" + "0\n" * 20000),
    ("non", "width 100000\nheight 100000\n"),
    ("nin", "100000 100000\n"),
    ("mk", "100000 100000\n"),
    ("cwd", "100000\n100000\n"),
    ("text", "/" * 2000 + "|" + "/" * 2000 + "\n"),
    ("taai", "$1\n" + "1\n" * 4002),
    ("g", ": rows\n" + "0\n" * 1001 + ": columns\n" + "0\n" * 1001 + ": end\n"),
    ("xml", "<puzzleset><puzzle><clues type='rows'>" + "<line/>" * 1001 + "</clues><clues type='columns'>"
            + "<line/>" * 1001 + "</clues></puzzle></puzzleset>"),
])
def test_a_puzzle_above_the_size_limit_is_refused_before_it_is_built(name, text):
    started = time.perf_counter()
    error = refused(name, text)
    assert "more than the limit of 1,000,000" in error.message and "--max-cells" in error.message
    assert time.perf_counter() - started < 2


def test_the_limit_is_the_callers():
    big = "width 1001\nheight 1000\nrows\n" + "0\n" * 1000 + "columns\n" + "0\n" * 1001
    refused("non", big)
    (entry,) = FORMATS["non"].read(big, "f", Limits(puzzle_cells=2_000_000))
    assert entry.puzzle.shape == (1000, 1001)


# --- time linear in the line -------------------------------------------------

@pytest.mark.parametrize("name, text", [
    # A colour clue that almost matches: one nested pattern for the line took exponential time.
    ("non", "width 2\nheight 2\nrows\n" + "1a  " * 40 + "!\n1\ncolumns\n1\n1\n"),
    # A key line with long runs of spaces: "(.*?)\s*$" tried every split of them.
    ("non", "title x" + " " * 200_000 + "x" + " " * 200_000 + "x\nwidth 1\nheight 1\nrows\n1\ncolumns\nq\n"),
])
def test_no_line_costs_more_than_its_length(name, text):
    started = time.perf_counter()
    refused(name, text)
    assert time.perf_counter() - started < 1


# --- XML ---------------------------------------------------------------------

LAUGHS = ('<?xml version="1.0"?><!DOCTYPE puzzleset [<!ENTITY a "ha">'
          + "".join(f'<!ENTITY {chr(98 + k)} "{("&" + chr(97 + k) + ";") * 10}">' for k in range(9))
          + ']>\n<puzzleset><puzzle><title>&j;</title></puzzle></puzzleset>')


def test_entity_declarations_are_refused_before_they_expand():
    assert len(LAUGHS) < 1024
    started = time.perf_counter()
    error = refused("xml", LAUGHS)
    assert "declares an entity" in error.message and error.where == "f:1"
    assert time.perf_counter() - started < 1


def test_external_entities_are_refused_and_never_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("s3cret")
    text = (f'<?xml version="1.0"?>\n<!DOCTYPE p [<!ENTITY x SYSTEM "file://{secret}">]>\n'
            "<puzzleset><puzzle><title>&x;</title></puzzle></puzzleset>")
    error = refused("xml", text)
    assert "entity" in error.message and "s3cret" not in str(error)


def test_an_undefined_entity_is_a_located_error():
    text = '<?xml version="1.0"?>\n<!DOCTYPE pbn SYSTEM "x.dtd">\n<puzzleset><title>&nope;</title></puzzleset>'
    assert refused("xml", text).where == "f:3"


def test_a_webpbn_doctype_is_read_without_following_it():
    text = ('<?xml version="1.0"?>\n<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">\n'
            "<puzzleset><puzzle><clues type='rows'><line><count>1</count></line></clues>"
            "<clues type='columns'><line><count>1</count></line></clues></puzzle></puzzleset>")
    (entry,) = FORMATS["xml"].read(text, "f")
    assert entry.puzzle == Nonogram(((1,),), ((1,),))


def test_deep_nesting_is_refused_at_its_line():
    text = "<puzzleset>\n" + "<a>" * 50_000 + "</a>" * 50_000 + "</puzzleset>"
    error = refused("xml", text)
    assert "nested deeper than 64" in error.message and error.where == "f:2"


def test_more_elements_than_the_limits_allow_are_refused():
    text = "<puzzleset>" + "<x/>" * 20_001 + "</puzzleset>"
    error = FORMATS["xml"].read  # 2 x 10,000 cells allow 20,000 elements
    with pytest.raises(InputError, match="more than 20,000 XML elements"):
        error(text, "f", Limits(puzzle_cells=10_000))


def test_a_megabyte_title_costs_linear_time():
    lines = "a long title line\n" * 60_000  # about 1 MB over many lines: one text event per line
    text = ("<puzzleset><puzzle><title>" + lines + "</title><clues type='rows'><line><count>1</count></line>"
            "</clues><clues type='columns'><line><count>1</count></line></clues></puzzle></puzzleset>")
    started = time.perf_counter()
    (entry,) = FORMATS["xml"].read(text, "f")
    assert time.perf_counter() - started < 2
    assert entry.title.startswith("a long title line a long") and len(entry.title) <= TITLE_LIMIT + 3


def test_xml_bytes_are_decoded_as_declared():
    text = ("<?xml version='1.0' encoding='ISO-8859-1'?><puzzleset><puzzle><title>Caf\xe9</title>"
            "<clues type='rows'><line><count>1</count></line></clues>"
            "<clues type='columns'><line><count>1</count></line></clues></puzzle></puzzleset>")
    (entry,) = FORMATS["xml"].read(text.encode("latin-1"), "f")
    assert entry.title == "Café"


@pytest.mark.parametrize("text", ["", "<", "<puzzleset>", "\x00\x01", "<a></b>"])
def test_broken_xml_is_one_located_line(text):
    assert "not well-formed XML" in refused("xml", text).message


# --- what reaches the terminal -------------------------------------------------

def test_control_characters_from_a_file_are_shown_escaped():
    error = refused("non", "title \"\x1b[31mred\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n\x1b]0;owned\x07\n")
    assert "\\x1b]0;owned\\x07" in error.message
    error = refused("nin", "1 1\n\u202e1\n1\n", "evil\x1b[2J.nin")
    assert error.where == "evil\\x1b[2J.nin:2" and "\\u202e1" in error.message


def test_a_long_quote_is_cut():
    error = refused("non", "x" * 100_000 + "\n")
    assert len(str(error)) < 200


def test_titles_are_one_printable_line():
    entry = PuzzleEntry(Nonogram(((1,),), ((1,),)), "Two\n  lines\tand \x1b[31m red " + "x" * 500)
    assert entry.title.startswith("Two lines and \\x1b[31m red x") and "\n" not in entry.title
    assert entry.title.endswith("x...") and len(entry.title) == TITLE_LIMIT + 3 + 3  # "\x1b" is 4 characters
    assert PuzzleEntry(entry.puzzle, " \n ").title is None


def test_printable():
    assert printable("plain Olšák ²") == "plain Olšák ²"
    assert printable("a\tb\x1b\x9b\u2028\u200f") == "a\\tb\\x1b\\x9b\\u2028\\u200f"
    assert printable("x" * 50, 10) == "x" * 10 + "..."


# --- the file itself -----------------------------------------------------------

def test_only_regular_files_are_read(tmp_path):
    fifo = tmp_path / "pipe.non"
    os.mkfifo(fifo)
    folder = tmp_path / "folder.non"
    folder.mkdir()
    zero = tmp_path / "zero.non"
    zero.symlink_to("/dev/zero")
    for path, what in ((fifo, r"a pipe \(FIFO\)"), (folder, "a folder"), (zero, "a device")):
        started = time.perf_counter()
        with pytest.raises(InputError, match=f"it is {what}, not a file") as caught:
            read_puzzles(path)
        assert caught.value.where == str(path) and time.perf_counter() - started < 1
        assert read_head(path) == b""


def test_a_file_above_the_byte_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.non"
    path.write_text(PLUS_NON + "#" * 2000)
    with pytest.raises(InputError, match="larger than the limit of 1,000 bytes"):
        read_input(path, Limits(file_bytes=1000))
    assert read_input(path, Limits(file_bytes=len(PLUS_NON) + 2000)).startswith(b"width")


def test_a_missing_file_is_named(tmp_path):
    with pytest.raises(InputError, match="No such file") as caught:
        read_puzzles(tmp_path / "nope.non")
    assert caught.value.where.endswith("nope.non")


@pytest.mark.parametrize("data, text", [
    (b"\xef\xbb\xbfwidth", "width"),
    ("width é".encode("utf-16"), "width é"),
    ("width é".encode("utf-32"), "width é"),
    ("Café".encode("cp1252"), "Café"),
    (b"\x81\x8d", "\x81\x8d"),  # no letter of Windows-1252: read as Latin-1
])
def test_decode_text(data, text):
    assert decode_text(data, "f") == text


def test_binary_data_is_refused_with_its_line():
    with pytest.raises(InputError, match="binary data") as caught:
        decode_text(b"width 1\nheight 1\n\x00\x01\x02", "f.non")
    assert caught.value.where == "f.non:3"


def test_every_format_reads_its_file_through_the_registry(tmp_path):
    path = tmp_path / "plus.non"
    path.write_bytes(b"\xef\xbb\xbf" + PLUS_NON.replace("\n", "\r\n").encode())
    (entry,) = read_puzzles(path)
    assert entry.puzzle == Nonogram(((1,), (3,), (1,)), ((1,), (3,), (1,)))
