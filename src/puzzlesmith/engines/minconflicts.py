"""Min-conflicts repair for CSP-shaped problems (Minton et al. 1992).

Start from a complete assignment; repeatedly pick a random conflicted variable and give
it the value with the fewest conflicts, breaking ties at random (so that the search can walk
along plateaus), until no variable is in conflict or the step limit is reached.

The problem is a small object (see :class:`RepairProblem`) that owns the assignment and can
count conflicts incrementally; the engine only decides which variable and value to try.

>>> class Queens:                      # one queen per column, value = row
...     def __init__(self, n):
...         self.n, self.rows = n, [0] * n
...         self.row, self.up, self.down = [n] + [0] * (n - 1), [0] * 2 * n, [0] * 2 * n
...         for c in range(n): self.up[c] += 1; self.down[c + n] += 1
...     def variables(self): return range(self.n)
...     def values(self, c): return range(self.n)
...     def value(self, c): return self.rows[c]
...     def conflicts(self, c, r):
...         own = r == self.rows[c]
...         return self.row[r] + self.up[c + r] + self.down[c - r + self.n] - 3 * own
...     def assign(self, c, r):
...         old = self.rows[c]
...         self.row[old] -= 1; self.up[c + old] -= 1; self.down[c - old + self.n] -= 1
...         self.row[r] += 1; self.up[c + r] += 1; self.down[c - r + self.n] += 1
...         self.rows[c] = r
>>> problem = Queens(8)
>>> result = min_conflicts(problem, max_steps=10_000, seed=3)
>>> result.status.value, len(set(problem.rows))
('solved', 8)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from ..errors import UsageError
from ..results import Limits, Stats, Status
from .events import recorder

__all__ = ["RepairProblem", "RepairResult", "min_conflicts"]


class RepairProblem(Protocol):
    """What :func:`min_conflicts` needs; the problem holds the current assignment."""

    def variables(self) -> Iterable[Hashable]:
        """All variables."""

    def values(self, var) -> Iterable:
        """The domain of ``var``."""

    def value(self, var):
        """The current value of ``var``."""

    def conflicts(self, var, value) -> int:
        """Constraints ``var = value`` would violate given the other variables' values."""

    def assign(self, var, value) -> None:
        """Set ``var = value`` (and update any incremental counters)."""


@dataclass
class RepairResult:
    """How the repair ended, the number of conflicted variables left, and statistics."""

    status: Status
    conflicted: int
    stats: Stats = field(default_factory=Stats)


def min_conflicts(
    problem: RepairProblem,
    *,
    max_steps: int | None = 100_000,
    seed: int | random.Random | None = None,
    limits: Limits | None = None,
    progress: Callable[[Stats], None] | None = None,
) -> RepairResult:
    """Repair ``problem``'s assignment in place; ``SOLVED`` once no variable is conflicted.

    A step is one reassignment.  ``GAVE_UP`` after ``max_steps`` steps (or ``limits``:
    ``nodes`` steps, ``seconds``).  Conflicted variables are kept in a list that is checked
    lazily (a variable no longer conflicted is dropped when drawn) and rebuilt by a full scan
    when it runs empty and every ``len(variables)`` steps (to pick up variables that a move
    brought into conflict), so a step costs about one domain scan plus one conflict count.
    ``progress`` gets one :class:`Stats` (steps so far, seconds, ``extra["conflicted"]``)
    about every 0.2 s.  ``seed`` is an int, None, or a ``random.Random``.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    limits = limits or Limits()
    budget = min(x for x in (max_steps, limits.nodes) if x is not None) \
        if (max_steps, limits.nodes) != (None, None) else None
    if budget is None and limits.seconds is None:
        raise UsageError("min_conflicts needs max_steps or a limit, or it may never end")
    deadline = limits.deadline()
    began = time.monotonic()
    next_report = began + 0.2
    variables = list(problem.variables())
    emit = recorder()
    if emit is not None:
        emit("start", {"problem": problem})
    steps = plateau = scans = 0
    status = Status.GAVE_UP
    conflicted: list = []
    rescan_every = max(len(variables), 1)
    next_scan = 0
    while True:
        if not conflicted or steps >= next_scan:
            scans += 1
            next_scan = steps + rescan_every
            conflicted = [v for v in variables if problem.conflicts(v, problem.value(v)) > 0]
            if not conflicted:
                status = Status.SOLVED
                break
        if budget is not None and steps >= budget:
            break
        i = rng.randrange(len(conflicted))
        var = conflicted[i]
        current = problem.value(var)
        now_conflicts = problem.conflicts(var, current)
        if now_conflicts == 0:
            conflicted[i] = conflicted[-1]
            conflicted.pop()
            continue
        steps += 1
        best, choices = now_conflicts, [current]
        for value in problem.values(var):
            if value == current:
                continue
            c = problem.conflicts(var, value)
            if c < best:
                best, choices = c, [value]
            elif c == best:
                choices.append(value)
        value = choices[rng.randrange(len(choices))]
        if value != current:
            problem.assign(var, value)
            if emit is not None:
                emit("repair", {"problem": problem, "var": var, "old": current,
                                "new": value})
            if best == now_conflicts:
                plateau += 1
        if steps & 1023 == 0:
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                break
            if progress and now >= next_report:
                next_report = now + 0.2
                progress(Stats(nodes=steps, seconds=now - began,
                               extra={"conflicted": len(conflicted)}))
    left = 0 if status is Status.SOLVED else sum(
        1 for v in variables if problem.conflicts(v, problem.value(v)) > 0)
    stats = Stats(nodes=steps, seconds=time.monotonic() - began,
                  extra={"plateau_moves": plateau, "scans": scans})
    return RepairResult(status, left, stats)
