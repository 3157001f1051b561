"""The anytime search of sliding tiles: the best solution by the deadline, with a lower bound.

:func:`anytime` alternates an improving search (weighted IDA*, pruned below the best so far)
with a bounding one (plain IDA*); :func:`shorten` and :func:`shorten_suffix` improve each new
best locally.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace

import numpy as np

from ...engines.driver import ChunkDriver
from ...engines.kernels import kernel_name
from ...results import Limits, SolveResult, Stats, Status
from . import kernels
from .board import Board, apply_moves
from .compiled import CAPACITY, FIRST_CHUNK, CompiledSearch, chunk_done, make_result, prepare

__all__ = ["anytime", "shorten", "shorten_suffix", "ANYTIME_WEIGHTS", "ANYTIME_PATIENCE"]

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
    limits = (limits or Limits()).started()
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

    >>> from .board import goal_board, parse
    >>> shorten_suffix(parse("1 2 3 4 5 6 0 7 8"), goal_board(3, 3), "RLRUDR", "manhattan",
    ...                None)
    'RR'
    """
    limits = (limits or Limits()).started()
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
    began = time.perf_counter()
    search = _Anytime(board, goal, heuristic, partition, (limits or Limits()).started(),
                      progress, weights)
    return search.result(search.run(progress, began))


class _Anytime:
    """One anytime search: the improving and bounding IDA*, the best answer, the bound."""

    def __init__(self, board: Board, goal: Board, heuristic: str, partition: str | None,
                 limits: Limits, progress: Callable[[Stats], None] | None,
                 weights: tuple[float, ...]):
        self.board, self.goal, self.heuristic, self.partition = board, goal, heuristic, partition
        self.limits, self.weights = limits, weights
        self.upper = prepare(board, goal, heuristic, partition, limits, progress)
        self.lower = prepare(board, goal, heuristic, partition, limits, progress)
        cols = goal.cols
        self.parity = sum(abs(a - b) for a, b in zip(divmod(board.blank, cols),
                                                     divmod(goal.blank, cols), strict=True)) % 2
        self.h0 = self.lower.h0
        free = replace(limits, nodes=None)
        self.upper_driver = ChunkDriver(free, None, Stats(), first_chunk=FIRST_CHUNK)
        self.lower_driver = ChunkDriver(free, None, Stats(), first_chunk=FIRST_CHUNK)
        self.best: str | None = None
        self.bound = _parity_up(self.h0, self.parity)
        self.proven = False
        self.w = 0  # the index of the improving search's weight
        self.patience = ANYTIME_PATIENCE
        self.iterations = 1
        self.upper_nodes = 0  # spent by finished improving runs and local improvements
        self.reason = ""
        self.improvements: list[list] = []
        self.lower_bounds = np.array([float(self.bound), math.inf, math.inf])
        self.upper_bounds = np.array([weights[0] * self.h0, math.inf, math.inf])
        self.started = time.perf_counter()  # improvements are timed from the search's start

    def nodes(self) -> int:
        """The nodes expanded so far by both searches and the local improvements."""
        return (self.upper_nodes + int(self.upper.st[kernels.EXPANDED])
                + int(self.lower.st[kernels.EXPANDED]))

    def record(self, moves: str, weight: float) -> None:
        """Keep ``moves`` if shorter than the best, and improve it locally (twice at most)."""
        if self.best is not None and len(moves) >= len(self.best):
            return
        self.best = moves
        self.improvements.append([round(time.perf_counter() - self.started, 3), len(moves),
                                  weight])
        for _ in range(2):  # each pass costs
            if weight == 1.0 or self.proven:
                return
            better = self.improve(moves, weight)
            if len(better) >= len(moves):
                return
            moves = self.best = better
            self.improvements.append([round(time.perf_counter() - self.started, 3), len(moves),
                                      "windows"])

    def improve(self, moves: str, weight: float) -> str:
        """``moves`` shortened by windows, and its suffixes too when ``weight`` is small."""
        spent = [0]
        limits = self.limits
        if limits.nodes is not None:
            limits = replace(limits, nodes=max(limits.nodes - self.nodes(), 0) // 2)
        better = shorten(self.board, moves, limits, spent=spent)
        if weight <= SUFFIX_WEIGHT:  # a good answer already: worth the suffix searches
            better = shorten_suffix(self.board, self.goal, better, self.heuristic,
                                    self.partition, limits, spent=spent)
        self.upper_nodes += spent[0]
        return better

    def restart_upper(self) -> None:
        """Start the improving search again with the current weight, below the best."""
        self.upper_nodes += int(self.upper.st[kernels.EXPANDED])
        self.upper.reset()
        self.upper.st[kernels.EXPANDED] = 1
        cap = len(self.best) - 2 if self.best is not None else math.inf
        self.upper_bounds[:] = (self.weights[self.w] * self.h0, math.inf, cap)

    def next_weight(self) -> None:
        """Move the improving search to the next weight (after the last: the third, more
        patient)."""
        self.w += 1
        if self.w == len(self.weights):
            self.w = min(2, len(self.weights) - 1)
            self.patience *= 2
        self.restart_upper()

    def step_lower(self, budget: int) -> int:
        """One chunk of the bounding search; raises the bound after each iteration."""
        code = self.lower.run(self.lower_bounds, 1.0, budget)
        if code == kernels.FOUND:
            self.record(self.lower.moves(), 1.0)
            self.bound, self.proven = len(self.best), True
        elif code == kernels.EXHAUSTED:
            self.bound = _parity_up(self.lower_bounds[1], self.parity)
            self.lower_bounds[:] = (self.bound, math.inf, math.inf)
            self.lower.nextdir[0] = 0
            self.iterations += 1
        elif code == kernels.TOO_DEEP:
            self.proven, self.reason = True, f"solution deeper than {CAPACITY} moves"
        return code

    def step_upper(self, budget: int) -> int:
        """One chunk of the improving search; a new best or lost patience moves it on."""
        weight = self.weights[self.w]
        code = self.upper.run(self.upper_bounds, weight, budget)
        if code == kernels.FOUND:
            self.record(self.upper.moves(), weight)
            self.next_weight()
        elif code == kernels.PAUSED and self.upper.st[kernels.EXPANDED] > self.patience:
            if self.best is not None:
                self.next_weight()
        elif code == kernels.EXHAUSTED:
            if math.isfinite(self.upper_bounds[1]):
                self.upper_bounds[0], self.upper_bounds[1] = self.upper_bounds[1], math.inf
                self.upper.nextdir[0] = 0
            elif self.best is not None:  # nothing shorter than the best exists
                self.bound, self.proven = len(self.best), True
        elif code == kernels.TOO_DEEP:
            self.restart_upper()
        return code

    def budget(self, search: CompiledSearch, driver: ChunkDriver) -> int:
        """The next chunk of ``search``: its driver's size, at most half of the node limit's
        rest (the two searches share it); 0 once the limit is reached."""
        done_before = int(search.st[kernels.EXPANDED])
        driver.stats.nodes = done_before
        budget = driver.budget() - done_before
        if self.limits.nodes is not None:
            left = self.limits.nodes - self.nodes()
            budget = min(budget, max(left // 2, 1) if left > 0 else 0)
        return budget

    def run(self, progress: Callable[[Stats], None] | None, began: float) -> Stats:
        """Alternate the two searches, a chunk each, until the bound meets the best or a
        limit stops them."""
        stats = Stats(extra={"phase": "searching"})
        self.upper.st[kernels.EXPANDED] = self.lower.st[kernels.EXPANDED] = 1
        self.started = time.perf_counter()  # the tables are loaded
        if self.upper.st[kernels.MD] == 0:
            self.record("", 1.0)
            self.bound, self.proven = 0, True
        turns = [(self.upper, self.upper_driver, self.step_upper),
                 (self.lower, self.lower_driver, self.step_lower)]
        turn = 0
        try:
            while not self.proven:
                if self.best is not None and self.bound >= len(self.best):
                    break
                search, driver, step = turns[turn % 2]
                turn += 1
                budget = self.budget(search, driver)
                if budget <= 0:
                    self.reason = f"node limit {self.limits.nodes} reached"
                    break
                code = step(budget)
                paused = code == kernels.PAUSED
                after = int(search.st[kernels.EXPANDED]) if search is self.lower or paused else 0
                stats.nodes = self.nodes()
                stats.seconds = time.perf_counter() - began
                stats.extra.update(lower_bound=self.bound, iterations=self.iterations,
                                   length=len(self.best) if self.best is not None else None)
                if progress is not None:
                    progress(stats)
                if chunk_done(driver, after, paused):
                    self.reason = "time limit reached"
                    break
        except KeyboardInterrupt:
            self.reason = "interrupted"
        stats.nodes = self.nodes()
        stats.seconds = time.perf_counter() - began
        return stats

    def result(self, stats: Stats) -> SolveResult:
        """The best answer with its proven bound and gap, and the searches' statistics."""
        best, bound = self.best, int(self.bound)
        if best is not None:
            bound = min(bound, len(best))
        optimal = best is not None and bound >= len(best)
        stats.extra = {
            "expanded": stats.nodes,
            "generated": int(self.upper.st[kernels.GENERATED]
                             + self.lower.st[kernels.GENERATED]),
            "iterations": self.iterations,
            "initial_h": self.h0,
            "build_seconds": round(self.upper.build_seconds, 3),
            "search_seconds": round(time.perf_counter() - self.started, 6),
            "kernel": kernel_name(True),
        }
        status = Status.SOLVED if best is not None else Status.GAVE_UP
        reason = "" if optimal else self.reason or "time limit reached"
        result = make_result(
            status, self.board, moves=best, optimal=optimal,
            bound=round(len(best) / bound, 4) if best is not None and bound else 1.0,
            method="anytime", heuristic=self.upper.name, reason=reason, stats=stats)
        gap = (round((len(best) - bound) / len(best), 4) if best
               else (0.0 if best == "" else None))
        result.details.update(lower_bound=bound, gap=gap, improvements=self.improvements)
        result.messages[:0] = self.upper.messages
        if status is Status.SOLVED and not optimal:
            result.messages.append(f"best length {len(best)}, proven lower bound {bound} "
                                   f"(gap {100 * gap:.1f}%): {reason}")
        return result
