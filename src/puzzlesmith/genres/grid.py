"""Grid geometry for the encodings and deductions: neighbours, open cells, lines of sight,
grid points and loop edges.

An edge of a loop is a sorted pair of grid points ``((r1, c1), (r2, c2))``, the points
running over ``0..rows`` and ``0..cols``.

>>> g = Givens(2, 2, walls=frozenset({(0, 1)}))
>>> neighbours(g, (0, 0)), cell_edges((0, 0))[0]
([(1, 0), (0, 1)], ((0, 0), (0, 1)))
>>> sight_lines(g)
[[(0, 0)], [(1, 0), (1, 1)], [(0, 0), (1, 0)], [(1, 1)]]
>>> key_names([(2, 3), ((0, 0), (0, 1)), ((1, 2), (2, 2))])
'r3c4, the top of r1c1 and the right of r2c2'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

from ..errors import InvalidPuzzle
from .givens import Cell, Givens

Point = tuple[int, int]
Edge = tuple[Point, Point]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
UNIT_KINDS = ("row", "column", "region")


def neighbours(g: Givens, cell: Cell) -> list[Cell]:
    """The orthogonal neighbours of ``cell`` inside the grid (walls included)."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS
            if 0 <= r + dr < g.rows and 0 <= c + dc < g.cols]


def around(g: Givens, cell: Cell) -> list[Cell]:
    """The eight cells around ``cell`` (orthogonal and diagonal) inside the grid."""
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < g.rows and 0 <= c + dc < g.cols]


def units(g: Givens, kind: str) -> list[list[Cell]]:
    """The rows, the columns or the regions (``kind``: row, column, region) as cell lists;
    regions in the order of their numbers."""
    if kind == "row":
        return [[(r, c) for c in range(g.cols)] for r in range(g.rows)]
    if kind == "column":
        return [[(r, c) for r in range(g.rows)] for c in range(g.cols)]
    if g.regions is None or [len(row) for row in g.regions] != [g.cols] * g.rows:
        raise InvalidPuzzle(f"the puzzle needs a region number in each of its {g.rows}x{g.cols} "
                            "cells")
    found: dict[int, list[Cell]] = {}
    for r, c in g.cells():
        found.setdefault(g.regions[r][c], []).append((r, c))
    return [found[n] for n in sorted(found)]


def open_cells(g: Givens) -> list[Cell]:
    """The cells that are not given walls, row by row."""
    return [cell for cell in g.cells() if cell not in g.walls]


def sight_lines(g: Givens) -> list[list[Cell]]:
    """The maximal runs of open cells in each row, then in each column."""
    rows = [[(r, c) for c in range(g.cols)] for r in range(g.rows)]
    cols = [[(r, c) for r in range(g.rows)] for c in range(g.cols)]
    runs: list[list[Cell]] = []
    for line in rows + cols:
        run: list[Cell] = []
        for cell in [*line, None]:
            if cell is not None and cell not in g.walls:
                run.append(cell)
            elif run:
                runs.append(run)
                run = []
    return runs


def blocks(g: Givens, height: int = 2, width: int = 2) -> list[list[Cell]]:
    """Every ``height`` x ``width`` block of cells."""
    return [[(r + i, c + j) for i in range(height) for j in range(width)]
            for r in range(g.rows - height + 1) for c in range(g.cols - width + 1)]


def cell_edges(cell: Cell) -> list[Edge]:
    """The four edges around ``cell``: top, bottom, left, right."""
    r, c = cell
    return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
            ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]


def grid_edges(g: Givens) -> list[Edge]:
    """Every edge between two grid points: the horizontal ones, then the vertical ones."""
    across = [((r, c), (r, c + 1)) for r in range(g.rows + 1) for c in range(g.cols)]
    down = [((r, c), (r + 1, c)) for r in range(g.rows) for c in range(g.cols + 1)]
    return across + down


def point_edges(g: Givens) -> dict[Point, list[Edge]]:
    """The edges at each grid point."""
    at: dict[Point, list[Edge]] = {}
    for edge in grid_edges(g):
        for point in edge:
            at.setdefault(point, []).append(edge)
    return at


def point_name(p: Point) -> str:
    """A grid point as a player says it: a corner of a cell beside it."""
    r, c = p
    vertical, row = ("bottom", r) if r > 0 else ("top", 1)
    side, col = ("right", c) if c > 0 else ("left", 1)
    return f"the {vertical}-{side} corner of r{row}c{col}"


def key_name(key: Hashable) -> str:
    """A cell ``r3c4`` (1-based), or an edge as a side of a cell beside it."""
    if isinstance(key[0], int):
        return f"r{key[0] + 1}c{key[1] + 1}"
    if isinstance(key[1], int):  # a number in a cell
        return f"{key[1]} in r{key[0][0] + 1}c{key[0][1] + 1}"
    (r1, c1), (r2, c2) = key
    if r1 == r2:  # across
        return f"the bottom of r{r1}c{c1 + 1}" if r1 > 0 else f"the top of r1c{c1 + 1}"
    return f"the right of r{r1 + 1}c{c1}" if c1 > 0 else f"the left of r{r1 + 1}c1"


def key_names(keys: Iterable[Hashable]) -> str:
    """Several keys joined: 'r1c1, r1c2 and r2c2' (none: 'the grid')."""
    named = [key_name(key) for key in keys] or ["the grid"]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


_MEMO: dict[tuple[int, Hashable], tuple[Givens, Any]] = {}


def memo(g: Givens, what: Hashable, build: Callable[[Givens], Any]) -> Any:
    """``build(g)``, kept for the same givens object (the deductions ask again and again)."""
    kept = _MEMO.get((id(g), what))
    if kept is None or kept[0] is not g:
        if len(_MEMO) > 256:
            _MEMO.clear()
        kept = _MEMO[id(g), what] = (g, build(g))
    return kept[1]
