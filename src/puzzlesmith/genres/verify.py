"""The independent checker's own helpers: it shares no code with the encodings and the
deductions (its neighbours, regions and loops are computed here, plainly).

>>> regions({(0, 0), (0, 1), (2, 2)})
[[(0, 0), (0, 1)], [(2, 2)]]
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int]


def touching(cell: Cell) -> list[Cell]:
    """The four cells (or points) beside ``cell``, inside the grid or not."""
    r, c = cell
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def regions(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The orthogonally connected regions of ``cells``, each sorted, by first cell."""
    left, found = set(cells), []
    while left:
        start = min(left)
        left.discard(start)
        region, todo = [start], [start]
        while todo:
            for nxt in touching(todo.pop()):
                if nxt in left:
                    left.discard(nxt)
                    region.append(nxt)
                    todo.append(nxt)
        found.append(sorted(region))
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
    left, found = set(joined), []
    while left:
        start = left.pop()
        piece, todo = [start], [start]
        while todo:
            for nxt in joined[todo.pop()]:
                if nxt in left:
                    left.discard(nxt)
                    piece.append(nxt)
                    todo.append(nxt)
        found.append(sorted(piece))
    return sorted(found)
