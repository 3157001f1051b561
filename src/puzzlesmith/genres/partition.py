"""Random partitions of a grid into areas, the generator's answers for the area genres, and
the answers they are written as (borders between areas, or each cell's area size).

>>> import random
>>> areas = rectangles(4, 5, random.Random(1))
>>> sorted(cell for area in areas for cell in area) == [(r, c) for r in range(4) for c in range(5)]
True
>>> pieces = polyominoes(4, 5, 9, random.Random(1))
>>> g = Givens(4, 5)
>>> sorted(map(sorted, areas_of("numbers", g, answer_of("numbers", g, pieces)))) == sorted(pieces)
True
"""

from __future__ import annotations

import random

from .givens import Cell, Givens
from .grid import Edge
from .language import Answer

__all__ = ["rectangles", "polyominoes", "answer_of", "areas_of"]

Area = list[Cell]
RECTANGLE_SIDE = 6
"""The longest side a random rectangle is given (past it only by a merge)."""
SEPARATIONS = 200
"""How many pieces of one size side by side are merged or broken before starting again."""


def rectangles(rows: int, cols: int, rng: random.Random) -> list[Area]:
    """A random partition into rectangles: at each uncovered top-left cell, a random
    rectangle of two cells or more among those that fit (a lone cell where none does)."""
    owner: dict[Cell, int] = {}
    areas: list[Area] = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in owner:
                continue
            h, w = rng.choice(_fitting(rows, cols, owner, r, c))
            area = [(r + i, c + j) for i in range(h) for j in range(w)]
            owner.update(dict.fromkeys(area, len(areas)))
            areas.append(area)
    return areas


def _fitting(rows: int, cols: int, owner: dict[Cell, int], r: int, c: int) -> list[tuple]:
    """The sides (h, w) of rectangles with top-left (r, c) over uncovered cells only, of two
    cells or more (just 1x1 where none fits)."""
    width = 0
    while c + width < cols and width < RECTANGLE_SIDE and (r, c + width) not in owner:
        width += 1
    found = []
    for w in range(1, width + 1):
        for h in range(1, min(RECTANGLE_SIDE, rows - r) + 1):
            if any((r + h - 1, c + j) in owner for j in range(w)):
                break
            if h * w >= 2:
                found.append((h, w))
    return found or [(1, 1)]


def polyominoes(rows: int, cols: int, largest: int, rng: random.Random) -> list[Area]:
    """A random partition into pieces of at most ``largest`` cells, no two of one size side
    by side: side-by-side pieces merged in a random order (each merge under a random cap);
    then two pieces of one size side by side are merged, or, where too big, broken into
    cells that merge again, until none are."""
    pairs = _pairs(rows, cols)
    while True:
        piece = {(r, c): r * cols + c for r in range(rows) for c in range(cols)}
        members = {i: [cell] for cell, i in piece.items()}
        _grow(piece, members, pairs, largest, rng)
        if _separate_sizes(piece, members, pairs, largest, rng):
            return [sorted(cells) for cells in members.values()]


def _grow(piece: dict[Cell, int], members: dict[int, Area], pairs: list, largest: int,
          rng: random.Random) -> None:
    """Side-by-side pieces of ``pairs`` merged in a random order, each under a random cap."""
    order = list(pairs)
    rng.shuffle(order)
    for a, b in order:
        if piece[a] != piece[b] and len(members[piece[a]]) + len(
                members[piece[b]]) <= rng.randint(1, largest):
            _merge(piece, members, piece[a], piece[b])


def _separate_sizes(piece: dict[Cell, int], members: dict[int, Area], pairs: list,
                    largest: int, rng: random.Random) -> bool:
    """Merge, or break and grow again, side-by-side pieces of one size until none are (False
    when that takes too long)."""
    fresh = len(piece)
    for _ in range(SEPARATIONS):
        clash = next(((piece[a], piece[b]) for a, b in pairs if piece[a] != piece[b]
                      and len(members[piece[a]]) == len(members[piece[b]])), None)
        if clash is None:
            return True
        i, j = clash
        if 2 * len(members[i]) <= largest:
            _merge(piece, members, i, j)
            continue
        broken = set(members.pop(i) + members.pop(j))
        for cell in broken:
            piece[cell], members[fresh] = fresh, [cell]
            fresh += 1
        _grow(piece, members, [(a, b) for a, b in pairs if a in broken or b in broken],
              largest, rng)
    return False


def _merge(piece: dict[Cell, int], members: dict[int, Area], i: int, j: int) -> None:
    for cell in members[j]:
        piece[cell] = i
    members[i] += members.pop(j)


def _pairs(rows: int, cols: int) -> list[tuple[Cell, Cell]]:
    """Each pair of side-by-side cells, once."""
    return [((r, c), (r + dr, c + dc)) for r in range(rows) for c in range(cols)
            for dr, dc in ((0, 1), (1, 0)) if r + dr < rows and c + dc < cols]


def answer_of(kind: str, g: Givens, areas: list[Area]) -> Answer:
    """The answer whose areas are ``areas``, for the unknowns ``kind``: ``"borders"`` (the
    edges between two areas) or ``"numbers"`` (each cell holding its area's size)."""
    if kind == "numbers":
        return frozenset((cell, len(area)) for area in areas for cell in area)
    if kind != "borders":
        raise ValueError(f"{kind} unknowns do not write areas")
    owner = {cell: i for i, area in enumerate(areas) for cell in area}
    return frozenset(edge for (a, b), edge in _sides(g) if owner[a] != owner[b])


def areas_of(kind: str, g: Givens, answer: Answer) -> list[Area]:
    """The areas of ``answer`` (the inverse of :func:`answer_of`)."""
    if kind == "numbers":
        number = dict(answer)
        joined = [(a, b) for a, b in _pairs(g.rows, g.cols) if number[a] == number[b]]
    else:
        joined = [(a, b) for (a, b), edge in _sides(g) if edge not in answer]
    owner = {cell: i for i, cell in enumerate(g.cells())}
    members = {i: [cell] for cell, i in owner.items()}
    for a, b in joined:
        if owner[a] != owner[b]:
            _merge(owner, members, owner[a], owner[b])
    return list(members.values())


def _sides(g: Givens) -> list[tuple[tuple[Cell, Cell], Edge]]:
    """Each pair of side-by-side cells with the edge between them (from grid point to point)."""
    return [(((r, c), (r, c + 1)), ((r, c + 1), (r + 1, c + 1))) for r in range(g.rows)
            for c in range(g.cols - 1)] + \
           [(((r, c), (r + 1, c)), ((r + 1, c), (r + 1, c + 1))) for r in range(g.rows - 1)
            for c in range(g.cols)]
