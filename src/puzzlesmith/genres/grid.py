"""Grid geometry for the encodings and deductions: neighbours, open cells, lines of sight,
grid points and loop edges.

An edge of a loop is a sorted pair of grid points ``((r1, c1), (r2, c2))``, the points
running over ``0..rows`` and ``0..cols``.

>>> g = Givens(2, 2, walls=frozenset({(0, 1)}))
>>> neighbours(g, (0, 0)), cell_edges((0, 0))[0]
([(1, 0), (0, 1)], ((0, 0), (0, 1)))
>>> sight_lines(g)
[[(0, 0)], [(1, 0), (1, 1)], [(0, 0), (1, 0)], [(1, 1)]]
"""

from __future__ import annotations

from .givens import Cell, Givens

Point = tuple[int, int]
Edge = tuple[Point, Point]
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def neighbours(g: Givens, cell: Cell) -> list[Cell]:
    """The orthogonal neighbours of ``cell`` inside the grid (walls included)."""
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in STEPS
            if 0 <= r + dr < g.rows and 0 <= c + dc < g.cols]


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
