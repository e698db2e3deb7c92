"""Lesson 01's checks accept its solutions and reject plausible wrong answers."""

from __future__ import annotations

import pytest

from .lessons import checks_module, solution_namespace

checks = checks_module("01")
GRID = {"TOP": 4, "LEFT": 4, "HEIGHT": 9, "WIDTH": 10}  # what the notebook defines before the exercises


@pytest.fixture(scope="module")
def solved() -> dict:
    return solution_namespace("01-cells", **GRID)


@pytest.mark.parametrize("name", ["clue_numbers", "read_clues", "merged_value", "formula_cells"])
def test_checks_accept_the_solutions(solved, name, capsys):
    getattr(checks, f"check_{name}")(solved[name])
    assert f"{name} passed" in capsys.readouterr().out


def test_clue_numbers_must_split_and_convert(solved):
    with pytest.raises(AssertionError, match=r"clue_numbers\('8'\)"):
        checks.check_clue_numbers(lambda value: (value,) if value else ())  # "8" kept as text
    with pytest.raises(AssertionError, match=r"clue_numbers\('1 1'\): expected \(1, 1\) but got \(11,\)"):
        checks.check_clue_numbers(lambda value: (int(str(value).replace(" ", "")),) if value else ())
    with pytest.raises(AssertionError, match=r"clue_numbers\(0\): expected \(\) but got \(0,\)"):
        checks.check_clue_numbers(lambda value: tuple(int(p) for p in str(value).split()) if value is not None else ())


def test_read_clues_must_read_every_hint_cell(solved):
    def next_to_the_grid_only(ws):  # one hint cell per line: misses the first 1 of row 2, the "8" and more
        rows = [solved["clue_numbers"](ws.cell(r, 3).value) for r in range(4, 13)]
        cols = [solved["clue_numbers"](ws.cell(3, c).value) for c in range(4, 14)]
        return rows, cols

    with pytest.raises(AssertionError, match=r"row 2: expected \(1, 1\) but got \(1,\)"):
        checks.check_read_clues(next_to_the_grid_only)

    def swapped(ws):
        rows, cols = solved["read_clues"](ws)
        return cols, rows

    with pytest.raises(AssertionError, match="expected 9 row clues but got 10"):
        checks.check_read_clues(swapped)


def test_merged_value_must_look_inside_ranges():
    with pytest.raises(AssertionError, match=r"merged_value\(ws, 'B2'\): expected 'Cup' but got None"):
        checks.check_merged_value(lambda ws, coordinate: ws[coordinate].value)

    def whole_columns(ws, coordinate):  # takes any cell of the range's columns
        cell = ws[coordinate]
        for merged in ws.merged_cells.ranges:
            if merged.min_col <= cell.column <= merged.max_col:
                return ws.cell(merged.min_row, merged.min_col).value
        return cell.value

    with pytest.raises(AssertionError, match=r"merged_value\(ws, 'C4'\)"):
        checks.check_merged_value(whole_columns)


def test_formula_cells_must_search_the_whole_sheet():
    def values_as_text(ws):  # any text starting with "=" in the first rows only
        return {cell.coordinate: cell.value for row in ws.iter_rows(max_row=10) for cell in row
                if isinstance(cell.value, str) and cell.value.startswith("=")}

    with pytest.raises(AssertionError, match="Z40"):
        checks.check_formula_cells(values_as_text)
    with pytest.raises(AssertionError, match="on the Cup sheet"):
        checks.check_formula_cells(lambda ws: [cell.coordinate for row in ws.iter_rows() for cell in row
                                              if cell.data_type == "f"])
