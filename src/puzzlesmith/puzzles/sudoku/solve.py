"""Solving and counting on the exact-cover model (:mod:`.model`).

>>> from .board import parse
>>> board = parse("sudoku 2x2\\n1...\\n..1.\\n.1..\\n...1\\n")
>>> solve(board, unique=True).unique
False
>>> count(parse("sudoku 2x2\\n" + "." * 16)).count
288
"""

from __future__ import annotations

from ...results import CountResult, Limits, SolveResult, Stats, Status, count_status
from ..protocol import Progress
from .board import Sudoku
from .model import build, grid_of

__all__ = ["solve", "count"]


def solve(board: Sudoku, *, unique: bool = False, limits: Limits | None = None,
          progress: Progress | None = None, kernels: str = "auto") -> SolveResult:
    """The first solution (a filled grid); with ``unique``, take two."""
    model = build(board, limits=limits)
    if model is None:
        return SolveResult(Status.UNSOLVABLE, Stats(), wanted_unique=unique,
                           details={"reason": "the givens leave a cell or a value no place"})
    result = model.solve(unique=unique, limits=limits, progress=progress, kernels=kernels)
    if result.solution is not None:
        result.solution = grid_of(board, result.solution)
    return result


def count(board: Sudoku, limit: int | None = None, *, limits: Limits | None = None,
          progress: Progress | None = None, kernels: str = "auto") -> CountResult:
    """The number of solutions, up to ``limit``."""
    model = build(board, limits=limits)
    if model is None:
        return CountResult(count_status(0, True, limit), Stats(), count=0, limit=limit)
    return model.count(limit, limits=limits, progress=progress, kernels=kernels)
