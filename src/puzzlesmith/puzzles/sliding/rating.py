"""Difficulty levels of sliding-tile boards, from the optimal length.

The level compares a board's optimal length with :func:`typical_length`, an estimate of the
mean optimal length of a random board of its size: 1.45 times the mean Manhattan distance
of a random placement (20 on 3x3 and 54 on 4x4, against the exact means 22.0 and 52.6).

========  ==============================  ==========================
level     optimal length / typical        e.g. on 4x4
========  ==============================  ==========================
easy      under 0.4                       up to 21 moves
medium    0.4 to 0.8                      22 to 42 moves
hard      0.8 to 1.1                      43 to 58 moves (most random boards)
expert    1.1 and above                   59 moves and more (at most 80)
========  ==============================  ==========================

>>> from .board import goal_board
>>> round(typical_length(goal_board(4, 4))), level(41, goal_board(4, 4))
(54, 'medium')
>>> level(31, goal_board(3, 3))
'expert'
"""

from __future__ import annotations

__all__ = ["LEVELS", "typical_length", "level"]

LEVELS = (("easy", 0.4), ("medium", 0.8), ("hard", 1.1), ("expert", float("inf")))


def _mean_distance(size: int, at: int) -> float:
    return sum(abs(x - at) for x in range(size)) / size


def typical_length(goal) -> float:
    """About the mean optimal length of a uniformly random board reaching ``goal``."""
    rows, cols = goal.rows, goal.cols
    total = 0.0
    for cell, tile in enumerate(goal.tiles):
        if tile:
            r, c = divmod(cell, cols)
            total += _mean_distance(rows, r) + _mean_distance(cols, c)
    return 1.45 * total


def level(length: int, goal) -> str:
    """The level of a board whose optimal solution has ``length`` moves."""
    ratio = length / max(typical_length(goal), 1.0)
    return next(name for name, top in LEVELS if ratio < top)
