"""Sudoku as exact cover, on :class:`puzzlesmith.engines.exactcover.ExactCover`.

One option per (blank cell, value) the givens still allow; its items are the cell and
(unit, value) for each unit through the cell (row, column, region, diagonals).  Items the
givens already cover are left out; every other item must be covered exactly once (when one
has no option left, there is no solution and no model is built).  The plain model: no colours.
It is the model of the empty board (built once per shape) with the givens as forced options.

>>> from .board import parse
>>> board = parse("sudoku 2x2\\n1...\\n..1.\\n.1..\\n...1\\n")
>>> model = build(board)
>>> len(model.names), model.count().count
(36, 18)
"""

from __future__ import annotations

import numpy as np

from ...engines.exactcover import ExactCover
from ...results import Limits
from .board import Sudoku

__all__ = ["build", "candidates", "grid_of"]


def candidates(board: Sudoku) -> list[int] | None:
    """Per cell the bit mask of the values the givens allow (bit v-1 for value v; a given
    cell has its own value only); None when two givens clash."""
    n = board.size
    full = (1 << n) - 1
    used = [0] * len(board.units)
    units_of = _units_of(board)
    for cell, value in enumerate(board.givens):
        if value:
            bit = 1 << (value - 1)
            for u in units_of[cell]:
                if used[u] & bit:
                    return None
                used[u] |= bit
    masks = []
    for cell, value in enumerate(board.givens):
        if value:
            masks.append(1 << (value - 1))
        else:
            taken = 0
            for u in units_of[cell]:
                taken |= used[u]
            masks.append(full & ~taken)
    return masks


def _units_of(board: Sudoku) -> list[list[int]]:
    units_of: list[list[int]] = [[] for _ in board.givens]
    for u, (_, cells) in enumerate(board.units):
        for cell in cells:
            units_of[cell].append(u)
    return units_of


def build(board: Sudoku, *, limits: Limits | None = None,
          seed: int | None = None) -> ExactCover | None:
    """The exact-cover model of ``board`` (option names are ``(cell, value)``; ``seed``
    shuffles their order); None when the board has no solution on sight (two givens clash,
    or a cell, or a value in a unit, has no option left).

    The model of the empty board is built once per shape (kept for the last
    :data:`SHAPES`); the givens are forced options of it (:meth:`ExactCover.with_forced`)."""
    full = _shape_model(board, limits)
    if seed is not None:
        full = full.shuffled(seed)
    model = full.with_forced((cell, value) for cell, value in enumerate(board.givens) if value)
    if model is None or not np.all(np.diff(model.item_start)):
        return None
    return model


#: Board shapes whose empty model is kept (a jigsaw generator makes a new shape per grid).
SHAPES = 8
_SHAPES: dict[tuple, ExactCover] = {}


def _shape_model(board: Sudoku, limits: Limits | None) -> ExactCover:
    """The model of the empty board of ``board``'s shape, built once."""
    key = (board.size, board.regions, board.diagonals)
    model = _SHAPES.pop(key, None) or _full(board, limits)
    _SHAPES[key] = model  # the most recently used last
    while len(_SHAPES) > SHAPES:
        del _SHAPES[next(iter(_SHAPES))]
    return model


def _full(board: Sudoku, limits: Limits | None) -> ExactCover:
    """The model of the empty board: one option per (cell, value), covering the cell and
    (unit, value) for each unit through the cell."""
    n, cells = board.size, len(board.givens)
    units_of = _units_of(board)
    options = {(cell, v + 1): [cell, *(cells + u * n + v for u in units_of[cell])]
               for cell in range(cells) for v in range(n)}
    return ExactCover(options, limits=limits)


def grid_of(board: Sudoku, solution: list[tuple[int, int]]) -> tuple[int, ...]:
    """The filled grid of a solution (a list of option names)."""
    grid = list(board.givens)
    for cell, value in solution:
        grid[cell] = value
    return tuple(grid)
