"""Live LibreOffice Calc through UNO: the one module that imports ``uno``.

:class:`CalcOffice` starts a headless ``soffice`` listening on a pipe of its
own (with a profile of its own, so a Calc the user has open is left alone),
connects to it and shuts it down; :class:`CalcWorkbook` implements the
back-end protocol on an open Calc document, in few UNO calls:

- values in one ``getDataArray()`` of the used area;
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
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from xlsolver.backends.boxes import Box, rectangles
from xlsolver.backends.paint_record import RECORD_SHEET
from xlsolver.core.errors import InputError
from xlsolver.core.files import atomic_write
from xlsolver.core.geometry import Cell
from xlsolver.core.paint import (
    GREY,
    ColumnWidths,
    GridLines,
    Paint,
    PaintPlan,
    PrintSetup,
    SquareCells,
    Style,
    TextLook,
    Write,
)
from xlsolver.core.protocol import CellInfo, SheetSnapshot, Value

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

    def open(self, path: Path | str, hidden: bool = True) -> "CalcWorkbook":
        """Open a workbook file (.xlsx, .xlsm, .ods ...) as a live document."""
        path = Path(path).resolve()
        if not path.exists():
            raise InputError("no such file", str(path))
        props = properties(Hidden=hidden, MacroExecutionMode=4)  # ALWAYS_EXECUTE_NO_WARN: our own buttons
        doc = self.desktop.loadComponentFromURL(path.as_uri(), "_blank", 0, props)
        if doc is None or not hasattr(doc, "Sheets"):
            raise InputError("LibreOffice could not open this as a spreadsheet", str(path))
        return CalcWorkbook(doc, path)

    def new(self) -> "CalcWorkbook":
        doc = self.desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0, properties(Hidden=True))
        return CalcWorkbook(doc, None)


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

    def __init__(self, doc: Any, path: Path | None = None) -> None:
        self.api = doc
        self.path = path
        self._indicator: Any = None
        self._seen: dict[str, SheetSnapshot] = {}  # sheets read since xlsolver last painted them
        if path is None and doc.hasLocation():
            self.path = Path(import_uno().fileUrlToSystemPath(doc.getURL()))

    # --- the protocol ---

    @property
    def source(self) -> str:
        return str(self.path or "")

    def sheet_names(self) -> list[str]:
        """The document's sheets but xlsolver's hidden paint record (written by live Excel)."""
        return [name for name in self.api.Sheets.ElementNames if name != RECORD_SHEET]

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
        """The used area's values in one read and its formats by unique ranges. A sheet
        read once is not read again until xlsolver paints it (one press, one read)."""
        if sheet in self._seen:
            return self._seen[sheet]
        ws = self.api.Sheets.getByName(sheet)
        box = _used_box(ws)
        cells: dict[Cell, CellInfo] = {}
        if box is not None:
            top, left, bottom, right = box
            block = ws.getCellRangeByPosition(left - 1, top - 1, right - 1, bottom - 1)
            values = block.getDataArray()
            formats = _formats(block)
            for r, row in enumerate(values):
                for c, value in enumerate(row):
                    cell = (top + r, left + c)
                    fill, diagonals = formats.get(cell, (None, False))
                    info = CellInfo(_plain(value), fill, diagonals)
                    if not info.blank:
                        cells[cell] = info
        snap = self._seen[sheet] = SheetSnapshot(sheet, cells, self._names(sheet))
        return snap

    def apply(self, plan: PaintPlan) -> None:
        self._seen.pop(plan.sheet, None)
        self.add_sheet(plan.sheet)
        ws = self.api.Sheets.getByName(plan.sheet)
        index = self.sheet_names().index(plan.sheet)
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
                elif isinstance(op, ColumnWidths):
                    _column_widths(ws, op)
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
        uno = import_uno()
        ranges = self.api.createInstance("com.sun.star.sheet.SheetCellRanges")
        addresses = []
        for top, left, bottom, right in boxes:
            address = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
            address.Sheet, address.StartColumn, address.StartRow = sheet_index, left - 1, top - 1
            address.EndColumn, address.EndRow = right - 1, bottom - 1
            addresses.append(address)
        ranges.addRangeAddresses(tuple(addresses), False)
        names, values = _style_properties(op.style)
        ranges.setPropertyValues(names, values)

    def _names(self, sheet: str) -> dict[str, tuple[int, int, int, int]]:
        found = {}
        index = self.sheet_names().index(sheet)
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


def _formats(block) -> dict[Cell, tuple[str | None, bool]]:
    """Fill and diagonals of the block's cells, one question per distinct format."""
    out: dict[Cell, tuple[str | None, bool]] = {}
    groups = block.getUniqueCellFormatRanges()
    for i in range(groups.Count):
        group = groups.getByIndex(i)
        colour = group.CellBackColor
        fill = None if group.IsCellBackgroundTransparent or colour == -1 else f"{colour & 0xFFFFFF:06X}"
        diagonals = _has_line(group.DiagonalTLBR) and _has_line(group.DiagonalBLTR)
        if fill is None and not diagonals:
            continue
        for a in group.getRangeAddresses():
            for r in range(a.StartRow + 1, a.EndRow + 2):
                for c in range(a.StartColumn + 1, a.EndColumn + 2):
                    out[(r, c)] = (fill, diagonals)
    return out


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
    """Values as whole rectangles; emptied cells are cleared of their content."""
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
