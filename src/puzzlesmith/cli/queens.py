"""N-Queens subcommands: ``solve queens N`` and ``count queens N``."""

from __future__ import annotations

import time

import click

from ..errors import UsageError
from ..results import Status
from .common import command_options, emit, exit_with, limits_from, message, progress, seed_option
from .verbs import bench, count, solve

#: ``--format auto`` draws the board up to this size and prints the rows beyond it.
BOARD_UP_TO = 64
#: The largest board ``--format board`` will draw.
BOARD_LIMIT = 1000


def _size(text: str) -> int:
    from ..puzzles import queens

    return queens.parse(text)


def _info(update):
    """An engine progress callback that writes its dict into the progress bar."""
    return lambda d: update(info=" ".join(f"{k}={v}" for k, v in d.items()))


@solve.command("queens")
@click.argument("n", metavar="N")
@click.option("--method", type=click.Choice(
    ["construct", "minconflicts", "annealing", "genetic", "backtrack"]), default=None,
    help="Algorithm (default: the fastest correct one for N, construct).")
@seed_option
@command_options("auto", "board", "rows")
def solve_queens(n, method, seed, fmt, out, timeout, node_limit):
    """Place N queens so that none attacks another (N may be written 1e6 or 10_000).

    Formats: board (the seed's K and . board), rows (the row of the queen in each column,
    0-based), json; auto draws the board up to 64 queens and prints the rows beyond.
    """
    from ..puzzles import queens

    size = _size(n)
    if fmt == "board" and size > BOARD_LIMIT:
        raise UsageError(f"the board format is limited to N <= {BOARD_LIMIT}; use --format rows")
    with progress(f"{size} queens by {method or queens.default_method(size)}") as update:
        result = queens.solve(size, method, seed=seed, limits=limits_from(timeout, node_limit),
                              progress=_info(update))
    obj = {"status": result.status.value, "n": size, "method": result.method,
           "seconds": round(result.stats.seconds, 6), "nodes": result.stats.nodes,
           "rows": result.rows}
    if result.status is Status.SOLVED:
        if fmt == "auto":
            fmt = "board" if size <= BOARD_UP_TO else "rows"
        text = queens.format_board(result.rows) if fmt == "board" \
            else queens.format_rows(result.rows)
        emit(obj, text, fmt, out)
    else:
        emit(obj, None, fmt, out)
        if result.status is Status.UNSOLVABLE:
            message(f"no solution: {size} queens cannot be placed on a {size}x{size} board")
        else:
            message(f"gave up after {result.stats.nodes} steps, "
                    f"{result.stats.seconds:.2f} s, without a solution")
    exit_with(result.status)


@count.command("queens")
@click.argument("n", metavar="N")
@click.option("--processes", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: every core from N = 16, else 1).")
@command_options("text")
def count_queens(n, processes, fmt, out, timeout, node_limit):
    """Count every solution of N queens (N <= 30), by compiled bitmask backtracking."""
    from ..puzzles import queens

    size = _size(n)
    if node_limit is not None:
        raise UsageError("count queens takes --timeout, not --nodes")
    with progress(f"counting {size} queens") as update:
        result = queens.count(size, processes=processes, limits=limits_from(timeout, None),
                              progress=lambda d: update(info=f"{d['done']}/{d['total']}"))
    status = (Status.GAVE_UP if not result.complete else
              Status.SOLVED if result.count else Status.UNSOLVABLE)  # no solution: exit 1
    obj = {"status": status.value, "n": size, "count": result.count,
           "complete": result.complete, "seconds": round(result.stats.seconds, 6)}
    if result.complete:
        emit(obj, str(result.count), fmt, out)
    else:
        emit(obj, None, fmt, out)
        message(f"gave up after {result.stats.seconds:.2f} s: at least {result.count} "
                f"solutions ({result.stats.nodes} of {result.stats.extra['jobs']} parts counted)")
    exit_with(status)


#: ``bench queens``: (label, method or "count", N) — a quick subset of benchmarks/bench_queens.py.
BENCH_FIGURES = (("annealing N=32", "annealing", 32), ("annealing N=10,000", "annealing", 10**4),
                 ("genetic N=32", "genetic", 32), ("minconflicts N=1,000,000", "minconflicts",
                                                   10**6),
                 ("construct N=1,000,000", "construct", 10**6), ("count N=14", "count", 14))


@bench.command("queens")
@click.option("--seeds", type=click.IntRange(min=1), default=3, show_default=True,
              help="Runs per figure; the median is shown.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
def bench_queens(seeds, fmt):
    """Time the N-Queens methods (medians; the full figures: benchmarks/bench_queens.py)."""
    import statistics

    from ..puzzles import queens

    queens.solve(1000, "minconflicts", seed=0)  # compile or load the kernels first
    queens.solve(1000, "annealing", seed=0)
    queens.count(8)
    figures, wrong = {}, []
    with progress("benchmarking N-Queens", total=len(BENCH_FIGURES)) as update:
        for done, (label, method, n) in enumerate(BENCH_FIGURES):
            times = []
            for seed in range(seeds):
                began = time.perf_counter()
                if method == "count":
                    ok = queens.count(n).count == queens.KNOWN_COUNTS[n]
                else:
                    ok = queens.is_solution(queens.solve(n, method, seed=seed).rows)
                times.append(time.perf_counter() - began)
                if not ok:  # never expected: every answer is checked
                    wrong.append(label)
            figures[label] = round(statistics.median(times), 4)
            update(completed=done + 1, info=label)
    text = "\n".join(f"{label:<28} {t:8.3f} s" for label, t in figures.items())
    emit({"status": "solved" if not wrong else "error", "seconds": figures, "wrong": wrong},
         text, fmt)
    for label in wrong:
        message(f"error: {label} gave a wrong answer")
    exit_with(1 if wrong else 0)


def demo_text() -> str:
    """A short tour of N-Queens for ``puzzlesmith demo``."""
    from ..puzzles import queens

    parts = []
    r = queens.solve(8, "annealing", seed=1)
    parts.append("N-Queens: 8 queens by the seed's simulated annealing\n")
    parts.append(queens.format_board(r.rows))
    parts.append(f"\n{r.stats.nodes} moves, {r.stats.seconds * 1000:.1f} ms")
    began = time.monotonic()
    r = queens.solve(100_000, "minconflicts", seed=1)
    elapsed = time.monotonic() - began
    ok = "verified" if queens.is_solution(r.rows) else "NOT a solution"
    parts.append(f"\n100,000 queens by min-conflicts: {elapsed:.2f} s, {r.stats.nodes} swaps, "
                 f"{ok} (with loading the compiled kernel; the very first run compiles it)")
    c = queens.count(10)
    parts.append(f"10 queens have {c.count} solutions (counted in {c.stats.seconds:.3f} s)")
    return "\n".join(parts)
