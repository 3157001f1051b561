"""Net's board: tiles as 4-bit masks, their rotations, and the barriers between cells.

A tile is a mask of connectors, **1 up, 2 left, 4 down, 8 right**.  Rotating a tile a
quarter turn anticlockwise maps up -> left -> down -> right -> up, i.e.
``((v << 1) | (v >> 3)) & 15``.  The text formats (one hex digit per tile, Tatham's game
IDs, drawings) are in :mod:`.formats`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

__all__ = [
    "Board", "Grid", "UP", "LEFT", "DOWN", "RIGHT", "DIRECTIONS", "SIDE_NAMES", "MAX_TILES",
    "ORIENTATIONS", "AVOIDING", "rotate", "rotations", "barrier_grid", "barrier_edges",
]

UP, LEFT, DOWN, RIGHT = 1, 2, 4, 8
#: (bit, row step, column step, opposite bit)
DIRECTIONS = ((UP, -1, 0, DOWN), (LEFT, 0, -1, RIGHT), (DOWN, 1, 0, UP), (RIGHT, 0, 1, LEFT))
SIDE_NAMES = {UP: "up", LEFT: "left", DOWN: "down", RIGHT: "right"}
#: The default cap on a board's tiles (parsing, generating); raised with ``max_tiles``.
MAX_TILES = 250_000

Grid = tuple[tuple[int, ...], ...]

#: Bitset (over masks 0..15) of a tile's orientations, per tile.
ORIENTATIONS = np.array(
    [sum(1 << m for m in {(t << k | t >> (4 - k)) & 15 for k in range(4)}) for t in range(16)],
    dtype=np.int64)
#: Bitset of the masks with none of the connectors in ``sides``, per ``sides``.
AVOIDING = np.array([sum(1 << m for m in range(16) if not m & sides) for sides in range(16)],
                    dtype=np.int64)


@dataclass(frozen=True)
class Board:
    """A Net puzzle: the tiles as given (row by row) and its rules.

    ``wrap``: the board wraps around left-right and top-bottom.  ``connected``: Simon
    Tatham's rule, all non-empty tiles also form one network without loops; otherwise only
    the local rule holds (every connector meets a connector, none points off the board).
    ``barriers``: per cell, the mask of its sides that a barrier closes (no link may cross
    one), kept on both cells of an edge; ``()`` when there is none (see
    :func:`barrier_grid`, which makes it from a list of edges).
    """

    tiles: Grid
    wrap: bool = False
    connected: bool = False
    barriers: Grid = ()

    @property
    def rows(self) -> int:
        return len(self.tiles)

    @property
    def cols(self) -> int:
        return len(self.tiles[0])

    @property
    def size(self) -> int:
        """The number of tiles."""
        return self.rows * self.cols

    @cached_property
    def flat(self) -> np.ndarray:
        """The tiles as one ``int64`` array, row by row."""
        return np.array(self.tiles, dtype=np.int64).reshape(-1)

    @cached_property
    def closed(self) -> np.ndarray:
        """Per cell (row by row), the mask of its sides closed by a barrier."""
        if not self.barriers:
            return np.zeros(self.rows * self.cols, dtype=np.int64)
        return np.array(self.barriers, dtype=np.int64).reshape(-1)

    def neighbour(self, i: int, j: int, di: int, dj: int) -> tuple[int, int] | None:
        """The cell next to ``(i, j)`` in direction ``(di, dj)``, or None off the board."""
        ni, nj = i + di, j + dj
        if self.wrap:
            return ni % self.rows, nj % self.cols
        if 0 <= ni < self.rows and 0 <= nj < self.cols:
            return ni, nj
        return None

    def fitting(self) -> np.ndarray:
        """Per cell, the bitset (over masks 0..15) of the tile's orientations that point
        nowhere off the board nor across a barrier."""
        rows, cols = self.rows, self.cols
        i, j = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
        off = np.zeros(rows * cols, dtype=np.int64)
        if not self.wrap:
            off = (np.where(i == 0, UP, 0) | np.where(i == rows - 1, DOWN, 0)
                   | np.where(j == 0, LEFT, 0) | np.where(j == cols - 1, RIGHT, 0))
        return ORIENTATIONS[self.flat] & AVOIDING[off | self.closed]

    def neighbours(self) -> dict[int, np.ndarray]:
        """Per side bit, the flat index of every cell's neighbour on that side (-1: off)."""
        rows, cols = self.rows, self.cols
        i, j = np.divmod(np.arange(rows * cols, dtype=np.int64), cols)
        out = {}
        for bit, di, dj, _ in DIRECTIONS:
            ni, nj = i + di, j + dj
            if self.wrap:
                out[bit] = (ni % rows) * cols + nj % cols
            else:
                inside = (ni >= 0) & (ni < rows) & (nj >= 0) & (nj < cols)
                out[bit] = np.where(inside, ni * cols + nj, -1)
        return out


# --------------------------------------------------------------------------- rotations

def rotate(v: int, quarter_turns: int = 1) -> int:
    """Turn a tile ``quarter_turns`` times anticlockwise (up -> left).

    >>> rotate(UP), rotate(RIGHT), rotate(0b0011, 2)
    (2, 1, 12)
    """
    for _ in range(quarter_turns % 4):
        v = ((v << 1) | (v >> 3)) & 15
    return v


def rotations(v: int) -> tuple[int, ...]:
    """The distinct orientations of a tile, in turning order from ``v``.

    >>> rotations(5), rotations(15), len(rotations(1))
    ((5, 10), (15,), 4)
    """
    return tuple(dict.fromkeys(rotate(v, k) for k in range(4)))


# --------------------------------------------------------------------------- barriers

def barrier_grid(rows: int, cols: int, edges, *, wrap: bool = False) -> Grid:
    """The per-cell barrier masks of a board (:attr:`Board.barriers`) from its barriers as
    ``(row, column, side bit)`` (from 0): the side is closed on both cells of the edge;
    a barrier on the border of a board that does not wrap is dropped (the border closes
    it already).  ``()`` when there is none.

    >>> barrier_grid(2, 2, [(0, 0, RIGHT), (0, 1, UP)])
    ((8, 2), (0, 0))
    >>> barrier_grid(1, 3, [(0, 2, RIGHT)], wrap=True)
    ((2, 0, 8),)
    """
    mask = [0] * (rows * cols)
    steps = {bit: (di, dj, back) for bit, di, dj, back in DIRECTIONS}
    for i, j, bit in edges:
        di, dj, back = steps[bit]
        ni, nj = i + di, j + dj
        if not wrap and not (0 <= ni < rows and 0 <= nj < cols):
            continue
        mask[i * cols + j] |= bit
        mask[(ni % rows) * cols + nj % cols] |= back
    if not any(mask):
        return ()
    return tuple(tuple(mask[r * cols:(r + 1) * cols]) for r in range(rows))


def barrier_edges(board: Board) -> list[tuple[int, int, int]]:
    """Every barrier of ``board`` once, as ``(row, column, RIGHT or DOWN)`` (from 0), row
    by row: the one on a tile's right side or below it.

    >>> barrier_edges(Board(((8, 2), (1, 1)), barriers=((8, 2), (0, 0))))
    [(0, 0, 8)]
    """
    out = []
    rows, cols, wrap = board.rows, board.cols, board.wrap
    for i, row in enumerate(board.barriers):
        for j, closed in enumerate(row):
            if closed & RIGHT and (wrap or j + 1 < cols):
                out.append((i, j, RIGHT))
            if closed & DOWN and (wrap or i + 1 < rows):
                out.append((i, j, DOWN))
    return out
