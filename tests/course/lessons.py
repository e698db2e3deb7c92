"""The course's conventions, read by the tests (and by docs/course/make_pictures.py).

Glossary
--------
lesson          a notebook ``docs/course/NN-slug.ipynb``; NN is its number.
exercise cell   a code cell tagged ``exercise`` whose first line is ``# exercise: NAME``;
                its body is the student's stub.
check cell      the code cell after an exercise cell: it calls ``check_NAME``.
solution        the section of ``docs/course/solutions/NN-slug.py`` that starts with the
                line ``# exercise: NAME`` and runs to the next such line or the end.
solved notebook the lesson with every exercise cell's source replaced by its solution.

Running a notebook gives a :class:`Failure` or None: a failing cell is a value that
names the cell, its source and the error, not an exception out of the kernel client.
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
COURSE = ROOT / "docs" / "course"
EXERCISE_TAG = "exercise"
EXERCISE_LINE = re.compile(r"^# exercise: (\S+)[ \t]*$")
CELL_SECONDS = 120  # nbclient's timeout for one cell
KERNEL = "python3"
ANSI = re.compile(r"\x1b\[[0-9;]*m")  # the colours of IPython's tracebacks
OUTPUT_VARIABLE = "COURSE_OUTPUT"  # the folder a lesson writes its files to (else a temporary one)


@dataclass(frozen=True)
class Lesson:
    """The files one lesson is made of, by the course's naming rules."""

    notebook: Path

    @property
    def slug(self) -> str:
        return self.notebook.stem

    @property
    def number(self) -> str:
        return self.slug[:2]

    @property
    def solutions(self) -> Path:
        return COURSE / "solutions" / f"{self.slug}.py"

    @property
    def checks(self) -> Path:
        return COURSE / "checks" / f"lesson_{self.number}.py"

    @property
    def make_script(self) -> Path:
        return COURSE / "workbooks" / f"make_{self.number}.py"

    @property
    def workbook(self) -> Path:
        return COURSE / "workbooks" / f"{self.slug}.xlsx"

    def __str__(self) -> str:
        return self.slug


def lessons() -> list[Lesson]:
    """Every lesson in docs/course, in order."""
    return [Lesson(path) for path in sorted(COURSE.glob("[0-9][0-9]-*.ipynb"))]


@dataclass(frozen=True)
class Exercise:
    """An exercise cell: its index among the notebook's cells and its NAME."""

    index: int
    name: str


def read_notebook(lesson: Lesson) -> nbformat.NotebookNode:
    return nbformat.read(lesson.notebook, as_version=4)


def first_line(cell) -> str:
    return cell.source.split("\n", 1)[0]


def exercises(notebook) -> list[Exercise]:
    """The exercise cells, in order: tagged, and named on their first line."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type == "code" and EXERCISE_TAG in cell.metadata.get("tags", []):
            match = EXERCISE_LINE.match(first_line(cell))
            found.append(Exercise(index, match.group(1) if match else ""))
    return found


def exercise_problems(notebook) -> list[str]:
    """What breaks the exercise rules, one sentence each (empty when none does)."""
    problems = []
    tagged = {exercise.index for exercise in exercises(notebook)}
    names: list[str] = []
    for index, cell in enumerate(notebook.cells):
        named = cell.cell_type == "code" and EXERCISE_LINE.match(first_line(cell))
        if index in tagged and not named:
            problems.append(f"cell {index} is tagged {EXERCISE_TAG!r} but its first line is not "
                            f"'# exercise: NAME': {first_line(cell)!r}")
        elif named and index not in tagged:
            problems.append(f"cell {index} starts '# exercise: ...' but has no {EXERCISE_TAG!r} tag")
        elif named:
            name = named.group(1)
            if not name.isidentifier():
                problems.append(f"cell {index}: exercise name {name!r} is not a Python identifier")
            if name in names:
                problems.append(f"cell {index}: exercise name {name!r} is used twice")
            names.append(name)
            after = next((c for c in notebook.cells[index + 1:] if c.cell_type == "code"), None)
            if after is None or f"check_{name}(" not in after.source:
                problems.append(f"cell {index}: the code cell after exercise {name!r} does not call check_{name}(...)")
    return problems


def solution_sections(path: Path) -> dict[str, str]:
    """NAME -> the solution section of a solutions file, its ``# exercise: NAME`` line
    first, trailing blank lines dropped; text before the first section is left out."""
    sections: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        match = EXERCISE_LINE.match(line)
        if match:
            current = sections.setdefault(match.group(1), [])
            if current:
                raise ValueError(f"{path.name}: exercise {match.group(1)!r} has two sections")
        if current is not None:
            current.append(line)
    return {name: "\n".join(lines).rstrip() + "\n" for name, lines in sections.items()}


def check_functions(path: Path) -> set[str]:
    """The names of the top-level functions a checks module defines."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def solved(notebook, sections: dict[str, str]):
    """A copy of ``notebook`` with each exercise cell's source replaced by its solution."""
    copied = copy.deepcopy(notebook)
    for exercise in exercises(copied):
        copied.cells[exercise.index].source = sections[exercise.name]
    return copied


@dataclass(frozen=True)
class Failure:
    """A cell that failed: where, what it ran, and the error (``ename`` is the exception's
    class name, or ``"timeout"`` / ``"dead kernel"``)."""

    index: int
    source: str
    ename: str
    evalue: str
    report: str

    def __str__(self) -> str:
        return f"cell {self.index} failed with {self.ename}: {self.evalue}\n--- its source ---\n{self.source}\n" \
               f"--- the error ---\n{self.report}"


def execute(notebook, output: Path, cwd: Path = COURSE) -> Failure | None:
    """Run ``notebook`` (changed in place: it gets its outputs) top to bottom on a fresh
    ``python3`` kernel in ``cwd``, the lesson's files going to ``output``; stop at the
    first failing cell and return it, or None when every cell ran."""
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    client = NotebookClient(notebook, timeout=CELL_SECONDS, kernel_name=KERNEL,
                            resources={"metadata": {"path": str(cwd)}})
    env = {**os.environ, OUTPUT_VARIABLE: str(output), "PYTHONDONTWRITEBYTECODE": "1"}
    with client.setup_kernel(env=env):
        for index, cell in enumerate(notebook.cells):
            if cell.cell_type != "code":
                continue
            try:
                client.execute_cell(cell, index)
            except CellExecutionError as err:
                return Failure(index, cell.source, err.ename, err.evalue, ANSI.sub("", str(err)))
            except CellTimeoutError as err:
                return Failure(index, cell.source, "timeout", f"over {CELL_SECONDS} s", str(err))
            except DeadKernelError as err:
                return Failure(index, cell.source, "dead kernel", str(err), str(err))
    return None


def load_script(path: Path, name: str):
    """Import the Python file ``path`` as module ``name`` (its folder on sys.path meanwhile,
    so a script may import the modules beside it)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)  # dataclasses look it up there
    sys.path.insert(0, str(path.parent))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(path.parent))
    return module


def workbook_cells(path: Path) -> dict[tuple[str, str], tuple]:
    """(sheet, cell) -> (value, fill) for every cell with a value or a fill: what the
    regenerated workbook must match. A fill is its pattern and foreground colour."""
    import openpyxl

    book = openpyxl.load_workbook(path)
    found = {}
    for ws in book.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                fill = cell.fill
                look = ((fill.fill_type, fill.fgColor.type, fill.fgColor.value, fill.fgColor.tint)
                        if fill.fill_type else None)
                if cell.value is not None or look is not None:
                    found[ws.title, cell.coordinate] = (cell.value, look)
    found["sheets", ""] = tuple(book.sheetnames)
    return found


def checks_module(number: str):
    """``checks.lesson_NN``, imported the way the notebooks import it (from docs/course)."""
    sys.path.insert(0, str(COURSE))
    try:
        return importlib.import_module(f"checks.lesson_{number}")
    finally:
        sys.path.remove(str(COURSE))


def solution_namespace(slug: str, **given) -> dict:
    """The names the solutions of lesson ``slug`` define, every section run in order in
    one namespace that starts with ``given`` (what the notebook's earlier cells define)."""
    namespace = dict(given)
    for source in solution_sections(COURSE / "solutions" / f"{slug}.py").values():
        exec(compile(source, f"solutions/{slug}.py", "exec"), namespace)
    return namespace
