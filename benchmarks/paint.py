"""Painting benchmark: a solved nonogram painted and saved through xlsolver's
openpyxl back end, against XlsxWriter writing the same fills into a new file.

Run from the repository root:

    python benchmarks/paint.py [--sizes 100,300] [--repeat 5]

For each size a random picture (fixed seed, about half black) becomes a
puzzle with xlsolver itself (its clues), laid out by the sheets' import plan
(hints, grid lines, square cells) and saved; that file is the input. The
result painted is the picture itself, as a unique solve paints it: black
cells #808080, white cells #FFFFFF with both diagonal hairline borders, and
the verdict sentence.

Timed, each --repeat times in turn, medians printed:
  open      OpenpyxlWorkbook.open of the laid-out file (not part of the ratio)
  snapshot  reading the sheet into a SheetSnapshot (not part of the ratio)
  apply     applying the paint plan
  save      saving the painted workbook
  floor     XlsxWriter writing the same cells with the same two fills into a new file

The ratio is (apply + save) / floor; the issue's target is at most 3 for
300x300. The floor writes only the painted cells, while the back end's file
also carries the hints, grid lines and sizes it was given, as a solved
workbook does. XlsxWriter is in the bench extra (pip install ".[bench]" in the clone).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Status
from xlsolver.core.paint import GREY, PaintPlan
from xlsolver.nonogram import BLOCK, DOT, NonogramResult
from xlsolver.nonogram.picture import Drawing
from xlsolver.sheets.nonogram_bw import import_plan, nonogram_plan
from xlsolver.sheets.nonogram_layout import NonogramLayout, find_layout

SHEET = "Puzzle"
PHASES = ("open", "snapshot", "apply", "save", "floor")


def laid_out(size: int, folder: Path) -> tuple[Path, np.ndarray]:
    """A saved workbook holding a random ``size`` x ``size`` puzzle, and its picture."""
    picture = np.random.default_rng(size).random((size, size)) < 0.5
    book = OpenpyxlWorkbook.new()
    book.add_sheet(SHEET)
    book.apply(import_plan(Drawing.from_bool(picture).puzzle(), SHEET, f"Random {size}x{size}"))
    path = folder / f"puzzle{size}.xlsx"
    book.save(path)
    return path, picture


def solved_plan(layout: NonogramLayout, picture: np.ndarray) -> PaintPlan:
    known = np.where(picture, BLOCK, DOT).astype(np.int8)
    return nonogram_plan(layout, NonogramResult(Status.UNIQUE, (picture,), known, ""), SHEET)


def time_xlsolver(path: Path, picture: np.ndarray, out: Path) -> dict[str, float]:
    seconds = {}
    start = time.perf_counter()
    book = OpenpyxlWorkbook.open(path)
    seconds["open"] = time.perf_counter() - start
    start = time.perf_counter()
    snap = book.snapshot(SHEET)
    seconds["snapshot"] = time.perf_counter() - start
    plan = solved_plan(find_layout(snap), picture)
    start = time.perf_counter()
    book.apply(plan)
    seconds["apply"] = time.perf_counter() - start
    start = time.perf_counter()
    book.save(out)
    seconds["save"] = time.perf_counter() - start
    return seconds


def time_xlsxwriter(cells: list[tuple[int, int, bool]], out: Path) -> float:
    """XlsxWriter writing ``(row, col, black)`` cells (1-based) into a new file."""
    import xlsxwriter

    start = time.perf_counter()
    book = xlsxwriter.Workbook(str(out))
    sheet = book.add_worksheet(SHEET)
    black = book.add_format({"pattern": 1, "bg_color": f"#{GREY}"})
    white = book.add_format({"pattern": 1, "bg_color": "#FFFFFF",
                             "diag_type": 3, "diag_border": 7, "diag_color": f"#{GREY}"})  # 3: both, 7: hair
    for row, col, is_black in cells:
        sheet.write_blank(row - 1, col - 1, None, black if is_black else white)
    book.close()
    return time.perf_counter() - start


def run(size: int, repeat: int, folder: Path) -> dict[str, float]:
    path, picture = laid_out(size, folder)
    layout = find_layout(OpenpyxlWorkbook.open(path).snapshot(SHEET))
    cells = [(*layout.cell(r, c), bool(black)) for (r, c), black in np.ndenumerate(picture)]
    runs: dict[str, list[float]] = {phase: [] for phase in PHASES}
    for _ in range(repeat):  # in turn, so both see the same machine load
        gc.collect()  # neither pays for collecting what the other left
        for phase, seconds in time_xlsolver(path, picture, folder / "painted.xlsx").items():
            runs[phase].append(seconds)
        gc.collect()
        runs["floor"].append(time_xlsxwriter(cells, folder / "floor.xlsx"))
    return {phase: statistics.median(times) for phase, times in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,300", help="square puzzle sizes, comma separated")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each, medians printed")
    args = parser.parse_args()
    print(f"medians of {args.repeat} runs, seconds")
    print(f"{'size':>8} {'cells':>7} {'open':>7} {'snapshot':>8} {'apply':>7} {'save':>7} {'paint':>7}"
          f" {'floor':>7} {'ratio':>6}")
    ratios = {}
    with tempfile.TemporaryDirectory() as folder:
        for size in (int(s) for s in args.sizes.split(",")):
            m = run(size, args.repeat, Path(folder))
            paint = m["apply"] + m["save"]
            ratios[size] = paint / m["floor"]
            print(f"{size}x{size:<4} {size * size:>7} {m['open']:>7.3f} {m['snapshot']:>8.3f} {m['apply']:>7.3f}"
                  f" {m['save']:>7.3f} {paint:>7.3f} {m['floor']:>7.3f} {ratios[size]:>6.2f}")
    print("paint = apply + save through xlsolver's openpyxl back end; floor = XlsxWriter, the same fills, a new file")
    if 300 in ratios:
        verdict = "met" if ratios[300] <= 3 else "not met"
        print(f"target: 300x300 painted and saved within 3x of XlsxWriter: {ratios[300]:.2f}x, {verdict}")


if __name__ == "__main__":
    main()
