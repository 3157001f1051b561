"""The independent checker's own helpers: it shares no code with the encodings and the
deductions (its neighbours, regions and loops are computed here, plainly).

>>> regions({(0, 0), (0, 1), (2, 2)})
[[(0, 0), (0, 1)], [(2, 2)]]
>>> lines_and_regions(1, 2, ((5, 7),))["region"]
{'the region at r1c1': [(0, 0)], 'the region at r1c2': [(0, 1)]}
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]


def touching(cell: Cell, diagonal: bool = False) -> list[Cell]:
    """The four cells (or points) beside ``cell``, inside the grid or not; with ``diagonal``
    the four at its corners too."""
    r, c = cell
    beside = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    corners = [(r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]
    return beside + corners if diagonal else beside


def lines_and_regions(rows: int, cols: int, region_of: tuple | None) -> dict[str, dict]:
    """Each row, column and region's cells, by kind then name: ``{"row": {"row 1": [...]}}``
    (``region_of``: a region number per cell, row by row, or None)."""
    found: dict[str, dict] = {"row": {}, "column": {}}
    by_number: dict = {}
    for r in range(rows):
        for c in range(cols):
            found["row"].setdefault(f"row {r + 1}", []).append((r, c))
            found["column"].setdefault(f"column {c + 1}", []).append((r, c))
            if region_of is not None:
                by_number.setdefault(region_of[r][c], []).append((r, c))
    found["region"] = {f"the region at r{cells[0][0] + 1}c{cells[0][1] + 1}": cells
                       for cells in by_number.values()}
    return found


def regions(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The orthogonally connected regions of ``cells``, each sorted, by first cell."""
    return _pieces(cells, touching)


def _pieces(nodes: Iterable, adjacent) -> list[list]:
    """The connected pieces of ``nodes`` under ``adjacent``, each sorted, by first node."""
    left, found = set(nodes), []
    while left:
        start = left.pop()
        piece, todo = [start], [start]
        while todo:
            for nxt in adjacent(todo.pop()):
                if nxt in left:
                    left.discard(nxt)
                    piece.append(nxt)
                    todo.append(nxt)
        found.append(sorted(piece))
    return sorted(found)


def all_cells(rows: int, cols: int) -> list[Cell]:
    return [(r, c) for r in range(rows) for c in range(cols)]


def seen_from(cell: Cell, rows: int, cols: int, walls: frozenset) -> list[Cell]:
    """The cells seen from ``cell`` along its row and column, up to a wall or the edge."""
    seen = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = cell[0] + dr, cell[1] + dc
        while 0 <= r < rows and 0 <= c < cols and (r, c) not in walls:
            seen.append((r, c))
            r, c = r + dr, c + dc
    return seen


def loop_pieces(edges: Iterable[tuple[Cell, Cell]]) -> list[list[Cell]]:
    """The connected pieces of the points the ``edges`` join."""
    joined: dict[Cell, set[Cell]] = {}
    for a, b in edges:
        joined.setdefault(a, set()).add(b)
        joined.setdefault(b, set()).add(a)
    return _pieces(joined, joined.__getitem__)
