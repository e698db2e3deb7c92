"""``xlsolver import`` and ``xlsolver export``: nonogram files to sheets and back."""

from __future__ import annotations

import argparse
from pathlib import Path

from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import EXIT_ALL_UNIQUE, add_limit_argument, limits, subcommand

__all__ = ["FORMATS_HELP", "HELP", "register"]


# The formats as xlsolver.nonogram.formats.FORMATS lists them (name, suffixes, what),
# written out so that --help loads no solver; tests/test_startup.py keeps the two equal.
FORMATS_HELP = (
    ("non", (".non",), "Steve Simpson's .non (webpbn export)"),
    ("xml", (".xml", ".pbn"), "webpbn XML (pbn_fmt 0.3)"),
    ("g", (".g",), "Olšák's grid .g"),
    ("mk", (".mk",), "Olšák's .mk"),
    ("nin", (".nin",), "Jakub Wilk's .nin"),
    ("cwd", (".cwd",), "Meshcheryakov/Sukhoy .cwd"),
    ("taai", (".taai",), "TAAI tournament sets ($N, columns, rows)"),
    ("text", (".txt",), "xlsolver's compact text form, one puzzle a line"),
)


def _formats_text() -> str:
    lines = [f"  {name:<5} {' '.join(suffixes):<10} {what}" for name, suffixes, what in FORMATS_HELP]
    return "formats (chosen by the file's suffix, or by --format):\n" + "\n".join(lines) + "\n"


HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


def register(sub) -> None:
    formats = _formats_text()
    imp = subcommand(
        sub, "import", HELP["import"],
        "Write each puzzle's hints around an empty grid, in the layout `xlsolver solve` reads;\n"
        "colour puzzles get their hint cells filled in the clue colours. A puzzle's givens\n"
        "(the first saved grid of a .non or XML file) are painted in the grid. A file of many\n"
        "puzzles gives one sheet each.",
        "examples:\n"
        "  xlsolver import cat.non -o cat.xlsx      (adds a sheet if cat.xlsx exists)\n"
        "  xlsolver import set.taai -o set.xlsx     (one sheet per puzzle of the set)\n\n" + formats)
    imp.add_argument("puzzle", type=Path, metavar="PUZZLE")
    imp.add_argument("-o", "--output", type=Path, required=True, metavar="BOOK.xlsx")
    imp.add_argument("--sheet", metavar="NAME", help="name of the new sheet (default: the puzzle's title)")
    imp.add_argument("--format", metavar="FMT", help="read the file in this format, whatever its suffix")
    add_limit_argument(imp)
    imp.set_defaults(run=run_import)

    exp = subcommand(
        sub, "export", HELP["export"],
        "Read the nonogram sheets of a workbook (black-and-white or colour) and write their\n"
        "clues in a puzzle file format, for other solvers and sites. The cells a sheet gives\n"
        "(painted by the user, before any solve) travel as a saved grid in .non and XML; a\n"
        "format that cannot hold them is refused unless --drop-givens says to leave them out.",
        "examples:\n"
        "  xlsolver export workbooks/nonogram.xlsx --sheet Heart -o heart.non\n"
        "  xlsolver export workbooks/nonogram.xlsx -o all.xml   (every sheet, webpbn XML)\n"
        "  xlsolver export workbooks/nonogram.xlsx -o all.txt --drop-givens   (clues only)\n\n" + formats)
    exp.add_argument("book", type=Path, metavar="BOOK.xlsx")
    exp.add_argument("-o", "--output", type=Path, required=True, metavar="PUZZLE")
    exp.add_argument("--sheet", metavar="NAME", help="export only this sheet")
    exp.add_argument("--format", metavar="FMT", help="write this format, whatever the output's suffix")
    exp.add_argument("--drop-givens", action="store_true",
                     help="leave the sheets' givens out (needed for formats that hold clues only)")
    exp.set_defaults(run=run_export)


def run_import(args: argparse.Namespace) -> int:
    from xlsolver.jobs.nonogram import import_puzzle

    sheets = import_puzzle(args.puzzle, args.output, args.sheet, args.format, limits(args))
    print(f"{args.output}: wrote sheet{'s' if len(sheets) > 1 else ''} {', '.join(sheets)}")
    return EXIT_ALL_UNIQUE


def run_export(args: argparse.Namespace) -> int:
    from xlsolver.jobs.nonogram import export_puzzles

    sheets = export_puzzles(args.book, args.output, args.format, args.sheet, args.drop_givens)
    print(f"{args.output}: wrote {len(sheets)} puzzle{'s' if len(sheets) > 1 else ''} ({', '.join(sheets)})")
    return EXIT_ALL_UNIQUE
