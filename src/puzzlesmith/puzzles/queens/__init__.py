"""N-Queens: place N queens on an N x N board so that no two attack each other; and the
N-Queens completion puzzle, where some queens are given and the rest must be placed.

The package, as every puzzle (see :mod:`puzzlesmith.puzzles.protocol`):

* :mod:`.board` — the instance (:class:`Board`), its text formats, the answer format and
  the O(N) construction; :mod:`.check` — the independent checker (:func:`~.check.violations`);
* :mod:`.solve` — solving: construct, min-conflicts, annealing, genetic, backtracking,
  each with its size cap, and the models handed to the generic engines;
* :mod:`.counting` — counting and enumerating solutions, with or without givens;
* :mod:`.generate` — completion puzzles proven unique; :mod:`.deduce` — the next step;
* :mod:`.kernels` — the compiled kernels (the only module importing numba, loaded when a
  verb first needs it), driven in chunks by :mod:`.chunks`;
* :mod:`.puzzle` — ``PUZZLE``, the object the registry returns.

>>> from puzzlesmith.puzzles import get
>>> queens = get("queens")
>>> board = queens.parse("6")
>>> [rows for rows in solutions(board)][:2]
[[1, 3, 5, 0, 2, 4], [2, 5, 1, 4, 0, 3]]
"""

from __future__ import annotations

from .board import MAX_N, Board, construct, parse
from .check import violations
from .counting import COUNT_MAX_N, KNOWN_COUNTS, count, solutions
from .puzzle import PUZZLE, QueensPuzzle
from .solve import CAPS, METHODS, default_method

__all__ = ["Board", "PUZZLE", "QueensPuzzle", "METHODS", "CAPS", "MAX_N", "COUNT_MAX_N",
           "KNOWN_COUNTS", "parse", "violations", "construct", "count", "solutions",
           "default_method"]
