"""``xlsolver excel FOLDER``: workbooks with buttons, ready for Excel (and Calc).

For each puzzle kind it writes, side by side:

- ``xlsolver_<kind>.xlsm``: a sample puzzle, an Action cell (a list of the
  actions), Budget, Stop and Status cells, and a Run button. The macros are
  the small VBA project of xlwings' ``quickstart.xlsm`` template (BSD
  licence, copied from the installed xlwings): its one macro, ``SampleCall``,
  runs ``main()`` of the Python module named after the workbook;
- ``xlsolver_<kind>.xlsx``: the same sheet without macros, for the xlwings
  add-in's "Run main", which runs the same ``main()``;
- ``xlsolver_<kind>.py``: that module; its ``main()`` runs the action picked
  in the Action cell (:func:`xlsolver.excel.main`);

and once ``xlsolver.bas``, named macros (``XlsolverSolve`` ...) for those who
import a VBA module into a workbook of their own, plus ``NOTICE-xlwings.txt``.
With ``--calc``, ``xlsolver_<kind>.ods`` with one push button per action, and
the Calc macros installed into this account's LibreOffice profile.

The workbook itself is built with openpyxl; what openpyxl does not write
(defined names scoped to the sheet, the Action list, the button, the VBA
project) is added to the saved package by :mod:`xlsolver.backends.xlsm`.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from xlsolver.buttons import BUTTONS
from xlsolver.cli.commands import help_lines
from xlsolver.cli.common import EXIT_ALL_UNIQUE, subcommand
from xlsolver.core import InputError, PaintPlan, Write
from xlsolver.core.files import atomic_write_text
from xlsolver.core.paint import ColumnWidths

__all__ = ["HELP", "Kind", "bas_text", "register", "samples", "write_folder"]

TEMPLATE = "quickstart.xlsm"
TEMPLATE_MACRO = "SampleCall"


@dataclass(frozen=True)
class Kind:
    """A puzzle kind's sample sheet, as its spec gives it: the kind, the sheet's name
    and the plan that lays the puzzle out."""

    kind: str
    sheet: str
    plan: Callable[[str], PaintPlan]


def samples() -> dict[str, Kind]:
    """Every kind that has a sample sheet, from the kind registry."""
    from xlsolver.jobs import kinds

    return {spec.name: Kind(spec.name, *spec.sample) for spec in kinds() if spec.sample is not None}


# --- the workbook ---------------------------------------------------------------

@dataclass(frozen=True)
class Panel:
    """Where the control cells are (1-based): label column, value column, first row."""

    left: int
    top: int = 1

    @property
    def value_col(self) -> int:
        return self.left + 1

    def cell(self, what: str) -> tuple[int, int]:
        return (self.top + ["Action", "Budget", "Stop", "Status"].index(what), self.value_col)


def _panel_for(plan: PaintPlan) -> Panel:
    """Two empty columns right of everything the puzzle plan touches."""
    right = 1
    for op in plan.ops:
        if isinstance(op, Write):
            right = max(right, op.cell[1])
        elif hasattr(op, "cells"):
            right = max([right, *(c for _, c in op.cells)])
        elif hasattr(op, "right"):
            right = max(right, op.right)
    return Panel(left=right + 3)


def _panel_plan(sheet: str, panel: Panel) -> PaintPlan:
    rows = [("Action", "solve"), ("Budget", "30 s"), ("Stop", None), ("Status", None)]
    ops = []
    for i, (label, value) in enumerate(rows):
        ops.append(Write((panel.top + i, panel.left), label))
        if value is not None:
            ops.append(Write((panel.top + i, panel.value_col), value))
    ops.append(Write((panel.top + 6, panel.left), "Pick an action above, then press Run (or xlwings: Run main)."))
    ops.append(Write((panel.top + 7, panel.left), "Type anything into Stop to stop long work."))
    return PaintPlan(sheet, tuple(ops))


HELP_LINES = [
    "xlsolver in Excel",
    "",
    "1. In a clone of xlsolver: pip install \".[excel]\"  and  xlwings addin install  (once).",
    "2. Keep this workbook and the .py file of the same name in one folder.",
    "3. On the puzzle sheet, pick an action in the Action cell and press Run.",
    "",
    "Actions: " + ", ".join(BUTTONS) + ".",
    "Budget: seconds a solve may take. Stop: type anything to stop long work.",
    "Status: where xlsolver says what happened (the status bar says it too).",
    "Without macros: open the .xlsx twin and use the xlwings add-in's Run main.",
]


def _build(kind: Kind, macros: bool) -> tuple["OpenpyxlWorkbook", Panel]:
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.backends.xlsm import name_modules

    book = OpenpyxlWorkbook.new()
    book.add_sheet(kind.sheet)
    plan = kind.plan(kind.sheet)
    book.apply(plan)
    panel = _panel_for(plan)
    book.apply(_panel_plan(kind.sheet, panel))
    book.add_sheet("Help")
    book.apply(PaintPlan("Help", tuple(Write((i + 1, 1), line) for i, line in enumerate(HELP_LINES) if line)))
    book.apply(PaintPlan(kind.sheet, (ColumnWidths.of({panel.left: 10, panel.value_col: 14}),)))
    if macros:  # the template's document modules are ThisWorkbook, Sheet1 and Sheet2
        name_modules(book)
    return book, panel


def _letters(col: int) -> str:
    from xlsolver.core import column_letter

    return column_letter(col)


def _absolute(sheet: str, cell: tuple[int, int]) -> str:
    return f"'{sheet}'!${_letters(cell[1])}${cell[0]}"


def _finish(path: Path, kind: Kind, panel: Panel, template: Path | None) -> None:
    """Add to the saved file what openpyxl does not write: sheet-scoped names, the
    Action list, and (with a template) the VBA project and a Run button."""
    from xlsolver.backends.xlsm import Button, finish_package

    names = {what: _absolute(kind.sheet, panel.cell(what)) for what in ("Action", "Budget", "Stop", "Status")}
    action = f"{_letters(panel.value_col)}{panel.cell('Action')[0]}"
    button = Button("Run", (panel.top + 4, panel.left), TEMPLATE_MACRO)
    finish_package(path, names, (action, list(BUTTONS), "Action", "What Run does"),
                   button if template is not None else None, template)


# --- the Python module, the VBA module, the notice ---------------------------

def module_text(workbook: str) -> str:
    """The ``.py`` beside a workbook: its ``main()`` is what the Run button and "Run main" call."""
    return f'''"""Buttons of {workbook}.xlsm and {workbook}.xlsx (written by ``xlsolver excel``).

The Run button of the .xlsm and the xlwings add-in's "Run main" both call
main(), which runs the action picked in the sheet's Action cell. To try it
from a terminal with the workbook open in Excel:  python {workbook}.py
"""

import xlwings as xw

from xlsolver.excel import check, clear, explain, generate, hint, solve, step  # noqa: F401 - one per button
from xlsolver.excel import main as _main


def main():
    _main()


if __name__ == "__main__":
    xw.Book("{workbook}.xlsm").set_mock_caller()
    main()
'''


def bas_text() -> str:
    """A VBA module of named macros, one per action, for ``File > Import`` in the VBA editor."""
    lines = ['Attribute VB_Name = "xlsolver"',
             "' xlsolver buttons: needs the xlwings add-in (xlwings addin install) and",
             "' a reference to it (VBA editor: Tools > References > xlwings).",
             "' Assign a macro to a button: right-click the button > Assign Macro.", ""]
    for action, what in BUTTONS.items():
        lines += [f"' {what[0].upper() + what[1:]}.", f"Sub Xlsolver{action.capitalize()}()",
                  f'    RunPython "import xlsolver.excel; xlsolver.excel.{action}()"', "End Sub", ""]
    lines += ["' The action picked in the cell named Action.", "Sub XlsolverMain()",
              '    RunPython "import xlsolver.excel; xlsolver.excel.main()"', "End Sub", ""]
    return "\r\n".join(lines)


def _template() -> tuple[Path, Path | None]:
    """xlwings' quickstart template and its licence file, from the installed xlwings."""
    import importlib.util

    spec = importlib.util.find_spec("xlwings")
    if spec is None or not spec.origin:
        raise InputError("the .xlsm workbooks reuse xlwings' template: in a clone of xlsolver, pip install '.[excel]'")
    package = Path(spec.origin).parent
    template = package / TEMPLATE
    if not template.exists():
        raise InputError(f"this xlwings has no {TEMPLATE}; pip install --upgrade xlwings")
    licences = sorted(package.parent.glob("xlwings-*.dist-info/licenses/LICENSE.txt")) + \
        sorted(package.parent.glob("xlwings-*.dist-info/LICENSE*"))
    return template, (licences[0] if licences else None)


# --- the folder ---------------------------------------------------------------

def write_folder(folder: Path, kinds: list[str] | None = None, calc: bool = False,
                 say: Callable[[str], None] = print) -> list[Path]:
    """Write the workbooks, their modules, the .bas and the notice into ``folder``."""
    from xlsolver.backends.xlsm import save_macro_book

    folder.mkdir(parents=True, exist_ok=True)
    template, licence = _template()
    written = []
    known = samples()
    for name in kinds or list(known):
        kind = known[name]
        stem = f"xlsolver_{kind.kind}"
        for suffix, macros in ((".xlsm", True), (".xlsx", False)):
            book, panel = _build(kind, macros)
            path = folder / (stem + suffix)
            book.save(path) if not macros else save_macro_book(book, path)
            _finish(path, kind, panel, template if macros else None)
            written.append(path)
        atomic_write_text(folder / f"{stem}.py", module_text(stem))
        written.append(folder / f"{stem}.py")
    atomic_write_text(folder / "xlsolver.bas", bas_text())
    written.append(folder / "xlsolver.bas")
    if licence is not None:
        notice = ("The .xlsm workbooks here hold the VBA project of xlwings' quickstart.xlsm template\n"
                  "(its macro SampleCall runs main() of the Python module named after the workbook).\n"
                  "xlwings is distributed under this licence:\n\n" + licence.read_text(encoding="utf-8"))
        atomic_write_text(folder / "NOTICE-xlwings.txt", notice)
        written.append(folder / "NOTICE-xlwings.txt")
    for path in written:
        say(f"wrote {path}")
    if calc:  # after the Excel files are reported: LibreOffice may be missing
        made = _write_calc(folder, kinds or list(samples()), say)
        for path in made:
            say(f"wrote {path}")
        written += made
    return written


def _write_calc(folder: Path, kinds: list[str], say: Callable[[str], None]) -> list[Path]:
    from xlsolver.backends.calc_backend import CalcOffice
    from xlsolver.calc import add_buttons, install_macros

    written = [install_macros()]
    with CalcOffice() as office:
        for name in kinds:
            kind = samples()[name]
            book = office.open(folder / f"xlsolver_{kind.kind}.xlsx")
            panel = _panel_for(kind.plan(kind.sheet))
            add_buttons(book, kind.sheet, [a for a in BUTTONS], row=panel.top + 9, col=panel.left)
            target = folder / f"xlsolver_{kind.kind}.ods"
            book.save(target)
            book.close()
            written.append(target)
    return written


# --- the command --------------------------------------------------------------

HELP = help_lines(__name__)
"""The commands this module adds, with the line ``xlsolver --help`` shows for each."""


def register(sub) -> None:
    cmd = subcommand(
        sub, "excel", HELP["excel"],
        "Write, for each puzzle kind, a macro-enabled workbook with a sample puzzle, an Action\n"
        "cell and a Run button (xlsolver_KIND.xlsm), the same without macros for the xlwings\n"
        "add-in's \"Run main\" (xlsolver_KIND.xlsx), and the Python module both call\n"
        "(xlsolver_KIND.py); also xlsolver.bas, one named VBA macro per action. Keep each\n"
        "workbook and its .py together. Needs xlwings: in a clone of xlsolver, pip install \".[excel]\".",
        "examples:\n"
        "  xlsolver excel puzzles/              every kind\n"
        "  xlsolver excel puzzles/ --kind nonogram\n"
        "  xlsolver excel puzzles/ --calc       also .ods workbooks with buttons, macros installed\n\n"
        "then, once: xlwings addin install   (and open xlsolver_nonogram.xlsm in Excel)\n")
    cmd.add_argument("folder", type=Path, metavar="FOLDER")
    cmd.add_argument("--kind", action="append", choices=sorted(samples()), help="only this kind (repeatable)")
    cmd.add_argument("--calc", action="store_true",
                     help="also write .ods workbooks with push buttons and install the LibreOffice macros")
    cmd.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    write_folder(args.folder, args.kind, args.calc)
    return EXIT_ALL_UNIQUE
