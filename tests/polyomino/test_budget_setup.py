"""The budget and the limits bound the set-up of a tiling search, not only the search.

Issue 17: a 300x300 board ran past 120 s with ``--budget 2`` and a 1100x1000 one grew to
7.5 GB, all of it making placements before any check. Here the counting checks must come
before any placement is made, the clock must be read while placements, symmetry images
and the kernel's tables are made (a clock that jumps once a phase has begun shows it),
progress must be reported during the set-up (a Stop raised from it stops the set-up), and
more placements than the limit must be refused before they are made. No test times anything.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from xlsolver.cli import main
from xlsolver.core import Budget, BudgetExhausted, InputError, Status, clock
from xlsolver.core.limits import DEFAULT_LIMITS, Limits
from xlsolver.core.memory import MemoryWorkbook
from xlsolver.jobs import Options, run_book
from xlsolver.jobs.polyomino import sample_plan
from xlsolver.polyomino import Board, parse_piece_spec
from xlsolver.polyomino import board as board_module
from xlsolver.polyomino import solver, tables
from xlsolver.polyomino.solver import Tiler, solve

PENTOS = parse_piece_spec("pentominoes")


@pytest.fixture
def no_placing(monkeypatch):
    """Fail the test if any placement is counted or made."""
    def refuse(*args, **kwargs):
        raise AssertionError("placements were made")
    monkeypatch.setattr(solver, "place", refuse)


@pytest.mark.parametrize("board, spec, words", [
    ("300x300", "pentominoes", "the board has 90000 cells, the pieces cover 60"),
    ("300x300", "T4:1,I4:22499", "colour the board like a chessboard"),  # the T covers 3 of one colour
    ("300x300", "T4:3,O4:22497", "colour the board like a chessboard"),  # three T's: 2, 6 apart, never 0
])
def test_an_impossible_board_answers_none_before_any_placement(no_placing, board, spec, words):
    result = solve(Board.parse(board), parse_piece_spec(spec), budget=Budget(seconds=2))
    assert result.status == Status.NONE and words in result.message and result.nodes == 0


def test_a_part_no_choice_of_pieces_covers_is_found_before_any_placement(no_placing):
    # A 300x300 board with two cells walled off in its corner: 2 + 89,994 cells, and the
    # pieces cover 89,996, but only one monomino could go in the corner.
    wall = {(0, 2), (1, 0), (1, 1), (1, 2)}
    board = Board.of((r, c) for r in range(300) for c in range(300) if (r, c) not in wall)
    result = solve(board, parse_piece_spec("P:17999,O1"), budget=Budget(seconds=2))
    assert result.status == Status.NONE and "has 2 cells" in result.message
    assert result.region == {(0, 0), (0, 1)}


class JumpingClock:
    """The solvers' clock, standing still until ``start()``, then far past any budget:
    a budget that gives up after ``start`` was read while the phase that called it ran."""

    def __init__(self) -> None:
        self.late = False
        self.readings_late = 0

    def now(self) -> float:
        if self.late:
            self.readings_late += 1
            return 1e9
        return 0.0

    def start(self) -> None:
        self.late = True


def jump_when(monkeypatch, owner, name: str) -> JumpingClock:
    """A JumpingClock for the solvers that jumps as ``owner.name`` starts."""
    jumping = JumpingClock()
    monkeypatch.setattr(clock, "now", jumping.now)
    original = getattr(owner, name)

    def started(*args, **kwargs):
        jumping.start()
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, started)
    return jumping


@pytest.mark.parametrize("owner, name, spec, doing", [
    (solver, "place", "pentominoes", "while counting the placements"),
    (tables, "_anchors", "pentominoes", "while counting the placements"),
    (solver, "symmetry_map", "pentominoes", "while mapping the board's symmetries"),
    (Tiler, "_restriction_piece", "pentominoes", "while comparing placements under the board's symmetries"),
    (Tiler, "_stacked", "pentominoes", "while comparing placements under the board's symmetries"),  # X's orbits
    (Tiler, "_stacked", "P:12", "while building the search tables"),  # no piece to restrict
], ids=["place", "count", "symmetry", "restriction", "representatives", "tables"])
def test_each_phase_of_the_set_up_reads_the_clock(monkeypatch, owner, name, spec, doing):
    jumping = jump_when(monkeypatch, owner, name)
    result = solve(Board.parse("10x6"), parse_piece_spec(spec), budget=Budget(seconds=2))
    assert jumping.readings_late >= 1
    assert result.status == Status.GAVE_UP and result.message.startswith("gave up: time budget of 2 s spent")
    assert doing in result.message
    assert result.nodes == 0 and result.tilings == []  # the search never ran


def test_placing_the_pieces_reads_the_clock_between_pieces(monkeypatch):
    """Once counted, the placements are made piece by piece, the clock read after each:
    a budget spent by then gives up there, saying how far it got."""
    jumping = JumpingClock()
    monkeypatch.setattr(clock, "now", jumping.now)
    original = tables.Pace.step

    def step(self, task, done=0, total=0):
        if task == "placing the pieces":
            jumping.start()  # the first piece is made
        original(self, task, done, total)

    monkeypatch.setattr(tables.Pace, "step", step)
    result = solve(Board.parse("10x6"), PENTOS, budget=Budget(seconds=2))
    first = len(Tiler(Board.parse("10x6"), PENTOS).places[PENTOS[0].name])
    assert result.status == Status.GAVE_UP and 0 < first < 2056
    assert result.message == f"gave up: time budget of 2 s spent while placing the pieces ({first:,} of 2,056 made)"


def test_a_stop_from_the_progress_hook_stops_the_set_up(monkeypatch):
    """The set-up reports its progress (placements made out of how many) like the search,
    and a Stop raised from the report ends it as a budget does."""
    monkeypatch.setattr(tables, "PROGRESS_EVERY", 0.0)
    seen = []

    def stop_at_first_placing(p):
        seen.append(p)
        if p.total:
            raise BudgetExhausted("stopped from the Stop cell")

    result = solve(Board.parse("10x6"), PENTOS, progress=stop_at_first_placing)
    assert result.status == Status.GAVE_UP and result.nodes == 0
    assert "stopped from the Stop cell while placing the pieces" in result.message
    assert seen[-1].total == 2056 and 0 < seen[-1].done < 2056 and seen[-1].what == "setting up 10x6"


def test_solve_starts_the_budget_before_the_set_up(monkeypatch):
    """The deadline is set when solve begins, so the search, which reads the same budget,
    has only what the set-up left of it."""
    now = [100.0]
    monkeypatch.setattr(clock, "now", lambda: now[0])
    budget = Budget(seconds=2)
    assert solve(Board.parse("3x2"), parse_piece_spec("I2:3"), budget=budget).count == 3
    now[0] = 101.9
    budget.check()
    now[0] = 102.1
    with pytest.raises(BudgetExhausted):
        budget.check()


def test_more_placements_than_the_limit_are_refused_before_they_are_made(monkeypatch):
    tasks = []
    original = tables.Pace.step
    monkeypatch.setattr(tables.Pace, "step", lambda self, task, *a: tasks.append(task) or original(self, task, *a))
    with pytest.raises(InputError, match=r"more than 2,000 ways .* \(raise it with --max-cells\)"):
        solve(Board.parse("10x6"), PENTOS, limits=Limits(puzzle_cells=2000))
    assert set(tasks) == {"counting the placements"}  # counted, never made
    assert solve(Board.parse("10x6"), PENTOS, limits=Limits(puzzle_cells=2056), keep=0).count == 9356


def test_the_limit_is_the_puzzle_limit_and_moves_with_it():
    # Dominoes on 3x2: 4 lying and 3 standing; the box has 6 cells.
    board, dominoes = Board.parse("3x2"), parse_piece_spec("I2:3")
    assert tables.placement_limit(DEFAULT_LIMITS.scaled(7)) == 7
    assert solve(board, dominoes, limits=Limits(puzzle_cells=7)).count == 3
    with pytest.raises(InputError, match="more than 6 ways"):
        solve(board, dominoes, limits=Limits(puzzle_cells=6))


def test_a_board_whose_box_is_past_the_limit_is_refused():
    far = Board.of([(0, 0), (0, 1), (999, 999), (999, 1000)])
    with pytest.raises(InputError, match="the board spans 1001x1000 cells"):
        solve(far, parse_piece_spec("I2:2"))


def test_the_tile_command_refuses_in_one_line_naming_the_option(capsys):
    assert main(["tile", "--board", "10x6", "--max-cells", "2000"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--pieces: the pieces can lie on this board in more than 2,000 ways" in err
    assert "Traceback" not in err


def test_a_sheet_past_the_limit_is_an_error_naming_its_pieces_cell():
    book = MemoryWorkbook()
    book.add_sheet("Pentominoes")
    book.apply(sample_plan("Pentominoes"))  # a 20x3 board, "Pieces: pentominoes" in A2
    [report] = run_book(book, "mem", None, Options(limits=DEFAULT_LIMITS.scaled(1000)))
    assert report.status == "error"
    assert report.message.startswith("Pentominoes!A2: the pieces can lie on this board in more than 1,000 ways")


def test_a_root_piece_with_many_placements_keeps_the_kernel_tables_narrow():
    """The root's candidates are read in place: with the X pentomino at the root of a 40x40
    board (1,444 placements) the candidate table is not 1,601 depths x 1,444 wide."""
    pieces = parse_piece_spec("X,O1:1595")
    tiler = Tiler(Board.parse("40x40"), pieces, kernel_name="cells", plain=True)
    tables_ = tiler._buffers(False, tables.Pace())
    assert len(tables_["root"]) == 1444
    assert tables_["W"] <= 3 and len(tables_["cand"]) == 1601 * tables_["W"]


def test_slices_follow_the_pace_of_the_last():
    tiler = Tiler(Board.parse("300x300"), parse_piece_spec("I2:45000"), plain=True)
    assert tiler._first_slice() == max(1, (solver.PLAIN_SLICE >> 4) * solver.FIRST_SLICE_CELLS // 90000)
    assert tiler._next_slice(1000, 1.0) == int(1000 * solver.SLICE_SECONDS)  # a slow slice: fewer nodes
    assert tiler._next_slice(1000, 1e-6) == solver.PLAIN_SLICE  # a fast one: a full slice
    assert Tiler(Board.parse("10x6"), PENTOS, plain=True)._first_slice() == solver.PLAIN_SLICE >> 4


def test_long_tilings_are_compared_with_their_images_as_arrays(monkeypatch):
    """Two 2x2 squares among 64 monominoes on 9x8: each tiling has 66 placements, so the
    canonical form is checked on arrays. Counted against the square pairs themselves."""
    board = Board.parse("9x8")
    pieces = parse_piece_spec("O4:2,O1:64")
    corners = [(r, c) for r in range(7) for c in range(8)]
    pairs = [frozenset(p) for p in itertools.combinations(corners, 2)
             if abs(p[0][0] - p[1][0]) >= 2 or abs(p[0][1] - p[1][1]) >= 2]

    def moved(pair, flip_r, flip_c):
        return frozenset((6 - r if flip_r else r, 7 - c if flip_c else c) for r, c in pair)

    classes = {min(tuple(sorted(moved(p, a, b))) for a in (0, 1) for b in (0, 1)) for p in pairs}
    result = solve(board, pieces, keep=0)
    assert (result.count, result.count_up_to_symmetry) == (len(pairs), len(classes))
    monkeypatch.setattr(solver, "FEW_PLACEMENTS", 10 ** 9)  # the written-out comparison agrees
    assert solve(board, pieces, keep=0).count_up_to_symmetry == len(classes)


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.integers(0, 1 << 12), st.integers(0, 9), st.integers(0, 40))
def test_adding_copies_by_doubling_is_adding_them_one_by_one(sums, step, copies):
    one_by_one = sums
    for _ in range(copies):
        one_by_one |= one_by_one << step
    assert board_module.with_copies(sums, step, copies) == one_by_one


def flood_parts(cells: set) -> list[frozenset]:
    """The edge-connected parts, flood-filled one cell at a time, in order of first cells."""
    left, parts = set(cells), []
    for start in sorted(cells):
        if start in left:
            part, todo = set(), [start]
            left.discard(start)
            while todo:
                r, c = todo.pop()
                part.add((r, c))
                for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if near in left:
                        left.discard(near)
                        todo.append(near)
            parts.append(frozenset(part))
    return parts


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.sets(st.tuples(st.integers(-3, 8), st.integers(-2, 9)), min_size=1, max_size=70))
def test_parts_from_runs_are_the_flood_filled_parts(cells):
    assert board_module.regions(Board.of(cells)) == flood_parts(cells)


def test_counting_checks_on_a_large_board_use_arrays_and_bits():
    """The checks that come first handle a million cells and 200,000 copies: the parts
    from 1,000 runs, the colouring from a few shifts (one shift per copy took seconds)."""
    board = Board.rectangle(1000, 1000)
    assert board_module.obstacle(board, parse_piece_spec("P:200000")) is None
    assert board_module.part_labels(board).max() == 0
    assert len(board.symmetries) == 8


def test_tile_lays_its_board_out_within_the_run_limits():
    """tile -o reads the laid-out board back within the limits the board was read with."""
    from xlsolver.jobs.polyomino import lay_out

    board = Board.parse("10x6")
    result = solve(board, PENTOS, limit=1)
    with pytest.raises(InputError, match="more than the limit of 50"):
        lay_out(MemoryWorkbook(), board, PENTOS, result, "Board", "pentominoes", 1, Limits(puzzle_cells=50))
    book = MemoryWorkbook()
    lay_out(book, board, PENTOS, result, "Board", "pentominoes", 1, Limits(puzzle_cells=60))
    assert "Board" in book.sheet_names()
