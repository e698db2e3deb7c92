"""The layering rules, checked from the source: dependencies point one way.

core <- puzzle packages (nonogram, ...) <- sheets <- backends <- entry points.
The back-end protocol and its in-memory fake live in core; only backends/ touches
a spreadsheet's native objects or a workbook file's package.
openpyxl and xlwings are each imported in exactly one module.
"""

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "xlsolver"


def _puzzle_packages() -> set[str]:
    """The puzzle packages, read from the kind registry: every registered kind's package
    is layer-checked, and every package that is no layer of its own must be registered."""
    from xlsolver.jobs import BUILTIN

    # xlsolver's own kinds; an installed plugin's package lies outside xlsolver (tests/plugins checks it)
    return {spec.package.split(".")[1] for spec in BUILTIN.values()}


PUZZLES = _puzzle_packages()
LAYERS = {"core", "sheets", "backends", "jobs", "cli"}

# Which top-level xlsolver parts each layer may import.
ALLOWED = {
    "core": {"core"},
    **{p: {"core", p} for p in PUZZLES},
    "sheets": {"core", "sheets"} | PUZZLES,
    "backends": {"core", "sheets", "backends"},
    "jobs": {"core", "sheets", "backends", "jobs"} | PUZZLES,
}


def imports_of(path: Path) -> set[str]:
    """Every module name imported by a source file."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def modules():
    return sorted(p for p in PACKAGE.rglob("*.py"))


def layer(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0] if len(rel.parts) > 1 else "entry"


@pytest.mark.parametrize("path", modules(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_layers_import_downwards_only(path):
    allowed = ALLOWED.get(layer(path))
    if allowed is None:  # entry points may import everything
        return
    used = {name.split(".")[1] for name in imports_of(path) if name.startswith("xlsolver.")}
    assert used <= allowed, f"{path.name} imports {sorted(used - allowed)} from a higher layer"


@pytest.mark.parametrize("library", ["openpyxl", "xlwings"])
def test_spreadsheet_library_imported_in_its_back_end_only(library):
    """Only the library's own back end imports it (its main module and the
    modules beside it named after the library: ``backends/openpyxl_*.py``)."""
    users = [p.relative_to(PACKAGE).as_posix() for p in modules()
             if any(n == library or n.startswith(library + ".") for n in imports_of(p))]
    assert all(u.startswith(f"backends/{library}_") for u in users), f"{library} is imported by {users}"


def test_solvers_never_import_spreadsheet_libraries():
    for path in modules():
        if layer(path) in PUZZLES | {"core", "sheets"}:
            bad = {n for n in imports_of(path) if n.split(".")[0] in {"openpyxl", "xlwings"}}
            assert not bad, f"{path} imports {bad}"


def module_names():
    return [".".join(("xlsolver",) + p.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
            for p in modules() if p.name != "__main__.py"]


@pytest.mark.parametrize("name", module_names())
def test_public_names_exist(name):
    """Every name a module lists in __all__ is really there."""
    import importlib

    try:
        module = importlib.import_module(name)
    except ImportError as err:  # an optional extra (xlwings, uno) that this machine lacks
        if err.name and not err.name.startswith("xlsolver"):
            pytest.skip(f"needs {err.name}")
        raise
    for public in getattr(module, "__all__", ()):
        assert hasattr(module, public), f"{name}.__all__ lists {public}, which it lacks"


# What only a back end may do: reach a spreadsheet's native objects (``.api``), talk
# UNO to LibreOffice, or edit the OOXML package of a workbook file.
NATIVE = re.compile(r"\.api\b|\bimport uno\b|\bimport_uno\b|createUnoStruct|\bzipfile\b"
                    r"|\[Content_Types\]\.xml|xl/workbook\.xml|vbaProject")


def test_native_objects_and_packages_only_in_backends():
    outside = [f"{p.relative_to(PACKAGE).as_posix()}:{number}: {line.strip()}"
               for p in modules() if layer(p) != "backends"
               for number, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
               if NATIVE.search(line)]
    assert not outside, "native objects or OOXML parts touched outside xlsolver/backends:\n" + "\n".join(outside)


def test_every_backend_offers_the_whole_protocol():
    """source, ignores and the methods of WorkbookBackend, on each back end class."""
    from xlsolver.backends.calc_backend import CalcWorkbook
    from xlsolver.backends.openpyxl_backend import OpenpyxlWorkbook
    from xlsolver.backends.xlwings_backend import XlwingsWorkbook
    from xlsolver.core import MemoryWorkbook

    members = ("source", "ignores", "sheet_names", "snapshot", "apply", "add_sheet", "remove_sheet", "save")
    for backend in (OpenpyxlWorkbook, XlwingsWorkbook, CalcWorkbook):
        missing = [m for m in members if not hasattr(backend, m)]
        assert not missing, f"{backend.__name__} lacks {missing}"
    book = MemoryWorkbook()
    assert [m for m in members if not hasattr(book, m)] == []
    assert book.source == "" and book.ignores == frozenset()


def test_every_package_is_a_layer_or_a_registered_kind():
    """A new puzzle package left out of the registry would escape the layer checks."""
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    unregistered = packages - LAYERS - PUZZLES
    assert not unregistered, f"packages neither a layer nor a registered kind's: {sorted(unregistered)}"
