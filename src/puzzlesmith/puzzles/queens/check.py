"""N-Queens' independent checker: every rule an answer breaks, in words.

>>> from .board import Board
>>> violations(Board(4), [0, 1, 2, 3])[:1]
['columns 0, 1, 2 and 3 share a diagonal (row - column = 0)']
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .board import Board

__all__ = ["violations", "attacked", "MAX_LISTED"]

#: Violations listed one by one before the rest are summed up.
MAX_LISTED = 20


def as_array(rows, n: int) -> np.ndarray | None:
    """``rows`` as int64, -1 for None (no queen), -2 for a row off the board; None if it is
    not a sequence of whole numbers."""
    if isinstance(rows, str | bytes) or not isinstance(rows, Sequence | np.ndarray):
        return None
    if len(rows) == 0:
        return np.empty(0, np.int64)
    try:
        a = np.asarray(rows)
    except (TypeError, ValueError):
        a = None
    if a is not None and a.ndim == 1 and a.dtype.kind in "iu":
        a = a.astype(np.int64)
        a[(a < 0) | (a >= n)] = -2
        return a
    if a is not None and (a.ndim != 1 or a.dtype != object):
        return None
    out = np.empty(len(rows), np.int64)
    for c, r in enumerate(rows):
        if r is None:
            out[c] = -1
        elif isinstance(r, int | np.integer) and not isinstance(r, bool):
            out[c] = r if 0 <= r < n else -2
        else:
            return None
    return out


def violations(board: Board, rows) -> list[str]:
    """Every rule ``rows`` breaks on ``board``, as text (empty: a solution).

    Independent of every solver: counts the queens on every row and both kinds of diagonal
    with ``numpy.bincount``, and names the columns on each line that holds several.
    """
    n = board.n
    a = as_array(rows, n)
    if a is None:
        return [f"an answer is a sequence of {n:,} row numbers, got {type(rows).__name__}"]
    if len(a) != n:
        return [f"the answer has {len(a):,} columns, expected {n:,}"]
    found: list[str] = []
    extra = 0

    def note(text: str) -> None:
        nonlocal extra
        if len(found) < MAX_LISTED:
            found.append(text)
        else:
            extra += 1

    for c in np.flatnonzero(a == -2)[:MAX_LISTED + 1].tolist():
        note(f"column {c}: row {rows[c]} is off the board (rows 0..{n - 1})")
    for c, r in board.givens:
        if a[c] != r:
            note(f"column {c} must hold the given queen in row {r}"
                 + ("" if a[c] < 0 else f", not row {int(a[c])}"))
    empty = np.flatnonzero(a == -1)
    if len(empty):
        shown = ", ".join(map(str, empty[:10].tolist())) + (", ..." if len(empty) > 10 else "")
        note(f"{len(empty):,} column{'s' if len(empty) > 1 else ''} without a queen: {shown}")
    placed = np.flatnonzero(a >= 0)
    for name, key, offset, counts in _lines(a, placed, n):
        for line in np.flatnonzero(counts > 1).tolist():
            if len(found) >= MAX_LISTED:
                extra += 1
                continue
            cols = placed[key + offset == line].tolist()
            where = name.format(line - offset) if "{" in name else f"row {line}"
            note(f"columns {_join(cols)} share a {where}" if name != "row"
                 else f"columns {_join(cols)} share row {line}")
    if extra:
        found.append(f"... and {extra:,} more")
    return found


def attacked(board: Board, rows) -> list[list[int]]:
    """The queens (``[row, column]``) that share a row or a diagonal with another.

    >>> attacked(Board(4), [0, 2, None, 2])
    [[2, 1], [2, 3]]
    """
    a = as_array(rows, board.n)
    if a is None or len(a) != board.n:
        return []
    placed = np.flatnonzero(a >= 0)
    hit = np.zeros(len(placed), bool)
    for _, key, offset, counts in _lines(a, placed, board.n):
        hit |= counts[key + offset] > 1
    return [[int(a[c]), int(c)] for c in placed[hit]]


def _lines(a: np.ndarray, placed: np.ndarray, n: int):
    """(name, key, offset, queens per line) of the rows and both kinds of diagonal."""
    r = a[placed]
    for name, key, offset in (("row", r, 0), ("diagonal (row + column = {})", placed + r, 0),
                              ("diagonal (row - column = {})", r - placed, n)):
        yield name, key, offset, np.bincount(key + offset, minlength=1)


def _join(items: list[int]) -> str:
    shown = [str(x) for x in items[:8]]
    if len(items) > 8:
        shown.append(f"{len(items) - 8:,} more")
    return ", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]
