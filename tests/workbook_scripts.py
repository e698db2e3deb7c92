"""The scripts under ``workbooks/`` that make the bundled workbooks, as the tests use them:
imported for the sheets they promise, and run as programs in a fresh folder."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
WORKBOOKS = ROOT / "workbooks"


def load_script(script: Path) -> ModuleType:
    """The script as a module (its ``SHEETS`` list what each sheet promises)."""
    spec = importlib.util.spec_from_file_location(script.stem, script)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the script runs
    spec.loader.exec_module(module)
    return module


def run_script(script: Path, folder: Path) -> Path:
    """Run a copy of the script in ``folder``, as a user would; returns the folder."""
    shutil.copy(script, folder / script.name)
    done = subprocess.run([sys.executable, str(folder / script.name)], capture_output=True, text=True, cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder
