"""Random partitions of a grid into regions, and a cell moved between regions (the
generator's region layouts, and the test data's maker).

>>> import random
>>> grid = grow(6, 6, (4, 6), random.Random(1))
>>> sizes = [sum(row.count(k) for row in grid) for k in set(sum(grid, ()))]
>>> min(sizes) >= 4, sum(sizes)
(True, 36)
"""

from __future__ import annotations

import random

from .givens import Cell

Regions = tuple[tuple[int, ...], ...]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

__all__ = ["Regions", "grow", "flood", "moves"]


def near(cell: Cell, rows: int, cols: int) -> list[Cell]:
    """The cells beside ``cell`` inside the grid."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS if 0 <= r + dr < rows and 0 <= c + dc < cols]


def grow(rows: int, cols: int, sizes: tuple[int, int], rng: random.Random) -> Regions:
    """Regions grown in turn from the first free cell to a random size in ``sizes``; one
    left smaller than the least size (boxed in) joins a neighbour."""
    owner: dict[Cell, int] = {}
    pieces: list[list[Cell]] = []
    for start in sorted((r, c) for r in range(rows) for c in range(cols)):
        if start in owner:
            continue
        size, piece = rng.randint(*sizes), [start]
        owner[start] = len(pieces)
        while len(piece) < size:
            frontier = [n for cell in piece for n in near(cell, rows, cols) if n not in owner]
            if not frontier:
                break
            cell = rng.choice(frontier)
            owner[cell] = len(pieces)
            piece.append(cell)
        pieces.append(piece)
    for k, piece in enumerate(pieces):
        if 0 < len(piece) < sizes[0]:
            other = rng.choice([owner[n] for cell in piece for n in near(cell, rows, cols)
                                if owner[n] != k])
            for cell in piece:
                owner[cell] = other
            pieces[other] += piece
            pieces[k] = []
    return tuple(tuple(owner[r, c] for c in range(cols)) for r in range(rows))


def flood(seeds: list[list[Cell]], rows: int, cols: int, rng: random.Random) -> Regions:
    """Regions grown from the ``seeds`` over the other cells, the smallest region growing
    first (to a random free neighbour)."""
    owner = {cell: k for k, cells in enumerate(seeds) for cell in cells}
    sizes = [len(cells) for cells in seeds]
    frontier = [{n for cell in cells for n in near(cell, rows, cols) if n not in owner}
                for cells in seeds]
    while len(owner) < rows * cols:
        k = min((k for k in range(len(seeds)) if frontier[k]), key=lambda k: sizes[k])
        cell = rng.choice(sorted(frontier[k]))
        owner[cell], sizes[k] = k, sizes[k] + 1
        for other in frontier:
            other.discard(cell)
        frontier[k] |= {n for n in near(cell, rows, cols) if n not in owner}
    return tuple(tuple(owner[r, c] for c in range(cols)) for r in range(rows))


def moves(regions: Regions, cell: Cell, least: int = 2) -> list[Regions]:
    """``regions`` with ``cell`` given to each neighbouring region in turn, when its own
    region stays in one piece of at least ``least`` cells (else no move)."""
    rows, cols = len(regions), len(regions[0])
    old = regions[cell[0]][cell[1]]
    rest = [(r, c) for r in range(rows) for c in range(cols)
            if regions[r][c] == old and (r, c) != cell]
    seen, todo = set(rest[:1]), rest[:1]
    while todo:
        for n in near(todo.pop(), rows, cols):
            if n not in seen and n != cell and regions[n[0]][n[1]] == old:
                seen.add(n)
                todo.append(n)
    if len(seen) != len(rest) or len(rest) < least:
        return []
    others = sorted({regions[r][c] for r, c in near(cell, rows, cols)} - {old})
    return [tuple(tuple(new if (r, c) == cell else k for c, k in enumerate(row))
                  for r, row in enumerate(regions)) for new in others]
