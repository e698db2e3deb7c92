"""Render the pictures of sudoku sheets in docs/images (sudoku-NAME-before.png ...).

Needs LibreOffice (Debian: libreoffice-calc-nogui), pdftoppm (poppler-utils)
and ImageMagick's convert; run from the repository root:

    python docs/make_sudoku_sheet_pictures.py

The pictures are sheets of the bundled workbook (workbooks/sudoku.xlsx) before
solving and after ``xlsolver solve`` painted them, and the first sheets of a
batch made by ``xlsolver generate sudoku``, as a spreadsheet program prints them.

Column widths are given in characters of the workbook's default font
(Calibri). Where Calibri and its metric twin Carlito are missing, LibreOffice
measures them in a wider font and square cells come out a quarter too wide; the
copy rendered here gets the widths Excel would show (``_as_excel``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import cell_ref
from xlsolver.jobs import Options, solve_workbook
from xlsolver.jobs.generate import SudokuRequest, generate_sudoku
from xlsolver.sheets.sudoku_sheet import read_sudoku
from xlsolver.sudoku import Shape

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
BOOK = ROOT / "workbooks" / "sudoku.xlsx"
# (sheet, before solving?, after solving?)
PICTURES = [("Nine", True, True), ("Tall", False, True), ("Twelve", False, True), ("Sixteen", True, True),
            ("Two ways", False, True), ("Clash", False, True), ("Dead end", False, True)]
STATUS_COLUMNS = 7  # the status sentence runs past the grid: print this many columns more
CHARS_PER_COLUMN = 7  # about as many characters of the sentence as a column of the grid holds (more for long ones)
# LibreOffice here: a column w characters wide is 6.98 w points; Excel: 5.25 w + 3.75 (7 px a character, 5 px padding).
_CALC_POINTS, _EXCEL_POINTS, _EXCEL_PAD = 6.98, 5.25, 3.75


def _as_excel(ws) -> None:
    for dim in ws.column_dimensions.values():
        if dim.width:
            dim.width = round((_EXCEL_POINTS * dim.width + _EXCEL_PAD) / _CALC_POINTS, 2)


def render(book: Path, sheet: str, png: Path, work: Path, area: str | None = None) -> None:
    """One sheet of ``book`` to a trimmed PNG, through LibreOffice's PDF export."""
    single = work / f"{png.stem}.xlsx"
    wb = OpenpyxlWorkbook.open(book)
    raw = wb.api
    for other in [ws for ws in raw.worksheets if ws.title != sheet]:
        raw.remove(other)
    ws = raw[sheet]
    if area is None:  # the title, the grid and the status sentence; the note beside the grid is left out
        layout, _ = read_sudoku(wb.snapshot(sheet))
        right = layout.left + layout.n - 1
        for row in ws.iter_rows(max_row=layout.status_cell[0] - 1, min_col=right + 1):
            for cell in row:
                cell.value = None
        sentence = str(ws.cell(*layout.status_cell).value or "")
        columns = max(STATUS_COLUMNS, -(-len(sentence) // CHARS_PER_COLUMN) - layout.n)  # room for all of it
        area = f"A1:{cell_ref(layout.status_cell[0], right + columns)}"
    ws.print_area = area
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    _as_excel(ws)
    wb.save(single)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(single)],
                   check=True, capture_output=True, timeout=180)
    subprocess.run(["pdftoppm", "-r", "110", "-png", "-singlefile", str(single.with_suffix(".pdf")),
                    str(work / png.stem)], check=True)
    subprocess.run(["convert", str(work / f"{png.stem}.png"), "-trim", "-bordercolor", "white",
                    "-border", "8", str(png)], check=True)
    print(f"rendered {png.name}")


def _stem(sheet: str) -> str:
    return "sudoku-" + sheet.lower().replace(" ", "")


def main() -> int:
    for tool in ("soffice", "pdftoppm", "convert"):
        if shutil.which(tool) is None:
            print(f"make_sudoku_sheet_pictures: {tool} is not installed", file=sys.stderr)
            return 1
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        solved = work / "solved-sudoku.xlsx"
        solve_workbook(BOOK, solved)
        for sheet, before, after in PICTURES:
            if before:
                render(BOOK, sheet, IMAGES / f"{_stem(sheet)}-before.png", work)
            if after:
                render(solved, sheet, IMAGES / f"{_stem(sheet)}-after.png", work)
        batch = work / "batch.xlsx"
        generate_sudoku(SudokuRequest(Shape(3, 3), 3, seed="docs", minimal=True, workers=1), batch, Options())
        render(batch, "Sudoku 1", IMAGES / "sudoku-generated.png", work, area="A1:I11")
        render(batch, "Index", IMAGES / "sudoku-index.png", work, area="A1:F17")
    return 0


if __name__ == "__main__":
    sys.exit(main())
