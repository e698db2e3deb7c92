"""Plugins installed for a test only, without pip: a ``*.dist-info`` folder (METADATA
and entry_points.txt) in a temporary folder on ``sys.path`` is, to
``importlib.metadata``, an installed distribution, and its entry points are found.

The Takuzu plugin's entry points are read from its own ``pyproject.toml``, so a test
finds the kind the way an installed copy would be found. ``kinds()`` is cached, so
the fixture clears the cache when it installs and again when it takes the folder
away. A subprocess gets the same folders through ``PYTHONPATH`` (:meth:`Plugins.env`).
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

import pytest

import xlsolver.jobs.registry as registry

ROOT = Path(__file__).resolve().parents[2]
KINDS = registry.kinds  # the cached function itself: a test may patch the module's name with a stand-in
TAKUZU = ROOT / "docs" / "course" / "takuzu"
TAKUZU_SOURCE = TAKUZU / "src"


def takuzu_entry_points() -> dict[str, str]:
    """The ``xlsolver.kinds`` entry points the Takuzu package declares."""
    project = tomllib.loads((TAKUZU / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["entry-points"]["xlsolver.kinds"]


class Plugins:
    """A temporary site folder that distributions are installed into by writing
    their metadata, and the source folders their code is imported from."""

    def __init__(self, site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.site = site
        self.paths = [site]
        self._monkeypatch = monkeypatch
        site.mkdir()
        monkeypatch.syspath_prepend(str(site))

    def add(self, name: str, entry_points: dict[str, str], version: str = "0.1.0",
            source: Path | None = None) -> None:
        """Install distribution ``name`` advertising ``entry_points`` in xlsolver.kinds;
        its code is imported from ``source`` (the site folder itself when None)."""
        info = self.site / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        lines = "".join(f"{key} = {value}\n" for key, value in entry_points.items())
        (info / "entry_points.txt").write_text(f"[xlsolver.kinds]\n{lines}")
        if source is not None and source not in self.paths:
            self.paths.append(source)
            self._monkeypatch.syspath_prepend(str(source))
        KINDS.cache_clear()

    def add_takuzu(self) -> None:
        self.add("xlsolver-takuzu", takuzu_entry_points(), source=TAKUZU_SOURCE)

    def module(self, name: str, text: str) -> None:
        """A module of plugin code, in the site folder."""
        (self.site / f"{name}.py").write_text(text)

    def env(self) -> dict[str, str]:
        """The environment of a subprocess that sees these plugins."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([*map(str, self.paths), *filter(None, [env.get("PYTHONPATH")])])
        return env


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Install plugins for this test; ``kinds()`` forgets them afterwards. The broken
    plugins' modules (named ``kind_*``) leave ``sys.modules`` too; the Takuzu package
    stays imported, as any imported module does."""
    before = set(sys.modules)
    KINDS.cache_clear()
    yield Plugins(tmp_path / "site", monkeypatch)
    KINDS.cache_clear()
    for name in set(sys.modules) - before:
        if name.startswith("kind_"):
            del sys.modules[name]


@pytest.fixture
def takuzu(plugins) -> Plugins:
    """The Takuzu plugin installed for this test."""
    plugins.add_takuzu()
    return plugins


@pytest.fixture(scope="module")
def takuzu_source():
    """The Takuzu package importable (its source folder on ``sys.path``), not installed:
    for tests of its modules that need no entry point."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(TAKUZU_SOURCE))
        yield TAKUZU_SOURCE
