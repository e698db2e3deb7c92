"""Render the sudoku pictures in docs/images: a hint with pencil marks, and a
Steps sheet, as LibreOffice shows them.

Needs LibreOffice, pdftoppm and Pillow (to trim the pages); run from the
repository root:

    python docs/make_sudoku_pictures.py
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.jobs import run_book
from xlsolver.jobs.base import Options
from xlsolver.sheets.sudoku_sheet import sudoku_import_plan
from xlsolver.sudoku import Shape
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.techniques import explain

from trim import trimmed  # docs/trim.py, beside this script

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"


def render(book: OpenpyxlWorkbook, sheet: str, area: str, png: Path, work: Path, widths=None) -> None:
    raw = book.api
    for other in [ws for ws in raw.worksheets if ws.title != sheet]:
        raw.remove(other)
    ws = raw[sheet]
    for col, width in (widths or {}).items():
        ws.column_dimensions[col].width = width
    ws.print_area = area
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    single = work / f"{png.stem}.xlsx"
    book.save(single)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(single)],
                   check=True, capture_output=True, timeout=180)
    subprocess.run(["pdftoppm", "-r", "130", "-png", "-singlefile", "-f", "1", str(single.with_suffix(".pdf")),
                    str(work / png.stem)], check=True)
    trimmed(work / f"{png.stem}.png", png)


def hinted_book(seed: str, technique_wanted: tuple[str, ...]) -> OpenpyxlWorkbook:
    """A sheet stepped up to the first step of one of ``technique_wanted``, then hinted with pencil marks."""
    made = make_puzzle(Shape(3, 3), seed)
    steps = list(explain(made.puzzle, made.solution))
    k = next(i for i, s in enumerate(steps) if s.technique in technique_wanted)
    book = OpenpyxlWorkbook.new()
    book.apply(sudoku_import_plan(made.puzzle, "Sudoku"))
    for _ in range(k):
        run_book(book, "doc", "Sudoku", Options(), "step")
    run_book(book, "doc", "Sudoku", Options(settings={"pencil": True}), "hint")
    return book


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        book = hinted_book("rating:5", ("XY-Wing", "W-Wing", "AIC", "Locked Candidates (Pointing)"))
        ws = book.api["Sudoku"]
        for col in range(11, 20):
            ws.column_dimensions[ws.cell(1, col).column_letter].width = 7
        render(book, "Sudoku", "A1:S14", IMAGES / "sudoku-hint.png", work)

        made = make_puzzle(Shape(3, 3), "rating:2")
        book = OpenpyxlWorkbook.new()
        book.apply(sudoku_import_plan(made.puzzle, "Sudoku"))
        run_book(book, "doc", "Sudoku", Options(), "explain")
        render(book, "Sudoku steps", "A1:D30", IMAGES / "sudoku-steps.png", work)
    print("written:", IMAGES / "sudoku-hint.png", IMAGES / "sudoku-steps.png")


if __name__ == "__main__":
    main()
