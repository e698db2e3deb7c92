"""The ``xlsolver`` command line."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from xlsolver import __version__
from xlsolver.core import InputError, Status

EXIT_ALL_UNIQUE = 0
EXIT_NOT_ALL_UNIQUE = 1
EXIT_INPUT_ERROR = 2

DESCRIPTION = """\
Solve logic puzzles that live in spreadsheets, and paint the answers back.

A nonogram sheet holds the column hints stacked above the grid and the row
hints to the left of it, one number per cell (or a whole clue such as "3 1 2"
in one cell). xlsolver finds them, solves the puzzle completely and writes a
copy of the workbook with the grid painted: black cells grey (#808080), white
cells white with two diagonal lines, contradictions red (#FF0000).
"""

EPILOG = """\
examples:
  xlsolver solve workbooks/nonogram.xlsx
      solve every nonogram sheet; writes workbooks/nonogram.solved.xlsx
  xlsolver solve book.xlsx --sheet Cat -o cat.xlsx
      solve one sheet, write the painted copy to cat.xlsx
  xlsolver solve book.xlsx --in-place
      paint into book.xlsx itself (the only way the input is changed)
  xlsolver solve puzzles/*.non --json
      one JSON object per puzzle per line, solutions as rows of '#' and '.'
  xlsolver import cat.non -o cat.xlsx
      lay a puzzle out as hints around an empty grid, ready to solve in Excel

exit status:
  0  every puzzle has a unique solution
  1  some puzzle has several solutions, none, or the budget ran out
  2  an input error (a typo in a hint, clues that cannot fit, an unreadable file)

Docs: docs/index.md in the source tree.
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="xlsolver", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"xlsolver {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    solve = sub.add_parser(
        "solve", help="solve the puzzles in workbooks or puzzle files and paint the results",
        description="Solve every puzzle found in each PATH and report one line per puzzle.\n"
                    "A workbook gets a painted copy beside it (NAME.solved.xlsx) unless -o or --in-place says otherwise.",
        epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    solve.add_argument("paths", nargs="+", type=Path, metavar="PATH",
                       help="a workbook (.xlsx, .xlsm) or a puzzle file (.non)")
    solve.add_argument("-o", "--output", type=Path, metavar="OUT",
                       help="where to write the painted workbook (a folder when several PATHs are given); "
                            "for a .non file, -o lays the puzzle out and paints it into a new workbook")
    solve.add_argument("--sheet", metavar="NAME", help="solve only this sheet")
    solve.add_argument("--in-place", action="store_true", help="paint into the input workbook itself")
    solve.add_argument("--json", action="store_true", help="print one JSON object per puzzle per line")
    solve.add_argument("--budget", type=float, default=30.0, metavar="SECONDS",
                       help="give up on a puzzle after this many seconds (default: 30); the verdict is then gave_up")
    solve.set_defaults(run=_run_solve)

    imp = sub.add_parser(
        "import", help="lay a .non puzzle out in a workbook, ready to solve",
        description="Write the puzzle's hints around an empty grid, in the layout `xlsolver solve` reads.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="example:\n  xlsolver import cat.non -o cat.xlsx   (adds a sheet if cat.xlsx exists)")
    imp.add_argument("puzzle", type=Path, metavar="PUZZLE.non")
    imp.add_argument("-o", "--output", type=Path, required=True, metavar="BOOK.xlsx")
    imp.add_argument("--sheet", metavar="NAME", help="name of the new sheet (default: the puzzle's title)")
    imp.set_defaults(run=_run_import)
    return parser


def _run_solve(args: argparse.Namespace) -> int:
    from xlsolver.jobs import ERROR, solve_paths

    if args.in_place and args.output:
        print("xlsolver: --in-place and -o contradict each other; choose one", file=sys.stderr)
        return EXIT_INPUT_ERROR
    if args.output and len(args.paths) > 1 and not args.output.is_dir():
        print(f"xlsolver: with several PATHs, -o must be an existing folder ({args.output} is not)", file=sys.stderr)
        return EXIT_INPUT_ERROR
    progress = _progress_printer(enabled=sys.stderr.isatty() and not args.json)
    kwargs = dict(budget_seconds=args.budget, on_start=progress)
    if args.sheet is not None:
        kwargs["sheet"] = args.sheet
    if args.in_place:
        kwargs["in_place"] = True
    reports = solve_paths(args.paths, args.output, **kwargs)
    for report in reports:
        print(json.dumps(report.to_json()) if args.json else report.line(), flush=True)
    written = sorted({r.output for r in reports if r.output})
    if written and not args.json:
        for path in written:
            print(f"painted workbook written to {path}")
    if any(r.status == ERROR for r in reports):
        return EXIT_INPUT_ERROR
    return EXIT_ALL_UNIQUE if all(r.status == Status.UNIQUE for r in reports) else EXIT_NOT_ALL_UNIQUE


def _run_import(args: argparse.Namespace) -> int:
    from xlsolver.jobs import import_puzzle

    sheets = import_puzzle(args.puzzle, args.output, args.sheet)
    print(f"{args.output}: wrote sheet {', '.join(sheets)}")
    return EXIT_ALL_UNIQUE


def _progress_printer(enabled: bool):
    def show(what: str) -> None:
        if enabled:
            print(f"solving {what} ...", file=sys.stderr, flush=True)
    return show


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_INPUT_ERROR
    try:
        return args.run(args)
    except InputError as err:
        print(f"xlsolver: {err}", file=sys.stderr)
        return EXIT_INPUT_ERROR
    except KeyboardInterrupt:
        print("xlsolver: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
