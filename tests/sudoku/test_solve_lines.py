"""solve_lines, the hook through which a batch streams a file of sudoku lines: for
every line it gives what ``ReportLine.of`` gives for the report ``solve_file`` makes
of that line (the measured seconds aside), whichever way the line goes (written
straight from the batch kernel's digits, or through a report), and its unique
solutions pass an independent check."""

from __future__ import annotations

import functools
from collections import Counter
import json
import re
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from xlsolver.jobs import sudoku as sudoku_job
from xlsolver.jobs.base import Options, ReportLine
from xlsolver.jobs.sudoku import solve_file, solve_lines
from xlsolver.sudoku import Shape, Sudoku, is_solution
from xlsolver.sudoku.generator import make_puzzle

# A file stem with what JSON must escape, what str.format would read, and what printable escapes.
ODD_STEM = 'odd "név" {0} \x1b'


@functools.cache
def made(shape: Shape, seed: str) -> Sudoku:
    return make_puzzle(shape, seed, minimal=False).puzzle


def no_solution(seed: str) -> Sudoku:
    """A unique puzzle with one more given that clashes with no given but is not its
    solution's digit: so no solution, found by the search, not by a repeated given."""
    generated = make_puzzle(Shape(3, 3), seed, minimal=False)
    cells = list(generated.puzzle.cells)
    for cell, value in enumerate(cells):
        seen = {cells[p] for p in generated.puzzle.shape.peers[cell]}
        wrong = [d for d in range(1, 10) if not value and d not in seen and d != generated.solution[cell]]
        if wrong:
            cells[cell] = wrong[0]
            return Sudoku(generated.puzzle.shape, tuple(cells))
    raise AssertionError("every empty cell has one digit left")


@functools.cache
def pool() -> tuple[str, ...]:
    """Lines of every sort a file may hold, as written in it (stripped or not)."""
    nines = [made(Shape(3, 3), f"solve-lines {i}") for i in range(6)]
    first = nines[0]
    several = Sudoku(first.shape, tuple(0 if i < 27 else v for i, v in enumerate(first.cells)))
    return (
        *(p.to_text() for p in nines),                               # plainly unique, 81 plain symbols
        nines[1].to_text().replace(".", "0"),                        # zeros for empty cells
        "  " + nines[2].to_text() + "\t",                            # spaces around
        " | ".join(nines[3].to_text()[i:i + 9] for i in range(0, 81, 9)),  # separators: read by from_text
        "3x3:" + nines[4].to_text(),                                 # the usual box, named
        "1x9:" + nines[5].to_text(),                                 # another box shape: several
        made(Shape(3, 2), "solve-lines six").to_text(),             # 3x2: six by six
        made(Shape(2, 3), "solve-lines six").to_text(),             # a 6x6 in its usual box, no prefix
        made(Shape(2, 2), "solve-lines four").to_text(),
        several.to_text(),                                           # several solutions
        "." * 81,                                                    # several, nothing given
        no_solution("solve-lines none").to_text(),                   # no solution, no repeated given
        "11" + "." * 79,                                             # no solution: a repeated given
        "12345",                                                     # errors: not a square
        "A" + "." * 80,                                              # a symbol not a digit of a 9x9
        "é" * 81,                                                    # 81 characters, not ASCII
        "9x9:" + "." * 81,                                           # a box too large
        "1" * 5000,                                                  # over-long
    )


@contextmanager
def kernels(mode: str):
    """Run with ``XLSOLVER_KERNELS=mode``: compiled sends plain 9x9 lines through the
    batch kernel (the direct path), plain sends every line through its report."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XLSOLVER_KERNELS", mode)
        yield


SECONDS_JSON = re.compile(r'"seconds": [0-9.e+-]+')
SECONDS_TEXT = re.compile(r", \d+\.\d\d s")


def masked(line: ReportLine, as_json: bool) -> ReportLine:
    """The line with its measured seconds taken out (the one field allowed to differ)."""
    pattern, mark = (SECONDS_JSON, '"seconds": S') if as_json else (SECONDS_TEXT, ", S s")
    return ReportLine(line.status, line.ok, pattern.sub(mark, line.text), line.error, line.source, line.sheet,
                      line.kind, 0.0, line.message, line.output, line.unkept)


def compare(stem: str, raw_lines: list[str], run: int = 1000) -> list[ReportLine]:
    """Write a file of ``raw_lines``, and check solve_lines against solve_file on it, for
    JSON and text (single when the file holds one puzzle line), given the puzzle lines
    in runs of ``run`` as a batch gives them; the JSON lines, back."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{stem}.txt"
        path.write_text("\n".join(raw_lines) + "\n", encoding="utf-8")
        numbered = [(n, raw) for n, raw in enumerate(raw_lines, 1) if raw.strip() and not raw.strip().startswith("#")]
        reports = solve_file(path, None, Options())
        found = []
        for as_json in (True, False):
            got = [line for at in range(0, len(numbered), run)
                   for line in solve_lines(str(path), path.stem, len(numbered) == 1, numbered[at:at + run], Options(),
                                           as_json)]
            want = [ReportLine.of(r, as_json) for r in reports]
            assert [masked(g, as_json) for g in got] == [masked(w, as_json) for w in want]
            if as_json:
                found = got
        return found


def check_unique(lines: list[ReportLine]) -> int:
    """Every unique line's solution fills its puzzle (by model.is_solution); how many there were."""
    unique = 0
    for line in lines:
        data = json.loads(line.text)
        if data["status"] == "unique":
            puzzle = Sudoku.from_text(data["puzzle"])
            grid = [int(ch, 36) for row in data["solution"] for ch in row]
            assert is_solution(puzzle, grid)
            unique += 1
    return unique


def test_every_sort_of_line_matches_solve_file():
    with kernels("compiled"):
        lines = compare("puzzles", ["# made by the tests", "", *pool(), "   "])
    assert Counter(line.status.value for line in lines) == {"unique": 13, "multiple": 3, "none": 2, "error": 5}
    assert check_unique(lines) == 13


def test_the_general_path_alone_matches_solve_file():
    """Plain kernels: no batch kernel to run, so every line goes through its report
    (the 9x9s written in every way, and the errors; the plain searches of the
    several-solution lines would only make the test slow)."""
    with kernels("plain"):
        lines = compare("plain", [*pool()[:10], *pool()[-5:]])
    assert check_unique(lines) == 10


def test_an_odd_file_name_is_escaped_as_the_report_escapes_it():
    with kernels("compiled"):
        lines = compare(ODD_STEM, [pool()[0], pool()[1], "12345"])
    assert json.loads(lines[0].text)["sheet"] == f"{ODD_STEM} 1"


def test_one_puzzle_in_a_file_has_no_sheet_name():
    with kernels("compiled"):
        for line in pool():
            (only,) = compare(ODD_STEM, ["# one puzzle", line])
            assert only.sheet is None


def test_plainly_unique_lines_are_written_without_a_report_each(monkeypatch):
    """The direct path: one report only, the template's, for a run of unique 9x9s."""
    calls = []
    real = sudoku_job._report
    monkeypatch.setattr(sudoku_job, "_report", lambda *args: calls.append(args) or real(*args))
    lines = list(pool()[:6]) * 5
    with kernels("compiled"):
        got = solve_lines("x.sdm", "x", False, list(enumerate(lines, 1)), Options(), True)
    assert len(calls) == 1
    assert check_unique(got) == len(lines)
    assert [json.loads(g.text)["line"] for g in got] == list(range(1, len(lines) + 1))


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.data())
def test_any_mix_of_lines_matches_solve_file(data):
    """Any lines of the pool, with blank and comment lines between (numbered as the file
    numbers them), handed over in runs of any length."""
    skipped = st.sampled_from(["", "   ", "# note", "\t# note"])
    lines = data.draw(st.lists(st.sampled_from(pool()) | skipped, min_size=1, max_size=12))
    if not any(line.strip() and not line.strip().startswith("#") for line in lines):
        lines = [*lines, pool()[0]]
    with kernels("compiled"):
        got = compare("mix", lines, run=data.draw(st.integers(1, 12)))
    check_unique(got)
