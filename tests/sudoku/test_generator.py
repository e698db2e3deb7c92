import pytest

from xlsolver.sudoku import Shape, Sudoku, count_solutions, is_solution
from xlsolver.sudoku.cover import cover_count
from xlsolver.sudoku.generator import generate, make_puzzle, orbit
from .oracle import valid_grid


def rows(cells, n):
    return [list(cells[i * n:(i + 1) * n]) for i in range(n)]


def removable(puzzle: Sudoku) -> list[int]:
    """Clues whose removal keeps one solution, by exact cover (independent of the search)."""
    found = []
    for i, v in enumerate(puzzle.cells):
        if v:
            fewer = Sudoku(puzzle.shape, puzzle.cells[:i] + (0,) + puzzle.cells[i + 1:])
            if cover_count(fewer, limit=2) == 1:
                found.append(i)
    return found


@pytest.mark.parametrize("box", ["2x2", "2x3", "3x2", "2x4", "3x3"])
def test_minimal_puzzles_are_unique_and_minimal_by_exact_cover(box):
    shape = Shape.parse(box)
    for seed in range(3):
        g = make_puzzle(shape, f"test:{seed}")
        assert valid_grid(rows(g.solution, shape.n), shape.box_rows, shape.box_cols)
        assert is_solution(g.puzzle, g.solution)
        assert cover_count(g.puzzle, limit=3) == 1
        assert removable(g.puzzle) == []


def test_same_seed_same_puzzles_whatever_the_workers():
    one = [g.puzzle for g in generate(Shape(3, 3), 4, seed=7, workers=1)]
    two = [g.puzzle for g in generate(Shape(3, 3), 4, seed=7, workers=2)]
    assert one == two and len(set(one)) == 4
    assert [g.puzzle for g in generate(Shape(3, 3), 1, seed=8, workers=1)] != one[:1]


@pytest.mark.parametrize("symmetry", ["rot180", "rot90", "mirror", "diagonal"])
def test_symmetric_puzzles_keep_their_symmetry(symmetry):
    g = make_puzzle(Shape(3, 3), "sym", symmetry=symmetry)
    for i, v in enumerate(g.puzzle.cells):
        assert all(bool(g.puzzle.cells[j]) == bool(v) for j in orbit(i, 9, symmetry))
    assert cover_count(g.puzzle, limit=2) == 1
    # No symmetric group of clues can go (checked by exact cover).
    for i in range(81):
        group = orbit(i, 9, symmetry)
        if g.puzzle.cells[i]:
            cells = tuple(0 if k in group else v for k, v in enumerate(g.puzzle.cells))
            assert cover_count(Sudoku(g.puzzle.shape, cells), limit=2) == 2


def test_gentle_puzzles_stop_at_the_clue_floor():
    g = make_puzzle(Shape(3, 3), "gentle", minimal=False, min_clues=40)
    assert g.puzzle.clues >= 40 and count_solutions(g.puzzle) == 1 == cover_count(g.puzzle)


def test_bad_symmetry_is_refused():
    with pytest.raises(ValueError, match="square boxes"):
        make_puzzle(Shape(2, 3), "x", symmetry="rot90")
    with pytest.raises(ValueError, match="not one of"):
        make_puzzle(Shape(3, 3), "x", symmetry="spiral")


def test_a_disagreement_between_the_two_counts_stops_generation(monkeypatch):
    from xlsolver.sudoku import generator

    monkeypatch.setattr(generator, "cover_count", lambda puzzle, limit=2: 2)
    with pytest.raises(generator.VerificationError):
        make_puzzle(Shape(2, 2), "x")
