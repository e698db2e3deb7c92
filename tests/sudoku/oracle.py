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
