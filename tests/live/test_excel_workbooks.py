"""The workbooks with buttons that ``xlsolver excel FOLDER`` writes: well-formed
packages (read with zipfile and openpyxl), solvable as they are, with the
template's VBA project and a button bound to its macro; and, in a live Calc,
the button is there and the Action cell's press solves."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.buttons import BUTTONS, press
from xlsolver.cli import main as cli_main
from xlsolver.cli.button_workbooks import bas_text, samples, write_folder
from xlsolver.jobs import run_workbook

from .xlwings_double import Book

xlwings = pytest.importorskip("xlwings", reason="the .xlsm reuses xlwings' template: pip install '.[test]'")


EXPECTED = {"nonogram": "unique", "sudoku": "unique", "polyomino": "multiple"}  # 3x20 pentominoes: 2 tilings


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("excel")
    write_folder(out, say=lambda line: None)
    return out


def test_every_kind_gets_its_files(folder):
    for kind in samples():
        for suffix in (".xlsm", ".xlsx", ".py"):
            assert (folder / f"xlsolver_{kind}{suffix}").is_file()
    assert (folder / "xlsolver.bas").is_file()
    assert "BSD" in (folder / "NOTICE-xlwings.txt").read_text() or "Redistribution" in \
        (folder / "NOTICE-xlwings.txt").read_text()


def test_the_xlsm_holds_the_template_macros_and_a_bound_button(folder):
    template = Path(xlwings.__file__).parent / "quickstart.xlsm"
    with zipfile.ZipFile(folder / "xlsolver_nonogram.xlsm") as book, zipfile.ZipFile(template) as original:
        assert book.testzip() is None
        assert book.read("xl/vbaProject.bin") == original.read("xl/vbaProject.bin")
        types = book.read("[Content_Types].xml").decode()
        assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types
        assert 'Extension="vml"' in types and 'Extension="bin"' in types
        assert "vbaProject.bin" in book.read("xl/_rels/workbook.xml.rels").decode()
        vml = book.read("xl/drawings/vmlDrawing1.vml").decode()
        assert 'ObjectType="Button"' in vml and "<x:FmlaMacro>[0]!SampleCall</x:FmlaMacro>" in vml
        assert "legacyDrawing" in book.read("xl/worksheets/sheet1.xml").decode()
        workbook = book.read("xl/workbook.xml").decode()
        assert 'codeName="ThisWorkbook"' in workbook and workbook.count("<definedNames>") == 1


@pytest.mark.parametrize("suffix", [".xlsm", ".xlsx"])
@pytest.mark.parametrize("kind", list(samples()))
def test_the_workbooks_open_and_solve_as_they_are(folder, kind, suffix, tmp_path):
    path = folder / f"xlsolver_{kind}{suffix}"
    book = OpenpyxlWorkbook.open(path)
    sheet = samples()[kind].sheet
    snap = book.snapshot(sheet)
    assert set(snap.names) == {"Action", "Budget", "Stop", "Status"}
    [validation] = book.api[sheet].data_validations.dataValidation
    assert validation.formula1 == '"' + ",".join(BUTTONS) + '"'
    assert (book.api.vba_archive is not None) == (suffix == ".xlsm")
    [report] = run_workbook(path, out=tmp_path / f"solved{suffix}")
    assert report.status == EXPECTED[kind]


def test_the_module_beside_the_workbook_calls_main(folder):
    text = (folder / "xlsolver_nonogram.py").read_text()
    namespace: dict = {"__name__": "xlsolver_nonogram"}
    exec(compile(text, "xlsolver_nonogram.py", "exec"), namespace)
    assert callable(namespace["main"]) and callable(namespace["solve"])
    assert 'xw.Book("xlsolver_nonogram.xlsm").set_mock_caller()' in text


def test_main_of_the_module_runs_the_action_cell_through_the_caller(folder, monkeypatch):
    """What the Run button does: SampleCall -> xlsolver_nonogram.main() -> the caller's Action cell."""
    source = OpenpyxlWorkbook.open(folder / "xlsolver_nonogram.xlsx")
    snap = source.snapshot("Nonogram")
    book = Book(("Nonogram",), "xlsolver_nonogram.xlsm")
    sheet = book._sheets._list[0]
    for (r, c), info in snap.cells.items():
        fill = None if not info.fill else int(info.fill[4:6] + info.fill[2:4] + info.fill[0:2], 16)
        sheet.put(r, c, info.value, fill, info.diagonals)
    for name, (top, left, _, _) in snap.names.items():
        book.names.add(name, f"='Nonogram'!${_letters(left)}${top}")
    book.set_mock_caller()
    monkeypatch.setattr("xlsolver.backends.xlwings_backend.import_xlwings", lambda: xlwings_like())
    namespace: dict = {"__name__": "xlsolver_nonogram"}
    exec(compile((folder / "xlsolver_nonogram.py").read_text(), "xlsolver_nonogram.py", "exec"), namespace)
    namespace["main"]()
    top, left, _, _ = snap.names["Status"]
    assert sheet.cells_[(top, left)].value.startswith("xlsolver: Nonogram: unique")


def xlwings_like():
    import types

    return types.SimpleNamespace(Book=Book)


def _letters(col: int) -> str:
    from xlsolver.core import column_letter

    return column_letter(col)


def test_the_bas_module_has_a_macro_per_action():
    text = bas_text()
    for action in BUTTONS:
        assert f'RunPython "import xlsolver.excel; xlsolver.excel.{action}()"' in text
    assert text.startswith('Attribute VB_Name = "xlsolver"') and "\r\n" in text


def test_the_command_writes_one_kind(tmp_path, capsys):
    assert cli_main(["excel", str(tmp_path), "--kind", "nonogram"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "NOTICE-xlwings.txt", "xlsolver.bas", "xlsolver_nonogram.py", "xlsolver_nonogram.xlsm",
        "xlsolver_nonogram.xlsx"]
    assert "wrote" in capsys.readouterr().out


def test_calc_reads_the_button_and_runs_the_action_cell(folder, calc_office):
    book = calc_office.open(folder / "xlsolver_nonogram.xlsm")
    try:
        page = book.api.Sheets.getByName("Nonogram").DrawPage
        assert [page.getByIndex(i).ShapeType for i in range(page.Count)] == ["com.sun.star.drawing.ControlShape"]
        forms = page.Forms  # the button's model, through the sheet's forms
        labels = [forms.getByIndex(f).getByIndex(i).Label for f in range(forms.Count)
                  for i in range(forms.getByIndex(f).Count)]
        assert labels == ["Run"]
        [report] = press(book, None)
        assert report.status == "unique"
    finally:
        book.close()


def test_calc_workbooks_get_a_button_per_action(tmp_path, monkeypatch, calc_office):
    """--calc: .ods workbooks with push buttons, and the macros in the (here: a test) profile."""
    monkeypatch.setattr("xlsolver.calc.user_profile", lambda: tmp_path / "profile")
    written = write_folder(tmp_path / "out", kinds=["nonogram"], calc=True, say=lambda line: None)
    assert (tmp_path / "profile" / "Scripts" / "python" / "xlsolver_buttons.py") in written
    book = calc_office.open(tmp_path / "out" / "xlsolver_nonogram.ods")
    try:
        form = book.api.Sheets.getByName("Nonogram").DrawPage.Forms.getByIndex(0)
        bound = {form.getByIndex(i).Label: form.getScriptEvents(i)[0].ScriptCode for i in range(form.Count)}
        assert sorted(bound) == sorted(a.capitalize() for a in BUTTONS)
        assert bound["Check"].startswith("vnd.sun.star.script:xlsolver_buttons.py$check?")
    finally:
        book.close()
