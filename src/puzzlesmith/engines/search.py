"""Heuristic state-space search, knowing nothing of any puzzle.

A problem is any object with four methods (see :class:`SearchProblem`)::

    start()            -> state           (hashable)
    is_goal(state)     -> bool
    successors(state)  -> iterable of (action, next_state, step_cost)
    heuristic(state)   -> float           (an estimate of the cost to a goal)

Algorithms are free functions taking the problem, then keyword options::

    astar(problem)                  optimal if the heuristic is admissible (and consistent)
    weighted_astar(problem, w)      cost <= w * optimum for an admissible heuristic
    greedy(problem)                 best-first on h alone: fast, no bound on the cost
    idastar(problem)                iterative-deepening A*: optimal, memory linear in depth
    bfs(problem)                    breadth-first: optimal for unit step costs, no heuristic

or :func:`search` with ``method="astar" | "weighted" | "greedy" | "idastar" | "bfs"``.

**Tie-breaking** (deterministic): the frontier is ordered by ``f``, then by smaller ``h``
(deeper nodes first), then by insertion order — first-in first-out with ``ties="fifo"`` (the
default), last-in first-out with ``ties="lifo"`` (the seed's depth-first flavour).
Successors are taken in the order the problem yields them.  IDA* tries successors in
that order too, so every run is reproducible.

Every run returns a :class:`SearchResult` with a :class:`~puzzlesmith.results.Status`:
``SOLVED``, ``UNSOLVABLE`` (the space was exhausted) or ``GAVE_UP`` (a node, memory or time
budget was reached, or Ctrl-C; ``result.reason`` says which).  Nothing is printed; long loops
call ``progress(stats)`` with one :class:`~puzzlesmith.results.Stats` every few thousand nodes.

**Limits.**  ``limits.nodes`` counts expanded nodes; ``limits.seconds`` (a deadline shared
with the caller once :meth:`~puzzlesmith.results.Limits.started`) is checked every
:data:`CHECK_EVERY` nodes; ``limits.memory`` (bytes) caps the states A*, greedy and BFS
keep: each stored state is estimated at ``sys.getsizeof(state)`` plus :data:`NODE_OVERHEAD`
bytes of bookkeeping (dictionary entries, heap entry), measured on 15-puzzle tuples.
``max_stored`` caps the number of stored states directly.  Freeing the stored states when
a search returns takes time as well (:data:`TEARDOWN_SECONDS` each), so the time check
leaves room for it.  A ``KeyboardInterrupt`` during a
search ends it with status ``GAVE_UP`` and reason ``"interrupted"``, keeping its statistics.

>>> class Line:            # walk from 0 to 5 on the integers
...     def start(self): return 0
...     def is_goal(self, s): return s == 5
...     def successors(self, s): return [("+", s + 1, 1), ("-", s - 1, 1)]
...     def heuristic(self, s): return abs(5 - s)
>>> r = astar(Line())
>>> r.status.value, r.cost, "".join(r.actions), r.optimal
('solved', 5, '+++++', True)
"""

from __future__ import annotations

import heapq
import itertools
import sys
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..errors import UsageError, check_method
from ..results import Limits, Stats, Status
from .events import recorder

__all__ = [
    "SearchProblem", "SearchResult", "search", "astar", "weighted_astar", "greedy", "idastar",
    "bfs", "METHODS", "NODE_OVERHEAD", "CHECK_EVERY", "TEARDOWN_SECONDS",
]

Progress = Callable[[Stats], None]
#: Nodes between time-limit and progress checks.
CHECK_EVERY = 1024
#: Bytes of bookkeeping per stored state besides the state itself (parent and cost entries,
#: a heap entry, the closed set); tracemalloc measured about 250 on 15-puzzle A*.
NODE_OVERHEAD = 256
#: Seconds Python takes to free one stored state when a search returns (about 1 µs measured
#: on 15-puzzle A*); a search with a deadline stops that much earlier per stored state, so
#: that the caller gets its answer by the deadline.
TEARDOWN_SECONDS = 1.2e-6


class SearchProblem(Protocol):
    """What the algorithms need from a problem."""

    def start(self) -> Hashable: ...

    def is_goal(self, state: Any) -> bool: ...

    def successors(self, state: Any) -> Iterable[tuple[Any, Hashable, float]]: ...

    def heuristic(self, state: Any) -> float: ...


@dataclass
class SearchResult:
    """The outcome of one search.

    ``actions`` and ``states`` (start first) describe the path when ``status`` is SOLVED.
    ``optimal`` is True only when the algorithm proves the cost minimal (given an admissible
    heuristic); ``bound`` is the proven factor on the cost (1 for optimal, ``w`` for weighted
    A*, ``None`` for greedy).
    """

    status: Status
    actions: list = field(default_factory=list)
    states: list = field(default_factory=list)
    cost: float | None = None
    optimal: bool = False
    bound: float | None = None
    method: str = ""
    reason: str = ""
    stats: Stats = field(default_factory=Stats)

    @property
    def solved(self) -> bool:
        return self.status is Status.SOLVED


class _Budget:
    """Node, memory and time limits, checked cheaply."""

    def __init__(self, limits: Limits | None, max_stored: int | None, progress: Progress | None,
                 start: Hashable = None):
        limits = limits or Limits()
        self.nodes = limits.nodes
        self.deadline = limits.deadline()
        self.max_stored = max_stored
        self.memory = limits.memory
        if limits.memory is not None:
            per_state = sys.getsizeof(start) + NODE_OVERHEAD
            by_memory = limits.memory // per_state
            if max_stored is None or by_memory < max_stored:
                self.max_stored = by_memory
            else:
                self.memory = None  # max_stored is the tighter cap: name it
        self.progress = progress
        self.started = time.perf_counter()

    def exceeded(self, expanded: int, stored: int = 0) -> str:
        """The reason to give up now, or ``""``."""
        if self.nodes is not None and expanded >= self.nodes:
            return f"node limit {self.nodes} reached"
        if self.max_stored is not None and stored > self.max_stored:
            if self.memory is not None:
                return (f"memory budget of {self.memory:,} bytes reached (about "
                        f"{self.max_stored:,} stored states)")
            return f"memory budget of {self.max_stored} stored nodes reached"
        if expanded % CHECK_EVERY == 0:
            # Freeing what the search stores takes time too: stop early enough for it.
            if (self.deadline is not None
                    and time.monotonic() + stored * TEARDOWN_SECONDS >= self.deadline):
                return "time limit reached"
            if self.progress is not None:
                self.progress(Stats(nodes=expanded, seconds=self.seconds(),
                                    extra={"stored": stored}))
        return ""

    def seconds(self) -> float:
        return time.perf_counter() - self.started


def _stats(budget: _Budget, expanded: int, generated: int, peak: int, **extra) -> Stats:
    return Stats(nodes=expanded, seconds=budget.seconds(),
                 extra={"expanded": expanded, "generated": generated, "peak_frontier": peak,
                        **extra})


def _interrupted(budget: _Budget, method: str, counters: list[int]) -> SearchResult:
    """The result of a search stopped by Ctrl-C: gave up, with the statistics so far."""
    expanded, generated, peak = counters
    return SearchResult(Status.GAVE_UP, method=method, reason="interrupted",
                        stats=_stats(budget, expanded, generated, peak))


def _best_first(problem: SearchProblem, *, g_weight: float, h_weight: float, method: str,
                optimal: bool, bound: float | None, ties: str, limits: Limits | None,
                max_stored: int | None, progress: Progress | None) -> SearchResult:
    """Best-first search on ``f = g_weight*g + h_weight*h`` with duplicate detection.

    A cheaper path to a known node replaces it lazily (the stale heap entry is skipped when
    popped); a closed node reached more cheaply is reopened, so admissible but inconsistent
    heuristics still give optimal answers.
    """
    check_method(ties, ("fifo", "lifo"), "tie-breaking")
    sign = 1 if ties == "fifo" else -1
    start = problem.start()
    budget = _Budget(limits, max_stored, progress, start)
    counter = itertools.count()
    expanded = generated = 0
    peak = 1
    emit = recorder()
    try:
        h0 = problem.heuristic(start)
        parent: dict[Hashable, tuple[Hashable | None, Any]] = {start: (None, None)}
        best_g: dict[Hashable, float] = {start: 0}
        frontier = [(h_weight * h0, h0, sign * next(counter), start)]
        closed: set[Hashable] = set()
        while frontier:
            _, _, _, state = heapq.heappop(frontier)
            if state in closed:
                continue
            g = best_g[state]
            if problem.is_goal(state):
                actions, states = _path(parent, state)
                return SearchResult(Status.SOLVED, actions, states, g, optimal, bound, method,
                                    stats=_stats(budget, expanded, generated, peak, cost=g))
            closed.add(state)
            expanded += 1
            reason = budget.exceeded(expanded, len(best_g))
            if reason:
                return SearchResult(Status.GAVE_UP, method=method, reason=reason,
                                    stats=_stats(budget, expanded, generated, peak))
            for action, child, step in problem.successors(state):
                generated += 1
                g2 = g + step
                if g2 >= best_g.get(child, float("inf")):
                    continue
                closed.discard(child)  # reopened: only when the heuristic is inconsistent
                best_g[child] = g2
                parent[child] = (state, action)
                h = problem.heuristic(child)
                heapq.heappush(frontier, (g_weight * g2 + h_weight * h, h,
                                          sign * next(counter), child))
            peak = max(peak, len(frontier))
            if emit is not None:
                emit("expand", {"state": state, "g": g, "h": problem.heuristic(state),
                                "frontier": frontier, "best_g": best_g, "closed": closed})
    except KeyboardInterrupt:
        return _interrupted(budget, method, [expanded, generated, peak])
    return SearchResult(Status.UNSOLVABLE, method=method, reason="search space exhausted",
                        stats=_stats(budget, expanded, generated, peak))


def _path(parent: dict, state: Hashable) -> tuple[list, list]:
    actions, states = [], [state]
    while parent[state][0] is not None:
        state, action = parent[state]
        actions.append(action)
        states.append(state)
    return actions[::-1], states[::-1]


def astar(problem: SearchProblem, *, ties: str = "fifo", limits: Limits | None = None,
          max_stored: int | None = None, progress: Progress | None = None) -> SearchResult:
    """A*: ``f = g + h``; optimal for an admissible, consistent heuristic."""
    return _best_first(problem, g_weight=1, h_weight=1, method="astar", optimal=True, bound=1,
                       ties=ties, limits=limits, max_stored=max_stored, progress=progress)


def weighted_astar(problem: SearchProblem, weight: float = 2.0, *, ties: str = "fifo",
                   limits: Limits | None = None, max_stored: int | None = None,
                   progress: Progress | None = None) -> SearchResult:
    """Weighted A*: ``f = g + w*h``; the cost found is at most ``w`` times the optimum."""
    if not weight >= 1:
        raise UsageError(f"the weight must be at least 1, not {weight}")
    return _best_first(problem, g_weight=1, h_weight=weight, method="weighted",
                       optimal=weight == 1, bound=weight, ties=ties, limits=limits,
                       max_stored=max_stored, progress=progress)


def greedy(problem: SearchProblem, *, ties: str = "fifo", limits: Limits | None = None,
           max_stored: int | None = None, progress: Progress | None = None) -> SearchResult:
    """Greedy best-first: ``f = h``; fast, with no bound on the cost."""
    return _best_first(problem, g_weight=0, h_weight=1, method="greedy", optimal=False,
                       bound=None, ties=ties, limits=limits, max_stored=max_stored,
                       progress=progress)


def bfs(problem: SearchProblem, *, limits: Limits | None = None, max_stored: int | None = None,
        progress: Progress | None = None) -> SearchResult:
    """Breadth-first search, ignoring step costs and the heuristic (optimal for unit costs)."""
    start = problem.start()
    budget = _Budget(limits, max_stored, progress, start)
    expanded = generated = 0
    peak = 1
    try:
        parent: dict[Hashable, tuple[Hashable | None, Any]] = {start: (None, None)}
        frontier = deque([start])
        while frontier:
            state = frontier.popleft()
            if problem.is_goal(state):
                actions, states = _path(parent, state)
                return SearchResult(Status.SOLVED, actions, states, len(actions), True, 1, "bfs",
                                    stats=_stats(budget, expanded, generated, peak,
                                                 cost=len(actions)))
            expanded += 1
            reason = budget.exceeded(expanded, len(parent))
            if reason:
                return SearchResult(Status.GAVE_UP, method="bfs", reason=reason,
                                    stats=_stats(budget, expanded, generated, peak))
            for action, child, _ in problem.successors(state):
                generated += 1
                if child not in parent:
                    parent[child] = (state, action)
                    frontier.append(child)
            peak = max(peak, len(frontier))
    except KeyboardInterrupt:
        return _interrupted(budget, "bfs", [expanded, generated, peak])
    return SearchResult(Status.UNSOLVABLE, method="bfs", reason="search space exhausted",
                        stats=_stats(budget, expanded, generated, peak))


def idastar(problem: SearchProblem, *, weight: float = 1.0, limits: Limits | None = None,
            progress: Progress | None = None) -> SearchResult:
    """Iterative-deepening A* (Korf 1985): depth-first searches bounded by ``f = g + w*h``.

    Memory is linear in the solution depth; states on the current path are not revisited.
    With ``weight > 1`` the cost found is at most ``weight`` times the optimum.
    """
    if not weight >= 1:
        raise UsageError(f"the weight must be at least 1, not {weight}")
    start = problem.start()
    budget = _Budget(limits, None, progress, start)
    expanded = generated = 0
    iterations = 0
    method = "idastar" if weight == 1 else "weighted-idastar"
    stack: list = []
    emit = recorder()
    try:
        h0 = problem.heuristic(start)
        threshold = weight * h0
        while True:
            iterations += 1
            next_threshold = float("inf")
            # The explicit stack holds an iterator over each path state's successors.
            path_states = [start]
            on_path = {start}
            actions: list = []
            costs = [0.0]
            if problem.is_goal(start):
                return SearchResult(Status.SOLVED, [], [start], 0, True, 1, method,
                                    stats=_stats(budget, 0, 0, 1, cost=0,
                                                 iterations=iterations))
            stack = [iter(problem.successors(start))]
            expanded += 1
            if emit is not None:
                emit("expand", {"state": start, "g": 0, "h": h0, "bound": threshold,
                                "iteration": iterations, "path": actions})
            while stack:
                step = next(stack[-1], None)
                if step is None:
                    stack.pop()
                    on_path.discard(path_states.pop())
                    costs.pop()
                    if actions:
                        actions.pop()
                    continue
                action, child, cost = step
                generated += 1
                if child in on_path:
                    continue
                g = costs[-1] + cost
                h = problem.heuristic(child)
                f = g + weight * h
                if f > threshold:
                    next_threshold = min(next_threshold, f)
                    continue
                if problem.is_goal(child):
                    actions.append(action)
                    path_states.append(child)
                    return SearchResult(Status.SOLVED, actions, path_states, g, weight == 1,
                                        weight, method,
                                        stats=_stats(budget, expanded, generated, len(stack),
                                                     cost=g, iterations=iterations))
                expanded += 1
                reason = budget.exceeded(expanded)
                if reason:
                    return SearchResult(Status.GAVE_UP, method=method, reason=reason,
                                        stats=_stats(budget, expanded, generated, len(stack),
                                                     iterations=iterations))
                actions.append(action)
                path_states.append(child)
                on_path.add(child)
                costs.append(g)
                stack.append(iter(problem.successors(child)))
                if emit is not None:
                    emit("expand", {"state": child, "g": g, "h": h, "bound": threshold,
                                    "iteration": iterations, "path": actions})
            if next_threshold == float("inf"):
                return SearchResult(Status.UNSOLVABLE, method=method,
                                    reason="search space exhausted",
                                    stats=_stats(budget, expanded, generated, 1,
                                                 iterations=iterations))
            threshold = next_threshold
    except KeyboardInterrupt:
        return _interrupted(budget, method, [expanded, generated, len(stack)])


METHODS = {
    "astar": astar,
    "weighted": weighted_astar,
    "greedy": greedy,
    "idastar": idastar,
    "bfs": bfs,
}


def search(problem: SearchProblem, method: str = "astar", **options) -> SearchResult:
    """Run the algorithm named ``method`` (one of :data:`METHODS`) on ``problem``.

    Unknown names raise :class:`~puzzlesmith.errors.UsageError` before any work starts.
    """
    check_method(method, METHODS, "search method")
    return METHODS[method](problem, **options)
