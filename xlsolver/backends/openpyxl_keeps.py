"""What of a workbook file xlsolver's file writer cannot keep.

openpyxl reads and writes cells, styles, names, comments, images and charts,
but it drops what it does not model: shapes and text boxes a user drew, form
controls (buttons), slicers and timelines. Saving such a workbook in place
would lose them without a word, so xlsolver looks first: :func:`unkept` names
each of them by sheet, and a job refuses to paint that file in place.
"""

from __future__ import annotations

import posixpath
import zipfile
from pathlib import Path

from defusedxml.ElementTree import fromstring

__all__ = ["unkept"]

PART_LIMIT = 16 * 1024 * 1024  # a drawing larger than this is not read: it is named as it is
_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_DOC_REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_XDR = "{http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing}"
_SHAPES = (f"{_XDR}sp", f"{_XDR}grpSp", f"{_XDR}cxnSp")


def unkept(path: Path | str) -> list[str]:
    """Each thing in the file the writer would drop, as a phrase ("a text box on
    Sheet1", "2 shapes on Sheet2", "form controls on Sheet1", "slicers");
    [] for a file that holds none (or that cannot be read: opening it says why)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return _unkept(archive)
    except (OSError, zipfile.BadZipFile, KeyError, ValueError, SyntaxError):
        return []


def _unkept(archive: zipfile.ZipFile) -> list[str]:
    names = set(archive.namelist())
    found: list[str] = []
    for sheet, part in _sheet_parts(archive):
        for kind, target in _related(archive, part):
            if kind == "drawing" and target in names:
                found += [f"{what} on {sheet}" for what in _drawn(archive, target)]
            elif kind == "ctrlProp":
                found.append(f"form controls on {sheet}")
                break
    for folder, what in (("xl/slicers/", "slicers"), ("xl/timelines/", "timelines")):
        if any(name.startswith(folder) for name in names):
            found.append(what)
    return list(dict.fromkeys(found))


def _sheet_parts(archive: zipfile.ZipFile) -> list[tuple[str, str]]:
    """(sheet name, its part's path) for each sheet of the workbook."""
    book = _xml(archive, "xl/workbook.xml")
    targets = dict(_related(archive, "xl/workbook.xml", by_id=True))
    sheets = []
    for sheet in book.iter(f"{_MAIN}sheet"):
        target = targets.get(sheet.get(_DOC_REL))
        if target is not None:
            sheets.append((sheet.get("name", "?"), target))
    return sheets


def _related(archive: zipfile.ZipFile, part: str, by_id: bool = False) -> list[tuple[str, str]]:
    """The parts ``part`` points to: (kind, path), or (id, path) with ``by_id``."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", name + ".rels")
    if rels not in archive.namelist():
        return []
    out = []
    for rel in _xml(archive, rels).iter(_REL):
        target = rel.get("Target", "")
        path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        key = rel.get("Id", "") if by_id else rel.get("Type", "").rsplit("/", 1)[-1]
        out.append((key, path))
    return out


def _drawn(archive: zipfile.ZipFile, part: str) -> list[str]:
    """The shapes of a drawing part, as phrases ("a text box", "3 shapes")."""
    if archive.getinfo(part).file_size > PART_LIMIT:
        return ["a drawing"]
    drawing = _xml(archive, part)
    boxes = shapes = 0
    for anchor in drawing:
        for child in anchor:
            if child.tag not in _SHAPES:
                continue
            if any(item.get("txBox") == "1" for item in child.iter(f"{_XDR}cNvSpPr")):
                boxes += 1
            else:
                shapes += 1
    phrases = []
    if boxes:
        phrases.append("a text box" if boxes == 1 else f"{boxes} text boxes")
    if shapes:
        phrases.append("a shape" if shapes == 1 else f"{shapes} shapes")
    return phrases


def _xml(archive: zipfile.ZipFile, part: str):
    with archive.open(part) as handle:
        return fromstring(handle.read(PART_LIMIT))
