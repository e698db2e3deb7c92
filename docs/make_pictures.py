"""Render the pictures in docs/images from the bundled workbook.

Needs LibreOffice (Debian: libreoffice-calc-nogui), pdftoppm (poppler-utils)
and Pillow (to trim the pages); run from the repository root:

    python docs/make_pictures.py

Each picture is one sheet of a bundled workbook (workbooks/nonogram.xlsx,
workbooks/nonogram-colour.xlsx) as a spreadsheet program shows it, before
solving and after `xlsolver solve` painted it; then the actions besides
solve (step, hint, explain, check, clear) on copies of those sheets, and a
puzzle made from an image drawn here.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import cell_ref
from xlsolver.core.paint import BLACK, WHITE, Paint, PaintPlan
from xlsolver.jobs import Options, run_paths, solve_workbook
from xlsolver.jobs.picture import PictureSettings, make_puzzle
from xlsolver.sheets.nonogram_layout import find_layout

from trim import trimmed  # docs/trim.py, beside this script

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
    ws = raw[sheet]
    if layout is None:  # a Steps or picture sheet: print what is there
        ws.print_area = f"A1:{cell_ref(min(ws.max_row, MAX_ROWS), ws.max_column)}"
    else:
        # Print the title, hints, grid (with a step's arrows beside it) and status sentence;
        # notes beside the grid are left out.
        for row in ws.iter_rows(max_row=layout.bottom, min_col=layout.right + 2):
            for cell in row:
                cell.value = None
        ws.print_area = f"A1:{cell_ref(layout.status_cell[0] + 1, layout.right + 14)}"
    ws.page_setup.fitToWidth = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    wb.save(single)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(single)],
                   check=True, capture_output=True, timeout=180)
    subprocess.run(["pdftoppm", "-r", "170", "-png", "-singlefile", str(single.with_suffix(".pdf")),
                    str(work / png.stem)], check=True)
    trimmed(work / f"{png.stem}.png", png)


MAX_ROWS = 22  # rows of a Steps sheet shown


def action_pictures(work: Path) -> None:
    """The actions besides solve (docs/nonogram-explain.md), each on a copy of a bundled sheet."""
    book = ROOT / "workbooks" / "nonogram.xlsx"
    steps = work / "steps.xlsx"
    shutil.copy(book, steps)
    for _ in range(4):
        run_paths([steps], "step", sheet="Heart", in_place=True)
    render_sheet(steps, "Heart", IMAGES / "nonogram-heart-step.png", work)
    run_paths([steps], "hint", work / "hint.xlsx", sheet="Heart")
    render_sheet(work / "hint.xlsx", "Heart", IMAGES / "nonogram-heart-hint.png", work)
    run_paths([book], "explain", work / "explained.xlsx", sheet="Owl")
    render_sheet(work / "explained.xlsx", "Owl steps", IMAGES / "nonogram-owl-steps.png", work)
    # A player's grid with two mistakes, then checked.
    played = work / "played.xlsx"
    wb = OpenpyxlWorkbook.open(book)
    layout = find_layout(wb.snapshot("Heart"))
    cells = [(1, c) for c in range(9)] + [(2, c) for c in range(9)]
    wb.apply(PaintPlan("Heart", (Paint(BLACK, tuple(layout.cell(r, c) for r, c in cells if (r, c) != (1, 4))),
                                 Paint(BLACK, (layout.cell(0, 0),)), Paint(WHITE, (layout.cell(1, 4),)),
                                 Paint(WHITE, (layout.cell(3, 2),)))))
    wb.save(played)
    render_sheet(played, "Heart", IMAGES / "nonogram-heart-played.png", work)
    run_paths([played], "check", work / "checked.xlsx", sheet="Heart")
    render_sheet(work / "checked.xlsx", "Heart", IMAGES / "nonogram-heart-checked.png", work)
    # Robot solved, then cleared: its givens come back.
    run_paths([book], "solve", work / "robot.xlsx", sheet="Robot")
    run_paths([work / "robot.xlsx"], "clear", work / "robot-cleared.xlsx", sheet="Robot")
    render_sheet(work / "robot-cleared.xlsx", "Robot", IMAGES / "nonogram-robot-cleared.png", work)
    print("rendered the actions")


ROCKET = """
......##......
.....####.....
.....#..#.....
....##..##....
....######....
....##..##....
...###..###...
..##########..
..##.####.##..
.##...##...##.
......##......
"""


# Two stars below the rocket, one in each bottom corner: they could swap corners.
STARS = "#.............\n.............#\n"


def draw(text: str, path: Path, scale: int = 12) -> None:
    """A picture drawn as text (# dark), saved as an image ``scale`` pixels a cell."""
    from PIL import Image

    rows = text.split()
    image = Image.new("RGB", (len(rows[0]), len(rows)), "white")
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                image.putpixel((c, r), (20, 20, 20))
    image.resize((image.width * scale, image.height * scale), Image.Resampling.NEAREST).save(path)


def picture_pictures(work: Path) -> None:
    """Picture to puzzle (docs/nonogram-picture.md): an image drawn here, its puzzle,
    and a picture whose clues allow two solutions."""
    size = (len(ROCKET.split()[0]), len(ROCKET.split()))
    draw(ROCKET, IMAGES / "nonogram-picture-rocket.png")
    make_puzzle(IMAGES / "nonogram-picture-rocket.png", work / "rocket.xlsx",
                PictureSettings(size=size, title="Rocket"), Options())
    render_sheet(work / "rocket.xlsx", "Rocket", IMAGES / "nonogram-picture-puzzle.png", work)
    draw(ROCKET + STARS, work / "stars.png")
    make_puzzle(work / "stars.png", work / "stars.xlsx",
                PictureSettings(size=(size[0], size[1] + 2), title="Stars"), Options())
    render_sheet(work / "stars.xlsx", "Stars picture", IMAGES / "nonogram-picture-stars.png", work)
    print("rendered the pictures")


def main() -> int:
    for tool in ("soffice", "pdftoppm"):
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
        action_pictures(work)
        picture_pictures(work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
