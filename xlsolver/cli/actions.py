"""``xlsolver step``, ``hint``, ``check``, ``clear`` and ``explain``: the actions
on puzzle sheets besides solving, one subcommand each.

Each runs the puzzle kind's own action (see :data:`xlsolver.jobs.ACTIONS`) on
every puzzle sheet that offers it, and writes a painted copy of the workbook
(``NAME.hint.xlsx`` and so on) unless ``-o`` or ``--in-place`` says otherwise.
The spreadsheet buttons run the same functions.
"""

from __future__ import annotations

import argparse

from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import add_target_arguments, subcommand

__all__ = ["HELP", "register"]

# name -> (description, examples); the one-line help is in xlsolver.cli.commands
COMMANDS = {
    "step": (
        "Find the next deduction, the way the VBA analyzer went one press at a time, paint\n"
        "the cells it decides and write its reason in the sheet. Run it again on the\n"
        "result (--in-place) to take the next step.",
        "  xlsolver step book.xlsx --sheet Cat --in-place\n"
        "      one more step, painted into book.xlsx itself\n",
    ),
    "hint": (
        "Mark the cells of the next deduction and write one sentence saying why; nothing\n"
        "else of the solution is revealed.",
        "  xlsolver hint book.xlsx --sheet Sudoku\n"
        "      writes book.hint.xlsx with the next step marked\n",
    ),
    "check": (
        "Compare what the user filled in with the puzzle's clues and its solution, and paint\n"
        "red exactly the cells that are wrong, without revealing the rest.",
        "  xlsolver check book.xlsx\n"
        "      writes book.checked.xlsx; exit status 1 when a mistake was found\n",
    ),
    "clear": (
        "Remove the solution, hints, marks and notes xlsolver added, leaving the puzzle as\n"
        "the user typed it.",
        "  xlsolver clear book.solved.xlsx -o book.xlsx\n",
    ),
    "explain": (
        "Solve the puzzle the way a person would, cheapest rule first, and write one row per\n"
        "step (the rule, the cells, a sentence) to a Steps sheet, with the difficulty.",
        "  xlsolver explain book.xlsx --sheet Cat\n"
        "      writes book.explained.xlsx with a Steps sheet for Cat\n"
        "  xlsolver explain book.xlsx --json\n"
        "      one JSON object per puzzle, with its steps and difficulty\n",
    ),
}

EXIT = """\
exit status:
  0  done on every puzzle sheet
  1  check found a mistake, or a puzzle has no single solution to work towards
  2  an input error (named by sheet and cell), or no sheet offers this action
"""


HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


def register(sub) -> None:
    for name, (description, examples) in COMMANDS.items():
        parser = subcommand(sub, name, HELP[name], description, "examples:\n" + examples + "\n" + EXIT)
        add_target_arguments(parser, name)
        parser.set_defaults(run=run, action=name)


def run(args: argparse.Namespace) -> int:
    from xlsolver.cli.batch import run_action

    return run_action(args, args.action)
