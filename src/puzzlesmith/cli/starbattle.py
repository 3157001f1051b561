"""Star Battle subcommands: solve, count, generate, rate, render."""

from __future__ import annotations

import time

import click

from ..puzzles import starbattle as sb
from ..render.svg import grid_svg
from ..results import Limits, Status
from .common import (
    command_options,
    emit,
    exit_with,
    limits_from,
    message,
    progress,
    read_source,
    seed_option,
    source_argument,
)
from .verbs import bench, count, generate, rate, render, solve


def star_options(f):
    """``--stars K`` and the per-unit overrides, as the seed allows."""
    for name, what in (("region-stars", "each region"), ("column-stars", "each column"),
                       ("row-stars", "each row")):
        f = click.option(f"--{name}", type=click.IntRange(min=0), default=None,
                         help=f"Stars in {what} (default: from --stars).")(f)
    return click.option("--stars", type=click.IntRange(min=0), default=None,
                        help="Stars per unit (default: the file's size line, or what the "
                             "grid implies).")(f)


def load(source: str, stars, row_stars, column_stars, region_stars) -> sb.StarBattle:
    return sb.parse(read_source(source), stars, row_stars=row_stars,
                    column_stars=column_stars, region_stars=region_stars)


@solve.command("starbattle")
@source_argument
@star_options
@click.option("--unique", is_flag=True, help="Also prove the solution unique (exit 1 if not).")
@click.option("--explain", is_flag=True,
              help="Print the human-style steps of the rule solver (stderr; JSON: \"steps\").")
@seed_option
@command_options(*sb.FORMATS, "svg")
def solve_starbattle(source, stars, row_stars, column_stars, region_stars, unique, explain, seed,
                     fmt, out, timeout, node_limit):
    """Solve a Star Battle puzzle from FILE (or stdin).

    FILE is a grid of region letters, one row per line ('.' an empty cell, ' ' no region), or
    the .sb format.  When the file states a solution, the answer is checked against it.
    """
    puzzle = load(source, stars, row_stars, column_stars, region_stars)
    with progress("solving") as update:
        result = sb.solve(puzzle, unique=unique, seed=seed,
                          limits=limits_from(timeout, node_limit),
                          progress=lambda s: update(info=f"{s.nodes:,} nodes"))
    answer = {"puzzle": "starbattle", "status": result.status.value, **result.stats.as_dict()}
    text = None
    if result.solution is not None:
        answer["solution"] = sb.solution_rows(puzzle, result.solution)
        if puzzle.given is not None:
            answer["agrees_with_file"] = set(result.solution) == puzzle.given
            if not answer["agrees_with_file"]:
                message("warning: this solution differs from the one in the file "
                        "(the puzzle has more than one)")
        if fmt == "svg":
            text = grid_svg(list(puzzle.grid), answer["solution"])
        elif fmt != "json":
            text = sb.format_solution(puzzle, result.solution, fmt)
    if unique:
        answer["unique"] = result.unique
    if explain:
        steps, state = sb.explain(puzzle)
        answer["steps"] = [str(step) for step in steps]
        finished = all(v != 0 for v in state.values())
        if fmt != "json":
            for n, step in enumerate(steps, 1):
                message(f"{n:3d}. {step}")
            if steps and steps[-1].rule == "contradiction":
                message("the rules prove there is no solution")
            else:
                message("the rules solve it" if finished else
                        "the rules stall here: the rest needs search")
    emit(answer, text, fmt, out)
    _report(result.status, result.unique if unique else True)


def _report(status: Status, unique: bool | None) -> None:
    if status is Status.UNSOLVABLE:
        message("no solution")
    elif status is Status.GAVE_UP:
        message("gave up at the limit before finding a solution")
    elif unique is None:
        message("gave up at the limit before deciding uniqueness")
        exit_with(Status.GAVE_UP)
    elif not unique:
        message("not unique: there is a second solution")
        exit_with(1)
    exit_with(status)


@count.command("starbattle")
@source_argument
@star_options
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Stop after this many solutions.")
@click.option("--unique", is_flag=True,
              help="Only decide uniqueness (stop at 2): exit 0 unique, 1 not unique or none.")
@command_options("text")
def count_starbattle(source, stars, row_stars, column_stars, region_stars, limit, unique, fmt,
                     out, timeout, node_limit):
    """Count the solutions of a Star Battle puzzle."""
    puzzle = load(source, stars, row_stars, column_stars, region_stars)
    limit = 2 if unique else limit
    with progress("counting") as update:
        result = sb.count(puzzle, limit, limits=limits_from(timeout, node_limit),
                          progress=lambda s: update(info=f"{s.extra['solutions']:,} solutions"))
    answer = {"puzzle": "starbattle", "count": result.count, "complete": result.complete,
              **result.stats.as_dict()}
    stopped_by_budget = not result.complete and (limit is None or result.count < limit)
    answer["status"] = (Status.GAVE_UP if stopped_by_budget else
                        Status.SOLVED if result.count else Status.UNSOLVABLE).value
    if unique:
        answer["unique"] = None if stopped_by_budget else result.count == 1
    more = "+" if not result.complete else ""
    emit(answer, f"{result.count}{more}", fmt, out)
    if stopped_by_budget:
        message("gave up at the limit: the count is a lower bound")
        exit_with(Status.GAVE_UP)
    exit_with(0 if (result.count == 1 if unique else result.count > 0) else 1)


@render.command("starbattle")
@source_argument
@star_options
@click.option("--solve", "solved", is_flag=True, help="Draw the solution too.")
@command_options("framed", "svg")
def render_starbattle(source, stars, row_stars, column_stars, region_stars, solved, fmt, out,
                      timeout, node_limit):
    """Draw a Star Battle puzzle (framed text or SVG), optionally solved."""
    puzzle = load(source, stars, row_stars, column_stars, region_stars)
    rows = None
    status = Status.SOLVED
    if solved:
        result = sb.solve(puzzle, limits=limits_from(timeout, node_limit))
        status = result.status
        if result.solution is not None:
            rows = sb.solution_rows(puzzle, result.solution)
    if fmt == "svg":
        text = grid_svg(list(puzzle.grid), rows)
    else:
        from ..render.text import framed_grid
        text = framed_grid(list(puzzle.grid), [r.replace(".", " ") for r in rows] if rows else None)
    emit({"puzzle": "starbattle", "status": status.value, "drawing": text}, text, fmt, out)
    if status is not Status.SOLVED:
        _report(status, True)


def _size(text: str) -> tuple[int, int]:
    """``10`` or ``8x12`` as (rows, columns)."""
    rows, _, cols = text.lower().partition("x")
    try:
        return int(rows), int(cols or rows)
    except ValueError:
        raise click.BadParameter(f"expected N or ROWSxCOLUMNS, got {text!r}") from None


@generate.command("starbattle")
@click.option("--size", default="10", show_default=True, help="N or ROWSxCOLUMNS.")
@click.option("--rows", type=click.IntRange(min=1), default=None, help="Rows (overrides --size).")
@click.option("--cols", type=click.IntRange(min=1), default=None,
              help="Columns (overrides --size).")
@click.option("--stars", type=click.IntRange(min=1), default=None,
              help="Stars per row and region (default: what the size implies).")
@click.option("--count", "how_many", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many puzzles.")
@click.option("--difficulty", type=click.Choice(sb.LEVELS[:3]), default=None,
              help="Shape each puzzle until the rating solver gives this level.")
@click.option("--method", type=click.Choice(sb.METHODS), default=sb.METHODS[0],
              show_default=True, help="Generation method.")
@seed_option
@command_options("sb")
def generate_starbattle(size, rows, cols, stars, how_many, difficulty, method, seed, fmt, out,
                        timeout, node_limit):
    """Generate Star Battle puzzles with exactly one solution (proven), in the .sb format."""
    size_rows, size_cols = _size(size)
    rows, cols = rows or size_rows, cols or size_cols
    stars = stars or sb.implied_stars(rows, cols)
    limits = limits_from(timeout, node_limit)
    deadline = limits.deadline()
    made, texts = [], []
    status = Status.SOLVED
    with progress("generating", total=how_many) as update:
        for n in range(how_many):
            left = None if deadline is None else max(deadline - time.monotonic(), 0)
            result = sb.generate(rows, cols, stars, seed=None if seed is None else seed + n,
                                 method=method, difficulty=difficulty,
                                 limits=Limits(seconds=left))
            if result.puzzle is None:
                status = result.status
                break
            rating = sb.rate(result.puzzle)
            made.append({"regions": list(result.puzzle.grid),
                         "solution": sb.solution_rows(result.puzzle, result.solution),
                         "rating": rating.level, "unique": True,
                         **result.stats.as_dict()})
            texts.append(f"# generated by puzzlesmith: seed {None if seed is None else seed + n},"
                         f" rating {rating.level}\n"
                         + sb.format(result.puzzle, result.solution))
            update(completed=n + 1)
    answer = {"puzzle": "starbattle", "status": status.value, "rows": rows, "columns": cols,
              "stars": stars, "puzzles": made}
    emit(answer, "\n".join(texts) if texts else None, fmt, out)
    if status is Status.UNSOLVABLE:
        message(f"no {rows}x{cols} board holds {stars} stars per row and column")
    elif status is Status.GAVE_UP:
        reached = "the limit" if difficulty is None else f"{difficulty!r} seems out of reach"
        message(f"gave up ({reached}) after {len(made)} of {how_many} puzzles")
    exit_with(status)


@rate.command("starbattle")
@source_argument
@star_options
@command_options("text")
def rate_starbattle(source, stars, row_stars, column_stars, region_stars, fmt, out, timeout,
                    node_limit):
    """Rate a puzzle by the hardest human rule it needs; print the rule counts."""
    puzzle = load(source, stars, row_stars, column_stars, region_stars)
    rating = sb.rate(puzzle)
    used = {rule: n for rule, n in rating.counts.items() if n}
    lines = [f"rating: {rating.level}"] + [f"  {rule:11} {n:4d}" for rule, n in used.items()]
    status = Status.UNSOLVABLE if rating.level == sb.NO_SOLUTION else Status.SOLVED
    emit({"puzzle": "starbattle", "status": status.value, "rating": rating.level,
          "rules": rating.counts, "solved_by_rules": rating.solved}, "\n".join(lines), fmt, out)
    exit_with(status)


@bench.command("starbattle")
@click.argument("files", nargs=-1, type=click.Path(exists=True, dir_okay=False))
@click.option("--repeat", type=click.IntRange(min=1), default=5, show_default=True,
              help="Runs per figure; the median is shown.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
def bench_starbattle(files, repeat, fmt):
    """Time solving and proving uniqueness of FILES (default: the built-in example) and
    generating one puzzle per size (medians; full figures: benchmarks/bench_exactcover.py)."""
    import statistics

    def median(run) -> float:
        times = []
        for _ in range(repeat):
            began = time.perf_counter()
            run()
            times.append(time.perf_counter() - began)
        return round(statistics.median(times), 5)

    puzzles = {path: sb.parse(read_source(path)) for path in files} or {"example": sb.example()}
    sb.solve(sb.example())  # load the compiled kernels first
    figures = {}
    with progress("benchmarking Star Battle", total=len(puzzles) + 2) as update:
        for done, (name, puzzle) in enumerate(puzzles.items()):
            figures[f"solve {name}"] = median(lambda p=puzzle: sb.solve(p))
            figures[f"unique {name}"] = median(lambda p=puzzle: sb.solve(p, unique=True))
            update(completed=done + 1)
        for done, (size, stars) in enumerate(((8, 1), (10, 2)), len(puzzles)):
            figures[f"generate {size}x{size}/{stars}"] = median(
                lambda n=size, k=stars: sb.generate(n, stars=k, seed=n))
            update(completed=done + 1)
    text = "\n".join(f"{label:<40} {t * 1e3:10.2f} ms" for label, t in figures.items())
    emit({"puzzle": "starbattle", "status": "solved", "seconds": figures}, text, fmt)


def demo_text() -> str:
    """A short tour of Star Battle for ``puzzlesmith demo``."""
    puzzle = sb.example()
    result = sb.solve(puzzle, unique=True)
    made = sb.generate(8, stars=1, seed=1)
    return "\n".join([
        "Star Battle: the seed's 12x12 two-star puzzle, solved and proven unique\n",
        sb.format_solution(puzzle, result.solution, "framed"),
        f"\n{result.stats.seconds * 1000:.1f} ms, {result.stats.nodes} nodes, "
        f"unique: {result.unique}, rating: {sb.rate(puzzle).level}",
        "\nA new 8x8 one-star puzzle (seed 1), proven unique:\n",
        sb.format_solution(made.puzzle, made.solution, "framed"),
    ])
