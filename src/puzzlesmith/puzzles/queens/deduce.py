"""Hints: the next step from a player's queens.

* A queen in every column but some attack each other: a **min-conflicts move**, the most
  attacked movable queen to the least attacked row of its column (Minton's repair step).
* Some columns still empty: first any queens that attack each other (take one away); then a
  **forced placement**, a column or a row with one safe square left; else a placement
  taken from a solution that keeps the player's queens (exact search up to N = 60,
  min-conflicts beyond), or, when none exists, the queen to take away.

Moves are tuples: ``("move", column, from_row, to_row)``, ``("place", column, row)``,
``("remove", column, row)``.  Rows and columns count from 0, as in the answer format.

>>> from .board import Board
>>> step = hint(Board(4, ((1, 3),)))
>>> step.move, step.text
(('place', 3, 2), 'place a queen in column 3, row 2: the only safe square left in row 2')
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import InvalidPuzzle
from ...results import HintResult, Limits, Stats, Status
from .board import BOARD_MAX, Board, attackers
from .check import violations
from .counting import COUNT_MAX_N

__all__ = ["hint", "forced", "forced_fill", "PARTIAL_MAX_N"]

#: The largest board for hints from a partial state (safe squares are an N x N table).
PARTIAL_MAX_N = BOARD_MAX


def hint(board: Board, state: Sequence[int | None] | None = None, *,
         limits: Limits | None = None) -> HintResult:
    """The next step from ``state`` (the player's rows, None for an empty column, the
    givens implied; default: the givens alone).  Status solved with a move, solved with no
    move when ``state`` is already a solution, unsolvable when no solution keeps the given
    queens, gave up at a limit."""
    limits = (limits or Limits()).started()
    n = board.n
    if state is None:
        state = [None] * n
    if len(state) != n:
        raise InvalidPuzzle(f"the state has {len(state):,} columns, expected {n:,}")
    rows = list(state)
    for c, r in board.givens:  # the givens are on the board: a state need not repeat them
        if rows[c] is None:
            rows[c] = r
        elif rows[c] != r:
            return _result(("move", c, rows[c], r), f"column {c} holds a given queen: "
                           f"put it back in row {r}")
    if all(r is not None for r in rows):
        return _repair_move(board, rows)
    if n > PARTIAL_MAX_N:
        raise InvalidPuzzle(f"hints from a partial state are limited to N <= "
                            f"{PARTIAL_MAX_N:,}; give a queen in every column")
    return _partial(board, rows, limits)


def _result(move, text: str, status: Status = Status.SOLVED) -> HintResult:
    details = {"move": _move_dict(move)} if move else {"move": None}
    return HintResult(status, Stats(), text=text, move=move, details=details)


def _move_dict(move) -> dict:
    if move[0] == "move":
        return {"action": "move", "column": move[1], "from_row": move[2], "row": move[3]}
    return {"action": move[0], "column": move[1], "row": move[2]}


# -- a queen in every column: a min-conflicts move -----------------------------------------

def _repair_move(board: Board, rows: list[int]) -> HintResult:
    n = board.n
    if not violations(board, rows):
        return _result(None, "already solved: no queen attacks another")
    a = np.asarray(rows, np.int64)
    c = np.arange(n, dtype=np.int64)
    row_count = np.bincount(a, minlength=n)
    up = np.bincount(c + a, minlength=2 * n - 1)
    down = np.bincount(c - a + n - 1, minlength=2 * n - 1)
    attacked = row_count[a] + up[c + a] + down[c - a + n - 1] - 3
    for g, _ in board.givens:
        attacked[g] = -1  # given queens never move
    col = int(np.argmax(attacked))
    if attacked[col] <= 0:
        return _result(None, "the given queens attack each other: no solution",
                       Status.UNSOLVABLE)
    r = int(a[col])
    options = np.arange(n, dtype=np.int64)
    cost = row_count + up[col + options] + down[col - options + n - 1]
    cost[r] = attacked[col] + 10**9  # staying is not a move
    to = int(np.argmin(cost))
    text = (f"move the queen in column {col} from row {r} to row {to}: it is attacked by "
            f"{_queens(int(attacked[col]))} there, by {_queens(int(cost[to]))} at row {to}")
    return _result(("move", col, r, to), text)


def _queens(k: int) -> str:
    return "no queen" if k == 0 else "1 queen" if k == 1 else f"{k} queens"


# -- a partial state -----------------------------------------------------------------------

def safe_squares(n: int, placed: dict[int, int]) -> np.ndarray:
    """``safe[r, c]``: True where a queen in an empty column ``c`` would attack no placed
    queen (False in the placed queens' columns)."""
    r = np.arange(n)[:, None]
    c = np.arange(n)[None, :]
    used_row = np.zeros(n, bool)
    used_up = np.zeros(2 * n - 1, bool)
    used_down = np.zeros(2 * n - 1, bool)
    used_col = np.zeros(n, bool)
    for qc, qr in placed.items():
        used_col[qc] = used_row[qr] = used_up[qc + qr] = used_down[qc - qr + n - 1] = True
    return ~(used_row[r] | used_col[c] | used_up[c + r] | used_down[c - r + n - 1])


def forced(n: int, placed: dict[int, int]):
    """The first forced step from ``placed`` (column -> row, no two attacking): ``("place",
    c, r, reason)`` for a column or row with one safe square, ``("dead", kind, index)`` for
    one with none left, or None."""
    safe = safe_squares(n, placed)
    empty_cols = [c for c in range(n) if c not in placed]
    used_rows = set(placed.values())
    empty_rows = [r for r in range(n) if r not in used_rows]
    per_col = safe.sum(axis=0)
    per_row = safe.sum(axis=1)
    for c in empty_cols:
        if per_col[c] == 0:
            return ("dead", "column", c)
    for r in empty_rows:
        if per_row[r] == 0:
            return ("dead", "row", r)
    for c in empty_cols:
        if per_col[c] == 1:
            return ("place", c, int(np.flatnonzero(safe[:, c])[0]), "column")
    for r in empty_rows:
        if per_row[r] == 1:
            return ("place", int(np.flatnonzero(safe[r])[0]), r, "row")
    return None


def forced_fill(board: Board) -> list[int] | None:
    """The solution reached by forced placements alone from the givens, or None when they
    stall (the puzzle needs search) or reach a dead end."""
    placed = board.fixed
    while len(placed) < board.n:
        step = forced(board.n, placed)
        if step is None or step[0] == "dead":
            return None
        placed[step[1]] = step[2]
    return [placed[c] for c in range(board.n)]


def _partial(board: Board, rows: list[int | None], limits: Limits) -> HintResult:
    n = board.n
    placed = {c: r for c, r in enumerate(rows) if r is not None}
    given = board.fixed
    pair = attackers(n, sorted(placed.items()))
    if pair is not None:
        (c1, r1), (c2, r2) = pair
        c, r = (c1, r1) if c2 in given else (c2, r2)
        other = (c2, r2) if (c, r) == (c1, r1) else (c1, r1)
        return _result(("remove", c, r), f"take away the queen in column {c}, row {r}: it "
                       f"attacks the queen in column {other[0]}, row {other[1]}")
    step = forced(n, placed)
    if step is not None and step[0] == "place":
        _, c, r, kind = step
        where = f"column {c}" if kind == "column" else f"row {r}"
        return _result(("place", c, r), f"place a queen in column {c}, row {r}: the only "
                       f"safe square left in {where}")
    from .solve import solve

    def completion(keep: dict[int, int]):
        sub = Board(n, tuple(sorted(keep.items())))
        method = "backtrack" if n <= COUNT_MAX_N else "minconflicts"
        return solve(sub, method, seed=0, limits=limits)

    found = completion(placed)
    if found.status is Status.SOLVED:
        safe = safe_squares(n, placed)
        counts = safe.sum(axis=0)
        empty = [c for c in range(n) if c not in placed]
        c = min(empty, key=lambda col: (counts[col], col))
        r = found.rows[c]
        return _result(("place", c, r), f"place a queen in column {c}, row {r}: it belongs "
                       f"to a solution that keeps your queens")
    if found.status is Status.GAVE_UP:
        return HintResult(Status.GAVE_UP, Stats(found.stats.nodes), text="")
    for c in sorted(placed):  # no solution keeps them all: which one to take away?
        if c in given:
            continue
        rest = {k: v for k, v in placed.items() if k != c}
        if completion(rest).status is Status.SOLVED:
            return _result(("remove", c, placed[c]), f"take away the queen in column {c}, "
                           f"row {placed[c]}: no solution keeps all your queens, one "
                           f"keeps the others")
        if limits.expired():
            return HintResult(Status.GAVE_UP, Stats(), text="")
    if len(placed) > len(given):
        return _result(None, "no solution keeps your queens, nor any one of them taken "
                       "away: start again from the given queens", Status.UNSOLVABLE)
    return _result(None, "no solution keeps the given queens", Status.UNSOLVABLE)
