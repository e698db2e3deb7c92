"""Render the course's pictures into docs/images, as LibreOffice shows the sheets:

- ``course-NN-before.png``: the active sheet (the one a workbook opens on) of the
  lesson's workbook, as ``workbooks/make_NN.py`` makes it;
- ``course-NN-after.png``: the active sheet of ``NN-slug-after.xlsx``, the workbook
  the lesson writes into its output folder when it runs with its solutions (the
  notebook is run the way the tests run it, by nbclient).

Needs LibreOffice, pdftoppm and Pillow; run from anywhere, naming lessons or none
for all of them:

    python docs/course/make_pictures.py 01 02
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path

import openpyxl

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
IMAGES = ROOT / "docs" / "images"
RESOLUTION = 80  # dots per inch of the pictures


def _module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)  # dataclasses look it up there
    spec.loader.exec_module(module)
    return module


lessons = _module(ROOT / "tests" / "course" / "lessons.py", "course_lessons")
trimmed = _module(ROOT / "docs" / "trim.py", "course_trim").trimmed


def active_sheet_on_one_page(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` keeping only its active sheet, fitted to one page."""
    book = openpyxl.load_workbook(source)
    ws = book.active
    for other in [sheet for sheet in book.worksheets if sheet is not ws]:
        book.remove(other)
    ws.page_setup.orientation = "landscape"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 1
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    book.save(target)


def render(workbook: Path, png: Path, work: Path) -> None:
    """``workbook``'s active sheet as a trimmed picture ``png``."""
    single = work / f"{png.stem}.xlsx"
    active_sheet_on_one_page(workbook, single)
    profile = (work / "profile").as_uri()  # a LibreOffice of our own, beside any that runs
    subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(work), str(single)], check=True, capture_output=True, timeout=180)
    subprocess.run(["pdftoppm", "-png", "-r", str(RESOLUTION), "-f", "1", "-l", "1", "-singlefile",
                    str(single.with_suffix(".pdf")), str(work / png.stem)], check=True)
    trimmed(work / f"{png.stem}.png", png)


def pictures(lesson, work: Path) -> list[Path]:
    """Make and render the lesson's workbook, then run the lesson and render what it wrote."""
    before, after = IMAGES / f"course-{lesson.number}-before.png", IMAGES / f"course-{lesson.number}-after.png"
    made = work / lesson.workbook.name
    lessons.load_script(lesson.make_script, f"course_make_{lesson.number}").make(made)
    render(made, before, work)
    notebook = lessons.solved(lessons.read_notebook(lesson), lessons.solution_sections(lesson.solutions))
    failure = lessons.execute(notebook, work)
    if failure is not None:
        raise SystemExit(f"{lesson}: {failure}")
    written = work / f"{lesson.slug}-after.xlsx"
    if not written.is_file():
        raise SystemExit(f"{lesson} wrote no {written.name} into its output folder")
    render(written, after, work)
    return [before, after]


def main(numbers: list[str]) -> None:
    chosen = [lesson for lesson in lessons.lessons() if not numbers or lesson.number in numbers]
    for lesson in chosen:
        with tempfile.TemporaryDirectory() as tmp:
            for path in pictures(lesson, Path(tmp)):
                print("written:", path.relative_to(ROOT))


if __name__ == "__main__":
    main(sys.argv[1:])
