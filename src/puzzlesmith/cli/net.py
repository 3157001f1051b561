"""Net (tile rotation) subcommands: ``solve``, ``count``, ``generate``, ``render net``."""

from __future__ import annotations

import click

from ..puzzles import net
from ..results import Status
from .common import (
    command_options,
    emit,
    exit_with,
    guarded,
    limits_from,
    message,
    out_option,
    progress,
    read_source,
    seed_option,
    source_argument,
)
from .verbs import count, generate, render, solve

TEXT_FORMATS = ("hex", "drawing", "svg")


def rule_options(f):
    """``--connected`` and ``--wrap``: which rule, and whether the board wraps around."""
    f = click.option("--wrap", is_flag=True,
                     help="The board wraps around left-right and top-bottom.")(f)
    return click.option("--connected", is_flag=True,
                        help="Net's rule: all tiles also form one tree (no loops).")(f)


def _text(grid, fmt: str, wrap: bool) -> str:
    if fmt == "drawing":
        return net.draw(grid)
    if fmt == "svg":
        return net.render_svg(grid, wrap=wrap)
    return net.format_grid(grid)


def _bar(update):
    return lambda stats: update(info=f"{stats.nodes} nodes")


@solve.command("net")
@source_argument
@rule_options
@click.option("--unique", is_flag=True, help="Also prove the solution unique (exit 1 if not).")
@seed_option
@command_options(*TEXT_FORMATS)
def solve_net(source, connected, wrap, unique, seed, fmt, out, timeout, node_limit):
    """Solve a Net puzzle: one hex digit per tile (1 up, 2 left, 4 down, 8 right)."""
    board = net.parse(read_source(source), wrap=wrap)
    limits = limits_from(timeout, node_limit)
    with progress("solving net") as update:
        if unique:
            result = net.unique(board, connected=connected, seed=seed, limits=limits,
                                progress=_bar(update))
        else:
            result = net.solve(board, connected=connected, seed=seed, limits=limits,
                               progress=_bar(update))
    obj = {"status": result.status.value, **result.stats.as_dict()}
    text = None
    if result.solution is not None:
        obj["solution"] = net.to_json(result.solution)
        text = _text(result.solution, fmt, wrap)
    if unique:
        obj["unique"] = result.unique
    emit(obj, text, fmt, out)
    if result.status is Status.UNSOLVABLE:
        message("no solution")
    elif result.status is Status.GAVE_UP:
        message("gave up: limit reached")
    elif unique and result.unique is False:
        message("not unique: there is another solution")
        exit_with(1)
    exit_with(result.status)


@count.command("net")
@source_argument
@rule_options
@click.option("--limit", type=click.IntRange(min=1), default=None,
              help="Stop after this many solutions.")
@click.option("--unique", is_flag=True, help="Only decide uniqueness (same as --limit 2).")
@command_options("text")
def count_net(source, connected, wrap, limit, unique, fmt, out, timeout, node_limit):
    """Count the solutions of a Net puzzle (exit 1 if none, or not unique with --unique)."""
    board = net.parse(read_source(source), wrap=wrap)
    if unique:
        limit = 2 if limit is None else min(limit, 2)
    limits = limits_from(timeout, node_limit)
    with progress("counting net") as update:
        result = net.count(board, limit, connected=connected, limits=limits,
                           progress=_bar(update))
    obj = {"status": result.status.value, "count": result.count,
           "complete": result.complete, **result.stats.as_dict()}
    if unique:
        decided = result.complete or result.count > 1
        obj["unique"] = (result.count == 1) if decided else None
    more = "" if result.complete else " (at least)"
    emit(obj, f"{result.count}{more}", fmt, out)
    if result.status is Status.GAVE_UP:
        message("gave up: limit reached")
        exit_with(Status.GAVE_UP)
    if result.count == 0:
        exit_with(Status.UNSOLVABLE)
    if unique and result.count > 1:
        exit_with(1)
    exit_with(Status.SOLVED)


def _size(text: str) -> tuple[int, int]:
    try:
        rows, cols = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise click.BadParameter(f"expected ROWSxCOLS such as 10x10, got {text!r}") from None
    if rows < 1 or cols < 1 or rows * cols < 2:
        raise click.BadParameter(f"a board needs at least 2 tiles, got {text!r}")
    return rows, cols


@generate.command("net")
@click.option("--size", default="10x10", show_default=True, help="ROWSxCOLS.")
@rule_options
@click.option("--style", type=click.Choice(net.STYLES), default="ust", show_default=True,
              help="ust: uniform random spanning tree; grow: grown from the centre.")
@click.option("--solution", "with_solution", is_flag=True,
              help="Also print the solution (after a blank line).")
@seed_option
@command_options("hex", "drawing", "svg")
def generate_net(size, connected, wrap, style, with_solution, seed, fmt, out, timeout,
                 node_limit):
    """Generate a Net puzzle with exactly one solution (tiles randomly rotated)."""
    rows, cols = _size(size)
    limits = limits_from(timeout, node_limit)
    made = net.generate(rows, cols, connected=connected, wrap=wrap, style=style, seed=seed,
                        limits=limits)
    if made.status is Status.GAVE_UP:
        emit({"status": made.status.value, **made.stats.as_dict()}, None, fmt, out)
        message("gave up: no unique puzzle within the limits")
        exit_with(Status.GAVE_UP)
    obj = {"status": Status.SOLVED.value, **made.stats.as_dict(),
           "puzzle": net.to_json(made.board.tiles), "solution": net.to_json(made.solution),
           "connected": connected, "wrap": wrap}
    text = _text(made.board.tiles, fmt, wrap)
    if with_solution:
        text += "\n\n" + _text(made.solution, fmt, wrap)
    emit(obj, text, fmt, out)
    exit_with(Status.SOLVED)


@render.command("net")
@source_argument
@click.option("--wrap", is_flag=True, help="The board wraps around.")
@click.option("--format", "fmt", type=click.Choice(["drawing", "svg", "hex", "json"]),
              default="drawing", show_default=True, help="Output format.")
@out_option
@guarded
def render_net(source, wrap, fmt, out):
    """Draw a Net grid (a puzzle or a solution) as the seed's ASCII drawing or SVG."""
    board = net.parse(read_source(source), wrap=wrap)
    emit({"status": "ok", "grid": net.to_json(board.tiles)},
         _text(board.tiles, fmt, wrap), fmt, out)


def demo_text() -> str:
    """A short tour: solve the seed's sample and draw it."""
    board = net.example()
    net.solve(board)                      # load the compiled kernels before timing
    result = net.unique(board)
    verdict = "yes" if result.unique else "no"
    connected = net.solve(board, connected=True).status.value
    lines = ["Net: the seed's 3x11 tile-rotation sample", "", net.format_grid(board.tiles), "",
             f"solved (local rule; unique: {verdict}) in {result.stats.seconds * 1000:.1f} ms, "
             f"{result.stats.nodes} nodes:", "", net.format_grid(result.solution), "",
             net.draw(result.solution), "",
             f"under Net's connected rule: {connected} (the solution has a loop)"]
    return "\n".join(lines)


__all__ = ["solve_net", "count_net", "generate_net", "render_net", "demo_text"]
