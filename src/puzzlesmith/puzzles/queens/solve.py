"""Solving N-Queens: the methods, their size caps, and the models they give the engines.

==================  ==========================================================  ===========
method              what it does                                                largest N
==================  ==========================================================  ===========
``construct``       the explicit O(N) formula (Hoffman, Loessi and Moore 1969)  20,000,000
``minconflicts``    min-conflicts repair from a greedy start (Minton 1992;      20,000,000
                    Sosic and Gu 1991)
``annealing``       the seed document's simulated annealing (swap two          1,000,000
                    columns, T0 = 90, alpha = 0.997)
``genetic``         the seed's genetic algorithm on permutations                1,000
``backtrack``       depth-first search with bit masks (exact, lexicographic)    60
==================  ==========================================================  ===========

The largest N of ``construct`` and ``minconflicts`` is the instance's own cap
(:data:`~.board.MAX_N`, raised with ``max_queens``).  Every method but ``construct`` keeps
given queens (the completion puzzle): ``construct`` rejects them.

Why two implementations of annealing and min-conflicts: the generic engines
(:mod:`puzzlesmith.engines`) are plain Python so that any puzzle can plug a model into them;
below :data:`COMPILED_FROM` queens the N-Queens model runs through them.  A Python step
costs microseconds, too slow for 10^4 to 10^7 queens, so from :data:`COMPILED_FROM` queens
the same algorithms run as compiled kernels (:mod:`.kernels`, in bounded chunks; the repair
kernel uses the permutation model with swaps, which needs no domain scan).

>>> from .board import Board
>>> outcome = solve(Board(8), "backtrack")
>>> outcome.status.value, outcome.rows
('solved', [0, 4, 7, 5, 2, 6, 1, 3])
>>> solve(Board(3), "construct").status.value
'unsolvable'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial

import numpy as np

from ... import errors
from ...engines.annealing import Geometric, anneal
from ...engines.driver import ChunkDriver
from ...engines.genetic import GeneticAlgorithm
from ...engines.minconflicts import min_conflicts
from ...errors import InvalidPuzzle, UsageError
from ...results import Limits, Stats, Status
from .board import Board, construct
from .chunks import drive, kernels
from .codes import SOLVED
from .counting import COUNT_MAX_N, first_solution

__all__ = ["METHODS", "CAPS", "COMPILED_FROM", "Outcome", "default_method", "check_method",
           "solve", "SwapModel", "RowsProblem", "genetic_algorithm", "annealing_schedule"]

METHODS = ("construct", "minconflicts", "annealing", "genetic", "backtrack")
#: From this many queens annealing and min-conflicts run as compiled kernels.
COMPILED_FROM = 100
#: The largest N per method (None: the instance's own cap).
CAPS = {"construct": None, "minconflicts": None, "annealing": 1_000_000, "genetic": 1_000,
        "backtrack": COUNT_MAX_N}
#: Steps of the Python min-conflicts engine before it gives up (below COMPILED_FROM).
PYTHON_REPAIR_STEPS = 100_000
#: Runs of annealing and starts of the repair kernel before they give up.
ANNEAL_RUNS = 1000
REPAIR_STARTS = 100
#: Generations of the genetic algorithm, over all its runs, before it gives up.
GA_GENERATIONS = 20_000
#: Probes for a conflict-free row per column in the repair kernel's greedy start.
GREEDY_TRIES = 50


@dataclass
class Outcome:
    """What a method found: status, rows (None unless solved), statistics, and which limit
    stopped it (``"nodes"``, ``"time"``, ``"interrupt"``, or the method's own ``"budget"``)."""

    status: Status
    rows: list[int] | None
    stats: Stats
    stopped_by: str | None = None


def default_method(board: Board) -> str:
    """The method ``solve`` uses when none is named: the O(N) construction, or with givens
    exact backtracking up to N = 60 and min-conflicts beyond."""
    if not board.givens:
        return "construct"
    return "backtrack" if board.n <= CAPS["backtrack"] else "minconflicts"


def check_method(board: Board, method: str) -> None:
    """Refuse a method that cannot work on ``board`` before any work starts."""
    errors.check_method(method, METHODS)
    cap = CAPS[method]
    if cap is not None and board.n > cap:
        raise InvalidPuzzle(f"{method} is limited to N <= {cap:,} queens, got {board.n:,}; "
                            f"use minconflicts or construct")
    if method == "construct" and board.givens:
        raise UsageError("construct places every queen by a formula and cannot keep given "
                         "queens; use backtrack, minconflicts, annealing or genetic")


def solve(board: Board, method: str | None = None, *, seed: int | None = None,
          limits: Limits | None = None, progress: Callable[[Stats], None] | None = None,
          start: list[int | None] | None = None) -> Outcome:
    """Place ``board.n`` queens, keeping the givens, with ``method`` (default
    :func:`default_method`).  ``limits``: ``nodes`` counts the method's steps (see the
    package's docs), ``seconds`` the time; ``seed`` makes the random methods reproducible.
    ``start`` (min-conflicts only): a row per column for the first repair to start from
    (None: the column's greedy row)."""
    method = method or default_method(board)
    check_method(board, method)
    run = _SOLVERS[method]
    if start is not None:
        if method != "minconflicts" or len(start) != board.n:
            raise UsageError("a start position needs minconflicts and a row per column")
        run = partial(_minconflicts, start=start)
    limits = (limits or Limits()).started()
    began = time.monotonic()
    if board.n in (2, 3):
        outcome = Outcome(Status.UNSOLVABLE, None, Stats())
    elif len(board.givens) == board.n:
        outcome = Outcome(Status.SOLVED, [r for _, r in board.givens], Stats())
    else:
        try:
            outcome = run(board, random.Random(seed), limits, progress)
        except KeyboardInterrupt:
            outcome = Outcome(Status.GAVE_UP, None, Stats(), "interrupt")
    outcome.stats.seconds = time.monotonic() - began
    if outcome.status is not Status.SOLVED:
        outcome.rows = None
    if outcome.status is Status.GAVE_UP and outcome.stopped_by is None:
        outcome.stopped_by = _stopped(limits, outcome.stats.nodes, began)
    return outcome


def _stopped(limits: Limits, nodes: int, began: float) -> str:
    """Which limit stopped a Python engine that gave up: ``nodes``, ``time`` or its own
    ``budget`` (steps, runs, generations)."""
    if limits.nodes is not None and nodes >= limits.nodes:
        return "nodes"
    if limits.expired() or (limits.until is None and limits.seconds is not None
                            and time.monotonic() - began >= limits.seconds):
        return "time"
    return "budget"


def _free(board: Board) -> tuple[list[int], list[int]]:
    """The free columns and the free rows, in order."""
    fixed = board.fixed
    used = set(fixed.values())
    return ([c for c in range(board.n) if c not in fixed],
            [r for r in range(board.n) if r not in used])


# -- construct and backtrack ---------------------------------------------------------------

def _construct(board, rng, limits, progress) -> Outcome:
    rows = construct(board.n)
    return Outcome(Status.SOLVED, rows.tolist(), Stats(nodes=board.n))


def _backtrack(board, rng, limits, progress) -> Outcome:
    rows, found = first_solution(board, limits, progress)
    if rows is not None:
        return Outcome(Status.SOLVED, rows, found.stats)
    if found.complete:
        return Outcome(Status.UNSOLVABLE, None, found.stats)
    return Outcome(Status.GAVE_UP, None, found.stats, found.stopped_by)


# -- min-conflicts -------------------------------------------------------------------------

class RowsProblem:
    """N-Queens for :func:`~puzzlesmith.engines.minconflicts.min_conflicts`: one variable per
    free column, its value the row; row and diagonal counters make a conflict count O(1).
    Given queens are counted but never move.  Starts greedily: each free column takes a
    least-attacked row (ties at random), unless ``start`` gives it one."""

    def __init__(self, board: Board, rng: random.Random,
                 start: list[int | None] | None = None):
        n = self.n = board.n
        self.free, _ = _free(board)
        self.rows = [0] * n
        self.row = [0] * n
        self.up = [0] * (2 * n)
        self.down = [0] * (2 * n)
        for c, r in board.givens:
            self._add(c, r)
        for c in self.free:
            if start is not None and start[c] is not None:
                self._add(c, start[c])
                continue
            best, choices = n * 3 + 1, []
            for r in range(n):
                k = self.row[r] + self.up[c + r] + self.down[c - r + n]
                if k < best:
                    best, choices = k, [r]
                elif k == best:
                    choices.append(r)
            self._add(c, choices[rng.randrange(len(choices))])

    def variables(self):
        return self.free

    def values(self, c):
        return range(self.n)

    def value(self, c):
        return self.rows[c]

    def conflicts(self, c, r):
        own = 3 if self.rows[c] == r else 0
        return self.row[r] + self.up[c + r] + self.down[c - r + self.n] - own

    def assign(self, c, r):
        old = self.rows[c]
        self.row[old] -= 1
        self.up[c + old] -= 1
        self.down[c - old + self.n] -= 1
        self._add(c, r)

    def _add(self, c, r):
        self.rows[c] = r
        self.row[r] += 1
        self.up[c + r] += 1
        self.down[c - r + self.n] += 1


def _start_rows(board: Board) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows (givens in place, the free rows in order on the free columns), the free
    columns and the given columns, as int32 arrays."""
    n = board.n
    if not board.givens:
        return np.arange(n, dtype=np.int32), np.arange(n, dtype=np.int32), \
            np.empty(0, np.int32)
    cols, free_rows = _free(board)
    rows = np.empty(n, np.int32)
    rows[cols] = free_rows
    given = np.array([c for c, _ in board.givens], np.int32)
    rows[given] = [r for _, r in board.givens]
    return rows, np.array(cols, np.int32), given


def _python_repair(board, rng, limits, progress, start=None) -> Outcome:
    """The generic engine, restarted from a new greedy start every ``max(1000, 50 N)``
    steps (plain min-conflicts can stall in a local minimum on small boards); the first
    start takes the rows of ``start``."""
    stats = Stats(extra={"starts": 0})
    while stats.nodes < PYTHON_REPAIR_STEPS:
        problem = RowsProblem(board, rng, start)
        start = None
        stats.extra["starts"] += 1
        budget = min(PYTHON_REPAIR_STEPS - stats.nodes, max(1000, 50 * board.n))
        left = None if limits.nodes is None else limits.nodes - stats.nodes
        result = min_conflicts(problem, max_steps=budget, seed=rng,
                               limits=replace(limits, nodes=left), progress=progress)
        stats.add(result.stats)
        if result.status is Status.SOLVED:
            return Outcome(Status.SOLVED, list(problem.rows), stats)
        if result.stats.nodes < budget or (left is not None and result.stats.nodes >= left):
            break  # stopped by a limit, not by its budget
    return Outcome(Status.GAVE_UP, None, stats)


def _kernel_seed(rng: random.Random) -> np.ndarray:
    return np.array([rng.getrandbits(64)], np.uint64)


def _minconflicts(board, rng, limits, progress, start=None) -> Outcome:
    n = board.n
    if n < COMPILED_FROM:
        return _python_repair(board, rng, limits, progress, start)
    k = kernels(limits.deadline())
    rows, cols, given = _start_rows(board)
    m = n - len(given)
    if m == n:
        cols = np.empty(0, np.int32)  # every column is free: the kernel needs no list
    # the counters and the queue, freed before the answer becomes a list
    work = {"up": np.zeros(2 * n - 1, np.int32), "down": np.zeros(2 * n - 1, np.int32),
            "queue": np.empty(max(1, min(m, 1 << 20)), np.int32)}
    state = np.zeros(9, np.int64)
    state[8] = -1
    seed = _kernel_seed(rng)
    driver = ChunkDriver(limits, progress)
    patience = max(7 * m, 10_000)

    def step(stop):
        code = k.repair(n, m, cols, given, rows, work["up"], work["down"], work["queue"], seed,
                        state, GREEDY_TRIES, patience, REPAIR_STARTS, stop)
        driver.stats.extra.update(swaps=int(state[1]), starts=int(state[2]))
        return code

    code = drive(driver, step, lambda: state[0])
    work.clear()
    if code == SOLVED:
        return Outcome(Status.SOLVED, rows.tolist(), driver.stats)
    return Outcome(Status.GAVE_UP, None, driver.stats, driver.stopped_by or "budget")


# -- simulated annealing -------------------------------------------------------------------

def annealing_schedule(n: int) -> Geometric:
    """The seed's schedule (T0 = 90, alpha = 0.997, N/2 moves per temperature), cooled to
    ``min(0.1, 0.4 / ln N)`` instead of 0.1: a large board has so many one-conflict
    neighbours of each solution that at 0.1 it settles a few conflicts above zero.

    >>> annealing_schedule(8).steps
    4
    """
    return Geometric(t0=90.0, alpha=0.997, t_min=min(0.1, 0.4 / math.log(max(n, 3))),
                     steps=max(n // 2, 1))


class SwapModel:
    """The seed's annealing model with O(1) scoring: a permutation, diagonal counters.

    ``energy`` is the number of attacking pairs; ``move`` swaps two random free columns
    and returns the change of energy; ``undo`` swaps them back.  Given queens never move.
    """

    def __init__(self, board: Board):
        self.n = board.n
        self.free, free_rows = _free(board)
        self.template = [0] * self.n
        for c, r in board.givens:
            self.template[c] = r
        for c, r in zip(self.free, free_rows, strict=True):
            self.template[c] = r
        self.last = (0, 0)

    def start(self, rng: random.Random) -> list:
        """The seed's start: queens on the diagonal (the givens and the free rows in order),
        shuffled by random swaps of free columns, one per free column."""
        n, free = self.n, self.free
        state = list(self.template)
        for _ in range(len(free)):
            a, b = free[rng.randrange(len(free))], free[rng.randrange(len(free))]
            state[a], state[b] = state[b], state[a]
        self.up = [0] * (2 * n)
        self.down = [0] * (2 * n)
        for c, r in enumerate(state):
            self.up[c + r] += 1
            self.down[c - r + n] += 1
        return state

    def energy(self, state: list) -> int:
        """Attacking pairs, counted afresh (the counters are only used by ``move``)."""
        n = self.n
        up, down = [0] * (2 * n), [0] * (2 * n)
        for c, r in enumerate(state):
            up[c + r] += 1
            down[c - r + n] += 1
        return sum(k * (k - 1) // 2 for k in up) + sum(k * (k - 1) // 2 for k in down)

    def move(self, state: list, rng: random.Random) -> int:
        """Swap two distinct random free columns; return the change in attacking pairs."""
        free = self.free
        m, random_ = len(free), rng.random
        if m < 2:
            self.last = None
            return 0
        a = int(random_() * m)
        b = int(random_() * (m - 1))  # faster than randrange, and uniform enough here
        b += b >= a
        self.last = (free[a], free[b])
        return self._swap(state, *self.last)

    def undo(self, state: list) -> None:
        """Swap the last two columns back."""
        if self.last is not None:
            self._swap(state, *self.last)

    def _swap(self, state: list, a: int, b: int) -> int:
        n, up, down = self.n, self.up, self.down
        ra, rb = state[a], state[b]
        up[a + ra] -= 1
        down[a - ra + n] -= 1
        delta = -(up[a + ra] + down[a - ra + n])
        up[b + rb] -= 1
        down[b - rb + n] -= 1
        delta -= up[b + rb] + down[b - rb + n]
        delta += up[a + rb] + down[a - rb + n]
        up[a + rb] += 1
        down[a - rb + n] += 1
        delta += up[b + ra] + down[b - ra + n]
        up[b + ra] += 1
        down[b - ra + n] += 1
        state[a], state[b] = rb, ra
        return delta


def _annealing(board, rng, limits, progress) -> Outcome:
    n = board.n
    schedule = annealing_schedule(n)
    if n < COMPILED_FROM:
        model = SwapModel(board)
        restarts = ANNEAL_RUNS - 1 if len(model.free) > 1 else 0
        result = anneal(model.start, model.energy, model.move, undo=model.undo, copy=list,
                        schedule=schedule, target=0, restarts=restarts, seed=rng,
                        limits=limits, progress=progress)
        if result.status is Status.SOLVED:
            return Outcome(Status.SOLVED, list(result.state), result.stats)
        return Outcome(Status.GAVE_UP, None, result.stats)
    k = kernels(limits.deadline())
    template, cols, _ = _start_rows(board)
    rows = np.empty(n, np.int32)
    up, down = np.zeros(2 * n - 1, np.int32), np.zeros(2 * n - 1, np.int32)
    state = np.array([0, 0, 0, 0, 0, 0, -1], np.int64)
    temperature = np.zeros(1, np.float64)
    seed = _kernel_seed(rng)
    driver = ChunkDriver(limits, progress)

    def step(stop):
        code = k.anneal(n, cols, template, rows, up, down, seed, state, temperature,
                        schedule.t0, schedule.alpha, schedule.t_min, schedule.steps,
                        ANNEAL_RUNS - 1, stop)
        driver.stats.extra.update(runs=int(state[1]), energy=int(state[4]),
                                  best=int(state[6]), temperature=float(temperature[0]))
        return code

    code = drive(driver, step, lambda: state[0])
    if code == SOLVED:
        return Outcome(Status.SOLVED, rows.tolist(), driver.stats)
    return Outcome(Status.GAVE_UP, None, driver.stats, driver.stopped_by or "budget")


# -- the genetic algorithm -----------------------------------------------------------------

def genetic_algorithm(board: Board, rng: random.Random) -> tuple[GeneticAlgorithm, Callable]:
    """The seed-style genetic algorithm for ``board``, all randomness from ``rng``, and the
    function that turns an individual into the rows of the whole board.

    Individuals are permutations of the free rows over the free columns; fitness (to
    minimise, 0 = solved) counts the queens beyond the first on each diagonal,
    ``2n - |{c+r}| - |{c-r}|`` over every queen; mutation swaps an attacked queen's column
    with a random one; crossover is order crossover (OX1), which keeps children
    permutations.
    """
    n = board.n
    free, free_rows = _free(board)
    m = len(free)
    given_up = {c + r for c, r in board.givens}
    given_down = {c - r for c, r in board.givens}

    def individual() -> list:
        rows = list(free_rows)
        rng.shuffle(rows)
        return rows

    def fitness(rows: list, target) -> int:
        return 2 * n - len(given_up.union([c + r for c, r in zip(free, rows, strict=True)])) \
            - len(given_down.union([c - r for c, r in zip(free, rows, strict=True)]))

    def mutate(rows: list) -> None:
        seen_up, seen_down, attacked = set(given_up), set(given_down), []
        for i, (c, r) in enumerate(zip(free, rows, strict=True)):
            if c + r in seen_up or c - r in seen_down:
                attacked.append(i)
            seen_up.add(c + r)
            seen_down.add(c - r)
        a = attacked[rng.randrange(len(attacked))] if attacked else rng.randrange(m)
        b = rng.randrange(m)
        rows[a], rows[b] = rows[b], rows[a]

    def crossover(male: list, female: list) -> list:
        i, j = sorted((rng.randrange(m), rng.randrange(m)))
        middle = male[i:j + 1]
        taken = set(middle)
        rest = [r for r in female if r not in taken]
        return rest[:i] + middle + rest[i:]

    def whole(rows: list) -> list[int]:
        out = [0] * n
        for c, r in board.givens:
            out[c] = r
        for c, r in zip(free, rows, strict=True):
            out[c] = r
        return out

    return GeneticAlgorithm(individual, fitness, mutate, crossover, seed=rng), whole


def _genetic(board, rng, limits, progress) -> Outcome:
    """Runs of the genetic algorithm, each from a new population, until one reaches a
    solution: a run that has not improved for 500 generations has converged on a local
    optimum (on small or constrained boards the population loses its diversity)."""
    ga, whole = genetic_algorithm(board, rng)
    stats = Stats(extra={"generations": 0, "runs": 0})
    while stats.extra["generations"] < GA_GENERATIONS:
        left = None if limits.nodes is None else limits.nodes - stats.nodes
        pop = ga.population(max(20, min(4 * board.n, 200)))
        result = ga.run(pop, 0, generations=GA_GENERATIONS - stats.extra["generations"],
                        patience=500, retain=0.3, random_select=0.05, mutate=0.5, elite=2,
                        tournament=3, limits=replace(limits, nodes=left), progress=progress)
        stats.add(result.stats)
        stats.extra["runs"] += 1
        if result.status is Status.SOLVED:
            return Outcome(Status.SOLVED, whole(result.best), stats)
        if limits.expired() or (left is not None and result.stats.nodes >= left):
            break
    return Outcome(Status.GAVE_UP, None, stats)


_SOLVERS = {"construct": _construct, "backtrack": _backtrack, "minconflicts": _minconflicts,
            "annealing": _annealing, "genetic": _genetic}
