"""Every install line the project prints or documents works from a clone: xlsolver is
not on the package index, so none may tell a user to install ``xlsolver[...]`` from it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FROM_INDEX = re.compile(r"""pip install\s+["']?xlsolver(\[|["'\s]|$)""")


def texts():
    yield ROOT / "README.md"
    yield from (ROOT / "docs").rglob("*.md")
    for folder in ("xlsolver", "benchmarks", "workbooks"):
        yield from (ROOT / folder).rglob("*.py")


def test_no_install_line_asks_the_package_index_for_xlsolver():
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in texts() for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if FROM_INDEX.search(line)]
    assert not found, "install lines that cannot work (xlsolver is installed from its clone):\n" + "\n".join(found)


def test_the_readme_installs_from_the_clone():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert 'pip install . && xlsolver solve workbooks/nonogram.xlsx' in readme
    assert 'pip install ".[test]"' in readme
