"""A quick benchmark of any puzzle: median times of its verbs on given instances.

The figures behind the documentation (with peers side by side) are the scripts in
``benchmarks/``; this is the small, always-available version behind ``puzzlesmith bench``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from .puzzles.protocol import Progress, Puzzle
from .results import Limits, Result, Stats, Status

__all__ = ["benchmark"]


def benchmark(puzzle: Puzzle, instances: dict[str, Any] | None = None, *, repeat: int = 5,
              limits: Limits | None = None, progress: Progress | None = None) -> Result:
    """Median seconds of ``solve`` (and of a uniqueness proof and one generation, where the
    puzzle offers them) on ``instances`` (default: the puzzle's example), after a warm-up run
    so that compilation is not counted.  ``details["figures"]`` maps a label to seconds."""
    limits = (limits or Limits()).started()
    instances = instances or {"example": puzzle.example()}
    jobs: list[tuple[str, Callable[[], Result]]] = []
    for name, instance in instances.items():
        jobs.append((f"solve {name}", lambda i=instance: puzzle.solve(i, limits=limits)))
        if "count" in puzzle.verbs:
            jobs.append((f"unique {name}",
                         lambda i=instance: puzzle.prove_unique(i, limits=limits)))
    if "generate" in puzzle.verbs:
        jobs.append(("generate (seed 1)", lambda: puzzle.generate(seed=1, limits=limits)))
    figures: dict[str, float] = {}
    stats = Stats(extra={"total": len(jobs), "done": 0, "stage": f"benchmarking {puzzle.name}"})
    began = time.monotonic()
    status = Status.SOLVED
    for label, job in jobs:
        job()  # warm-up: load or compile the kernels this job needs
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            outcome = job()
            times.append(time.perf_counter() - start)
            stats.nodes += outcome.stats.nodes
        if limits.expired():
            status = Status.GAVE_UP
            break
        figures[label] = round(statistics.median(times), 6)
        stats.extra["done"] += 1
        stats.seconds = time.monotonic() - began
        if progress is not None:
            progress(stats)
    stats.seconds = time.monotonic() - began
    table = "\n".join(f"{label:<40} {t * 1e3:10.2f} ms" for label, t in figures.items())
    return Result(status, Stats(nodes=stats.nodes, seconds=stats.seconds),
                  details={"figures": figures, "repeat": repeat, "table": table},
                  puzzle=puzzle.name)
