"""Sliding-tile puzzles ("15 puzzle") of any size from 2x2 to 16x16 (32x32 on request).

The puzzle object, as for every puzzle, is :data:`PUZZLE` (``puzzlesmith.puzzles.get
("sliding")``); see :mod:`.puzzle`.  This package also offers the board helpers below.

>>> from puzzlesmith.puzzles import get
>>> sliding = get("sliding")
>>> task = sliding.parse("5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2")   # the seed's board
>>> result = sliding.solve(task, pdb="5-5-5")   # IDA* + pattern databases (default: 6-6-3)
>>> result.status.value, len(result.solution), result.optimal
('solved', 41, True)
>>> bool(sliding.is_solution(task, result.solution))
True

Move strings name the direction in which the **blank** moves (``U``, ``D``, ``L``, ``R``);
the tile that slides goes the opposite way.  Importing this package loads no compiled code:
the kernels (numba) load when a search first runs.
"""

from __future__ import annotations

from .board import (
    Board,
    Instance,
    apply_moves,
    format_board,
    goal_board,
    is_solvable,
    legal_moves,
    move,
    moved_tile,
    parse_goal,
    parse_size,
    validate,
)
from .board import parse as parse_board
from .formats import DASHES, NO_SOLUTION
from .heuristics import HEURISTICS, make_heuristic
from .puzzle import METHODS, PUZZLE, SlidingPuzzle

__all__ = [
    "PUZZLE", "SlidingPuzzle", "Board", "Instance", "parse_board", "parse_size", "parse_goal",
    "format_board", "validate", "is_solvable", "apply_moves", "move", "moved_tile",
    "legal_moves", "goal_board", "METHODS", "HEURISTICS", "make_heuristic", "NO_SOLUTION",
    "DASHES",
]
