"""Painting plans for the sudoku actions besides solving: a Steps sheet, a
hint, one step, a check of the user's digits, pencil marks, and clearing.

Beside the grid of :mod:`xlsolver.sheets.sudoku_sheet` these actions use::

    A13       message cell (the layout's status cell): a hint's sentence, a check's verdict;
              when the user's text is there, the first free cell below it
    K3:S11    pencil marks (for a 9x9 grid at A3): one cell per grid cell, two columns
              right of the grid, holding that cell's candidates ("1·3·5"; "(5)" for one; never
              a lone number, so the sheet still reads as the same sudoku); when any of those
              cells holds the user's text, the block moves right (or below the grid) to free cells

and two memos in xlsolver's record of the sheet (out of sight; see
:mod:`xlsolver.core.ownership`): ``givens``, the puzzle's digits as first
given ("4.....8.5..."), written on the first action so that check can tell
them from the ones the user entered, and ``pencil``, where the pencil block is.

None of these cells holds a lone digit, so the sheet still reads as the same
sudoku. The pencil marks are the candidates the steps have left; a step that
only removes candidates writes them, so that the next step starts from there.
"""

from __future__ import annotations

from xlsolver.core.errors import InputError, cell_ref
from xlsolver.core.geometry import Cell
from xlsolver.core.paint import CLEAR, RED, GridLines, Memo, PaintPlan, Style, TextLook, Write, group_by_style
from xlsolver.core.protocol import SheetSnapshot
from xlsolver.sheets.sudoku_sheet import SOLVED_FONT, SudokuLayout
from xlsolver.sudoku.model import SYMBOLS, Sudoku

__all__ = [
    "ELIMINATED",
    "HINT",
    "check_plan",
    "hint_plan",
    "pencil_anchor",
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
GIVENS_MEMO = "givens"
PENCIL_MEMO = "pencil"
PENCIL_POINTS = 8.0  # pencil marks are written small
PENCIL_ROOM = 40  # how many columns to the right (then rows below) the pencil block looks for free cells


def pencil_cell(layout: SudokuLayout, index: int, anchor: Cell | None = None) -> Cell:
    """The pencil-mark cell of grid cell ``index``: in the block whose top-left is
    ``anchor`` (by default two columns right of the grid)."""
    top, left = anchor or (layout.top, layout.left + layout.n + 1)
    r, c = divmod(index, layout.n)
    return (top + r, left + c)


def pencil_anchor(snap: SheetSnapshot, layout: SudokuLayout) -> Cell | None:
    """Where the sheet's pencil block is (None when it has none)."""
    text = snap.memos.get(PENCIL_MEMO, "")
    try:
        row, col = (int(part) for part in text.split(","))
    except ValueError:
        return None
    return (row, col)


def free_pencil_anchor(snap: SheetSnapshot, layout: SudokuLayout) -> Cell | None:
    """Where a pencil block can go, on cells that are empty or xlsolver's: where it
    is, else two columns right of the grid, else below the grid (under the status
    sentence), else further right with an empty column before it, so the user's
    text beside the grid keeps room to show (None when there is no such room)."""
    n = layout.n
    here = pencil_anchor(snap, layout)
    default = (layout.top, layout.left + n + 1)
    below = [(layout.top + n + 3 + k, layout.left) for k in range(PENCIL_ROOM)]
    right = [(layout.top, layout.left + n + 2 + k) for k in range(PENCIL_ROOM)]

    def room(anchor: Cell, spacer: bool) -> bool:
        cells = [pencil_cell(layout, i, anchor) for i in range(n * n)]
        if spacer:
            cells += [(anchor[0] + r, anchor[1] - 1) for r in range(n)]
        return all(snap.free(*cell) for cell in cells)

    for anchor in [here] if here else []:
        if room(anchor, spacer=False):
            return anchor
    if room(default, spacer=False):
        return default
    return next((anchor for anchor in below if room(anchor, spacer=False)), None) or \
        next((anchor for anchor in right if room(anchor, spacer=True)), None)


def read_givens(snap: SheetSnapshot, layout: SudokuLayout, current: Sudoku) -> Sudoku | None:
    """The puzzle as first given, from the givens memo (None if absent or not this grid's)."""
    text = snap.memos.get(GIVENS_MEMO)
    if not text:
        return None
    try:
        givens = Sudoku.from_text(text, current.shape)
    except ValueError:
        return None
    return givens if givens.n == current.n else None


def read_pencil(snap: SheetSnapshot, layout: SudokuLayout) -> dict[int, int] | None:
    """The candidates written in the pencil block, as bit sets by grid cell (None if no block)."""
    anchor = pencil_anchor(snap, layout)
    if anchor is None:
        return None
    found: dict[int, int] = {}
    for i in range(layout.n * layout.n):
        value = snap.value(*pencil_cell(layout, i, anchor))
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


def pencil_writes(snap: SheetSnapshot, layout: SudokuLayout, values: list[int], cands: list[int]) -> list:
    """The pencil block, on free cells: candidates of the empty cells, nothing
    for the filled ones, written small and centred, with thin lines round the
    cells and medium ones round the boxes. Raises InputError naming a cell in
    the way when there is no free room for it."""
    n, br, bc = layout.n, layout.shape.box_rows, layout.shape.box_cols
    anchor = free_pencil_anchor(snap, layout)
    if anchor is None:
        default = pencil_cell(layout, 0)
        blocker = next(pencil_cell(layout, i) for i in range(n * n) if not snap.free(*pencil_cell(layout, i)))
        held = snap.value(*blocker)
        what = "the cell is coloured" if held in (None, "") else "the cell holds your text"
        raise InputError(f"{what} where the pencil marks go ({cell_ref(*default)} onwards), and no free room "
                         "was found beside or below the grid; move it and press again: nothing was written",
                         f"{snap.name}!{cell_ref(*blocker)}")
    top, left = anchor
    lines = [GridLines(top + r, left + c, top + r + br - 1, left + c + bc - 1, every=n)
             for r in range(0, n, br) for c in range(0, n, bc)]
    lines.append(TextLook(top, left, top + n - 1, left + n - 1, size=PENCIL_POINTS, centred=True))
    return [Memo(PENCIL_MEMO, f"{top},{left}")] + lines + [
        Write(pencil_cell(layout, i, anchor), None if values[i] else _pencil_text(cands[i])) for i in range(n * n)]


def _record(layout: SudokuLayout, givens: Sudoku) -> Memo:
    return Memo(GIVENS_MEMO, givens.to_text())


def record_plan(sheet: str, layout: SudokuLayout, givens: Sudoku) -> PaintPlan:
    """Only the givens memo (explain leaves the puzzle sheet otherwise as it is)."""
    return PaintPlan(sheet, (_record(layout, givens),))


def _status(layout: SudokuLayout, text: str) -> Write:
    return Write(layout.status_cell, text)


def _clean_styles(layout: SudokuLayout, snap: SheetSnapshot) -> dict[Cell, Style]:
    """Take away the fills an earlier hint, step or check left: xlsolver's own
    cells, in the grid and the pencil block."""
    ours = {HINT.fill, ELIMINATED.fill, PLACED.fill, RED.fill}
    pencil = {pencil_cell(layout, i, anchor) for anchor in [pencil_anchor(snap, layout)] if anchor
              for i in range(layout.n * layout.n)}
    styled = {}
    for cell in snap.owned:
        if snap.get(*cell).fill in ours and (cell in pencil or _in_grid(layout, cell)):
            styled[cell] = CLEAR
    return styled


def _in_grid(layout: SudokuLayout, cell: Cell) -> bool:
    r, c = cell
    return layout.top <= r < layout.top + layout.n and layout.left <= c < layout.left + layout.n


def hint_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, givens: Sudoku, step, text: str,
              values: list[int], cands: list[int], pencil: bool) -> PaintPlan:
    """Mark the cells of ``step`` and the cells it takes candidates from, write its
    sentence in the message cell; the pencil block too when asked (or already there),
    with the candidates it removes marked. Nothing is placed."""
    styled = _clean_styles(layout, snap)
    writes = [_record(layout, givens), _status(layout, text)]
    if step is not None:
        styled.update({layout.cell(c): HINT for c in step.cells})
        styled.update({layout.cell(c): ELIMINATED for c, _ in step.eliminations})
        if pencil:
            block = pencil_writes(snap, layout, values, cands)
            anchor = _anchor_of(block)
            writes += block
            styled.update({pencil_cell(layout, c, anchor): HINT for c in step.cells})
            styled.update({pencil_cell(layout, c, anchor): ELIMINATED for c, _ in step.eliminations})
    elif pencil:
        writes += pencil_writes(snap, layout, values, cands)
    return PaintPlan(sheet, group_by_style(styled) + tuple(writes))


def step_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, givens: Sudoku, step, text: str,
              values: list[int], cands: list[int], pencil: bool) -> PaintPlan:
    """Carry out ``step``: write its digits (in the solver's colour, on light green),
    write its sentence, and the pencil block after it when it removed candidates,
    when asked, or when the sheet already has one (``values``/``cands`` are the state after the step)."""
    styled = _clean_styles(layout, snap)
    writes = [_record(layout, givens), _status(layout, text)]
    if step is not None:
        styled.update({layout.cell(c): PLACED for c, _ in step.placements})
        writes += [Write(layout.cell(c), layout.shown(d)) for c, d in step.placements]
        if pencil or step.eliminations:
            writes += pencil_writes(snap, layout, values, cands)
    return PaintPlan(sheet, group_by_style(styled) + tuple(writes))


def check_plan(sheet: str, snap: SheetSnapshot, layout: SudokuLayout, givens: Sudoku, wrong: list[int],
               text: str) -> PaintPlan:
    """Paint red the grid cells in ``wrong``; the verdict in the message cell."""
    styled = _clean_styles(layout, snap)
    styled.update({layout.cell(c): RED for c in wrong})
    return PaintPlan(sheet, group_by_style(styled) + (_record(layout, givens), _status(layout, text)))


def _anchor_of(block: list) -> Cell:
    memo = block[0]
    row, col = (int(part) for part in memo.text.split(","))
    return (row, col)


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
