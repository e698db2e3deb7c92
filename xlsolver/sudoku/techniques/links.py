"""The links between candidates: one structure every chain technique searches.

As the C# analyzer GNPX keeps them: two candidates are joined by a

- strong link when at least one of them is true: a digit with exactly two
  places in a house (a conjugate pair), or a cell with exactly two candidates
  (a bivalue cell). "If one is not, the other is."
- weak link when at most one of them is true: the same digit in two cells that
  share a house, or two digits of one cell. "If one is, the other is not."

A strong link is also weak (both cannot hold a single digit twice), so a
chain may use it either way. Candidates are nodes ``cell * n + d - 1``; node
sets are bit sets over nodes.
"""

from __future__ import annotations

from xlsolver.sudoku.techniques.context import Context
from xlsolver.sudoku.techniques.grid import Grid, bits, cell_name, digit_name

__all__ = ["Links", "links", "node_name"]


def node_name(node: int, n: int) -> str:
    """``(5)r1c2``: the candidate 5 of cell r1c2, in Eureka chain notation."""
    cell, k = divmod(node, n)
    return f"({digit_name(k + 1)}){cell_name(cell, n)}"


class Links:
    """Strong links (in houses and in cells) and weak links of one grid state.
    It keeps its own copy of the state's candidates, for the weak links it
    works out when first asked: a value of the state, whatever the grid
    does next."""

    def __init__(self, grid: Grid) -> None:
        n = self.n = grid.n
        hs = grid.houses
        self.cand = grid.cand[:]
        self.places = grid.places[:]
        self.peers = hs.peers
        self.house_strong: dict[int, list[int]] = {}  # node -> nodes of the same digit, conjugate in a house
        self.cell_strong: dict[int, int] = {}  # node -> the other candidate of its bivalue cell
        self.conjugates: list[tuple[int, int, int, int]] = []  # (digit index, house, cell a, cell b)
        for h in range(3 * n):
            for k in range(n):
                m = grid.places[k] & hs.mask[h]
                if m and (m & (m - 1)) and popcount2(m):
                    a, b = bits(m)
                    self.conjugates.append((k, h, a, b))
                    na, nb = a * n + k, b * n + k
                    self.house_strong.setdefault(na, [])
                    self.house_strong.setdefault(nb, [])
                    if nb not in self.house_strong[na]:
                        self.house_strong[na].append(nb)
                        self.house_strong[nb].append(na)
        for cell in bits(grid.empty):
            m = grid.cand[cell]
            if m and (m & (m - 1)) and popcount2(m):
                a, b = bits(m)
                self.cell_strong[cell * n + a] = cell * n + b
                self.cell_strong[cell * n + b] = cell * n + a
        self._weak: dict[int, int] = {}
        self._weak_digit: dict[int, int] = {}

    def strong(self, node: int, houses: bool = True, cells: bool = True) -> list[int]:
        """The nodes strongly linked to ``node`` (in houses, in its cell, or both)."""
        found = list(self.house_strong.get(node, ())) if houses else []
        if cells and node in self.cell_strong:
            found.append(self.cell_strong[node])
        return found

    def weak_digit(self, node: int) -> int:
        """The nodes of the same digit in the cells that see ``node``'s cell."""
        found = self._weak_digit.get(node)
        if found is None:
            n = self.n
            cell, k = divmod(node, n)
            found = 0
            for p in bits(self.places[k] & self.peers[cell]):
                found |= 1 << (p * n + k)
            self._weak_digit[node] = found
        return found

    def weak(self, node: int) -> int:
        """Every node weakly linked to ``node``: its digit in the cells it sees,
        and the other candidates of its cell."""
        found = self._weak.get(node)
        if found is None:
            n = self.n
            cell, k = divmod(node, n)
            others = self.cand[cell] & ~(1 << k)
            found = self.weak_digit(node) | (others << (cell * n))
            self._weak[node] = found
        return found


def popcount2(m: int) -> bool:
    """Exactly two bits (the caller knows there are at least two)."""
    m &= m - 1
    return m & (m - 1) == 0


def links(grid: Grid, ctx: Context) -> Links:
    """The links of ``grid``'s current state, built once per state."""
    return ctx.last("links", (grid.houses.shape, tuple(grid.cand)), lambda: Links(grid))
