"""Generation: a random full grid, then givens taken away while the puzzle stays unique.

1. a random solution: the exact-cover model of the empty board with its options shuffled
   by the seed;
2. the givens are removed in a random order (in symmetric groups with ``symmetry``
   "rotational": a cell and its half-turn image), each removal kept only when the puzzle
   keeps exactly one solution (take two on the exact-cover engine); the result is minimal
   for its symmetry: no group can go without losing uniqueness;
3. with a ``difficulty``, the puzzle is rated (:mod:`.deduce`) and a new grid tried until
   one has that grade.

>>> from .board import make
>>> made = generate(make([0] * 16, 4), seed=1)
>>> sum(1 for v in made.board.givens if v) < 16, made.level
(True, 'easy')
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...errors import UsageError
from ...results import Limits
from . import deduce
from .board import Sudoku
from .model import build, grid_of

__all__ = ["generate", "Made", "DIFFICULTIES", "SYMMETRIES"]

DIFFICULTIES = deduce.LEVELS
SYMMETRIES = ("rotational", "none")


@dataclass
class Made:
    """A generated puzzle, its solution, grade and score, and the grids tried."""

    board: Sudoku
    solution: tuple[int, ...]
    level: str
    score: float
    attempts: int


def full_grid(shape: Sudoku, rng: random.Random, limits: Limits | None = None) -> tuple:
    """A random solution of the empty board ``shape``."""
    empty = shape.with_givens((0,) * len(shape.givens))
    result = build(empty, limits=limits, seed=rng.randrange(1 << 30)).solve(limits=limits)
    if result.solution is None:
        raise UsageError("this board shape has no solution")
    return grid_of(empty, result.solution)


def unique(board: Sudoku, limits: Limits | None = None) -> bool:
    model = build(board, limits=limits)
    return model is not None and model.count(2, limits=limits).count == 1


def minimise(shape: Sudoku, solution: tuple[int, ...], rng: random.Random,
             symmetry: str, limits: Limits | None = None) -> Sudoku:
    """Remove givens (in symmetric groups) while the puzzle stays unique."""
    n2 = len(solution)
    groups = {tuple(sorted({i, n2 - 1 - i})) if symmetry == "rotational" else (i,)
              for i in range(n2)}
    order = sorted(groups)
    rng.shuffle(order)
    givens = list(solution)
    for group in order:
        kept = [givens[i] for i in group]
        for i in group:
            givens[i] = 0
        if not unique(shape.with_givens(tuple(givens)), limits):
            for i, value in zip(group, kept, strict=True):
                givens[i] = value
    return shape.with_givens(tuple(givens))


def generate(shape: Sudoku, *, seed: int, difficulty: str | None = None,
             symmetry: str = "rotational", limits: Limits | None = None,
             max_attempts: int = 1000) -> Made:
    """One unique puzzle on the board ``shape`` (its givens are ignored)."""
    if difficulty not in (None, *DIFFICULTIES):
        raise UsageError(f"unknown difficulty {difficulty!r}; expected one of "
                         f"{', '.join(DIFFICULTIES)}")
    if symmetry not in SYMMETRIES:
        raise UsageError(f"unknown symmetry {symmetry!r}; expected one of "
                         f"{', '.join(SYMMETRIES)}")
    rng = random.Random(seed)
    for attempt in range(1, max_attempts + 1):
        if limits is not None:
            limits.check("generating")
        solution = full_grid(shape, rng, limits)
        board = minimise(shape, solution, rng, symmetry, limits)
        rating = deduce.rate(board, limits=limits)
        if difficulty is None or rating.level == difficulty:
            return Made(board, solution, rating.level, rating.score, attempt)
    raise UsageError(f"no {difficulty} puzzle in {max_attempts} attempts")
