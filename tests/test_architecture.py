"""The layering rules, checked from the source: dependencies point one way.

core <- puzzle packages (nonogram, ...) <- sheets <- backends <- entry points.
openpyxl and xlwings are each imported in exactly one module.
"""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "xlsolver"
PUZZLES = {"nonogram", "sudoku", "polyomino"}

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
def test_spreadsheet_library_imported_in_one_module(library):
    users = [p.relative_to(PACKAGE).as_posix() for p in modules()
             if any(n == library or n.startswith(library + ".") for n in imports_of(p))]
    assert len(users) <= 1, f"{library} is imported by {users}"
    assert all(u.startswith("backends/") for u in users)


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
