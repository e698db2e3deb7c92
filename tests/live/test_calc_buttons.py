"""The buttons in a live Calc document: press() on the document from outside, and
the macro a button is bound to, run by LibreOffice's own Python inside soffice."""

from __future__ import annotations

import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.buttons import press
from xlsolver.calc import add_buttons, install_macros, macro_source
from xlsolver.jobs import ERROR, Options, run_book
from xlsolver.sheets.protocol import CellInfo

from .puzzles import laid_out, seed_plan, square_rings


def workbook_file(folder, cells, sheet="Puzzle"):
    book = OpenpyxlWorkbook.new()
    book.add_sheet(sheet)
    book.apply(seed_plan(sheet, cells))
    path = folder / "puzzle.xlsx"
    book.save(path)
    return path


def expected_cells(path, sheet="Puzzle"):
    book = OpenpyxlWorkbook.open(path)
    run_book(book, "x", sheet, Options(), "solve")
    return book.snapshot(sheet).cells


def test_press_solves_the_active_sheet(calc_office, tmp_path):
    path = workbook_file(tmp_path, laid_out(square_rings(12)))
    book = calc_office.open(path)
    try:
        [report] = press(book, "solve")
        assert report.status == "unique"
        assert book.snapshot("Puzzle").cells == expected_cells(path)
    finally:
        book.close()


def test_a_mistake_is_written_into_the_live_sheet(calc_office, tmp_path):
    cells = dict(laid_out(square_rings(8)))
    hint = next(cell for cell, info in sorted(cells.items()) if isinstance(info.value, int) and info.value > 0)
    cells[hint] = CellInfo("x")
    book = calc_office.open(workbook_file(tmp_path, cells))
    try:
        [report] = press(book, "solve")
        assert report.status == ERROR
        texts = [i.value for i in book.snapshot("Puzzle").cells.values() if isinstance(i.value, str)]
        assert any('hint "x" is not a number' in t for t in texts)
    finally:
        book.close()


def test_value_at_reads_the_stop_cell(calc_office, tmp_path):
    cells = dict(laid_out(square_rings(8)))
    cells[(1, 30)] = CellInfo("stop")
    book = calc_office.open(workbook_file(tmp_path, cells))
    try:
        assert book.value_at("Puzzle", 1, 30) == "stop"
        assert book.value_at("Puzzle", 2, 30) is None
    finally:
        book.close()


def test_the_button_macro_runs_inside_calc(calc_office, tmp_path):
    """A button bound to the installed macro: LibreOffice's Python imports xlsolver and paints."""
    uno = pytest.importorskip("uno")
    from pathlib import Path

    from xlsolver.backends.calc_backend import find_soffice

    program = Path(find_soffice()).resolve().parent
    if not (program / "pythonscript.py").exists():
        pytest.skip("LibreOffice runs no Python macros here: apt-get install libreoffice-script-provider-python")
    install_macros(calc_office.profile)
    path = workbook_file(tmp_path, laid_out(square_rings(12)))
    book = calc_office.open(path)
    add_buttons(book, "Puzzle", ["solve", "clear"], row=2, col=20)
    book.save(tmp_path / "buttons.ods")
    book.close()

    book = calc_office.open(tmp_path / "buttons.ods")  # the buttons and their bindings survive saving
    try:
        form = book.api.Sheets.getByName("Puzzle").DrawPage.Forms.getByIndex(0)
        index = next(i for i in range(form.Count) if form.getByIndex(i).Name == "xlsolver_solve")
        [event] = form.getScriptEvents(index)
        assert event.ScriptCode.startswith("vnd.sun.star.script:xlsolver_buttons.py$solve?")
        pressed = uno.createUnoStruct("com.sun.star.awt.ActionEvent")
        pressed.Source = form.getByIndex(index)  # what a click hands the macro: the button
        book.api.getScriptProvider().getScript(event.ScriptCode).invoke((pressed,), (), ())
        assert book.snapshot("Puzzle").cells == expected_cells(path)
    finally:
        book.close()


def test_the_macro_module_offers_every_action():
    source = macro_source(["/nowhere"])
    namespace: dict = {}
    exec(compile(source, "xlsolver_buttons.py", "exec"), namespace)
    names = [f.__name__ for f in namespace["g_exportedScripts"]]
    assert names == ["solve", "step", "hint", "check", "clear", "explain", "generate", "main"]
