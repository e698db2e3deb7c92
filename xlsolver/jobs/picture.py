"""``xlsolver picture``: a nonogram made from an image file or a drawing in a sheet.

The one module that imports Pillow. An image is reduced to a grid (``--size``)
and to black and white by a luminance threshold, or to a few colours by
median-cut quantisation; a drawing is read from a sheet's filled cells
(:func:`~xlsolver.sheets.nonogram_drawing.read_drawing`). Either way the grid
becomes a :class:`~xlsolver.nonogram.picture.Drawing`, whose clues are
solved and graded (:func:`~xlsolver.nonogram.picture.assess`), and written:
to a workbook as a puzzle sheet in the analyzer's layout plus a picture sheet
with the cells that differ between two solutions marked "?", or to any
puzzle file format by the output's suffix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PIL import Image, ImageOps

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core import Budget, InputError, Status, cell_ref
from xlsolver.core.files import atomic_write_text
from xlsolver.core.limits import DEFAULT_LIMITS, LIMIT_OPTION, Limits
from xlsolver.core.paint import PaintPlan, Write
from xlsolver.jobs.base import ERROR, Options, Report, sheet_title
from xlsolver.nonogram.colour import ColourNonogram
from xlsolver.nonogram.formats import format_for
from xlsolver.nonogram.formats_entry import PuzzleEntry
from xlsolver.nonogram.picture import Assessment, Drawing, assess, luminance, threshold
from xlsolver.sheets.nonogram_bw import import_plan
from xlsolver.sheets.nonogram_colour import colour_import_plan
from xlsolver.sheets.nonogram_drawing import picture_plan, read_drawing
from xlsolver.sheets.nonogram_layout import find_layout

__all__ = ["DEFAULT_SIDE", "PICTURE_ORIGIN", "PictureSettings", "default_output", "drawing_of_image",
           "make_puzzle", "parse_size", "pixel_limit"]

DEFAULT_SIDE = 30  # an image larger than PIXEL_ART on a side is scaled so its longer side has this many cells
PIXEL_ART = 50  # images up to this size on both sides are taken cell for pixel
WORKBOOKS = (".xlsx", ".xlsm")


@dataclass(frozen=True)
class PictureSettings:
    """What the command line (or a button) asks of a picture."""

    sheet: str | None = None  # the sheet holding the drawing (a workbook source)
    size: tuple[int | None, int | None] | None = None  # cells wide, high (None: from the aspect)
    colours: int | None = None  # block colours; 1 = black and white (images default to 1)
    level: float = 0.5  # the luminance below which a pixel is black
    invert: bool = False  # light is ink: the background is the darkest colour
    title: str | None = None  # the puzzle sheet's name and title


def parse_size(text: str) -> tuple[int | None, int | None]:
    """``"30x20"``, ``"30"`` (width, height by aspect) or ``"x20"``. Raises ValueError."""
    match = re.fullmatch(r"\s*(\d*)\s*(?:[xX×*]\s*(\d*))?\s*", text)
    if match is None or not (match[1] or match[2]):
        raise ValueError(f'size "{text}" is not WIDTHxHEIGHT, e.g. 30x20 (or 30 for a width)')
    width, height = (int(v) if v else None for v in (match[1], match[2]))
    if any(v is not None and not 1 <= v <= 500 for v in (width, height)):
        raise ValueError(f'size "{text}": each side must be 1 to 500 cells')
    return width, height


# --- images ---------------------------------------------------------------------


def pixel_limit(limits: Limits) -> int:
    """The most pixels an image may have: four times the sheet area read
    (16 million by default, a 4000x4000 photo; --max-cells raises it)."""
    return 4 * limits.sheet_cells


def _open_image(path: Path, limits: Limits = DEFAULT_LIMITS) -> Image.Image:
    """The image as RGB, upright, transparent parts white. Raises InputError for
    a file that is no image, and, before decoding a pixel, for a file larger than
    ``limits.file_bytes`` or an image whose header declares more pixels than
    :func:`pixel_limit` (a 20000x20000 image, a decompression bomb)."""
    if not path.exists():
        raise InputError("no such file", str(path))
    if not path.is_file():
        raise InputError("is not a regular file (a folder, a device or a pipe), not an image", str(path))
    size = path.stat().st_size
    if size > limits.file_bytes:
        raise InputError(f"the file has {size:,} bytes, more than the limit of {limits.file_bytes:,}", str(path))
    try:
        image = Image.open(path)  # reads the header only
        width, height = image.size
        if width * height > pixel_limit(limits):
            raise InputError(f"the image is {width}x{height}, {width * height:,} pixels, more than the limit of "
                             f"{pixel_limit(limits):,} (raise it with {LIMIT_OPTION})", str(path))
        image.load()
    except InputError:
        raise
    except Exception as err:  # noqa: BLE001 - a decoder's error of any kind: the file is no image it reads
        raise InputError(f"not an image Pillow can read ({_reason(err)})", str(path)) from None
    image = ImageOps.exif_transpose(image)
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = Image.alpha_composite(white, rgba)
    return image.convert("RGB")


def _reason(err: Exception) -> str:
    """A decoder's error in one short printable line."""
    text = " ".join(str(err).split()) or type(err).__name__
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 120 else text[:119] + "…"


def _grid_size(width: int, height: int, size: tuple[int | None, int | None] | None) -> tuple[int, int]:
    """Cells wide and high: as asked, the missing side from the aspect ratio;
    unasked, the pixels of a small image, or the longer side DEFAULT_SIDE."""
    if size is None or size == (None, None):
        if width <= PIXEL_ART and height <= PIXEL_ART:
            return width, height
        scale = DEFAULT_SIDE / max(width, height)
        return max(1, round(width * scale)), max(1, round(height * scale))
    w, h = size
    if w is None:
        w = max(1, round(width * h / height))
    if h is None:
        h = max(1, round(height * w / width))
    return w, h


def drawing_of_image(path: Path, settings: PictureSettings, limits: Limits = DEFAULT_LIMITS) -> Drawing:
    """An image file reduced to a drawing. Raises InputError.

    Black and white: the image is shrunk by averaging (a cell is the mean of
    its pixels), then thresholded. Colour: the full image is quantised first,
    so that edges do not blend into colours of their own, and each cell takes
    the colour that covers most of its pixels.
    """
    image = _open_image(path, limits)
    w, h = _grid_size(image.width, image.height, settings.size)
    colours = settings.colours or 1
    if colours == 1:
        return threshold(np.asarray(_resized(image, w, h)), settings.level, settings.invert)
    if max(image.size) > _QUANTISE_SIDE:  # median cut on a few hundred pixels a side is plenty
        scale = _QUANTISE_SIDE / max(image.size)
        image = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                             Image.Resampling.NEAREST)
    quantised = image.quantize(colors=colours + 1, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    indices = np.asarray(quantised, dtype=np.int16)
    used = sorted(set(np.unique(indices).tolist()))
    rgb = np.array(quantised.getpalette()[: 3 * (max(used) + 1)], dtype=np.int64).reshape(-1, 3)
    cover = [np.asarray(_resized(Image.fromarray(((indices == k) * 255).astype(np.uint8)), w, h), dtype=np.int32)
             for k in used]
    cells = np.array(used, dtype=np.int16)[np.argmax(np.stack(cover), axis=0)]
    order = [used[k] for k in np.argsort(luminance(rgb[used]), kind="stable")]  # darkest first
    background = order[0] if settings.invert else order[-1]
    inks = [k for k in order if k != background]
    renumber = np.zeros(len(rgb), dtype=np.int16)
    for new, old in enumerate(inks, 1):
        renumber[old] = new
    hexes = tuple("".join(f"{int(v):02X}" for v in rgb[k]) for k in inks)
    return Drawing(renumber[cells], hexes or ("000000",)).used()


_QUANTISE_SIDE = 400


def _resized(image: Image.Image, w: int, h: int) -> Image.Image:
    """Shrunk by averaging, or grown by repeating pixels."""
    if (w, h) == image.size:
        return image
    shrink = w <= image.width and h <= image.height
    return image.resize((w, h), Image.Resampling.BOX if shrink else Image.Resampling.NEAREST)


# --- the job ----------------------------------------------------------------------


def _drawing(source: Path, settings: PictureSettings, limits: Limits) -> tuple[Drawing, str]:
    """The drawing of a source and the title it suggests."""
    if source.suffix.lower() in WORKBOOKS:
        book = OpenpyxlWorkbook.open(source, limits)
        names = book.sheet_names()
        sheet = settings.sheet or names[0]
        if sheet not in names:
            raise InputError(f'{source.name} has no sheet "{sheet}" (it has: {", ".join(names)})')
        _, drawing = read_drawing(book.snapshot(sheet), settings.colours, limits)
        return drawing.used(), settings.title or f"{sheet} puzzle"
    return drawing_of_image(source, settings, limits), settings.title or source.stem


def default_output(source: Path) -> Path:
    """``cat.png`` -> ``cat.puzzle.xlsx`` beside it."""
    return source.with_name(f"{source.stem}.puzzle.xlsx")


def make_puzzle(source: Path, out: Path | None, settings: PictureSettings, options: Options) -> Report:
    """Make the puzzle of a picture, judge it, and write it. One report; input
    mistakes come back as a report with status ``error``."""
    try:
        return _make_puzzle(source, out or default_output(source), settings, options)
    except InputError as err:
        return Report(str(source), settings.sheet, ERROR, str(err))


def _make_puzzle(source: Path, out: Path, settings: PictureSettings, options: Options) -> Report:
    drawing, title = _drawing(source, settings, options.limits)
    puzzle = drawing.puzzle()
    h, w = drawing.shape
    options.on_start(f"{title} ({w}x{h})")
    found = assess(drawing, Budget(seconds=options.budget_seconds), options.settings.get("engine") or "auto")
    sentence = _sentence(found)
    if out.suffix.lower() in WORKBOOKS:
        sheets = _write_book(out, drawing, puzzle, found, title, sentence)
    else:
        _write_file(out, puzzle, title)
        sheets = []
    extra = {"difficulty": found.label, "colours": len(drawing.colours), "clues": puzzle.to_text(),
             "black_cells" if drawing.black_and_white else "filled_cells": int(np.count_nonzero(drawing.cells)),
             "differ": [[r + 1, c + 1] for r, c in found.differ], "sheets": sheets}
    report = Report(str(source), settings.sheet, found.status.value, sentence, rows=h, cols=w,
                    seconds=found.seconds, output=str(out), summary=f"{w}x{h} puzzle: {sentence}", extra=extra)
    return report


def _sentence(found: Assessment) -> str:
    if found.status == Status.UNIQUE:
        return f"unique solution, {found.label}"
    if found.status == Status.MULTIPLE:
        cells = ", ".join(f"(row {r + 1}, column {c + 1})" for r, c in found.differ[:8])
        more = f" and {len(found.differ) - 8} more" if len(found.differ) > 8 else ""
        return (f"several solutions: another picture fits the clues, differing in {len(found.differ)} cells: "
                f"{cells}{more}; change the drawing there (marked ? on the picture sheet)")
    return found.message


def _picture_sheet(title: str) -> str:
    return f"{title[:23]} picture"


def _write_book(out: Path, drawing: Drawing, puzzle, found: Assessment, title: str, sentence: str) -> list[str]:
    """The puzzle sheet and the picture sheet, added to ``out`` (replacing the
    sheets an earlier run made for the same title; other sheets are kept)."""
    book = OpenpyxlWorkbook.open(out) if out.exists() else OpenpyxlWorkbook.new()
    name = sheet_title(title, [])
    if name in book.sheet_names() and not _ours(book, name):
        name = sheet_title(title, book.sheet_names())
    picture = _picture_sheet(name)
    if picture in book.sheet_names() and not str(book.snapshot(picture).value(1, 1) or "").startswith(_PICTURE_TITLE):
        picture = sheet_title(picture, book.sheet_names())
    for sheet in (name, picture):
        if sheet in book.sheet_names():  # an earlier run's: start afresh
            book.remove_sheet(sheet, even_last=True)
    book.add_sheet(name)
    plan = colour_import_plan(puzzle, name, title) if isinstance(puzzle, ColourNonogram) else \
        import_plan(puzzle, name, title)
    book.apply(plan)
    layout = find_layout(book.snapshot(name))
    book.apply(PaintPlan(name, (Write(layout.status_cell, _MADE + sentence),)))
    book.add_sheet(picture)
    notes = [sentence]
    if found.differ:
        notes.append("differing cells: " + ", ".join(cell_ref(PICTURE_ORIGIN[0] + r, PICTURE_ORIGIN[1] + c)
                                                     for r, c in found.differ))
    book.apply(picture_plan(drawing, picture, f"{_PICTURE_TITLE}{title}", found.differ, notes,
                            origin=PICTURE_ORIGIN))
    book.save(out)
    return [name, picture]


_MADE = "made from a picture: "
_PICTURE_TITLE = "Picture of "
PICTURE_ORIGIN = (3, 1)  # the picture sheet's top-left grid cell


def _ours(book: OpenpyxlWorkbook, name: str) -> bool:
    """Did an earlier ``xlsolver picture`` make this puzzle sheet?"""
    snap = book.snapshot(name)
    layout = find_layout(snap)
    return layout is not None and str(snap.value(*layout.status_cell) or "").startswith(_MADE)


def _write_file(out: Path, puzzle, title: str) -> None:
    chosen = format_for(out)
    try:
        text = chosen.write([PuzzleEntry(puzzle, title)])
    except ValueError as err:
        raise InputError(f"cannot write {chosen.name}: {err}", str(out)) from None
    atomic_write_text(out, text)
