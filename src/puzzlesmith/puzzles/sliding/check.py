"""The independent checker of answers: replay the blank's moves on a copy of the tiles.

It shares no code with the solvers (not even the board's move function): its own coordinate
arithmetic for the moves, and an inversion count (not the cycle parity the solver uses) to
check a claim that a board has no solution.

>>> from .board import goal_board, parse
>>> check_moves(parse("1 2 3 4 5 6 0 7 8"), goal_board(3, 3), "RR")
[]
>>> check_moves(parse("1 2 3 4 5 6 0 7 8"), goal_board(3, 3), "RD")
['move 2 (D) takes the blank off the board (from row 3, column 2)']
"""

from __future__ import annotations

__all__ = ["check_moves", "solvable_by_inversions"]

_STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_SHOWN = 10  # misplaced tiles named in a violation


def check_moves(board, goal, moves: str | None) -> list[str]:
    """The violations of the answer ``moves`` (blank directions) from ``board`` to ``goal``.

    ``None`` stands for the claim "no solution", true exactly when the goal is unreachable.
    """
    if moves is None:
        if solvable_by_inversions(board, goal):
            return ["the board can reach the goal, so it has a solution"]
        return []
    rows, cols = board.rows, board.cols
    tiles = list(board.tiles)
    blank = tiles.index(0)
    for number, letter in enumerate(moves, start=1):
        step = _STEP.get(letter)
        if step is None:
            return [f"move {number} is {letter!r}, not one of U, D, L, R"]
        r, c = divmod(blank, cols)
        nr, nc = r + step[0], c + step[1]
        if not (0 <= nr < rows and 0 <= nc < cols):
            return [f"move {number} ({letter}) takes the blank off the board "
                    f"(from row {r + 1}, column {c + 1})"]
        other = nr * cols + nc
        tiles[blank], tiles[other] = tiles[other], tiles[blank]
        blank = other
    wrong = [t for t, g in zip(tiles, goal.tiles, strict=True) if t != g and t != 0]
    if not wrong:
        return []
    shown = ", ".join(map(str, sorted(wrong)[:_SHOWN])) + (", ..." if len(wrong) > _SHOWN else "")
    tiles_are = "1 tile is" if len(wrong) == 1 else f"{len(wrong)} tiles are"
    return [f"after {len(moves)} moves the board is not the goal: {tiles_are} out of place "
            f"({shown})"]


def solvable_by_inversions(board, goal) -> bool:
    """Reachability by the textbook rule: inversions of the tiles (blank left out) in goal
    order, plus, on an even width, the rows between the blank and its goal row, are even."""
    cols = board.cols
    rank = {tile: i for i, tile in enumerate(t for t in goal.tiles if t)}
    order = [rank[t] for t in board.tiles if t]
    inversions = sum(1 for i, a in enumerate(order) for b in order[i + 1:] if a > b)
    if cols % 2:
        return inversions % 2 == 0
    rows_apart = abs(board.tiles.index(0) // cols - goal.tiles.index(0) // cols)
    return (inversions + rows_apart) % 2 == 0
