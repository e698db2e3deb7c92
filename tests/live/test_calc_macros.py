"""A document's own macros never run in the Calc that xlsolver drives.

The hostile document carries a Basic macro that writes a file, bound to the
document's open event and called by a cell formula: opened with macros allowed,
as the Calc back end once opened every document, it runs as the file loads
(the formula's call; a hidden document gets no open event). Opened through
``CalcOffice.open`` it runs neither then nor when the document is recalculated,
saved or closed. xlsolver's own buttons call macros of the user profile, which
this does not touch (``test_calc_buttons.py`` presses them).
"""

from __future__ import annotations

from pathlib import Path


def _hostile(office, folder: Path, marker: Path) -> Path:
    """An .ods whose Basic macro writes ``marker``: bound to opening the document,
    and called by the formula in A1."""
    from xlsolver.backends.calc_backend import import_uno, properties

    uno = import_uno()
    book = office.new()
    doc = book.api
    libraries = doc.BasicLibraries
    library = libraries.getByName("Standard") if libraries.hasByName("Standard") else \
        libraries.createLibrary("Standard")
    library.insertByName("Opened", "\n".join([
        "Function Planted()",
        "  Dim n As Integer",
        "  n = FreeFile",
        f'  Open "{marker}" For Output As #n',
        '  Print #n, "ran"',
        "  Close #n",
        "  Planted = 7",
        "End Function",
        "Sub OnOpen",
        "  Planted()",
        "End Sub",
    ]))
    script = "vnd.sun.star.script:Standard.Opened.OnOpen?language=Basic&location=document"
    binding = uno.Any("[]com.sun.star.beans.PropertyValue", properties(EventType="Script", Script=script))
    uno.invoke(doc.Events, "replaceByName", ("OnLoad", binding))
    doc.Sheets.getByIndex(0).getCellByPosition(0, 0).setFormula("=PLANTED()")
    path = folder / "hostile.ods"
    doc.storeToURL(path.as_uri(), properties(FilterName="calc8"))
    book.close()
    marker.unlink(missing_ok=True)  # whatever ran while it was made
    return path


def test_a_documents_macro_runs_when_allowed_and_never_when_xlsolver_opens_it(calc_office, tmp_path):
    from xlsolver.backends.calc_backend import import_uno, properties

    marker = tmp_path / "ran.txt"
    path = _hostile(calc_office, tmp_path, marker)

    allowed = import_uno().getConstantByName("com.sun.star.document.MacroExecMode.ALWAYS_EXECUTE_NO_WARN")
    doc = calc_office.desktop.loadComponentFromURL(path.as_uri(), "_blank", 0,
                                                   properties(Hidden=True, MacroExecutionMode=allowed))
    try:
        assert marker.exists(), "the planted macro did not run even with macros allowed: the test shows nothing"
    finally:
        doc.close(True)
    marker.unlink()

    book = calc_office.open(path)
    try:
        book.snapshot(book.sheet_names()[0])
        book.api.calculateAll()
        book.save(tmp_path / "copy.ods")
    finally:
        book.close()
    assert not marker.exists()


def test_a_new_document_runs_no_macro_either(calc_office):
    from xlsolver.backends.calc_backend import import_uno

    never = import_uno().getConstantByName("com.sun.star.document.MacroExecMode.NEVER_EXECUTE")
    book = calc_office.new()
    try:
        modes = {p.Name: p.Value for p in book.api.getArgs()}
        assert modes.get("MacroExecutionMode") == never
    finally:
        book.close()


def test_xlsolver_opens_documents_with_macros_never_executed(calc_office, tmp_path):
    """What the document says it was opened with (its media descriptor)."""
    from xlsolver.backends.calc_backend import import_uno

    never = import_uno().getConstantByName("com.sun.star.document.MacroExecMode.NEVER_EXECUTE")
    book = calc_office.new()
    path = tmp_path / "plain.ods"
    book.save(path)
    book.close()
    book = calc_office.open(path)
    try:
        modes = {p.Name: p.Value for p in book.api.getArgs()}
        assert modes.get("MacroExecutionMode") == never
    finally:
        book.close()
