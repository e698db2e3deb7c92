"""The public surface, checked from the source: every module of xlsolver has an
``__all__``, and whatever code outside a package takes from one of its modules
is listed there.

A package is a top-level part of xlsolver (core, nonogram, sudoku, polyomino,
sheets, backends, jobs, cli); a module directly under xlsolver (buttons, excel,
calc, ...) is a package of its own. tests/, benchmarks/, docs/ and workbooks/
are outside every package. Taking a name means ``from module import name``,
``module.name`` after ``import module as m`` (or ``from package import module``),
or a ``"module:name"`` entry-point string. Private names a test reaches for
are left out: they are no one's public surface.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "xlsolver"
SOURCES = ("xlsolver", "tests", "benchmarks", "docs", "workbooks")
ENTRY_POINT = re.compile(r"^(xlsolver(?:\.\w+)+):(\w+)$")

def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def package_of(module: str) -> str:
    """``xlsolver.nonogram.solver`` -> ``nonogram``; ``xlsolver.excel`` -> ``excel``; ``xlsolver``
    itself -> ``xlsolver``; a test, benchmark or script -> ``""``."""
    parts = module.split(".")
    if parts[0] != "xlsolver":
        return ""
    return parts[1] if len(parts) > 1 else "xlsolver"


def names_taken(path: Path) -> set[tuple[str, str]]:
    """``(module, name)`` for every name the file takes from an xlsolver module of another package."""
    me = package_of(module_name(path)) if PACKAGE in path.parents else ""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    taken: set[tuple[str, str]] = set()
    aliases: dict[str, str] = {}  # a local name bound to an xlsolver module itself
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in MODULES:
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                if whole in MODULES:
                    aliases[alias.asname or alias.name] = whole
                else:
                    taken.add((node.module, alias.name))
        elif isinstance(node, ast.Import):
            aliases.update({a.asname: a.name for a in node.names if a.asname and a.name in MODULES})
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            match = ENTRY_POINT.match(node.value)
            if match and match[1] in MODULES:
                taken.add((match[1], match[2]))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases:
            taken.add((aliases[node.value.id], node.attr))
    return {(module, name) for module, name in taken if package_of(module) != me and not name.startswith(("_", "*"))}


def taken_from_outside() -> dict[str, set[str]]:
    """Module -> the names code outside its package takes from it."""
    found: dict[str, set[str]] = {}
    for top in SOURCES:
        for path in (ROOT / top).rglob("*.py"):
            for module, name in names_taken(path):
                found.setdefault(module, set()).add(name)
    return found


@pytest.fixture(scope="module")
def taken() -> dict[str, set[str]]:
    return taken_from_outside()


def declares_all(path: Path) -> bool:
    """Does the module assign ``__all__`` at its top level?"""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            return True
    return False


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_module_declares_its_public_names(name):
    assert declares_all(MODULES[name]), f"{name} has no __all__"


@pytest.mark.parametrize("name", sorted(MODULES))
def test_what_other_packages_take_is_listed(name, taken):
    wanted = taken.get(name, set())
    if not wanted:
        return
    try:
        module = importlib.import_module(name)
    except ImportError as err:  # an optional extra (xlwings, uno) that this machine lacks
        if err.name and not err.name.startswith("xlsolver"):
            pytest.skip(f"needs {err.name}")
        raise
    listed = set(getattr(module, "__all__", ()))
    missing = sorted(wanted - listed)
    assert not missing, f"{name} is imported from outside its package for {missing}, which its __all__ lacks"
