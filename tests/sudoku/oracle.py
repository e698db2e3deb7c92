"""An independent check of sudoku solutions and counts, sharing no code with the solver."""

from __future__ import annotations


def valid_grid(text_rows: list[list[int]], box_rows: int, box_cols: int) -> bool:
    """Every row, column and box of a full grid holds 1..n once."""
    n = len(text_rows)
    want = list(range(1, n + 1))
    for i in range(n):
        if sorted(text_rows[i]) != want or sorted(row[i] for row in text_rows) != want:
            return False
    for top in range(0, n, box_rows):
        for left in range(0, n, box_cols):
            box = [text_rows[top + r][left + c] for r in range(box_rows) for c in range(box_cols)]
            if sorted(box) != want:
                return False
    return True


def brute_count(givens: list[int], n: int, box_rows: int, box_cols: int, limit: int = 10 ** 9) -> int:
    """Plain backtracking in reading order, no propagation (small grids only)."""
    grid = list(givens)

    def ok(i: int, d: int) -> bool:
        r, c = divmod(i, n)
        if any(grid[r * n + k] == d for k in range(n)) or any(grid[k * n + c] == d for k in range(n)):
            return False
        top, left = r - r % box_rows, c - c % box_cols
        return all(grid[(top + a) * n + left + b] != d for a in range(box_rows) for b in range(box_cols))

    def go(i: int) -> int:
        while i < n * n and grid[i]:
            i += 1
        if i == n * n:
            return 1
        total = 0
        for d in range(1, n + 1):
            if ok(i, d):
                grid[i] = d
                total += go(i + 1)
                grid[i] = 0
                if total >= limit:
                    break
        return total

    return go(0)


def mrv_count(givens: list[int], n: int, box_rows: int, box_cols: int, limit: int = 2) -> list[list[int]]:
    """Up to ``limit`` solutions by backtracking on the empty cell with the
    fewest digits allowed by its row, column and box (no propagation, no bit
    sets): slow but plain, for grids up to 16x16 with enough givens."""
    grid = list(givens)
    for i, d in enumerate(grid):  # a repeated given has no solution
        if d:
            grid[i] = 0
            if d not in allowed(grid, i, n, box_rows, box_cols):
                return []
            grid[i] = d
    found: list[list[int]] = []

    def go() -> None:
        best, options = -1, None
        for i in range(n * n):
            if not grid[i]:
                here = allowed(grid, i, n, box_rows, box_cols)
                if options is None or len(here) < len(options):
                    best, options = i, here
                    if len(here) <= 1:
                        break
        if best < 0:
            found.append(list(grid))
            return
        for d in sorted(options):
            grid[best] = d
            go()
            grid[best] = 0
            if len(found) >= limit:
                return

    go()
    return found


def allowed(grid: list[int], i: int, n: int, box_rows: int, box_cols: int) -> set[int]:
    """The digits no row, column or box peer of cell ``i`` holds."""
    r, c = divmod(i, n)
    top, left = r - r % box_rows, c - c % box_cols
    seen = {grid[r * n + k] for k in range(n)} | {grid[k * n + c] for k in range(n)}
    seen |= {grid[(top + a) * n + left + b] for a in range(box_rows) for b in range(box_cols)}
    return set(range(1, n + 1)) - seen
