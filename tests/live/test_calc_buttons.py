"""The buttons in a live Calc document: press() on the document from outside, and
the macro a button is bound to, run by LibreOffice's own Python inside soffice."""

from __future__ import annotations

import pytest

from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
from xlsolver.buttons import press
from xlsolver.calc import add_buttons, install_macros, macro_source
from xlsolver.jobs import ERROR, Options, run_book
from xlsolver.core.protocol import CellInfo

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


def _press_the_bound_button(office, folder):
    """Save a document with buttons, open it again, and invoke what its solve button is bound to."""
    from xlsolver.backends.calc_backend import import_uno

    uno = import_uno()
    install_macros(office.profile)
    path = workbook_file(folder, laid_out(square_rings(12)))
    book = office.open(path)
    add_buttons(book, "Puzzle", ["solve", "clear"], row=2, col=20)
    book.save(folder / "buttons.ods")
    book.close()

    book = office.open(folder / "buttons.ods")  # the buttons and their bindings survive saving
    try:
        form = book.api.Sheets.getByName("Puzzle").DrawPage.Forms.getByIndex(0)
        index = next(i for i in range(form.Count) if form.getByIndex(i).Name == "xlsolver_solve")
        [event] = form.getScriptEvents(index)
        assert event.ScriptCode.startswith("vnd.sun.star.script:xlsolver_buttons.py$solve?")
        pressed = uno.createUnoStruct("com.sun.star.awt.ActionEvent")
        pressed.Source = form.getByIndex(index)  # what a click hands the macro: the button
        book.api.getScriptProvider().getScript(event.ScriptCode).invoke((pressed,), (), ())
        return book.snapshot("Puzzle").cells, expected_cells(path)
    finally:
        try:
            book.close()
        except Exception:  # noqa: BLE001 - the office may be gone; the caller says so
            pass


def test_the_button_macro_runs_inside_calc(tmp_path):
    """A button bound to the installed macro: LibreOffice's Python imports xlsolver and paints.
    The macro runs in an office of its own. Should that soffice die under it (seen once on a
    shared CI machine: the bridge then reports std::bad_alloc), the failure says how it ended
    and a second, fresh office gets one more try, so a crash of the office itself is told
    apart from a macro that paints wrongly (which fails at once, either way)."""
    from pathlib import Path

    from xlsolver.backends.calc_backend import CalcOffice, find_soffice, import_uno
    from xlsolver.core import InputError

    try:
        import_uno()
    except InputError as err:
        pytest.skip(f"no live Calc: {err}")

    soffice = find_soffice()
    if soffice is None:
        pytest.skip("no live Calc: soffice is not installed (apt-get install libreoffice-calc-nogui python3-uno)")
    if not (Path(soffice).resolve().parent / "pythonscript.py").exists():
        pytest.skip("LibreOffice runs no Python macros here: apt-get install libreoffice-script-provider-python")
    crashes = []
    for attempt in range(2):
        folder = tmp_path / f"try{attempt}"
        folder.mkdir()
        try:
            office = CalcOffice().start()
        except InputError as err:
            pytest.skip(f"no live Calc: {err}")
        try:
            painted, expected = _press_the_bound_button(office, folder)
        except Exception as err:  # noqa: BLE001 - a UNO error type lives in the uno module
            ended = office.process.poll() if office.process is not None else None
            if ended is None and "bad_alloc" not in str(err) and "Disposed" not in type(err).__name__:
                raise
            crashes.append(f"try {attempt + 1}: {type(err).__name__}: {str(err)[:200]} (soffice exit code {ended})")
            continue
        finally:
            office.stop()
        assert painted == expected
        return
    pytest.fail("soffice died under the macro twice:\n" + "\n".join(crashes))


def test_the_macro_module_offers_every_action():
    source = macro_source(["/nowhere"])
    namespace: dict = {}
    exec(compile(source, "xlsolver_buttons.py", "exec"), namespace)
    names = [f.__name__ for f in namespace["g_exportedScripts"]]
    assert names == ["solve", "step", "hint", "check", "clear", "explain", "generate", "main"]


def test_the_office_does_not_inherit_another_python(tmp_path, monkeypatch):
    """A pyenv shim or venv folder on PATH keeps LibreOffice's own Python from starting:
    soffice is started with those folders left out, the system's own kept."""
    import os

    from xlsolver.backends.calc_backend import office_environment

    shims = tmp_path / "shims"
    shims.mkdir()
    (shims / "python3").write_text("#!/bin/sh\n")
    (shims / "python3").chmod(0o755)
    plain = tmp_path / "tools"
    plain.mkdir()
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("PATH", os.pathsep.join([str(shims), str(plain), "/usr/bin"]))
    monkeypatch.setenv("PYTHONPATH", "/somewhere")
    env = office_environment()
    assert env["PATH"].split(os.pathsep) == [str(plain), "/usr/bin"]
    assert "PYTHONPATH" not in env
