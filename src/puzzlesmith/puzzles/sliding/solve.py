"""Solving sliding-tile boards: the compiled IDA* by default, any engine method on request.

Every function here returns a result of :mod:`puzzlesmith.results` and honours one
:class:`~puzzlesmith.results.Limits`: the deadline (shared by the table build and the search),
``nodes`` (expanded search nodes), ``memory`` (the states A*, greedy and BFS store, and the
pattern-database builds) and Ctrl-C, which all end the work with status ``gave-up``.

>>> from .board import goal_board, parse
>>> r = solve(parse("1 2 3 4 5 6 0 7 8"), goal_board(3, 3), heuristic="manhattan")
>>> r.status.value, r.solution, r.details["length"], r.optimal
('solved', 'RR', 2, True)
>>> count_optimal(parse("2 4 3 1 5 6 7 8 0"), goal_board(3, 3), heuristic="manhattan").count
2
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace

from ...engines import search as engine
from ...engines.kernels import kernel_name, switch_at
from ...errors import LimitReached, UsageError, check_method
from ...results import CountResult, Limits, SolveResult, Stats, Status, count_status
from .board import MOVES, Board, apply_moves, goal_board, is_solvable, validate
from .compiled import BLIND, COMPILED_HEURISTICS, make_result, pdb_label, prepare, warm_kernels
from .heuristics import HEURISTICS, make_heuristic
from .pdb import default_partition, load_partition, partition_parts

__all__ = ["SlidingProblem", "solve", "count_optimal", "METHODS", "DEFAULT_MEMORY",
           "default_heuristic", "check_choice", "warm_kernels"]

#: Methods: the compiled IDA* (optimal) and its weighted form, or the generic engine's.
METHODS = ("idastar", "weighted-idastar", "anytime", "astar", "weighted", "greedy", "bfs")
#: The memory budget (bytes) of A*, greedy and BFS, and of table builds, when ``limits.memory``
#: is not given: about 2.5 million stored 15-puzzle states.
DEFAULT_MEMORY = 1 << 30


class SlidingProblem:
    """The board as a :class:`~puzzlesmith.engines.search.SearchProblem` (states: tiles tuples).

    Successors come in the blank order U, D, L, R; actions are the move letters.
    """

    def __init__(self, board: Board, goal: Board, heuristic: Callable | None = None):
        self.board, self.goal = board, goal
        self.h = heuristic or (lambda tiles: 0)
        rows, cols = board.rows, board.cols
        self._steps = []
        for cell in range(rows * cols):
            r, c = divmod(cell, cols)
            self._steps.append(
                [
                    (letter, (r + dr) * cols + c + dc)
                    for letter, dr, dc in MOVES
                    if 0 <= r + dr < rows and 0 <= c + dc < cols
                ]
            )

    def start(self) -> tuple[int, ...]:
        return self.board.tiles

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return state == self.goal.tiles

    def successors(self, state: tuple[int, ...]):
        blank = state.index(0)
        for letter, other in self._steps[blank]:
            tiles = list(state)
            tiles[blank], tiles[other] = tiles[other], 0
            yield letter, tuple(tiles), 1

    def heuristic(self, state: tuple[int, ...]) -> int:
        return self.h(state)


def default_heuristic(goal: Board) -> str:
    """``pdb`` where a pattern database exists for the size, else ``linear-conflict``."""
    return "pdb" if default_partition(goal) != "none" else "linear-conflict"


def table_choice(heuristic: str, partition: str | None, goal: Board
                 ) -> tuple[str, str | None]:
    """The heuristic and partition that run: ``pdb`` without a table (``partition="none"``,
    or a size with none) is ``linear-conflict``, the strongest heuristic that needs no table;
    the blind search (``zero``, run as the empty partition) only when asked for by name."""
    if heuristic == "pdb" and (partition or default_partition(goal)) == "none":
        return "linear-conflict", None
    if heuristic == "zero":
        return "pdb", "none"
    return heuristic, partition


def check_choice(method: str, heuristic: str, weight: float) -> None:
    """Reject an unknown method or heuristic, or a weight below 1, before any work."""
    check_method(method, METHODS)
    check_method(heuristic, HEURISTICS, "heuristic")
    if not (isinstance(weight, int | float) and math.isfinite(weight) and weight >= 1):
        raise UsageError(f"the weight must be a number of at least 1, not {weight}")



def solve(
    board: Board,
    goal: Board | None = None,
    *,
    method: str = "idastar",
    heuristic: str | None = None,
    weight: float = 1.5,
    partition: str | None = None,
    limits: Limits | None = None,
    progress: Callable[[Stats], None] | None = None,
    max_stored: int | None = None,
    kernels: str = "auto",
) -> SolveResult:
    """Solve ``board`` (goal: tiles in order, blank last, unless given).

    ``method`` is one of :data:`METHODS`: ``idastar`` (compiled, optimal; the default),
    ``weighted-idastar`` (compiled, cost at most ``weight`` times optimal), ``anytime``
    (compiled, see :func:`anytime`: the best solution found by the deadline, with a proven
    lower bound), or the generic
    engine's ``astar``, ``weighted`` (weighted A*), ``greedy`` and ``bfs``.  ``heuristic`` is
    a name of :data:`~.heuristics.HEURISTICS` (default: pattern databases where they exist).
    ``partition`` names the pattern databases (see :mod:`.pdb`; ``"none"``: no table, the
    heuristic is 0).  ``progress`` gets one :class:`Stats` now and then (``extra["phase"]``
    says whether a table is being built or the search runs).  The generic best-first methods
    store states up to ``limits.memory`` (default :data:`DEFAULT_MEMORY`) or ``max_stored``.
    ``kernels`` chooses the IDA* of ``idastar`` and ``weighted-idastar``: "numba" (the
    compiled one), "python" (the generic engine's, same move order, so the same answer; its
    node count may differ slightly: it counts the root once per iteration and skips every
    state already on the path, the compiled one only the undoing move) or "auto": the first
    :data:`~puzzlesmith.engines.kernels.AUTO` nodes in Python (where a small search, any
    8-puzzle with linear conflicts or pattern databases, ends before numba would have
    loaded), then, if that was not enough, the compiled IDA* from the start (the nodes add
    up, ``stats.extra["python_nodes"]`` says how many were Python's); never decided by
    time.  ``stats.extra["kernel"]`` says which IDA* gave the result.

    The answer is ``result.solution``, the blank's moves (``details["moves"]`` too);
    ``optimal`` is True only when the method proves it, ``details["bound"]`` is the proven
    factor on the length (1, ``weight``, or None for greedy).
    """
    goal = goal or goal_board(board.rows, board.cols)
    validate(board)
    validate(goal)
    heuristic = heuristic or default_heuristic(goal)
    check_choice(method, heuristic, weight)
    heuristic, partition = table_choice(heuristic, partition, goal)
    move = switch_at("sliding", kernels, board.rows * board.cols)
    if heuristic == "pdb" and method != "bfs":
        partition_parts(goal, partition or default_partition(goal))  # a bad name fails now
    if board.shape != goal.shape:
        raise UsageError(
            f"the goal is {goal.rows}x{goal.cols}, the board {board.rows}x{board.cols}"
        )
    limits = (limits or Limits()).started()
    started = time.perf_counter()
    if not is_solvable(board, goal):
        return make_result(Status.UNSOLVABLE, board, method=method, heuristic=heuristic,
                           reason="the permutation parity differs from the blank's distance",
                           stats=Stats(seconds=time.perf_counter() - started))
    try:
        if method == "anytime":
            if heuristic not in COMPILED_HEURISTICS:
                raise UsageError(f"anytime runs the compiled IDA*: the heuristic must be one of "
                                 f"{', '.join(COMPILED_HEURISTICS)}, not {heuristic!r}")
            from .anytime import anytime  # its module loads the kernels

            result = anytime(board, goal, heuristic=heuristic, partition=partition,
                             limits=limits, progress=progress)
        elif method in ("idastar", "weighted-idastar") and heuristic in COMPILED_HEURISTICS:
            w = 1.0 if method == "idastar" else float(weight)
            result = _idastar(board, goal, heuristic, partition, limits, progress, w, move)
        else:
            result = _generic(board, goal, method, heuristic, weight, partition, limits,
                              progress, max_stored)
    except LimitReached as stop:
        return make_result(Status.GAVE_UP, board, method=method, heuristic=heuristic,
                           reason=str(stop), stats=Stats(seconds=time.perf_counter() - started))
    result.stats.seconds = time.perf_counter() - started
    if result.status is Status.SOLVED and apply_moves(board, result.solution) != goal:
        raise AssertionError(f"internal error: {method} returned a wrong solution")
    return result


def _idastar(board, goal, heuristic, partition, limits, progress, weight: float,
             move: int | None) -> SolveResult:
    """IDA* in Python for at most ``move`` nodes (None: to the end), then, if that was not
    enough, compiled from the start (:func:`puzzlesmith.engines.kernels.switch_at`).  The
    nodes of both add up (one node budget, one progress count); ``stats.extra
    ["python_nodes"]`` counts those spent in Python before the compiled run."""
    spent = 0
    if move != 0:
        budget = move if limits.nodes is None or move is None else min(move, limits.nodes)
        own = limits if budget is None else replace(limits, nodes=budget)
        result = _interpreted(board, goal, heuristic, partition, own, progress, weight)
        if budget is None or budget == limits.nodes or result.stats.nodes < budget \
                or result.status is not Status.GAVE_UP:
            return result
        spent = result.stats.nodes
        if limits.nodes is not None:
            limits = replace(limits, nodes=max(limits.nodes - spent, 0))
    relay = progress
    if progress is not None and spent:
        def relay(stats: Stats) -> None:
            progress(Stats(stats.nodes + spent, stats.seconds, dict(stats.extra)))

    result = prepare(board, goal, heuristic, partition, limits, relay).solve(
        weight, limits, relay)
    if spent:
        result.stats.nodes += spent
        result.stats.extra["python_nodes"] = spent
    return result


def _interpreted(board, goal, heuristic, partition, limits, progress, weight: float
                 ) -> SolveResult:
    """The generic engine's IDA* in plain Python (same heuristic, same move order, so the
    same answer as the compiled one)."""
    build_seconds = 0.0
    if heuristic == "pdb":
        database = load_partition(goal, partition, limits=limits, progress=progress)
        h, name, messages = database.python_heuristic(), pdb_label(database), database.warnings
        build_seconds = database.build_seconds
    else:
        h, name, messages = make_heuristic(heuristic, goal), heuristic, []
    began = time.perf_counter()
    report = None
    if progress is not None:
        def report(stats: Stats) -> None:
            stats.extra["phase"] = "searching"
            progress(stats)

    found = engine.idastar(SlidingProblem(board, goal, h), weight=weight, limits=limits,
                           progress=report)
    stats = found.stats
    stats.extra.update(initial_h=int(h(board.tiles)), build_seconds=round(build_seconds, 3),
                       search_seconds=round(time.perf_counter() - began, 6),
                       kernel=kernel_name(False))
    method = "idastar" if weight == 1 else "weighted-idastar"
    result = make_result(found.status, board, moves="".join(found.actions),
                         optimal=found.optimal, bound=found.bound, method=method,
                         heuristic=name, reason=found.reason, stats=stats)
    result.messages[:0] = messages
    if name.startswith("none"):
        result.messages.append(BLIND)
    return result


def _generic(board, goal, method, heuristic, weight, partition, limits, progress,
             max_stored) -> SolveResult:
    messages = []
    if heuristic == "pdb" and method != "bfs":
        database = load_partition(goal, partition, limits=limits, progress=progress)
        messages += database.warnings if database.parts else [*database.warnings, BLIND]
        h = database.python_heuristic()
        heuristic = pdb_label(database)
    else:
        h = make_heuristic(heuristic, goal)
    problem = SlidingProblem(board, goal, h)
    if limits.memory is None:
        limits = replace(limits, memory=DEFAULT_MEMORY)
    options: dict = {"limits": limits, "progress": progress}
    if method not in ("idastar", "weighted-idastar"):
        options["max_stored"] = max_stored
    if method in ("weighted", "weighted-idastar"):
        options["weight"] = weight
    if method == "weighted-idastar":
        found = engine.idastar(problem, **options)
    elif method == "bfs":
        found = engine.bfs(problem, **options)
        heuristic = "none"
    else:
        found = engine.search(problem, method, **options)
    result = make_result(found.status, board, moves="".join(found.actions),
                         optimal=found.optimal, bound=found.bound, method=method,
                         heuristic=heuristic, reason=found.reason, stats=found.stats)
    result.messages[:0] = messages
    return result


def count_optimal(board: Board, goal: Board | None = None, *, heuristic: str | None = None,
                  partition: str | None = None, limit: int | None = None,
                  limits: Limits | None = None,
                  progress: Callable[[Stats], None] | None = None) -> CountResult:
    """How many distinct optimal solutions (blank move strings) ``board`` has.

    Finds the optimal length with IDA*, then enumerates every solution of that length
    (stopping at ``limit`` of them); the node budget of ``limits`` covers both phases.
    ``details["length"]`` is the optimal length.  The heuristic must be one the compiled
    IDA* evaluates (manhattan, linear-conflict, pdb).
    An unsolvable board has 0; a solved board 1 (the empty solution).
    """
    goal = goal or goal_board(board.rows, board.cols)
    asked = heuristic or default_heuristic(goal)
    heuristic, table = table_choice(asked, partition, goal)
    if heuristic not in COMPILED_HEURISTICS:
        raise UsageError(f"count runs the compiled IDA*: the heuristic must be one of "
                         f"{', '.join(COMPILED_HEURISTICS)}, not {heuristic!r}")
    if limit is not None and limit < 1:
        raise UsageError(f"the count limit must be at least 1, not {limit}")
    limits = (limits or Limits()).started()
    started = time.perf_counter()
    first = solve(board, goal, heuristic=asked, partition=partition, limits=limits,
                  progress=progress)
    details = {"length": first.details["length"], "heuristic": first.details["heuristic"]}
    if first.status is not Status.SOLVED:
        complete = first.status is Status.UNSOLVABLE
        result = CountResult(count_status(0, complete, limit), first.stats, count=0,
                             complete=complete, limit=limit, details=details)
        result.messages = list(first.messages)
        if first.details["reason"] and not complete:
            details["reason"] = first.details["reason"]
        return result
    length = first.details["length"]
    search = prepare(board, goal, heuristic, table, limits)
    if limits.nodes is not None:  # one node budget for both phases
        limits = replace(limits, nodes=max(limits.nodes - first.stats.nodes, 0))
    found, complete, stats, reason = search.count(length, limit, limits, progress)
    stats.nodes += first.stats.nodes
    stats.extra["solve_nodes"] = first.stats.nodes
    stats.seconds = time.perf_counter() - started
    if reason:
        details["reason"] = reason
    result = CountResult(count_status(found, complete, limit), stats, count=found,
                         complete=complete, limit=limit, details=details)
    if reason and count_status(found, complete, limit) is Status.GAVE_UP:
        result.messages.append(f"gave up: {reason}; at least {found} optimal solutions")
    return result
