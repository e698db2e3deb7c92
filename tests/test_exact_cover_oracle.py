"""The exact-cover oracle of the tests (Algorithm X) against a brute-force one, known counts, and the stream contract."""

from collections import Counter
from itertools import combinations, islice

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exact_cover_oracle import count, solve


def brute_force(options, primary, secondary, multiplicity):
    """Every subset of options that covers each primary item exactly as often as asked.

    As in Knuth's definition, an option made only of secondary items is never chosen.
    """
    found = []
    usable = [k for k, opt in enumerate(options) if set(opt) & set(primary)]
    for size in range(len(usable) + 1):
        for subset in combinations(usable, size):
            covered = Counter(item for k in subset for item in set(options[k]))
            if all(covered[p] == multiplicity.get(p, 1) for p in primary) and all(
                    covered[s] <= 1 for s in secondary):
                found.append(subset)
    return sorted(found)


@st.composite
def instances(draw):
    n_primary = draw(st.integers(1, 5))
    n_secondary = draw(st.integers(0, 2))
    primary = [f"p{k}" for k in range(n_primary)]
    secondary = [f"s{k}" for k in range(n_secondary)]
    items = primary + secondary
    options = draw(st.lists(st.sets(st.sampled_from(items), min_size=1, max_size=3),
                            min_size=0, max_size=9))
    multiplicity = draw(st.dictionaries(st.sampled_from(primary), st.integers(0, 3), max_size=2))
    return options, primary, secondary, multiplicity


@settings(max_examples=300, derandomize=True, deadline=None)
@given(instances())
def test_matches_brute_force(instance):
    options, primary, secondary, multiplicity = instance
    got = list(solve(options, primary, secondary, multiplicity=multiplicity))
    assert sorted(got) == brute_force(options, primary, secondary, multiplicity)
    assert len(set(got)) == len(got), "a solution was found twice"
    assert all(list(s) == sorted(s) for s in got)
    assert count(options, primary, secondary, multiplicity=multiplicity) == len(got)


def test_knuth_example():
    # The example of "Dancing Links" (2000): items A..G, one solution.
    options = ["CEF", "ADG", "BCF", "AD", "BG", "DEG"]
    assert list(solve(options)) == [(0, 3, 4)]


def queens_options(n):
    """n queens: rows and columns primary, diagonals secondary."""
    options = [(f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c}") for r in range(n) for c in range(n)]
    secondary = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(-n + 1, n)]
    return options, secondary


@pytest.mark.parametrize("n, expected", [(1, 1), (2, 0), (3, 0), (4, 2), (5, 10), (6, 4), (8, 92)])
def test_n_queens_with_secondary_items(n, expected):
    options, secondary = queens_options(n)
    assert count(options, secondary=secondary) == expected


def test_default_primary_is_everything_not_secondary():
    options = [("x", "s"), ("x",), ("y", "s")]
    # x and y are primary, s may be covered at most once.
    assert sorted(solve(options, secondary=["s"])) == [(1, 2)]


def test_identical_pieces_by_multiplicity():
    # Two identical dominoes on a 1x4 strip: one tiling, not two.
    options = [("D", 0, 1), ("D", 1, 2), ("D", 2, 3)]
    assert list(solve(options, multiplicity={"D": 2})) == [(0, 2)]
    # Four dominoes on a 2x4 rectangle: 5 tilings.
    cells = [(r, c) for r in range(2) for c in range(4)]
    dominoes = [("D", (r, c), (r, c + 1)) for r in range(2) for c in range(3)]
    dominoes += [("D", (0, c), (1, c)) for c in range(4)]
    assert count(dominoes, primary=["D", *cells], multiplicity={"D": 4}) == 5


def test_stream_is_lazy():
    # 8 queens has 92 solutions; asking for 3 stops early.
    options, secondary = queens_options(8)
    first = list(islice(solve(options, secondary=secondary), 3))
    assert len(first) == 3
    assert count(options, secondary=secondary, limit=3) == 3


def test_no_primary_items_has_the_empty_solution():
    assert list(solve([], primary=[])) == [()]
    assert list(solve([("s",)], primary=[], secondary=["s"])) == [()]


def test_uncoverable_item_has_no_solution():
    assert list(solve([("a",)], primary=["a", "b"])) == []


def test_bad_input_is_rejected_at_the_call():
    with pytest.raises(ValueError, match="neither primary nor secondary"):
        solve([("a", "z")], primary=["a"])
    with pytest.raises(ValueError, match="both primary and secondary"):
        solve([("a",)], primary=["a"], secondary=["a"])
    with pytest.raises(ValueError, match="not a primary item"):
        solve([("a",)], multiplicity={"q": 2})
