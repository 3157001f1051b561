"""Sliding-tile puzzles ("15 puzzle") of any size from 2x2 to 16x16, solved optimally.

The public surface, as for every puzzle: :func:`parse`, :func:`format`, :func:`validate`,
:func:`solve`, :func:`generate`, :func:`render` (no ``count``: every solvable board has
solutions without end).

>>> board = parse("5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2")   # the seed's board
>>> result = solve(board, partition="5-5-5")   # IDA* + pattern databases (default: 6-6-3)
>>> result.status.value, result.length, result.optimal
('solved', 41, True)
>>> apply_moves(board, result.moves) == goal_board(4, 4)
True

Move strings name the direction in which the **blank** moves (``U``, ``D``, ``L``, ``R``);
the tile that slides goes the opposite way.
"""

from __future__ import annotations

import random

from ...errors import InvalidPuzzle
from .board import (
    Board,
    apply_moves,
    format_board,
    goal_board,
    is_solvable,
    legal_moves,
    move,
    moved_tile,
    parse,
    parse_goal,
    parse_size,
    validate,
)
from .heuristics import HEURISTICS, make_heuristic
from .pdb import default_partition, load_partition
from .solver import METHODS, SlidingProblem, SlidingResult, hint, solve

__all__ = [
    "Board", "parse", "parse_size", "parse_goal", "format", "format_solution", "validate",
    "solve", "hint", "generate", "render", "is_solvable", "apply_moves", "move", "moved_tile",
    "legal_moves", "goal_board", "SlidingResult", "SlidingProblem", "METHODS", "HEURISTICS",
    "make_heuristic", "load_partition", "default_partition", "example", "NO_SOLUTION",
    "DASHES",
]

#: The seed's message for an unsolvable board.
NO_SOLUTION = "NO SOLUTION FOR YOUR COMBINATION"
DASHES = "-" * 10


def format(board: Board, one_line: bool = False) -> str:
    """The board as text (rows on lines, or all tiles on one line)."""
    return format_board(board, one_line)


def example() -> Board:
    """The seed document's 41-move 15-puzzle."""
    return parse("5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2")


def format_solution(result: SlidingResult, style: str = "seed") -> str:
    """A result as text.

    ``seed``: the seed's format, the number of moves on the first line, then the start board
    and the board after every move, one line each, separated by lines of dashes (or the
    seed's ``NO SOLUTION FOR YOUR COMBINATION``).  ``moves``: the move string alone.
    ``boards``: like ``seed`` but each board drawn in rows.
    """
    if result.status.value == "unsolvable":
        return NO_SOLUTION
    if result.status.value != "solved":
        return f"gave up: {result.reason}"
    if style == "moves":
        return result.moves
    one_line = style == "seed"
    boards = [format_board(b, one_line) for b in result.boards()]
    return "\n".join([str(result.length), f"\n{DASHES}\n".join(boards)])


def generate(rows: int, cols: int | None = None, *, rng: random.Random | int | None = None,
             moves: int | None = None, goal: Board | None = None) -> Board:
    """A random solvable board.

    Without ``moves``: uniform over all solvable boards (a uniform permutation; if it has the
    wrong parity, the two highest non-blank tiles are swapped, a bijection between the two
    halves).  With ``moves=D``: ``D`` random blank moves from the goal, never undoing the
    previous one (so the board is at most ``D`` moves from the goal).

    >>> generate(3, rng=7) == generate(3, rng=7)
    True
    """
    cols = rows if cols is None else cols
    goal = goal or goal_board(rows, cols)
    if goal.shape != (rows, cols):
        raise InvalidPuzzle(f"the goal is {goal.rows}x{goal.cols}, not {rows}x{cols}")
    rng = rng if isinstance(rng, random.Random) else random.Random(rng)
    if moves is not None:
        if moves < 0:
            raise InvalidPuzzle(f"the number of moves must be at least 0, not {moves}")
        board, last = goal, None
        for _ in range(moves):
            options = [m for m in legal_moves(board) if last is None or m != _opposite(last)]
            last = rng.choice(options)
            board = move(board, last)
        return board
    tiles = list(goal.tiles)
    rng.shuffle(tiles)
    board = Board(rows, cols, tuple(tiles))
    if not is_solvable(board, goal):
        a, b = (tiles.index(t) for t in sorted(t for t in tiles if t)[-2:])
        tiles[a], tiles[b] = tiles[b], tiles[a]
        board = Board(rows, cols, tuple(tiles))
    return board


def _opposite(letter: str) -> str:
    return {"U": "D", "D": "U", "L": "R", "R": "L"}[letter]


def render(board: Board) -> str:
    """The board drawn with a frame, the blank as an empty cell.

    >>> print(render(parse("1 2 3 0")))
    +---+---+
    | 1 | 2 |
    +---+---+
    | 3 |   |
    +---+---+
    """
    width = len(str(board.rows * board.cols - 1))
    rule = "+" + "+".join("-" * (width + 2) for _ in range(board.cols)) + "+"
    lines = [rule]
    for r in range(board.rows):
        row = board.tiles[r * board.cols:(r + 1) * board.cols]
        cells = [(str(t) if t else "").rjust(width) for t in row]
        lines.append("| " + " | ".join(cells) + " |")
        lines.append(rule)
    return "\n".join(lines)
