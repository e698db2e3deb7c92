"""Render the pictures in docs/images from the bundled workbook.

Needs LibreOffice (Debian: libreoffice-calc-nogui), pdftoppm (poppler-utils)
and ImageMagick's convert; run from the repository root:

    python docs/make_pictures.py

Each picture is one sheet of a bundled workbook (workbooks/nonogram.xlsx,
workbooks/nonogram-colour.xlsx) as a spreadsheet program shows it, before
solving and after `xlsolver solve` painted it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import cell_ref
from xlsolver.jobs import solve_workbook
from xlsolver.sheets.nonogram_sheet import find_layout

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
# For each bundled workbook: (sheet, before solving?, after solving?)
PICTURES = {
    "nonogram.xlsx": [("Heart", True, True), ("Robot", True, True), ("House", True, False),
                      ("Twins", False, True), ("Clash", False, True), ("Owl", False, True)],
    "nonogram-colour.xlsx": [("Mushroom", True, True), ("Tulip", False, True)],
}


def render_sheet(book: Path, sheet: str, png: Path, work: Path) -> None:
    """One sheet of ``book`` to a trimmed PNG, through LibreOffice's PDF export."""
    single = work / f"{png.stem}.xlsx"
    wb = OpenpyxlWorkbook.open(book)
    raw = wb.api
    for other in [ws for ws in raw.worksheets if ws.title != sheet]:
        raw.remove(other)
    layout = find_layout(wb.snapshot(sheet))
    # Print the title, hints, grid and status sentence; notes beside the grid are left out.
    ws = raw[sheet]
    for row in ws.iter_rows(max_row=layout.bottom, min_col=layout.right + 1):
        for cell in row:
            cell.value = None
    ws.print_area = f"A1:{cell_ref(layout.status_cell[0], layout.right + 14)}"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    wb.save(single)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(single)],
                   check=True, capture_output=True, timeout=180)
    subprocess.run(["pdftoppm", "-r", "170", "-png", "-singlefile", str(single.with_suffix(".pdf")),
                    str(work / png.stem)], check=True)
    subprocess.run(["convert", str(work / f"{png.stem}.png"), "-trim", "-bordercolor", "white",
                    "-border", "8", str(png)], check=True)


def main() -> int:
    for tool in ("soffice", "pdftoppm", "convert"):
        if shutil.which(tool) is None:
            print(f"make_pictures: {tool} is not installed", file=sys.stderr)
            return 1
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name, pictures in PICTURES.items():
            book = ROOT / "workbooks" / name
            solved = work / f"solved-{name}"
            solve_workbook(book, solved)
            for sheet, before, after in pictures:
                if before:
                    render_sheet(book, sheet, IMAGES / f"nonogram-{sheet.lower()}-before.png", work)
                if after:
                    render_sheet(solved, sheet, IMAGES / f"nonogram-{sheet.lower()}-after.png", work)
                print(f"rendered {sheet}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
