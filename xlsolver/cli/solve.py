"""``xlsolver solve``: every puzzle in workbooks and puzzle files, painted."""

from __future__ import annotations

import argparse

from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import EXIT_TEXT, add_target_arguments, subcommand

__all__ = ["HELP", "register"]

EXAMPLES = """\
examples:
  xlsolver solve workbooks/nonogram.xlsx
      solve every puzzle sheet; writes workbooks/nonogram.solved.xlsx
  xlsolver solve book.xlsx --sheet Cat -o cat.xlsx
      solve one sheet, write the painted copy to cat.xlsx
  xlsolver solve book.xlsx --in-place
      paint into book.xlsx itself (the only way the input is changed)
  xlsolver solve puzzles/*.non --json
      one JSON object per puzzle per line, solutions as rows of '#' and '.'
  xlsolver solve set.taai -o set.xlsx
      solve a file of many puzzles and lay each out, painted, on its own sheet
  xlsolver solve class/ --summary class-results.xlsx
      every workbook in the folder (and its sub-folders) on every core, one summary
  xlsolver solve class/ --skip-done
      run again after a stop: inputs whose painted copy is newer are left alone
  xlsolver solve million.txt --json --workers 2 > verdicts.jsonl
      a file of puzzle lines as a stream, each verdict printed as it is decided

"""


HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


def register(sub) -> None:
    from xlsolver.jobs import kinds

    marks = "\n".join(f"  {spec.name}: {spec.mark}" for spec in kinds())
    parser = subcommand(
        sub, "solve", HELP["solve"],
        f"Solve every puzzle found in each PATH and report one line per puzzle.\n"
        f"Puzzle sheets are recognised by their layout (see docs/):\n{marks}\n"
        f"A workbook gets a painted copy beside it (NAME.solved.xlsx) unless -o or --in-place says otherwise.\n"
        f"For a puzzle file, -o lays the puzzles out and paints them into a new workbook.",
        EXAMPLES + EXIT_TEXT)
    add_target_arguments(parser, "solve")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from xlsolver.cli.batch import run_action

    return run_action(args, "solve")
