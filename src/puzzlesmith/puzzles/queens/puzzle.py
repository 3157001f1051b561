"""The N-Queens puzzle object: the protocol's surface over the package's modules.

>>> from puzzlesmith.puzzles import get
>>> queens = get("queens")
>>> board = queens.parse("8")
>>> result = queens.solve(board, method="backtrack")
>>> print(queens.format_answer(board, result.solution, "rows"))
0 4 7 5 2 6 1 3
>>> queens.count(board).count, queens.is_solution(board, result.solution).ok
(92, True)
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ...bench import board_limits, limit_text, reason_of
from ...errors import InvalidPuzzle, UsageError
from ...results import (
    Check,
    CountResult,
    Generated,
    HintResult,
    Limits,
    Result,
    SolveResult,
    Stats,
    Status,
)
from ..protocol import Option, Progress, Puzzle
from ..symmetry import TURNS
from . import board, check, chunks, counting, deduce, generate, solve, web
from .board import Board

__all__ = ["QueensPuzzle", "PUZZLE", "EXAMPLE", "BENCH_FIGURES"]

#: The built-in example: an 8-queens completion puzzle with one solution, which forced
#: placements alone reach (``generate queens --size 8 --seed 1``).
EXAMPLE = """\
........
........
.......Q
........
...Q....
........
....Q...
........
"""

#: ``bench_figures``: (label, method or "count", N), a quick subset of
#: benchmarks/bench_queens.py.
BENCH_FIGURES = (("annealing N=32", "annealing", 32), ("annealing N=10,000", "annealing", 10**4),
                 ("genetic N=32", "genetic", 32),
                 ("minconflicts N=1,000,000", "minconflicts", 10**6),
                 ("construct N=1,000,000", "construct", 10**6), ("count N=14", "count", 14))

class QueensPuzzle(Puzzle):
    """N-Queens, and its completion puzzle (complete the given queens)."""

    name = "queens"
    label = "N-Queens"
    title = "N-Queens: place N queens that do not attack each other (any N up to 2·10^7)."
    verbs = frozenset({"solve", "count", "generate", "render", "hint", "check", "bench"})
    options = (
        Option("max_queens", ("solve", "count", "render", "hint", "check"), int,
               board.MAX_N, "The largest N accepted (the cap against runaway memory).",
               phase="parse", minimum=1),
        Option("method", ("solve", "render"), solve.METHODS, None,
               "Algorithm (default: construct; with given queens backtrack up to N = 60, "
               "then minconflicts)."),
        Option("unique", ("solve",), bool, False,
               "Also prove the answer unique (counts up to two solutions; N <= 60)."),
        Option("processes", ("count",), int, None,
               "Worker processes for a full count (default: every core from N = 16).",
               minimum=1, aliases=("-j", "--jobs")),
        Option("scheduler", ("count",), str, None,
               "Share a full count among the workers of this dask.distributed scheduler "
               "(tcp://HOST:PORT)."),
        Option("size", ("generate",), str, "8",
               f"Queens on the board of each completion puzzle (1 to "
               f"{generate.GENERATE_MAX_N})."),
    )
    quick_params = {"size": "6"}
    styles = {"solve": ("auto", "board", "rows"), "format": ("text", "board"),
              "render": ("board",)}
    inline = True
    max_input = 10_000_000

    # -- reading and writing -------------------------------------------------------------

    def parse(self, text: str, *, max_queens: int = board.MAX_N, **params: Any) -> Board:
        """N (``8``, ``1e6``, ``10_000``) or a board of ``Q`` and ``.`` (a completion
        puzzle); :class:`~puzzlesmith.errors.InvalidPuzzle` names the line and column."""
        _no_params(params)
        return board.parse(text, max_queens=max_queens)

    format = staticmethod(board.format_instance)
    format_answer = staticmethod(board.format_answer)
    parse_answer = staticmethod(board.parse_answer)

    def example(self) -> Board:
        return board.parse(EXAMPLE)

    def describe(self, instance: Board) -> str:
        """The size in words: ``8×8``, with the number of given queens."""
        given = f", {len(instance.givens)} given" if instance.givens else ""
        return f"{instance.n}×{instance.n}{given}"

    def size(self, instance: Board) -> str:
        return str(instance.n)

    def symmetric_texts(self, instance: Board) -> list[str]:
        """N, and the given queens of every turn and reflection of the board."""
        n = instance.n
        return [f"{n}:" + " ".join(f"{r},{c}" for r, c in sorted(
            turn.cell(row, column, n, n) for column, row in instance.givens)) for turn in TURNS]

    # -- the verbs -----------------------------------------------------------------------

    def solve(self, instance: Board, *, limits: Limits | None = None, seed: int | None = None,
              progress: Progress | None = None, method: str | None = None,
              unique: bool = False, start: list[int | None] | None = None,
              **params: Any) -> SolveResult:
        """Place the queens (keeping the givens) with ``method``; with ``unique`` also
        count up to two solutions to say whether the answer is the only one; ``start``:
        min-conflicts' first start (see :func:`.solve.solve`)."""
        _no_params(params)
        method = method or solve.default_method(instance)
        solve.check_method(instance, method)
        if unique:
            counting.check_size(instance, "proving uniqueness")
        outcome = solve.solve(instance, method, seed=seed, limits=limits, progress=progress,
                              start=start)
        result = SolveResult(outcome.status, outcome.stats, solution=outcome.rows,
                             wanted_unique=unique,
                             details={"n": instance.n, "givens": len(instance.givens),
                                      "method": method, "rows": outcome.rows})
        self._explain(result, instance, outcome.stopped_by)
        if unique and outcome.status is Status.SOLVED:
            proof = counting.count(instance, limit=2, limits=limits)
            result.unique = proof.uniqueness()
            result.stats.nodes += proof.stats.nodes
            result.stats.seconds += proof.stats.seconds
        return result

    def _explain(self, result: Result, instance: Board, stopped_by: str | None) -> None:
        if result.status is Status.UNSOLVABLE:
            result.messages.append(
                f"no solution: {instance.n} queens cannot be placed on a {instance.n}x"
                f"{instance.n} board" if instance.n in (2, 3) or not instance.givens
                else "no solution keeps the given queens")
        elif result.status is Status.GAVE_UP and stopped_by:
            result.details["stopped_by"] = stopped_by
            result.details["reason"] = counting.REASONS.get(stopped_by, stopped_by)

    def count(self, instance: Board, *, limit: int | None = None,
              limits: Limits | None = None, progress: Progress | None = None,
              processes: int | None = None, scheduler: str | None = None,
              **params: Any) -> CountResult:
        """How many solutions keep the givens (up to ``limit``); see
        :func:`~.counting.count`.  A full count of N <= 18 is checked against OEIS A000170
        (``details["known"]``; status error if they ever disagree)."""
        _no_params(params)
        result = counting.count(instance, limit=limit, limits=limits, progress=progress,
                                processes=processes, scheduler=scheduler)
        known = _known(instance)
        if known is not None and result.complete and limit is None:
            result.details["known"] = known
            if result.count != known:  # never expected: the tests check every known count
                result.status = Status.ERROR
                result.messages.append(f"counted {result.count} solutions of {instance.n} "
                                       f"queens, but OEIS A000170 says {known}")
        return result

    def check_generate_params(self, *, size: int | str = 8, **params: Any) -> dict:
        _no_params(params)
        return {"size": generate.check_size(size)}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, size: int = 8) -> Generated:
        """A completion puzzle of ``size`` queens with exactly one completion (proven by
        counting); see :func:`.generate.generate_one`."""
        return generate.generate_one(size, seed, limits, stats)

    def hint(self, instance: Board, state=None, *, limits: Limits | None = None,
             **params: Any) -> HintResult:
        """The next step from ``state`` (the player's rows; default: the givens): a
        min-conflicts move, a forced placement, or a queen to take away (see
        :mod:`.deduce`)."""
        _no_params(params)
        return deduce.hint(instance, state, limits=limits)

    def is_solution(self, instance: Board, answer) -> Check:
        """The independent checker: every rule ``answer`` breaks, as text."""
        return Check.of(check.violations(instance, answer))

    def render_svg(self, instance: Board, answer=None, **params: Any) -> str:
        """A chess board up to N = 64, a permutation plot beyond (one dot per queen)."""
        from .render import queens_svg

        return queens_svg(instance.n, answer, instance.givens)

    def render(self, instance: Board, *, solution: bool = False, style: str = "svg",
               limits: Limits | None = None, **params: Any) -> Result:
        if style != "svg" and instance.n > board.BOARD_MAX:
            raise InvalidPuzzle(f"the board drawing is limited to N <= {board.BOARD_MAX:,}; "
                                f"use --format svg")
        return super().render(instance, solution=solution, style=style, limits=limits,
                              **params)

    def report_text(self, verb: str, instance: Board, result: Result,
                    style: str | None = None, *, limits: Limits | None = None) -> str | None:
        if verb == "hint" and result.status is Status.SOLVED and result.move is None:
            return result.text
        if verb == "generate":  # puzzles apart by a blank line, as parse expects them
            return "\n\n".join(g.text.rstrip("\n") for g in result.puzzles) or None
        if verb == "solve" and result.solution is not None:  # millions of rows: deadline
            return board.format_answer(instance, result.solution, style, limits=limits)
        return super().report_text(verb, instance, result, style, limits=limits)

    # -- the web page (:mod:`.web`) -------------------------------------------------------

    answer_style = "rows"
    web_script = "web.js"
    web_view = staticmethod(web.view)
    hint_marks = staticmethod(web.hint_marks)
    violation_marks = staticmethod(web.violation_marks)
    answer_marks = staticmethod(web.answer_marks)
    tracers = web.TRACERS

    # -- tours and figures ---------------------------------------------------------------

    def demo(self) -> str:
        """A short tour: the seed's annealing, 100,000 queens, a count, a completion puzzle."""
        parts = []
        board = Board(8)
        r = self.solve(board, method="annealing", seed=1)
        parts.append("N-Queens: 8 queens by the seed's simulated annealing\n")
        parts.append(self.format_answer(board, r.solution, "board"))
        parts.append(f"{r.stats.nodes} moves, {r.stats.seconds * 1000:.1f} ms\n")
        big = Board(100_000)
        began = time.monotonic()
        r = self.solve(big, method="minconflicts", seed=1)
        elapsed = time.monotonic() - began
        ok = "verified" if self.is_solution(big, r.solution) else "NOT a solution"
        parts.append(f"100,000 queens by min-conflicts: {elapsed:.2f} s, {r.stats.nodes:,} "
                     f"steps, {ok} (with loading the compiled kernels; the very first run "
                     f"compiles them)")
        c = self.count(Board(10))
        parts.append(f"10 queens have {c.count} solutions (counted in "
                     f"{c.stats.seconds:.3f} s)\n")
        puzzle = self.example()
        parts.append("A completion puzzle: place the other queens (one solution)\n")
        parts.append(self.format(puzzle, "board"))
        h = self.hint(puzzle)
        parts.append(f"hint: {h.text}")
        r = self.solve(puzzle, unique=True)
        parts.append(f"solved by {r.details['method']}, unique: {r.unique}\n")
        parts.append(self.format_answer(puzzle, r.solution, "board"))
        return "\n".join(parts)

    def bench(self, texts: dict[str, str] | None = None, *, repeat: int = 3,
              limits: Limits | None = None, progress: Progress | None = None,
              **params: Any) -> Result:
        """With ``texts``: the generic benchmark on those instances; without: the figures of
        :meth:`bench_figures`, ``repeat`` seeds each."""
        if texts:
            return super().bench(texts, repeat=repeat, limits=limits, progress=progress,
                                 **params)
        return self.bench_figures(repeat, limits=limits, progress=progress)

    def bench_figures(self, seeds: int = 3, *, limits: Limits | None = None,
                      progress: Progress | None = None) -> Result:
        """Median seconds of each figure of :data:`BENCH_FIGURES` over ``seeds`` runs, every
        answer checked; status error if one is wrong, gave-up at ``limits`` (each run gets
        them afresh, see :func:`puzzlesmith.bench.board_limits`).  The kernels are loaded
        before timing."""
        chunks.kernels()
        figures: dict[str, float] = {}
        wrong: list[str] = []
        stats = Stats(extra={"total": len(BENCH_FIGURES), "done": 0})
        began = time.monotonic()
        status = Status.SOLVED
        for label, method, n in BENCH_FIGURES:
            times = []
            for seed in range(seeds):
                board = Board(n)
                start = time.perf_counter()
                if method == "count":
                    got = self.count(board, limits=board_limits(limits))
                    ok = got.count == counting.KNOWN_COUNTS[n] or not got.complete
                else:
                    got = self.solve(board, method=method, seed=seed,
                                     limits=board_limits(limits))
                    ok = got.status is not Status.SOLVED or self.is_solution(board,
                                                                             got.solution).ok
                times.append(time.perf_counter() - start)
                stats.nodes += got.stats.nodes
                if not ok:
                    wrong.append(label)
                if got.verdict() is Status.GAVE_UP:
                    status = Status.GAVE_UP
                    break
            if got.verdict() is Status.GAVE_UP:  # this figure is not timed; the others are
                if reason_of(got) == "interrupted":
                    break
                continue
            figures[label] = round(statistics.median(times), 6)
            stats.extra["done"] += 1
            stats.seconds = time.monotonic() - began
            if progress is not None:
                progress(stats)
        if wrong:
            status = Status.ERROR
        stats.seconds = time.monotonic() - began
        table = "\n".join([*(f"{label:<28} {t:8.3f} s" for label, t in figures.items()),
                           limit_text(limits)])
        return Result(status, Stats(nodes=stats.nodes, seconds=stats.seconds),
                      details={"figures": figures, "wrong": wrong, "table": table})


def _known(board: Board) -> int | None:
    if board.givens or board.n >= len(counting.KNOWN_COUNTS):
        return None
    return counting.KNOWN_COUNTS[board.n]


def _no_params(params: dict) -> None:
    if params:
        raise UsageError(f"unknown option(s) for queens: {', '.join(sorted(params))}")


PUZZLE = QueensPuzzle()
