"""Render the polyomino pictures in docs/images from workbooks/polyomino.xlsx.

Needs LibreOffice (Debian: libreoffice-calc-nogui), pdftoppm (poppler-utils) and
ImageMagick's convert; run from the repository root:

    python docs/make_polyomino_pictures.py

Each picture is one sheet as a spreadsheet program shows it, before solving
(the workbook as made) or after ``xlsolver solve`` painted it.
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

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
BOOK = ROOT / "workbooks" / "polyomino.xlsx"
# (sheet, before solving?, after solving?)
PICTURES = [("6x10", True, True), ("Heart", True, True), ("8x8 centre", False, True), ("8x8 full", False, True),
            ("Custom", True, True), ("Pieces", True, False), ("3x20 #2", False, True)]


def slug(sheet: str) -> str:
    return sheet.lower().replace(" #", "-").replace(" ", "-")


def render_sheet(book: Path, sheet: str, png: Path, work: Path) -> None:
    """One sheet of ``book`` to a trimmed PNG, through LibreOffice's PDF export."""
    single = work / f"{png.stem}.xlsx"
    wb = OpenpyxlWorkbook.open(book)
    raw = wb.api
    for other in [ws for ws in raw.worksheets if ws.title != sheet]:
        raw.remove(other)
    ws = raw[sheet]
    ws.print_area = f"A1:{cell_ref(ws.max_row, ws.max_column + 9)}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    wb.save(single)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(single)],
                   check=True, capture_output=True, timeout=180)
    subprocess.run(["pdftoppm", "-r", "130", "-png", "-singlefile", str(single.with_suffix(".pdf")),
                    str(work / png.stem)], check=True)
    subprocess.run(["convert", str(work / f"{png.stem}.png"), "-trim", "-bordercolor", "white",
                    "-border", "8", str(png)], check=True)


def main() -> int:
    for tool in ("soffice", "pdftoppm", "convert"):
        if shutil.which(tool) is None:
            print(f"needs {tool}", file=sys.stderr)
            return 1
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        solved = work / "polyomino.solved.xlsx"
        solve_workbook(BOOK, out=solved)
        for sheet, before, after in PICTURES:
            for wanted, book, tag in ((before, BOOK, "before"), (after, solved, "after")):
                if wanted:
                    png = IMAGES / f"polyomino-{slug(sheet)}-{tag}.png"
                    render_sheet(book, sheet, png, work)
                    print(f"wrote {png.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
