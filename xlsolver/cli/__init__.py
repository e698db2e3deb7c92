"""The ``xlsolver`` command line.

Each command lives in its own module with a ``register(subparsers)`` function;
:data:`xlsolver.cli.commands.COMMANDS` lists them, with their lines of help, in
the order ``--help`` shows them. Only the module of the command asked for is
imported.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from xlsolver import __version__
from xlsolver.cli.common import EXIT_ALL_UNIQUE, EXIT_INPUT_ERROR, EXIT_INTERRUPTED, EXIT_NOT_ALL_UNIQUE, EXIT_TEXT, fail
from xlsolver.cli.commands import COMMANDS
from xlsolver.core.errors import InputError

__all__ = ["EXIT_ALL_UNIQUE", "EXIT_INPUT_ERROR", "EXIT_NOT_ALL_UNIQUE", "build_parser", "main"]


DESCRIPTION = """\
Solve logic puzzles that live in spreadsheets, and paint the answers back.

xlsolver finds the puzzles in a workbook's sheets by their layout: nonograms
(hints above and left of a grid, painted grey and white), sudoku of any box
shape (digits in an n x n block; the solver's digits in blue), polyomino
tilings (a board of cells and a list of pieces). Each is solved completely and
its verdict proven: unique, multiple, none (the clash painted red, #FF0000) or
gave up. A painted copy is written; the input is never changed unless asked.
`xlsolver generate` makes verified puzzles in batches, ready to print.
"""

EPILOG = """\
examples:
  xlsolver solve workbooks/nonogram.xlsx
      solve every puzzle sheet; writes workbooks/nonogram.solved.xlsx
  xlsolver solve puzzles/*.non --json
      one JSON object per puzzle per line
  xlsolver generate sudoku --count 1200 -o puzzles.xlsx
      1200 verified sudoku, one sheet each, ready to print
  xlsolver COMMAND --help
      what a command does, with examples

""" + EXIT_TEXT + """
Docs: docs/index.md in the source tree.
"""


EXIT_BROKEN_PIPE = 141  # as a shell reports a program stopped by SIGPIPE (128 + 13)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the command line. With ``argv``, only the command it names is
    built in full (its options, the kinds' options and marks); the others are listed
    by name and one line, so that ``--help`` and ``--version`` load no solver."""
    parser = argparse.ArgumentParser(
        prog="xlsolver", description=DESCRIPTION, epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"xlsolver {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = None if argv is None else next((a for a in argv if not a.startswith("-")), "")
    built: set[str] = set()
    for command, (module, line) in COMMANDS.items():
        if chosen is None or COMMANDS.get(chosen, ("",))[0] == module:
            if module not in built:  # the module adds all its commands at once
                importlib.import_module(module).register(sub)
                built.add(module)
        else:
            sub.add_parser(command, help=line, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_INPUT_ERROR
    try:
        return args.run(args)
    except InputError as err:
        return fail(str(err))
    except KeyboardInterrupt:
        print("xlsolver: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (``xlsolver solve ... | head``): reports stream, so the inputs
        # finished so far are written and the rest are left, as a pipe's producer stops.
        # Point stdout at nothing so that Python's exit flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE


if __name__ == "__main__":
    sys.exit(main())
