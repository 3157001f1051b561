"""Simulated annealing over any state: the ``move``/``energy`` contract of simanneal.

The problem is three small functions, all taking the state first:

* ``energy(state) -> float`` — the value to minimise;
* ``move(state, rng) -> float | None`` — change ``state`` in place; return the energy change
  if it is cheap to know (incremental scoring), or ``None`` and :func:`anneal` calls ``energy``;
* ``undo(state) -> None`` (optional) — revert the last move.  Without it a rejected move is
  reverted by restoring a copy, as simanneal does, which costs a copy per step.

Unlike simanneal, nothing here prints, installs signal handlers or touches the global
``random``: randomness comes from ``random.Random(seed)`` (``seed`` an int, None, or a
``random.Random`` shared with the problem's functions), progress goes to a callback that
takes one :class:`~puzzlesmith.results.Stats`.

>>> import random
>>> def energy(xs): return sum(abs(x) for x in xs)
>>> def move(xs, rng):
...     i = rng.randrange(len(xs)); old = xs[i]; xs[i] += rng.choice((-1, 1))
...     return abs(xs[i]) - abs(old)
>>> result = anneal(lambda rng: [rng.randrange(-9, 10) for _ in range(5)], energy, move,
...                 schedule=Geometric(t0=5, alpha=0.95, steps=20), seed=1)
>>> result.status.value, result.energy
('solved', 0)
>>> state, best = result  # unpacks like simanneal's (best_state, best_energy)
"""

from __future__ import annotations

import copy as copy_module
import math
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..errors import UsageError
from ..results import Limits, Stats, Status

__all__ = ["Geometric", "AnnealResult", "anneal", "auto_schedule"]


@dataclass(frozen=True)
class Geometric:
    """Geometric cooling: ``steps`` moves at each temperature, then ``T *= alpha``.

    The defaults are the seed document's: ``T0 = 90``, ``alpha = 0.997``, down to ``0.1``.
    ``steps`` is a whole number >= 1 (the seed uses half the number of queens:
    ``Geometric(steps=max(n // 2, 1))``).

    >>> Geometric(t0=10, alpha=0.5, t_min=1, steps=3).total_steps
    12
    """

    t0: float = 90.0
    alpha: float = 0.997
    t_min: float = 0.1
    steps: int = 100

    def __post_init__(self):
        if not (isinstance(self.steps, int) and self.steps >= 1):
            raise UsageError(f"bad schedule {self}: steps must be a whole number >= 1")
        if not (self.t0 > self.t_min > 0 and 0 < self.alpha < 1):
            raise UsageError(f"bad schedule {self}: need t0 > t_min > 0 and 0 < alpha < 1")

    def temperatures(self) -> Iterator[float]:
        """The temperatures of one run, from ``t0`` down to (not below) ``t_min``."""
        t = self.t0
        while t > self.t_min:
            yield t
            t *= self.alpha

    @property
    def total_steps(self) -> int:
        """Moves in one full run."""
        levels = math.ceil(math.log(self.t_min / self.t0) / math.log(self.alpha))
        return levels * self.steps


@dataclass
class AnnealResult:
    """Best state and energy found, how the search ended, and its statistics.

    Unpacks as ``best_state, best_energy = result``.
    """

    state: Any
    energy: float
    status: Status
    stats: Stats = field(default_factory=Stats)

    def __iter__(self):
        return iter((self.state, self.energy))


def anneal(
    start: Callable[[random.Random], Any],
    energy: Callable[[Any], float],
    move: Callable[[Any, random.Random], float | None],
    *,
    undo: Callable[[Any], None] | None = None,
    copy: Callable[[Any], Any] = copy_module.deepcopy,
    schedule: Geometric | str | None = None,
    target: float | None = 0,
    restarts: int | None = 0,
    seed: int | random.Random | None = None,
    limits: Limits | None = None,
    progress: Callable[[Stats], None] | None = None,
) -> AnnealResult:
    """Minimise ``energy`` by simulated annealing; restart until ``target`` is reached.

    ``start(rng)`` makes a fresh state for each run.  A run follows ``schedule`` (default
    :class:`Geometric` with the seed's parameters; ``"auto"``: fitted by
    :func:`auto_schedule` on a short trial run) and ends early once the energy is
    ``<= target`` (``target=None``: always run the whole schedule).  ``restarts`` more runs
    are made while the target is unmet (``None``: no limit except ``limits``).

    Status: ``SOLVED`` when the target is reached (or, with no target, after the runs);
    ``GAVE_UP`` when the runs or ``limits`` (``nodes`` = moves, ``seconds``) run out first.
    ``progress`` is called about every 0.2 s with one :class:`Stats` (moves so far, seconds,
    and in ``extra`` the run, temperature, energy and best energy).  Limits are checked once
    per temperature level.  The best state is copied (with
    ``copy``; pass ``list`` for a list state) at each new best, except the final one.
    Statistics: ``nodes`` moves, ``extra`` accepted moves, runs, copies (of best states,
    and of every state before a move when there is no ``undo``).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if schedule == "auto":
        schedule = auto_schedule(start, energy, move, undo=undo, copy=copy, seed=rng)
    elif isinstance(schedule, str):
        raise UsageError(f"unknown schedule {schedule!r}; give a Geometric or 'auto'")
    schedule = schedule or Geometric()
    limits = limits or Limits()
    if restarts is not None and restarts < 0:
        raise UsageError(f"restarts must be >= 0 or None, got {restarts}")
    if restarts is None and target is None and limits.nodes is None and limits.seconds is None:
        raise UsageError("restarts=None needs a target or a limit, or it never ends")
    deadline = limits.deadline()
    began = time.monotonic()
    next_report = began + 0.2
    steps = accepted = copies = runs = 0
    best_state, best_energy = None, math.inf
    status = Status.GAVE_UP
    rand, exp = rng.random, math.exp

    while restarts is None or runs <= restarts:
        runs += 1
        state = start(rng)
        current = energy(state)
        run_best, run_best_energy = state, current
        reached = target is not None and current <= target
        if not reached:
            run_best, copies = copy(state), copies + 1
        for t in schedule.temperatures():
            if reached:
                break
            for _ in range(schedule.steps):
                if undo is None:
                    saved, copies = copy(state), copies + 1
                delta = move(state, rng)
                if delta is None:
                    delta = energy(state) - current
                steps += 1
                if delta <= 0 or exp(-delta / t) > rand():
                    accepted += 1
                    current += delta
                    if current < run_best_energy:
                        run_best_energy = current
                        if target is not None and current <= target:
                            run_best, reached = state, True  # we stop here: no copy needed
                            break
                        run_best, copies = copy(state), copies + 1
                elif undo:
                    undo(state)
                else:
                    state = saved
            if limits.nodes is not None and steps >= limits.nodes:
                break
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                break
            if progress and now >= next_report:
                next_report = now + 0.2
                progress(Stats(nodes=steps, seconds=now - began, extra={
                    "run": runs, "temperature": t, "energy": current,
                    "best": min(best_energy, run_best_energy)}))
        if run_best_energy < best_energy:
            best_state, best_energy = run_best, run_best_energy
        if target is not None and best_energy <= target:
            status = Status.SOLVED
            break
        if (limits.nodes is not None and steps >= limits.nodes) or (
                deadline is not None and time.monotonic() >= deadline):
            break
    else:
        if target is None:
            status = Status.SOLVED

    stats = Stats(nodes=steps, seconds=time.monotonic() - began,
                  extra={"accepted": accepted, "runs": runs, "copies": copies})
    return AnnealResult(best_state, best_energy, status, stats)


def auto_schedule(
    start: Callable[[random.Random], Any],
    energy: Callable[[Any], float],
    move: Callable[[Any, random.Random], float | None],
    *,
    undo: Callable[[Any], None] | None = None,
    copy: Callable[[Any], Any] = copy_module.deepcopy,
    trial: int = 200,
    steps: int = 100,
    seed: int | random.Random | None = None,
) -> Geometric:
    """A geometric schedule fitted by a short trial run of ``trial`` random moves.

    ``t0`` accepts an average uphill move with probability 0.8 (hot enough to move freely),
    ``t_min`` accepts it with probability 0.005 (cold enough to be greedy); ``alpha``
    cools from one to the other in about 300 levels of ``steps`` moves.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    state = start(rng)
    current = energy(state)
    uphill = []
    for _ in range(trial):
        saved = None if undo else copy(state)
        delta = move(state, rng)
        if delta is None:
            delta = energy(state) - current
        if delta > 0:
            uphill.append(delta)
        if undo:
            undo(state)
        else:
            state = saved
    mean = sum(uphill) / len(uphill) if uphill else 1.0
    t0 = -mean / math.log(0.8)
    t_min = -mean / math.log(0.005)
    alpha = (t_min / t0) ** (1 / 300)
    return Geometric(t0=t0, alpha=alpha, t_min=t_min, steps=steps)
