"""Lesson 02, painting: the solutions, one section per exercise. The tests put
each section in place of its exercise cell and run the notebook."""

# exercise: colorindex_rgb
def colorindex_rgb(n):
    """The colour of VBA's ColorIndex n (1 to 56) as RRGGBB: entry n + 7 of the
    indexed palette, without its two alpha digits."""
    return COLOR_INDEX[n + 7][2:]

# exercise: fill_rgb
def fill_rgb(cell):
    """The colour of a cell's solid fill as RRGGBB, whether the file gives it as
    ARGB or as an index into the palette; None for a cell without fill."""
    fill = cell.fill
    if fill.fill_type != "solid":
        return None
    colour = fill.fgColor
    if colour.type == "indexed":
        return COLOR_INDEX[colour.indexed][2:]
    return colour.rgb[2:]

# exercise: paint_cell
def paint_cell(cell, mark):
    """Paint one cell as the analyzer does: "#" black (grey 808080), "." white with
    both diagonal hairlines, "!" red. The cell's other borders are kept."""
    colour = {"#": "FF808080", ".": "FFFFFFFF", "!": "FFFF0000"}[mark]
    cell.fill = PatternFill(fill_type="solid", fgColor=colour)
    crossed = mark == "."
    old = cell.border
    cell.border = Border(left=old.left, right=old.right, top=old.top, bottom=old.bottom,
                         diagonal=Side(style="hair") if crossed else Side(),
                         diagonalUp=crossed, diagonalDown=crossed)

# exercise: paint_solution
def paint_solution(ws, solution):
    """Paint a solution (one string a row, # black and . white) into the grid at TOP, LEFT."""
    for r, row in enumerate(solution):
        for c, mark in enumerate(row):
            paint_cell(ws.cell(TOP + r, LEFT + c), mark)
