"""The two shapes every layer names cells and ranges with.

One index convention everywhere: row first, then column. Which origin a value
has depends on where it lives, never on the alias: a puzzle counts from 0
(``(0, 0)`` is its top-left cell), a sheet from 1 (``(1, 1)`` is A1).
"""

from __future__ import annotations

__all__ = ["Box", "Cell"]

Cell = tuple[int, int]
"""A cell as ``(row, col)``: 0-based inside a puzzle package, 1-based on a sheet."""

Box = tuple[int, int, int, int]
"""An inclusive sheet range ``(top, left, bottom, right)``, 1-based: ``(1, 1, 2, 3)`` is A1:C2."""
