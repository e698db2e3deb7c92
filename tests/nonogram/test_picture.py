"""Puzzles from pictures: images the tests draw with Pillow, drawings painted in
sheets, the clues they give, and the verdicts, checked with the oracle.

Where the clues allow several pictures, the "differing cells" must be
exactly where the drawing and another solution differ: flipping them in the
drawing gives a grid the oracle accepts, and the oracle finds more than one
solution.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import numpy as np
import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from xlsolver.cli import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.core import Paint, PaintPlan, Status, Style, Write
from xlsolver.jobs.picture import PICTURE_ORIGIN, PictureSettings, drawing_of_image, parse_size
from xlsolver.nonogram import Nonogram
from xlsolver.nonogram.colour import ColourNonogram
from xlsolver.nonogram.formats import read_puzzles
from xlsolver.nonogram.picture import Drawing, assess, differing_cells, threshold
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.sheets.nonogram_bw import read_nonogram
from xlsolver.sheets.nonogram_colour import read_colour_nonogram
from xlsolver.sheets.nonogram_drawing import read_drawing

from .oracle import enumerate_solutions, runs, satisfies
from .test_colour import oracle_solutions

PACKAGE = Path(__file__).resolve().parents[2] / "xlsolver"


def draw_png(path: Path, size, shapes, scale: int = 1) -> Path:
    """An image of ``size`` pixels; ``shapes`` are (kind, box, colour) drawn by Pillow, then scaled up."""
    image = Image.new("RGB", size, "white")
    pen = ImageDraw.Draw(image)
    for kind, box, colour in shapes:
        getattr(pen, kind)(box, fill=colour)
    if scale > 1:
        image = image.resize((size[0] * scale, size[1] * scale), Image.Resampling.NEAREST)
    image.save(path)
    return path


def pixels(path: Path) -> np.ndarray:
    """The test's own reading of a black-and-white image: dark pixels."""
    return np.asarray(Image.open(path).convert("L")) < 128


# --- the pure part ----------------------------------------------------------------


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_drawing_clues_are_the_runs_and_the_verdict_matches_the_oracle(h, w, data):
    black = np.array(data.draw(st.lists(st.lists(st.booleans(), min_size=w, max_size=w), min_size=h, max_size=h)))
    drawing = Drawing.from_bool(black)
    puzzle = drawing.puzzle()
    assert puzzle.rows == tuple(runs(r) for r in black) and puzzle.cols == tuple(runs(c) for c in black.T)
    found = assess(drawing)
    solutions = enumerate_solutions(puzzle, limit=2)
    assert found.status == (Status.UNIQUE if len(solutions) == 1 else Status.MULTIPLE)
    if found.status == Status.MULTIPLE:
        other = black.copy()
        for r, c in found.differ:
            other[r, c] = ~other[r, c]
        assert found.differ and satisfies(puzzle, other) and not np.array_equal(other, black)
        assert found.label == "several solutions"
    else:
        assert found.differ == () and found.label in ("line by line", "needs probing", "needs search")


def test_colour_drawing_clues_and_differing_cells():
    # Two red pixels on a diagonal in a green frame: the diagonal may flip.
    cells = np.array([[2, 2, 2, 2], [2, 1, 0, 2], [2, 0, 1, 2], [2, 2, 2, 2]])
    drawing = Drawing(cells, ("C00000", "00B050"))
    puzzle = drawing.puzzle()
    assert isinstance(puzzle, ColourNonogram) and len(puzzle.palette) == 2
    found = assess(drawing)
    assert found.status == Status.MULTIPLE and len(oracle_solutions(puzzle)) == 2
    assert set(found.differ) == {(1, 1), (1, 2), (2, 1), (2, 2)}


def test_unused_colours_are_dropped_and_one_colour_is_black_and_white():
    drawing = Drawing(np.array([[0, 3], [3, 0]]), ("111111", "222222", "333333")).used()
    assert drawing.colours == ("333333",) and drawing.black_and_white
    assert isinstance(drawing.puzzle(), Nonogram)


def test_threshold_and_differing_cells():
    rgb = np.array([[[0, 0, 0], [255, 255, 255]], [[100, 100, 100], [200, 200, 200]]])
    assert threshold(rgb).cells.tolist() == [[1, 0], [1, 0]]
    assert threshold(rgb, invert=True).cells.tolist() == [[0, 1], [0, 1]]
    assert differing_cells(np.array([[1, 0], [0, 1]]), np.array([[0, 0], [0, 0]])) == ((0, 0), (1, 1))


@pytest.mark.parametrize("text, size", [("30x20", (30, 20)), ("30", (30, None)), ("x20", (None, 20)),
                                        ("25 X 25", (25, 25))])
def test_parse_size(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "x", "0x5", "big", "30x20x10"])
def test_parse_size_errors(text):
    with pytest.raises(ValueError):
        parse_size(text)


# --- images -------------------------------------------------------------------------


def test_small_image_is_taken_pixel_for_cell(tmp_path):
    path = draw_png(tmp_path / "p.png", (9, 7), [("rectangle", (1, 1, 3, 5), "black"), ("point", (6, 2), "black")])
    drawing = drawing_of_image(path, PictureSettings())
    assert np.array_equal(drawing.cells > 0, pixels(path))


def test_a_large_image_shrinks_to_its_cells(tmp_path):
    small = draw_png(tmp_path / "s.png", (12, 8), [("rectangle", (2, 1, 5, 6), "black"),
                                                  ("ellipse", (7, 2, 10, 5), (40, 40, 40))])
    big = draw_png(tmp_path / "b.png", (12, 8), [("rectangle", (2, 1, 5, 6), "black"),
                                                ("ellipse", (7, 2, 10, 5), (40, 40, 40))], scale=10)
    drawing = drawing_of_image(big, PictureSettings(size=(12, None)))
    assert drawing.shape == (8, 12)
    assert np.array_equal(drawing.cells > 0, pixels(small))
    default = drawing_of_image(big, PictureSettings())  # 120x80 pixels: 30 cells on the longer side
    assert default.shape == (20, 30)


def test_threshold_and_invert_on_an_image(tmp_path):
    path = draw_png(tmp_path / "g.png", (4, 1), [("point", (0, 0), (30, 30, 30)), ("point", (1, 0), (100, 100, 100)),
                                                 ("point", (2, 0), (180, 180, 180))])
    assert drawing_of_image(path, PictureSettings(level=0.2)).cells.tolist() == [[1, 0, 0, 0]]
    assert drawing_of_image(path, PictureSettings(level=0.6)).cells.tolist() == [[1, 1, 0, 0]]
    assert drawing_of_image(path, PictureSettings(level=0.6, invert=True)).cells.tolist() == [[0, 0, 1, 1]]


def test_colour_image_is_quantised_into_its_colours(tmp_path):
    shapes = [("rectangle", (0, 0, 3, 2), (200, 0, 0)), ("rectangle", (5, 1, 7, 4), (0, 120, 0)),
              ("rectangle", (1, 4, 2, 5), (0, 0, 160))]
    small = draw_png(tmp_path / "c.png", (9, 6), shapes)
    big = draw_png(tmp_path / "cb.png", (9, 6), shapes, scale=7)
    for path, size in ((small, None), (big, (9, 6))):
        drawing = drawing_of_image(path, PictureSettings(colours=3, size=size))
        assert sorted(drawing.colours) == ["0000A0", "007800", "C80000"]
        image = np.asarray(Image.open(small).convert("RGB"))
        want = {tuple(v): k for k, v in enumerate([(255, 255, 255)] + [
            tuple(int(drawing.colours[i][j:j + 2], 16) for j in (0, 2, 4)) for i in range(3)])}
        assert drawing.cells.tolist() == [[want[tuple(px)] for px in row] for row in image]


def test_transparent_pixels_are_background(tmp_path):
    image = Image.new("RGBA", (3, 2), (0, 0, 0, 0))
    image.putpixel((1, 0), (0, 0, 0, 255))
    image.save(tmp_path / "t.png")
    assert drawing_of_image(tmp_path / "t.png", PictureSettings()).cells.tolist() == [[0, 1, 0], [0, 0, 0]]


# --- drawings in sheets --------------------------------------------------------------


def test_a_drawing_in_a_sheet_black_and_white_and_colour():
    fills = {(2, 3): "000000", (2, 4): "333333", (4, 5): "808080", (5, 3): "FFFFFF"}
    book = MemoryWorkbook({"D": {}})
    book.apply(PaintPlan("D", tuple(Paint(Style(fill=f), (cell,)) for cell, f in fills.items())
                         + (Write((3, 3), "#"), Write((1, 1), "my drawing"))))
    box, drawing = read_drawing(book.snapshot("D"))
    assert box == (2, 3, 5, 5)  # the white fill at (5, 3) keeps the last row
    assert drawing.black_and_white and drawing.cells.tolist() == [[1, 1, 0], [1, 0, 0], [0, 0, 1], [0, 0, 0]]
    book.apply(PaintPlan("D", (Paint(Style(fill="00B050"), ((4, 5),)),)))
    _, colour = read_drawing(book.snapshot("D"))
    assert not colour.black_and_white and len(colour.colours) == 3  # 000000, 333333, 00B050
    _, forced = read_drawing(book.snapshot("D"), colours=1)
    assert forced.black_and_white
    with pytest.raises(Exception, match="more than the 2"):
        read_drawing(book.snapshot("D"), colours=2)


def test_an_empty_sheet_has_no_drawing():
    from xlsolver.core import InputError

    with pytest.raises(InputError, match="no drawing"):
        read_drawing(MemoryWorkbook({"E": {}}).snapshot("E"))


# --- the command ----------------------------------------------------------------------


def run_cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_unique_picture_gives_a_puzzle_sheet_that_solves_to_it(tmp_path, capsys):
    path = draw_png(tmp_path / "anchor.png", (7, 6), [("rectangle", (1, 0, 3, 0), "black"),
                                                     ("rectangle", (0, 1, 1, 3), "black"),
                                                     ("rectangle", (3, 1, 4, 3), "black"),
                                                     ("rectangle", (1, 4, 3, 4), "black"),
                                                     ("rectangle", (3, 5, 6, 5), "black"),
                                                     ("rectangle", (6, 2, 6, 4), "black")])
    truth = pixels(path)
    assert len(enumerate_solutions(Nonogram(tuple(runs(r) for r in truth), tuple(runs(c) for c in truth.T)),
                                   limit=2)) == 1
    code, out, _ = run_cli(capsys, "picture", path, "--json")
    record = json.loads(out)
    assert code == EXIT_ALL_UNIQUE and record["status"] == "unique" and record["differ"] == []
    out_path = tmp_path / "anchor.puzzle.xlsx"
    assert record["output"] == str(out_path) and record["sheets"] == ["anchor", "anchor picture"]
    # The puzzle sheet reads back as the picture's clues, with an empty grid, and solves to the picture.
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    book = OpenpyxlWorkbook.open(out_path)
    _, puzzle, givens = read_nonogram(book.snapshot("anchor"))
    assert puzzle.rows == tuple(runs(r) for r in truth) and (givens == 3).all()
    code, out, _ = run_cli(capsys, "solve", out_path, "--sheet", "anchor", "--json")
    solved = json.loads(out.splitlines()[0])["solution"]
    assert [[ch == "#" for ch in row] for row in solved] == truth.tolist()
    # The picture sheet reads back as the same drawing.
    _, again = read_drawing(book.snapshot("anchor picture"))
    assert np.array_equal(again.cells > 0, truth)


def test_cli_several_solutions_lists_and_marks_the_differing_cells(tmp_path, capsys):
    path = draw_png(tmp_path / "amb.png", (6, 5), [("rectangle", (0, 0, 1, 4), "black"),
                                                  ("point", (3, 1), "black"), ("point", (4, 2), "black")])
    code, out, _ = run_cli(capsys, "picture", path, "-o", tmp_path / "amb.xlsx", "--json")
    record = json.loads(out)
    assert code == EXIT_NOT_ALL_UNIQUE and record["status"] == "multiple"
    truth = pixels(path)
    other = truth.copy()
    for r, c in record["differ"]:
        other[r - 1, c - 1] = ~other[r - 1, c - 1]
    puzzle = Nonogram(tuple(runs(r) for r in truth), tuple(runs(c) for c in truth.T))
    assert satisfies(puzzle, other) and len(enumerate_solutions(puzzle, limit=3)) >= 2
    ws = openpyxl.load_workbook(tmp_path / "amb.xlsx")["amb picture"]
    marked = {(row - PICTURE_ORIGIN[0] + 1, col - PICTURE_ORIGIN[1] + 1) for row in range(1, 20) for col in range(1, 20)
              if ws.cell(row, col).value == "?"}
    assert marked == {tuple(x) for x in record["differ"]}


def test_cli_from_a_sheet_drawing_and_to_a_puzzle_file(tmp_path, capsys):
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    book = OpenpyxlWorkbook.new()
    book.add_sheet("Rocket")
    cells = [(2, 3), (3, 2), (3, 3), (3, 4), (4, 3), (5, 2), (5, 4)]
    book.apply(PaintPlan("Rocket", (Paint(Style(fill="1F1F1F"), tuple(cells)),)))
    source = tmp_path / "drawings.xlsx"
    book.save(source)
    code, out, _ = run_cli(capsys, "picture", source, "--sheet", "Rocket", "-o", tmp_path / "rocket.non")
    assert code in (EXIT_ALL_UNIQUE, EXIT_NOT_ALL_UNIQUE) and "written to" in out
    [entry] = read_puzzles(tmp_path / "rocket.non")
    grid = np.zeros((4, 3), dtype=bool)
    for r, c in cells:
        grid[r - 2, c - 2] = True
    assert entry.puzzle == Nonogram(tuple(runs(r) for r in grid), tuple(runs(c) for c in grid.T))
    # Into the source workbook itself, beside the drawing: its sheet is kept.
    code, out, _ = run_cli(capsys, "picture", source, "--sheet", "Rocket", "-o", source)
    names = openpyxl.load_workbook(source).sheetnames
    assert names == ["Rocket", "Rocket puzzle", "Rocket puzzle picture"]
    run_cli(capsys, "picture", source, "--sheet", "Rocket", "-o", source)  # again: replaced, not added
    assert openpyxl.load_workbook(source).sheetnames == names


def test_cli_colour_picture(tmp_path, capsys):
    path = draw_png(tmp_path / "flag.png", (6, 4), [("rectangle", (0, 0, 2, 3), (200, 0, 0)),
                                                   ("rectangle", (3, 0, 5, 1), (0, 90, 200))])
    code, out, _ = run_cli(capsys, "picture", path, "--colours", "2", "--json")
    record = json.loads(out)
    assert record["colours"] == 2
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook

    book = OpenpyxlWorkbook.open(tmp_path / "flag.puzzle.xlsx")
    _, puzzle, _ = read_colour_nonogram(book.snapshot("flag"))
    assert sorted(c.rgb for c in puzzle.palette) == ["005AC8", "C80000"]
    assert (code == EXIT_ALL_UNIQUE) == (len(oracle_solutions(puzzle)) == 1)


def test_cli_picture_errors(tmp_path, capsys):
    (tmp_path / "not.png").write_text("hello")
    code, _, err = run_cli(capsys, "picture", tmp_path / "not.png")
    assert code == EXIT_INPUT_ERROR and "not an image" in err and err.count("\n") == 1
    code, _, err = run_cli(capsys, "picture", tmp_path / "not.png", "--size", "big")
    assert code == EXIT_INPUT_ERROR and "WIDTHxHEIGHT" in err


def test_cli_picture_help_has_examples(capsys):
    with pytest.raises(SystemExit):
        main(["picture", "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "--colours" in out and "xlsolver picture cat.png" in out


def test_pillow_is_imported_in_exactly_one_module():
    users = []
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            if any(n == "PIL" or n.startswith("PIL.") for n in names):
                users.append(path.relative_to(PACKAGE).as_posix())
    assert sorted(set(users)) == ["jobs/picture.py"]
