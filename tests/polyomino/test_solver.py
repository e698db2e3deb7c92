"""The tiler against known counts and an independent brute-force tiler, on both kernel paths."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_cover_oracle import count as exact_cover_count
from xlsolver.core import Budget, Status
from xlsolver.polyomino import PENTOMINOES, Board, Mode, Piece, Tiler, one_sided, parse_piece_spec, solve
from xlsolver.polyomino import kernel

from .oracle import check_tiling, forms, orbits, tilings

PENTOS = [Piece(n, s) for n, s in sorted(PENTOMINOES.items())]
PATHS = [True] + ([False] if kernel.run_compiled is not None else [])
# (kernel, plain): the bitboard and the cell kernel, each as plain Python and compiled.
KERNELS = [(name, plain) for name in ("bits", "cells") for plain in PATHS]


def oracle_pieces(pieces):
    return [(p.name, forms(p.shape, p.mode == Mode.ONE_SIDED), p.count) for p in pieces]


def check_all(board, pieces, result, gaps=0):
    for tiling in result.tilings:
        check_tiling(board.cells, oracle_pieces(pieces), [(n, frozenset(c)) for n, c in tiling], gaps)


@pytest.mark.parametrize("name, plain", KERNELS)
def test_three_by_twenty_has_two_tilings_up_to_symmetry(name, plain):
    result = solve(Board.parse("20x3"), PENTOS, plain=plain, kernel_name=name)
    assert (result.count_up_to_symmetry, result.count, result.symmetries) == (2, 8, 4)
    assert result.status == Status.MULTIPLE and result.complete
    assert len(result.tilings) == 2
    check_all(Board.parse("20x3"), PENTOS, result)


def test_raw_listing_is_the_orbits():
    board = Board.parse("20x3")
    result = solve(board, PENTOS, up_to_symmetry=False)
    assert len(result.tilings) == 8 == len(set(result.tilings))
    check_all(board, PENTOS, result)


EIGHT_LESS_CENTRE = "\n".join("".join("#" if 3 <= r <= 4 and 3 <= c <= 4 else "." for c in range(8))
                              for r in range(8))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bits", "cells"])
@pytest.mark.parametrize("board, up, raw", [
    ("10x6", 2339, 9356), ("12x5", 1010, 4040), ("15x4", 368, 1472), (EIGHT_LESS_CENTRE, 65, 520),
])
def test_classic_counts(board, up, raw, name):
    """The counts of Knuth's "Dancing Links" paper (and 4x15, 368), on both compiled kernels."""
    result = solve(Board.parse(board), PENTOS, keep=0, kernel_name=name)
    assert (result.count_up_to_symmetry, result.count) == (up, raw)
    assert result.complete and result.method == "restriction" and result.symmetries * up == raw


@pytest.mark.slow
def test_every_six_by_ten_tiling_passes_the_verifier():
    result = solve(Board.parse("10x6"), PENTOS)
    assert len(result.tilings) == 2339 == len(set(result.tilings))
    check_all(Board.parse("10x6"), PENTOS, result)


@pytest.mark.parametrize("board, spec, up, raw", [
    ("3x2", "V3:2", 1, 2),   # the notch of the left L in the middle column, up or down (a half turn
                             # maps each tiling onto itself, a flip one onto the other)
    ("4x2", "I2:4", 4, 5),   # dominoes: ||||, =||, |=|, ||=, == (=|| and ||= are mirror images)
    ("2x2", "O1:4", 1, 1),   # identical monominoes: one way
    ("3x3", "V3:3", 0, 0),   # three L trominoes never fill a 3x3 square
])
@pytest.mark.parametrize("name, plain", KERNELS)
def test_hand_checked_small_counts(board, spec, up, raw, name, plain):
    result = solve(Board.parse(board), parse_piece_spec(spec), kernel_name=name, plain=plain)
    assert (result.count_up_to_symmetry, result.count) == (up, raw)
    check_all(Board.parse(board), parse_piece_spec(spec), result)


def test_the_canonical_form_agrees_with_restriction_on_three_by_twenty():
    tiler = Tiler(Board.parse("20x3"), PENTOS)
    assert tiler.fixed_piece is not None
    every = list(tiler.search(False))
    assert len(every) == 8
    assert sum(tiler.is_canonical(t) for t in every) == 2


SMALL = ["O1", "I2", "I3", "V3", "I4", "O4", "T4", "S4", "L4"]


@st.composite
def problems_(draw):
    w, h = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    grid = [(r, c) for r in range(h) for c in range(w)]
    holes = draw(st.sets(st.sampled_from(grid), max_size=3))
    cells = [x for x in grid if x not in holes]
    if not cells:
        cells = grid
    names = draw(st.lists(st.sampled_from(SMALL[2:]), max_size=4))
    gaps = draw(st.integers(0, 2))
    one = draw(st.booleans())
    spec, area = [], 0
    shapes = parse_piece_spec(",".join(SMALL))
    size = {p.name: p.size for p in shapes}
    for n in names:
        if area + size[n] <= len(cells):
            spec.append(n)
            area += size[n]
    rest = len(cells) - area - gaps
    spec += ["I2"] * max(rest // 2, 0) + ["O1"] * (max(rest, 0) % 2)
    pieces = parse_piece_spec(",".join(spec) or "O1")
    if one:
        pieces = one_sided(pieces)
    return Board.of(cells), pieces, gaps


@settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems_(), st.sampled_from(KERNELS))
def test_counts_match_a_brute_force_tiler(problem, how):
    board, pieces, gaps = problem
    name, plain = how
    result = solve(board, pieces, gaps=gaps > 0, plain=plain, kernel_name=name)
    if result.message.startswith("the board has"):
        return  # too many pieces for the board: the area check speaks
    expected = tilings(board.cells, oracle_pieces(pieces), gaps=board.area - sum(p.size * p.count for p in pieces))
    assert result.complete
    assert result.count == len(expected)
    assert result.count_up_to_symmetry == orbits(board.cells, oracle_pieces(pieces), expected)
    assert (result.status == Status.NONE) == (not expected)
    raw = solve(board, pieces, gaps=gaps > 0, up_to_symmetry=False, plain=plain, kernel_name=name)
    assert {frozenset((n, frozenset(c)) for n, c in t) for t in raw.tilings} == set(expected)
    check_all(board, pieces, raw, gaps=board.area)


def test_counts_match_the_exact_cover_engine():
    """The same problem as an exact cover (cells and pieces primary, copies as multiplicity)."""
    board = Board.parse("....#\n.....\n.....\n#....")
    pieces = parse_piece_spec("L4,I3:2,V3:2,I2")
    options = [[("p", p.name)] + list(cells) for p in pieces for cells in Tiler(board, pieces).places[p.name]]
    expected = exact_cover_count(options, multiplicity={("p", p.name): p.count for p in pieces})
    assert solve(board, pieces, keep=0).count == expected > 0


def test_one_sided_pentominoes_swap_mirror_pieces_under_reflection():
    pieces = one_sided(parse_piece_spec("L,N"))
    assert [p.name for p in pieces] == ["L", "L'", "N", "N'"]
    board = Board.parse("5x4")
    tiler = Tiler(board, pieces)
    assert len(tiler.group) == 4  # a reflection turns L into L', which the set also holds
    result = solve(board, pieces)
    expected = tilings(board.cells, oracle_pieces(pieces))
    assert result.count == len(expected)
    assert result.count_up_to_symmetry == orbits(board.cells, oracle_pieces(pieces), expected)


def test_a_one_sided_set_without_mirrors_keeps_rotations_only():
    tiler = Tiler(Board.parse("4x4"), [Piece("L", PENTOMINOES["L"], Mode.ONE_SIDED)] + parse_piece_spec("O1:11"))
    assert len(tiler.group) == 4  # the square's four rotations; no reflection maps L to L


def test_limit_stops_the_stream_but_not_before_two_classes():
    result = solve(Board.parse("10x6"), PENTOS, limit=1)
    assert result.status == Status.MULTIPLE and not result.complete
    assert len(result.tilings) == 1 and result.count_up_to_symmetry == 2


def test_a_spent_budget_gives_up():
    result = solve(Board.parse("10x6"), PENTOS, budget=Budget(seconds=None, nodes=10))
    assert result.status == Status.GAVE_UP and "node budget" in result.message


def test_unique_only_after_the_search_ends():
    # A 2x3 board and two L trominoes: one tiling up to symmetry.
    result = solve(Board.parse("3x2"), parse_piece_spec("V3:2"))
    assert result.status == Status.UNIQUE and result.complete and result.count_up_to_symmetry == 1


@pytest.mark.parametrize("board, spec, reason", [
    ("8x8", "pentominoes", "the board has 64 cells, the pieces cover 60"),
    ("5x1", "L", "piece L fits nowhere"),
    ("5x4", "tetrominoes", "chessboard"),
])
def test_impossible_boards_say_why(board, spec, reason):
    result = solve(Board.parse(board), parse_piece_spec(spec))
    assert result.status == Status.NONE and reason in result.message


def test_progress_is_reported_and_grows():
    seen = []
    tiler = Tiler(Board.parse("12x5"), PENTOS)
    stream = tiler.search(True, progress=seen.append, every=0.0)
    for _, _ in zip(range(50), stream):
        pass
    assert seen, "no progress reported"
    fractions = [p.fraction for p in seen]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] < 1


@pytest.mark.slow
def test_eight_by_eight_with_the_square_tetromino():
    """Scott's 1958 puzzle with the 2x2 square free to go anywhere: 16146 tilings up to symmetry."""
    pieces = PENTOS + parse_piece_spec("O4")
    result = solve(Board.parse("8x8"), pieces, keep=0)
    assert (result.count_up_to_symmetry, result.count, result.complete) == (16146, 16146 * 8, True)


def test_two_streams_of_one_tiler_do_not_disturb_each_other():
    tiler = Tiler(Board.parse("20x3"), PENTOS)
    a, b = tiler.tilings(), tiler.tilings(up_to_symmetry=False)
    first_a, first_b = next(a), next(b)
    assert first_a in tiler.orbit(first_a) and first_b in tiler.orbit(first_a) | tiler.orbit(next(a))
    assert len(list(b)) == 7


@pytest.mark.parametrize("name", ["bits", "cells"])
def test_a_search_that_grows_starts_again_compiled_with_the_same_tilings(name, monkeypatch):
    """A board too small to start compiled (plain=None) switches once its plain slices
    have taken SWITCH_SECONDS: the search starts again compiled and passes over the
    tilings already handed out, so the result is the plain one."""
    if kernel.run_compiled is None:
        pytest.skip("numba is off")
    from xlsolver.core import accel
    from xlsolver.polyomino import bitboard
    from xlsolver.polyomino import solver as solver_module

    want = solve(Board.parse("20x3"), PENTOS, up_to_symmetry=False, plain=True, kernel_name=name)
    module = bitboard if name == "bits" else kernel
    fresh = accel.compile_kernels(module.KERNELS.functions, kernel.warm_up)
    monkeypatch.setattr(module, "KERNELS", fresh)
    monkeypatch.setenv("XLSOLVER_KERNELS", "auto")
    monkeypatch.setattr(solver_module, "TILING_CELLS", 1000)
    monkeypatch.setattr(solver_module, "PLAIN_SLICE", 64)  # many slices, tilings found before the switch
    monkeypatch.setattr(accel, "SWITCH_SECONDS", 0.002)
    got = solve(Board.parse("20x3"), PENTOS, up_to_symmetry=False, kernel_name=name)
    assert fresh.loaded and fresh.plain_seconds >= 0.002
    assert (got.count, got.tilings, got.status) == (want.count, want.tilings, want.status)
