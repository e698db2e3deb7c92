"""Live LibreOffice Calc through UNO: the one module that imports ``uno``.

:class:`CalcOffice` starts a headless ``soffice`` listening on a pipe of its
own (with a profile of its own, so a Calc the user has open is left alone),
connects to it and shuts it down; :class:`CalcWorkbook` implements the
back-end protocol on an open Calc document, in few UNO calls:

- values only of the cells that hold one (``queryContentCells``), read with
  ``getDataArray()`` in a few rectangles, however far the used area reaches;
- fills and diagonals from ``getUniqueCellFormatRanges()``, which hands back
  the cells grouped by identical format: a question per format, not per cell;
- each style of a plan painted at once on a ``SheetCellRanges`` container
  holding all its rectangles (:mod:`xlsolver.backends.boxes`);
- values written with ``setDataArray`` on whole rectangles.

``uno`` comes with LibreOffice (Debian: ``python3-uno``), outside any virtual
environment: :func:`import_uno` finds it in the usual places, or in the
folders listed in ``XLSOLVER_UNO_PATH``, and says what to install when it is
missing. Inside Calc (a Python macro, :mod:`xlsolver.calc`) it is simply there.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from xlsolver.backends.boxes import Box, rectangles
from xlsolver.backends.held import area, cut_names, read_boxes
from xlsolver.backends.paint_record import RECORD_SHEET
from xlsolver.core.errors import InputError
from xlsolver.core.files import atomic_write
from xlsolver.core.geometry import Cell
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.ownership import RECORD_SHEET as OWNED_SHEET
from xlsolver.core.paint import (
    GREY,
    ColumnWidths,
    GridLines,
    Outline,
    Paint,
    PaintPlan,
    PrintSetup,
    Restore,
    SquareCells,
    Style,
    TextLook,
    Write,
)
from xlsolver.core.protocol import CellInfo, CellLook, SheetSnapshot, Value

__all__ = ["CalcOffice", "CalcWorkbook", "FILTERS", "INSTALL_HINT", "add_push_buttons", "find_soffice", "import_uno",
           "office_environment", "properties", "uno_folders"]

INSTALL_HINT = ("LibreOffice Calc and its Python bridge are needed: on Debian or Ubuntu "
                "apt-get install libreoffice-calc-nogui python3-uno; elsewhere install LibreOffice "
                "and set XLSOLVER_UNO_PATH to the folder holding uno.py")

_UNO_PLACES = [
    "/usr/lib/python3/dist-packages",  # Debian's python3-uno
    "/usr/lib/libreoffice/program",
    "/usr/lib64/libreoffice/program",
    "/opt/libreoffice*/program",
    "/Applications/LibreOffice.app/Contents/Resources",
    "C:/Program Files/LibreOffice/program",
]
FILTERS = {".xlsx": "Calc MS Excel 2007 XML", ".xlsm": "Calc MS Excel 2007 VBA XML", ".ods": "calc8"}
_HAIR_WIDTH = 2  # 1/100 mm: the thinnest line Calc draws, what it writes to .xlsx as "hair"


def uno_folders() -> list[str]:
    """Folders that hold ``uno.py``: XLSOLVER_UNO_PATH first, then the usual places."""
    listed = [p for p in os.environ.get("XLSOLVER_UNO_PATH", "").split(os.pathsep) if p]
    found = []
    for pattern in listed + _UNO_PLACES:
        for folder in sorted(glob.glob(pattern)):
            if os.path.isfile(os.path.join(folder, "uno.py")) and folder not in found:
                found.append(folder)
    return found


def import_uno():
    """The ``uno`` module, found beside LibreOffice when this Python lacks it; or an
    InputError that says what to install."""
    try:
        import uno
        return uno
    except ImportError:
        pass
    folders = uno_folders()
    for folder in folders:
        program = os.path.join(os.path.dirname(folder), "program") if "dist-packages" not in folder else None
        for extra in filter(None, (folder, program, "/usr/lib/libreoffice/program")):
            if os.path.isdir(extra) and extra not in sys.path:
                sys.path.append(extra)  # after the environment's own packages, which win
        try:
            import uno
            return uno
        except ImportError as err:
            last = err
            continue
    detail = f" (found {folders[0]} but it does not import: {last})" if folders else ""
    raise InputError(INSTALL_HINT + detail)


def find_soffice() -> str | None:
    """The ``soffice`` program: XLSOLVER_SOFFICE, the PATH, or the usual places."""
    named = os.environ.get("XLSOLVER_SOFFICE")
    if named:
        return named
    found = shutil.which("soffice") or shutil.which("libreoffice")
    if found:
        return found
    for pattern in ("/usr/lib/libreoffice/program/soffice", "/opt/libreoffice*/program/soffice",
                    "/Applications/LibreOffice.app/Contents/MacOS/soffice",
                    "C:/Program Files/LibreOffice/program/soffice.exe"):
        hits = sorted(glob.glob(pattern))
        if hits:
            return hits[0]
    return None


class CalcOffice:
    """A headless LibreOffice for this process, as a context manager::

        with CalcOffice() as office:
            book = office.open("puzzles.xlsx")
            ...
            book.close()

    It listens on a named pipe of its own and uses a throw-away profile; leaving
    the ``with`` block closes it (and kills it if it does not go within seconds).
    """

    def __init__(self, soffice: str | None = None, timeout: float = 60.0) -> None:
        self.soffice = soffice or find_soffice()
        self.timeout = timeout
        self.process: subprocess.Popen | None = None
        self.desktop: Any = None
        self.context: Any = None
        self._profile: str | None = None

    def __enter__(self) -> "CalcOffice":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> "CalcOffice":
        uno = import_uno()
        if not self.soffice:
            raise InputError(INSTALL_HINT)
        self._profile = tempfile.mkdtemp(prefix="xlsolver-office-")
        pipe = f"xlsolver_{os.getpid()}_{id(self)}"
        self.process = subprocess.Popen(
            [self.soffice, "--headless", "--invisible", "--nologo", "--norestore", "--nodefault",
             "--nolockcheck", f"-env:UserInstallation={Path(self._profile).as_uri()}",
             f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=office_environment())
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                self.context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
                break
            except Exception:  # noqa: BLE001 - NoConnectException until soffice listens
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"soffice did not start listening within {self.timeout:.0f} s") from None
                time.sleep(0.1)
        self.desktop = self.context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop",
                                                                              self.context)
        return self

    def stop(self) -> None:
        if self.desktop is not None:
            try:
                self.desktop.terminate()
            except Exception:  # noqa: BLE001 - the bridge goes down as soffice quits
                pass
            self.desktop = None
        if self.process is not None:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None
        if self._profile:
            shutil.rmtree(self._profile, ignore_errors=True)
            self._profile = None

    @property
    def profile(self) -> Path | None:
        """The user profile of this soffice (where user macros go), while it runs."""
        return Path(self._profile) / "user" if self._profile else None

    def open(self, path: Path | str, hidden: bool = True, limits: Limits = DEFAULT_LIMITS) -> "CalcWorkbook":
        """Open a workbook file (.xlsx, .xlsm, .ods ...) as a live document, with its
        macros never run: a file's Basic or VBA could otherwise run as it loads (a cell
        formula calling a document function does, even hidden) or as it is saved.
        xlsolver's buttons need none of it: they call the macros installed in the
        LibreOffice profile (:mod:`xlsolver.calc`), which this setting does not govern.
        ``limits`` bound what a snapshot reads (see :meth:`CalcWorkbook.snapshot`)."""
        path = Path(path).resolve()
        if not path.exists():
            raise InputError("no such file", str(path))
        props = properties(Hidden=hidden, MacroExecutionMode=_never_execute())
        doc = self.desktop.loadComponentFromURL(path.as_uri(), "_blank", 0, props)
        if doc is None or not hasattr(doc, "Sheets"):
            raise InputError("LibreOffice could not open this as a spreadsheet", str(path))
        return CalcWorkbook(doc, path, limits)

    def new(self, limits: Limits = DEFAULT_LIMITS) -> "CalcWorkbook":
        """A new, empty document (macros never run, as for :meth:`open`)."""
        props = properties(Hidden=True, MacroExecutionMode=_never_execute())
        doc = self.desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, props)
        return CalcWorkbook(doc, None, limits)


def _never_execute() -> int:
    """``com.sun.star.document.MacroExecMode.NEVER_EXECUTE``: a document's macros do not run."""
    return import_uno().getConstantByName("com.sun.star.document.MacroExecMode.NEVER_EXECUTE")


def office_environment() -> dict[str, str]:
    """This process's environment without its virtual environment, and on Linux without
    the PATH folders of other Pythons (pyenv shims, a venv's bin): LibreOffice's own
    Python (the one that runs macros) fails to start when it finds one of them first."""
    env = dict(os.environ)
    for name in ("VIRTUAL_ENV", "VIRTUAL_ENV_PROMPT", "PYTHONHOME", "PYTHONPATH", "CONDA_PREFIX"):
        env.pop(name, None)
    folders = env.get("PATH", "").split(os.pathsep)
    if sys.prefix != sys.base_prefix:
        venv_bin = os.path.normpath(os.path.join(sys.prefix, "Scripts" if os.name == "nt" else "bin"))
        folders = [p for p in folders if os.path.normpath(p) != venv_bin]
    if sys.platform.startswith("linux"):
        folders = [p for p in folders if not _foreign_python(p)]
    env["PATH"] = os.pathsep.join(folders)
    return env


def _foreign_python(folder: str, system: str = "/usr/bin/python3") -> bool:
    """Does ``folder`` hold a python3 other than the system's (the one LibreOffice embeds)?"""
    try:
        own = os.path.realpath(system)
        for name in ("python3", "python"):
            path = os.path.join(folder, name)
            if os.path.isfile(path) and os.access(path, os.X_OK) and os.path.realpath(path) != own:
                return True
    except OSError:
        return False
    return False


def properties(**values) -> tuple:
    uno = import_uno()
    result = []
    for name, value in values.items():
        prop = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
        prop.Name, prop.Value = name, value
        result.append(prop)
    return tuple(result)


class CalcWorkbook:
    """An open Calc document as a back end. ``api`` is the document."""

    # A live document keeps the user's page styles (PrintSetup) and fonts (TextLook:
    # not painted here yet); files meant for paper are written by the openpyxl back end.
    ignores: frozenset[type] = frozenset({TextLook, PrintSetup})

    def __init__(self, doc: Any, path: Path | None = None, limits: Limits = DEFAULT_LIMITS) -> None:
        self.api = doc
        self.path = path
        self.limits = limits  # how much of a sheet snapshot() reads
        self._indicator: Any = None
        self._seen: dict[str, SheetSnapshot] = {}  # sheets read since xlsolver last painted them
        if path is None and doc.hasLocation():
            self.path = Path(import_uno().fileUrlToSystemPath(doc.getURL()))

    # --- the protocol ---

    @property
    def source(self) -> str:
        return str(self.path or "")

    def sheet_names(self) -> list[str]:
        """The document's sheets but xlsolver's hidden records (the paint record live
        Excel writes, the record of what xlsolver owns)."""
        return [name for name in self.api.Sheets.ElementNames if name not in (RECORD_SHEET, OWNED_SHEET)]

    def add_sheet(self, name: str) -> None:
        sheets = self.api.Sheets
        if not sheets.hasByName(name):
            sheets.insertNewByName(name, sheets.Count)

    def remove_sheet(self, name: str) -> None:
        self._seen.pop(name, None)
        sheets = self.api.Sheets
        if sheets.hasByName(name) and sheets.Count > 1:
            sheets.removeByName(name)

    def snapshot(self, sheet: str) -> SheetSnapshot:
        """The cells holding a value, a fill or diagonals, and the defined names. Only
        what holds something is read, however far the used area reaches (a value at
        XFD1048576 is one cell, not the seventeen billion before it): Calc names the
        cells holding a value (``queryContentCells``), whose values are read in a few
        rectangles (:func:`~xlsolver.backends.held.read_boxes`), and hands the sheet's
        formats grouped (``getUniqueCellFormatRanges``, a question per format). Raises
        InputError for a sheet holding more than ``limits.sheet_cells`` such cells; one
        format over more cells than that is the sheet's background (see :func:`_marks`).
        A sheet read once is not read again until xlsolver paints it (one press, one read)."""
        if sheet in self._seen:
            return self._seen[sheet]
        ws = self.api.Sheets.getByName(sheet)
        held = [_box_of(a) for a in ws.queryContentCells(_CONTENTS).getRangeAddresses()]
        self.limits.check_sheet(sum(area(box) for box in held), sheet)
        marks, wide = _marks(ws, sheet, self.limits)
        cells: dict[Cell, CellInfo] = {}
        for top, left, bottom, right in read_boxes(held, self.limits.sheet_cells):
            values = ws.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1).getDataArray()
            for r, row in enumerate(values):
                for c, value in enumerate(row):
                    value = _plain(value)
                    if value is not None:
                        cell = (top + r, left + c)
                        cells[cell] = CellInfo(value, *marks.get(cell, (None, False)))
        for box, (fill, diagonals) in wide:  # the sheet's background, on the cells holding a value
            inside = _box_cells(box) if area(box) <= len(cells) else [cell for cell in cells if _inside(cell, box)]
            for cell in inside:
                if cell in cells and cell not in marks:
                    cells[cell] = CellInfo(cells[cell].value, fill, diagonals)
        for cell, (fill, diagonals) in marks.items():
            if cell not in cells:
                cells[cell] = CellInfo(None, fill, diagonals)
        self.limits.check_sheet(len(cells), sheet)
        cells = dict(sorted(cells.items()))  # row by row, as a sheet is read
        names = cut_names(self._names(sheet), cells, self.limits.sheet_cells)
        snap = self._seen[sheet] = SheetSnapshot(sheet, cells, names)
        return snap

    def apply(self, plan: PaintPlan) -> None:
        self._seen.pop(plan.sheet, None)
        self.add_sheet(plan.sheet)
        ws = self.api.Sheets.getByName(plan.sheet)
        index = self._index(plan.sheet)
        locked = self.api.hasControllersLocked()
        self.api.lockControllers()  # no repaint until the whole plan is in
        try:
            writes: dict[Cell, Any] = {}
            for op in plan.ops:
                if isinstance(op, Paint):
                    self._paint(index, op)
                elif isinstance(op, Write):
                    writes[op.cell] = op.value
                elif isinstance(op, SquareCells):
                    _square(ws, op)
                elif isinstance(op, GridLines):
                    _grid_lines(ws, op)
                elif isinstance(op, Outline):
                    _outline(ws, op)
                elif isinstance(op, ColumnWidths):
                    _column_widths(ws, op)
                elif isinstance(op, Restore):
                    self._restore(ws, index, op)
                # TextLook and PrintSetup: see ``ignores``.
            _write(ws, writes)
        finally:
            if not locked:
                self.api.unlockControllers()

    def save(self, path: Path | str) -> None:
        """Store the document as ``path`` (format by suffix), atomically."""
        path = Path(path)
        filter_name = FILTERS.get(path.suffix.lower())
        if filter_name is None:
            raise InputError(f"Calc saves {', '.join(FILTERS)} files here, not {path.suffix or 'no suffix'}", str(path))

        def store(temporary: Path) -> None:
            self.api.storeToURL(Path(temporary).resolve().as_uri(), properties(FilterName=filter_name))

        atomic_write(path, store, "the workbook")

    def close(self) -> None:
        self.api.close(True)

    # --- ownership (see xlsolver.core.ownership) ---

    def looks(self, sheet: str, cells: list[Cell]) -> dict[Cell, CellLook]:
        """Each cell's whole look, in a few calls per rectangle of the cells however
        many they are: the values in one read, the formulas in one query, the formats
        one question per distinct format (see :func:`_box_looks`)."""
        ws = self.api.Sheets.getByName(sheet)
        found: dict[Cell, CellLook] = {}
        for box in _look_boxes(cells):
            found.update(_box_looks(ws, box))
        return {cell: found[cell] for cell in cells}

    def owned_text(self) -> str:
        """The record's text, down column A of the hidden sheet ("" when there is none)."""
        sheets = self.api.Sheets
        if not sheets.hasByName(OWNED_SHEET):
            return ""
        ws = sheets.getByName(OWNED_SHEET)
        box = _used_box(ws)
        if box is None:
            return ""
        parts = []
        for (value,) in ws.getCellRangeByPosition(0, 0, 0, box[2] - 1).getDataArray():
            if not isinstance(value, str) or not value:
                break
            parts.append(value)
        return "".join(parts)

    def keep_owned_text(self, text: str) -> None:
        """Store the record's text in the sheet :data:`OWNED_SHEET`, 32000 characters a
        cell down column A, as text ("" takes the sheet away), behind the user's sheets.
        Calc has no very hidden sheets: it is hidden (``IsVisible`` False), and saved
        to .xlsx as hidden."""
        sheets = self.api.Sheets
        if not text:
            if sheets.hasByName(OWNED_SHEET) and sheets.Count > 1:
                sheets.removeByName(OWNED_SHEET)
            return
        if not sheets.hasByName(OWNED_SHEET):
            sheets.insertNewByName(OWNED_SHEET, sheets.Count)
        elif sheets.ElementNames[-1] != OWNED_SHEET:
            sheets.moveByName(OWNED_SHEET, sheets.Count)  # behind the sheets added since
        ws = sheets.getByName(OWNED_SHEET)
        ws.IsVisible = False
        chunks = [text[k:k + RECORD_CHUNK] for k in range(0, len(text), RECORD_CHUNK)]
        box = _used_box(ws)
        if box is not None and box[2] > len(chunks):  # a longer record's cells below
            ws.getCellRangeByPosition(0, len(chunks), box[3] - 1, box[2] - 1).clearContents(_CONTENTS)
        ws.getCellRangeByPosition(0, 0, 0, len(chunks) - 1).setDataArray(tuple((chunk,) for chunk in chunks))

    # --- live extras (buttons) ---

    def active_sheet(self) -> str:
        return self.api.CurrentController.ActiveSheet.Name

    def value_at(self, sheet: str, row: int, col: int) -> Value:
        cell = self.api.Sheets.getByName(sheet).getCellByPosition(col - 1, row - 1)
        return _plain(cell.getDataArray()[0][0]) if hasattr(cell, "getDataArray") else _plain(cell.getString())

    def show_status(self, text: str | None) -> None:
        """Calc's status bar (nothing happens without a window, as in a headless run)."""
        try:
            if self._indicator is None:
                self._indicator = self.api.CurrentController.Frame.createStatusIndicator()
                self._indicator.start(text or "", 100)
            if text:
                self._indicator.setText(text)
            else:
                self._indicator.end()
                self._indicator = None
        except Exception:  # noqa: BLE001 - no frame or controller: there is no status bar to show
            self._indicator = None

    # --- helpers ---

    def _paint(self, sheet_index: int, op: Paint) -> None:
        boxes = rectangles(op.cells)
        if not boxes:
            return
        names, values = _style_properties(op.style)
        self._ranges(sheet_index, boxes).setPropertyValues(names, values)

    def _index(self, sheet: str) -> int:
        """The sheet's position among all the document's sheets, hidden ones included
        (what a cell address's ``Sheet`` counts)."""
        return list(self.api.Sheets.ElementNames).index(sheet)

    def _ranges(self, sheet_index: int, boxes: list[Box]):
        """One ``SheetCellRanges`` holding every box, to set properties on all at once."""
        uno = import_uno()
        ranges = self.api.createInstance("com.sun.star.sheet.SheetCellRanges")
        addresses = []
        for top, left, bottom, right in boxes:
            address = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
            address.Sheet, address.StartColumn, address.StartRow = sheet_index, left - 1, top - 1
            address.EndColumn, address.EndRow = right - 1, bottom - 1
            addresses.append(address)
        ranges.addRangeAddresses(tuple(addresses), False)
        return ranges

    def _restore(self, ws, sheet_index: int, op: Restore) -> None:
        """Give each cell its look back: the formats for each group of cells that had
        the same, set at once on one ``SheetCellRanges`` (a property that came from the
        cell style goes back to it), then the values, where a cell now holds another."""
        groups: dict[str, list[Cell]] = {}
        for cell, look in op.looks:
            groups.setdefault(_format_key(look), []).append(cell)
        for key, cells in groups.items():
            direct, default = json.loads(key)
            target = self._ranges(sheet_index, rectangles(cells))
            for name in default:  # first: the four sides are one attribute, and this resets all four
                target.setPropertyToDefault(name)
            if direct:
                names = tuple(direct)
                target.setPropertyValues(names, tuple(_decoded(name, direct[name]) for name in names))
        _restore_values(ws, dict(op.looks))

    def _names(self, sheet: str) -> dict[str, tuple[int, int, int, int]]:
        found = {}
        index = self._index(sheet)
        scopes = [self.api.NamedRanges]
        ws = self.api.Sheets.getByName(sheet)
        if hasattr(ws, "NamedRanges"):
            scopes.append(ws.NamedRanges)
        for scope in scopes:
            for name in scope.ElementNames:
                try:
                    cells = scope.getByName(name).getReferredCells()
                except Exception:  # noqa: BLE001 - a name holding a formula refers to no cells
                    cells = None
                if cells is None or not hasattr(cells, "getRangeAddress"):
                    continue
                a = cells.getRangeAddress()
                if a.Sheet == index:
                    found[name] = (a.StartRow + 1, a.StartColumn + 1, a.EndRow + 1, a.EndColumn + 1)
        return found


def _used_box(ws) -> Box | None:
    """The used area (values and formats) as a 1-based box, None for an empty sheet."""
    cursor = ws.createCursor()
    cursor.gotoStartOfUsedArea(False)
    cursor.gotoEndOfUsedArea(True)
    a = cursor.getRangeAddress()
    box = (a.StartRow + 1, a.StartColumn + 1, a.EndRow + 1, a.EndColumn + 1)
    if box == (1, 1, 1, 1):
        cell = ws.getCellByPosition(0, 0)
        if not cell.getString() and cell.CellBackColor == -1 and not _has_line(cell.DiagonalTLBR):
            return None
    return box


def _box_of(address) -> Box:
    """A CellRangeAddress as a 1-based box."""
    return (address.StartRow + 1, address.StartColumn + 1, address.EndRow + 1, address.EndColumn + 1)


_MARK_PROPERTIES = ("IsCellBackgroundTransparent", "CellBackColor", "DiagonalTLBR", "DiagonalBLTR")
_Mark = tuple[str | None, bool]  # a cell's fill ("RRGGBB" or None) and whether both diagonals are drawn


def _marks(ws, sheet: str, limits: Limits) -> tuple[dict[Cell, _Mark], list[tuple[Box, _Mark]]]:
    """Fill and diagonals of the sheet's cells that have either: the sheet's cells grouped
    by identical format, two questions per format (the default one, covering nearly the
    whole sheet in a few ranges, among them), cell by cell only in the groups that have
    a fill or diagonals. One format over more cells than the limit (the whole sheet
    filled white to hide the grid) is the sheet's background: its boxes are kept as
    ``wide`` and count only on the cells holding a value, as a file keeps such a fill
    in its rows' or columns' style. Raises InputError when more cells than the limit
    have the other marks."""
    out: dict[Cell, _Mark] = {}
    wide: list[tuple[Box, _Mark]] = []
    marked = 0
    groups = ws.getUniqueCellFormatRanges()
    for i in range(groups.Count):
        group = groups.getByIndex(i)
        transparent, colour, down, up = group.getPropertyValues(_MARK_PROPERTIES)
        fill = None if transparent or colour == -1 else f"{colour & 0xFFFFFF:06X}"
        diagonals = _has_line(down) and _has_line(up)
        if fill is None and not diagonals:
            continue
        boxes = [_box_of(a) for a in group.getRangeAddresses()]
        cells = sum(area(box) for box in boxes)
        if cells > limits.sheet_cells:
            wide += [(box, (fill, diagonals)) for box in boxes]
            continue
        marked += cells
        limits.check_sheet(marked, sheet)
        for top, left, bottom, right in boxes:
            for r in range(top, bottom + 1):
                for c in range(left, right + 1):
                    out[(r, c)] = (fill, diagonals)
    return out, wide


def _inside(cell: Cell, box: Box) -> bool:
    return box[0] <= cell[0] <= box[2] and box[1] <= cell[1] <= box[3]


def _box_cells(box: Box) -> list[Cell]:
    return [(r, c) for r in range(box[0], box[2] + 1) for c in range(box[1], box[3] + 1)]


def _has_line(line) -> bool:
    return line is not None and (line.OuterLineWidth > 0 or line.InnerLineWidth > 0 or
                                 getattr(line, "LineWidth", 0) > 0)


def _line(width: int, colour: int = int(GREY, 16)):
    uno = import_uno()
    line = uno.createUnoStruct("com.sun.star.table.BorderLine2")
    if width:
        line.Color, line.OuterLineWidth, line.LineWidth, line.LineStyle = colour, width, width, 0  # SOLID
    return line


def _style_properties(style: Style) -> tuple[tuple[str, ...], tuple[Any, ...]]:
    diagonal = _line(_HAIR_WIDTH if style.diagonals else 0)
    names = ["IsCellBackgroundTransparent", "CellBackColor", "DiagonalTLBR", "DiagonalBLTR"]
    values: list[Any] = [style.fill is None, -1 if style.fill is None else int(style.fill, 16), diagonal, diagonal]
    if style.font_colour:
        names.append("CharColor")
        values.append(int(style.font_colour, 16))
    return tuple(names), tuple(values)


def _plain(value: Any) -> Value:
    """Calc gives numbers as floats and empty cells as "": as in a file, whole numbers are ints."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value == "":
        return None
    return value


def _write(ws, writes: dict[Cell, Any]) -> None:
    """Values as whole rectangles; emptied cells are cleared of their content.
    ``setDataArray`` stores a string as text, as ``setString`` does ("=1+1" stays
    those characters); ``setFormulaArray`` would parse it: xlsolver never writes formulas."""
    for top, left, bottom, right in rectangles(writes):
        block = ws.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1)
        rows = [[writes[(r, c)] for c in range(left, right + 1)] for r in range(top, bottom + 1)]
        if all(v is None for row in rows for v in row):
            block.clearContents(1 | 2 | 4 | 16)  # VALUE | DATETIME | STRING | FORMULA
            continue
        block.setDataArray(tuple(tuple("" if v is None else v for v in row) for row in rows))
        for r, row in enumerate(rows):  # "" makes an empty string; a real None clears the cell
            for c, v in enumerate(row):
                if v is None:
                    ws.getCellByPosition(left - 1 + c, top - 1 + r).clearContents(1 | 2 | 4 | 16)


def _square(ws, op: SquareCells) -> None:
    """Square cells; sizes are 1/100 mm (a point is 35.28 of them)."""
    size = round(op.size * 35.28)
    columns, rows = ws.Columns, ws.Rows
    for col in range(op.left - 1, op.right):
        columns.getByIndex(col).Width = size
    for row in range(op.top - 1, op.bottom):
        rows.getByIndex(row).Height = size


def _column_widths(ws, op: ColumnWidths) -> None:
    """Excel's character units in 1/100 mm: 7 pixels a character and 5 of margin,
    at 96 pixels (72 points) an inch."""
    columns = ws.Columns
    for col, width in op.widths:
        columns.getByIndex(col - 1).Width = round((7 * width + 5) * 0.75 * 35.28)


def _grid_lines(ws, op: GridLines) -> None:
    """Thin lines on every cell, medium ones on the box edge and every ``op.every`` lines."""
    uno = import_uno()
    thin, medium = _line(9, 0xA0A0A0), _line(35, 0x404040)
    block = ws.getCellRangeByPosition(op.left - 1, op.top - 1, op.right - 1, op.bottom - 1)
    border = uno.createUnoStruct("com.sun.star.table.TableBorder2")
    for side in ("Top", "Bottom", "Left", "Right"):
        setattr(border, f"{side}Line", medium)
        setattr(border, f"Is{side}LineValid", True)
    for inner in ("Horizontal", "Vertical"):
        setattr(border, f"{inner}Line", thin)
        setattr(border, f"Is{inner}LineValid", True)
    block.TableBorder2 = border
    for col in range(op.left + op.every, op.right + 1, op.every):
        ws.getCellRangeByPosition(col - 1, op.top - 1, col - 1, op.bottom - 1).LeftBorder = medium
    for row in range(op.top + op.every, op.bottom + 1, op.every):
        ws.getCellRangeByPosition(op.left - 1, row - 1, op.right - 1, row - 1).TopBorder = medium


def _outline(ws, op: Outline) -> None:
    """A medium line (as GridLines' medium) in the op's colour on the outline, one
    straight run of cells at a time: the run's outer line on that side, the only
    line marked valid in a TableBorder2 (a range's TopBorder would also take away
    the left and right lines of its cells), so the cells' other sides are kept."""
    uno = import_uno()
    line = _line(35, int(op.colour, 16))
    for side, (top, left), (bottom, right) in op.runs():
        border = uno.createUnoStruct("com.sun.star.table.TableBorder2")
        setattr(border, f"{side.capitalize()}Line", line)
        setattr(border, f"Is{side.capitalize()}LineValid", True)
        ws.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1).TableBorder2 = border


# --- ownership: a cell's whole look, read and given back ------------------------

RECORD_CHUNK = 32000  # characters of the record a cell holds (a cell takes 32767)
_CONTENTS = 1 | 2 | 4 | 16  # CellFlags VALUE | DATETIME | STRING | FORMULA
_NATIVE = "calc 1"
# Everything of a cell's format a paint plan can change, read and set at once;
# IsCellBackgroundTransparent before CellBackColor, as _style_properties sets them.
_LOOK_PROPERTIES = ("IsCellBackgroundTransparent", "CellBackColor", "DiagonalTLBR", "DiagonalBLTR", "CharColor",
                    "CharHeight", "CharWeight", "HoriJustify", "LeftBorder", "RightBorder", "TopBorder", "BottomBorder")
_EDGES = ("LeftBorder", "RightBorder", "TopBorder", "BottomBorder")
_LINES = ("DiagonalTLBR", "DiagonalBLTR") + _EDGES
_JUSTIFY = ("STANDARD", "LEFT", "CENTER", "RIGHT", "BLOCK", "REPEAT")  # com.sun.star.table.CellHoriJustify
_BOLD = 150.0  # com.sun.star.awt.FontWeight.BOLD
# Border lines, BorderLine2 as a list: Color, InnerLineWidth, OuterLineWidth, LineDistance,
# LineStyle, LineWidth (widths in 1/100 mm). LineStyle: SOLID 0, DOTTED 1, DASHED 2, DOUBLE 3,
# FINE_DASHED 14, DOUBLE_THIN 15, DASH_DOT 16, DASH_DOT_DOT 17, NONE 32767.
_NO_LINE = 32767
# An edge's name is what a file calls it (CellLook.edges): a line of each name as Calc
# reads it from an .xlsx file (measured on LibreOffice 7), and the widths Calc writes to
# .xlsx as each weight: under 26 hair, under 61 thin, under 88 medium, else thick.
_LINE_OF_EDGE = {
    "hair": (0, 2), "thin": (0, 26), "medium": (0, 62), "thick": (0, 88), "dotted": (1, 26),
    "dashed": (14, 26), "mediumDashed": (2, 62), "slantDashDot": (14, 62), "double": (15, 62),
    "dashDot": (16, 26), "mediumDashDot": (16, 62), "dashDotDot": (17, 26), "mediumDashDotDot": (17, 62),
}
_PATTERNED = {1: ("dotted", "dotted"), 2: ("dashed", "mediumDashed"), 14: ("dashed", "slantDashDot"),
              3: ("double", "double"), 15: ("double", "double"), 16: ("dashDot", "mediumDashDot"),
              17: ("dashDotDot", "mediumDashDotDot")}  # LineStyle -> (name, name at 61 and up)


def _look_boxes(cells: list[Cell]) -> list[Box]:
    """Rectangles covering ``cells``; their bounding box when that is at most four
    times the cells (reading a few cells more costs less than a question per box)."""
    boxes = rectangles(cells)
    if len(boxes) > 1:
        top, left = min(b[0] for b in boxes), min(b[1] for b in boxes)
        bottom, right = max(b[2] for b in boxes), max(b[3] for b in boxes)
        if (bottom - top + 1) * (right - left + 1) <= 4 * len(set(cells)):
            return [(top, left, bottom, right)]
    return boxes


def _box_looks(ws, box: Box) -> dict[Cell, CellLook]:
    """The look of every cell of ``box``: its values in one read, its formulas in one
    query, and per distinct format (``getUniqueCellFormatRanges``) the properties a
    plan can change with, for each, whether it is the cell style's own (two calls).
    ``native`` keeps them exactly, with a cell's formula."""
    top, left, bottom, right = box
    block = ws.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1)
    values = block.getDataArray()
    formulas = _formulas(ws, block)
    looks: dict[Cell, CellLook] = {}
    groups = block.getUniqueCellFormatRanges()
    for i in range(groups.Count):
        group = groups.getByIndex(i)
        raw = _raw_format(group)
        fields = _look_fields(raw["values"])
        native = _NATIVE + " " + json.dumps(raw, separators=(",", ":"))
        for a in group.getRangeAddresses():
            for r in range(a.StartRow + 1, a.EndRow + 2):
                for c in range(a.StartColumn + 1, a.EndColumn + 2):
                    formula = formulas.get((r, c))
                    own = native if formula is None else \
                        _NATIVE + " " + json.dumps({**raw, "formula": formula}, separators=(",", ":"))
                    looks[(r, c)] = CellLook(_plain(values[r - top][c - left]), native=own, **fields)
    return looks


def _formulas(ws, block) -> dict[Cell, str]:
    """The formulas among the block's cells (one query; usually there are none)."""
    found = {}
    for a in block.queryContentCells(16).getRangeAddresses():  # CellFlags.FORMULA
        rows = ws.getCellRangeByPosition(a.StartColumn, a.StartRow, a.EndColumn, a.EndRow).getFormulaArray()
        for r, row in enumerate(rows):
            for c, formula in enumerate(row):
                found[(a.StartRow + 1 + r, a.StartColumn + 1 + c)] = formula
    return found


def _raw_format(group) -> dict:
    """The format properties of cells that share one, as plain data, and which of
    them come from the cell style (DEFAULT_VALUE) rather than the cells themselves."""
    values = group.getPropertyValues(_LOOK_PROPERTIES)
    states = group.getPropertyStates(_LOOK_PROPERTIES)
    return {"values": {name: _encoded(value) for name, value in zip(_LOOK_PROPERTIES, values)},
            "default": [name for name, state in zip(_LOOK_PROPERTIES, states) if state.value == "DEFAULT_VALUE"]}


def _encoded(value: Any) -> Any:
    if hasattr(value, "OuterLineWidth"):  # a BorderLine2
        return [value.Color, value.InnerLineWidth, value.OuterLineWidth, value.LineDistance,
                getattr(value, "LineStyle", 0), getattr(value, "LineWidth", value.OuterLineWidth)]
    if hasattr(value, "typeName"):  # an enum (HoriJustify)
        return value.value
    return value


def _decoded(name: str, value: Any) -> Any:
    if name in _LINES:
        uno = import_uno()
        line = uno.createUnoStruct("com.sun.star.table.BorderLine2")
        (line.Color, line.InnerLineWidth, line.OuterLineWidth, line.LineDistance,
         line.LineStyle, line.LineWidth) = value
        return line
    if name == "HoriJustify":
        return import_uno().Enum("com.sun.star.table.CellHoriJustify", value)
    return value


def _look_fields(values: dict) -> dict:
    """The CellLook fields every back end knows, from the raw properties."""
    colour, font = values["CellBackColor"], values["CharColor"]
    return {
        "fill": None if values["IsCellBackgroundTransparent"] or colour == -1 else f"{colour & 0xFFFFFF:06X}",
        "diagonals": _drawn(values["DiagonalTLBR"]) and _drawn(values["DiagonalBLTR"]),
        "font_colour": None if font == -1 else f"{font & 0xFFFFFF:06X}",
        "font_size": float(values["CharHeight"]),
        "bold": values["CharWeight"] >= _BOLD,
        "centred": values["HoriJustify"] == "CENTER",
        "edges": tuple(_edge_text(values[name]) for name in _EDGES),
    }


def _drawn(line: list) -> bool:
    return line[4] != _NO_LINE and max(line[2] + line[1] + line[3], line[5]) > 0


def _edge_text(line: list) -> str | None:
    """A border line as CellLook.edges says it: its name, then its colour when not black
    (Calc writes a black line to .xlsx as an automatic one)."""
    if not _drawn(line):
        return None
    colour, style, width = line[0] & 0xFFFFFF, line[4], max(line[2] + line[1] + line[3], line[5])
    if style in _PATTERNED:
        name = _PATTERNED[style][width >= 61]
    else:
        name = "hair" if width < 26 else "thin" if width < 61 else "medium" if width < 88 else "thick"
    return name if colour == 0 else f"{name} FF{colour:06X}"


def _line_of_edge(edge: str) -> list | None:
    """The line Calc makes of an edge's name (as reading it from an .xlsx file), None if unknown."""
    name, _, colour = edge.partition(" ")
    if name not in _LINE_OF_EDGE:
        return None
    try:
        rgb = int(colour[-6:], 16) if colour else 0
    except ValueError:
        rgb = 0
    style, width = _LINE_OF_EDGE[name]
    if name == "double":
        return [rgb, 18, 18, 26, style, width]
    return [rgb, 0, width, 0, style, width]


def _native(look: CellLook) -> dict:
    """The raw properties a look read by this back end keeps ({} for another back end's)."""
    if not look.native or not look.native.startswith(_NATIVE + " "):
        return {}
    try:
        raw = json.loads(look.native[len(_NATIVE) + 1:])
    except ValueError:
        return {}
    return raw if isinstance(raw, dict) else {}


def _format_key(look: CellLook) -> str:
    """What to set on a cell to give it ``look``'s format, as JSON text (so cells that
    need the same are grouped): ``[{property: value}, [properties back to the style]]``.
    From the native form when this back end read the look, else from its fields."""
    raw = _native(look)
    values, default = raw.get("values"), raw.get("default")
    if (isinstance(values, dict) and isinstance(default, list)
            and all(name in values and _valid(name, values[name]) for name in _LOOK_PROPERTIES)):
        direct = {name: values[name] for name in _LOOK_PROPERTIES if name not in default}
        back = [name for name in _LOOK_PROPERTIES if name in default]
    else:
        direct, back = _format_of_fields(look)
    return json.dumps([direct, back], sort_keys=True)


def _valid(name: str, value: Any) -> bool:
    if name in _LINES:
        return isinstance(value, list) and len(value) == 6 and all(isinstance(v, int) for v in value)
    if name == "HoriJustify":
        return value in _JUSTIFY
    if name == "IsCellBackgroundTransparent":
        return isinstance(value, bool)
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _format_of_fields(look: CellLook) -> tuple[dict, list]:
    """A look another back end read: each field it has set directly, the rest back to the style."""
    direct: dict[str, Any] = {}
    if look.fill:
        direct.update(IsCellBackgroundTransparent=False, CellBackColor=int(look.fill, 16))
    if look.diagonals:
        hair = [int(GREY, 16), 0, _HAIR_WIDTH, 0, 0, _HAIR_WIDTH]
        direct.update(DiagonalTLBR=hair, DiagonalBLTR=hair)
    if look.font_colour:
        direct["CharColor"] = int(look.font_colour, 16)
    if look.font_size is not None:
        direct["CharHeight"] = float(look.font_size)
    if look.bold:
        direct["CharWeight"] = _BOLD
    if look.centred:
        direct["HoriJustify"] = "CENTER"
    for name, edge in zip(_EDGES, look.edges):
        line = _line_of_edge(edge) if edge else None
        if line is not None:
            direct[name] = line
    return direct, [name for name in _LOOK_PROPERTIES if name not in direct]


def _restore_values(ws, looks: dict[Cell, CellLook]) -> None:
    """The value of each look where its cell now holds another: a formula the cell
    had as that formula, text as text, an empty cell emptied."""
    values: dict[Cell, Any] = {}
    formulas: dict[Cell, str] = {}
    for top, left, bottom, right in rectangles(looks):
        now = ws.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1).getDataArray()
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                look = looks[(r, c)]
                if _plain(now[r - top][c - left]) == _plain(look.value):
                    continue
                formula = _native(look).get("formula")
                if isinstance(formula, str) and formula:
                    formulas[(r, c)] = formula
                else:
                    values[(r, c)] = _cell_value(look.value)
    _write(ws, values)
    for (r, c), formula in formulas.items():
        ws.getCellByPosition(c - 1, r - 1).setFormula(formula)


def _cell_value(value: Value) -> Any:
    """A value as a cell takes it: True and False as 1 and 0, text as text."""
    if isinstance(value, bool):
        return int(value)
    return value


# --- push buttons -------------------------------------------------------------

def add_push_buttons(book: CalcWorkbook, sheet: str, buttons: list[tuple[str, str, str]], row: int, col: int,
                     width_mm: float = 22.0, height_mm: float = 7.0) -> list[str]:
    """Push buttons ``(name, label, script address)``, one below the other from
    1-based ``(row, col)``, each bound to its script when pressed. Returns the
    script addresses bound."""
    uno = import_uno()
    doc = book.api
    ws = doc.Sheets.getByName(sheet)
    page = ws.DrawPage
    origin = ws.getCellByPosition(col - 1, row - 1).Position
    bound = []
    for number, (name, label, script) in enumerate(buttons):
        model = doc.createInstance("com.sun.star.form.component.CommandButton")
        model.Name, model.Label = name, label
        shape = doc.createInstance("com.sun.star.drawing.ControlShape")
        position = uno.createUnoStruct("com.sun.star.awt.Point")
        position.X, position.Y = origin.X, origin.Y + round(number * (height_mm + 1.5) * 100)
        size = uno.createUnoStruct("com.sun.star.awt.Size")
        size.Width, size.Height = round(width_mm * 100), round(height_mm * 100)
        shape.Position, shape.Size = position, size
        shape.Control = model
        page.add(shape)  # puts the model into the sheet's form
        form = model.Parent
        event = uno.createUnoStruct("com.sun.star.script.ScriptEventDescriptor")
        event.ListenerType, event.EventMethod = "XActionListener", "actionPerformed"
        event.ScriptType, event.ScriptCode = "Script", script
        form.registerScriptEvent(_index_of(form, model.Name), event)
        bound.append(event.ScriptCode)
    return bound


def _index_of(form: Any, name: str) -> int:
    """The index of a form's control model (ElementNames is sorted; events go by index)."""
    return next(i for i in range(form.Count) if form.getByIndex(i).Name == name)
