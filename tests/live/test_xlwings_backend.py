"""The xlwings back end against the recording double: what it reads, what it
paints, and what painting costs in calls into Excel."""

from __future__ import annotations

import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.backends.xlwings_backend import XlwingsWorkbook
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.core.paint import BLACK, WHITE, PaintPlan, Write, group_by_style
from xlsolver.jobs import Options, run_book

from .puzzles import laid_out, square_rings, stripes_picture
from .xlwings_double import double_of

BUNDLED = "workbooks/nonogram.xlsx"


def painted_plan(sheet: str, picture: dict, top: int = 12, left: int = 12) -> PaintPlan:
    styled = {(top + r, left + c): BLACK if black else WHITE for (r, c), black in picture.items()}
    return PaintPlan(sheet, group_by_style(styled) + (Write((top + 52, left), "unique solution"),))


def hand_painted(size: int):
    """A double holding a laid-out nonogram painted with stripes by someone else than
    xlsolver (by hand, or before xlsolver kept its paint record): no record vouches for it."""
    book = MemoryWorkbook({"Puzzle": dict(laid_out(square_rings(size)))})
    book.apply(painted_plan("Puzzle", stripes_picture(size)))
    return double_of(book.snapshot("Puzzle").cells, "Puzzle")


def counted_apply(book, backend, plan) -> list[str]:
    start = len(book.calls)
    backend.apply(plan)
    return book.calls[start:]


def test_snapshot_reads_what_openpyxl_reads(repo_root):
    source = OpenpyxlWorkbook.open(repo_root / BUNDLED)
    for name in source.sheet_names():
        snap = source.snapshot(name)
        backend = XlwingsWorkbook(double_of(snap.cells, name))
        assert backend.snapshot(name).cells == snap.cells, name


def test_an_unpainted_sheet_is_read_in_a_few_calls():
    book = double_of(laid_out(square_rings(50)), "Puzzle")
    XlwingsWorkbook(book).snapshot("Puzzle")
    # one block of values, a look for the paint record (none here), one uniform format question
    assert len(book.calls) <= 16, book.calls


def test_a_sheet_is_read_once_until_it_is_painted():
    """A second snapshot of an unpainted sheet costs no call; a paint makes the next one read."""
    book = double_of(laid_out(square_rings(12)), "Puzzle")
    backend = XlwingsWorkbook(book)
    first = backend.snapshot("Puzzle")
    reads = len(book.calls)
    assert backend.snapshot("Puzzle") is first and len(book.calls) == reads
    backend.apply(PaintPlan("Puzzle", (Write((1, 1), "painted"),)))
    painted = len(book.calls)
    assert backend.snapshot("Puzzle").value(1, 1) == "painted" and len(book.calls) > painted


def test_a_press_on_a_bundled_sheet_reads_it_once(repo_root):
    """The press's snapshot is the one the action works on: the used range is read once."""
    from xlsolver.buttons import press

    source = OpenpyxlWorkbook.open(repo_root / BUNDLED)
    book = double_of(source.snapshot("Heart").cells, "Heart")
    [report] = press(XlwingsWorkbook(book), "solve", sheet="Heart")
    assert report.status == "unique"
    assert book.calls.count("Sheet.used_range") == 1, book.calls


def test_painting_50x50_costs_a_constant_number_of_calls():
    """Worst-case stripes (hundreds of rectangles per colour) cost the same calls as a
    10x10: one multi-area range per style, never a call per cell or per rectangle. The
    paint record adds a constant: its sheet made on the first paint, one write."""
    costs = {}
    for size in (10, 50):
        book = double_of(laid_out(square_rings(size)), "Puzzle")
        backend = XlwingsWorkbook(book)
        backend.snapshot("Puzzle")
        calls = counted_apply(book, backend, painted_plan("Puzzle", stripes_picture(size)))
        costs[size] = calls
        assert calls.count("Range.color=") == (2 if size == 10 else 4), calls  # 50x50: two names per style
    assert len(costs[10]) <= 30, costs[10]
    assert len(costs[50]) <= 2 * len(costs[10]), costs[50]


def test_painted_cells_read_back_as_planned():
    book = double_of(laid_out(square_rings(50)), "Puzzle")
    backend = XlwingsWorkbook(book)
    plan = painted_plan("Puzzle", stripes_picture(50))
    backend.apply(plan)
    snap = backend.snapshot("Puzzle")
    for style in (BLACK, WHITE):
        for cell in plan.cells_with(style):
            info = snap.get(*cell)
            assert (info.fill, info.diagonals) == (style.fill, style.diagonals), cell
    assert snap.value(64, 12) == "unique solution"


def test_refused_names_fall_back_to_address_chunks(monkeypatch):
    book = double_of(laid_out(square_rings(50)), "Puzzle")
    backend = XlwingsWorkbook(book)

    def refuse(name, refers_to):
        raise RuntimeError("the workbook is protected")

    monkeypatch.setattr(book.names, "add", refuse)
    plan = painted_plan("Puzzle", stripes_picture(50))
    calls = counted_apply(book, backend, plan)
    assert calls.count("Range.color=") > 4  # several 255-character chunks per style
    snap = backend.snapshot("Puzzle")
    assert all(snap.get(*cell).fill == BLACK.fill for cell in plan.cells_with(BLACK))


def test_screen_updating_comes_back_after_a_failure(monkeypatch):
    book = double_of(laid_out(square_rings(10)), "Puzzle")
    backend = XlwingsWorkbook(book)
    monkeypatch.setattr("xlsolver.backends.xlwings_backend._style",
                        lambda *a, **k: (_ for _ in ()).throw(RuntimeError("Excel is busy")))
    with pytest.raises(RuntimeError):
        backend.apply(painted_plan("Puzzle", stripes_picture(10)))
    assert book.app._screen_updating is True


def test_solve_through_the_job_paints_the_whole_grid():
    puzzle = square_rings(30)
    book = double_of(laid_out(puzzle), "Puzzle")
    [report] = run_book(XlwingsWorkbook(book), "book", "Puzzle", Options(), "solve")
    assert report.status == "unique"
    snap = XlwingsWorkbook(book).snapshot("Puzzle")
    painted = [info for info in snap.cells.values() if info.fill in (BLACK.fill, WHITE.fill)]
    assert len(painted) == 30 * 30


def test_a_sheet_painted_by_hand_is_read_from_a_saved_copy():
    """Halving a painted 50x50 would take thousands of questions: past a few, Excel
    saves a copy (one call) and the fills come from the file, the same as asked."""
    book = hand_painted(50)
    backend = XlwingsWorkbook(book)
    start = len(book.calls)
    snap = backend.snapshot("Puzzle")
    calls = book.calls[start:]
    assert calls.count("api.SaveCopyAs") == 1
    assert len(calls) < 400, len(calls)
    asked = {}
    assert backend._read_formats(book.sheets["Puzzle"], [(1, 1, 70, 70)], asked, None)
    assert {cell: (info.fill, info.diagonals) for cell, info in snap.cells.items()
            if info.fill or info.diagonals} == asked


def test_without_save_copy_the_halving_goes_on(monkeypatch):
    from . import xlwings_double

    def refuse(self, filename):
        raise AttributeError("SaveCopyAs")

    monkeypatch.setattr(xlwings_double._BookApi, "SaveCopyAs", refuse)
    book = hand_painted(30)
    plan = painted_plan("Puzzle", stripes_picture(30))
    snap = XlwingsWorkbook(book).snapshot("Puzzle")
    assert {c for c, i in snap.cells.items() if i.fill == BLACK.fill} == plan.cells_with(BLACK)


def test_save_writes_a_copy_and_keeps_the_open_book(tmp_path):
    book = double_of(laid_out(square_rings(10)), "Puzzle", fullname=str(tmp_path / "open.xlsx"))
    backend = XlwingsWorkbook(book)
    run_book(backend, "book", "Puzzle", Options(), "solve")
    backend.save(tmp_path / "copy.xlsx")
    saved = OpenpyxlWorkbook.open(tmp_path / "copy.xlsx").snapshot("Puzzle").cells
    assert saved == backend.snapshot("Puzzle").cells
    assert book.saved_to == [] and [p.name for p in tmp_path.iterdir()] == ["copy.xlsx"]
    backend.save(tmp_path / "open.xlsx")  # its own file: a plain save
    assert book.saved_to == ["None"]
