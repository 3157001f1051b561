"""Random solvable boards: uniform, by a random walk from the goal, or of an exact optimal length
(:func:`generate_one`, the step of the protocol's generate loop).

Randomness is always an explicit ``random.Random``.

>>> import random
>>> from .board import goal_board
>>> uniform(goal_board(3, 3), random.Random(7)) == uniform(goal_board(3, 3), random.Random(7))
True
>>> board, walk = random_walk(goal_board(3, 3), 10, random.Random(1))
>>> len(walk), apply_moves(board, undo(walk)) == goal_board(3, 3)
(10, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...errors import InvalidPuzzle, LimitReached, UsageError
from ...results import Generated, Limits, Stats
from .board import (
    MOVES,
    OPPOSITE,
    Board,
    Instance,
    apply_moves,
    format_board,
    is_solvable,
    legal_moves,
    move,
)
from .rating import level

__all__ = ["generate_one", "uniform", "random_walk", "undo", "exact_length", "MAX_WALK",
           "apply_moves"]

#: The longest random walk ``moves`` may ask for (a walk that long takes seconds).
MAX_WALK = 10_000_000
_CHECK_EVERY = 1 << 14


def generate_one(goal: Board, seed: int, *, limits: Limits | None = None,
                 stats: Stats | None = None, moves: int | None = None, length: int | None = None,
                 pdb: str | None = None) -> Generated:
    """A random board that reaches ``goal``, from ``seed``: uniform by default; ``moves=D``:
    ``D`` random blank moves from the goal (``solution`` undoes them, not always optimally);
    ``length=L``: one whose optimal solution has exactly ``L`` moves (``solution`` is
    optimal, ``rating`` its level; the searches' nodes are added to ``stats``)."""
    limits = limits or Limits()
    rng = random.Random(seed)
    solution, rating, details = None, None, {}
    if moves is not None:
        board, walk = random_walk(goal, moves, rng, limits)
        solution, details = undo(walk), {"moves": moves}
    elif length is not None:
        distance = _distance(goal, pdb, limits, stats if stats is not None else Stats())
        board, solution = exact_length(goal, length, rng, distance, limits)
        rating, details = level(length, goal), {"length": length}
    else:
        board = uniform(goal, rng)
    text = format_board(board, one_line=board.rows == board.cols)
    return Generated(Instance(board, goal), text, solution, seed, rating, details)


def _distance(goal: Board, pdb: str | None, limits: Limits,
              stats: Stats) -> Callable[[Board], int | None]:
    """A board's optimal distance to ``goal`` (None at a limit), its nodes added to
    ``stats``."""
    from .solve import solve

    def distance(board: Board) -> int | None:
        result = solve(board, goal, partition=pdb, limits=limits)
        stats.nodes += result.stats.nodes
        return result.details["length"]

    return distance


def uniform(goal: Board, rng: random.Random) -> Board:
    """A board drawn uniformly among those that can reach ``goal``.

    A uniform permutation; if it has the wrong parity, the two highest non-blank tiles are
    swapped, a bijection between the two halves.
    """
    tiles = list(goal.tiles)
    rng.shuffle(tiles)
    board = Board(goal.rows, goal.cols, tuple(tiles))
    if not is_solvable(board, goal):
        a, b = (tiles.index(t) for t in sorted(t for t in tiles if t)[-2:])
        tiles[a], tiles[b] = tiles[b], tiles[a]
        board = Board(goal.rows, goal.cols, tuple(tiles))
    return board


def random_walk(goal: Board, moves: int, rng: random.Random,
                limits: Limits | None = None) -> tuple[Board, str]:
    """``moves`` random blank moves from ``goal``, never undoing the previous one.

    Returns the board and the walk (so ``undo(walk)`` solves it, not always optimally).
    Checks the deadline of ``limits`` every few thousand moves
    (:class:`~puzzlesmith.errors.LimitReached`).
    """
    if not isinstance(moves, int) or moves < 0:
        raise UsageError(f"the number of moves must be a whole number of at least 0, "
                         f"not {moves!r}")
    if moves > MAX_WALK:
        raise UsageError(f"at most {MAX_WALK:,} random moves, not {moves:,}")
    limits = limits or Limits()
    rows, cols = goal.rows, goal.cols
    steps = []  # steps[cell]: (letter, neighbour cell) for each legal blank move
    for cell in range(rows * cols):
        r, c = divmod(cell, cols)
        steps.append([(letter, (r + dr) * cols + c + dc) for letter, dr, dc in MOVES
                      if 0 <= r + dr < rows and 0 <= c + dc < cols])
    tiles = list(goal.tiles)
    blank = goal.blank
    walk: list[str] = []
    last = ""
    for i in range(moves):
        if i % _CHECK_EVERY == 0:
            limits.check("making a random walk")
        options = [s for s in steps[blank] if s[0] != OPPOSITE.get(last)]
        last, other = rng.choice(options)
        tiles[blank], tiles[other] = tiles[other], 0
        blank = other
        walk.append(last)
    return Board(rows, cols, tuple(tiles)), "".join(walk)


def undo(walk: str) -> str:
    """The blank moves that take a walk's end back to its start."""
    return "".join(OPPOSITE[letter] for letter in reversed(walk))


def exact_length(goal: Board, length: int, rng: random.Random,
                 distance: Callable[[Board], int | None],
                 limits: Limits | None = None, tries: int = 20) -> tuple[Board, str]:
    """A board whose optimal solution has exactly ``length`` moves, and that solution.

    A walk from the goal that only ever steps to a board one move further away (each
    candidate's optimal ``distance`` is computed; a step changes it by exactly one).  If the
    walk reaches a board with no neighbour further away, it starts again (``tries`` times).
    ``distance`` returns None when it gives up; then this raises ``LimitReached``.
    """
    if not isinstance(length, int) or length < 0:
        raise UsageError(f"the length must be a whole number of at least 0, not {length!r}")
    limits = limits or Limits()
    for _ in range(tries):
        board, walk, d = goal, "", 0
        while d < length:
            limits.check("making a board of a given length")
            further = []
            for letter in legal_moves(board):
                if walk and letter == OPPOSITE[walk[-1]]:
                    continue
                child = move(board, letter)
                dc = distance(child)
                if dc is None:
                    raise LimitReached(f"gave up measuring a board {d + 1} moves from the goal")
                if dc == d + 1:
                    further.append((letter, child))
            if not further:
                break
            letter, board = rng.choice(further)
            walk += letter
            d += 1
        if d == length:
            return board, undo(walk)
    raise InvalidPuzzle(f"found no board {length} moves from the goal in {tries} tries "
                        f"(the farthest boards of a {goal.rows}x{goal.cols} board may be closer)")
