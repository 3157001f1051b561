"""N-Queens completion puzzles: a few given queens whose completion is unique.

The generator follows Tatham's rule, "loop until the solver says the puzzle is unique":

1. a random solution of N queens (min-conflicts from a seeded random start);
2. its queens are given one by one, in a random order of columns, until counting the
   completions (up to two) finds exactly one;
3. each given queen, in a random order, is taken away again when the completion stays
   unique without it, so that no given queen is superfluous.

Every count is exact (:func:`~.counting.count` with ``limit=2``), so each puzzle is proven
unique.  The rating says whether forced placements alone (a column or row with one safe
square left) finish the puzzle (``easy``) or whether it needs search (``hard``).

>>> made = generate_one(6, seed=2)
>>> made.text.splitlines()
['......', '..Q...', '......', '......', '......', '......']
>>> made.solution, made.rating
([2, 5, 1, 4, 0, 3], 'hard')
"""

from __future__ import annotations

import random

from ...errors import InvalidPuzzle, LimitReached
from ...results import Generated, Limits, Stats, Status
from .board import Board, format_instance
from .counting import COUNT_MAX_N, count
from .deduce import forced_fill
from .solve import solve

__all__ = ["GENERATE_MAX_N", "generate_one", "check_size"]

#: The largest board generated: each puzzle needs a few dozen exact counts, and the proofs
#: of uniqueness grow fast with N (about a second at 30 queens, 2-10 s at 32, over 20 s at 36).
GENERATE_MAX_N = 30


def check_size(n: int | str) -> int:
    """The board size of a puzzle to make (an int, or text such as ``"8"``), refused
    before any work when the generator cannot serve it."""
    if isinstance(n, str):
        text = n.strip()
        if not text.isdigit() or len(text) > 6:
            raise InvalidPuzzle(f"the size must be a whole number of queens, got {n[:40]!r}")
        n = int(text)
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidPuzzle(f"the size must be a whole number of queens, got {n!r}")
    if not 1 <= n <= min(GENERATE_MAX_N, COUNT_MAX_N):
        raise InvalidPuzzle(f"generate makes boards of 1 to {GENERATE_MAX_N} queens, got {n}")
    if n in (2, 3):
        raise InvalidPuzzle(f"{n} queens have no solution: there is no puzzle to make")
    return n


def generate_one(n: int, seed: int, limits: Limits | None = None,
                 stats: Stats | None = None) -> Generated:
    """One completion puzzle of ``n`` queens from ``seed``; ``LimitReached`` when ``limits``
    run out.  ``stats`` (when given) gathers the nodes of every search."""
    n = check_size(n)
    limits = (limits or Limits()).started()
    stats = stats if stats is not None else Stats()
    rng = random.Random(seed)
    found = solve(Board(n), "minconflicts", seed=rng.getrandbits(32), limits=limits)
    stats.nodes += found.stats.nodes
    if found.status is not Status.SOLVED:
        raise LimitReached(f"a limit stopped the solution of {n} queens")
    solution = found.rows
    order = list(range(n))
    rng.shuffle(order)
    givens: list[int] = []
    for c in order:
        if _unique(n, givens, solution, limits, stats):
            break
        givens.append(c)
    for c in rng.sample(givens, len(givens)):
        fewer = [g for g in givens if g != c]
        if _unique(n, fewer, solution, limits, stats):
            givens = fewer
    board = _board(n, givens, solution)
    rating = "easy" if forced_fill(board) is not None else "hard"
    return Generated(board, format_instance(board), solution, seed, rating,
                     details={"n": n, "givens": len(givens)})


def _board(n: int, columns: list[int], solution: list[int]) -> Board:
    return Board(n, tuple(sorted((c, solution[c]) for c in columns)))


def _unique(n, columns, solution, limits, stats) -> bool:
    result = count(_board(n, columns, solution), limit=2, limits=limits)
    stats.nodes += result.stats.nodes
    if result.verdict() is Status.GAVE_UP:
        raise LimitReached(f"stopped by {result.details.get('reason', 'a limit')}")
    return result.count == 1
