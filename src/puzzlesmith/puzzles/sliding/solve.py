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

import numpy as np

from ...engines import search as engine
from ...engines.driver import ChunkDriver
from ...engines.kernels import ensure_warm, kernel_name, switch_at
from ...errors import LimitReached, UsageError
from ...results import CountResult, Limits, SolveResult, Stats, Status, count_status
from .board import MOVES, Board, apply_moves, goal_board, is_solvable, validate
from .heuristics import HEURISTICS, make_heuristic, manhattan_table
from .pdb import default_partition, load_partition, neighbour_table, partition_parts

__all__ = [
    "SlidingProblem",
    "solve",
    "count_optimal",
    "prepare",
    "METHODS",
    "COMPILED_HEURISTICS",
    "DEFAULT_MEMORY",
    "default_heuristic",
    "check_choice",
    "warm_kernels",
    "anytime",
    "ANYTIME_WEIGHTS",
]

#: Methods: the compiled IDA* (optimal) and its weighted form, or the generic engine's.
METHODS = ("idastar", "weighted-idastar", "anytime", "astar", "weighted", "greedy", "bfs")
#: Heuristics the compiled IDA* evaluates incrementally (others run in the generic engine).
COMPILED_HEURISTICS = {"manhattan": 0, "linear-conflict": 1, "pdb": 2}
#: The memory budget (bytes) of A*, greedy and BFS, and of table builds, when ``limits.memory``
#: is not given: about 2.5 million stored 15-puzzle states.
DEFAULT_MEMORY = 1 << 30
#: The warning of the zero heuristic (``heuristic="zero"``).
BLIND = ("the zero heuristic (--heuristic zero): the heuristic is 0, so the search is blind; "
         "beyond 3x3 it may not finish")
_LETTERS = [letter for letter, _, _ in MOVES]
_FIRST_CHUNK = 1 << 14  # IDA* nodes in the first kernel call (then sized to ~50 ms)
_CAPACITY = 4096  # the deepest path the compiled IDA* keeps


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
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    if heuristic not in HEURISTICS:
        raise UsageError(
            f"unknown heuristic {heuristic!r}: expected one of {', '.join(HEURISTICS)}"
        )
    if not (isinstance(weight, int | float) and math.isfinite(weight) and weight >= 1):
        raise UsageError(f"the weight must be a number of at least 1, not {weight}")


def _started(limits: Limits | None) -> Limits:
    return (limits or Limits()).started()


def _result(status: Status, board: Board, *, moves: str | None = None, optimal: bool = False,
            bound: float | None = None, method: str = "", heuristic: str = "",
            reason: str = "", stats: Stats | None = None) -> SolveResult:
    """A :class:`SolveResult` with sliding's details (``optimal`` False unless proven)."""
    solved = status is Status.SOLVED
    details = {
        "length": len(moves) if solved and moves is not None else None,
        "moves": moves if solved else None,
        "bound": bound if solved else None,
        "method": method,
        "heuristic": heuristic,
        "reason": reason or None,
        "size": f"{board.rows}x{board.cols}",
    }
    result = SolveResult(status, stats or Stats(), solution=moves if solved else None,
                         optimal=bool(optimal and solved), details=details)
    if status is Status.GAVE_UP and reason:
        result.messages.append(f"gave up: {reason}")
    return result


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
    limits = _started(limits)
    started = time.perf_counter()
    if not is_solvable(board, goal):
        return _result(Status.UNSOLVABLE, board, method=method, heuristic=heuristic,
                       reason="the permutation parity differs from the blank's distance",
                       stats=Stats(seconds=time.perf_counter() - started))
    if method == "anytime":
        if heuristic not in COMPILED_HEURISTICS:
            raise UsageError(f"anytime runs the compiled IDA*: the heuristic must be one of "
                             f"{', '.join(COMPILED_HEURISTICS)}, not {heuristic!r}")
        try:
            result = anytime(board, goal, heuristic=heuristic, partition=partition,
                             limits=limits, progress=progress)
        except LimitReached as stop:
            return _result(Status.GAVE_UP, board, method=method, heuristic=heuristic,
                           reason=str(stop), stats=Stats(seconds=time.perf_counter() - started))
    elif method in ("idastar", "weighted-idastar") and heuristic in COMPILED_HEURISTICS:
        w = 1.0 if method == "idastar" else float(weight)
        try:
            result = _idastar(board, goal, heuristic, partition, limits, progress, w, move)
        except LimitReached as stop:
            return _result(Status.GAVE_UP, board, method=method, heuristic=heuristic,
                           reason=str(stop), stats=Stats(seconds=time.perf_counter() - started))
    else:
        result = _generic(board, goal, method, heuristic, weight, partition, limits, progress,
                          max_stored)
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
        h, name, messages = database.python_heuristic(), _pdb_label(database), database.warnings
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
    result = _result(found.status, board, moves="".join(found.actions), optimal=found.optimal,
                     bound=found.bound, method=method, heuristic=name, reason=found.reason,
                     stats=stats)
    result.messages[:0] = messages
    if name.startswith("none"):
        result.messages.append(BLIND)
    return result


def _generic(board, goal, method, heuristic, weight, partition, limits, progress,
             max_stored) -> SolveResult:
    messages = []
    if heuristic == "pdb" and method != "bfs":
        try:
            database = load_partition(goal, partition, limits=limits, progress=progress)
        except LimitReached as stop:
            return _result(Status.GAVE_UP, board, method=method, heuristic=heuristic,
                           reason=str(stop))
        messages += database.warnings if database.parts else [*database.warnings, BLIND]
        h = database.python_heuristic()
        heuristic = _pdb_label(database)
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
    result = _result(found.status, board, moves="".join(found.actions), optimal=found.optimal,
                     bound=found.bound, method=method, heuristic=heuristic,
                     reason=found.reason, stats=found.stats)
    result.messages[:0] = messages
    return result


def _pdb_label(database) -> str:
    if not database.parts:
        return "none (zero heuristic)"
    mirrored = len(database.reflection()[0]) > 0
    return f"pdb {database.name}" + (" + mirror" if mirrored else "")


def prepare(board: Board, goal: Board, heuristic: str, partition: str | None = None,
            limits: Limits | None = None,
            progress: Callable[[Stats], None] | None = None) -> CompiledSearch:
    """The compiled IDA* set up on ``board`` (tables loaded or built under ``limits``).

    Raises :class:`~puzzlesmith.errors.LimitReached` if a table build is stopped.
    """
    return CompiledSearch(board, goal, heuristic, partition, limits, progress)


class CompiledSearch:
    """The arrays of the compiled IDA* for one board and goal, ready to search or count."""

    def __init__(self, board: Board, goal: Board, heuristic: str, partition: str | None,
                 limits: Limits | None, progress: Callable[[Stats], None] | None):
        ensure_warm("sliding", (limits or Limits()).deadline())
        self.board, self.goal = board, goal
        rows, cols = board.rows, board.cols
        n = rows * cols
        self.mode = COMPILED_HEURISTICS[heuristic]
        self.messages: list[str] = []
        self.build_seconds = 0.0
        if self.mode == 2:
            database = load_partition(goal, partition, limits=limits, progress=progress)
            self.messages += database.warnings
            self.build_seconds = database.build_seconds
            flat, slot_offset, tile_slot, tile_weight, view_cell, slot_tiles = database.arrays()
            if database.compact:
                self.mode = 3
            self.name = _pdb_label(database)
            if not database.parts:
                self.messages.append(BLIND)
        else:
            flat, slot_offset = np.zeros(1, np.uint8), np.zeros(0, np.int64)
            tile_slot = tile_weight = view_cell = np.zeros((0, n), np.int64)
            slot_tiles = np.zeros((0, 1), np.int64)
            self.name = heuristic
        views = len(tile_slot)
        goal_row = np.zeros(n, np.int64)
        goal_col = np.zeros(n, np.int64)
        for cell, tile in enumerate(goal.tiles):
            goal_row[tile], goal_col[tile] = divmod(cell, cols)
        self.shape = (rows, cols)
        self.fixed = (neighbour_table(rows, cols), np.array(manhattan_table(goal), np.int64),
                      goal_row, goal_col)
        scratch = np.zeros((2, max(rows, cols)), np.int64)
        self.tables = (flat, slot_offset, tile_slot, tile_weight, view_cell, slot_tiles, scratch)
        self.views = views
        self.reset()

    def reset(self) -> None:
        """Put the search back on the start board."""
        from . import kernels

        rows, cols = self.shape
        n = rows * cols
        neighbours, md_table, goal_row, goal_col = self.fixed
        views = max(self.views, 1)
        self.tiles = np.array(self.board.tiles, np.int64)
        self.pos = np.zeros(n, np.int64)
        self.st = np.zeros(kernels.ST_SIZE, np.int64)
        slots = max(len(self.tables[1]), 1)
        self.idx = np.zeros(slots, np.int64)
        self.hval = np.zeros(slots, np.int64)
        self.sums = np.zeros(self.views, np.int64)
        self.row_lc, self.col_lc = np.zeros(rows, np.int64), np.zeros(cols, np.int64)
        kernels.initialise(self.tiles, self.pos, self.st, self.idx, self.hval, self.sums,
                           self.row_lc, self.col_lc, rows, cols, md_table, goal_row, goal_col,
                           *self.tables)
        self.h0 = int(kernels.heuristic_now(self.st, self.sums, self.mode))
        self.path = np.zeros(_CAPACITY, np.int64)
        self.nextdir = np.zeros(_CAPACITY + 1, np.int64)
        self.saved = np.zeros((_CAPACITY, views), np.int64)

    def _run(self, bounds: np.ndarray, weight: float, budget: int) -> int:
        from . import kernels

        rows, cols = self.shape
        neighbours, md_table, goal_row, goal_col = self.fixed
        return kernels.run(self.tiles, self.pos, self.st, self.idx, self.hval, self.sums,
                           self.saved, self.row_lc, self.col_lc, self.path, self.nextdir, bounds,
                           rows, cols, self.mode, weight, budget, neighbours, md_table, goal_row,
                           goal_col, *self.tables)

    def _stats(self, stats: Stats, iterations: int, bounds: np.ndarray, started: float,
               depth: int = 0) -> Stats:
        from . import kernels

        stats.nodes = int(self.st[kernels.EXPANDED])
        stats.extra = {
            "expanded": int(self.st[kernels.EXPANDED]),
            "generated": int(self.st[kernels.GENERATED]),
            "peak_frontier": depth or int(min(bounds[0], _CAPACITY)),  # the path
            "iterations": iterations,
            "initial_h": self.h0,
            "threshold": float(bounds[0]) if math.isfinite(bounds[0]) else None,
            "build_seconds": round(self.build_seconds, 3),
            "search_seconds": round(time.perf_counter() - started, 6),
            "kernel": kernel_name(True),
        }
        return stats

    def solve(self, weight: float = 1.0, limits: Limits | None = None,
              progress: Callable[[Stats], None] | None = None) -> SolveResult:
        """IDA* on ``f = g + weight * h`` from the start board, in chunks."""
        from . import kernels

        self.reset()
        st = self.st
        method = "idastar" if weight == 1 else "weighted-idastar"
        bounds = np.array([weight * self.h0, math.inf, math.inf])
        stats = Stats(extra={"phase": "searching"})
        driver = ChunkDriver(limits, progress, stats, first_chunk=_FIRST_CHUNK)
        iterations = 1
        started = time.perf_counter()

        def finish(status: Status, reason: str = "", moves: str | None = None) -> SolveResult:
            self._stats(stats, iterations, bounds, started, len(moves or ""))
            result = _result(status, self.board, moves=moves, optimal=weight == 1,
                             bound=weight, method=method, heuristic=self.name, reason=reason,
                             stats=stats)
            result.messages[:0] = self.messages
            return result

        if st[kernels.MD] == 0:
            return finish(Status.SOLVED, moves="")
        st[kernels.EXPANDED] = 1
        try:
            while True:
                budget = driver.budget() - int(st[kernels.EXPANDED])
                if budget <= 0:
                    return finish(Status.GAVE_UP, f"node limit {driver.limits.nodes} reached")
                code = self._run(bounds, weight, budget)
                if code == kernels.FOUND:
                    moves = "".join(_LETTERS[d] for d in self.path[: st[kernels.DEPTH]])
                    return finish(Status.SOLVED, moves=moves)
                if code == kernels.TOO_DEEP:
                    return finish(Status.GAVE_UP, f"solution deeper than {_CAPACITY} moves")
                if code == kernels.EXHAUSTED:
                    if not math.isfinite(bounds[1]):
                        return finish(Status.UNSOLVABLE, "search space exhausted")
                    bounds[0], bounds[1] = bounds[1], math.inf
                    self.nextdir[0] = 0
                    iterations += 1
                stats.extra["bound"] = float(bounds[0])
                if _stop(driver, int(st[kernels.EXPANDED]), code == kernels.PAUSED):
                    return finish(Status.GAVE_UP, _reason(driver))
        except KeyboardInterrupt:
            return finish(Status.GAVE_UP, "interrupted")

    def count(self, length: int, limit: int | None = None, limits: Limits | None = None,
              progress: Callable[[Stats], None] | None = None) -> tuple[int, bool, Stats, str]:
        """Count the move sequences of ``length`` moves that reach the goal.

        With ``length`` the optimal length, every optimal solution lies within the IDA*
        bound ``f <= length`` (the heuristic is admissible), and the kernel, resumed after
        each goal it finds, enumerates each of them once.  Returns ``(count, complete,
        stats, reason)``; ``complete`` is False when ``limit`` or a budget stopped it.
        """
        from . import kernels

        self.reset()
        st = self.st
        bounds = np.array([float(length), math.inf, math.inf])
        stats = Stats(extra={"phase": "counting"})
        driver = ChunkDriver(limits, progress, stats, first_chunk=_FIRST_CHUNK)
        started = time.perf_counter()
        found = 0
        if st[kernels.MD] == 0:
            return 1, True, self._stats(stats, 1, bounds, started), ""
        st[kernels.EXPANDED] = 1
        reason = ""
        try:
            while True:
                budget = driver.budget() - int(st[kernels.EXPANDED])
                if budget <= 0:
                    reason = f"node limit {driver.limits.nodes} reached"
                    break
                code = self._run(bounds, 1.0, budget)
                if code == kernels.FOUND:
                    found += 1
                    if limit is not None and found >= limit:
                        break
                    self.nextdir[st[kernels.DEPTH]] = 4  # go back up and carry on
                elif code == kernels.EXHAUSTED:
                    return found, True, self._stats(stats, 1, bounds, started), ""
                elif code == kernels.TOO_DEEP:
                    reason = f"solutions deeper than {_CAPACITY} moves"
                    break
                stats.extra["count"] = found
                if _stop(driver, int(st[kernels.EXPANDED]), code == kernels.PAUSED):
                    reason = _reason(driver)
                    break
        except KeyboardInterrupt:
            reason = "interrupted"
        return found, False, self._stats(stats, 1, bounds, started), reason


#: The weights of the anytime search's improving runs, in turn (the last one repeats).
ANYTIME_WEIGHTS = (3.0, 2.0, 1.6, 1.5, 1.4, 1.3, 1.25, 1.2, 1.15, 1.1, 1.06, 1.03)
#: Nodes an improving run may spend without finding a shorter answer before the next weight
#: is tried (doubled each time the weights start over, from the third).
ANYTIME_PATIENCE = 2_000_000


#: Window lengths (moves) of :func:`shorten`, and the node budget of one window's search.
WINDOWS = (16, 24, 32, 40)
WINDOW_NODES = 300_000


def shorten(board: Board, moves: str, limits: Limits | None = None,
            windows: tuple[int, ...] = WINDOWS, nodes: int = WINDOW_NODES,
            spent: list[int] | None = None) -> str:
    """``moves`` with stretches replaced by shorter ones: a local improvement of a solution.

    For each window of ``windows[0]`` moves (overlapping by half), the boards at its two ends
    are joined by an optimal path (compiled IDA*, linear conflicts towards the far end as
    the goal, at most ``nodes`` expanded; a window that needs more is left as it is); a
    shorter path replaces the window.  Then the same with the next, longer windows.  Stops
    at the deadline of ``limits``.  The result solves ``board`` whenever ``moves`` did.
    ``spent[0]``, if given, grows by the nodes expanded.

    >>> from .board import parse
    >>> shorten(parse("1 2 3 4 5 6 0 7 8"), "RLRUDR")
    'RR'
    """
    limits = _started(limits)
    used = 0
    for size in windows:
        i = 0
        while i < len(moves):
            cap = nodes if limits.nodes is None else min(nodes, limits.nodes - used)
            if limits.expired() or cap <= 0:
                return moves
            window_limits = replace(limits, nodes=cap)
            j = min(i + size, len(moves))
            start = apply_moves(board, moves[:i])
            end = apply_moves(start, moves[i:j])
            part = CompiledSearch(start, end, "linear-conflict", None, None, None)
            found = part.solve(1.0, window_limits)
            _pass_interrupt(found)
            used += found.stats.nodes
            if spent is not None:
                spent[0] += found.stats.nodes
            if found.status is Status.SOLVED and len(found.solution) < j - i:
                moves = moves[:i] + found.solution + moves[j:]
                continue  # the same start again: the window now reaches further
            if j == len(moves):
                break
            i += max(size // 2, 1)
    return moves


def _pass_interrupt(found: SolveResult) -> None:
    """Raise Ctrl-C again if a helper search caught it (so that the caller stops too)."""
    if found.status is Status.GAVE_UP and found.details.get("reason") == "interrupted":
        raise KeyboardInterrupt


#: Suffix lengths tried by :func:`shorten_suffix` start here and grow by this step.
SUFFIX_START, SUFFIX_STEP, SUFFIX_NODES = 30, 6, 4_000_000
#: The anytime search shortens suffixes of the answers found with this weight or less.
SUFFIX_WEIGHT = 1.4


def shorten_suffix(board: Board, goal: Board, moves: str, heuristic: str,
                   partition: str | None, limits: Limits | None = None,
                   nodes: int = SUFFIX_NODES, spent: list[int] | None = None) -> str:
    """``moves`` with its last ``K`` moves replaced by an optimal path to the goal, for
    ``K`` = 30, 36, 42, ... while the optimal searches (the compiled IDA* with the puzzle's
    own heuristic, strong near the goal) end within ``nodes`` in all; stops at the deadline.

    >>> from .board import parse
    >>> shorten_suffix(parse("1 2 3 4 5 6 0 7 8"), goal_board(3, 3), "RLRUDR", "manhattan",
    ...                None)
    'RR'
    """
    limits = _started(limits)
    used = 0
    size = min(SUFFIX_START, len(moves))
    while size <= len(moves):
        cap = nodes - used
        if limits.nodes is not None:
            cap = min(cap, limits.nodes - used)
        if limits.expired() or cap <= 0:
            break
        start = apply_moves(board, moves[:len(moves) - size])
        found = CompiledSearch(start, goal, heuristic, partition, None, None).solve(
            1.0, replace(limits, nodes=cap))
        _pass_interrupt(found)
        used += found.stats.nodes
        if spent is not None:
            spent[0] += found.stats.nodes
        if found.status is not Status.SOLVED:
            break
        if len(found.solution) < size:
            moves = moves[:len(moves) - size] + found.solution
        if size == len(moves):
            break
        size = min(size + SUFFIX_STEP, len(moves))
    return moves


def _parity_up(value: float, parity: int) -> int:
    """The least integer of ``parity`` (0 or 1) that is at least ``value``."""
    up = math.ceil(value - 1e-9)
    return up + (up - parity) % 2


def anytime(board: Board, goal: Board, *, heuristic: str = "pdb", partition: str | None = None,
            limits: Limits | None = None, progress: Callable[[Stats], None] | None = None,
            weights: tuple[float, ...] = ANYTIME_WEIGHTS) -> SolveResult:
    """The best solution found by the deadline, and a proven lower bound on the optimum.

    Two compiled IDA* searches share the time, one chunk (about 50 ms) each in turn:

    * the *improving* search runs IDA* on ``g + w*h`` for each weight ``w`` of ``weights``
      in turn, pruning every node whose ``g + h`` exceeds the best length found minus 2 (all
      solutions of a board have the same parity), so each solution it finds is shorter than
      the last; after each one, or after :data:`ANYTIME_PATIENCE` nodes without one, it
      starts again with the next weight (after the last, from the third again, twice as
      patient).  Each new best is shortened locally (:func:`shorten`, and for weights up to
      :data:`SUFFIX_WEIGHT` :func:`shorten_suffix`).
      The first solution (``w = 3``) takes milliseconds once the tables are loaded.  If one
      of its runs exhausts the pruned space, no shorter solution exists: the best is optimal;
    * the *bounding* search is plain IDA* (``w = 1``): when an iteration with threshold ``T``
      ends without a solution, every solution is longer than ``T``, so the next threshold,
      rounded up to the solutions' parity, is a proven lower bound.  A solution it finds is
      optimal.

    The search ends when the bound meets the best length (``optimal`` True), at the
    deadline, the node limit or Ctrl-C (the best so far, ``optimal`` False), so without a
    limit it runs until it proves the optimum.  ``details`` adds ``lower_bound``, ``gap``
    (``(length - lower_bound) / length``, the incumbent-relative gap of MIP solvers) and
    ``improvements`` (``[seconds, length, weight]`` per solution found); ``bound`` is
    ``length / lower_bound``, the proven factor on the length.  With no solution at the
    limit the status is ``gave-up`` and ``lower_bound`` is still reported.
    """
    from . import kernels

    limits = _started(limits)
    began = time.perf_counter()
    upper = prepare(board, goal, heuristic, partition, limits, progress)
    lower = prepare(board, goal, heuristic, partition, limits, progress)
    cols = goal.cols
    parity = sum(abs(a - b) for a, b in zip(divmod(board.blank, cols), divmod(goal.blank, cols),
                                            strict=True)) % 2
    h0 = lower.h0
    free = replace(limits, nodes=None)
    stats = Stats(extra={"phase": "searching"})
    lower_driver = ChunkDriver(free, None, Stats(), first_chunk=_FIRST_CHUNK)
    upper_driver = ChunkDriver(free, None, Stats(), first_chunk=_FIRST_CHUNK)
    state = {"best": None, "bound": _parity_up(h0, parity), "proven": False, "w": 0,
             "patience": ANYTIME_PATIENCE,
             "iterations": 1, "upper_nodes": 0, "reason": ""}
    improvements: list[list] = []
    lower_bounds = np.array([float(state["bound"]), math.inf, math.inf])
    upper_bounds = np.array([weights[0] * h0, math.inf, math.inf])

    def moves_of(search: CompiledSearch) -> str:
        return "".join(_LETTERS[d] for d in search.path[: search.st[kernels.DEPTH]])

    def record(moves: str, weight: float) -> None:
        if state["best"] is not None and len(moves) >= len(state["best"]):
            return
        state["best"] = moves
        improvements.append([round(time.perf_counter() - started, 3), len(moves), weight])
        for _ in range(2):  # improve it locally (twice at most: each pass costs)
            if weight == 1.0 or state["proven"]:
                return
            spent = [0]
            window_limits = limits
            if limits.nodes is not None:
                window_limits = replace(limits, nodes=max(limits.nodes - nodes(), 0) // 2)
            better = shorten(board, moves, window_limits, spent=spent)
            if weight <= SUFFIX_WEIGHT:  # a good answer already: worth the suffix searches
                better = shorten_suffix(board, goal, better, heuristic, partition,
                                        window_limits, spent=spent)
            state["upper_nodes"] += spent[0]
            if len(better) >= len(moves):
                return
            moves = state["best"] = better
            improvements.append([round(time.perf_counter() - started, 3), len(moves),
                                 "windows"])

    def restart_upper() -> None:
        state["upper_nodes"] += int(upper.st[kernels.EXPANDED])
        upper.reset()
        upper.st[kernels.EXPANDED] = 1
        w = weights[state["w"]]
        cap = len(state["best"]) - 2 if state["best"] is not None else math.inf
        upper_bounds[:] = (w * h0, math.inf, cap)

    def nodes() -> int:
        return (state["upper_nodes"] + int(upper.st[kernels.EXPANDED])
                + int(lower.st[kernels.EXPANDED]))

    def step_lower(budget: int) -> int:
        code = lower._run(lower_bounds, 1.0, budget)
        if code == kernels.FOUND:
            record(moves_of(lower), 1.0)
            state["bound"], state["proven"] = len(state["best"]), True
        elif code == kernels.EXHAUSTED:
            state["bound"] = _parity_up(lower_bounds[1], parity)
            lower_bounds[:] = (state["bound"], math.inf, math.inf)
            lower.nextdir[0] = 0
            state["iterations"] += 1
        elif code == kernels.TOO_DEEP:
            state["proven"], state["reason"] = True, f"solution deeper than {_CAPACITY} moves"
        return code

    def next_weight() -> None:
        state["w"] += 1
        if state["w"] == len(weights):  # start over (from the third), more patient
            state["w"] = min(2, len(weights) - 1)
            state["patience"] *= 2
        restart_upper()

    def step_upper(budget: int) -> int:
        code = upper._run(upper_bounds, weights[state["w"]], budget)
        if code == kernels.FOUND:
            record(moves_of(upper), weights[state["w"]])
            next_weight()
        elif code == kernels.PAUSED and upper.st[kernels.EXPANDED] > state["patience"]:
            if state["best"] is not None:
                next_weight()
        elif code == kernels.EXHAUSTED:
            if math.isfinite(upper_bounds[1]):
                upper_bounds[0], upper_bounds[1] = upper_bounds[1], math.inf
                upper.nextdir[0] = 0
            elif state["best"] is not None:  # nothing shorter than the best exists
                state["bound"], state["proven"] = len(state["best"]), True
        elif code == kernels.TOO_DEEP:
            restart_upper()
        return code

    upper.st[kernels.EXPANDED] = lower.st[kernels.EXPANDED] = 1
    started = time.perf_counter()  # improvements are timed from here (tables loaded)
    if upper.st[kernels.MD] == 0:
        record("", 1.0)
        state["bound"], state["proven"] = 0, True
    turn = 0
    try:
        while not state["proven"]:
            if state["best"] is not None and state["bound"] >= len(state["best"]):
                break
            search, driver, step = ((upper, upper_driver, step_upper) if turn % 2 == 0
                                    else (lower, lower_driver, step_lower))
            turn += 1
            done_before = int(search.st[kernels.EXPANDED])
            driver.stats.nodes = done_before
            budget = driver.budget() - done_before
            if limits.nodes is not None:  # half of what is left: the two share it
                left = limits.nodes - nodes()
                budget = min(budget, max(left // 2, 1) if left > 0 else 0)
                if budget <= 0:
                    state["reason"] = f"node limit {limits.nodes} reached"
                    break
            code = step(budget)
            paused = code == kernels.PAUSED
            after = int(search.st[kernels.EXPANDED]) if search is lower or paused else 0
            stats.nodes = nodes()
            stats.seconds = time.perf_counter() - began
            stats.extra.update(lower_bound=state["bound"], iterations=state["iterations"],
                               length=len(state["best"]) if state["best"] is not None else None)
            if progress is not None:
                progress(stats)
            if _stop(driver, after, paused):
                state["reason"] = "time limit reached"
                break
    except KeyboardInterrupt:
        state["reason"] = "interrupted"
    best, bound = state["best"], int(state["bound"])
    if best is not None:
        bound = min(bound, len(best))
    optimal = best is not None and bound >= len(best)
    stats.nodes = nodes()
    stats.seconds = time.perf_counter() - began
    stats.extra = {
        "expanded": stats.nodes,
        "generated": int(upper.st[kernels.GENERATED] + lower.st[kernels.GENERATED]),
        "iterations": state["iterations"],
        "initial_h": h0,
        "build_seconds": round(upper.build_seconds, 3),
        "search_seconds": round(time.perf_counter() - started, 6),
        "kernel": kernel_name(True),
    }
    status = Status.SOLVED if best is not None else Status.GAVE_UP
    reason = "" if optimal else state["reason"] or "time limit reached"
    result = _result(status, board, moves=best, optimal=optimal,
                     bound=round(len(best) / bound, 4) if best is not None and bound else 1.0,
                     method="anytime", heuristic=upper.name, reason=reason, stats=stats)
    result.details.update(
        lower_bound=bound,
        gap=round((len(best) - bound) / len(best), 4) if best else (0.0 if best == "" else None),
        improvements=improvements,
    )
    result.messages[:0] = upper.messages
    if status is Status.SOLVED and not optimal:
        result.messages.append(f"best length {len(best)}, proven lower bound {bound} "
                               f"(gap {100 * result.details['gap']:.1f}%): {reason}")
    return result


def _stop(driver: ChunkDriver, nodes: int, paused: bool) -> bool:
    """Record a kernel call; True at a limit.  A call that ended before its budget (an
    iteration or a solution) says nothing about the chunk size: only the clock is read."""
    return driver.after(nodes, paused=paused) or (not paused and driver.out_of_time())


def _reason(driver: ChunkDriver) -> str:
    if driver.stopped_by == "nodes":
        return f"node limit {driver.limits.nodes} reached"
    return "time limit reached"


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
    limits = _started(limits)
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


def warm_kernels() -> None:
    """Load (or compile) the IDA* and BFS kernels on a 2x2 board, in every mode.

    Registered as the ``"sliding"`` warm-up of :mod:`puzzlesmith.engines.driver` by
    :mod:`.puzzle` (imported with the package), so ``ensure_warm("sliding")`` runs it once.
    """
    from . import kernels, pdb

    goal = goal_board(2, 2)
    table = np.zeros(4 ** 3, np.uint8)
    dist = np.full(4 ** 4, pdb.UNSEEN, np.uint8)
    frontier = np.zeros(24, np.int32)
    weights = np.array([1, 4, 16, 64], np.int64)
    cursor = np.array([0, 0, 0], np.int64)
    kernels.bfs_chunk(dist, table, frontier, frontier.copy(), cursor, 0, 3, 4,
                      neighbour_table(2, 2), weights, 1)
    packed = np.array([0 | 1 << 6 | 2 << 12 | 3 << 18] + [0] * 63, np.int64)
    kernels.bfs_compact_chunk(np.zeros(24, np.uint8), np.zeros(24, np.uint32), packed,
                              packed.copy(), np.array([0, 1, 0], np.int64), 0, 3, 4, 2,
                              neighbour_table(2, 2), 1)
    board = Board(2, 2, (0, 1, 3, 2))
    for heuristic, mode in [*COMPILED_HEURISTICS.items(), ("pdb", 3)]:
        search = CompiledSearch.__new__(CompiledSearch)
        search.board, search.goal, search.shape = board, goal, (2, 2)
        search.mode, search.messages, search.build_seconds = mode, [], 0
        search.name = heuristic
        slot_tiles = np.zeros((0, 1), np.int64)
        if mode == 3:
            slot_tiles = np.array([[3, 1, 2, 3]], np.int64)
            table = np.zeros(24, np.uint8)
        if search.mode >= 2:
            tile_slot = np.array([[-1, 0, 0, 0]], np.int64)
            tile_weight = np.array([[0, 1, 4, 16]], np.int64)
            view_cell = np.array([[0, 1, 2, 3]], np.int64)
            flat, slot_offset = table, np.zeros(1, np.int64)
        else:
            flat, slot_offset = np.zeros(1, np.uint8), np.zeros(0, np.int64)
            tile_slot = tile_weight = view_cell = np.zeros((0, 4), np.int64)
        goal_row = np.array([1, 0, 0, 1], np.int64)
        goal_col = np.array([1, 0, 1, 0], np.int64)
        search.fixed = (neighbour_table(2, 2), np.array(manhattan_table(goal), np.int64),
                        goal_row, goal_col)
        search.tables = (flat, slot_offset, tile_slot, tile_weight, view_cell, slot_tiles,
                         np.zeros((2, 2), np.int64))
        search.views = len(tile_slot)
        search.reset()
        search._run(np.array([100.0, math.inf, math.inf]), 1.0, 10)
