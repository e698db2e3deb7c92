"""Polyomino jobs: boards drawn in sheets (the layout of :mod:`xlsolver.sheets.polyomino_sheet`),
tiled, counted and painted; and the board-and-pieces runs of ``xlsolver tile``."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from xlsolver.core import Budget, InputError, PaintPlan, cell_ref
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.ownership import Owner
from xlsolver.core.progress import Progress, ProgressFn
from xlsolver.jobs.base import DONE, Options, Report, sheet_title
from xlsolver.jobs.registry import Found, SheetReader, limits_of
from xlsolver.polyomino.board import Board
from xlsolver.polyomino.pieces import Piece

if TYPE_CHECKING:  # annotations only: telling a sheet's kind loads no solver
    from xlsolver.polyomino.solver import TilingResult
from xlsolver.core.protocol import SheetSnapshot, WorkbookBackend
from xlsolver.sheets.polyomino_sheet import (
    PIECES_SHEET,
    PolyominoLayout,
    PolyominoPuzzle,
    board_import_plan,
    detect_polyomino,
    polyomino_plan,
    read_pieces_sheet,
    read_polyomino,
    status_sentence,
    tiling_rows,
    tiling_sheet_plan,
)

__all__ = ["KIND", "clear_sheet", "lay_out", "locate", "sample_plan", "solve_sheet", "own_solution_sheets", "remove_solution_sheets", "report",
           "solution_sheet_name", "tile"]

KIND = "polyomino"


def solution_sheet_name(sheet: str, k: int) -> str:
    """The sheet that shows tiling ``k`` (2, 3, ...) of ``sheet``: ``Board #2``. The same
    name on every run, so solving again repaints it instead of adding another."""
    return sheet_title(f"{sheet[:26]} #{k}", [])


def _named(progress: ProgressFn, what: str) -> ProgressFn:
    def show(p: Progress) -> None:
        progress(replace(p, what=what))
    return show


def tile(puzzle: PolyominoPuzzle, options: Options, what: str, keep: int | None, limit: int | None = None,
         up_to_symmetry: bool = True, where: str = "") -> TilingResult:
    """Solve one board within the options' budget and limits, keeping ``keep`` tilings
    (None: all), progress going to ``options.progress``. The budget covers making the
    placements and the search tables too; pieces with more placements than
    ``options.limits`` allow raise InputError, placed at ``where``."""
    from xlsolver.polyomino.solver import solve

    try:
        return solve(puzzle.board, list(puzzle.pieces), gaps=puzzle.gaps, up_to_symmetry=up_to_symmetry,
                     limit=limit, keep=keep, budget=Budget(seconds=options.budget_seconds),
                     progress=_named(options.progress, what), limits=options.limits)
    except InputError as err:
        raise InputError(err.message, err.where or where) from None


def report(source: str, sheet: str | None, puzzle: PolyominoPuzzle, result: TilingResult, height: int,
           width: int, message: str) -> Report:
    """The report of one board: the verdict, the counts, the tilings kept as rows of letters."""
    extra = {
        "count": result.count_up_to_symmetry, "raw_count": result.count, "symmetries": result.symmetries,
        "complete": result.complete, "method": result.method, "nodes": result.nodes,
        "pieces": [f"{p.name}:{p.count}" if p.count != 1 else p.name for p in puzzle.pieces],
        # Each tiling kept, piece by piece (the letter rows cannot tell two touching copies apart).
        "placements": [[[name, [list(rc) for rc in cells]] for name, cells in t] for t in result.tilings],
    }
    solutions = [tiling_rows(puzzle.board, t, height, width) for t in result.tilings]
    return Report(source=source, sheet=sheet, status=result.status.value, message=message, kind=KIND,
                  seconds=result.seconds, rows=height, cols=width, solutions=solutions, extra=extra)


def paint_extra(book: WorkbookBackend, layout: PolyominoLayout, puzzle: PolyominoPuzzle, result: TilingResult,
                sheet: str) -> list[str]:
    """Tilings 2, 3, ... on sheets of their own. Returns their names."""
    made = []
    total = f"{result.count_up_to_symmetry}" + ("" if result.complete else "+")
    for k, tiling in enumerate(result.tilings[1:], start=2):
        name = solution_sheet_name(sheet, k)
        book.add_sheet(name)
        book.apply(tiling_sheet_plan(layout, puzzle, tiling, name, f"Solution {k} of {total} ({sheet})"))
        made.append(name)
    return made


def own_solution_sheets(book: WorkbookBackend, sheet: str) -> dict[int, str]:
    """The sheets an earlier solve of ``sheet`` made for its tilings 2, 3, ...: {k: name},
    only those whose title still says they show solution k of ``sheet`` (a sheet the
    user made under such a name is not ours to remove)."""
    names = set(book.sheet_names())
    own = {}
    for k in range(2, len(names) + 2):
        name = solution_sheet_name(sheet, k)
        if name in names and any(isinstance(info.value, str) and info.value.startswith(f"Solution {k} of ")
                                 and info.value.endswith(f"({sheet})") for info in book.snapshot(name).cells.values()):
            own[k] = name
    return own


def remove_solution_sheets(book: WorkbookBackend, sheet: str, keep: int = 1) -> list[str]:
    """Remove the sheets of tilings beyond the first ``keep`` that an earlier solve left
    (solving again with fewer solutions, or clearing). Returns their names."""
    gone = [name for k, name in sorted(own_solution_sheets(book, sheet).items()) if k > keep]
    for name in gone:
        book.remove_sheet(name)
    return gone


def _library(reader: SheetReader | None, sheet: str) -> dict:
    """The pieces drawn on the book's Pieces sheet (none when it has no such sheet,
    or the sheet is read alone)."""
    if reader is None or sheet == PIECES_SHEET or PIECES_SHEET not in reader.names():
        return {}
    return read_pieces_sheet(reader.snapshot(PIECES_SHEET))


def locate(snap: SheetSnapshot, reader: SheetReader | None = None) -> Found | None:
    """A board drawn in cells under a "Polyomino" title (or named Board), read with the
    pieces of the book's Pieces sheet."""
    if not detect_polyomino(snap):
        return None
    try:
        layout, puzzle = read_polyomino(snap, _library(reader, snap.name), limits_of(reader))
    except InputError as err:
        return Found(KIND, snap, None, error=err)
    return Found(KIND, snap, layout, puzzle)


def solve_sheet(book: WorkbookBackend, found: Found, options: Options) -> Report:
    """Tile the board, paint the first tiling and give each further one kept a sheet."""
    layout, puzzle, name = found.layout, found.read(), found.snap.name
    what = f"{name} ({layout.width}x{layout.height})"
    options.on_start(what)
    result = tile(puzzle, options, f"tiling {what}", keep=puzzle.solutions,
                  where=f"{name}!{cell_ref(*(layout.spec_cell or layout.title or (layout.top, layout.left)))}")
    book.apply(polyomino_plan(layout, puzzle, result, name))
    remove_solution_sheets(book, name, keep=len(result.tilings))
    sheets = paint_extra(book, layout, puzzle, result, name)
    out = report(book.source, name, puzzle, result, layout.height, layout.width,
                 status_sentence(result, puzzle))
    out.extra["sheets"] = sheets
    return out


def clear_sheet(book: Owner, found: Found, options: Options) -> Report:
    """The board back as drawn (every cell xlsolver changed given back), and the
    solution sheets an earlier solve made removed."""
    layout, name = found.layout, found.snap.name  # no layout when the board does not read: clear all the same
    book.clear()
    gone = remove_solution_sheets(book, name)
    also = f"; removed the solution sheets {', '.join(gone)}" if gone else ""
    board = f"the board {layout.range}" if layout is not None else "every cell xlsolver painted"
    return Report("", name, DONE, f"{board} is back as drawn{also}", kind=KIND,
                  rows=layout.height if layout else 0, cols=layout.width if layout else 0, extra={"removed": gone})


def sample_plan(sheet: str) -> PaintPlan:
    """The sample sheet of ``xlsolver excel``: a 20x3 rectangle for the twelve pentominoes."""
    return board_import_plan(Board.rectangle(20, 3), sheet, "Pentominoes", spec="pentominoes")


def lay_out(book: WorkbookBackend, board: Board, pieces: list[Piece], result: TilingResult, sheet: str,
            spec: str, solutions: int, limits: Limits = DEFAULT_LIMITS) -> None:
    """A board, its pieces and a result as a polyomino sheet, painted (``xlsolver tile -o``),
    read back within the run's ``limits`` (the ones the board was read with)."""
    book.add_sheet(sheet)
    book.apply(board_import_plan(board, sheet, "Polyomino", spec, solutions))
    snap = book.snapshot(sheet)
    layout, puzzle = read_polyomino(snap, limits=limits)
    if sorted(puzzle.board.cells) != sorted(board.cells):
        raise InputError("the laid-out board does not read back as given", sheet)
    puzzle = PolyominoPuzzle(puzzle.board, tuple(pieces), puzzle.gaps, solutions)
    book.apply(polyomino_plan(layout, puzzle, result, sheet))
    paint_extra(book, layout, puzzle, result, sheet)
