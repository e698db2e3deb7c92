"""The Takuzu kind as xlsolver sees it: one :class:`~xlsolver.jobs.registry.KindSpec`.

The distribution's ``pyproject.toml`` advertises :data:`SPEC` in the
``xlsolver.kinds`` entry-point group; xlsolver imports this module when it lists
its kinds (for ``--help`` too), so it holds data only and names its code lazily:
the solver loads when a Takuzu is worked on.

Rank 5, before every built-in kind: a Takuzu's 1s alone could pass for a sparse
sudoku's givens (rank 10), and any numbers for a nonogram's (rank 30), while the
Takuzu mark (a "Takuzu" or "Binairo" title, a name containing "takuzu") is on no
other kind's sheet, so ranking first steals nothing.
"""

from __future__ import annotations

from xlsolver.jobs.base import FileKind
from xlsolver.jobs.registry import KindSpec, Lazy

__all__ = ["SPEC"]

_JOB = "xlsolver_takuzu.job"

SPEC = KindSpec(
    name="takuzu",
    package="xlsolver_takuzu",
    rank=5,
    mark='a title starting "Takuzu" or "Binairo" two rows above a grid of 0s and 1s, '
         'or a defined name containing "takuzu"',
    locate=Lazy(f"{_JOB}:locate"),
    actions={"solve": Lazy(f"{_JOB}:solve_sheet"), "clear": Lazy(f"{_JOB}:clear_sheet")},
    files=FileKind(kind="takuzu", suffixes=(".takuzu",), solve_file=Lazy(f"{_JOB}:solve_file")),
    sample=("Takuzu", Lazy(f"{_JOB}:sample_plan")),
)
