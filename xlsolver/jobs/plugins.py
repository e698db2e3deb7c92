"""Puzzle kinds that other distributions add: the ``xlsolver.kinds`` entry points.

A distribution adds a kind by naming its :class:`~xlsolver.jobs.registry.KindSpec`
in its ``pyproject.toml`` (``docs/plugins.md`` tells the whole story)::

    [project.entry-points."xlsolver.kinds"]
    takuzu = "xlsolver_takuzu.spec:SPEC"

:func:`discover` loads each one advertised. Loading imports only the module that
defines the spec, which names its code lazily as the built-in specs do, so
listing the kinds stays cheap (``xlsolver --help``). A plugin that cannot be used
is no reason to stop the built-in kinds: it is left out, and :class:`Skipped`
says which one (its entry point and distribution) and why, in one line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection

from xlsolver.jobs.registry import KindSpec

__all__ = ["GROUP", "Skipped", "discover"]

GROUP = "xlsolver.kinds"
"""The entry-point group a plugin advertises its kind in."""


@dataclass(frozen=True)
class Skipped:
    """A plugin left out: ``plugin`` names its entry point and distribution
    (``takuzu (xlsolver-takuzu 0.1.0)``), ``why`` says what is wrong with it."""

    plugin: str
    why: str

    def line(self) -> str:
        """The one line that tells the user, without a traceback."""
        return f"xlsolver: plugin {self.plugin} skipped: {self.why}"


def discover(taken: Collection[str]) -> tuple[list[KindSpec], list[Skipped]]:
    """The kinds the installed distributions advertise in :data:`GROUP`, sorted by
    entry-point name, and the plugins left out: one that fails to import, one whose
    object is no KindSpec, and one whose kind name is in ``taken`` (the built-in
    kinds) or was given by an earlier plugin."""
    from importlib.metadata import entry_points  # imported here: only listing the kinds needs it

    specs: list[KindSpec] = []
    skipped: list[Skipped] = []
    owners = {name: "a built-in kind" for name in taken}
    for point in sorted(entry_points(group=GROUP), key=lambda point: (point.name, point.value)):
        plugin = f"{point.name} ({_distribution(point)})"
        try:
            spec = point.load()
        except Exception as err:  # a plugin's own code may raise anything while importing
            skipped.append(Skipped(plugin, f"cannot load {point.value}: {_one_line(err)}"))
            continue
        if not isinstance(spec, KindSpec):
            skipped.append(Skipped(plugin, f"{point.value} is a {type(spec).__name__}, not a KindSpec"))
        elif spec.name in owners:
            skipped.append(Skipped(plugin, f'its kind "{spec.name}" is the name of {owners[spec.name]}'))
        else:
            owners[spec.name] = f"plugin {plugin}"
            specs.append(spec)
    return specs, skipped


def _distribution(point) -> str:
    """``xlsolver-takuzu 0.1.0``: the distribution that advertises an entry point."""
    dist = getattr(point, "dist", None)
    name = dist.name if dist is not None else None
    return f"{name} {dist.version}" if name else "an unnamed distribution"


def _one_line(err: Exception) -> str:
    """An exception as ``ModuleNotFoundError: No module named 'x'``, on one line."""
    text = " ".join(str(err).split())
    return f"{type(err).__name__}: {text}" if text else type(err).__name__
