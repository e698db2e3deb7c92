"""``xlsolver import`` and ``xlsolver export``: nonogram files to sheets and back."""

from __future__ import annotations

import argparse
from pathlib import Path

from xlsolver.cli.common import EXIT_ALL_UNIQUE, subcommand

__all__ = ["register"]


def _formats_text() -> str:
    from xlsolver.nonogram.fileformats import FORMATS

    lines = [f"  {f.name:<5} {' '.join(f.suffixes):<10} {f.description}" for f in FORMATS.values()]
    return "formats (chosen by the file's suffix, or by --format):\n" + "\n".join(lines) + "\n"


def register(sub) -> None:
    formats = _formats_text()
    imp = subcommand(
        sub, "import", "lay nonogram puzzle files out in a workbook, ready to solve",
        "Write each puzzle's hints around an empty grid, in the layout `xlsolver solve` reads;\n"
        "colour puzzles get their hint cells filled in the clue colours. A file of many\n"
        "puzzles gives one sheet each.",
        "examples:\n"
        "  xlsolver import cat.non -o cat.xlsx      (adds a sheet if cat.xlsx exists)\n"
        "  xlsolver import set.taai -o set.xlsx     (one sheet per puzzle of the set)\n\n" + formats)
    imp.add_argument("puzzle", type=Path, metavar="PUZZLE")
    imp.add_argument("-o", "--output", type=Path, required=True, metavar="BOOK.xlsx")
    imp.add_argument("--sheet", metavar="NAME", help="name of the new sheet (default: the puzzle's title)")
    imp.add_argument("--format", metavar="FMT", help="read the file in this format, whatever its suffix")
    imp.set_defaults(run=run_import)

    exp = subcommand(
        sub, "export", "write the nonograms of a workbook's sheets to a puzzle file",
        "Read the nonogram sheets of a workbook (black-and-white or colour) and write their\n"
        "clues in a puzzle file format, for other solvers and sites.",
        "examples:\n"
        "  xlsolver export workbooks/nonogram.xlsx --sheet Heart -o heart.non\n"
        "  xlsolver export workbooks/nonogram.xlsx -o all.xml   (every sheet, webpbn XML)\n\n" + formats)
    exp.add_argument("book", type=Path, metavar="BOOK.xlsx")
    exp.add_argument("-o", "--output", type=Path, required=True, metavar="PUZZLE")
    exp.add_argument("--sheet", metavar="NAME", help="export only this sheet")
    exp.add_argument("--format", metavar="FMT", help="write this format, whatever the output's suffix")
    exp.set_defaults(run=run_export)


def run_import(args: argparse.Namespace) -> int:
    from xlsolver.jobs.nonogram import import_puzzle

    sheets = import_puzzle(args.puzzle, args.output, args.sheet, args.format)
    print(f"{args.output}: wrote sheet{'s' if len(sheets) > 1 else ''} {', '.join(sheets)}")
    return EXIT_ALL_UNIQUE


def run_export(args: argparse.Namespace) -> int:
    from xlsolver.jobs.nonogram import export_puzzles

    sheets = export_puzzles(args.book, args.output, args.format, args.sheet)
    print(f"{args.output}: wrote {len(sheets)} puzzle{'s' if len(sheets) > 1 else ''} ({', '.join(sheets)})")
    return EXIT_ALL_UNIQUE
