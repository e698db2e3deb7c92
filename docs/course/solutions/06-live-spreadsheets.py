"""Solutions of lesson 06 (live spreadsheets), for the teacher.

Each section replaces the exercise cell of the same name; it may use what the
notebook defined before that cell (``a1``).
"""

# exercise: write_block
def write_block(sheet, top, left, rows):
    """Write ``rows`` (a list of lists of values) into ``sheet`` with its first value
    at row ``top``, column ``left`` (1-based), in one call."""
    sheet.range((top, left)).value = rows  # xlwings fills the block from this corner


# exercise: paint_cells
def paint_cells(sheet, cells, rgb):
    """Fill every (row, col) of ``cells`` (1-based) with the colour ``rgb``, in as few
    calls as Excel's 255-character limit on an address allows."""
    runs = []  # [row, first column, last column] of each run of neighbours in a row
    for row, col in sorted(cells):
        if runs and runs[-1][0] == row and runs[-1][2] == col - 1:
            runs[-1][2] = col
        else:
            runs.append([row, col, col])
    areas = [a1(row, first) if first == last else f"{a1(row, first)}:{a1(row, last)}" for row, first, last in runs]
    chunk = []
    for area in areas:
        if chunk and len(",".join(chunk + [area])) > 255:
            sheet.range(",".join(chunk)).color = rgb
            chunk = []
        chunk.append(area)
    if chunk:
        sheet.range(",".join(chunk)).color = rgb
