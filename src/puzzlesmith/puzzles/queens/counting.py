"""Counting and enumerating N-Queens solutions, with or without given queens.

Two compiled searches, both in bounded chunks (:mod:`.kernels`):

* :func:`solutions` and counts with givens or a ``limit``: backtracking over the columns in
  order with bit masks of rows, keeping the given queens; solutions come in lexicographic
  order of rows.
* full counts of the classic puzzle: Takaken's method, which visits one solution of each
  class under the board's eight symmetries and weighs it by the class size (about half the
  work of using the mirror alone); the subtrees below the first two rows are shared among
  worker processes (every core from N = 16).

Both keep rows in 64-bit masks: N <= :data:`COUNT_MAX_N`.  In practice a full count of
N = 18 takes a minute or so on two cores; a count with givens or a small ``limit`` goes much
further.

>>> from .board import Board
>>> count(Board(8)).count
92
>>> [rows for rows in solutions(Board(4))]
[[1, 3, 0, 2], [2, 0, 3, 1]]
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator

import numpy as np

from ...cores import cap_note, default_jobs, usable_jobs
from ...engines.driver import ChunkDriver
from ...errors import InvalidPuzzle, LimitReached, UsageError
from ...results import CountResult, Limits, Stats, count_status
from .board import Board
from .chunks import drive, kernels
from .codes import EXHAUSTED, FOUND

__all__ = ["COUNT_MAX_N", "KNOWN_COUNTS", "Enumeration", "solutions", "count",
           "first_solution"]

#: The largest N the counting searches accept (rows are bits of a 64-bit integer).
COUNT_MAX_N = 60
#: OEIS A000170: the number of solutions of N queens, N = 0..27 (27, counted in 2016 by a
#: large distributed effort, is the largest count ever completed).
KNOWN_COUNTS = (1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
                2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884,
                314666222712, 2691008701644, 24233937684440, 227514171973736,
                2207893435808352, 22317699616364044, 234907967154122528)
#: Nodes (queens placed) of a full count by this search, measured: N -> nodes.
MEASURED_NODES = {12: 196_217, 13: 1_052_963, 14: 6_041_400, 15: 37_315_477,
                  16: 244_063_439, 17: 1_694_507_380}
#: Nodes a second one core counts (measured on 2 cores under load: 52 million on one, N = 15;
#: 62 million on two, N = 17; rounded down).
NODES_PER_SECOND = 3e7
#: A full count estimated to take longer than this (in seconds) without a time or node
#: limit is refused up front: a month at this machine's rate (N >= 23 on two cores).
LONGEST = 30 * 86_400.0
#: From this N a full count uses every core (unless ``processes`` says otherwise).
PARALLEL_FROM = 16
_NO_LIMIT = 2**62


def check_size(board: Board, what: str = "counting") -> None:
    """Refuse boards beyond :data:`COUNT_MAX_N` before allocating anything."""
    if board.n > COUNT_MAX_N:
        raise InvalidPuzzle(f"{what} is limited to N <= {COUNT_MAX_N} (rows are bits of a "
                            f"64-bit integer), got {board.n:,}")


class Enumeration:
    """The solutions of a board that keep its givens, lazily, in lexicographic order.

    Iterating yields each solution's rows; ``stats`` has the nodes (queens placed) and
    seconds, ``complete`` says whether every solution was seen, ``stopped_by`` which limit
    (``"nodes"``, ``"time"``, ``"interrupt"``) ended it early.
    """

    def __init__(self, board: Board, limits: Limits | None = None, progress=None):
        check_size(board, "backtracking")
        self.board = board
        self.limits = (limits or Limits()).started()
        self.progress = progress
        self.stats = Stats()
        self.complete = False
        self.stopped_by: str | None = None

    def __iter__(self) -> Iterator[list[int]]:
        search = _Completions(self.board)
        driver = ChunkDriver(self.limits, self.progress, self.stats)
        while True:
            code = search.run(driver, _NO_LIMIT, each=True)
            if code == FOUND:
                yield search.rows()
                continue
            self.complete = code == EXHAUSTED
            self.stopped_by = driver.stopped_by
            self.stats.seconds = time.monotonic() - driver.start
            return


def solutions(board: Board, *, limits: Limits | None = None, progress=None) -> Enumeration:
    """Every solution keeping ``board``'s givens, lazily (see :class:`Enumeration`)."""
    return Enumeration(board, limits, progress)


def first_solution(board: Board, limits: Limits | None = None, progress=None
                   ) -> tuple[list[int] | None, Enumeration]:
    """The lexicographically first solution (or None) and the enumeration that found it."""
    found = solutions(board, limits=limits, progress=progress)
    return next(iter(found), None), found


class _Completions:
    """The state of one run of the ``complete`` kernel on a board."""

    def __init__(self, board: Board):
        n = board.n
        self.n = n
        self.fixed = np.full(n, -1, np.int64)
        blocked = [0] * n  # the rows of each column that a given queen elsewhere attacks
        for gc, gr in board.givens:
            self.fixed[gc] = gr
            for c in range(n):
                d = c - gc
                if d:
                    for r in (gr, gr + d, gr - d):
                        if 0 <= r < n:
                            blocked[c] |= 1 << r
        self.blocked = np.array(blocked, np.int64)
        self.stack = np.empty((4, n), np.int64)
        self.board = np.zeros(n, np.int64)
        self.state = np.zeros(8, np.int64)

    def run(self, driver: ChunkDriver, limit: int, each: bool = False) -> int:
        k = kernels(driver.deadline)
        return drive(driver, lambda stop: k.complete(self.n, self.fixed, self.blocked,
                                                     self.stack, self.board, self.state,
                                                     stop, limit, each),
                     lambda: self.state[6])

    def rows(self) -> list[int]:
        """The solution in ``board`` (one bit per column) as rows."""
        return [int(b).bit_length() - 1 for b in self.board.tolist()]

    @property
    def count(self) -> int:
        return int(self.state[5])


# -- counting ------------------------------------------------------------------------------

def count(board: Board, *, limit: int | None = None, limits: Limits | None = None,
          progress=None, processes: int | None = None,
          scheduler: str | None = None) -> CountResult:
    """How many solutions keep ``board``'s givens (up to ``limit`` when given).

    ``complete`` is False and the count a lower bound when ``limits`` (``nodes`` = queens
    placed, ``seconds``) or Ctrl-C stopped it; ``details["stopped_by"]`` says which.  A
    full count of the classic puzzle uses the symmetries and is split into sub-problems
    (the subtrees below the first two rows) shared by ``processes`` local worker processes
    (default: every core from N = 16, with no node limit), or by the workers of the
    dask.distributed cluster at ``scheduler`` (``tcp://HOST:PORT``); the others run here.
    """
    if limit is not None and (isinstance(limit, bool) or limit < 1):
        raise UsageError(f"limit must be a whole number >= 1, got {limit!r}")
    if processes is not None and processes < 1:
        raise UsageError(f"processes must be >= 1, got {processes}")
    check_size(board)
    full = not board.givens and limit is None and board.n > 3
    unbounded = limits is None or (limits.seconds is None and limits.nodes is None)
    if full and unbounded and scheduler is None:
        refuse_endless(board.n, usable_jobs(processes or default_jobs()))
    limits = (limits or Limits()).started()
    began = time.monotonic()
    notes: list[str] = []
    if not full:
        search = _Completions(board)
        driver = ChunkDriver(limits, progress)
        code = search.run(driver, limit if limit is not None else _NO_LIMIT)
        total, complete, stopped_by = search.count, code == EXHAUSTED, driver.stopped_by
        stats = driver.stats
    else:
        if scheduler is None and (note := cap_note(processes, "--processes")):
            processes = usable_jobs(processes)
            notes.append(note)
        total, complete, stopped_by, stats = _count_symmetric(board.n, limits, progress,
                                                              processes, scheduler)
    stats.seconds = time.monotonic() - began
    details = {"n": board.n, "givens": len(board.givens)}
    if stopped_by:
        details.update(stopped_by=stopped_by, reason=REASONS[stopped_by])
    return CountResult(count_status(total, complete, limit), stats, count=total,
                       complete=complete, limit=limit, details=details, messages=notes)


def full_count_nodes(n: int) -> float:
    """About how many nodes a full count of ``n`` queens visits: measured up to N = 17;
    beyond, the solutions (OEIS A000170 up to N = 27, then growing by a factor that rises
    as the known ones do) times the nodes per solution of N = 17, scaled by N."""
    if n in MEASURED_NODES or n < min(MEASURED_NODES):
        return float(MEASURED_NODES.get(n, 1))
    last = max(MEASURED_NODES)
    per_solution = MEASURED_NODES[last] / KNOWN_COUNTS[last] * n / last
    known = len(KNOWN_COUNTS) - 1
    solutions = float(KNOWN_COUNTS[min(n, known)])
    factor = KNOWN_COUNTS[known] / KNOWN_COUNTS[known - 1]
    step = factor - KNOWN_COUNTS[known - 1] / KNOWN_COUNTS[known - 2]
    for _ in range(known + 1, n + 1):
        factor += step
        solutions *= factor
    return solutions * per_solution


def refuse_endless(n: int, cores: int) -> None:
    """Raise :class:`UsageError` when a full count of ``n`` queens on ``cores`` would take
    longer than :data:`LONGEST` at :data:`NODES_PER_SECOND` a core: such a run cannot end
    in practice, so the figure is said before any work, and the user decides on a limit."""
    nodes = full_count_nodes(n)
    seconds = nodes / (NODES_PER_SECOND * cores)
    if seconds <= LONGEST:
        return
    raise UsageError(
        f"counting {n} queens visits about 10^{math.log10(nodes):.0f} nodes: "
        f"{_duration(seconds)} on {cores} core{'s' * (cores > 1)} at this machine's rate "
        f"(the largest count ever completed is N = {len(KNOWN_COUNTS) - 1}); "
        f"give --timeout SECONDS for a lower bound, or --scheduler for a cluster")


def _duration(seconds: float) -> str:
    """``about 3 days``, ``about 10^7 years``."""
    units = ((365.25 * 86_400, "years"), (86_400, "days"), (3600, "hours"), (60, "minutes"))
    size, unit = next(((s, u) for s, u in units if seconds >= s), (1, "seconds"))
    value = seconds / size
    if value >= 1e4:
        return f"about 10^{math.log10(value):.0f} {unit}"
    figure = f"{value:,.0f}"
    return f"about {figure} {unit[:-1] if figure == '1' else unit}"


#: Why a search stopped early, for people (``details["reason"]``).
REASONS = {"nodes": "the node limit", "time": "the time limit", "interrupt": "Ctrl-C",
           "budget": "the method's own budget of steps"}


def _jobs(n: int) -> list[tuple]:
    """The subtrees to count, below the first two rows, after symmetry (Takaken's method).

    A solution with a queen in a corner of row 0 is canonical with row 1's queen beyond
    column 1; otherwise row 0's queen at column ``b1`` in the left half bounds where the
    other rows may touch the sides.  Each job is ``(corner, b1, b2, lastmask, endbit,
    (row 0 bit, row 1 bit), left, down, right)`` for the ``count_subtree`` kernel, which
    starts at row 2.
    """
    sizee, mask = n - 1, (1 << n) - 1
    topbit = 1 << sizee
    jobs = []
    for b1 in range(2, sizee):  # the corner: row 0's queen in column 0
        bit = 1 << b1
        jobs.append((True, b1, 0, 0, 0, (1, bit), ((2 | bit) << 1) & mask, 1 | bit,
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
            jobs.append((False, b1, b2, lastmask, endbit, (bit, b),
                         ((left | b) << 1) & mask, down | b, (right | b) >> 1))
        lastmask |= lastmask >> 1 | lastmask << 1
        endbit >>= 1
        b1 += 1
        b2 -= 1
    return jobs


class _Job:
    """One subtree of the symmetric count, resumable."""

    def __init__(self, n: int, job: tuple, nodes: int = 0):
        corner, b1, b2, lastmask, endbit, prefix, left, down, right = job
        self.n, self.args = n, (corner, b1, b2, lastmask, endbit)
        self.board = np.zeros(n, np.int64)
        self.board[:2] = prefix
        self.stack = np.empty((4, n), np.int64)
        self.state = np.array([2, 0, left, down, right, 0, nodes, 2, 0], np.int64)

    def step(self, stop: int) -> int:
        return kernels().count_subtree(self.n, *self.args, self.board, self.stack,
                                       self.state, stop)


def count_part(n: int, job: tuple) -> tuple[int, int]:
    """One sub-problem of a full count, whole (in a worker process or on a Dask worker):
    (solutions, nodes)."""
    run = _Job(n, job)
    run.step(_NO_LIMIT)
    return int(run.state[5]), int(run.state[6])


def _count_symmetric(n: int, limits: Limits, progress, processes: int | None,
                     scheduler: str | None = None):
    jobs = _jobs(n)
    if processes is None:
        processes = default_jobs() if n >= PARALLEL_FROM else 1
    if limits.nodes is not None:
        if scheduler is not None:
            raise UsageError("a node limit is exact only in one process: no --scheduler")
        processes = 1  # a node budget is exact only in this process
    try:  # load (or compile, and cache for the workers) before the workers start
        kernels(limits.deadline())
    except LimitReached:
        return 0, False, "time", Stats(extra={"jobs": len(jobs), "processes": processes})
    total, stopped_by = 0, None
    if processes <= 1 and scheduler is None:
        driver = ChunkDriver(limits, progress)
        for done, job in enumerate(jobs):
            run = _Job(n, job, driver.stats.nodes)
            code = drive(driver, run.step, lambda run=run: run.state[6])
            total += int(run.state[5])
            if code != EXHAUSTED:
                stopped_by = driver.stopped_by
                break
            driver.stats.extra["done"] = done + 1
            if done + 1 < len(jobs) and driver.out_of_time():  # a part may end unpaused
                stopped_by = driver.stopped_by
                break
        stats = driver.stats
    else:
        stats = Stats()
        total, stopped_by = _count_parallel(n, jobs, processes, limits, progress, stats,
                                            scheduler)
    stats.extra.update({"jobs": len(jobs), "processes": processes})
    if scheduler is not None:
        stats.extra["scheduler"] = scheduler
        del stats.extra["processes"]
    return total, stopped_by is None, stopped_by, stats


def _count_parallel(n, jobs, processes, limits, progress, stats, scheduler=None):
    """Share ``jobs`` among local worker processes or a Dask cluster
    (:func:`puzzlesmith.pool.map_calls`); this process keeps the deadline and Ctrl-C.
    The largest parts go first (row 0's queen near the side; a corner part weighs about as
    much as one with row 0's queen two columns further in), so that no big part is left
    for the end while the other workers wait."""
    from ...pool import map_calls

    order = sorted(range(len(jobs)), key=lambda k: jobs[k][1] + 2 * jobs[k][0])
    total = done = 0
    stopped_by = None
    began = time.monotonic()
    stats.extra.update(total=len(jobs), done=0, solutions=0, stage=f"counting {n} queens")
    parts = map_calls("puzzlesmith.puzzles.queens.counting:count_part",
                      [(n, jobs[k]) for k in order], jobs=processes, scheduler=scheduler,
                      until=limits.deadline())
    try:
        for _, (found, nodes) in parts:
            total += found
            stats.nodes += nodes
            done += 1
            stats.extra.update(done=done, solutions=total)
            stats.seconds = time.monotonic() - began
            if progress:
                progress(stats)
        if done < len(jobs):
            stopped_by = "time"
    except KeyboardInterrupt:
        stopped_by = "interrupt"
    finally:
        parts.close()
    for key in ("total", "done", "solutions", "stage"):
        stats.extra.pop(key, None)
    stats.extra["parts_done"] = done
    return total, stopped_by
