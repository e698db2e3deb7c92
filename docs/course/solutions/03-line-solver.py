"""Lesson 03, a line solver in a page: the solutions, one section per exercise.
The tests put each section in place of its exercise cell and run the notebook."""

# exercise: block_ranges
def block_ranges(clue, n):
    """For each block of clue on an empty line of n cells, (start, stop): from the
    start of its leftmost placement to the end of its rightmost one."""
    ranges = []
    for j in range(len(clue)):
        before = sum(clue[:j]) + j  # the blocks before it, packed to the left, a white cell after each
        after = sum(clue[j + 1:]) + len(clue) - 1 - j  # the blocks after it, packed to the right
        ranges.append((before, n - after))
    return ranges

# exercise: placements
def placements(clue, line):
    """Every full line (# and .) that places clue's blocks and agrees with line's known cells."""
    if not clue:
        return [] if "#" in line else ["." * len(line)]
    length, rest = clue[0], clue[1:]
    found = []
    for start in range(len(line) - length + 1):
        if "#" in line[:start]:
            break  # a black cell before the block would be left uncovered
        gap = line[start + length:start + length + 1]  # the cell after the block, if any, is white
        if "." in line[start:start + length] or gap == "#":
            continue
        head = "." * start + "#" * length + "." * len(gap)
        for tail in placements(rest, line[len(head):]):
            found.append(head + tail)
    return found

# exercise: solve_line
def solve_line(clue, line):
    """The cells every placement agrees on, ? where they differ; None when nothing fits."""
    found = placements(clue, line)
    if not found:
        return None
    return "".join(cells[0] if len(set(cells)) == 1 else "?" for cells in zip(*found))

# exercise: propagate
def propagate(rows, cols, grid):
    """Solve every row and column again until nothing changes: the grid then, or None
    when some line has no placement left."""
    grid = list(grid)
    changed = True
    while changed:
        changed = False
        for i, clue in enumerate(rows):
            line = solve_line(clue, grid[i])
            if line is None:
                return None
            if line != grid[i]:
                grid[i], changed = line, True
        for j, clue in enumerate(cols):
            column = "".join(row[j] for row in grid)
            line = solve_line(clue, column)
            if line is None:
                return None
            if line != column:
                grid = [row[:j] + cell + row[j + 1:] for row, cell in zip(grid, line)]
                changed = True
    return grid

# exercise: count_solutions
def count_solutions(rows, cols, limit=2, grid=None):
    """How many solutions, counting no further than limit: propagate, then try the
    first unknown cell black, then white."""
    grid = propagate(rows, cols, grid or ["?" * len(cols)] * len(rows))
    if grid is None:
        return 0
    unknown = [(r, row.index("?")) for r, row in enumerate(grid) if "?" in row]
    if not unknown:
        return 1
    r, c = unknown[0]
    count = 0
    for mark in "#.":
        guess = grid[:r] + [grid[r][:c] + mark + grid[r][c + 1:]] + grid[r + 1:]
        count += count_solutions(rows, cols, limit - count, guess)
        if count >= limit:
            break
    return count
