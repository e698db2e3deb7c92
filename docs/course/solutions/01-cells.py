"""Lesson 01, cells as data: the solutions, one section per exercise. The tests put
each section in place of its exercise cell and run the notebook."""

# exercise: clue_numbers
def clue_numbers(value):
    """The numbers one hint cell holds, as a tuple of ints: 3 -> (3,), "8" -> (8,),
    "1 1" -> (1, 1); an empty cell (None) and 0 hold none: ()."""
    if value is None:
        return ()
    numbers = [int(part) for part in str(value).split()]
    return tuple(number for number in numbers if number != 0)

# exercise: read_clues
def read_clues(ws):
    """The row clues (top to bottom) and the column clues (left to right) of the grid
    at TOP, LEFT: each clue read from the hint cells left of its row, left to right,
    or above its column, top to bottom."""
    rows = []
    for r in range(TOP, TOP + HEIGHT):
        clue = ()
        for c in range(1, LEFT):
            clue += clue_numbers(ws.cell(r, c).value)
        rows.append(clue)
    cols = []
    for c in range(LEFT, LEFT + WIDTH):
        clue = ()
        for r in range(1, TOP):
            clue += clue_numbers(ws.cell(r, c).value)
        cols.append(clue)
    return rows, cols

# exercise: merged_value
def merged_value(ws, coordinate):
    """The value shown at ``coordinate``: inside a merged range, the value of the
    range's top-left cell; anywhere else, the cell's own value."""
    for merged in ws.merged_cells.ranges:
        if coordinate in merged:
            return ws.cell(merged.min_row, merged.min_col).value
    return ws[coordinate].value

# exercise: formula_cells
def formula_cells(ws):
    """Every cell of ``ws`` holding a formula: {coordinate: formula text}."""
    return {cell.coordinate: cell.value
            for row in ws.iter_rows() for cell in row if cell.data_type == "f"}
