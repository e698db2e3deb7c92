"""The nonogram package's public surface: what code outside it imports from a
nonogram module (by name, or as ``module.name`` after importing the module) is
listed in that module's ``__all__``, and ``__all__`` lists nothing that is not
there."""

import ast
import importlib
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "xlsolver" / "nonogram"
OUTSIDE = ("xlsolver", "tests", "benchmarks", "workbooks", "docs")
MODULES = ["xlsolver.nonogram"] + sorted(f"xlsolver.nonogram.{p.stem}" for p in PACKAGE.glob("*.py")
                                         if p.stem != "__init__")


@cache
def imports_from_outside() -> dict[str, set[str]]:
    """Module -> the names files outside xlsolver/nonogram take from it."""
    found: dict[str, set[str]] = {}
    for top in OUTSIDE:
        for path in (ROOT / top).rglob("*.py"):
            if PACKAGE in path.parents:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            aliases = {}  # a local name bound to a nonogram module -> that module
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module in MODULES:
                    for alias in node.names:
                        if f"{node.module}.{alias.name}" in MODULES:
                            aliases[alias.asname or alias.name] = f"{node.module}.{alias.name}"
                        else:
                            found.setdefault(node.module, set()).add(alias.name)
                elif isinstance(node, ast.Import):
                    aliases.update({alias.asname: alias.name for alias in node.names
                                    if alias.name in MODULES and alias.asname})
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
                    found.setdefault(aliases[node.value.id], set()).add(node.attr)
    return found


@pytest.mark.parametrize("name", MODULES)
def test_all_lists_what_other_packages_import(name):
    module = importlib.import_module(name)
    listed = set(module.__all__)
    assert not [n for n in listed if not hasattr(module, n)], f"{name}.__all__ lists missing names"
    imported = imports_from_outside().get(name, set())
    assert imported <= listed, f"{name} is imported for {sorted(imported - listed)}, not in its __all__"
