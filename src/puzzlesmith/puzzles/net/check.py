"""Net's independent checker: is a grid of turned tiles a solution of a board?

It shares nothing with the solver but the bit convention: plain loops over the cells and a
union-find of the links, so a solver bug cannot hide behind the same code.  A connector may
not cross a barrier (``board.barriers``, the closed sides per cell).

>>> from .formats import parse
>>> board = parse("33000000000\\n77373331131\\n11111333310\\n")
>>> answer = parse("c6000000000\\nd7ce6c644c2\\n11111939310\\n").tiles
>>> violations(board, answer)
[]
>>> violations(Board(board.tiles, connected=True), answer)
['the network has a loop through row 2, column 1', 'the tiles form 5 separate networks, not one']
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice

from .board import DIRECTIONS, DOWN, RIGHT, SIDE_NAMES, Board, rotations

__all__ = ["violations", "loose_tiles", "MAX_VIOLATIONS"]

#: The checker stops after this many violations (and says there are more).
MAX_VIOLATIONS = 20


def _place(i: int, j: int) -> str:
    return f"row {i + 1}, column {j + 1}"


def violations(board: Board, grid: Sequence[Sequence[int]]) -> list[str]:
    """Every rule ``grid`` breaks as a turned version of ``board`` (empty: a solution);
    after :data:`MAX_VIOLATIONS` of them the list ends with "... and more"."""
    out = [text for text, _ in islice(_broken(board, grid), MAX_VIOLATIONS + 1)]
    return _capped(out) if len(out) > MAX_VIOLATIONS else out


def loose_tiles(board: Board, grid: Sequence[Sequence[int]]) -> list[tuple[int, int]]:
    """The tiles that break a rule (not a rotation of the board's tile, or a connector that
    meets no connector, points off the board or crosses a barrier), in order.

    >>> loose_tiles(Board(((8, 2), (0, 0))), ((4, 2), (0, 0)))  # the 8 turned down
    [(0, 0), (0, 1), (1, 0)]
    """
    return sorted({tile for _, tiles in _broken(board, grid) for tile in tiles})


def _broken(board: Board, grid: Sequence[Sequence[int]]
            ) -> Iterator[tuple[str, tuple[tuple[int, int], ...]]]:
    """Each rule broken: (in words, the tiles that break it)."""
    rows, cols, wrap = board.rows, board.cols, board.wrap
    try:
        shape = [len(row) for row in grid]
    except TypeError:
        yield f"expected rows of tiles, got {type(grid).__name__}", ()
        return
    if len(shape) != rows or any(w != cols for w in shape):
        yield f"the answer is not a {rows}x{cols} grid (it has {len(shape)} rows)", ()
        return
    turns = [frozenset(rotations(t)) for t in range(16)]
    unturned = [(i, j) for i in range(rows) for j in range(cols)
                if not isinstance(grid[i][j], int) or grid[i][j] not in turns[board.tiles[i][j]]]
    for i, j in unturned:
        yield (f"{_place(i, j)}: {grid[i][j]!r} is not a rotation of tile "
               f"{board.tiles[i][j]:x}", ((i, j),))
    if unturned:
        return
    parent = list(range(rows * cols))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    closed = board.barriers or None
    loop = None
    for i in range(rows):
        for j in range(cols):
            v = grid[i][j]
            if not v:
                continue
            for bit, di, dj, back in DIRECTIONS:
                if not v & bit:
                    continue
                ni, nj = i + di, j + dj
                if wrap:
                    ni, nj = ni % rows, nj % cols
                elif not (0 <= ni < rows and 0 <= nj < cols):
                    yield (f"{_place(i, j)}: its {SIDE_NAMES[bit]} connector points off the "
                           "board", ((i, j),))
                    continue
                if closed and closed[i][j] & bit:
                    if bit in (RIGHT, DOWN) or not grid[ni][nj] & back:  # each link once
                        yield (f"{_place(i, j)}: its {SIDE_NAMES[bit]} connector crosses the "
                               f"barrier to {_place(ni, nj)}",
                               ((i, j), (ni, nj)) if grid[ni][nj] & back else ((i, j),))
                    continue
                if not grid[ni][nj] & back:
                    yield (f"{_place(i, j)}: its {SIDE_NAMES[bit]} connector meets no "
                           f"connector of {_place(ni, nj)}", ((i, j), (ni, nj)))
                elif bit in (RIGHT, DOWN):                       # each link once
                    a, b = find(i * cols + j), find(ni * cols + nj)
                    if a == b:
                        loop = loop or (i, j)
                    else:
                        parent[a] = b
    if not board.connected:
        return
    if loop is not None:
        yield f"the network has a loop through {_place(*loop)}", ()
    pieces = {find(i * cols + j) for i in range(rows) for j in range(cols) if grid[i][j]}
    if len(pieces) > 1:
        yield f"the tiles form {len(pieces)} separate networks, not one", ()


def _capped(out: list[str]) -> list[str]:
    return [*out[:MAX_VIOLATIONS], "... and more"]
