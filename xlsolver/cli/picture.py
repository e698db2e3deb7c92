"""``xlsolver picture``: make a nonogram from an image or a drawing in a sheet."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import (
    EXIT_INPUT_ERROR,
    Watcher,
    add_limit_argument,
    exit_code,
    fail,
    limits,
    print_reports,
    printable,
    seconds,
    subcommand,
)

__all__ = ["HELP", "register"]

DESCRIPTION = """\
Turn a picture into a nonogram: the clues of its cells, laid out as a puzzle sheet in
the analyzer's layout, solved to see whether they allow exactly one picture and how
hard it is to find (line by line; needs probing; needs search). When another picture
fits the same clues, the cells where the two differ are listed and marked "?" on a
picture sheet, so that you can change the drawing there and try again.

The picture is an image file (PNG, GIF, BMP, JPEG, ...), shrunk to a grid of cells
and made black and white by a threshold, or quantised into a few colours; or a
drawing in a workbook: the rectangle of filled cells of a sheet (any fill colour; a
white fill counts as background, so a white border keeps empty edges), or the grid
of a nonogram sheet.
"""

EPILOG = """\
examples:
  xlsolver picture cat.png
      a black-and-white puzzle from cat.png (shrunk to 30 cells on its longer side
      unless it is small pixel art), written to cat.puzzle.xlsx
  xlsolver picture logo.png --size 25x20 --colours 3 -o logo.xlsx
      a 25x20 colour puzzle in three colours (the lightest colour is the background)
  xlsolver picture photo.jpg --size 40 --threshold 0.35
      40 cells wide; only pixels darker than 35% grey become black
  xlsolver picture drawings.xlsx --sheet Rocket -o puzzles.xlsx
      the cells painted on sheet Rocket; adds sheets "Rocket puzzle" and
      "Rocket puzzle picture" to puzzles.xlsx
  xlsolver picture cat.png -o cat.non
      write the clues as a puzzle file instead (any format xlsolver export writes)

exit status:
  0  the clues allow exactly one picture
  1  they allow several (the differing cells are listed), or the budget ran out
  2  an input error (an unreadable image, a sheet with no drawing)
"""


HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


def register(sub) -> None:
    parser = subcommand(sub, "picture", HELP["picture"],
                        DESCRIPTION, EPILOG)
    parser.add_argument("source", type=Path, metavar="IMAGE|BOOK.xlsx", help="an image file or a workbook")
    parser.add_argument("-o", "--output", type=Path, metavar="OUT",
                        help="a workbook to write (sheets are added if it exists) or a puzzle file "
                             "(.non, .xml, ...); default: NAME.puzzle.xlsx beside the source")
    parser.add_argument("--sheet", metavar="NAME", help="the sheet holding the drawing (default: the first)")
    parser.add_argument("--size", metavar="WxH",
                        help="grid size in cells: 30x20, or 30 for the width (height by the aspect ratio); "
                             "default: an image's pixels up to 50x50, else 30 on the longer side")
    parser.add_argument("--colours", "--colors", type=int, metavar="K",
                        help="block colours: 1 for black and white (the default for images), 2 or more to "
                             "quantise an image into K colours plus the background; for a sheet, 1 reads "
                             "every filled cell as black")
    parser.add_argument("--threshold", type=float, default=0.5, metavar="T",
                        help="black-and-white images: a pixel darker than T becomes black "
                             "(0..1 of full brightness, or 0..255; default 0.5)")
    parser.add_argument("--invert", action="store_true",
                        help="light ink on a dark background: light pixels become black, or in colour the "
                             "darkest colour is the background")
    parser.add_argument("--title", metavar="NAME", help="the puzzle's title and sheet name")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--budget", type=seconds, default=30.0, metavar="SECONDS",
                        help="give up judging the clues after this many seconds (default: 30)")
    add_limit_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from xlsolver.jobs import ERROR, Options
    from xlsolver.jobs.picture import PictureSettings, make_puzzle, parse_size

    try:
        size = parse_size(args.size) if args.size else None
    except ValueError as err:
        return fail(str(err))
    if args.colours is not None and not 1 <= args.colours <= 25:
        return fail("--colours must be 1 to 25")
    level = args.threshold / 255 if args.threshold > 1 else args.threshold
    if not 0 <= level <= 1:
        return fail("--threshold must be 0..1 (or 0..255)")
    settings = PictureSettings(sheet=args.sheet, size=size, colours=args.colours, level=level,
                               invert=args.invert, title=args.title)
    watch = Watcher(enabled=sys.stderr.isatty() and not args.json)
    options = Options(budget_seconds=args.budget, on_start=watch.start, progress=watch.progress,
                      limits=limits(args))
    try:
        report = make_puzzle(args.source, args.output, settings, options)
    finally:
        watch.bar.done()
    print_reports([report], args.json, files=False)
    if report.status == ERROR:
        return EXIT_INPUT_ERROR
    if not args.json:
        sheets = f" (sheets {', '.join(report.extra['sheets'])})" if report.extra["sheets"] else ""
        print(f"painted workbook written to {printable(report.output)}{sheets}")
    return exit_code([report])
