"""Write the workbooks with buttons into workbooks/excel (and their pictures into docs/images).

Run from the repository root:

    python workbooks/make_excel.py              # the workbooks (needs xlwings: pip install ".[excel]")
    python workbooks/make_excel.py --calc       # also the .ods workbooks with push buttons
    python workbooks/make_excel.py --pictures   # also docs/images/excel-*.png and calc-*.png

It is ``xlsolver excel workbooks/excel`` plus the pictures. The pictures are
rendered by a headless LibreOffice Calc through xlsolver's Calc back end; the
"after" pictures are a press of the Run button's action in that live Calc.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "workbooks" / "excel"
IMAGES = ROOT / "docs" / "images"


def render(book, png: Path, work: Path) -> None:
    """The first sheet of a live Calc document, fitted to one page, as a trimmed PNG."""
    from xlsolver.backends.calc_backend import properties

    doc = book.api
    sheet = doc.Sheets.getByIndex(0)
    style = doc.StyleFamilies.getByName("PageStyles").getByName(sheet.PageStyle)
    style.IsLandscape, style.Width, style.Height = True, 29700, 21000
    style.ScaleToPagesX, style.ScaleToPagesY = 1, 1
    page = sheet.DrawPage
    for i in range(page.Count):  # Excel's buttons do not print; show them in the picture
        control = getattr(page.getByIndex(i), "Control", None)
        if control is not None:
            control.Printable = True
    pdf = work / f"{png.stem}.pdf"
    doc.storeToURL(pdf.resolve().as_uri(), properties(FilterName="calc_pdf_Export"))
    subprocess.run(["pdftoppm", "-r", "110", "-png", "-singlefile", "-f", "1", "-l", "1", str(pdf),
                    str(work / png.stem)], check=True)
    subprocess.run(["convert", str(work / f"{png.stem}.png"), "-trim", "-bordercolor", "white", "-border", "10",
                    str(png)], check=True)


def pictures(folder: Path) -> list[Path]:
    from xlsolver.backends.calc_backend import CalcOffice
    from xlsolver.buttons import press

    made = []
    with CalcOffice() as office, tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        shots = [("xlsolver_nonogram.xlsm", "excel-nonogram", True), ("xlsolver_sudoku.xlsm", "excel-sudoku", True),
                 ("xlsolver_polyomino.xlsm", "excel-polyomino", True)]
        if (folder / "xlsolver_nonogram.ods").exists():
            shots.append(("xlsolver_nonogram.ods", "calc-nonogram", True))
        for name, stem, after in shots:
            book = office.open(folder / name)
            render(book, IMAGES / f"{stem}-before.png", work)
            made.append(IMAGES / f"{stem}-before.png")
            if after:
                press(book, None)  # the Action cell says solve: what the Run button does
                render(book, IMAGES / f"{stem}-after.png", work)
                made.append(IMAGES / f"{stem}-after.png")
            book.close()
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calc", action="store_true", help="also the .ods workbooks with push buttons")
    parser.add_argument("--pictures", action="store_true", help="also render docs/images/excel-*.png, calc-*.png")
    args = parser.parse_args(argv)
    from xlsolver.cli.button_workbooks import write_folder

    write_folder(FOLDER, calc=args.calc, say=lambda line: print(line.replace(str(ROOT) + "/", "")))
    if args.pictures:
        for path in pictures(FOLDER):
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
