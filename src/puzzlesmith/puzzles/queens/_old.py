"""N-Queens: place N queens on an N x N board so that no two attack each other.

An answer is ``rows``: ``rows[c]`` is the (0-based) row of the queen in column ``c``.
The same small surface as every puzzle:

* :func:`parse` / :func:`validate` — the size N from text or an int (``InvalidPuzzle``);
* :func:`solve` — one answer by a method (``UsageError`` for an unknown one, before work);
* :func:`solutions` — every answer, lazily (backtracking); :func:`count` — how many;
* :func:`format_board` (the seed's ``K``/``.`` board), :func:`format_rows`;
* :func:`is_solution` — an independent checker, used on every answer in the tests.

Methods (``default_method(n)`` picks the fastest correct one, ``construct``):

``construct``     the explicit O(N) formula (Hoffman, Loessi and Moore 1969), any N
``minconflicts``  min-conflicts repair from a greedy start (Minton 1992; Sosic and Gu 1991)
``annealing``     the seed document's simulated annealing (swap two columns, T0=90, 0.997)
``genetic``       the seed's genetic algorithm on permutations (practical up to ~100)
``backtrack``     depth-first search with bit masks (exact; slow beyond ~25)

Why two implementations of annealing and min-conflicts: the generic engines
(:mod:`puzzlesmith.engines`) are plain Python so that any puzzle can plug a model into
them; below :data:`COMPILED_FROM` queens this module runs its N-Queens model through them.
A Python step costs microseconds, which is too slow for 10^4 to 10^7 queens, so from
:data:`COMPILED_FROM` queens the same algorithms run as small numba kernels in
:mod:`puzzlesmith.puzzles._queens_kernels` (same moves and energy; the repair kernel uses
the permutation model with swaps, which needs no domain scan).

>>> result = solve(8, "backtrack")
>>> result.rows
[0, 4, 7, 5, 2, 6, 1, 3]
>>> print(format_board(result.rows))
K.......
......K.
....K...
.......K
.K......
...K....
.....K..
..K.....
>>> count(8).count
92
>>> solve(3).status.value
'unsolvable'
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ..engines.annealing import Geometric, anneal
from ..engines.genetic import GeneticAlgorithm
from ..engines.minconflicts import min_conflicts
from ..errors import InvalidPuzzle, UsageError
from ..results import Limits, Stats, Status

__all__ = [
    "METHODS", "COMPILED_FROM", "MAX_N", "QueensResult", "CountResult", "parse", "validate",
    "default_method", "solve", "solutions", "count", "is_solution", "format_board",
    "format_rows", "construct", "SwapModel", "RowsProblem", "genetic_algorithm",
]

METHODS = ("construct", "minconflicts", "annealing", "genetic", "backtrack")
#: From this many queens annealing and min-conflicts run as compiled kernels.
COMPILED_FROM = 100
#: The largest board accepted: twice the showcase of 10^7 queens (the answer as a Python
#: list of 2 * 10^7 ints, the kernels' arrays and the JSON text take a few GB).
MAX_N = 20_000_000
#: The largest board :func:`count` accepts (bit masks in 64-bit integers).
MAX_COUNT_N = 30
#: Known counts (OEIS A000170) for N = 0..18, used by tests and benchmarks.
KNOWN_COUNTS = (1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
                2279184, 14772512, 95815104, 666090624)


@dataclass
class QueensResult:
    """One answer: status, ``rows`` (``None`` unless solved), the method used, statistics."""

    status: Status
    rows: list[int] | None
    method: str
    stats: Stats = field(default_factory=Stats)


@dataclass
class CountResult:
    """The number of solutions; ``complete`` is False when a limit cut the count short."""

    count: int
    complete: bool
    stats: Stats = field(default_factory=Stats)


# -- the size ----------------------------------------------------------------------------

def validate(n: int) -> int:
    """``n`` itself if it is a board size we accept, else ``InvalidPuzzle``."""
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        raise InvalidPuzzle(f"the number of queens must be an integer, got {n!r}")
    if not 1 <= n <= MAX_N:
        raise InvalidPuzzle(f"the number of queens must be between 1 and {MAX_N:,}, got {n}")
    return int(n)


def parse(text: str) -> int:
    """The board size from text such as ``"32"``, ``"1e6"`` or ``"10_000"``.

    >>> parse("1e6")
    1000000
    """
    s = text.strip().replace("_", "")
    try:
        value = int(s)
    except ValueError:
        try:
            f = float(s)
        except ValueError:
            raise InvalidPuzzle(f"not a number of queens: {text!r}") from None
        if not f.is_integer():
            raise InvalidPuzzle(f"not a whole number of queens: {text!r}") from None
        value = int(f)
    return validate(value)


def default_method(n: int) -> str:
    """The fastest correct method for ``n`` queens: the explicit construction, O(N)."""
    validate(n)
    return "construct"


# -- checking and formatting -------------------------------------------------------------

def is_solution(rows, n: int | None = None) -> bool:
    """True iff ``rows`` places ``n`` (default ``len(rows)``) mutually safe queens.

    Independent of every solver: counts the queens on every row and both kinds of diagonal
    (``c + r`` and ``c - r``) with ``numpy.bincount``; each must hold at most one.

    >>> is_solution([1, 3, 0, 2]), is_solution([0, 1, 2, 3])
    (True, False)
    """
    if rows is None:
        return False
    try:
        a = np.asarray(rows)
    except (TypeError, ValueError):
        return False
    if a.dtype.kind not in "iu":  # integers only (no floats, bools, strings)
        return False
    a = a.astype(np.int64)
    n = len(a) if n is None and a.ndim == 1 else n
    if a.ndim != 1 or len(a) != n or n == 0:
        return False
    if a.min() < 0 or a.max() >= n:
        return False
    c = np.arange(n, dtype=np.int64)
    return all(np.bincount(v, minlength=1).max() == 1 for v in (a, c + a, c - a + n - 1))


def format_board(rows) -> str:
    """The seed's board: one line per row, ``K`` for a queen, ``.`` elsewhere."""
    n = len(rows)
    lines = [["."] * n for _ in range(n)]
    for c, r in enumerate(rows):
        lines[r][c] = "K"
    return "\n".join("".join(line) for line in lines)


def format_rows(rows) -> str:
    """The column-to-row list: the 0-based row of each column's queen, space separated."""
    if isinstance(rows, np.ndarray):
        return " ".join(map(str, rows.tolist()))
    return " ".join(map(str, rows))


# -- construct ---------------------------------------------------------------------------

def construct(n: int) -> np.ndarray | None:
    """The explicit solution for ``n`` queens in O(N) (``None`` for 2 and 3).

    Rows (1-based) in column order: the even numbers then the odd ones; for N mod 6 == 2
    swap 1 and 3 and move 5 to the end of the odds; for N mod 6 == 3 move 2 to the end of
    the evens and 1, 3 to the end of the odds.

    >>> construct(8).tolist()
    [1, 3, 5, 7, 2, 0, 6, 4]
    """
    n = validate(n)
    if n in (2, 3):
        return None
    evens = np.arange(2, n + 1, 2, dtype=np.int64)
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:
        odds = np.concatenate(([3, 1], odds[3:], [5])) if n >= 8 else odds
    elif n % 6 == 3:
        evens = np.concatenate((evens[1:], [2]))
        odds = np.concatenate((odds[2:], [1, 3]))
    return np.concatenate((evens, odds)) - 1


# -- backtracking ------------------------------------------------------------------------

def solutions(n: int, *, limits: Limits | None = None, stats: Stats | None = None
              ) -> Iterator[list[int]]:
    """Every solution in lexicographic order of ``rows``, by backtracking with bit masks.

    Stops silently at ``limits`` (``nodes`` = placements tried, ``seconds``); ``stats``
    (if given) receives the node count, and ``stats.extra["complete"]`` says whether the
    enumeration finished.
    """
    n = validate(n)
    limits = limits or Limits()
    stats = stats if stats is not None else Stats()
    deadline = limits.deadline()
    node_limit = limits.nodes
    full = (1 << n) - 1
    rows = [0] * n
    stack = [(full, 0, 0, 0)]  # (available rows, used rows, diagonal masks) per column
    stats.extra["complete"] = False
    nodes = 0
    while stack:
        avail, used, up, down = stack[-1]
        if not avail:
            stack.pop()
            continue
        if (node_limit is not None and nodes >= node_limit) or (
                deadline is not None and nodes & 4095 == 0 and time.monotonic() >= deadline):
            stats.nodes = nodes
            return
        bit = avail & -avail
        stack[-1] = (avail ^ bit, used, up, down)
        nodes += 1
        col = len(stack) - 1
        rows[col] = bit.bit_length() - 1
        if col == n - 1:
            stats.nodes = nodes
            yield list(rows)
            continue
        used2, up2, down2 = used | bit, ((up | bit) << 1) & full, (down | bit) >> 1
        stack.append((full & ~(used2 | up2 | down2), used2, up2, down2))
    stats.nodes = nodes
    stats.extra["complete"] = True


# -- the models for the generic engines --------------------------------------------------

class SwapModel:
    """The seed's annealing model with O(1) scoring: a permutation, diagonal counters.

    ``energy`` is the number of attacking pairs; ``move`` swaps two random columns and
    returns the change of energy; ``undo`` swaps them back.
    """

    def __init__(self, n: int):
        self.n = n
        self.last = (0, 0)

    def start(self, rng: random.Random) -> list:
        """The seed's start: queens on the diagonal, shuffled by N random swaps."""
        n = self.n
        state = list(range(n))
        for _ in range(n):
            a, b = rng.randrange(n), rng.randrange(n)
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
        """Swap two distinct random columns; return the change in attacking pairs."""
        n, random_ = self.n, rng.random
        a = int(random_() * n)
        b = int(random_() * (n - 1))  # faster than randrange, and uniform enough here
        b += b >= a
        self.last = (a, b)
        return self._swap(state, a, b)

    def undo(self, state: list) -> None:
        """Swap the last two columns back."""
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


class RowsProblem:
    """N-Queens for :func:`~puzzlesmith.engines.minconflicts.min_conflicts`: one variable per
    column, its value the row; row and diagonal counters make a conflict count O(1)."""

    def __init__(self, n: int, rng: random.Random):
        self.n = n
        self.rows = [0] * n
        self.row = [0] * n
        self.up = [0] * (2 * n)
        self.down = [0] * (2 * n)
        for c in range(n):  # greedy start: each column takes a least-attacked row
            best, choices = n + 1, []
            for r in range(n):
                k = self.row[r] + self.up[c + r] + self.down[c - r + n]
                if k < best:
                    best, choices = k, [r]
                elif k == best:
                    choices.append(r)
            self.rows[c] = -1
            self._add(c, choices[rng.randrange(len(choices))])

    def variables(self):
        return range(self.n)

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


def genetic_algorithm(n: int, rng: random.Random) -> GeneticAlgorithm:
    """The seed-style genetic algorithm for ``n`` queens, all randomness from ``rng``.

    Individuals are permutations (``individual(n)``); fitness (to minimise, 0 = solved)
    counts the queens beyond the first on each diagonal, ``2n - |{c+r}| - |{c-r}|``;
    mutation swaps an attacked queen's column with a random one; crossover is order
    crossover (OX1), which keeps children permutations.
    """

    def individual(size: int) -> list:
        rows = list(range(size))
        rng.shuffle(rows)
        return rows

    def fitness(rows: list, target) -> int:
        return 2 * n - len({c + r for c, r in enumerate(rows)}) \
            - len({c - r for c, r in enumerate(rows)})

    def mutate(rows: list) -> None:
        seen_up, seen_down, attacked = set(), set(), []
        for c, r in enumerate(rows):
            if c + r in seen_up or c - r in seen_down:
                attacked.append(c)
            seen_up.add(c + r)
            seen_down.add(c - r)
        a = attacked[rng.randrange(len(attacked))] if attacked else rng.randrange(n)
        b = rng.randrange(n)
        rows[a], rows[b] = rows[b], rows[a]

    def crossover(male: list, female: list) -> list:
        i, j = sorted((rng.randrange(n), rng.randrange(n)))
        middle = male[i:j + 1]
        taken = set(middle)
        rest = [r for r in female if r not in taken]
        return rest[:i] + middle + rest[i:]

    return GeneticAlgorithm(individual, fitness, mutate, crossover, seed=rng)


# -- solve -------------------------------------------------------------------------------

def solve(n: int, method: str | None = None, *, seed: int | None = None,
          limits: Limits | None = None, progress: Callable[[dict], None] | None = None
          ) -> QueensResult:
    """Place ``n`` queens with ``method`` (default :func:`default_method`).

    Status ``SOLVED`` with ``rows``; ``UNSOLVABLE`` for N = 2 and 3 (every method knows);
    ``GAVE_UP`` when ``limits`` (``nodes`` = the method's steps, ``seconds``) run out.
    ``seed`` makes the randomised methods reproducible.
    """
    if method is not None and method not in METHODS:
        raise UsageError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    n = validate(n)
    method = method or default_method(n)
    limits = limits or Limits()
    began = time.monotonic()
    if n in (2, 3):
        return QueensResult(Status.UNSOLVABLE, None, method,
                            Stats(seconds=time.monotonic() - began))
    status, rows, stats = _SOLVERS[method](n, seed, limits, progress)
    stats.seconds = time.monotonic() - began
    if rows is not None:
        rows = rows.tolist() if isinstance(rows, np.ndarray) else list(rows)
    return QueensResult(status, rows if status is Status.SOLVED else None, method, stats)


def _construct(n, seed, limits, progress):
    return Status.SOLVED, construct(n), Stats(nodes=n)


def _backtrack(n, seed, limits, progress):
    stats = Stats()
    for rows in solutions(n, limits=limits, stats=stats):
        stats.extra.pop("complete", None)
        return Status.SOLVED, rows, stats
    complete = stats.extra.pop("complete")
    return (Status.UNSOLVABLE if complete else Status.GAVE_UP), None, stats


def _max_steps(limits: Limits, default: int) -> int:
    return default if limits.nodes is None else limits.nodes


def _minconflicts(n, seed, limits, progress):
    rng = random.Random(seed)
    if n < COMPILED_FROM:
        problem = RowsProblem(n, rng)
        result = min_conflicts(problem, max_steps=_max_steps(limits, 2_000_000), seed=rng,
                               limits=Limits(seconds=limits.seconds), progress=progress)
        return result.status, problem.rows, result.stats
    from . import _queens_kernels as kernels

    budget = _max_steps(limits, 50 * n + 10**6)
    deadline = limits.deadline()
    steps = attempts = 0
    while steps < budget and attempts < 100:  # one start per call: limits checked between
        attempts += 1
        rows, used, solved = kernels.repair(n, _kernel_seed(rng), budget - steps, 50, 1)
        steps += int(used)
        if progress:
            progress({"attempt": attempts, "steps": steps})
        if solved:
            return Status.SOLVED, rows, Stats(nodes=steps, extra={"starts": attempts})
        if deadline is not None and time.monotonic() >= deadline:
            break
    return Status.GAVE_UP, None, Stats(nodes=steps, extra={"starts": attempts})


def annealing_schedule(n: int) -> Geometric:
    """The seed's schedule (T0 = 90, alpha = 0.997, N/2 moves per temperature), cooled to
    ``min(0.1, 0.4 / ln N)`` instead of 0.1: a large board has so many one-conflict
    neighbours of each solution that at 0.1 it settles a few conflicts above zero."""
    return Geometric(t0=90.0, alpha=0.997, t_min=min(0.1, 0.4 / math.log(max(n, 3))),
                     steps=max(n // 2, 1))


def _annealing(n, seed, limits, progress):
    rng = random.Random(seed)
    schedule = annealing_schedule(n)
    if n < COMPILED_FROM:
        model = SwapModel(n)
        result = anneal(model.start, model.energy, model.move, undo=model.undo, copy=list,
                        schedule=schedule, target=0, restarts=None if limits != Limits() else
                        1000, seed=rng, limits=limits, progress=progress)
        return result.status, result.state, result.stats
    from . import _queens_kernels as kernels

    budget = _max_steps(limits, 2**62)
    deadline = limits.deadline()
    moves = runs = 0
    while moves < budget and runs < 1000:  # one run per call: limits checked between runs
        rows, energy, used, _ = kernels.anneal(
            n, _kernel_seed(rng), schedule.t0, schedule.alpha, schedule.t_min, schedule.steps,
            0, budget - moves)
        moves += int(used)
        runs += 1
        if progress:
            progress({"run": runs, "steps": moves, "energy": int(energy)})
        if energy == 0:
            return Status.SOLVED, rows, Stats(nodes=moves, extra={"runs": runs})
        if deadline is not None and time.monotonic() >= deadline:
            break
    return Status.GAVE_UP, None, Stats(nodes=moves, extra={"runs": runs})


def _genetic(n, seed, limits, progress):
    rng = random.Random(seed)
    ga = genetic_algorithm(n, rng)
    pop = ga.population(max(20, min(4 * n, 200)), n)
    result = ga.run(pop, 0, generations=None if limits != Limits() else 20_000, patience=2_000,
                    retain=0.3, random_select=0.05, mutate=0.5, elite=2, tournament=3,
                    limits=limits, progress=progress)
    return result.status, result.best, result.stats


def _kernel_seed(rng: random.Random) -> int:
    return rng.randrange(2**31)


_SOLVERS = {"construct": _construct, "backtrack": _backtrack, "minconflicts": _minconflicts,
            "annealing": _annealing, "genetic": _genetic}


# -- count -------------------------------------------------------------------------------

def _jobs(n: int) -> list[tuple]:
    """The subtrees to count, below the first two rows, after symmetry (Takaken's method).

    A solution with a queen in a corner of row 0 is canonical with row 1's queen beyond
    column 1; otherwise row 0's queen at column ``b1`` in the left half bounds where the
    other rows may touch the sides.  Each job is ``(corner, b1, b2, lastmask, endbit,
    (row 0 bit, row 1 bit), 2, left, down, right)`` for
    :func:`~puzzlesmith.puzzles._queens_kernels.count_subtree`.
    """
    sizee, mask = n - 1, (1 << n) - 1
    topbit = 1 << sizee
    jobs = []
    for b1 in range(2, sizee):  # the corner: row 0's queen in column 0
        bit = 1 << b1
        jobs.append((True, b1, 0, 0, 0, (1, bit), 2, ((2 | bit) << 1) & mask, 1 | bit,
                     bit >> 1))
    lastmask = sidemask = topbit | 1
    endbit = topbit >> 1
    b1, b2 = 1, n - 2
    while b1 < b2:
        bit = 1 << b1
        left, down, right = bit << 1, bit, bit >> 1
        free = mask & ~(left | down | right)
        if b1 > 1:
            free &= ~sidemask
        while free:
            b = free & -free
            free ^= b
            jobs.append((False, b1, b2, lastmask, endbit, (bit, b), 2,
                         ((left | b) << 1) & mask, down | b, (right | b) >> 1))
        lastmask |= lastmask >> 1 | lastmask << 1
        endbit >>= 1
        b1 += 1
        b2 -= 1
    return jobs


def _ignore_interrupts():
    """In the worker processes only: Ctrl-C is handled by the parent, which stops them."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _count_job(args):
    n, (corner, b1, b2, lastmask, endbit, prefix, y0, left, down, right) = args
    from . import _queens_kernels as kernels

    board = np.zeros(n, np.int64)
    board[:len(prefix)] = prefix
    return int(kernels.count_subtree(n, corner, b1, b2, lastmask, endbit, board, y0, left,
                                     down, right))


def count(n: int, *, processes: int | None = None, limits: Limits | None = None,
          progress: Callable[[dict], None] | None = None) -> CountResult:
    """The number of solutions of ``n`` queens (OEIS A000170), by compiled bitmask backtracking.

    Only one solution of each class under the board's eight symmetries is visited
    (Takaken's method: about half the work of using the mirror alone); the subtrees below
    the first two rows are shared among ``processes`` worker processes (default: every
    core, from N = 16; smaller boards run in this process).  N <= 3 is enumerated in
    Python.  ``limits.seconds`` stops early with ``complete=False`` and the count so far;
    ``nodes`` is the number of subtrees counted.
    """
    n = validate(n)
    if n > MAX_COUNT_N:
        raise InvalidPuzzle(f"counting is limited to N <= {MAX_COUNT_N}, got {n}")
    limits = limits or Limits()
    began = time.monotonic()
    if n <= 3:
        total = sum(1 for _ in solutions(n))
        return CountResult(total, True, Stats(seconds=time.monotonic() - began))
    jobs = _jobs(n)
    if processes is None:
        processes = (multiprocessing.cpu_count() or 1) if n >= 16 else 1
    deadline = limits.deadline()
    total = done = 0
    complete = True
    if processes <= 1:
        for job in jobs:
            if deadline is not None and time.monotonic() >= deadline:
                complete = False
                break
            total += _count_job((n, job))
            done += 1
            if progress:
                progress({"done": done, "total": len(jobs), "count": total})
    else:
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
        pool = context.Pool(processes, initializer=_ignore_interrupts)
        try:
            results = pool.imap_unordered(_count_job, [(n, job) for job in jobs])
            while done < len(jobs):
                timeout = None if deadline is None else max(deadline - time.monotonic(), 0)
                try:
                    total += results.next(timeout)
                except multiprocessing.TimeoutError:
                    complete = False
                    break
                done += 1
                if progress:
                    progress({"done": done, "total": len(jobs), "count": total})
        finally:
            pool.terminate()
            pool.join()
    stats = Stats(nodes=done, seconds=time.monotonic() - began,
                  extra={"jobs": len(jobs), "processes": processes})
    return CountResult(total, complete, stats)
