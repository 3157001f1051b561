"""Solving sliding-tile boards: the compiled IDA* by default, any engine method on request.

>>> from .board import parse
>>> r = solve(parse("1 2 3 4 5 6 0 7 8"), heuristic="manhattan")
>>> r.status.value, r.moves, r.length, r.optimal
('solved', 'RR', 2, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from ...engines import search as engine
from ...errors import UsageError
from ...results import Limits, Stats, Status
from . import kernel
from .board import MOVES, Board, apply_moves, goal_board, is_solvable, move, validate
from .heuristics import HEURISTICS, make_heuristic, manhattan_table
from .pdb import default_partition, load_partition, neighbour_table, partition_parts

__all__ = [
    "SlidingResult",
    "SlidingProblem",
    "solve",
    "METHODS",
    "COMPILED_HEURISTICS",
    "default_heuristic",
    "hint",
]

#: Methods: the compiled IDA* (optimal) and its weighted form, or the generic engine's.
METHODS = ("idastar", "weighted-idastar", "astar", "weighted", "greedy", "bfs")
#: Heuristics the compiled IDA* evaluates incrementally (others run in the generic engine).
COMPILED_HEURISTICS = {"manhattan": 0, "linear-conflict": 1, "pdb": 2}
_LETTERS = [letter for letter, _, _ in MOVES]
_CHUNK = 1 << 20  # nodes between returns from the compiled loop
#: Default cap on the states A*, greedy and BFS keep (about 2 GB of Python tuples).
MAX_STORED = 5_000_000


@dataclass
class SlidingResult:
    """A solution attempt: status, blank moves, length, proof of optimality, statistics."""

    status: Status
    board: Board
    goal: Board
    moves: str = ""
    optimal: bool = False
    bound: float | None = None
    method: str = ""
    heuristic: str = ""
    reason: str = ""
    stats: Stats = field(default_factory=Stats)

    @property
    def length(self) -> int | None:
        return len(self.moves) if self.status is Status.SOLVED else None

    def boards(self) -> Iterator[Board]:
        """The start board, then the board after every move."""
        board = self.board
        yield board
        for letter in self.moves:
            board = move(board, letter)
            yield board

    def as_dict(self) -> dict:
        """The JSON object of the CLI contract."""
        return {
            "status": self.status.value,
            "length": self.length,
            "optimal": self.optimal,
            "bound": self.bound,
            "moves": self.moves if self.status is Status.SOLVED else None,
            "method": self.method,
            "heuristic": self.heuristic,
            "reason": self.reason or None,
            "size": f"{self.board.rows}x{self.board.cols}",
            **self.stats.as_dict(),
        }


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


def _check_choice(method: str, heuristic: str, weight: float) -> None:
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    if heuristic not in HEURISTICS:
        raise UsageError(
            f"unknown heuristic {heuristic!r}: expected one of {', '.join(HEURISTICS)}"
        )
    if not (weight >= 1 and math.isfinite(weight)):
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
    progress: Callable | None = None,
    build_progress: Callable | None = None,
    max_stored: int | None = MAX_STORED,
) -> SlidingResult:
    """Solve ``board`` (goal: tiles in order, blank last, unless given).

    ``method`` is one of :data:`METHODS`: ``idastar`` (compiled, optimal; the default),
    ``weighted-idastar`` (compiled, cost at most ``weight`` times optimal), or the generic
    engine's ``astar``, ``weighted`` (weighted A*), ``greedy`` and ``bfs``.  ``heuristic`` is
    a name of :data:`~.heuristics.HEURISTICS` (default: pattern databases where they exist).
    ``partition`` names the pattern databases (see :mod:`.pdb`).  ``progress(nodes, info)``
    is called now and then during the search, ``build_progress(done, total, info)`` while a
    pattern database is being built.  ``max_stored`` caps the states the generic best-first
    methods keep in memory (status GAVE_UP beyond it; ``None``: no cap).
    """
    goal = goal or goal_board(board.rows, board.cols)
    validate(board)
    validate(goal)
    heuristic = heuristic or default_heuristic(goal)
    _check_choice(method, heuristic, weight)
    if heuristic == "pdb" and method != "bfs":
        partition_parts(goal, partition or default_partition(goal))  # a bad name fails now
    if board.shape != goal.shape:
        raise UsageError(
            f"the goal is {goal.rows}x{goal.cols}, the board {board.rows}x{board.cols}"
        )
    started = time.perf_counter()
    if not is_solvable(board, goal):
        return SlidingResult(
            Status.UNSOLVABLE,
            board,
            goal,
            method=method,
            heuristic=heuristic,
            reason="the permutation parity differs from the blank's distance",
            stats=Stats(seconds=time.perf_counter() - started),
        )
    if method in ("idastar", "weighted-idastar") and heuristic in COMPILED_HEURISTICS:
        w = 1.0 if method == "idastar" else float(weight)
        result = _compiled(board, goal, heuristic, w, partition, limits, progress, build_progress)
    else:
        result = _generic(
            board, goal, method, heuristic, weight, partition, limits, progress, build_progress,
            max_stored,
        )
    result.stats.seconds = time.perf_counter() - started
    if result.status is Status.SOLVED and apply_moves(board, result.moves) != goal:
        raise AssertionError(f"internal error: {result.method} returned a wrong solution")
    return result


def _generic(
    board, goal, method, heuristic, weight, partition, limits, progress, build_progress,
    max_stored,
) -> SlidingResult:
    if heuristic == "pdb":
        database = load_partition(goal, partition, progress=build_progress)
        h = database.python_heuristic()
        mirrored = len(database.reflection()[0]) > 0
        heuristic = f"pdb {database.name}" + (" + mirror" if mirrored else "")
    else:
        h = make_heuristic(heuristic, goal)
    problem = SlidingProblem(board, goal, h)
    options: dict = {"limits": limits, "progress": progress}
    if method not in ("idastar", "weighted-idastar"):
        options["max_stored"] = max_stored
    if method in ("weighted", "weighted-idastar"):
        options["weight"] = weight
    if method == "weighted-idastar":
        found = engine.idastar(problem, **options)
    elif method == "bfs":
        found = engine.bfs(problem, **options)
    else:
        found = engine.search(problem, "idastar" if method == "idastar" else method, **options)
    if method == "bfs":
        heuristic = "none"
    return SlidingResult(
        found.status,
        board,
        goal,
        "".join(found.actions),
        found.optimal,
        found.bound,
        method,
        heuristic,
        found.reason,
        found.stats,
    )


def _compiled(
    board, goal, heuristic, weight, partition, limits, progress, build_progress
) -> SlidingResult:
    rows, cols = board.rows, board.cols
    n = rows * cols
    mode = COMPILED_HEURISTICS[heuristic]
    if mode == 2:
        database = load_partition(goal, partition, progress=build_progress)
        flat, slot_offset, tile_slot, tile_weight, view_cell = database.arrays()
        mirrored = len(database.reflection()[0]) > 0
        name = f"pdb {database.name}" + (" + mirror" if mirrored else "")
    else:
        flat, slot_offset = np.zeros(1, np.uint8), np.zeros(0, np.int64)
        tile_slot = tile_weight = view_cell = np.zeros((0, n), np.int64)
        name = heuristic
    views = len(tile_slot)
    md_table = np.array(manhattan_table(goal), np.int64)
    goal_row = np.zeros(n, np.int64)
    goal_col = np.zeros(n, np.int64)
    for cell, tile in enumerate(goal.tiles):
        goal_row[tile], goal_col[tile] = divmod(cell, cols)
    neighbours = neighbour_table(rows, cols)

    tiles = np.array(board.tiles, np.int64)
    pos = np.zeros(n, np.int64)
    st = np.zeros(kernel.ST_SIZE, np.int64)
    idx = np.zeros(max(len(slot_offset), 1), np.int64)
    hval = np.zeros_like(idx)
    sums = np.zeros(views, np.int64)
    row_lc, col_lc = np.zeros(rows, np.int64), np.zeros(cols, np.int64)
    scratch = np.zeros((2, max(rows, cols)), np.int64)
    tables = (flat, slot_offset, tile_slot, tile_weight, view_cell, scratch)
    kernel.initialise(tiles, pos, st, idx, hval, sums, row_lc, col_lc, rows, cols, md_table,
                      goal_row, goal_col, *tables)
    h0 = kernel.heuristic_now(st, sums, mode)
    method = "idastar" if weight == 1 else "weighted-idastar"
    limits = limits or Limits()
    deadline = limits.deadline()
    capacity = 4096
    path = np.zeros(capacity, np.int64)
    nextdir = np.zeros(capacity + 1, np.int64)
    saved = np.zeros((capacity, max(views, 1)), np.int64)
    bounds = np.array([weight * h0, math.inf])
    iterations = 1
    started = time.perf_counter()

    def finish(status: Status, reason: str = "", moves: str = "") -> SlidingResult:
        stats = Stats(
            nodes=int(st[kernel.EXPANDED]),
            extra={
                "expanded": int(st[kernel.EXPANDED]),
                "generated": int(st[kernel.GENERATED]),
                "peak_frontier": len(moves) or int(min(bounds[0], capacity)),  # the path
                "iterations": iterations,
                "initial_h": int(h0),
                "threshold": float(bounds[0]) if math.isfinite(bounds[0]) else None,
                "build_seconds": round(database.build_seconds, 3) if mode == 2 else 0.0,
                "search_seconds": round(time.perf_counter() - started, 6),
            },
        )
        return SlidingResult(
            status,
            board,
            goal,
            moves,
            status is Status.SOLVED and weight == 1,
            weight if status is Status.SOLVED else None,
            method,
            name,
            reason,
            stats,
        )

    if st[kernel.MD] == 0:
        return finish(Status.SOLVED)
    st[kernel.EXPANDED] = 1
    while True:
        budget = _CHUNK
        if limits.nodes is not None:
            budget = min(budget, max(limits.nodes - int(st[kernel.EXPANDED]), 0))
            if budget == 0:
                return finish(Status.GAVE_UP, f"node limit {limits.nodes} reached")
        code = kernel.run(tiles, pos, st, idx, hval, sums, saved, row_lc, col_lc, path, nextdir,
                          bounds, rows, cols, mode, weight, budget, neighbours, md_table,
                          goal_row, goal_col, *tables)
        if code == kernel.FOUND:
            moves = "".join(_LETTERS[d] for d in path[: st[kernel.DEPTH]])
            return finish(Status.SOLVED, moves=moves)
        if code == kernel.TOO_DEEP:
            return finish(Status.GAVE_UP, f"solution deeper than {capacity} moves")
        if code == kernel.EXHAUSTED:
            if not math.isfinite(bounds[1]):
                return finish(Status.UNSOLVABLE, "search space exhausted")
            bounds[0], bounds[1] = bounds[1], math.inf
            nextdir[0] = 0
            iterations += 1
        if deadline is not None and time.monotonic() >= deadline:
            return finish(Status.GAVE_UP, "time limit reached")
        if progress is not None:
            progress(int(st[kernel.EXPANDED]), f"bound {bounds[0]:g}")


def hint(board: Board, goal: Board | None = None, **options) -> tuple[SlidingResult, str | None]:
    """An optimal solution and its first move (``None`` if solved already or unsolvable)."""
    result = solve(board, goal, **options)
    first = result.moves[0] if result.status is Status.SOLVED and result.moves else None
    return result, first
