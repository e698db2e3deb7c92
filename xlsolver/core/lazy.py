"""Names a package gives on first use (PEP 562), so importing it stays cheap.

A package whose ``__init__`` would otherwise import a solver, a file format or
the paint plan just to re-export a few names says where each lives instead::

    __getattr__ = lazy_names(__name__, {"solve": "xlsolver.sudoku.solver"})

and ``from xlsolver.sudoku import solve`` imports the solver then, not before.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Callable, Mapping

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package`` that imports each name of ``homes``
    (name -> the module it lives in) when first asked for, and keeps it."""

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
