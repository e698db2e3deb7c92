"""Checks for lesson 02, painting. The expected looks are xlsolver's own (its
black, white and red styles, and what its solve paints into the lesson's
workbook); the palette is a table of Excel's default ColorIndex colours."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from openpyxl.styles import Border, PatternFill, Side

WORKBOOK = Path(__file__).resolve().parents[1] / "workbooks" / "02-painting.xlsx"
TOP, LEFT = 4, 4  # the Fish grid's top-left cell, D4

# Excel's default palette, by VBA ColorIndex.
PALETTE = {1: "000000", 2: "FFFFFF", 3: "FF0000", 4: "00FF00", 5: "0000FF", 6: "FFFF00", 7: "FF00FF",
           8: "00FFFF", 9: "800000", 10: "008000", 11: "000080", 12: "808000", 13: "800080", 14: "008080",
           15: "C0C0C0", 16: "808080", 48: "969696", 56: "333333"}


def _hex6(value, what: str) -> str:
    """``value`` as upper-case RRGGBB, or an AssertionError saying why it is not one."""
    if not isinstance(value, str) or len(value) != 6:
        raise AssertionError(f"{what}: expected six hex digits RRGGBB (no alpha in front) but got {value!r}")
    return value.upper()


def check_colorindex_rgb(colorindex_rgb) -> None:
    for n, expected in PALETTE.items():
        got = _hex6(colorindex_rgb(n), f"colorindex_rgb({n})")
        if got != expected:
            raise AssertionError(f"colorindex_rgb({n}): expected {expected} but got {got}")
    print(f"colorindex_rgb passed: {len(PALETTE)} ColorIndex colours, 16 is {PALETTE[16]} and 3 is {PALETTE[3]}")


def check_fill_rgb(fill_rgb) -> None:
    ws = openpyxl.load_workbook(WORKBOOK)["Old colours"]
    expected = {f"B{1 + n}": PALETTE[n] for n in range(1, 17)}
    expected.update({"E2": PALETTE[16], "E3": PALETTE[2], "E4": PALETTE[3]})
    for coordinate, colour in expected.items():
        got = fill_rgb(ws[coordinate])
        if got is None or _hex6(got, f"fill_rgb of {coordinate}") != colour:
            raise AssertionError(f"Old colours!{coordinate} is painted ColorIndex "
                                 f"{ws[coordinate].fill.fgColor.indexed - 7}: expected {colour} but got {got!r}")
    for coordinate in ("A1", "B1", "C5"):
        got = fill_rgb(ws[coordinate])
        if got is not None:
            raise AssertionError(f"Old colours!{coordinate} has no fill: expected None but got {got!r}")
    scratch = openpyxl.Workbook().active
    scratch["A1"].fill = PatternFill(fill_type="solid", fgColor="FF12AB34")
    got = fill_rgb(scratch["A1"])
    if got is None or _hex6(got, "fill_rgb of a cell filled FF12AB34") != "12AB34":
        raise AssertionError(f"a cell filled with the ARGB colour FF12AB34: expected 12AB34 but got {got!r}")
    print("fill_rgb passed: indexed colours, an RGB colour and cells without fill")


def _looks(cell) -> tuple[str | None, bool]:
    """(fill colour RRGGBB or None, has both diagonals) of a cell painted in RGB."""
    fill = cell.fill
    colour = fill.fgColor.rgb[-6:] if fill.fill_type == "solid" and fill.fgColor.type == "rgb" else None
    border = cell.border
    crossed = bool(border.diagonalUp and border.diagonalDown and border.diagonal is not None
                   and border.diagonal.style == "hair")
    return colour, crossed


def _described(looks: tuple[str | None, bool]) -> str:
    colour, crossed = looks
    return f"{'fill ' + colour if colour else 'no fill'}{' with both diagonals' if crossed else ''}"


def expected_looks() -> dict[str, tuple[str, bool]]:
    """Mark -> (fill, diagonals): xlsolver's black, white and red."""
    from xlsolver.core.paint import BLACK, RED, WHITE

    return {mark: (style.fill, style.diagonals) for mark, style in (("#", BLACK), (".", WHITE), ("!", RED))}


def check_paint_cell(paint_cell) -> None:
    looks = expected_looks()
    thin = Side(style="thin", color="FFA0A0A0")
    ws = openpyxl.Workbook().active
    for column, marks in enumerate(("#", ".", "!", ".#", "#.", "!."), start=1):
        cell = ws.cell(1, column)
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
        for mark in marks:
            paint_cell(cell, mark)
        got, want = _looks(cell), looks[marks[-1]]
        if got != want:
            steps = " then ".join(repr(m) for m in marks)
            raise AssertionError(f"a cell painted {steps}: expected {_described(want)} but got {_described(got)}")
        sides = [getattr(cell.border, name) for name in ("left", "right", "top", "bottom")]
        if any(side is None or side.style != "thin" for side in sides):
            raise AssertionError(f"a cell painted {marks[-1]!r} lost its thin grid lines: "
                                 "keep the left, right, top and bottom sides of its border")
    print("paint_cell passed: black, white with an X and red, as xlsolver paints them, grid lines kept")


def xlsolver_painted(sheet: str = "Fish"):
    """The sheet as ``xlsolver solve`` paints it (openpyxl's worksheet)."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.jobs import run_book
    from xlsolver.jobs.base import Options

    book = OpenpyxlWorkbook.open(WORKBOOK)
    run_book(book, str(WORKBOOK), sheet, Options(), "solve")
    return book.api[sheet]


def fish_solution() -> list[str]:
    """The Fish sheet's solution, as xlsolver finds it: one string a row, # black, . white."""
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.nonogram import format_grid, solve
    from xlsolver.sheets.nonogram_bw import read_nonogram

    _, puzzle, _ = read_nonogram(OpenpyxlWorkbook.open(WORKBOOK).snapshot("Fish"))
    return format_grid(solve(puzzle).solutions[0])


def check_paint_solution(paint_solution) -> None:
    solution = fish_solution()
    ws = openpyxl.load_workbook(WORKBOOK)["Fish"]
    paint_solution(ws, solution)
    reference = xlsolver_painted()
    for r in range(TOP - 3, TOP + len(solution) + 1):
        for c in range(1, LEFT + len(solution[0]) + 1):
            mine, theirs = _looks(ws.cell(r, c)), _looks(reference.cell(r, c))
            if mine != theirs:
                where = ws.cell(r, c).coordinate
                raise AssertionError(f"{where}: xlsolver paints {_described(theirs)}, yours has {_described(mine)}")
    print(f"paint_solution passed: the {len(solution[0])}x{len(solution)} grid painted cell for cell as xlsolver paints it")
