"""Admissible heuristics for sliding-tile puzzles (plain Python, for the generic engine).

Each maker takes the goal board and returns ``h(tiles) -> int`` for a tiles tuple:

``misplaced``        tiles not on their goal cell
``manhattan``        sum of each tile's row and column distance to its goal cell
``linear-conflict``  Manhattan + 2 per tile that must leave its goal row/column to let others
                     pass (Hansson, Mayer & Yung 1992: per line, the tiles outside a longest
                     increasing run of goal positions)
``last-move``        Manhattan + 2 when none of the tiles whose goal neighbours the blank's goal
                     cell can make the final move without a detour (Korf & Taylor 1996)
``corner``           ``last-move`` + 2 per correctly placed tile next to a board corner whose own
                     tile is missing (corner deduction), not counting the last-move tiles
``pdb``              additive disjoint pattern databases (see :mod:`.pdb`); built on demand
``zero``             0 everywhere: a blind search, only when asked for by name (beyond 3x3 it
                     rarely finishes; the solver warns)

The seed's table (misplaced, manhattan, last-move, corner) is reproduced by ``compare``.
All are admissible; the tests check each one against exact distances on the 8-puzzle.

>>> from .board import goal_board, parse
>>> h = make_heuristic("manhattan", goal_board(3, 3))
>>> h(parse("1 2 3 4 5 6 0 7 8").tiles)
2
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ...errors import check_method
from .board import Board

__all__ = ["HEURISTICS", "make_heuristic", "manhattan_table"]

Heuristic = Callable[[tuple[int, ...]], int]


def manhattan_table(goal: Board) -> list[list[int]]:
    """``table[tile][cell]``: the distance from ``cell`` to ``tile``'s goal (0 for the blank)."""
    cols, n = goal.cols, goal.rows * goal.cols
    table = [[0] * n for _ in range(n)]
    for target, tile in enumerate(goal.tiles):
        if tile:
            for cell in range(n):
                table[tile][cell] = (abs(cell // cols - target // cols)
                                     + abs(cell % cols - target % cols))
    return table


def _misplaced(goal: Board) -> Heuristic:
    target = goal.tiles

    def h(tiles: tuple[int, ...]) -> int:
        return sum(1 for t, g in zip(tiles, target, strict=True) if t and t != g)

    return h


def _manhattan(goal: Board) -> Heuristic:
    table = manhattan_table(goal)

    def h(tiles: tuple[int, ...]) -> int:
        return sum(table[t][cell] for cell, t in enumerate(tiles))

    return h


def _lis_length(values: list[int]) -> int:
    """Length of a longest strictly increasing subsequence (patience sorting)."""
    import bisect

    tails: list[int] = []
    for v in values:
        i = bisect.bisect_left(tails, v)
        if i == len(tails):
            tails.append(v)
        else:
            tails[i] = v
    return len(tails)


def _line_conflicts(goal: Board) -> Heuristic:
    """Only the linear-conflict excess (without Manhattan)."""
    rows, cols = goal.rows, goal.cols
    goal_cell = {t: c for c, t in enumerate(goal.tiles) if t}
    # every row and column: its cells, and the tiles whose goal lies in it
    lines = [([r * cols + c for c in range(cols)],
              {t for t, cell in goal_cell.items() if cell // cols == r}) for r in range(rows)]
    lines += [([r * cols + c for r in range(rows)],
               {t for t, cell in goal_cell.items() if cell % cols == c}) for c in range(cols)]

    def h(tiles: tuple[int, ...]) -> int:
        extra = 0
        for line, own in lines:
            keys = [goal_cell[t] for t in (tiles[x] for x in line) if t in own]
            if len(keys) > 1:
                extra += len(keys) - _lis_length(keys)
        return 2 * extra

    return h


def _linear_conflict(goal: Board) -> Heuristic:
    md, lc = _manhattan(goal), _line_conflicts(goal)
    return lambda tiles: md(tiles) + lc(tiles)


def _neighbours(cell: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(cell, cols)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            out.append((r + dr) * cols + c + dc)
    return out


def _distance(a: int, b: int, cols: int) -> int:
    return abs(a // cols - b // cols) + abs(a % cols - b % cols)


def _last_move_extra(goal: Board) -> Heuristic:
    """2 if no tile that can make the final move reaches the blank's goal cell on a shortest way.

    The last move slides a tile ``t`` from the blank's goal cell ``b`` into its own goal ``n``
    (a neighbour of ``b``), so ``t`` visits ``b``; unless ``d(t, b) + 1 == d(t, n)`` that
    costs it at least 2 moves more than its Manhattan distance.
    """
    rows, cols = goal.rows, goal.cols
    b = goal.blank
    finals = [(goal.tiles[n], n) for n in _neighbours(b, rows, cols)]
    target = goal.tiles

    def h(tiles: tuple[int, ...]) -> int:
        if tiles == target:
            return 0
        for tile, n in finals:
            cell = tiles.index(tile)
            if _distance(cell, b, cols) + 1 == _distance(cell, n, cols):
                return 0
        return 2

    return h


def _corner_extra(goal: Board) -> Heuristic:
    """2 per tile that sits on its goal next to a corner whose tile is elsewhere.

    Such a tile must step aside and come back for the corner tile to get in (the corner
    can only be entered through its two neighbours).  The blank's goal corner, corners the
    blank occupies, and the last-move tiles are left out so that the sum stays admissible.
    """
    rows, cols = goal.rows, goal.cols
    b = goal.blank
    excluded = {goal.tiles[n] for n in _neighbours(b, rows, cols)}
    corners = [c for c in (0, cols - 1, (rows - 1) * cols, rows * cols - 1) if c != b]
    checks = []
    for corner in sorted(set(corners)):
        around = [n for n in _neighbours(corner, rows, cols)
                  if goal.tiles[n] and goal.tiles[n] not in excluded]
        checks.append((corner, goal.tiles[corner], around))
    target = goal.tiles

    def h(tiles: tuple[int, ...]) -> int:
        stuck: set[int] = set()
        for corner, tile, around in checks:
            if tiles[corner] == tile or tiles[corner] == 0:
                continue
            for n in around:
                if tiles[n] == target[n]:
                    stuck.add(n)
        return 2 * len(stuck)

    return h


def _last_move(goal: Board) -> Heuristic:
    md, lm = _manhattan(goal), _last_move_extra(goal)
    return lambda tiles: md(tiles) + lm(tiles)


def _corner(goal: Board) -> Heuristic:
    md, lm, ct = _manhattan(goal), _last_move_extra(goal), _corner_extra(goal)
    return lambda tiles: md(tiles) + lm(tiles) + ct(tiles)


def _pdb(goal: Board) -> Heuristic:
    from .pdb import default_partition, load_partition

    tables = load_partition(goal, default_partition(goal))
    return tables.python_heuristic()


def _zero(goal: Board) -> Heuristic:
    return lambda tiles: 0


HEURISTICS: dict[str, Callable[[Board], Heuristic]] = {
    "misplaced": _misplaced,
    "manhattan": _manhattan,
    "linear-conflict": _linear_conflict,
    "last-move": _last_move,
    "corner": _corner,
    "pdb": _pdb,
    "zero": _zero,
}


@lru_cache(maxsize=32)
def make_heuristic(name: str, goal: Board) -> Heuristic:
    """The heuristic called ``name`` for ``goal``; unknown names raise ``UsageError``."""
    check_method(name, HEURISTICS, "heuristic")
    return HEURISTICS[name](goal)
