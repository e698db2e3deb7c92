"""Sudoku rating: HoDoKu-style score and level and QQWing's class, from the same steps."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlsolver.sudoku import Shape, Sudoku
from xlsolver.sudoku.generator import make_puzzle
from xlsolver.sudoku.techniques import GUESSING, Grid, explain, qqwing_class, rate
from xlsolver.sudoku.techniques.ladder import LADDER, next_step
from xlsolver.sudoku.techniques.rating import hodoku_level
from xlsolver.sudoku.techniques.step import Step

def steps_of(*names: str) -> list[Step]:
    return [Step(name, "") for name in names]


def test_level_is_the_hardest_step_raised_by_the_score():
    assert hodoku_level(steps_of("Naked Single", "Hidden Single")) == (18, "easy", "Hidden Single")
    assert hodoku_level(steps_of("Hidden Single", "X-Wing")) == (154, "hard", "X-Wing")
    # 17 X-Wings: hard by technique, but 17 * 140 = 2380 passes the unfair bound (1800)
    assert hodoku_level(steps_of(*["X-Wing"] * 17))[:2] == (2380, "extreme")
    # 60 hidden singles (840) pass easy's bound of 800
    assert hodoku_level(steps_of(*["Hidden Single"] * 60))[1] == "medium"
    assert hodoku_level(steps_of("Sashimi Swordfish"))[0] == 240


def test_a_guess_makes_it_needs_guessing_and_extreme_for_hodoku():
    made = make_puzzle(Shape(3, 3), "rating:5")
    singles_only = [r for r in LADDER if r.name in ("Full House", "Naked Single", "Hidden Single")]
    rating = rate(made.puzzle, list(explain(made.puzzle, made.solution, ladder=singles_only)))
    assert rating.guesses > 0 and rating.level == GUESSING and rating.hodoku_level == "extreme"


# Generated puzzles and their ratings: a change to the ladder that moves one shows here.
FIXED = [
    ("rating:0", 318, "easy", "easy", "Hidden Single"),
    ("rating:2", 478, "medium", "intermediate", "Locked Pair"),
    ("rating:5", 2088, "extreme", "expert", "AIC"),
]


@pytest.mark.parametrize("seed, score, level, qqwing, hardest", FIXED)
def test_ratings_of_fixed_puzzles_are_stable(seed, score, level, qqwing, hardest):
    made = make_puzzle(Shape(3, 3), seed)
    rating = rate(made.puzzle, list(explain(made.puzzle, made.solution)))
    assert (rating.score, rating.level, rating.qqwing, rating.hardest, rating.guesses) == \
        (score, level, qqwing, hardest, 0)


def _solves_with(puzzle: Sudoku, names: set[str]) -> bool:
    ladder = [r for r in LADDER if r.name in names]
    grid = Grid.from_puzzle(puzzle)
    while not grid.solved():
        step = next_step(grid, ladder)
        if step is None:
            return False
        grid.apply(step)
    return True


@pytest.mark.parametrize("box", ["3x3", "2x3"])
def test_qqwing_class_is_the_smallest_set_of_its_techniques_that_solves(box):
    # QQWing's techniques only remove candidates, so the class is the first of
    # these growing sets that solves the puzzle, whatever the order of trying.
    sets = [("simple", {"Full House", "Naked Single"}),
            ("easy", {"Full House", "Naked Single", "Hidden Single"}),
            ("intermediate", {"Full House", "Naked Single", "Hidden Single", "Naked Pair", "Hidden Pair",
                              "Locked Candidates (Pointing)", "Locked Candidates (Claiming)"})]
    seen = set()
    for i in range(25):
        made = make_puzzle(Shape.parse(box), f"qq:{box}:{i}", minimal=i % 2 == 0)
        want = next((name for name, used in sets if _solves_with(made.puzzle, used)), "expert")
        assert qqwing_class(made.puzzle) == want
        seen.add(want)
    assert len(seen) >= 2


def corpus(corpora: Path, name: str) -> list[str]:
    path = corpora / "sudoku" / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return [line.strip() for line in path.read_text().splitlines() if line.strip()]


@pytest.mark.corpus
@pytest.mark.parametrize("label", ["simple", "easy", "intermediate", "expert"])
def test_qqwing_class_matches_qqwing_labels(label, corpora):
    lines = corpus(corpora, f"qqwing-{label}.sdm")
    agree = sum(qqwing_class(Sudoku.from_text(text)) == label for text in lines)
    assert agree >= 0.99 * len(lines)


def test_puzzles_at_a_level_are_at_that_level_and_unique():
    from xlsolver.sudoku import count_solutions
    from xlsolver.sudoku.techniques.levels import puzzles_at_level

    got = list(puzzles_at_level(Shape(3, 3), "hard", 2, seed=1))
    assert len(got) == 2
    for made, rating in got:
        assert rating.level == "hard" and count_solutions(made.puzzle) == 1
        again = rate(made.puzzle, list(explain(made.puzzle)))
        assert again.level == "hard"
    assert [m.puzzle for m, _ in got] == [m.puzzle for m, _ in puzzles_at_level(Shape(3, 3), "hard", 2, seed=1)]
    with pytest.raises(ValueError, match="not one of"):
        next(puzzles_at_level(Shape(3, 3), "tricky", 1))


def test_the_level_filter_is_a_picklable_value():
    import pickle

    from xlsolver.sudoku.techniques.levels import AtLevel, rating_columns

    check = pickle.loads(pickle.dumps(AtLevel("easy")))
    made = make_puzzle(Shape(3, 3), "rating:0")
    assert check(made) and not AtLevel("extreme")(made)
    assert rating_columns(made) == {"level": "easy", "score": 318, "qqwing": "easy"}
    with pytest.raises(ValueError):
        AtLevel("tough")
