"""Buttons in LibreOffice Calc: the same actions as in Excel, as Python macros.

LibreOffice runs Python macros with its own Python (on Debian the system
``python3`` with ``python3-uno``), which does not see a virtual environment.
:func:`install_macros` writes a small macro module, ``xlsolver_buttons.py``,
into a LibreOffice profile's ``Scripts/python`` folder; it puts this
xlsolver's folders on ``sys.path`` and offers one macro per action, each
calling :func:`press_document` on the document the button sits in.
:func:`add_buttons` puts push buttons bound to those macros on a sheet::

    xlsolver excel FOLDER --calc     # .ods workbooks with buttons, and the macros installed

What a press does and where it reports is in :mod:`xlsolver.buttons`.
"""

from __future__ import annotations

import importlib.util
import os
import site
import sys
from pathlib import Path
from typing import Any, Iterable

from xlsolver.backends.calc_backend import CalcWorkbook, add_push_buttons
from xlsolver.buttons import BUTTONS, press
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.jobs import Report

__all__ = ["MACRO_MODULE", "add_buttons", "install_macros", "macro_source", "macro_url", "press_document",
           "user_profile"]

MACRO_MODULE = "xlsolver_buttons.py"


def press_document(doc: Any, action: str | None, limits: Limits = DEFAULT_LIMITS) -> list[Report]:
    """Run ``action`` (None: the Action cell's) on the active sheet of a Calc document,
    reading and solving within ``limits`` (a button press has the defaults)."""
    return press(CalcWorkbook(doc, limits=limits), action, limits=limits)


def macro_url(action: str, location: str = "user") -> str:
    """The script address a button binds to: ``vnd.sun.star.script:xlsolver_buttons.py$solve?...``."""
    return f"vnd.sun.star.script:{MACRO_MODULE}${action}?language=Python&location={location}"


def _search_paths() -> list[str]:
    """Where this xlsolver and its dependencies (numpy, openpyxl) live."""
    folders = [Path(__file__).resolve().parents[1]]
    for package in ("numpy", "openpyxl", "numba"):  # found, not imported: openpyxl has one importer
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.origin:
            folders.append(Path(spec.origin).resolve().parents[1])
    folders += [Path(p) for p in site.getsitepackages() if Path(p).is_dir()]
    return list(dict.fromkeys(str(p) for p in folders))


def macro_source(paths: Iterable[str] | None = None) -> str:
    """The text of the macro module: one function per action, ``main`` for the Action cell."""
    paths = list(paths) if paths is not None else _search_paths()
    lines = [
        '"""xlsolver buttons for LibreOffice Calc (written by xlsolver; safe to delete)."""',
        "",
        "import sys",
        "",
        f"XLSOLVER_PATHS = {paths!r}  # where xlsolver and its dependencies are installed",
        "for _path in reversed(XLSOLVER_PATHS):  # ahead of the system's packages, as in xlsolver's own install",
        "    if _path not in sys.path:",
        "        sys.path.insert(0, _path)",
        "",
        "",
        "def _document(event):",
        '    """The document of the pressed button (from the control up), else the current one."""',
        "    source = getattr(event[0], 'Source', None) if event else None",
        "    item = source.getModel() if hasattr(source, 'getModel') else source",
        "    while item is not None and not hasattr(item, 'Sheets'):",
        "        item = item.getParent() if hasattr(item, 'getParent') else None",
        "    return item if item is not None else XSCRIPTCONTEXT.getDocument()  # noqa: F821 - LibreOffice's",
        "",
        "",
        "def _press(action, event):",
        "    from xlsolver.calc import press_document",
        "",
        "    press_document(_document(event), action)",
        "",
    ]
    for action, what in BUTTONS.items():
        lines += ["", f"def {action}(*event):", f'    """{what[0].upper() + what[1:]}."""', f'    _press("{action}", event)', ""]
    lines += ["", "def main(*event):", '    """The action picked in the cell named Action."""', "    _press(None, event)", "",
              "", f"g_exportedScripts = ({', '.join(list(BUTTONS) + ['main'])},)", ""]
    return "\n".join(lines)


def user_profile() -> Path:
    """The LibreOffice user profile of this account (``.../LibreOffice/4/user``)."""
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support" / "LibreOffice"
    elif os.name == "nt":
        base = Path(os.environ.get("APPDATA", Path.home())) / "LibreOffice"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "libreoffice"
    return base / "4" / "user"


def install_macros(profile: Path | None = None, paths: Iterable[str] | None = None) -> Path:
    """Write the macro module into ``profile/Scripts/python`` (default: this account's profile)."""
    folder = (profile or user_profile()) / "Scripts" / "python"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / MACRO_MODULE
    target.write_text(macro_source(paths), encoding="utf-8")
    return target


def add_buttons(book: CalcWorkbook, sheet: str, actions: Iterable[str], row: int, col: int,
                width_mm: float = 22.0, height_mm: float = 7.0) -> list[str]:
    """Push buttons labelled with ``actions``, one below the other from 1-based
    ``(row, col)``, each bound to its macro. Returns the script addresses bound."""
    buttons = [(f"xlsolver_{action}", action.capitalize(), macro_url(action)) for action in actions]
    return add_push_buttons(book, sheet, buttons, row, col, width_mm, height_mm)
