"""Checks of lesson 05 (exact cover and pentominoes).

Each check runs the student's function on small problems and compares what it
gives with xlsolver's answer: the placements of ``xlsolver.polyomino.placements``
and the tiling counts of ``xlsolver.polyomino.solve``, computed here, so the
student's code is measured against a search written apart from it.
"""

from __future__ import annotations

from collections import Counter

from xlsolver.polyomino import PENTOMINOES, Board, Piece, placements, solve

__all__ = ["check_exact_covers", "check_tiling_options"]

# Boards the checks tile: (what the message calls it, its open cells, the pieces' names).
SMALL = ("the Small board (6 wide, 5 high)", frozenset((r, c) for r in range(5) for c in range(6)), "FILNPV")
HOLED = ("a 5x5 board less its centre, with the tetrominoes and an L tromino",
         frozenset((r, c) for r in range(5) for c in range(5) if (r, c) != (2, 2)), None)
STRIP = ("the 3x20 board", frozenset((r, c) for r in range(3) for c in range(20)), "FILNPTUVWXYZ")

# Small pieces of xlsolver's library for the board with a hole (names as xlsolver's).
SMALL_SHAPES = {"I4": ((0, 0), (0, 1), (0, 2), (0, 3)), "O4": ((0, 0), (0, 1), (1, 0), (1, 1)),
                "T4": ((0, 0), (0, 1), (0, 2), (1, 1)), "S4": ((0, 1), (0, 2), (1, 0), (1, 1)),
                "L4": ((0, 0), (0, 1), (0, 2), (1, 0)), "V3": ((0, 0), (0, 1), (1, 0))}

# Knuth's example from "Dancing Links" (2000): items A to G, one exact cover.
KNUTH = [{"C", "E", "F"}, {"A", "D", "G"}, {"B", "C", "F"}, {"A", "D"}, {"B", "G"}, {"D", "E", "G"}]


def _pieces(names: str | None) -> dict[str, tuple]:
    if names is None:
        return dict(SMALL_SHAPES)
    return {name: PENTOMINOES[name] for name in names}


def _expected_placements(cells: frozenset, pieces: dict[str, tuple]) -> dict[str, set[frozenset]]:
    """Per piece, the sets of board cells it can cover, by xlsolver."""
    board = Board.of(cells)
    return {name: {frozenset(cover) for cover in placements(board, Piece(name, shape))}
            for name, shape in pieces.items()}


def _split(option, names: set[str]) -> tuple[list[str], frozenset]:
    """The piece names an option holds, and its other items."""
    items = set(option)
    named = sorted(item for item in items if isinstance(item, str) and item in names)
    return named, frozenset(items - set(named))


def check_tiling_options(tiling_options) -> None:
    """``tiling_options(board, pieces)`` gives each placement of each piece once, as
    the set of the piece's name and its cells, the same placements xlsolver makes."""
    for label, cells, names in (SMALL, HOLED, STRIP):
        pieces = _pieces(names)
        got = tiling_options(set(cells), dict(pieces))
        assert got is not None, "tiling_options returned None: return the list of options"
        got = list(got)
        expected = _expected_placements(cells, pieces)
        by_piece: dict[str, list[frozenset]] = {name: [] for name in pieces}
        for option in got:
            named, covered = _split(option, set(pieces))
            assert len(named) == 1, (f"{label}: the option {sorted(map(str, option))} holds "
                                     f"{len(named)} piece names; each option holds exactly one (its piece's)")
            outside = sorted(covered - cells, key=str)
            assert not outside, (f"{label}: a placement of {named[0]} covers {outside}, "
                                 "which are not cells of the board")
            by_piece[named[0]].append(covered)
        for name in sorted(pieces):
            found, want = by_piece[name], expected[name]
            twice = [cover for cover, n in Counter(found).items() if n > 1]
            assert not twice, (f"{label}: piece {name} has {len(found)} options but only {len(set(found))} "
                               f"different placements: {sorted(twice[0])} is there {Counter(found)[twice[0]]} "
                               "times (a piece that looks the same turned or flipped has fewer orientations)")
            missing = want - set(found)
            assert not missing, (f"{label}: piece {name} has {len(found)} placements, expected {len(want)}; "
                                 f"one that is missing covers {sorted(min(missing, key=sorted))}")
            wrong = set(found) - want
            assert not wrong, (f"{label}: piece {name} has a placement covering {sorted(min(wrong, key=sorted))}, "
                               f"which is not the shape of {name} turned or flipped")
    print("check_tiling_options passed: every placement of every piece, each once, on three boards")


def _covers(exact_covers, options: list[set], what: str) -> set[frozenset[int]]:
    """Run the student's function; every answer must be an exact cover, and none twice."""
    items = set().union(*options) if options else set()
    result = exact_covers([set(option) for option in options])
    assert result is not None, "exact_covers returned None: yield each cover (or return a list of them)"
    answers = list(result)  # all of them first: a list changed after it was yielded shows
    assert len({id(cover) for cover in answers}) == len(answers), \
        f"{what}: exact_covers yielded the same list object more than once; yield a new list each time"
    found: list[frozenset[int]] = []
    for cover in answers:
        chosen = list(cover)
        assert all(isinstance(k, int) and 0 <= k < len(options) for k in chosen), \
            f"{what}: the cover {chosen} should hold option numbers from 0 to {len(options) - 1}"
        counts = Counter(item for k in chosen for item in options[k])
        twice = sorted((str(item) for item, n in counts.items() if n > 1))
        assert not twice, f"{what}: the cover {sorted(chosen)} covers {', '.join(twice[:3])} more than once"
        left = sorted(str(item) for item in items - set(counts))
        assert not left, f"{what}: the cover {sorted(chosen)} leaves {', '.join(left[:3])} uncovered"
        found.append(frozenset(chosen))
    repeated = [sorted(cover) for cover, n in Counter(found).items() if n > 1]
    assert not repeated, f"{what}: the cover {repeated[0]} is given more than once"
    return set(found)


def check_exact_covers(exact_covers) -> None:
    """``exact_covers(options)`` yields every exact cover once, as option numbers, and
    counts the tilings of the Small board as xlsolver does."""
    got = _covers(exact_covers, KNUTH, "Knuth's example")
    assert got == {frozenset({0, 3, 4})}, (f"Knuth's example has one exact cover, options [0, 3, 4] "
                                           f"({{C, E, F}}, {{A, D}}, {{B, G}}); got {[sorted(c) for c in got]}")
    none = [{1, 2}, {2, 3}, {1, 3}]
    got = _covers(exact_covers, none, "the options {1, 2}, {2, 3}, {1, 3}")
    assert not got, f"{{1, 2}}, {{2, 3}}, {{1, 3}} have no exact cover of 1, 2, 3; got {[sorted(c) for c in got]}"
    two = [{1}, {2}, {1, 2}, {2, 3}, {3}]
    got = _covers(exact_covers, two, "the options {1}, {2}, {1, 2}, {2, 3}, {3}")
    want = {frozenset({0, 1, 4}), frozenset({2, 4}), frozenset({0, 3})}
    assert got == want, (f"{{1}}, {{2}}, {{1, 2}}, {{2, 3}}, {{3}} have three exact covers, "
                         f"{sorted(sorted(c) for c in want)}; got {sorted(sorted(c) for c in got)}")
    label, cells, names = SMALL
    pieces = _pieces(names)
    options = [{name, *cover} for name, covers in sorted(_expected_placements(cells, pieces).items())
               for cover in sorted(covers, key=sorted)]
    count = len(_covers(exact_covers, options, label))
    expected = solve(Board.of(cells), [Piece(n, s) for n, s in pieces.items()], up_to_symmetry=False, keep=0)
    assert count == expected.count, (f"{label} has {expected.count} tilings by {', '.join(names)} "
                                     f"(xlsolver's count); your exact_covers found {count}")
    print(f"check_exact_covers passed: Knuth's example, no cover, three covers, and the {count} tilings "
          f"of {label}")
