"""A workbook holding what xlsolver's file writer cannot keep (a text box the
user drew) is never painted in place: the command refuses before any work and
the file stays byte for byte; a copy is written with a note saying what it lacks."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from xlsolver.backends.openpyxl_keeps import unkept

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"

TEXT_BOX = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
 xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><xdr:twoCellAnchor>
<xdr:from><xdr:col>12</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>2</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>
<xdr:to><xdr:col>15</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>5</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>
<xdr:sp><xdr:nvSpPr><xdr:cNvPr id="2" name="Note"/><xdr:cNvSpPr txBox="1"/></xdr:nvSpPr>
<xdr:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></xdr:spPr>
<xdr:txBody><a:bodyPr/><a:p><a:r><a:t>my note</a:t></a:r></a:p></xdr:txBody></xdr:sp>
<xdr:clientData/></xdr:twoCellAnchor>{more}</xdr:wsDr>"""
ARROW = ("<xdr:twoCellAnchor><xdr:from><xdr:col>1</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row>"
         "<xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>2</xdr:col><xdr:colOff>0</xdr:colOff>"
         "<xdr:row>2</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to><xdr:cxnSp><xdr:nvCxnSpPr>"
         '<xdr:cNvPr id="3" name="Arrow"/><xdr:cNvCxnSpPr/></xdr:nvCxnSpPr><xdr:spPr/></xdr:cxnSp>'
         "<xdr:clientData/></xdr:twoCellAnchor>")


def with_drawing(source: Path, target: Path, drawing: str) -> None:
    """A copy of ``source`` whose first sheet holds ``drawing``, as Excel or Calc write a text box."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            data = old.read(item.filename)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"</Types>", b'<Override PartName="/xl/drawings/drawing1.xml" ContentType='
                                    b'"application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>')
            elif item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</worksheet>", b'<drawing xmlns:r="http://schemas.openxmlformats.org/'
                                    b'officeDocument/2006/relationships" r:id="rIdDraw"/></worksheet>')
            new.writestr(item, data)
        new.writestr("xl/drawings/drawing1.xml", drawing)
        rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
                'package/2006/relationships"><Relationship Id="rIdDraw" Type="http://schemas.openxmlformats.org/'
                'officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/></Relationships>')
        if "xl/worksheets/_rels/sheet1.xml.rels" not in old.namelist():
            new.writestr("xl/worksheets/_rels/sheet1.xml.rels", rels)


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "xlsolver", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_what_a_file_writer_drops_is_named_by_sheet(tmp_path):
    book = tmp_path / "book.xlsx"
    with_drawing(WORKBOOKS / "nonogram.xlsx", book, TEXT_BOX.format(more=ARROW))
    assert unkept(book) == ["a text box on Heart", "a shape on Heart"]
    assert unkept(WORKBOOKS / "nonogram.xlsx") == []


def test_in_place_is_refused_and_a_copy_says_what_it_lacks(tmp_path):
    book = tmp_path / "book.xlsx"
    with_drawing(WORKBOOKS / "nonogram.xlsx", book, TEXT_BOX.format(more=""))
    before = book.read_bytes()
    refused = run("solve", "book.xlsx", "--in-place", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip().splitlines() == [
        "xlsolver: book.xlsx holds a text box on Heart, which xlsolver's file writer cannot keep: painting it "
        "in place would lose it; write a copy with -o (the copy lacks it), or press the buttons in Excel or Calc"]
    assert book.read_bytes() == before
    copied = run("solve", "book.xlsx", "-o", "copy.xlsx", cwd=tmp_path)
    assert copied.returncode == 1  # the workbook's Twins and Clash are not unique
    assert "lacks a text box on Heart of the input" in copied.stderr
    assert (tmp_path / "copy.xlsx").exists() and book.read_bytes() == before
