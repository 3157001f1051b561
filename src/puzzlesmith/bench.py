"""A quick benchmark of any puzzle: median times of its verbs on given instances.

The figures behind the documentation (with peers side by side) are the scripts in
``benchmarks/``; this is the small, always-available version behind ``puzzlesmith bench``.

Every bench follows the contract of ``solve`` board by board: each run of a board gets the
same limits (``limits.seconds`` counted afresh for it, :data:`BOARD_SECONDS` when not
given; ``limits.nodes`` and ``limits.memory`` as they are), a board with no solution makes
the status unsolvable (exit 1) with a message naming it, and a board stopped at its limit
makes it gave-up (exit 3) while the other boards still run.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from .results import Limits, Result, Stats, Status

if TYPE_CHECKING:  # bench is below the puzzles, which call it
    from .puzzles.protocol import Progress, Puzzle

__all__ = ["BOARD_SECONDS", "benchmark", "board_limits", "limit_text", "reason_of", "spearman"]

#: The time limit of each run of a board when ``limits.seconds`` is not given.
BOARD_SECONDS = 60.0


def board_limits(limits: Limits | None) -> Limits:
    """The limits of one run of one board: ``limits``' budgets, with its seconds (default
    :data:`BOARD_SECONDS`) counted from now."""
    limits = limits or Limits()
    seconds = BOARD_SECONDS if limits.seconds is None else limits.seconds
    return replace(limits, seconds=seconds, until=None).started()


def limit_text(limits: Limits | None) -> str:
    """The per-board limit as the output states it: ``limit 60 s a board``."""
    return f"limit {board_limits(limits).seconds:g} s a board"


def reason_of(result: Result) -> str | None:
    """Why ``result`` gave up (``"interrupted"``, ``"time limit reached"``...), if it says."""
    return result.details.get("reason") or result.stats.extra.get("reason")


def benchmark(puzzle: Puzzle, instances: dict[str, Any] | None = None, *, repeat: int = 5,
              limits: Limits | None = None, progress: Progress | None = None) -> Result:
    """Median seconds of ``solve`` (and of a uniqueness proof and one generation, where the
    puzzle offers them) on ``instances`` (default: the puzzle's example), after a warm-up run
    so that compilation is not counted.  ``details["figures"]`` maps a label to seconds;
    ``details["unsolvable"]`` and ``details["gave_up"]`` list the labels that failed.  Each
    run has its own :func:`board_limits`; a board without solution is not timed further."""
    instances = instances or {"example": puzzle.example()}
    jobs: list[tuple[str, Callable[[Limits], Result]]] = []
    for name, instance in instances.items():
        jobs.append((f"solve {name}", lambda lim, i=instance: puzzle.solve(i, limits=lim)))
        if "count" in puzzle.verbs:
            jobs.append((f"unique {name}",
                         lambda lim, i=instance: puzzle.prove_unique(i, limits=lim)))
    if "generate" in puzzle.verbs:
        jobs.append(("generate (seed 1)", lambda lim: puzzle.generate(seed=1, limits=lim)))
    figures: dict[str, float] = {}
    unsolvable: list[str] = []
    gave_up: list[str] = []
    messages: list[str] = []
    stats = Stats(extra={"total": len(jobs), "done": 0, "stage": f"benchmarking {puzzle.name}"})
    began = time.monotonic()
    for label, job in jobs:
        board = label.split(" ", 1)[1]
        if f"solve {board}" in unsolvable:
            continue
        times: list[float] = []
        for run in range(repeat + 1):  # run 0 warms up: loads or compiles the kernels
            start = time.perf_counter()
            outcome = job(board_limits(limits))
            if run:
                times.append(time.perf_counter() - start)
            stats.nodes += outcome.stats.nodes
            no_solution = label.startswith("solve ") and outcome.status is Status.UNSOLVABLE
            if no_solution or outcome.verdict() is Status.GAVE_UP:
                break
        if no_solution:
            unsolvable.append(label)
            messages.append(f"{board}: no solution")
        elif outcome.verdict() is Status.GAVE_UP:
            gave_up.append(label)
            messages.append(f"gave up on {label}: {reason_of(outcome) or 'at the limit'}"
                            f" ({limit_text(limits)})")
            if reason_of(outcome) == "interrupted":
                break
        elif times:
            figures[label] = round(statistics.median(times), 6)
        stats.extra["done"] += 1
        stats.seconds = time.monotonic() - began
        if progress is not None:
            progress(stats)
    status = Status.UNSOLVABLE if unsolvable else Status.GAVE_UP if gave_up else Status.SOLVED
    rows = [f"{label:<40} {t * 1e3:10.2f} ms" for label, t in figures.items()]
    rows += [f"{label:<40} {'no solution':>13}" for label in unsolvable]
    rows += [f"{label:<40} {'gave up':>13}" for label in gave_up]
    rows.append(f"{limit_text(limits)}, median of {repeat} runs after a warm-up")
    return Result(status, Stats(nodes=stats.nodes, seconds=time.monotonic() - began),
                  details={"figures": figures, "repeat": repeat, "table": "\n".join(rows),
                           "unsolvable": unsolvable, "gave_up": gave_up,
                           "board_seconds": board_limits(limits).seconds},
                  messages=messages, puzzle=puzzle.name)


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation of ``xs`` and ``ys`` (ties share their mean rank): how
    well one order agrees with another, e.g. a rater's scores with published grades.

    >>> spearman([1, 2, 2, 3], [10, 30, 20, 40])
    0.9486832980505138
    """
    return statistics.correlation(_ranks(xs), _ranks(ys))


def _ranks(values: list[float]) -> list[float]:
    """Ranks from 0, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2
        i = j + 1
    return out
