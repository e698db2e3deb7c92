"""``xlsolver generate KIND``: make verified puzzles in batches, ready to print.

Each kind that can be generated names, in its spec (``KindSpec.generator``), the
function that adds its subcommand under ``generate`` (``register_sudoku`` here);
the jobs behind them are in :mod:`xlsolver.jobs.generate`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from contextlib import closing
from pathlib import Path

from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import EXIT_INPUT_ERROR, ProgressBar, fail, print_lines, subcommand

__all__ = ["HELP", "SYMMETRIES", "register", "register_sudoku", "run_sudoku"]

SUDOKU_EXAMPLES = """\
examples:
  xlsolver generate sudoku -o puzzle.xlsx
      one 9x9 puzzle on a sheet ready to print, and an Index sheet
  xlsolver generate sudoku --count 1200 -o puzzles.xlsx
      1200 puzzles, one sheet each; the Index lists them in text form with their
      clue counts and seeds, and the seed that makes the whole batch again
  xlsolver generate sudoku --count 30 --minimal --symmetry rot180 --seed 7 -o class.xlsx
      30 minimal puzzles with rotational symmetry; the same 30 every time
  xlsolver generate sudoku --size 6 --count 20 -o small.xlsx
      6x6 puzzles (boxes of 2 rows by 3 columns); --box 3x2 for tall boxes
  xlsolver generate sudoku --level hard --count 10 -o hard.xlsx
      10 puzzles whose explanation needs a hard technique (X-Wing, XY-Wing ...);
      the Index gives each one's level, score and QQWing class
  xlsolver generate sudoku --size 16 --count 5 -o big.txt
      16x16 puzzles (digits 1-9 and A-G) in text form, one per line
  xlsolver generate sudoku --count 10 -o puzzles.xlsx --force
      the same, over puzzles.xlsx if it exists (without --force an existing
      file is refused before any work: a batch is a new file, and writing it
      over a workbook would lose every sheet the workbook had)

sizes: 4, 6, 8, 9, 10, 12, 16, 25 (any n = rows x columns of a box, up to 35).
Every puzzle has exactly one solution: proven by xlsolver's search and proven
again by an exact-cover count that shares no code with it, before it is written.

Each puzzle's line is printed as soon as it is made, in order, then the batch's
line. A text file is written as the puzzles come and moved into place at the end.

exit status:
  0  every puzzle asked for was written
  1  the run was stopped early (the puzzles made so far are written, each whole)
  2  an input error (a size without a box shape, an unknown symmetry, an output that
     exists without --force, an unwritable file), or a puzzle that could not be made
     (no try of its seed at the --level asked: the puzzles before it are written)
  130  stopped with Ctrl-C: nothing is written (the seed makes the same puzzles again)
"""


def _shape(args: argparse.Namespace):
    """The box shape from --size and --box; raises ValueError in words."""
    from xlsolver.sudoku import Shape

    if args.box is not None:
        shape = Shape.parse(args.box)
        if args.size is not None and shape.n != args.size:
            raise ValueError(f"--box {args.box} makes {shape.n}x{shape.n} grids, not --size {args.size}")
        return shape
    return Shape.usual(args.size if args.size is not None else 9)


HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


# The generator's symmetries (xlsolver.sudoku.generator.SYMMETRIES), written out so that
# --help loads no solver; tests/test_startup.py keeps the two equal.
SYMMETRIES = ("none", "rot180", "rot90", "mirror", "diagonal")


def register_sudoku(kinds) -> None:
    parser = subcommand(
        kinds, "sudoku", "sudoku of any box shape, each proven to have one solution",
        "Make sudoku puzzles: a random full grid, then clues taken away while exactly one\n"
        "solution remains. Written to a workbook (an Index sheet, then one sheet per puzzle:\n"
        "square cells, box lines, big digits, set to print on one page) or to a text file\n"
        "(.txt, .sdm: the compact text form, one puzzle per line). `xlsolver solve` reads both.",
        SUDOKU_EXAMPLES)
    parser.add_argument("--size", type=int, metavar="N", help="digits per row: 4, 6, 8, 9, 10, 12, 16, 25 ... "
                                                              "(default 9, or what --box makes)")
    parser.add_argument("--box", metavar="RxC", help="box of R rows by C columns (default: the usual one for the "
                                                     "size, 2x3 for 6, 3x4 for 12)")
    parser.add_argument("--count", type=int, default=1, metavar="N", help="how many puzzles (default 1)")
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none",
                        help="clues placed symmetrically: rot180 (half turn), rot90 (quarter turn, square "
                             "boxes), mirror (left-right), diagonal (main diagonal, square boxes); default none")
    parser.add_argument("--minimal", action="store_true",
                        help="take clues away until none can go without a second solution (harder, fewer "
                             "clues); by default removal stops at about 40%% of the cells")
    parser.add_argument("--level", choices=("easy", "medium", "hard", "unfair", "extreme"),
                        help="only puzzles the technique ladder rates at this level (HoDoKu's levels; see "
                             "xlsolver explain); above easy implies --minimal")
    parser.add_argument("--seed", metavar="S", help="make the same puzzles again: puzzle i comes from S:i "
                                                    "(default: a random seed, printed and kept in the Index)")
    parser.add_argument("--workers", type=int, metavar="K",
                        help="processes to use (default: every core for 16 puzzles or more)")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT",
                        help="BOOK.xlsx (Index and one sheet per puzzle) or PUZZLES.txt (one per line); "
                             "a new file, unless --force")
    parser.add_argument("--force", action="store_true",
                        help="replace OUT when it exists, with everything it holds (without it an existing "
                             "OUT is refused before any work)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per puzzle as it is made, then one for the batch")
    parser.set_defaults(run=run_sudoku)


def run_sudoku(args: argparse.Namespace) -> int:
    """Print each puzzle's line as it is made (the progress bar wiped first), then the
    batch's line; an error is one line on stderr."""
    from xlsolver.jobs import Options
    from xlsolver.jobs.base import ReportLine
    from xlsolver.jobs.generate import SudokuRequest, sudoku_batch

    try:
        shape = _shape(args)
    except ValueError as err:
        return fail(str(err))
    if args.workers is not None and args.workers < 1:
        return fail(f"--workers must be at least 1, not {args.workers}")
    request = SudokuRequest(shape, args.count, args.seed, args.symmetry, args.minimal, args.workers)
    source = None
    if args.level:
        from xlsolver.jobs.sudoku_explain import at_level
        request, source = at_level(request, args.level)
    bar = ProgressBar(enabled=sys.stderr.isatty() and not args.json, noun="puzzle")
    try:
        # An output or request that is wrong raises here, before any work (and any line).
        reports = sudoku_batch(request, args.output, Options(progress=bar), source=source, overwrite=args.force)
        with closing(reports):  # Ctrl-C while a line prints: the batch's temporary file goes at once
            # One group a puzzle: print_lines flushes after each group, so a line shows as its puzzle is made.
            tally = print_lines(([ReportLine.of(r, args.json)] for r in reports), args.json, before=bar.done)
    finally:
        bar.done()
    return tally.exit_code()


def register(sub) -> None:
    from xlsolver.jobs import kinds

    parser = subcommand(
        sub, "generate", HELP["generate"],
        "Make puzzles that have exactly one solution, in batches, written to a workbook\n"
        "(one sheet per puzzle, ready to print, and an Index) or to a text file.\n"
        "Choose the kind of puzzle first: `xlsolver generate sudoku --help`.",
        "examples:\n"
        "  xlsolver generate sudoku --count 1200 -o puzzles.xlsx\n"
        "  xlsolver generate sudoku --size 6 --minimal --seed 3 -o six.xlsx\n")
    generated = parser.add_subparsers(dest="kind", metavar="KIND")
    for spec in kinds():
        if spec.generator is not None:
            module, _, function = spec.generator.partition(":")
            getattr(importlib.import_module(module), function)(generated)
    parser.set_defaults(run=lambda args: _no_kind(parser))


def _no_kind(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return EXIT_INPUT_ERROR
