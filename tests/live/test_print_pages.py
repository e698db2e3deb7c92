"""Print-ready: every sheet xlsolver painted prints on one page, its puzzle and
its sentence on it. LibreOffice prints the painted workbook to PDF, as a user
printing it would, and the pages are counted."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.jobs import locate, run_workbook

WORKBOOKS = Path(__file__).resolve().parents[2] / "workbooks"


def pdf_pages(pdf: bytes) -> int:
    """Page objects in a PDF (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![a-z])", pdf))


@pytest.mark.parametrize("name", ["nonogram", "sudoku"])
def test_a_solved_workbook_prints_one_page_per_sheet(tmp_path, name):
    from xlsolver.backends.calc_backend import find_soffice

    soffice = find_soffice()
    if soffice is None:
        pytest.skip("no LibreOffice to print with")
    shutil.copy(WORKBOOKS / f"{name}.xlsx", tmp_path / "book.xlsx")
    reports = run_workbook(tmp_path / "book.xlsx", "solve")
    solved = tmp_path / "book.solved.xlsx"
    book = openpyxl.load_workbook(solved)
    painted = OpenpyxlWorkbook.open(solved)
    sheets = [ws for ws in book.worksheets if ws.sheet_state == "visible"]
    assert len(sheets) == len(reports) > 1
    for ws in sheets:
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToHeight == 1
        left, top, right, bottom = range_boundaries(ws.print_area.split("!")[-1].replace("$", ""))
        row, col = locate(painted.snapshot(ws.title)).status_cell
        assert ws.cell(row, col).value, f"{ws.title}: no sentence in the status cell"
        assert top <= row <= bottom and left <= col <= right, f"{ws.title}: the sentence is not printed"
    profile = tmp_path / "profile"
    subprocess.run([soffice, f"-env:UserInstallation=file://{profile}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(tmp_path), str(solved)], check=True, capture_output=True, timeout=180)
    assert pdf_pages((tmp_path / "book.solved.pdf").read_bytes()) == len(sheets)
