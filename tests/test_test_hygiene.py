"""The test suite's own rules: every property test is derandomized, so a run
fails or passes the same way on every machine and every time."""

from __future__ import annotations

import ast
from pathlib import Path

from hypothesis import settings

TESTS = Path(__file__).resolve().parent


def settings_decorators(tree: ast.AST):
    """Every ``@settings(...)`` (or ``@hypothesis.settings(...)``) decorator call in a module."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for decorator in node.decorator_list:
                if not isinstance(decorator, ast.Call):
                    continue
                func = decorator.func
                name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
                if name == "settings":
                    yield decorator


def derandomized(call: ast.Call) -> bool:
    return any(k.arg == "derandomize" and isinstance(k.value, ast.Constant) and k.value.value is True
               for k in call.keywords)


def test_every_settings_decorator_says_derandomize_true():
    found, loose = 0, []
    for path in sorted(TESTS.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for call in settings_decorators(tree):
            found += 1
            if not derandomized(call):
                loose.append(f"{path.relative_to(TESTS.parent)}:{call.lineno}")
    assert found > 0  # the walk does see the suite's property tests
    assert not loose, "@settings without derandomize=True: " + ", ".join(loose)


def test_the_default_profile_is_derandomized():
    assert settings.get_profile("xlsolver").derandomize
    assert settings.default.derandomize
