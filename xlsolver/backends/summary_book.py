"""The batch summary as a workbook, written as a stream: one row a puzzle, any number of them.

A summary of a million puzzles must not hold a million rows in memory, so the
rows go as finished XML to a *spool*, a binary file the caller hands over
(:mod:`xlsolver.jobs.summary` opens an anonymous temporary file beside the
target), and :meth:`SummaryBook.save` packs the workbook from it in one pass:
a zip of a handful of fixed parts and one worksheet part per sheet, each copied
from its stretch of the spool between a head and a tail that are made only
then (the head holds the sheet's size, the tail its autofilter and links).

Why not openpyxl's write-only workbook, which streams too: it does the job
(its cells are inline strings, its hyperlinks and autofilter are written), but
it builds an object for every cell, which makes it about five times slower
(100,000 rows side by side: 10 s against 2 s), and its rows go through a
generator that a Ctrl-C in the middle of a row leaves dead, with the sheet's
XML unclosed. (And only ``backends/openpyxl_*`` modules import openpyxl.)
Here a row is one string and one ``write`` call:
:meth:`SummaryBook.append` counts a row before it writes it, so a Ctrl-C at
any moment leaves whole rows (at worst one counted row that was never written,
which reads as an empty row). The parts written are the few a spreadsheet
needs, checked by reading the file back with openpyxl and rendering it with
LibreOffice.

What Excel limits, and what is done about it:

- :data:`SHEET_ROWS` rows a sheet: the rows continue on ``Summary (2)`` and so
  on, each with its own header row, frozen pane and autofilter.
- :data:`SHEET_LINKS` hyperlinks a sheet: once a sheet has used them, its
  further paths are plain text. (So memory holds at most this many links a
  sheet, and stays flat.)
- :data:`URL_CHARS` characters a link: a longer path is plain text.
- :data:`CELL_CHARS` characters a cell: longer text is cut.

Text always goes in as text: every string is an inline string cell, never a
formula, whatever it begins with; characters XML cannot hold are escaped by
:func:`~xlsolver.core.files.printable`; and text that looks like Excel's own
escape of a character (``_x000D_``) has its underscore escaped, so a spreadsheet
shows it as written (LibreOffice would show ``_x000D_`` as a line break).
"""

from __future__ import annotations

import math
import os
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, NamedTuple, Sequence
from urllib.parse import quote
from xml.sax.saxutils import escape, quoteattr

from xlsolver.core.errors import column_letter
from xlsolver.core.files import printable

__all__ = ["CELL_CHARS", "SHEET_LINKS", "SHEET_ROWS", "URL_CHARS", "Link", "SummaryBook", "link_target"]

SHEET_ROWS = 1_048_576
"""Rows an Excel sheet holds, the header row included."""

SHEET_LINKS = 65_530
"""Hyperlinks an Excel sheet holds."""

URL_CHARS = 2_079
"""Characters of the longest link address Excel follows."""

CELL_CHARS = 32_767
"""Characters an Excel cell holds."""

SECONDS_FORMAT = "0.000"
"""How a number shows: the summary's numbers are seconds, rounded to milliseconds."""


class Link(NamedTuple):
    """A cell showing ``text`` and linking to the file at ``path`` (as the user
    gave it: relative to the current folder, or absolute)."""

    text: str
    path: str


Cell = str | float | int | Link | None
"""What a cell of a row may be: text, a number, a link to a file, or nothing."""

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_HYPERLINK = f"{_DOC_RELS}/hyperlink"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

# Cell styles, by their place in styles.xml's cellXfs.
_PLAIN, _BOLD, _LINKED, _SECONDS = 0, 1, 2, 3

_STYLES = f"""{_XML}<styleSheet xmlns="{_MAIN}">\
<numFmts count="1"><numFmt numFmtId="164" formatCode="{SECONDS_FORMAT}"/></numFmts>\
<fonts count="3">\
<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><u/><sz val="11"/><color rgb="FF0563C1"/><name val="Calibri"/><family val="2"/></font>\
</fonts>\
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>\
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>\
<cellStyleXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>\
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" applyNumberFormat="0" applyFill="0" applyBorder="0" \
applyAlignment="0" applyProtection="0"/></cellStyleXfs>\
<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="1" applyFont="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>\
<cellStyles count="2"><cellStyle name="Normal" xfId="0" builtinId="0"/>\
<cellStyle name="Hyperlink" xfId="1" builtinId="8"/></cellStyles>\
</styleSheet>"""

_ROOT_RELS = (f'{_XML}<Relationships xmlns="{_PACKAGE_RELS}"><Relationship Id="rId1" '
              f'Type="{_DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>')

# Text that Excel would read as its escape of a character (ST_Xstring: _x000D_ is a
# carriage return): its underscore is written as the escape of an underscore.
_LOOKS_ESCAPED = re.compile(r"_(?=x[0-9A-Fa-f]{4}_)")


def link_target(path: str, folder: Path) -> str | None:
    """The address a link in a workbook in ``folder`` (absolute) gives the file at
    ``path``: relative to ``folder`` when the file lies under it, so the two can move
    together, else a ``file:`` URL; percent-encoded either way (a ``#`` or a space in
    a name). None when longer than Excel follows."""
    full = Path(os.path.abspath(path))
    try:
        target = quote(full.relative_to(folder).as_posix())
    except ValueError:
        target = full.as_uri()
    return target if len(target) <= URL_CHARS else None


def _text(value: str) -> str:
    """``value`` as the XML of an inline string."""
    value = printable(value)[:CELL_CHARS]
    if "_x" in value:
        value = _LOOKS_ESCAPED.sub("_x005F_", value)
    space = ' xml:space="preserve"' if value[:1].isspace() or value[-1:].isspace() else ""
    return f"<is><t{space}>{escape(value)}</t></is>"


@dataclass
class _Sheet:
    """One sheet's stretch of the spool: where its rows start, how many there are,
    and the links among them (cell reference, address)."""

    title: str
    start: int
    rows: int = 0
    links: list[tuple[str, str]] = field(default_factory=list)


class SummaryBook:
    """A workbook of one table, written row by row to ``spool`` (a binary file open
    for writing and reading, new or at its end) and packed by :meth:`save`;
    :meth:`close` closes the spool.

    ``columns`` are the header's titles with their widths (in characters). Links
    point at files relative to ``folder``, where the workbook will lie. Each sheet
    holds at most ``sheet_rows`` rows (header included) and ``sheet_links`` links:
    Excel's limits, lowered only by tests."""

    def __init__(self, spool: BinaryIO, columns: Sequence[tuple[str, float]], folder: Path, *,
                 title: str = "Summary", sheet_rows: int = SHEET_ROWS, sheet_links: int = SHEET_LINKS) -> None:
        if sheet_rows < 2:
            raise ValueError("a sheet holds the header and at least one row")
        self._spool = spool
        self._columns = tuple(columns)
        self._letters = tuple(column_letter(n) for n in range(1, len(self._columns) + 1))
        self._folder = Path(os.path.abspath(folder))
        self._title = title
        self._sheet_rows = sheet_rows
        self._sheet_links = sheet_links
        self._sheets = [_Sheet(title, spool.tell())]

    def append(self, cells: Sequence[Cell]) -> None:
        """Add one row below the last. The row is counted first and written in one
        call, so an interruption leaves whole rows."""
        sheet = self._sheets[-1]
        if sheet.rows + 1 == self._sheet_rows:
            sheet = _Sheet(f"{self._title} ({len(self._sheets) + 1})", self._spool.tell())
            self._sheets.append(sheet)
        number = sheet.rows + 2  # row 1 is the header
        xml, links = self._row(number, cells, self._sheet_links - len(sheet.links))
        sheet.links.extend(links)
        sheet.rows += 1
        self._spool.write(xml)

    def _row(self, number: int, cells: Sequence[Cell], links_left: int) -> tuple[bytes, list[tuple[str, str]]]:
        """The XML of row ``number`` and the links it uses (at most ``links_left``)."""
        parts, links = [f'<row r="{number}">'], []
        for letter, value in zip(self._letters, cells):
            style = _PLAIN
            if isinstance(value, Link):
                if not value.text:
                    continue
                target = link_target(value.path, self._folder) if value.path and len(links) < links_left else None
                if target is not None:
                    links.append((f"{letter}{number}", target))
                    style = _LINKED
                value = value.text
            if value is None or value == "":
                continue
            if isinstance(value, str):
                parts.append(f'<c r="{letter}{number}" s="{style}" t="inlineStr">{_text(value)}</c>')
            elif isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
                parts.append(f'<c r="{letter}{number}" s="{_SECONDS}"><v>{value!r}</v></c>')
            else:
                parts.append(f'<c r="{letter}{number}" s="{style}" t="inlineStr">{_text(str(value))}</c>')
        parts.append("</row>")
        return "".join(parts).encode("utf-8"), links

    def save(self, out: Path) -> None:
        """Write the whole workbook to ``out``: every row appended so far."""
        self._spool.flush()
        end = self._spool.tell()
        starts = [sheet.start for sheet in self._sheets[1:]] + [end]
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as package:
            package.writestr("[Content_Types].xml", self._content_types())
            package.writestr("_rels/.rels", _ROOT_RELS)
            package.writestr("xl/workbook.xml", self._workbook())
            package.writestr("xl/_rels/workbook.xml.rels", self._workbook_rels())
            package.writestr("xl/styles.xml", _STYLES)
            for number, (sheet, stop) in enumerate(zip(self._sheets, starts), 1):
                self._write_sheet(package, number, sheet, stop)
                if sheet.links:
                    package.writestr(f"xl/worksheets/_rels/sheet{number}.xml.rels", _sheet_rels(sheet.links))
        self._spool.seek(end)

    def close(self) -> None:
        self._spool.close()

    def _write_sheet(self, package: zipfile.ZipFile, number: int, sheet: _Sheet, stop: int) -> None:
        """One worksheet part: its head, its rows copied from the spool, its tail."""
        head, tail = self._head(number, sheet).encode("utf-8"), _tail(self._last_cell(sheet), sheet).encode("utf-8")
        size = len(head) + stop - sheet.start + len(tail)
        with package.open(f"xl/worksheets/sheet{number}.xml", "w", force_zip64=size > zipfile.ZIP64_LIMIT) as part:
            part.write(head)
            self._spool.seek(sheet.start)
            _copy(self._spool, part, stop - sheet.start)
            part.write(tail)

    def _last_cell(self, sheet: _Sheet) -> str:
        return f"{self._letters[-1]}{sheet.rows + 1}"

    def _head(self, number: int, sheet: _Sheet) -> str:
        """The sheet up to its first row of data: the frozen header row, the widths,
        fit to one page wide in landscape."""
        selected = ' tabSelected="1"' if number == 1 else ""
        cols = "".join(f'<col min="{n}" max="{n}" width="{width}" customWidth="1"/>'
                       for n, (_, width) in enumerate(self._columns, 1))
        header = "".join(f'<c r="{letter}1" s="{_BOLD}" t="inlineStr">{_text(title)}</c>'
                         for letter, (title, _) in zip(self._letters, self._columns))
        return (f'{_XML}<worksheet xmlns="{_MAIN}" xmlns:r="{_DOC_RELS}">'
                f'<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
                f'<dimension ref="A1:{self._last_cell(sheet)}"/>'
                f'<sheetViews><sheetView workbookViewId="0"{selected}>'
                f'<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
                f'<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
                f'<sheetFormatPr defaultRowHeight="15"/><cols>{cols}</cols>'
                f'<sheetData><row r="1">{header}</row>')

    def _workbook(self) -> str:
        sheets = "".join(f'<sheet name={quoteattr(sheet.title)} sheetId="{n}" r:id="rId{n}"/>'
                         for n, sheet in enumerate(self._sheets, 1))
        names = "".join(
            f'<definedName name="_xlnm._FilterDatabase" localSheetId="{n}" hidden="1">'
            f"{escape(_quoted(sheet.title))}!$A$1:${self._letters[-1]}${sheet.rows + 1}</definedName>"
            f'<definedName name="_xlnm.Print_Titles" localSheetId="{n}">{escape(_quoted(sheet.title))}!$1:$1'
            "</definedName>"
            for n, sheet in enumerate(self._sheets))
        return (f'{_XML}<workbook xmlns="{_MAIN}" xmlns:r="{_DOC_RELS}"><bookViews><workbookView/></bookViews>'
                f"<sheets>{sheets}</sheets><definedNames>{names}</definedNames></workbook>")

    def _workbook_rels(self) -> str:
        sheets = "".join(f'<Relationship Id="rId{n}" Type="{_DOC_RELS}/worksheet" Target="worksheets/sheet{n}.xml"/>'
                         for n in range(1, len(self._sheets) + 1))
        styles = f'<Relationship Id="rId{len(self._sheets) + 1}" Type="{_DOC_RELS}/styles" Target="styles.xml"/>'
        return f'{_XML}<Relationships xmlns="{_PACKAGE_RELS}">{sheets}{styles}</Relationships>'

    def _content_types(self) -> str:
        kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
        sheets = "".join(f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{kind}.worksheet+xml"/>'
                         for n in range(1, len(self._sheets) + 1))
        return (f'{_XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
                '<Default Extension="xml" ContentType="application/xml"/>'
                f'<Override PartName="/xl/workbook.xml" ContentType="{kind}.sheet.main+xml"/>'
                f'<Override PartName="/xl/styles.xml" ContentType="{kind}.styles+xml"/>{sheets}</Types>')


def _tail(last_cell: str, sheet: _Sheet) -> str:
    """The sheet after its rows: the autofilter over header and rows, the links
    (relationship ``rIdN`` is the Nth link), the page."""
    links = "".join(f'<hyperlink ref="{ref}" r:id="rId{n}"/>' for n, (ref, _) in enumerate(sheet.links, 1))
    return ("</sheetData>"
            f'<autoFilter ref="A1:{last_cell}"/>'
            + (f"<hyperlinks>{links}</hyperlinks>" if links else "")
            + '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
            '<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/></worksheet>')


def _sheet_rels(links: list[tuple[str, str]]) -> str:
    rels = "".join(f'<Relationship Id="rId{n}" Type="{_HYPERLINK}" Target={quoteattr(target)} TargetMode="External"/>'
                   for n, (_, target) in enumerate(links, 1))
    return f'{_XML}<Relationships xmlns="{_PACKAGE_RELS}">{rels}</Relationships>'


def _quoted(title: str) -> str:
    """A sheet title as a formula names it: ``'Summary (2)'``."""
    return "'" + title.replace("'", "''") + "'"


def _copy(source: BinaryIO, target, size: int) -> None:
    """Copy ``size`` bytes from ``source``'s position to ``target``, a megabyte at a time."""
    while size > 0:
        chunk = source.read(min(size, 1 << 20))
        if not chunk:
            raise OSError("the summary's spool ended early")
        target.write(chunk)
        size -= len(chunk)
