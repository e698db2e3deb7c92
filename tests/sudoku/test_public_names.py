"""The sudoku package's public surface: each module's ``__all__`` lists exactly
the names other files import from it (``from module import name``, or
``module.name`` after importing the module), and each of them is there.
Private names that tests reach for are left out."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUDOKU = ROOT / "xlsolver" / "sudoku"
OUTSIDE = ("xlsolver", "tests", "benchmarks", "workbooks", "docs")


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


MODULES = sorted(module_name(p) for p in SUDOKU.rglob("*.py"))


def imports_from_elsewhere() -> dict[str, set[str]]:
    """Module -> the public names other files take from it."""
    found: dict[str, set[str]] = {name: set() for name in MODULES}
    for top in OUTSIDE:
        for path in (ROOT / top).rglob("*.py"):
            me = module_name(path)
            tree = ast.parse(path.read_text(encoding="utf-8"))
            aliases: dict[str, str] = {}  # local name -> a sudoku module imported whole
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in found:
                    for alias in node.names:
                        sub = f"{node.module}.{alias.name}"
                        if sub in found:
                            aliases[alias.asname or alias.name] = sub
                        elif node.module != me:
                            found[node.module].add(alias.name)
                elif isinstance(node, ast.Import):
                    aliases.update({a.asname: a.name for a in node.names if a.asname and a.name in found})
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                    module = aliases.get(node.value.id)
                    if module and module != me:
                        found[module].add(node.attr)
    return {name: {n for n in names if not n.startswith("_")} for name, names in found.items()}


@pytest.fixture(scope="module")
def imported():
    return imports_from_elsewhere()


@pytest.mark.parametrize("name", MODULES)
def test_all_lists_exactly_what_other_files_import(name, imported):
    module = importlib.import_module(name)
    listed = set(module.__all__)
    assert not [n for n in listed if not hasattr(module, n)], f"{name}.__all__ lists missing names"
    assert not imported[name] - listed, f"{name} is imported for {sorted(imported[name] - listed)}, not in __all__"
    assert not listed - imported[name], f"{name}.__all__ lists {sorted(listed - imported[name])}, which nothing imports"
