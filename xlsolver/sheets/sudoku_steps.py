"""Painting plans for the sudoku actions besides solving: a Steps sheet, a
hint, one step, a check of the user's digits, pencil marks, and clearing.

Beside the grid of :mod:`xlsolver.sheets.sudoku_sheet` these actions use::

    A13       message cell (the layout's status cell): a hint's sentence, a check's verdict
    A14       givens record: "givens: 4.....8.5..." written on the first action, so that
              check and clear can tell the puzzle's digits from the ones the user entered
    K3:S11    pencil marks (for a 9x9 grid at A3): one cell per grid cell, two columns
              right of the grid, holding that cell's candidates ("1·3·5"; "(5)" for one; never
              a lone number, so the sheet still reads as the same sudoku)

None of these cells holds a lone digit, so the sheet still reads as the same
sudoku. The pencil marks are the candidates the steps have left; a step that
only removes candidates writes them, so that the next step starts from there.
"""

from __future__ import annotations

from xlsolver.core.geometry import Cell
from xlsolver.core.paint import CLEAR, RED, GridLines, PaintPlan, Style, TextLook, Write, group_by_style
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.sheets.sudoku_sheet import SOLVED_FONT, SudokuLayout
from xlsolver.sudoku.model import SYMBOLS, Sudoku

__all__ = [
    "ELIMINATED",
    "HINT",
    "check_plan",
    "clear_plan",
    "hint_plan",
    "pencil_cell",
    "read_givens",
    "read_pencil",
    "record_plan",
    "steps_sheet_plan",
    "step_plan",
]

HINT = Style(fill="FFE699")  # light amber: the cells a step rests on
ELIMINATED = Style(fill="F8CBAD")  # light orange: cells that lose candidates (and their pencil marks)
PLACED = Style(fill="C6EFCE", font_colour=SOLVED_FONT)  # light green: a digit a step placed
RECORD_PREFIX = "givens: "
PENCIL_POINTS = 8.0  # pencil marks are written small


def record_cell(layout: SudokuLayout) -> Cell:
    return (layout.status_cell[0] + 1, layout.left)


def pencil_cell(layout: SudokuLayout, index: int) -> Cell:
    """The pencil-mark cell of grid cell ``index``: two columns right of the grid."""
    r, c = divmod(index, layout.n)
    return (layout.top + r, layout.left + layout.n + 1 + c)


def read_givens(snap: SheetSnapshot, layout: SudokuLayout, current: Sudoku) -> Sudoku | None:
    """The puzzle as first given, from the givens record (None if absent or not this grid's)."""
    value = snap.value(*record_cell(layout))
    if not isinstance(value, str) or not value.startswith(RECORD_PREFIX):
        return None
    try:
        givens = Sudoku.from_text(value[len(RECORD_PREFIX):], current.shape)
    except ValueError:
        return None
    return givens if givens.n == current.n else None


def read_pencil(snap: SheetSnapshot, layout: SudokuLayout) -> dict[int, int] | None:
    """The candidates written in the pencil block, as bit sets by grid cell (None if no block)."""
    found: dict[int, int] = {}
    for i in range(layout.n * layout.n):
        value = snap.value(*pencil_cell(layout, i))
        if not isinstance(value, str):
            continue
        mask = 0
        for ch in value.upper():
            d = SYMBOLS.find(ch) + 1
            if 0 < d <= layout.n:
                mask |= 1 << (d - 1)
        if mask:
            found[i] = mask
    return found or None


def _pencil_text(mask: int) -> str:
    digits = [SYMBOLS[k] for k in range(35) if mask >> k & 1]
    return f"({digits[0]})" if len(digits) == 1 else "·".join(digits)


def pencil_writes(layout: SudokuLayout, values: list[int], cands: list[int]) -> list:
    """The pencil block: candidates of the empty cells, nothing for the filled ones,
    written small and centred, with thin lines round the cells and medium ones
    round the boxes."""
    n, br, bc = layout.n, layout.shape.box_rows, layout.shape.box_cols
    top, left = pencil_cell(layout, 0)
    lines = [GridLines(top + r, left + c, top + r + br - 1, left + c + bc - 1, every=n)
             for r in range(0, n, br) for c in range(0, n, bc)]
    lines.append(TextLook(top, left, top + n - 1, left + n - 1, size=PENCIL_POINTS, centred=True))
    return lines + [Write(pencil_cell(layout, i), None if values[i] else _pencil_text(cands[i]))
                    for i in range(n * n)]


def _record(layout: SudokuLayout, givens: Sudoku) -> Write:
    return Write(record_cell(layout), RECORD_PREFIX + givens.to_text())


def record_plan(sheet: str, layout: SudokuLayout, givens: Sudoku) -> PaintPlan:
    """Only the givens record (explain leaves the puzzle sheet otherwise as it is)."""
    return PaintPlan(sheet, (_record(layout, givens),))


def _clean_styles(layout: SudokuLayout, snap: SheetSnapshot) -> dict[Cell, Style]:
    """Take away the fills an earlier hint, step or check left in the grid and the pencil block."""
    ours = {HINT.fill, ELIMINATED.fill, PLACED.fill, RED.fill}
    styled = {}
    for cell, info in snap.cells.items():
        if info.fill in ours and _in_grid_or_pencil(layout, cell):
            styled[cell] = CLEAR
    return styled


def _in_grid_or_pencil(layout: SudokuLayout, cell: Cell) -> bool:
    r, c = cell
    return layout.top <= r < layout.top + layout.n and layout.left <= c <= layout.left + 2 * layout.n


def hint_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, givens: Sudoku, step, text: str,
              values: list[int], cands: list[int], pencil: bool) -> PaintPlan:
    """Mark the cells of ``step`` and the cells it takes candidates from, write its
    sentence in the message cell; the pencil block too when asked (or already there),
    with the candidates it removes marked. Nothing is placed."""
    styled = _clean_styles(layout, snap)
    writes = [_record(layout, givens), Write(layout.status_cell, text)]
    if step is not None:
        styled.update({layout.cell(c): HINT for c in step.cells})
        styled.update({layout.cell(c): ELIMINATED for c, _ in step.eliminations})
        if pencil:
            writes += pencil_writes(layout, values, cands)
            styled.update({pencil_cell(layout, c): HINT for c in step.cells})
            styled.update({pencil_cell(layout, c): ELIMINATED for c, _ in step.eliminations})
    elif pencil:
        writes += pencil_writes(layout, values, cands)
    return PaintPlan(sheet, group_by_style(styled) + tuple(writes))


def step_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, givens: Sudoku, step, text: str,
              values: list[int], cands: list[int], pencil: bool) -> PaintPlan:
    """Carry out ``step``: write its digits (in the solver's colour, on light green),
    write its sentence, and the pencil block after it when it removed candidates,
    when asked, or when the sheet already has one (``values``/``cands`` are the state after the step)."""
    styled = _clean_styles(layout, snap)
    writes = [_record(layout, givens), Write(layout.status_cell, text)]
    if step is not None:
        styled.update({layout.cell(c): PLACED for c, _ in step.placements})
        writes += [Write(layout.cell(c), layout.shown(d)) for c, d in step.placements]
        if pencil or step.eliminations:
            writes += pencil_writes(layout, values, cands)
    return PaintPlan(sheet, group_by_style(styled) + tuple(writes))


def check_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, givens: Sudoku, wrong: list[int],
               text: str) -> PaintPlan:
    """Paint red the grid cells in ``wrong``; the verdict in the message cell."""
    styled = _clean_styles(layout, snap)
    styled.update({layout.cell(c): RED for c in wrong})
    return PaintPlan(sheet, group_by_style(styled) + (_record(layout, givens), Write(layout.status_cell, text)))


def clear_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, current: Sudoku,
               givens: Sudoku | None) -> PaintPlan:
    """Back to the givens: every digit not in the record emptied (when there is
    one), our fills, the pencil block, the message and the record taken away."""
    styled = _clean_styles(layout, snap)
    styled.update({layout.cell(i): CLEAR for i in range(layout.n * layout.n)
                   if snap.get(*layout.cell(i)).fill is not None})
    writes = []
    if givens is not None:
        writes += [Write(layout.cell(i), None) for i, d in enumerate(current.cells) if d and not givens.cells[i]]
    writes += [Write(pencil_cell(layout, i), None) for i in range(layout.n * layout.n)
               if snap.value(*pencil_cell(layout, i)) is not None]
    writes += [Write(layout.status_cell, None), Write(record_cell(layout), None)]
    return PaintPlan(sheet, group_by_style(styled) + tuple(writes))


def steps_sheet_plan(sheet: str, title: str, steps, rating, n: int, cell_names) -> PaintPlan:
    """A Steps sheet: a title, the rating, then one row per step (number,
    technique, cells, sentence)."""
    level = rating.level if rating.level == "needs guessing" else f"{rating.level} (score {rating.score})"
    ops = [
        Write((1, 1), title),
        Write((2, 1), f"Difficulty: {level}; QQWing class: {rating.qqwing}; guesses: {rating.guesses}; "
                      f"hardest technique: {rating.hardest}; {len(steps)} steps"),
        Write((4, 1), "Step"), Write((4, 2), "Technique"), Write((4, 3), "Cells"), Write((4, 4), "Explanation"),
    ]
    for i, step in enumerate(steps, 1):
        row = 4 + i
        ops += [Write((row, 1), f"{i}."), Write((row, 2), step.technique),
                Write((row, 3), ", ".join(cell_names(c) for c in step.cells)), Write((row, 4), step.text)]
    header = Style(fill="D9E1F2")
    return PaintPlan(sheet, tuple(ops) + group_by_style({(4, c): header for c in range(1, 5)}))
