"""The Owner on the in-memory workbook: xlsolver writes only into empty cells and
its own, refuses (writing nothing) when the user's value is in the way, moves a
status sentence below the user's text and keeps it there, forgets a cell the user
changed, and clear gives back exactly the look from before; the record's text
round-trips, and a damaged record is no record."""

from __future__ import annotations

import json

import pytest

from xlsolver.core import InputError
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.ownership import Owner, Record, SheetRecord
from xlsolver.core.paint import BLACK, RED, GridLines, Memo, Paint, PaintPlan, TextLook, Write
from xlsolver.core.protocol import CellInfo, CellLook

SHEET = "S"
STATUS = (10, 2)


def book_with(cells: dict | None = None) -> MemoryWorkbook:
    return MemoryWorkbook({SHEET: {cell: CellInfo(value) if not isinstance(value, CellInfo) else value
                                   for cell, value in (cells or {}).items()}})


def owner(book: MemoryWorkbook, movable=STATUS) -> Owner:
    """An owner for one press, as jobs.run_sheet makes it: the record read from the book."""
    record = Record.read(book)
    return Owner(book, record.annotate(book.snapshot(SHEET)), record, movable=movable)


def press(book: MemoryWorkbook, *ops, movable=STATUS) -> Owner:
    guard = owner(book, movable)
    guard.apply(PaintPlan(SHEET, tuple(ops)))
    guard.commit()
    return guard


def state(book: MemoryWorkbook):
    """Everything the in-memory workbook holds (for "nothing changed")."""
    return (json.dumps({k: sorted(v.items()) for k, v in book.sheets.items()}, default=repr),
            repr(book.fonts), repr(book.formats), repr(book.layout), book.owned_record)


# --- refusing ---------------------------------------------------------------------

def test_a_write_over_the_users_value_refuses_the_whole_action_and_writes_nothing():
    book = book_with({(3, 3): "my note", (1, 1): 7})
    before = state(book)
    guard = owner(book)
    guard.apply(PaintPlan(SHEET, (Paint(BLACK, ((2, 2), (2, 3))), Write((2, 2), "x"))))
    guard.apply(PaintPlan(SHEET, (Write((4, 4), "fine"), Write((3, 3), "mine now"))))
    with pytest.raises(InputError) as caught:
        guard.commit()
    message = str(caught.value)
    assert "\n" not in message and message.startswith('S!C3: the cell holds "my note"')
    assert "nothing was written" in message
    assert state(book) == before  # not the first plan either, nor a record


def test_writing_the_value_a_cell_holds_and_emptying_the_users_cell_are_no_conflict():
    book = book_with({(3, 3): "same", (4, 4): 5})
    press(book, Write((3, 3), "same"), Write((4, 4), None), Write((5, 5), "new"))
    assert book.snapshot(SHEET).value(4, 4) == 5  # never emptied
    assert book.snapshot(SHEET).value(5, 5) == "new"


def test_a_long_value_in_the_way_is_cut_in_the_message():
    book = book_with({(3, 3): "x" * 100})
    with pytest.raises(InputError) as caught:
        press(book, Write((3, 3), "y"))
    assert "x" * 27 + "..." in str(caught.value) and "x" * 31 not in str(caught.value)


# --- the status sentence ------------------------------------------------------------

def test_a_status_sentence_moves_below_the_users_text_and_stays_there():
    book = book_with({STATUS: "my heading", (11, 2): "and more"})
    press(book, Write(STATUS, "solved"))
    snap = book.snapshot(SHEET)
    assert snap.value(*STATUS) == "my heading" and snap.value(11, 2) == "and more"
    assert snap.value(12, 2) == "solved"
    # The next press finds it where it went, even once the user's heading is gone.
    book.sheets[SHEET].pop(STATUS)
    press(book, Write(STATUS, "solved again"))
    snap = book.snapshot(SHEET)
    assert snap.value(12, 2) == "solved again" and snap.value(*STATUS) is None
    press(book, Memo("x", None))  # a plan of nothing changes nothing
    owner(book).clear()
    assert book.snapshot(SHEET).value(12, 2) is None and book.snapshot(SHEET).value(11, 2) == "and more"


def test_a_status_sentence_keeps_off_a_cell_the_user_coloured():
    book = book_with({STATUS: CellInfo(None, "FFFF00")})
    press(book, Write(STATUS, "solved"))
    snap = book.snapshot(SHEET)
    assert snap.get(*STATUS) == CellInfo(None, "FFFF00") and snap.value(11, 2) == "solved"
    assert not snap.free(*STATUS) and snap.free(12, 2)  # nor is it room for a pencil block


def test_a_status_sentence_with_no_free_cell_below_refuses():
    book = book_with({(STATUS[0] + k, STATUS[1]): f"line {k}" for k in range(0, 31)})
    before = state(book)
    with pytest.raises(InputError) as caught:
        press(book, Write(STATUS, "solved"))
    assert str(caught.value).startswith('S!B10: the cell holds "line 0"')
    assert state(book) == before


# --- whose a cell is ------------------------------------------------------------------

def test_a_cell_the_user_changed_after_xlsolver_is_theirs_again_and_clear_leaves_it():
    book = book_with({(1, 1): "title"})
    press(book, Paint(RED, ((2, 2), (2, 3))), Write((2, 2), 4), Write((2, 3), 5))
    book.sheets[SHEET][(2, 2)] = CellInfo(9, RED.fill)  # the user types over xlsolver's digit
    guard = owner(book)
    assert (2, 2) not in guard.snapshot(SHEET).owned and (2, 3) in guard.snapshot(SHEET).owned
    with pytest.raises(InputError):  # theirs: xlsolver does not write over it any more
        press(book, Write((2, 2), 4))
    assert owner(book).clear() == 1
    snap = book.snapshot(SHEET)
    assert snap.get(2, 2) == CellInfo(9, RED.fill)  # as the user left it
    assert snap.get(2, 3) == CellInfo() and snap.value(1, 1) == "title"


def test_xlsolver_writes_again_where_it_wrote():
    book = book_with()
    press(book, Write((2, 2), "first"))
    press(book, Write((2, 2), "second"))
    assert book.snapshot(SHEET).value(2, 2) == "second"


def test_a_read_commits_what_is_held_so_an_action_reads_its_own_writes():
    book = book_with()
    guard = owner(book)
    guard.apply(PaintPlan(SHEET, (Write((2, 2), "held"),)))
    assert book.snapshot(SHEET).value(2, 2) is None
    snap = guard.snapshot(SHEET)
    assert snap.value(2, 2) == "held" and (2, 2) in snap.owned


# --- clear --------------------------------------------------------------------------

def test_clear_gives_back_the_whole_look_from_before_and_takes_the_record_away():
    book = book_with({(2, 2): CellInfo("note", "00FF00")})
    book.formats[SHEET] = {(2, 2): CellLook(font_size=14.0, bold=True, edges=("thin", None, None, "medium FF0000"))}
    book.fonts[SHEET] = {(2, 2): "0000FF"}
    cells = [(r, c) for r in range(1, 5) for c in range(1, 5)]
    before = book.looks(SHEET, cells)
    press(book, Paint(BLACK, tuple(cells)), GridLines(1, 1, 4, 4, every=2), TextLook(1, 1, 4, 4, size=8),
          Write((3, 3), "x"))
    assert book.looks(SHEET, cells) != before and book.owned_record
    assert owner(book).clear() == 16
    assert book.looks(SHEET, cells) == before
    assert book.owned_record == ""


def test_clear_on_one_sheet_keeps_the_record_of_another():
    book = MemoryWorkbook({SHEET: {}, "T": {}})
    press(book, Write((1, 1), "here"))
    record = Record.read(book)
    other = Owner(book, record.annotate(book.snapshot("T")), record)
    other.apply(PaintPlan("T", (Write((1, 1), "there"),)))
    other.commit()
    owner(book).clear()
    assert set(Record.read(book).sheets) == {"T"} and book.snapshot("T").value(1, 1) == "there"


# --- memos and the record's text ----------------------------------------------------

def test_a_memo_round_trips_through_the_workbook_and_is_forgotten_on_none():
    book = book_with()
    press(book, Memo("givens", "1.2.|....|"))
    snap = Record.read(book).annotate(book.snapshot(SHEET))
    assert snap.memos == {"givens": "1.2.|....|"} and book.snapshot(SHEET).cells == {}
    press(book, Memo("givens", None))
    assert Record.read(book).annotate(book.snapshot(SHEET)).memos == {}


def test_the_record_text_round_trips():
    looks = [CellLook(), CellLook("note", "00FF00", True, "0000FF", 14.0, True, True,
                                  ("thin", None, "medium FF112233", "double"), native="openpyxl 1 {}"),
             CellLook(4.5), CellLook(True)]
    record = Record({
        "Sheet 1": SheetRecord({(2, 2): (looks[1], CellInfo("x", "808080")), (2, 3): (looks[0], CellInfo(None, "FFFFFF", True)),
                                (2, 4): (looks[0], CellInfo(None, "FFFFFF", True)), (7, 1): (looks[2], CellInfo(4.5)),
                                (8, 1): (looks[3], CellInfo(True))},
                               {"givens": "12..", "moved 10,2": "12,2"}),
        "=A1 'q'": SheetRecord({(1, 1): (looks[0], CellInfo("s"))}),
        "empty": SheetRecord(),
    })
    text = record.text()
    again = Record.parse(text)
    assert set(again.sheets) == {"Sheet 1", "=A1 'q'"}  # a sheet with nothing recorded is left out
    for name in again.sheets:
        assert again.sheets[name].cells == record.sheets[name].cells
        assert again.sheets[name].memos == record.sheets[name].memos
    assert again.text() == text
    assert Record().text() == ""


@pytest.mark.parametrize("text", [
    "not json at all",
    "[1, 2, 3]",
    '{"format": "xlsolver owned 99", "sheets": {}}',
    '{"format": "xlsolver owned 1"}',
    '{"format": "xlsolver owned 1", "sheets": {"S": {"looks": [{}], "cells": [[0, 5, [[2, 2, 2]]]]}}}',
    '{"format": "xlsolver owned 1", "sheets": {"S": {"looks": [{}], "cells": [[0, 0, [["a", 2, 2]]]]}}}',
    '{"format": "xlsolver owned 1", "sheets": {"S": {"looks": [{"edges": 7}], "cells": [[0, 0, [[2, 2, 2]]]]}}}',
    '{"format": "xlsolver owned 1", "sheets": {"S": 3}}',
])
def test_a_damaged_record_is_no_record(text):
    assert Record.parse(text).sheets == {}
    book = book_with({(2, 2): "the user's"})
    book.owned_record = text
    with pytest.raises(InputError):  # not taken for xlsolver's: never written over
        press(book, Write((2, 2), "x"))
    press(book, Write((3, 3), "y"))  # and the job goes on, with a record of its own
    assert set(Record.read(book).sheets) == {SHEET}
    owner(book).clear()
    assert book.snapshot(SHEET).cells == {(2, 2): CellInfo("the user's")}
