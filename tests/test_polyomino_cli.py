"""``xlsolver tile`` and ``xlsolver solve`` on polyomino boards, through the real entry point."""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path

import openpyxl
import pytest

from xlsolver.cli import EXIT_INPUT_ERROR, EXIT_NOT_ALL_UNIQUE, main
from xlsolver.cli.common import ProgressBar
from xlsolver.core.progress import Progress
from xlsolver.polyomino import PENTOMINOES, Board

ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("polyomino_oracle_cli", ROOT / "polyomino" / "oracle.py")
ORACLE = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ORACLE)
PENTO_ORACLE = [(n, ORACLE.forms(s), 1) for n, s in PENTOMINOES.items()]


def tiling_of(rows: list[str]):
    """Letter rows -> (letter, cells) per connected letter group (each pentomino appears once)."""
    groups: dict[str, set] = {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch not in ".#":
                groups.setdefault(ch, set()).add((r, c))
    return [(k, frozenset(v)) for k, v in groups.items()]


def run_json(capsys, *args) -> tuple[int, dict]:
    code = main(["tile", *args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_count_three_by_twenty(capsys):
    code, data = run_json(capsys, "--board", "20x3", "--count")
    assert code == EXIT_NOT_ALL_UNIQUE
    assert (data["count"], data["raw_count"], data["symmetries"], data["status"]) == (2, 8, 4, "multiple")
    assert data["complete"] and data["seconds"] >= 0 and data["tilings"] == []


def test_first_tiling_of_six_by_ten_stops_early_and_is_right(capsys):
    code, data = run_json(capsys, "--board", "10x6", "--first")
    assert data["status"] == "multiple" and not data["complete"] and len(data["tilings"]) == 1
    assert data["count"] == 2  # it went on only to a second class, to tell unique from multiple
    ORACLE.check_tiling(Board.parse("10x6").cells, PENTO_ORACLE, tiling_of(data["tilings"][0]))


def test_all_prints_every_class_as_a_picture(capsys):
    code = main(["tile", "--board", "20x3", "--all"])
    out = capsys.readouterr().out
    assert code == EXIT_NOT_ALL_UNIQUE and out.startswith("20x3: multiple, 2 tilings up to symmetry (8 in all)")
    pictures = [block.splitlines()[1:4] for block in out.split("\ntiling ")[1:]]
    assert len(pictures) == 2 and pictures[0] != pictures[1]
    for rows in pictures:
        ORACLE.check_tiling(Board.parse("20x3").cells, PENTO_ORACLE, tiling_of(rows))


def test_raw_with_a_limit(capsys):
    _, data = run_json(capsys, "--board", "20x3", "--all", "--raw", "--limit", "5")
    assert len(data["tilings"]) == 5 and len({tuple(t) for t in data["tilings"]}) == 5


def test_a_board_drawn_in_a_file_and_a_workbook_out(tmp_path, capsys):
    picture = tmp_path / "ring.txt"
    picture.write_text("#....#\n......\n......\n#....#\n")  # 20 open cells, one tiling up to symmetry
    out = tmp_path / "ring.xlsx"
    code, data = run_json(capsys, "--board", str(picture), "--pieces", "I4:2,L4:2,O4", "-o", str(out))
    assert data["output"] == str(out) and out.exists()
    assert data["board"] == picture.read_text().splitlines()
    assert code == 0
    assert main(["solve", str(out), "--json"]) == 0
    record = json.loads(capsys.readouterr().out.splitlines()[0])
    assert record["kind"] == "polyomino" and record["sheet"] == "Board"
    assert data["complete"] and record["count"] == data["count"]
    ws = openpyxl.load_workbook(tmp_path / "ring.solved.xlsx")["Board"]
    # Title, Pieces and Solutions rows, a blank one, then the frame: its corner is blocked.
    assert record["status"] == "unique" and (record["count"], record["raw_count"]) == (1, 4)
    ORACLE.check_tiling(Board.parse(picture.read_text()).cells,
                        [("I4", ORACLE.forms([(0, i) for i in range(4)]), 2),
                         ("L4", ORACLE.forms([(0, 0), (0, 1), (0, 2), (1, 0)]), 2),
                         ("O4", ORACLE.forms([(0, 0), (0, 1), (1, 0), (1, 1)]), 1)],
                        [(name, frozenset(map(tuple, cs))) for name, cs in record["placements"][0]])
    assert ws["A1"].value == "Polyomino 6x4" and ws["A2"].value == "Pieces: I4:2,L4:2,O4"
    assert ws["A5"].fill.fgColor.rgb[-6:] == "808080" and ws["B5"].value in {"I4", "L4", "O4"}


def test_impossible_boards_say_why(capsys):
    _, data = run_json(capsys, "--board", "8x8")
    assert data["status"] == "none" and data["message"] == "the board has 64 cells, the pieces cover 60"
    _, data = run_json(capsys, "--board", "7x4", "--pieces", "tetrominoes", "--one-sided")
    assert data["status"] == "none" and "chessboard" in data["message"]
    assert sorted(data["pieces"]) == ["I4", "L4", "L4'", "O4", "S4", "S4'", "T4"]


@pytest.mark.parametrize("args, words", [
    (["--board", "6x10", "--pieces", "F,Q"], 'unknown piece "Q"'),
    (["--board", "sixbyten"], "neither WxH"),
    (["--board", "0x5"], "has no cells"),
    (["--board", "6x10", "--limit", "0"], "--limit"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, words):
    code = main(["tile", *args])
    err = capsys.readouterr().err
    assert code == EXIT_INPUT_ERROR and words in err and "Traceback" not in err


def test_a_picture_with_a_stray_character_names_the_line(tmp_path, capsys):
    picture = tmp_path / "bad.txt"
    picture.write_text("....\n..x.\n")
    assert main(["tile", "--board", str(picture)]) == EXIT_INPUT_ERROR
    assert f"{picture}: line 2, column 3" in capsys.readouterr().err


def test_help_teaches_with_examples(capsys):
    with pytest.raises(SystemExit):
        main(["tile", "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "--board 6x10 --pieces pentominoes --count" in out and "one-sided" in out


def test_progress_bar_draws_the_figures_and_cleans_up():
    stream = io.StringIO()
    bar = ProgressBar(stream, enabled=True, noun="tiling")
    bar(Progress("tiling 10x6", fraction=0.5, found=930, seconds=2.34))
    assert "[##############--------------]  50%  930 tilings  2.3 s" in stream.getvalue()
    bar.done()
    assert stream.getvalue().endswith("\r\033[K")
    quiet = io.StringIO()
    ProgressBar(quiet, enabled=False)(Progress("x", fraction=0.1))
    assert quiet.getvalue() == ""


def test_the_bar_is_fed_while_tiling(monkeypatch, capsys):
    seen = []
    monkeypatch.setattr(ProgressBar, "__call__", lambda self, p: seen.append(p))
    import xlsolver.polyomino.solver as solver

    monkeypatch.setattr(solver, "SLICE", 1 << 10)
    monkeypatch.setattr(solver, "PLAIN_SLICE", 1 << 8)
    import xlsolver.polyomino.solver as s

    original = s.Tiler.search

    def eager(self, *a, **k):
        k["every"] = 0.0
        return original(self, *a, **k)

    monkeypatch.setattr(s.Tiler, "search", eager)
    main(["tile", "--board", "12x5", "--count"])
    capsys.readouterr()
    assert seen and all(p.what == "tiling 12x5" for p in seen)
    assert [p.fraction for p in seen] == sorted(p.fraction for p in seen)
