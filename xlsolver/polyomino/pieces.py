"""Polyomino shapes: the eight symmetries of the square grid, generation by size, named sets.

A shape is a sorted tuple of ``(row, col)`` cells translated so that its smallest
row and smallest column are 0. Two shapes are the same *fixed* polyomino when they
are equal, the same *one-sided* polyomino when a rotation maps one onto the other,
and the same *free* polyomino when a rotation or a reflection does.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from xlsolver.core.geometry import Cell

__all__ = [
    "PENTOMINOES", "TRANSFORMS", "Mode", "Piece", "apply", "canonical", "format_shape", "full_set", "is_connected",
    "normalize", "one_sided", "orientations", "parse_piece_spec", "parse_shape", "polyominoes",
]

Shape = tuple[Cell, ...]

# The dihedral group of the square as integer matrices (a, b, c, d): (r, c) -> (a*r + b*c, c*r + d*c).
# The first four are the rotations (determinant +1), the last four the reflections.
TRANSFORMS: tuple[tuple[int, int, int, int], ...] = (
    (1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
    (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0),
)
ROTATIONS = TRANSFORMS[:4]


class Mode(str, Enum):
    """Which moves a piece may make before it is placed."""

    FREE = "free"            # rotate and turn over
    ONE_SIDED = "one-sided"  # rotate only
    FIXED = "fixed"          # translate only

    def transforms(self) -> tuple[tuple[int, int, int, int], ...]:
        return {Mode.FREE: TRANSFORMS, Mode.ONE_SIDED: ROTATIONS, Mode.FIXED: TRANSFORMS[:1]}[self]


def apply(t: tuple[int, int, int, int], cell: Cell) -> Cell:
    a, b, c, d = t
    r, k = cell
    return (a * r + b * k, c * r + d * k)


def normalize(cells: Iterable[Cell]) -> Shape:
    """Translate to the origin and sort: the fixed polyomino's standard form."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def orientations(shape: Iterable[Cell], mode: Mode = Mode.FREE) -> tuple[Shape, ...]:
    """The distinct fixed forms a piece can take, sorted."""
    return _orientations(tuple(shape), mode)


@lru_cache(maxsize=4096)
def _orientations(shape: Shape, mode: Mode) -> tuple[Shape, ...]:
    return tuple(sorted({normalize(apply(t, cell) for cell in shape) for t in mode.transforms()}))


def canonical(shape: Iterable[Cell], mode: Mode = Mode.FREE) -> Shape:
    """One representative per free / one-sided / fixed class: the smallest orientation."""
    return orientations(shape, mode)[0]


def is_connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one edge-connected group."""
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def polyominoes(size: int, mode: Mode = Mode.FREE) -> list[Shape]:
    """Every polyomino with ``size`` cells, one per class of ``mode``, sorted.

    Grown cell by cell (Redelmeier-style enumeration is faster, but sizes up to 8
    take well under a second this way): every polyomino of size n is a polyomino
    of size n-1 plus one neighbouring cell.
    """
    if size < 1:
        raise ValueError("a polyomino has at least one cell")
    layer = {((0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for shape in layer:
            cells = set(shape)
            for r, c in shape:
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n not in cells:
                        grown.add(normalize(cells | {n}))
        layer = grown  # kept as fixed forms so no growth is missed
    return sorted({canonical(s, mode) for s in layer})


def parse_shape(picture: str) -> Shape:
    """A shape from a picture: ``#`` (or any letter) is a cell, ``.`` or space is not."""
    cells = [(r, c) for r, line in enumerate(picture.strip("\n").splitlines())
             for c, ch in enumerate(line) if ch not in ". "]
    if not cells:
        raise ValueError("a piece picture has no cells")
    return normalize(cells)


def format_shape(shape: Iterable[Cell], mark: str = "#") -> str:
    cells = set(shape)
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    return "\n".join("".join(mark if (r, c) in cells else "." for c in range(cols))
                     for r in range(rows))


@dataclass(frozen=True)
class Piece:
    """A named piece: its shape, how it may move, and how many copies are in the set."""

    name: str
    shape: Shape
    mode: Mode = Mode.FREE
    count: int = 1

    def __post_init__(self) -> None:
        if not is_connected(self.shape):
            raise ValueError(f"piece {self.name} is not connected")
        if self.count < 0:
            raise ValueError(f"piece {self.name} has a negative count")
        object.__setattr__(self, "shape", normalize(self.shape))

    @property
    def size(self) -> int:
        return len(self.shape)

    def orientations(self) -> tuple[Shape, ...]:
        return orientations(self.shape, self.mode)


# The twelve pentominoes under Golomb's (Conway's letters) names.
PENTOMINO_PICTURES = {
    "F": ".##\n##.\n.#.",
    "I": "#####",
    "L": "####\n#...",
    "N": "##..\n.###",
    "P": "##\n##\n#.",
    "T": "###\n.#.\n.#.",
    "U": "#.#\n###",
    "V": "#..\n#..\n###",
    "W": "#..\n##.\n.##",
    "X": ".#.\n###\n.#.",
    "Y": "####\n.#..",
    "Z": "##.\n.#.\n.##",
}
PENTOMINOES: dict[str, Shape] = {name: parse_shape(p) for name, p in PENTOMINO_PICTURES.items()}

# Smaller sets with the usual letters (and the size, so the names never clash with pentominoes).
SMALL_PICTURES = {
    "O1": "#",
    "I2": "##",
    "I3": "###", "V3": "##\n#.",
    "I4": "####", "O4": "##\n##", "T4": "###\n.#.", "S4": ".##\n##.", "L4": "###\n#..",
}
SMALL: dict[str, Shape] = {name: parse_shape(p) for name, p in SMALL_PICTURES.items()}

SET_SIZES = {"monomino": 1, "monominoes": 1, "domino": 2, "dominoes": 2, "trominoes": 3,
             "tetrominoes": 4, "pentominoes": 5, "hexominoes": 6}


def named_shapes() -> dict[str, Shape]:
    """Every piece name the library knows: pentomino letters, small sets, hexominoes H01..H35."""
    shapes = dict(PENTOMINOES)
    shapes.update(SMALL)
    for k, shape in enumerate(polyominoes(6), start=1):
        shapes[f"H{k:02d}"] = shape
    return shapes


def full_set(size: int) -> dict[str, Shape]:
    """The free polyominoes of one size, by name."""
    by_shape = {canonical(s): name for name, s in named_shapes().items() if len(s) == size}
    free = polyominoes(size)
    missing = [s for s in free if s not in by_shape]
    if missing:
        raise ValueError(f"no names for {len(missing)} polyominoes of size {size}")
    return {by_shape[s]: s for s in free}


def mirror_name(name: str) -> str:
    return f"{name}'"


def one_sided(pieces: list[Piece]) -> list[Piece]:
    """Each free piece as rotation-only pieces: a chiral piece and its mirror image (``F'``)."""
    out = []
    for piece in pieces:
        out.append(Piece(piece.name, piece.shape, Mode.ONE_SIDED, piece.count))
        mirror = normalize(apply(TRANSFORMS[4], cell) for cell in piece.shape)
        if canonical(mirror, Mode.ONE_SIDED) != canonical(piece.shape, Mode.ONE_SIDED):
            out.append(Piece(mirror_name(piece.name), mirror, Mode.ONE_SIDED, piece.count))
    return out


def parse_piece_spec(spec: str, custom: dict[str, Shape] | None = None,
                     mode: Mode = Mode.FREE) -> list[Piece]:
    """Pieces from a command-line spec: ``pentominoes``, ``F,I,L``, ``P:12``, ``tetrominoes,O1:4``.

    Each comma-separated part is a set name or a piece name, optionally ``:count``.
    ``custom`` adds pieces drawn by the user (they win over library names).
    Raises ``ValueError`` naming an unknown piece.
    """
    known = named_shapes()
    known.update(custom or {})
    counts: dict[str, int] = {}
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        name, _, times = part.partition(":")
        name = name.strip()
        try:
            n = int(times) if times else 1
        except ValueError:
            raise ValueError(f'"{times}" in "{part}" is not a count') from None
        if n < 0:
            raise ValueError(f'"{part}" has a negative count')
        if name.lower() in SET_SIZES:
            names = list(full_set(SET_SIZES[name.lower()]))
        elif name in known:
            names = [name]
        elif name.upper() in known:
            names = [name.upper()]
        else:
            raise ValueError(f'unknown piece "{name}" (try a set such as pentominoes, '
                             f'or one of {", ".join(sorted(PENTOMINOES))})')
        for k in names:
            counts[k] = counts.get(k, 0) + n
    if not counts:
        raise ValueError("no pieces given")
    return [Piece(name, known[name], mode, n) for name, n in counts.items() if n > 0]
