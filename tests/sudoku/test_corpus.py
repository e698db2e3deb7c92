"""Public corpora (not in the repository): read where tests/conftest.py finds them."""

from pathlib import Path

import pytest

from xlsolver.core import Status
from xlsolver.sudoku import Sudoku, is_solution, solve
from xlsolver.sudoku.cover import cover_count

def lines(corpora: Path, name: str) -> list[str]:
    path = corpora / "sudoku" / name
    if not path.exists():
        pytest.skip(f"{path} is absent")
    return path.read_text().split()


@pytest.mark.corpus
def test_a_sample_of_17_clue_puzzles_is_unique(corpora):
    sample = lines(corpora, "17clue.txt")[::250]
    for text in sample:
        puzzle = Sudoku.from_text(text)
        result = solve(puzzle)
        assert puzzle.clues == 17 and result.status == Status.UNIQUE
        assert is_solution(puzzle, result.solutions[0])
    assert all(cover_count(Sudoku.from_text(t)) == 1 for t in sample[:20])


@pytest.mark.corpus
@pytest.mark.parametrize("name", ["top95.txt", "hardest11.txt", "qqwing-expert.sdm"])
def test_hard_collections_are_unique(name, corpora):
    for text in lines(corpora, name):
        puzzle = Sudoku.from_text(text)
        result = solve(puzzle)
        assert result.status == Status.UNIQUE and is_solution(puzzle, result.solutions[0])
