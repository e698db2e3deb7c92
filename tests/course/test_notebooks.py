"""Every lesson of the course keeps the course's conventions (fast, in the default
suite), and runs top to bottom with its solutions, while its stubs stop at the first
check (slow: ``pytest -m slow``, which CI runs). See tests/course/lessons.py for the
conventions and docs/course/README.md for the course."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from .lessons import (
    COURSE,
    Lesson,
    check_functions,
    execute,
    exercise_problems,
    exercises,
    lessons,
    load_script,
    read_notebook,
    solution_sections,
    solved,
    workbook_cells,
)

LESSONS = lessons()
by_lesson = pytest.mark.parametrize("lesson", LESSONS, ids=str)


def test_the_course_has_lessons():
    assert LESSONS, f"no lessons (NN-slug.ipynb) in {COURSE}"
    numbers = [lesson.number for lesson in LESSONS]
    assert len(set(numbers)) == len(numbers), f"two lessons share a number: {numbers}"


@by_lesson
def test_notebook_is_valid_with_outputs_cleared(lesson: Lesson):
    notebook = read_notebook(lesson)
    nbformat.validate(notebook)
    assert notebook.nbformat == 4
    dirty = [index for index, cell in enumerate(notebook.cells)
             if cell.cell_type == "code" and (cell.outputs or cell.execution_count is not None)]
    assert not dirty, f"{lesson}: clear the outputs of cells {dirty} before committing"


@by_lesson
def test_every_exercise_has_a_solution_and_a_check(lesson: Lesson):
    notebook = read_notebook(lesson)
    assert exercise_problems(notebook) == []
    names = [exercise.name for exercise in exercises(notebook)]
    assert names, f"{lesson} has no exercise cell"
    assert lesson.solutions.is_file(), f"missing {lesson.solutions.relative_to(COURSE)}"
    assert lesson.checks.is_file(), f"missing {lesson.checks.relative_to(COURSE)}"
    assert (COURSE / "checks" / "__init__.py").is_file()
    sections = solution_sections(lesson.solutions)
    assert [name for name in names if name not in sections] == [], "exercises without a solution section"
    assert sorted(set(sections) - set(names)) == [], "solution sections for no exercise"
    checks = check_functions(lesson.checks)
    assert [f"check_{name}" for name in names if f"check_{name}" not in checks] == []


@by_lesson
def test_workbook_is_what_its_script_makes(lesson: Lesson, tmp_path: Path):
    assert lesson.make_script.is_file(), f"missing {lesson.make_script.relative_to(COURSE)}"
    assert lesson.workbook.is_file(), f"missing {lesson.workbook.relative_to(COURSE)}"
    script = load_script(lesson.make_script, f"course_make_{lesson.number}")
    made = tmp_path / lesson.workbook.name
    script.make(made)
    committed, fresh = workbook_cells(lesson.workbook), workbook_cells(made)
    differ = sorted(key for key in committed.keys() | fresh.keys() if committed.get(key) != fresh.get(key))
    assert not differ, (f"{lesson.workbook.name} differs from what {lesson.make_script.name} makes at "
                        f"{differ[:5]}: run python {lesson.make_script.relative_to(COURSE.parents[1])}")


def course_files() -> set[Path]:
    """The files under docs/course but bytecode caches and Jupyter's checkpoints."""
    skipped = {"__pycache__", ".ipynb_checkpoints"}
    return {path for path in COURSE.rglob("*") if path.is_file() and not skipped & set(path.parts)}


@pytest.mark.slow
@by_lesson
def test_solved_notebook_runs_top_to_bottom(lesson: Lesson, tmp_path: Path):
    notebook = solved(read_notebook(lesson), solution_sections(lesson.solutions))
    before = course_files()
    failure = execute(notebook, tmp_path)
    assert failure is None, f"{lesson} with its solutions: {failure}"
    left = sorted(str(path.relative_to(COURSE)) for path in course_files() - before)
    assert not left, f"{lesson} wrote {left} into docs/course: write to the COURSE_OUTPUT folder instead"


@pytest.mark.slow
@by_lesson
def test_stubs_fail_at_the_first_check(lesson: Lesson, tmp_path: Path):
    notebook = read_notebook(lesson)
    first = exercises(notebook)[0]
    check_cell = next(index for index in range(first.index + 1, len(notebook.cells))
                      if notebook.cells[index].cell_type == "code")
    failure = execute(notebook, tmp_path)
    assert failure is not None, f"{lesson} ran to the end with its stubs: the checks accept the stubs"
    assert (failure.index, failure.ename) in {(check_cell, "AssertionError"), (check_cell, "NotImplementedError")}, \
        f"{lesson} with its stubs should fail at cell {check_cell}, the check of {first.name!r}, " \
        f"with AssertionError or NotImplementedError; instead {failure}"
