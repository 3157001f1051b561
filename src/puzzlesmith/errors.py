"""The one exception tree of puzzlesmith.

Normal outcomes of a search (solved, no solution, gave up at a limit) are *statuses*
(see :mod:`puzzlesmith.results`), not exceptions.  Exceptions are for input that cannot
be worked on and for misuse of the API.

    PuzzleError
    ├── InvalidPuzzle      the puzzle text or parameters are malformed (CLI exit 2)
    ├── UsageError         a bad argument to a library call, e.g. an unknown method (exit 2)
    ├── LimitReached       a phase that is not a search (reading, building, a table) ran
    │                      past its time, size or memory limit (CLI exit 3)
    └── NoPuzzle           a generator proved that no puzzle of the asked kind exists

Searches that reach a limit do not raise: they return status ``gave-up``.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["PuzzleError", "InvalidPuzzle", "NotRecognised", "UsageError", "LimitReached",
           "NoPuzzle", "check_method"]


class PuzzleError(Exception):
    """Base class of every error puzzlesmith raises on purpose."""


class InvalidPuzzle(PuzzleError, ValueError):
    """Malformed puzzle input; the message names the problem and where it is.

    >>> str(InvalidPuzzle("row has 9 cells, expected 10", line=3))
    'line 3: row has 9 cells, expected 10'
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.line, self.column = line, column
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


class NotRecognised(InvalidPuzzle):
    """A text in no puzzle's shared format (see :func:`puzzlesmith.puzzles.identify`)."""


class UsageError(PuzzleError, ValueError):
    """A library function was called with an argument it cannot accept."""


class LimitReached(PuzzleError):
    """Work outside a search (reading, building a model or a table) ran past a limit."""


class NoPuzzle(PuzzleError):
    """No puzzle of the asked kind exists (``generate`` ends with status unsolvable)."""


def check_method(name: str | None, names: Iterable[str], what: str = "method", *,
                 error: type[PuzzleError] = UsageError) -> None:
    """Refuse a ``name`` not among ``names`` before any work starts (networkx's rule), in
    one wording; None (the default) passes.

    >>> check_method("magic", ("grow", "genetic"))
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.UsageError: unknown method 'magic'; expected one of grow, genetic
    """
    names = tuple(names)
    if name is not None and name not in names:
        raise error(f"unknown {what} {name!r}; expected one of {', '.join(names)}")
