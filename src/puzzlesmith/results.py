"""Statuses, statistics, limits and the one result family shared by every engine and puzzle.

Every puzzle verb returns a :class:`Result`: a :class:`Status`, :class:`Stats` (seconds and
nodes at least) and :meth:`Result.to_dict`, the JSON object the command line prints.

>>> result = CountResult(Status.SOLVED, Stats(nodes=12, seconds=0.5), count=3, complete=True)
>>> result.to_dict()
{'status': 'solved', 'seconds': 0.5, 'nodes': 12, 'count': 3, 'complete': True}
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

__all__ = [
    "Status", "Stats", "Limits", "EXIT_CODES", "Result", "SolveResult", "CountResult",
    "GenerateResult", "Generated", "RateResult", "HintResult", "Check", "count_status",
]


class Status(StrEnum):
    """How a piece of work ended.  The values are the JSON ``"status"`` strings."""

    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    GAVE_UP = "gave-up"
    ERROR = "error"


#: The CLI contract: one exit code per status.
EXIT_CODES = {Status.SOLVED: 0, Status.UNSOLVABLE: 1, Status.GAVE_UP: 3, Status.ERROR: 2}


@dataclass
class Stats:
    """Statistics of one run: search nodes, wall-clock seconds, and engine-specific extras."""

    nodes: int = 0
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """``seconds`` and ``nodes`` first, then the extras (never overriding those two)."""
        extra = {k: v for k, v in self.extra.items() if k not in ("seconds", "nodes")}
        return {"seconds": round(float(self.seconds), 6), "nodes": int(self.nodes), **extra}

    def add(self, other: Stats) -> None:
        """Add another run's nodes and seconds (extras: numbers add, others are replaced)."""
        self.nodes += other.nodes
        self.seconds += other.seconds
        for key, value in other.extra.items():
            if isinstance(value, int | float) and isinstance(self.extra.get(key), int | float):
                self.extra[key] += value
            else:
                self.extra[key] = value


@dataclass(frozen=True)
class Limits:
    """Budgets that stop work with status ``GAVE_UP`` (``None`` = unlimited).

    ``seconds`` counts from :meth:`started` when that was called (so every phase of one
    command shares one deadline), else from each :meth:`deadline` call.  ``memory`` is a
    budget in bytes for searches that store states.

    >>> Limits(seconds=float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: seconds must be a finite number >= 0, got nan
    """

    nodes: int | None = None
    seconds: float | None = None
    memory: int | None = None
    until: float | None = None  # the monotonic instant fixed by started()

    def __post_init__(self) -> None:
        if self.seconds is not None and not (math.isfinite(self.seconds) and self.seconds >= 0):
            raise ValueError(f"seconds must be a finite number >= 0, got {self.seconds}")
        for name in ("nodes", "memory"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"{name} must be >= 0, got {value}")

    def started(self, since: float | None = None) -> Limits:
        """A copy whose deadline is fixed now (or ``seconds`` after the ``time.monotonic()``
        instant ``since``), shared by everything it is passed to."""
        if self.seconds is None or self.until is not None:
            return self
        return replace(self, until=(time.monotonic() if since is None else since) + self.seconds)

    def deadline(self) -> float | None:
        """The ``time.monotonic()`` instant at which to give up, if any."""
        if self.until is not None:
            return self.until
        return None if self.seconds is None else time.monotonic() + self.seconds

    def remaining(self) -> float | None:
        """Seconds left before the deadline (never negative), or None."""
        deadline = self.deadline()
        return None if deadline is None else max(deadline - time.monotonic(), 0.0)

    def expired(self) -> bool:
        """True once a started deadline has passed."""
        return self.until is not None and time.monotonic() >= self.until

    def check(self, phase: str = "work") -> None:
        """Raise :class:`~puzzlesmith.errors.LimitReached` once the deadline has passed."""
        if self.expired():
            from .errors import LimitReached
            raise LimitReached(f"time limit reached while {phase}")


# ---------------------------------------------------------------------------------------------
# The result family.  Puzzle-specific JSON fields go in ``details`` (JSON-ready values).
# ---------------------------------------------------------------------------------------------


@dataclass
class Result:
    """What every verb returns: a status, statistics, and puzzle-specific details."""

    status: Status
    stats: Stats = field(default_factory=Stats)
    details: dict = field(default_factory=dict, kw_only=True)
    puzzle: str | None = field(default=None, kw_only=True)
    #: Notes for people (warnings, explanations); the CLI prints them on stderr, not in JSON.
    messages: list[str] = field(default_factory=list, kw_only=True)

    def verdict(self) -> Status:
        """The status the exit code follows (see :data:`EXIT_CODES`)."""
        return Status(self.status)

    def to_dict(self) -> dict:
        """The JSON object the command line prints for this result."""
        head = {"puzzle": self.puzzle} if self.puzzle else {}
        body = {**head, "status": Status(self.status).value, **self.stats.as_dict()}
        body.update(self._fields())
        body.update(self.details)
        return body

    def _fields(self) -> dict:
        return {}


@dataclass
class SolveResult(Result):
    """A solution (the puzzle's own answer type) or None; ``unique`` and ``optimal`` are
    set when they were decided (True/False) and None when not asked or undecided."""

    solution: Any = None
    unique: bool | None = None
    optimal: bool | None = None
    #: True when uniqueness was asked for (then ``"unique"`` is in the JSON, null if undecided).
    wanted_unique: bool = False

    def verdict(self) -> Status:
        """Solved and unique (when asked) -> solved; a second solution -> unsolvable (exit 1);
        uniqueness asked but undecided at a limit -> gave up (exit 3)."""
        if self.status != Status.SOLVED or not self.wanted_unique:
            return Status(self.status)
        if self.unique is None:
            return Status.GAVE_UP
        return Status.SOLVED if self.unique else Status.UNSOLVABLE

    def _fields(self) -> dict:
        out = {}
        if self.wanted_unique or self.unique is not None:
            out["unique"] = self.unique
        if self.optimal is not None:
            out["optimal"] = self.optimal
        return out


@dataclass
class CountResult(Result):
    """``count`` solutions found; ``complete`` is False when a limit (or ``limit``) stopped
    the count early, so that ``count`` is a lower bound."""

    count: int = 0
    complete: bool = True
    #: The ``limit`` the count was asked to stop at (None: count them all).
    limit: int | None = None
    #: True for a uniqueness proof: the verdict is solved only for exactly one solution.
    wanted_unique: bool = False
    #: The solutions found, when the caller asked to keep them (not part of the JSON).
    solutions: list = field(default_factory=list, repr=False)

    def verdict(self) -> Status:
        status = Status(self.status)
        if not self.wanted_unique or status is Status.GAVE_UP:
            return status
        return Status.SOLVED if self.count == 1 else Status.UNSOLVABLE

    def _fields(self) -> dict:
        return {"count": self.count, "complete": self.complete}

    def uniqueness(self) -> bool | None:
        """For a count with ``limit >= 2``: True if exactly one solution, False if none or
        several, None if a budget stopped it first."""
        if self.status == Status.GAVE_UP:
            return None
        return self.count == 1


def count_status(count: int, complete: bool, limit: int | None) -> Status:
    """The one verdict of a count: solved if any, unsolvable if none, gave up if a budget
    (not ``limit``) stopped it before ``limit`` solutions were found."""
    if not complete and (limit is None or count < limit):
        return Status.GAVE_UP
    return Status.SOLVED if count else Status.UNSOLVABLE


@dataclass
class Generated:
    """One generated puzzle: the instance, its text, its solution, and how it was made."""

    instance: Any
    text: str
    solution: Any = None
    seed: int | None = None
    rating: str | None = None
    details: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"text": self.text, "seed": self.seed, "rating": self.rating, **self.details}


@dataclass
class GenerateResult(Result):
    """The puzzles made (all of them proven unique where the puzzle promises it)."""

    puzzles: list[Generated] = field(default_factory=list)

    def _fields(self) -> dict:
        return {"puzzles": [p.to_dict() for p in self.puzzles]}


@dataclass
class RateResult(Result):
    """A difficulty ``level`` and whether the deductions alone finished the puzzle."""

    level: str | None = None
    solved_by_deductions: bool | None = None

    def _fields(self) -> dict:
        return {"rating": self.level, "solved_by_deductions": self.solved_by_deductions}


@dataclass
class HintResult(Result):
    """The next step: ``text`` for people, ``move`` in the puzzle's own terms."""

    text: str = ""
    move: Any = None

    def _fields(self) -> dict:
        return {"hint": self.text}


@dataclass
class Check(Result):
    """The verdict of an independent checker: ``ok`` and the violations found.

    ``bool(check)`` is ``check.ok``; status is solved when ok, unsolvable otherwise.
    """

    violations: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.violations

    def __bool__(self) -> bool:
        return self.ok

    def _fields(self) -> dict:
        return {"ok": self.ok, "violations": self.violations}

    @classmethod
    def of(cls, violations: list[str], *, puzzle: str | None = None,
           wrong: Callable[[], list[str]] | None = None) -> Check:
        """The verdict on ``violations``; when there are some, ``details["wrong"]`` names
        the cells that break a rule, as ``wrong()`` lists them."""
        status = Status.UNSOLVABLE if violations else Status.SOLVED
        check = cls(status, violations=list(violations), puzzle=puzzle)
        if violations and wrong is not None:
            check.details["wrong"] = wrong()
        return check
