"""Live spreadsheets: what painting costs in Excel calls, and how fast a live Calc solves.

Run from the repository root (LibreOffice needed for the Calc part):

    python benchmarks/live.py

1. Calls into Excel, counted by the recording double of xlwings
   (tests/live/xlwings_double.py), for painting a solved 50x50 nonogram: a
   picture of few rectangles, and diagonal stripes where every run of cells
   is its own rectangle (the worst case for merging). The issue's target is
   at most (distinct fills + 5) calls.
2. Seconds for a solve of a 30x30 nonogram on a live Calc document, painting
   included, beside the same solve on an openpyxl workbook in memory, in one
   run (the issue's target: under 2 s). soffice's start-up is timed apart.
"""

from __future__ import annotations

import math
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "live"))

from puzzles import laid_out, picture_nonogram, seed_plan, square_rings, stripes_picture  # noqa: E402
from xlwings_double import double_of  # noqa: E402

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook  # noqa: E402
from xlsolver.backends.xlwings_backend import XlwingsWorkbook  # noqa: E402
from xlsolver.core.paint import BLACK, WHITE, Paint, PaintPlan, Write, group_by_style  # noqa: E402
from xlsolver.jobs import Options, run_book  # noqa: E402


def blobs(size: int):
    return picture_nonogram(size, size, lambda r, c: math.sin(r / 2.5) + math.cos(c / 3.1) + math.sin((r + c) / 4) > 0.4)


def diagonal(size: int):
    return picture_nonogram(size, size, lambda r, c: (r + 2 * c) % 9 < 4)


def solved_plan(sheet: str, picture: dict, top: int, left: int) -> PaintPlan:
    styled = {(top + r, left + c): BLACK if black else WHITE for (r, c), black in picture.items()}
    return PaintPlan(sheet, group_by_style(styled) + (Write((top + 52, left), "unique solution"),))


def count_paint(name: str, picture: dict) -> None:
    book = double_of(laid_out(square_rings(50)), "Puzzle")
    backend = XlwingsWorkbook(book)
    backend.snapshot("Puzzle")
    plan = solved_plan("Puzzle", picture, 12, 12)
    fills = len({op.style.fill for op in plan.ops if isinstance(op, Paint)})
    start = len(book.calls)
    backend.apply(plan)
    calls = book.calls[start:]
    native = sum(1 for c in calls if c.startswith("api."))
    print(f"  {name:<34} {len(calls):>4} calls ({len(calls) - native} on xlwings objects, {native} on Excel's "
          f"Interior/Borders)   target {fills + 5}")
    return Counter(calls)


def calls_section() -> None:
    print("Painting a solved 50x50 nonogram through xlwings (recording double):")
    rings = {(r, c): max(abs(r - 24.5), abs(c - 24.5)) % 6 < 3 for r in range(50) for c in range(50)}
    count_paint("square rings (few rectangles)", rings)
    worst = count_paint("diagonal stripes (worst case)", stripes_picture(50))
    print("  calls of the worst case:", ", ".join(f"{k} x{v}" for k, v in sorted(worst.items())))
    book = double_of(laid_out(square_rings(50)), "Puzzle")
    backend = XlwingsWorkbook(book)
    run_book(backend, "bench", "Puzzle", Options(), "solve")
    print(f"  whole solve job, square rings 50x50: {len(book.calls)} calls (reading the sheet included)")
    start = len(book.calls)
    backend.snapshot("Puzzle")
    print(f"  reading that sheet again once painted (as step and check do): {len(book.calls) - start} calls, "
          f"{book.calls[start:].count('api.SaveCopyAs')} of them SaveCopyAs")


def calc_section(repeats: int = 5) -> None:
    try:
        from xlsolver.backends.calc_backend import CalcOffice, find_soffice, import_uno

        import_uno()
        if find_soffice() is None:
            raise RuntimeError("soffice is not installed")
    except Exception as err:  # noqa: BLE001 - report and go on
        print(f"\nLive Calc: skipped ({err})")
        return
    print(f"\nSolve of a 30x30 nonogram, painting included (median of {repeats}; machine shared, timings noisy):")
    with tempfile.TemporaryDirectory() as temp:
        started = time.perf_counter()
        with CalcOffice() as office:
            print(f"  soffice start-up: {time.perf_counter() - started:.2f} s (once per session)")
            for label, puzzle in (("blobs (line logic)", blobs(30)), ("diagonals (needs search)", diagonal(30))):
                path = Path(temp) / "p.xlsx"
                book = OpenpyxlWorkbook.new()
                book.add_sheet("Puzzle")
                book.apply(seed_plan("Puzzle", laid_out(puzzle)))
                book.save(path)
                calc_times, file_times, status = [], [], None
                for _ in range(repeats):
                    live = office.open(path)
                    t0 = time.perf_counter()
                    [report] = run_book(live, "bench", "Puzzle", Options(), "solve")
                    calc_times.append(time.perf_counter() - t0)
                    live.close()
                    status = report.status
                    memory = OpenpyxlWorkbook.open(path)
                    t0 = time.perf_counter()
                    run_book(memory, "bench", "Puzzle", Options(), "solve")
                    file_times.append(time.perf_counter() - t0)
                calc, file = statistics.median(calc_times), statistics.median(file_times)
                verdict = "meets" if calc < 2.0 else "misses"
                print(f"  {label:<26} {status:<7} live Calc {calc:.3f} s   openpyxl {file:.3f} s   "
                      f"ratio {calc / file:.2f}   ({verdict} the 2 s target)")


def main() -> int:
    calls_section()
    calc_section()
    return 0


if __name__ == "__main__":
    sys.exit(main())
