import os
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as st

from xlsolver.core import Budget, BudgetExhausted, Status
import numpy as np

from xlsolver.sudoku import Shape, Sudoku, count_solutions, is_solution, nine, solve, solve_many, solver
from .oracle import brute_count, mrv_count, valid_grid

# Hand-made: a 9x9 made by hand from a Latin-square pattern with clues removed.
FULL9 = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"


def grid_rows(cells, n):
    return [list(cells[i * n:(i + 1) * n]) for i in range(n)]


def test_usual_shapes():
    assert [str(Shape.usual(n)) for n in (4, 6, 8, 9, 10, 12, 16, 25)] == \
        ["2x2", "2x3", "2x4", "3x3", "2x5", "3x4", "4x4", "5x5"]
    with pytest.raises(ValueError):
        Shape.usual(7)


def test_text_round_trip_and_errors():
    p = Sudoku.from_text(FULL9.replace("5", "."))
    assert Sudoku.from_text(p.to_text()) == p
    assert Sudoku.from_text(FULL9.replace("5", "0")) == p
    tall = Sudoku.from_text("3x2:" + "." * 36)
    assert tall.shape == Shape(3, 2) and tall.to_text().startswith("3x2:")
    assert Sudoku.from_text(tall.to_text()) == tall
    with pytest.raises(ValueError, match="symbol 1"):
        Sudoku.from_text("A" + FULL9[1:])
    with pytest.raises(ValueError, match="square"):
        Sudoku.from_text(FULL9[:80])


SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(3, 3), Shape(3, 4), Shape(4, 4)]


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.data())
def test_text_form_reads_back_what_was_written(data):
    """Any cells of any shape: the text form reads back equal to the validated
    constructor's sudoku, and a symbol out of range is refused by position."""
    shape = data.draw(st.sampled_from(SHAPES))
    n = shape.n
    cells = tuple(data.draw(st.lists(st.integers(0, n), min_size=n * n, max_size=n * n)))
    made = Sudoku(shape, cells)
    read = Sudoku.from_text(made.to_text())
    assert read == made and hash(read) == hash(made) and read.cells == cells
    at = data.draw(st.integers(0, n * n - 1))
    bad = data.draw(st.sampled_from("*?" + ("ABCDEFGHIJ"[n - 9:] if n < 19 else "")))
    text = made.to_text().split(":")[-1]
    prefix = made.to_text()[:-len(text)]
    with pytest.raises(ValueError, match=f"symbol {at + 1} "):
        Sudoku.from_text(prefix + text[:at] + bad + text[at + 1:])


def test_there_are_288_full_4x4_grids():
    shape = Shape(2, 2)
    empty = Sudoku.empty(shape)
    assert count_solutions(empty, limit=10 ** 6) == 288
    assert count_solutions(empty, limit=10 ** 6, plain=True) == 288


def test_known_verdicts():
    full = Sudoku.from_text(FULL9)
    assert is_solution(full, full.cells)
    hole = Sudoku.from_text(FULL9[:40] + "." + FULL9[41:])
    r = solve(hole)
    assert r.status == Status.UNIQUE and r.solutions[0] == full.cells
    # Two digits swapped in a rectangle of cells: a "deadly pattern" with two solutions.
    cells = list(full.cells)
    for i in (0, 1, 27, 28):  # rows 1 and 4, columns 1 and 2: digits 1/2 and 2/1
        cells[i] = 0
    multi = Sudoku(full.shape, tuple(cells))
    r = solve(multi)
    assert r.status == Status.MULTIPLE and len(set(r.solutions)) == 2
    assert all(is_solution(multi, s) for s in r.solutions)
    assert r.known == tuple(full.cells[i] if i not in (0, 1, 27, 28) else 0 for i in range(81))
    dup = Sudoku.from_text("11" + "." * 79)
    r = solve(dup)
    assert r.status == Status.NONE and r.conflict.cells == (0, 1) and "row 1" in r.message
    stuck = Sudoku.from_text("12345678." + "." * 8 + "9" + "." * 63)  # r1c9 can only be 9; 9 sits in its box
    r = solve(stuck)
    assert r.status == Status.NONE and r.conflict is not None


def test_budget_gives_up():
    empty = Sudoku.empty(Shape(5, 5))
    r = solve(empty, Budget(seconds=None, nodes=10))
    assert r.status in (Status.GAVE_UP, Status.MULTIPLE)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16), st.booleans())
def test_4x4_counts_agree_with_brute_force(cells, plain):
    puzzle = Sudoku(Shape(2, 2), tuple(cells))
    want = 0 if puzzle.duplicates() else brute_count(list(cells), 4, 2, 2)
    assert count_solutions(puzzle, limit=1000, plain=plain) == want
    r = solve(puzzle, plain=plain)
    assert r.status == {0: Status.NONE, 1: Status.UNIQUE}.get(want, Status.MULTIPLE)
    for s in r.solutions:
        assert is_solution(puzzle, s) and valid_grid(grid_rows(s, 4), 2, 2)


@settings(max_examples=25, derandomize=True, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=36, max_size=36).map(lambda xs: [x if i % 3 else 0 for i, x in enumerate(xs)]))
def test_6x6_counts_agree_with_brute_force(cells):
    puzzle = Sudoku(Shape(2, 3), tuple(cells))
    if puzzle.duplicates():
        assert count_solutions(puzzle) == 0
        return
    want = brute_count(list(cells), 6, 2, 3, limit=2)
    assert count_solutions(puzzle, limit=2) == want


def test_plain_path_without_numba_in_a_subprocess():
    code = ("from xlsolver.sudoku import kernel, Sudoku, Shape, count_solutions;"
            "assert kernel.run_compiled is None;"
            "print(count_solutions(Sudoku.empty(Shape(2, 2)), limit=1000))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, "XLSOLVER_NO_NUMBA": "1"}, check=True)
    assert out.stdout.strip() == "288"


def test_16x16_and_both_paths_agree():
    pattern = Sudoku.empty(Shape(4, 4))
    r = solve(pattern)
    assert r.status == Status.MULTIPLE
    s = r.solutions[0]
    holes = tuple(0 if i % 3 == 0 else v for i, v in enumerate(s))
    p = Sudoku(pattern.shape, holes)
    a, b = solve(p, plain=False), solve(p, plain=True)
    assert a.status == b.status and a.solutions == b.solutions and a.known == b.known
    for sol in a.solutions:
        assert is_solution(p, sol) and valid_grid(grid_rows(sol, 16), 4, 4)


def _mixed_batch():
    """Unique, several solutions, repeated givens, stuck, a 4x4 and a 16x16 in one list."""
    full = Sudoku.from_text(FULL9)
    cells = list(full.cells)
    for i in (0, 1, 27, 28):
        cells[i] = 0
    sixteen = solve(Sudoku.empty(Shape(4, 4))).solutions[0]
    return [Sudoku.from_text(FULL9[:40] + "." + FULL9[41:]), Sudoku(full.shape, tuple(cells)),
            Sudoku.from_text("11" + "." * 79), Sudoku.from_text("12345678." + "." * 8 + "9" + "." * 63),
            Sudoku.from_text("1..." * 4), Sudoku(Shape(4, 4), tuple(0 if i % 3 == 0 else v for i, v in enumerate(sixteen)))]


@pytest.mark.parametrize("plain", [False, True])
def test_solve_many_gives_the_verdicts_solve_gives(plain):
    puzzles = _mixed_batch()
    seen = []
    results = solve_many(puzzles, plain=plain, progress=seen.append)
    for puzzle, got in zip(puzzles, results):
        want = solve(puzzle, plain=plain)
        assert (got.status, got.solutions, got.known, got.conflict) == \
            (want.status, want.solutions, want.known, want.conflict), puzzle.to_text()
    assert [r.status for r in results[:4]] == [Status.UNIQUE, Status.MULTIPLE, Status.NONE, Status.NONE]
    assert seen and seen[-1] == len(puzzles)


# --- the 9x9 band kernel (xlsolver.sudoku.nine), plain and compiled ---

BAND_PATHS = [True] + ([False] if nine.run_compiled is not None else [])  # plain=True, and compiled when numba is on


def _relabelled(perm):
    """FULL9 with its digits renamed by ``perm`` (a permutation of 1-9): another full grid."""
    return tuple(perm[int(ch) - 1] for ch in FULL9)


@settings(max_examples=40, derandomize=True, deadline=None)
@given(st.permutations(range(1, 10)), st.sets(st.integers(0, 80), min_size=1, max_size=18), st.sampled_from(BAND_PATHS),
       st.integers(1, 3))
def test_the_band_kernel_counts_as_the_oracle(perm, holes, plain, limit):
    """Holes in a full grid: the count up to ``limit`` is the brute-force count, and
    every solution it shows fills the puzzle (and two shown are different)."""
    grid = _relabelled(perm)
    cells = tuple(0 if i in holes else v for i, v in enumerate(grid))
    puzzle = Sudoku(Shape(3, 3), cells)
    found, sols, nodes = solver.count_bands(solver.candidates(puzzle), limit, plain=plain)
    assert found == brute_count(list(cells), 9, 3, 3, limit=limit)
    assert len(sols) == min(found, 2) and len(set(sols)) == len(sols)
    assert all(is_solution(puzzle, s) and valid_grid(grid_rows(s, 9), 3, 3) for s in sols)


@settings(max_examples=30, derandomize=True, deadline=None)
@given(st.permutations(range(1, 10)), st.sets(st.integers(0, 80), min_size=1, max_size=14),
       st.lists(st.tuples(st.integers(0, 80), st.integers(1, 9)), min_size=1, max_size=3))
def test_the_band_kernel_agrees_with_the_oracle_on_broken_puzzles(perm, holes, wrong):
    """Wrong digits written over a holed grid: mostly no solution, sometimes a
    repeated given, sometimes still some; the count is the oracle's either way."""
    cells = [0 if i in holes else v for i, v in enumerate(_relabelled(perm))]
    for i, d in wrong:
        cells[i] = d
    puzzle = Sudoku(Shape(3, 3), tuple(cells))
    want = 0 if puzzle.duplicates() else len(mrv_count(cells, 9, 3, 3, limit=2))
    for plain in BAND_PATHS:
        assert solver.count_bands(solver.candidates(puzzle), 2, plain=plain)[0] == want
    r = solve(puzzle)
    assert r.status == {0: Status.NONE, 1: Status.UNIQUE}.get(want, Status.MULTIPLE)
    if want == 0:
        assert r.message.startswith("no solution")


HARD = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."  # Arto Inkala's


@pytest.mark.parametrize("plain", BAND_PATHS)
def test_the_band_kernel_pauses_and_goes_on(plain):
    """Stopped after every node and called again, the search ends as one call does:
    the same count, solution and nodes; a node cap raises BudgetExhausted."""
    puzzle = Sudoku.from_text(HARD)
    whole = solver.count_bands(solver.candidates(puzzle), 2, plain=plain)
    assert whole[0] == 1 and whole[2] > 5 and is_solution(puzzle, whole[1][0])
    s = solver._Bands(not plain)
    load = nine.load if plain else nine.load_compiled
    run = nine.run if plain else nine.run_compiled
    cand = solver.candidates(puzzle)
    load(cand if plain else np.array(cand, dtype=np.int64), s.st)
    stops = 0
    while run(s.st, s.prev, s.tables, s.bcell, s.bleft, s.regs, s.sols, 2, int(s.regs[2]) + 1) == nine.PAUSED:
        stops += 1
    assert stops >= whole[2] - 1
    assert (int(s.regs[1]), tuple(int(v) for v in s.sols[:81]), int(s.regs[2])) == \
        (whole[0], whole[1][0], whole[2])
    with pytest.raises(BudgetExhausted):
        solver.count_bands(cand, 2, max_nodes=3, plain=plain)
    empty = solver.candidates(Sudoku.empty(Shape(3, 3)))  # many solutions: the budget is charged by slices
    with pytest.raises(BudgetExhausted):
        solver.count_bands(empty, 10 ** 9, budget=Budget(seconds=None, nodes=1).start(), plain=plain)


def test_compiled_9x9_counts_use_the_band_kernel_and_keep_the_reasons():
    """solve() on a 9x9 counts with the band kernel (its node count shows it); a
    puzzle without solution still gets the generic kernel's reason."""
    if nine.run_compiled is None:
        pytest.skip("numba is off")
    puzzle = Sudoku.from_text(HARD)
    assert solve(puzzle, plain=False).nodes == solver.count_bands(solver.candidates(puzzle), 2, plain=False)[2]
    stuck = Sudoku.from_text("12345678." + "." * 8 + "9" + "." * 63)
    r = solve(stuck, plain=False)
    assert r.status == Status.NONE and r.conflict == solve(stuck, plain=True).conflict
    assert r.conflict is not None


@settings(max_examples=15, derandomize=True, deadline=None)
@given(st.lists(st.sets(st.integers(0, 80), min_size=1, max_size=12), min_size=1, max_size=8))
def test_the_band_batch_kernel_counts_as_the_oracle(holes):
    puzzles = [tuple(0 if i in hs else int(ch) for i, ch in enumerate(FULL9)) for hs in holes]
    count = len(puzzles)
    for plain in BAND_PATHS:
        s = solver._Bands(not plain)
        make = list if plain else (lambda xs: np.array(xs, dtype=np.int64))
        found, nodes, first = make([0] * count), make([0] * count), make([0] * (81 * count))
        run = nine.run_batch if plain else nine.run_batch_compiled
        run(make([v for p in puzzles for v in p]), count, s.tables, s.st, s.prev, s.cand, s.bcell, s.bleft, s.regs,
            s.sols, 2, 1 << 30, found, nodes, first)
        for k, p in enumerate(puzzles):
            assert found[k] == min(2, brute_count(list(p), 9, 3, 3, limit=2))
            assert is_solution(Sudoku(Shape(3, 3), p), tuple(int(v) for v in first[81 * k:81 * k + 81]))


def test_the_permutation_tables():
    """A band's 3x3 segment grid keeps exactly the segments of the permutations it holds."""
    t = nine.tables()
    grid = t[nine.GRID:nine.GRID + 512]
    assert grid[0b111_111_111] == 0b111_111_111 and grid[0b100_010_001] == 0b100_010_001
    assert grid[0b011_011_011] == 0  # no row or box may miss the digit: box 3 is empty
    assert grid[0b111_011_001] == 0b100_010_001  # row 1 only in box 1 forces the rest
    assert all(t[nine.POS + (1 << p) % 37] == p for p in range(27))


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["top1465.txt", "top95.txt"])
def test_hard_corpora_through_solve_many_are_unique(name, corpora):
    path = corpora / "sudoku" / name
    if not os.path.exists(path):
        pytest.skip(f"{path} is absent")
    with open(path) as f:
        puzzles = [Sudoku.from_text(line) for line in f.read().split()]
    results = solve_many(puzzles)
    assert all(r.status == Status.UNIQUE and is_solution(p, r.solutions[0]) for p, r in zip(puzzles, results))
    for p in puzzles[:30]:  # the plain band kernel too
        found, sols, _ = solver.count_bands(solver.candidates(p), 2, plain=True)
        assert found == 1 and is_solution(p, sols[0])
