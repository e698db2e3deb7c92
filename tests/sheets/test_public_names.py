"""The sheets layer's public surface: what code outside it imports from a sheets
module is listed in that module's ``__all__``, and ``__all__`` lists nothing
that is not there."""

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "xlsolver" / "sheets"
OUTSIDE = ("xlsolver", "tests", "benchmarks", "workbooks", "docs")
MODULES = ["xlsolver.sheets"] + sorted(f"xlsolver.sheets.{p.stem}" for p in SHEETS.glob("*.py") if p.stem != "__init__")


def imports_from_outside() -> dict[str, set[str]]:
    """Module -> the names files outside xlsolver/sheets import from it."""
    found: dict[str, set[str]] = {}
    for top in OUTSIDE:
        for path in (ROOT / top).rglob("*.py"):
            if SHEETS in path.parents:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and node.module in MODULES:
                    found.setdefault(node.module, set()).update(a.name for a in node.names)
    return found


@pytest.mark.parametrize("name", MODULES)
def test_all_lists_what_other_packages_import(name):
    module = importlib.import_module(name)
    listed = set(module.__all__)
    assert not [n for n in listed if not hasattr(module, n)], f"{name}.__all__ lists missing names"
    submodules = {m.rsplit(".", 1)[1] for m in MODULES}
    imported = imports_from_outside().get(name, set()) - submodules
    assert imported <= listed, f"{name} is imported for {sorted(imported - listed)}, not in its __all__"
