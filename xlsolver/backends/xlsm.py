"""Macro-enabled workbook files: what openpyxl does not write, added to its package.

An ``.xlsx``/``.xlsm`` file is a zip of XML parts. openpyxl writes the cells,
styles and sizes; :func:`finish_package` then adds, by editing the parts with
an XML parser:

- defined names scoped to the first sheet (``Action``, ``Budget`` ...); the
  workbook's other defined names are kept, one of the same name and scope is
  replaced;
- a list validation (a drop-down of choices) on one cell;
- optionally a VBA project copied from a template ``.xlsm`` and a form button
  bound to one of its macros (a VML drawing), which makes the package a
  macro-enabled one.

The parts are edited as DOM trees (``xml.dom.minidom``), which keep every
namespace prefix and declaration as written, so nothing else in a part
changes. Only packages openpyxl has just written are parsed; the template is
read only for its ``xl/vbaProject.bin``.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping
from xml.dom import minidom
from xml.sax.saxutils import escape

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.core.files import atomic_write

__all__ = ["Button", "finish_package", "name_modules", "save_macro_book"]

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CONTENT_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
VML_RELATIONSHIP = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/vmlDrawing"
VBA_RELATIONSHIP = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
PLAIN_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"
MACRO_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"

WORKBOOK_PART = "xl/workbook.xml"
SHEET_PART = "xl/worksheets/sheet1.xml"
SHEET_RELS_PART = "xl/worksheets/_rels/sheet1.xml.rels"
WORKBOOK_RELS_PART = "xl/_rels/workbook.xml.rels"
TYPES_PART = "[Content_Types].xml"
VBA_PART = "xl/vbaProject.bin"
VML_PART = "xl/drawings/vmlDrawing1.vml"

# The order of a worksheet's children (ECMA-376 CT_Worksheet); Excel refuses another order.
_SHEET_ORDER = ("sheetPr", "dimension", "sheetViews", "sheetFormatPr", "cols", "sheetData", "sheetCalcPr",
                "sheetProtection", "protectedRanges", "scenarios", "autoFilter", "sortState", "dataConsolidate",
                "customSheetViews", "mergeCells", "phoneticPr", "conditionalFormatting", "dataValidations",
                "hyperlinks", "printOptions", "pageMargins", "pageSetup", "headerFooter", "rowBreaks", "colBreaks",
                "customProperties", "cellWatches", "ignoredErrors", "smartTags", "drawing", "legacyDrawing",
                "legacyDrawingHF", "drawingHF", "picture", "oleObjects", "controls", "webPublishItems",
                "tableParts", "extLst")
# The order of a workbook's children (CT_Workbook), for where definedNames goes.
_WORKBOOK_ORDER = ("fileVersion", "fileSharing", "workbookPr", "workbookProtection", "bookViews", "sheets",
                   "functionGroups", "externalReferences", "definedNames", "calcPr", "oleSize",
                   "customWorkbookViews", "pivotCaches", "smartTagPr", "smartTagTypes", "webPublishing",
                   "fileRecoveryPr", "webPublishObjects", "extLst")


@dataclass(frozen=True)
class Button:
    """A form button on the first sheet: its label, its top-left cell (1-based
    ``(row, col)``), and the template's macro it runs."""

    label: str
    cell: tuple[int, int]
    macro: str


def save_macro_book(book: OpenpyxlWorkbook, path: Path) -> None:
    """Save the plain package under a macro-enabled name (openpyxl saves .xlsm only
    for a workbook that already holds macros; :func:`finish_package` adds them)."""
    atomic_write(path, book.api.save, "the workbook")


def name_modules(book: OpenpyxlWorkbook) -> None:
    """The document modules' names the template's VBA project expects: ThisWorkbook, Sheet1, Sheet2 ..."""
    book.api.code_name = "ThisWorkbook"
    for number, ws in enumerate(book.api.worksheets, 1):
        ws.sheet_properties.codeName = f"Sheet{number}"


def finish_package(path: Path, names: Mapping[str, str], choices: tuple[str, list[str], str, str],
                   button: Button | None = None, template: Path | None = None) -> None:
    """Add to the saved package at ``path``: ``names`` (name -> absolute reference, scoped
    to the first sheet), the list validation ``choices`` = (cell, items, title, prompt) on
    the first sheet, and with a ``template`` its VBA project and the ``button``."""
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    parts[WORKBOOK_PART] = _with_names(parts[WORKBOOK_PART], names)
    sheet = minidom.parseString(parts[SHEET_PART])
    _insert(sheet.documentElement, _validation(sheet, *choices), _SHEET_ORDER)
    if template is not None and button is not None:
        _add_macros(parts, sheet, button, template)
    parts[SHEET_PART] = _dump(sheet)

    def write(temporary: Path) -> None:
        with zipfile.ZipFile(temporary, "w", zipfile.ZIP_DEFLATED) as target:
            for name, data in parts.items():
                target.writestr(name, data)

    atomic_write(path, write, "the workbook")


# --- the parts ------------------------------------------------------------------

def _with_names(xml: bytes, names: Mapping[str, str]) -> bytes:
    """The workbook part with ``names`` defined on the first sheet; every other defined name is kept."""
    doc = minidom.parseString(xml)
    root = doc.documentElement
    found = root.getElementsByTagNameNS(MAIN, "definedNames")
    defined = found[0] if found else _insert(root, doc.createElementNS(MAIN, "definedNames"), _WORKBOOK_ORDER)
    for old in list(defined.getElementsByTagNameNS(MAIN, "definedName")):
        if old.getAttribute("name") in names and old.getAttribute("localSheetId") == "0":
            defined.removeChild(old)
    for name, reference in names.items():
        element = _element(doc, MAIN, "definedName", name=name, localSheetId="0")
        element.appendChild(doc.createTextNode(reference))
        defined.appendChild(element)
    return _dump(doc)


def _validation(doc, cell: str, items: list[str], title: str, prompt: str):
    validations = _element(doc, MAIN, "dataValidations", count="1")
    rule = _element(doc, MAIN, "dataValidation", type="list", allowBlank="1", showDropDown="0",
                    showInputMessage="1", showErrorMessage="1", promptTitle=title, prompt=prompt, sqref=cell)
    formula = _element(doc, MAIN, "formula1")
    formula.appendChild(doc.createTextNode('"' + ",".join(items) + '"'))
    rule.appendChild(formula)
    validations.appendChild(rule)
    return validations


def _add_macros(parts: dict[str, bytes], sheet, button: Button, template: Path) -> None:
    """The template's VBA project, the button's drawing and the relationships and
    content types that make the package macro-enabled."""
    with zipfile.ZipFile(template) as source:
        parts[VBA_PART] = source.read(VBA_PART)
    row, col = button.cell
    parts[VML_PART] = _button_vml(button.label, col - 1, row - 1, button.macro).encode("utf-8")
    drawing = _relate(parts, SHEET_RELS_PART, "rIdXlsolverButton", "../drawings/vmlDrawing1.vml", VML_RELATIONSHIP)
    root = sheet.documentElement
    prefix = _prefix_of(root, DOC_RELATIONSHIPS)
    if prefix is None:
        prefix = "r"
        root.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:r", DOC_RELATIONSHIPS)
    legacy = _element(sheet, MAIN, "legacyDrawing")
    legacy.setAttributeNS(DOC_RELATIONSHIPS, f"{prefix}:id", drawing)
    _insert(root, legacy, _SHEET_ORDER)
    _relate(parts, WORKBOOK_RELS_PART, "rIdVbaProject", "vbaProject.bin", VBA_RELATIONSHIP)
    types = minidom.parseString(parts[TYPES_PART])
    for override in types.getElementsByTagNameNS(CONTENT_TYPES, "Override"):
        if override.getAttribute("ContentType") == PLAIN_MAIN:
            override.setAttribute("ContentType", MACRO_MAIN)
    known = {d.getAttribute("Extension") for d in types.getElementsByTagNameNS(CONTENT_TYPES, "Default")}
    first = types.documentElement.firstChild
    for extension, kind in (("bin", "application/vnd.ms-office.vbaProject"),
                            ("vml", "application/vnd.openxmlformats-officedocument.vmlDrawing")):
        if extension not in known:
            default = _element(types, CONTENT_TYPES, "Default", Extension=extension, ContentType=kind)
            types.documentElement.insertBefore(default, first)
    parts[TYPES_PART] = _dump(types)


def _relate(parts: dict[str, bytes], part: str, rid: str, target: str, kind: str) -> str:
    """Add a relationship to a ``.rels`` part (made when missing); returns its id."""
    if part in parts:
        doc = minidom.parseString(parts[part])
    else:
        doc = minidom.getDOMImplementation().createDocument(RELATIONSHIPS, "Relationships", None)
        doc.documentElement.setAttribute("xmlns", RELATIONSHIPS)
    doc.documentElement.appendChild(_element(doc, RELATIONSHIPS, "Relationship", Id=rid, Target=target, Type=kind))
    parts[part] = _dump(doc)
    return rid


def _button_vml(label: str, col: int, row: int, macro: str) -> str:
    """A form button (0-based anchor cell) bound to ``macro``; a new drawing, written whole."""
    anchor = f"{col}, 0, {row}, 2, {col + 2}, 0, {row + 2}, 0"
    return f"""<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" \
xmlns:x="urn:schemas-microsoft-com:office:excel">
 <o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="1"/></o:shapelayout>
 <v:shapetype id="_x0000_t201" coordsize="21600,21600" o:spt="201" path="m,l,21600r21600,l21600,xe">
  <v:stroke joinstyle="miter"/>
  <v:path shadowok="f" o:extrusionok="f" strokeok="f" fillok="f" o:connecttype="rect"/>
  <o:lock v:ext="edit" shapetype="t"/>
 </v:shapetype>
 <v:shape id="_x0000_s1025" type="#_x0000_t201" style="position:absolute;margin-left:0;margin-top:0;width:120pt;\
height:30pt;z-index:1;mso-wrap-style:tight" o:button="t" fillcolor="buttonFace [67]" strokecolor="windowText [64]" \
o:insetmode="auto">
  <v:fill color2="buttonFace [67]" o:detectmouseclick="t"/>
  <o:lock v:ext="edit" rotation="t"/>
  <v:textbox style="mso-direction-alt:auto" o:singleclick="f">
   <div style="text-align:center"><font face="Calibri" size="220" color="#000000">{escape(label)}</font></div>
  </v:textbox>
  <x:ClientData ObjectType="Button">
   <x:Anchor>{anchor}</x:Anchor>
   <x:PrintObject>False</x:PrintObject>
   <x:AutoFill>False</x:AutoFill>
   <x:FmlaMacro>[0]!{escape(macro)}</x:FmlaMacro>
   <x:TextHAlign>Center</x:TextHAlign>
   <x:TextVAlign>Center</x:TextVAlign>
  </x:ClientData>
 </v:shape>
</xml>
"""


# --- XML ------------------------------------------------------------------------

def _element(doc, namespace: str, local: str, **attributes: str):
    """A new element in ``namespace``, written with the prefix the document uses for it."""
    prefix = _prefix_of(doc.documentElement, namespace)
    element = doc.createElementNS(namespace, f"{prefix}:{local}" if prefix else local)
    for name, value in attributes.items():
        element.setAttribute(name, value)
    return element


def _prefix_of(root, namespace: str) -> str | None:
    """The prefix ``root`` declares for ``namespace`` ("" for the default one), None if none."""
    for name, value in root.attributes.items():
        if value == namespace and (name == "xmlns" or name.startswith("xmlns:")):
            return name.partition(":")[2]
    return None


def _dump(doc) -> bytes:
    return (_DECLARATION + doc.documentElement.toxml()).encode("utf-8")


_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def _insert(parent, child, order: tuple[str, ...]):
    """Put ``child`` among ``parent``'s elements where the schema's ``order`` wants it; returns it."""
    rank = order.index(child.localName)
    for sibling in parent.childNodes:
        if sibling.nodeType == sibling.ELEMENT_NODE and sibling.localName in order \
                and order.index(sibling.localName) > rank:
            return parent.insertBefore(child, sibling)
    return parent.appendChild(child)
