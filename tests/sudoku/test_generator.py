import pytest

from xlsolver.core.budget import BudgetExhausted
from xlsolver.sudoku import Shape, Sudoku, count_solutions, is_solution
from xlsolver.sudoku.cover import cover_count
from xlsolver.sudoku.generator import default_test_nodes, generate, make_accepted, make_puzzle, orbit
from xlsolver.sudoku.solver import candidates, count
from .oracle import mrv_count, valid_grid


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
        assert removable(g.puzzle) == [] and g.minimal


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


def even_clues(made) -> bool:
    return made.puzzle.clues % 2 == 0


# The oracle backtracks without hidden singles: the largest grids keep more clues for it.
SIZES = {"2x2": {}, "2x3": {}, "2x4": {}, "3x3": {}, "2x5": {}, "3x4": {"minimal": False},
         "4x4": {"minimal": False, "min_clues": 128}}


@pytest.mark.parametrize("box", SIZES)
def test_every_usual_size_gives_a_puzzle_the_oracle_finds_unique(box):
    shape = Shape.parse(box)
    g = make_puzzle(shape, "sizes", **SIZES[box])
    n = shape.n
    found = mrv_count(list(g.puzzle.cells), n, shape.box_rows, shape.box_cols, limit=2)
    assert found == [list(g.solution)]
    assert valid_grid(rows(g.solution, n), shape.box_rows, shape.box_cols)


def test_minimal_12x12_puzzles_are_minimal_by_exact_cover():
    g = make_puzzle(Shape(3, 4), "twelve")
    assert g.minimal and cover_count(g.puzzle, limit=3) == 1 and removable(g.puzzle) == []


def test_gentle_puzzles_are_not_called_minimal_when_the_floor_stopped_them():
    g = make_puzzle(Shape(3, 3), "gentle", minimal=False)
    assert g.puzzle.clues == round(0.4 * 81) and not g.minimal and removable(g.puzzle)


def test_a_capped_test_keeps_its_clue_and_the_puzzle_stays_unique():
    g = make_puzzle(Shape(3, 3), "capped", test_nodes=1)
    exact = make_puzzle(Shape(3, 3), "capped", test_nodes=None)
    assert g.solution == exact.solution and g.puzzle.clues >= exact.puzzle.clues
    assert mrv_count(list(g.puzzle.cells), 9, 3, 3) == [list(g.solution)]
    assert g.minimal == (g.puzzle == exact.puzzle)


def test_the_node_cap_is_exact_and_says_so():
    puzzle = Sudoku.empty(Shape(3, 3))
    with pytest.raises(BudgetExhausted, match="node cap of 5"):
        count(candidates(puzzle), puzzle.shape, 2, max_nodes=5)
    found, _, nodes, _ = count(candidates(puzzle), puzzle.shape, 2, max_nodes=1000)
    assert found == 2 and nodes <= 1000
    assert default_test_nodes(Shape(4, 4)) is None and default_test_nodes(Shape(5, 5))


def test_accept_filters_and_the_retries_are_seeded():
    made = list(generate(Shape(2, 3), 6, seed="even", workers=1, accept=even_clues))
    assert all(even_clues(g) for g in made)
    assert [g.seed.split(".")[0] for g in made] == [f"even:{i}" for i in range(6)]
    again = list(generate(Shape(2, 3), 6, seed="even", workers=2, accept=even_clues))
    assert [g.puzzle for g in again] == [g.puzzle for g in made]
    first = make_accepted(Shape(2, 3), made[0].seed)
    assert first.puzzle == made[0].puzzle  # a retry's seed makes that puzzle again on its own
    with pytest.raises(ValueError, match="was accepted"):
        make_accepted(Shape(2, 2), "never", accept=lambda g: False, tries=3)


def test_progress_counts_every_puzzle():
    seen = []
    list(generate(Shape(2, 2), 5, seed=1, workers=1, progress=lambda done, total: seen.append((done, total))))
    assert seen == [(i, 5) for i in range(1, 6)]


def test_25x25_generation_works_and_is_unique_by_both_counts():
    g = make_puzzle(Shape(5, 5), "big", minimal=False)
    assert cover_count(g.puzzle, limit=2) == 1 and count_solutions(g.puzzle) == 1
    assert is_solution(g.puzzle, g.solution) and valid_grid(rows(g.solution, 25), 5, 5)
    assert g.puzzle.clues < 0.5 * 625 and not g.minimal
