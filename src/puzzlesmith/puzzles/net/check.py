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

from collections.abc import Sequence

from .board import DIRECTIONS, DOWN, RIGHT, SIDE_NAMES, Board, rotations

__all__ = ["violations", "MAX_VIOLATIONS"]

#: The checker stops after this many violations (and says there are more).
MAX_VIOLATIONS = 20


def _place(i: int, j: int) -> str:
    return f"row {i + 1}, column {j + 1}"


def violations(board: Board, grid: Sequence[Sequence[int]]) -> list[str]:
    """Every rule ``grid`` breaks as a turned version of ``board`` (empty: a solution);
    after :data:`MAX_VIOLATIONS` of them the list ends with "... and more"."""
    out: list[str] = []
    rows, cols, wrap = board.rows, board.cols, board.wrap
    try:
        shape = [len(row) for row in grid]
    except TypeError:
        return [f"expected rows of tiles, got {type(grid).__name__}"]
    if len(shape) != rows or any(w != cols for w in shape):
        return [f"the answer is not a {rows}x{cols} grid (it has {len(shape)} rows)"]
    turns = [frozenset(rotations(t)) for t in range(16)]
    for i in range(rows):
        row, tiles = grid[i], board.tiles[i]
        for j in range(cols):
            v = row[j]
            if not isinstance(v, int) or v not in turns[tiles[j]]:
                out.append(f"{_place(i, j)}: {v!r} is not a rotation of tile {tiles[j]:x}")
                if len(out) > MAX_VIOLATIONS:
                    return _capped(out)
    if out:
        return out
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
                    out.append(f"{_place(i, j)}: its {SIDE_NAMES[bit]} connector points "
                               "off the board")
                    continue
                if closed and closed[i][j] & bit:
                    if bit in (RIGHT, DOWN) or not grid[ni][nj] & back:  # each link once
                        out.append(f"{_place(i, j)}: its {SIDE_NAMES[bit]} connector "
                                   f"crosses the barrier to {_place(ni, nj)}")
                    continue
                if not grid[ni][nj] & back:
                    out.append(f"{_place(i, j)}: its {SIDE_NAMES[bit]} connector meets "
                               f"no connector of {_place(ni, nj)}")
                elif bit in (RIGHT, DOWN):                       # each link once
                    a, b = find(i * cols + j), find(ni * cols + nj)
                    if a == b:
                        loop = loop or (i, j)
                    else:
                        parent[a] = b
            if len(out) > MAX_VIOLATIONS:
                return _capped(out)
    if not board.connected:
        return out
    if loop is not None:
        out.append(f"the network has a loop through {_place(*loop)}")
    pieces = {find(i * cols + j) for i in range(rows) for j in range(cols) if grid[i][j]}
    if len(pieces) > 1:
        out.append(f"the tiles form {len(pieces)} separate networks, not one")
    return out


def _capped(out: list[str]) -> list[str]:
    return [*out[:MAX_VIOLATIONS], "... and more"]
