"""The webpbn survey set (nonogram/webpbn in the corpora): ten real puzzles
with known answers, solved completely and checked by the oracle.

The files are read in place, never copied into the repository.
"""

import numpy as np
import pytest

from conftest import corpora_dir
from xlsolver.core import Budget, Status
from xlsolver.nonogram import BLOCK, UNKNOWN, read_non, solve

from .oracle import satisfies

# The list is needed while collecting, before any fixture runs: hence the finder itself.
CORPUS = corpora_dir() / "nonogram" / "webpbn" if corpora_dir() else None
FILES = sorted(CORPUS.glob("*.non")) if CORPUS and CORPUS.is_dir() else []

# #6574 "Forever" needs deep search (about 7000 branches, each probed; close to
# a minute): within this budget the solver may give up, and must then say so.
HARD = {"webpbn-06574-forever": 10.0}

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(CORPUS is not None and not FILES, reason=f"webpbn corpus not found at {CORPUS}"),
]


def cases():
    for path in FILES:
        marks = [pytest.mark.slow] if path.stem in HARD else []
        yield pytest.param(path, id=path.stem, marks=marks)


def test_corpus_is_complete():
    assert len(FILES) == 10


@pytest.mark.parametrize("path", list(cases()))
def test_webpbn_puzzle(path):
    parsed = read_non(path.read_text(encoding="utf-8"), source=path.name)
    seconds = HARD.get(path.stem, 60.0)
    result = solve(parsed.puzzle, budget=Budget(seconds=seconds))
    if path.stem in HARD and result.status == Status.GAVE_UP:
        assert result.message.startswith(f"gave up after {seconds:g} s")
        if parsed.goal is not None:  # what it did deduce is right
            decided = result.known != UNKNOWN
            assert np.array_equal(result.known[decided] == BLOCK, parsed.goal_grid()[decided])
        return
    assert result.status == Status.UNIQUE, result.message
    assert satisfies(parsed.puzzle, result.solutions[0])
    if parsed.goal is not None:
        assert np.array_equal(result.solutions[0], parsed.goal_grid())
