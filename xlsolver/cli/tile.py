"""``xlsolver tile``: tile a board with polyominoes, without a workbook.

The board is ``WxH`` (a full rectangle, width x height) or a text file that draws
it (``.`` an open cell, ``#`` or a space a blocked one). The pieces are a spec
such as ``pentominoes``, ``tetrominoes,O1:4`` or ``F,I,L,P:3``. The answer is the
verdict, the counts (up to the board's symmetry, and in all) and the tilings as
letter pictures, or one JSON object; ``-o`` lays the board out in a workbook,
painted, where ``xlsolver solve`` reads it again.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import (
    ProgressBar,
    add_limit_argument,
    exit_code,
    fail,
    limits,
    seconds,
    subcommand,
)
from xlsolver.core import InputError
from xlsolver.core.limits import DEFAULT_LIMITS, LIMIT_OPTION, Limits

__all__ = ["HELP", "register", "run"]

EXAMPLES = """\
examples:
  xlsolver tile --board 6x10 --pieces pentominoes
      the first tiling of the 6x10 rectangle, and whether it is the only one
  xlsolver tile --board 6x10 --pieces pentominoes --count
      2339 tilings up to symmetry (9356 in all), in well under a second
  xlsolver tile --board 3x20 --pieces pentominoes --all
      both tilings of the 3x20 rectangle, as letter pictures
  xlsolver tile --board heart.txt --pieces pentominoes --first -o heart.xlsx
      a board drawn in a text file (. open, # blocked), laid out and painted in a workbook
  xlsolver tile --board 8x8 --pieces pentominoes,O4 --count --json
      {"count": ..., "raw_count": ..., "seconds": ..., ...} on one line
  xlsolver tile --board 4x7 --pieces tetrominoes --one-sided
      the seven one-sided tetrominoes (L and L', S and S' turn but never flip): none, and
      the chessboard colouring says why before any search

exit status:
  0  the board has exactly one tiling (up to symmetry)
  1  several tilings, none, or the budget ran out first
  2  an input error (a board that cannot be read, an unknown piece)
"""


HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


def register(sub) -> None:
    parser = subcommand(
        sub, "tile", HELP["tile"],
        "Tile a board with a set of polyominoes: find a tiling, list them all, or count them,\n"
        "every distinct tiling once up to the board's symmetry (rotations and reflections that\n"
        "map the board onto itself), and the raw count beside it. Before searching, the areas\n"
        "and a chessboard colouring are compared, so an impossible board is refused at once.",
        EXAMPLES)
    parser.add_argument("--board", required=True, metavar="WxH|FILE",
                        help="WxH for a rectangle (width x height, 6x10), or a text file drawing the board: "
                             "'.' an open cell, '#' (or a space) a blocked one")
    parser.add_argument("--pieces", default="pentominoes", metavar="SPEC",
                        help="comma-separated sets and pieces, each with an optional :count: pentominoes, "
                             "tetrominoes, trominoes, dominoes, hexominoes; the letters F I L N P T U V W X Y Z; "
                             "I2 I3 V3 I4 O4 T4 S4 L4 O1; e.g. 'P:12' or 'tetrominoes,O1:4' (default: pentominoes)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--first", action="store_const", const="first", dest="mode",
                      help="show the first tiling, searching on only for a second to tell unique from "
                           "multiple (the default)")
    what.add_argument("--all", action="store_const", const="all", dest="mode",
                      help="show every tiling (up to symmetry unless --raw)")
    what.add_argument("--count", action="store_const", const="count", dest="mode",
                      help="count the tilings, showing none")
    parser.add_argument("--raw", action="store_true",
                        help="with --all or --limit: every tiling, symmetric copies included")
    parser.add_argument("--one-sided", action="store_true",
                        help="pieces may turn but not flip: each chiral piece comes with its mirror image (F and F')")
    parser.add_argument("--gaps", action="store_true", help="the pieces may leave cells empty (all must be placed)")
    parser.add_argument("--limit", type=int, metavar="N", help="stop after N tilings")
    parser.add_argument("--budget", type=seconds, default=300.0, metavar="SECONDS",
                        help="give up after this many seconds (default: 300); the verdict is then gave_up "
                             "with the counts so far")
    parser.add_argument("--json", action="store_true", help="print one JSON object (count, raw_count, seconds, ...)")
    add_limit_argument(parser)
    parser.add_argument("-o", "--output", type=Path, metavar="BOOK.xlsx",
                        help="also write a workbook with the board laid out as a polyomino sheet, painted "
                             "(the first tiling on it, the next ones on sheets of their own)")
    parser.set_defaults(run=run, mode=None)


_RECTANGLE = re.compile(r"\s*([0-9]{1,9})\s*[xX]\s*([0-9]{1,9})\s*")


def read_board(text: str, limits: Limits = DEFAULT_LIMITS):
    """``WxH`` or a picture file -> Board. Raises InputError naming the file and line,
    and, before a cell is made, for a board of more cells than ``limits`` allow
    (``--board 100000x100000``, a file larger than ``limits.file_bytes`` or drawing
    too many open cells), or whose drawing spans a box of more cells than that."""
    from xlsolver.polyomino import Board

    path = Path(text)
    if _is_file(path):
        size = path.stat().st_size
        if size > limits.file_bytes:
            raise InputError(f"the board's file has {size:,} bytes, more than the limit of {limits.file_bytes:,}",
                             str(path))
        try:
            picture = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as err:
            raise InputError(f"cannot read the board ({err})", str(path)) from None
        where = str(path)
    else:
        picture, where = text, "--board"
        if _RECTANGLE.fullmatch(text) is None:
            raise InputError(f'"{_shown(text)}" is neither WxH (such as 6x10) nor a file drawing a board', where)
    rectangle = _RECTANGLE.fullmatch(picture)
    if rectangle is not None:
        limits.check_puzzle(int(rectangle[2]), int(rectangle[1]), where)
    elif picture.count(".") > limits.puzzle_cells:
        raise InputError(f"the board draws {picture.count('.'):,} open cells, more than the limit of "
                         f"{limits.puzzle_cells:,} (raise it with {LIMIT_OPTION})", where)
    try:
        board = Board.parse(picture)
    except ValueError as err:
        raise InputError(str(err), where) from None
    limits.check_puzzle(board.height, board.width, where)  # two far apart cells draw a huge box
    return board


def _is_file(path: Path) -> bool:
    """A file to read the board from (a name too long for the system is none)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _shown(text: str, most: int = 40) -> str:
    """An argument echoed in a message: printable, cut short."""
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= most else text[:most - 1] + "…"


def run(args: argparse.Namespace) -> int:
    from xlsolver.jobs.base import Options
    from xlsolver.jobs.polyomino import report, tile
    from xlsolver.polyomino import one_sided, parse_piece_spec
    from xlsolver.sheets.polyomino_sheet import PolyominoPuzzle, tiling_rows

    if args.limit is not None and args.limit < 1:
        return fail("--limit must be 1 or more")
    chosen = limits(args)
    board = read_board(args.board, chosen)
    try:
        pieces = parse_piece_spec(args.pieces)
    except ValueError as err:
        raise InputError(str(err), "--pieces") from None
    if args.one_sided:
        pieces = one_sided(pieces)
    mode = args.mode or "first"
    keep = {"first": 1, "all": None, "count": 0}[mode]
    limit = 1 if mode == "first" else args.limit
    if args.output is not None and keep == 0:
        keep = 1  # a workbook shows at least the first tiling
    bar = ProgressBar(enabled=sys.stderr.isatty() and not args.json, noun="tiling")
    options = Options(budget_seconds=args.budget, progress=bar, limits=chosen)
    puzzle = PolyominoPuzzle(board, tuple(pieces), args.gaps)
    t0 = time.perf_counter()
    try:
        result = tile(puzzle, options, f"tiling {board.describe()}", keep=keep, limit=limit,
                      up_to_symmetry=not args.raw, where="--pieces")
    finally:
        bar.done()
    result.seconds = time.perf_counter() - t0
    rep = report(args.board, None, puzzle, result, board.height, board.width, result.message)
    if args.output is not None:
        from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
        from xlsolver.jobs.polyomino import lay_out

        book = OpenpyxlWorkbook.new()
        spec = args.pieces + (", one-sided" if args.one_sided else "") + (", gaps" if args.gaps else "")
        lay_out(book, board, pieces, result, "Board", spec, max(len(result.tilings), 1), chosen)
        book.save(args.output)
        rep.output = str(args.output)
    if args.json:
        data = {"board": board.format().splitlines(), "status": rep.status, "message": rep.message,
                "count": result.count_up_to_symmetry, "raw_count": result.count,
                "seconds": round(result.seconds, 4), **{k: v for k, v in rep.extra.items() if k not in ("count", "raw_count")},
                "tilings": rep.solutions, "output": rep.output}
        print(json.dumps(data))
    else:
        print(f"{board.describe()}: {result.status.value}, {result.message}, {result.seconds:.2f} s")
        for k, tiling in enumerate(result.tilings, 1):
            if len(result.tilings) > 1:
                print(f"\ntiling {k}:")
            else:
                print()
            print("\n".join(tiling_rows(board, tiling, board.height, board.width)))
        if rep.output:
            print(f"\npainted workbook written to {rep.output}")
    return exit_code([rep])
