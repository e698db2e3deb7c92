"""The commands of ``xlsolver``, in the order ``--help`` lists them: for each, the
module that builds and runs it, and its one line of help.

Kept apart from those modules so that ``xlsolver --help`` and ``--version`` import
none of them; each module takes its own lines from here (``HELP``).
"""

__all__ = ["COMMANDS", "help_lines"]

COMMANDS: dict[str, tuple[str, str]] = {
    "solve": ("xlsolver.cli.solve", 'solve the puzzles in workbooks or puzzle files and paint the results'),
    "step": ("xlsolver.cli.actions", 'make the next deduction on each puzzle sheet and paint it'),
    "hint": ("xlsolver.cli.actions", 'show the next deduction and its reason, without solving the rest'),
    "check": ("xlsolver.cli.actions", 'paint red what you entered that contradicts the puzzle'),
    "clear": ("xlsolver.cli.actions", 'take away what xlsolver painted and wrote: back to the puzzle as given'),
    "explain": ("xlsolver.cli.actions", 'write every step of a solution and the difficulty to a Steps sheet'),
    "import": ("xlsolver.cli.nonogram", 'lay nonogram puzzle files out in a workbook, ready to solve'),
    "export": ("xlsolver.cli.nonogram", "write the nonograms of a workbook's sheets to a puzzle file"),
    "picture": ("xlsolver.cli.picture", 'make a nonogram from an image or cells painted in a sheet'),
    "tile": ("xlsolver.cli.tile", 'tile a board with polyominoes (no workbook needed)'),
    "generate": ("xlsolver.cli.generate", 'make verified puzzles in batches, ready to print'),
    "excel": ("xlsolver.cli.button_workbooks", 'write workbooks with buttons for Excel (and LibreOffice Calc)'),
}


def help_lines(module: str) -> dict[str, str]:
    """The commands ``module`` adds, with their lines of help."""
    return {name: line for name, (home, line) in COMMANDS.items() if home == module}
