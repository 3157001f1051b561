"""The compiled IDA* of sliding tiles: the kernel's arrays for one board, searched in chunks.

:class:`CompiledSearch` solves (IDA* or weighted IDA*) and counts optimal solutions; the
kernels themselves are in :mod:`.kernels`, loaded on first use.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np

from ...engines.driver import ChunkDriver
from ...engines.kernels import ensure_warm, kernel_name
from ...results import Limits, SolveResult, Stats, Status
from .board import MOVES, Board, goal_board
from .heuristics import manhattan_table
from .pdb import load_partition, neighbour_table

#: Heuristics the compiled IDA* evaluates incrementally (others run in the generic engine).
COMPILED_HEURISTICS = {"manhattan": 0, "linear-conflict": 1, "pdb": 2}
#: The warning of the zero heuristic (``heuristic="zero"``).
BLIND = ("the zero heuristic (--heuristic zero): the heuristic is 0, so the search is blind; "
         "beyond 3x3 it may not finish")
LETTERS = [letter for letter, _, _ in MOVES]
FIRST_CHUNK = 1 << 14  # IDA* nodes in the first kernel call (then sized to ~50 ms)
CAPACITY = 4096  # the deepest path the compiled IDA* keeps


def make_result(status: Status, board: Board, *, moves: str | None = None,
                optimal: bool = False, bound: float | None = None, method: str = "",
                heuristic: str = "", reason: str = "", stats: Stats | None = None
                ) -> SolveResult:
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


def pdb_label(database) -> str:
    """The heuristic's name in results: the partition, and whether its mirror is used."""
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
            self.name = pdb_label(database)
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
        self.path = np.zeros(CAPACITY, np.int64)
        self.nextdir = np.zeros(CAPACITY + 1, np.int64)
        self.saved = np.zeros((CAPACITY, views), np.int64)

    def moves(self) -> str:
        """The path the kernel stands on, as move letters (the solution after ``FOUND``)."""
        from . import kernels

        return "".join(LETTERS[d] for d in self.path[: self.st[kernels.DEPTH]])

    def run(self, bounds: np.ndarray, weight: float, budget: int) -> int:
        """One kernel call of at most ``budget`` nodes; returns the kernel's code."""
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
            "peak_frontier": depth or int(min(bounds[0], CAPACITY)),  # the path
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
        driver = ChunkDriver(limits, progress, stats, first_chunk=FIRST_CHUNK)
        iterations = 1
        started = time.perf_counter()

        def finish(status: Status, reason: str = "", moves: str | None = None) -> SolveResult:
            self._stats(stats, iterations, bounds, started, len(moves or ""))
            result = make_result(status, self.board, moves=moves, optimal=weight == 1,
                                 bound=weight, method=method, heuristic=self.name,
                                 reason=reason, stats=stats)
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
                code = self.run(bounds, weight, budget)
                if code == kernels.FOUND:
                    return finish(Status.SOLVED, moves=self.moves())
                if code == kernels.TOO_DEEP:
                    return finish(Status.GAVE_UP, f"solution deeper than {CAPACITY} moves")
                if code == kernels.EXHAUSTED:
                    if not math.isfinite(bounds[1]):
                        return finish(Status.UNSOLVABLE, "search space exhausted")
                    bounds[0], bounds[1] = bounds[1], math.inf
                    self.nextdir[0] = 0
                    iterations += 1
                stats.extra["bound"] = float(bounds[0])
                if chunk_done(driver, int(st[kernels.EXPANDED]), code == kernels.PAUSED):
                    return finish(Status.GAVE_UP, limit_reason(driver))
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
        driver = ChunkDriver(limits, progress, stats, first_chunk=FIRST_CHUNK)
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
                code = self.run(bounds, 1.0, budget)
                if code == kernels.FOUND:
                    found += 1
                    if limit is not None and found >= limit:
                        break
                    self.nextdir[st[kernels.DEPTH]] = 4  # go back up and carry on
                elif code == kernels.EXHAUSTED:
                    return found, True, self._stats(stats, 1, bounds, started), ""
                elif code == kernels.TOO_DEEP:
                    reason = f"solutions deeper than {CAPACITY} moves"
                    break
                stats.extra["count"] = found
                if chunk_done(driver, int(st[kernels.EXPANDED]), code == kernels.PAUSED):
                    reason = limit_reason(driver)
                    break
        except KeyboardInterrupt:
            reason = "interrupted"
        return found, False, self._stats(stats, 1, bounds, started), reason



def chunk_done(driver: ChunkDriver, nodes: int, paused: bool) -> bool:
    """Record a kernel call; True at a limit.  A call that ended before its budget (an
    iteration or a solution) says nothing about the chunk size: only the clock is read."""
    return driver.after(nodes, paused=paused) or (not paused and driver.out_of_time())


def limit_reason(driver: ChunkDriver) -> str:
    if driver.stopped_by == "nodes":
        return f"node limit {driver.limits.nodes} reached"
    return "time limit reached"



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
        search.run(np.array([100.0, math.inf, math.inf]), 1.0, 10)
