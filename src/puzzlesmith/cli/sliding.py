"""Sliding-tile subcommands: ``solve``, ``hint``, ``compare``, ``generate``, ``bench``."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import click

from ..errors import InvalidPuzzle, PuzzleError
from ..puzzles import sliding as sl
from ..results import Limits, Stats, Status
from .common import (
    command_options,
    emit,
    exit_with,
    format_option,
    guarded,
    limits_from,
    message,
    out_option,
    progress,
    read_source,
    seed_option,
)
from .verbs import bench, compare, generate, hint, render, solve


def _board_argument(f):
    return click.argument("board", default="-", metavar="BOARD|FILE|-")(f)


def _board_options(f):
    f = click.option("--goal", default=None, metavar="blank-last|blank-first|TILES",
                     help="The goal: tiles in order with the blank last (default) or first, "
                          "or an explicit board.")(f)
    return click.option("--size", default=None, metavar="N|RxC",
                        help="Board size, if the tile count is not a square.")(f)


def _search_options(f):
    f = click.option("--pdb", "partition", default=None, metavar="6-6-3|5-5-5|...|none",
                     help="Pattern-database partition (group sizes); default by board size.")(f)
    f = click.option("--weight", type=click.FloatRange(min=1), default=1.5, show_default=True,
                     help="Weight w of the weighted methods: cost <= w * optimum.")(f)
    f = click.option("--heuristic", type=click.Choice(list(sl.HEURISTICS)), default=None,
                     help="Heuristic (default: pdb where pattern databases exist, else "
                          "linear-conflict).")(f)
    return click.option("--method", type=click.Choice(list(sl.METHODS)), default="idastar",
                        show_default=True,
                        help="Search method; idastar (compiled, optimal) is the fastest.")(f)


def _read_board(text_or_source: str, size: str | None, goal: str | None):
    """The board (from the argument itself, a file or stdin) and the goal."""
    if text_or_source == "-" or Path(text_or_source).is_file() or not any(
            ch.isspace() or ch == "," for ch in text_or_source.strip()):
        text = read_source(text_or_source)
    else:
        text = text_or_source  # the tiles themselves
    board = sl.parse(text, size)
    return board, sl.parse_goal(goal, board.rows, board.cols)


def _build_progress():
    """Progress bars for pattern-database builds, one per table (silent off a terminal)."""
    state: dict = {}

    def close():
        if "ctx" in state:
            state.pop("ctx").__exit__(None, None, None)

    def report(done, total, info):
        label = info.split(":", 1)[0]
        if state.get("label") != label:
            close()
            state["label"] = label
            state["ctx"] = progress(f"building pattern database ({label})", total=total)
            state["bar"] = state["ctx"].__enter__()
        state["bar"](completed=done, info=info.split(":", 1)[-1].strip())

    return report, close


def _solve(board, goal, method, heuristic, weight, partition, limits):
    """``solve`` with progress bars and Ctrl-C turned into a gave-up result."""
    started = time.perf_counter()
    seen = {"nodes": 0}
    try:
        heuristic = heuristic or sl.solver.default_heuristic(goal)
        if heuristic == "pdb" and sl.is_solvable(board, goal):
            _load_tables(goal, partition)
        with progress(f"searching ({method})") as bar:
            def tick(nodes, info):
                seen["nodes"] = nodes
                bar(info=f"{nodes:,} nodes, {info}")

            return sl.solve(board, goal, method=method, heuristic=heuristic, weight=weight,
                            partition=partition, limits=limits, progress=tick,
                            )
    except KeyboardInterrupt:
        return sl.SlidingResult(Status.GAVE_UP, board, goal, method=method,
                                heuristic=heuristic or "", reason="interrupted",
                                stats=Stats(nodes=seen["nodes"],
                                            seconds=time.perf_counter() - started))


def _load_tables(goal, partition) -> None:
    """Load (or build, with a progress bar) the pattern databases before searching."""
    report, close = _build_progress()
    try:
        sl.load_partition(goal, partition, progress=report)
    finally:
        close()


def _result_object(result) -> dict:
    obj = result.as_dict()
    obj["puzzle"] = "sliding"
    return obj


def _finish(result, fmt: str, out: str | None, text: str | None) -> None:
    if result.status is Status.GAVE_UP and fmt != "json":
        message(f"gave up: {result.reason}")
        text = None
    emit(_result_object(result), text, fmt, out)
    exit_with(result.status)


@solve.command("sliding")
@_board_argument
@_board_options
@_search_options
@command_options("seed", "boards", "moves")
def solve_sliding(board, size, goal, method, heuristic, weight, partition, fmt, out, timeout,
                  node_limit):
    """Solve a sliding-tile board: optimal by default (IDA* + pattern databases).

    BOARD is the tiles row by row (0 the blank) as one argument, a file, or - for stdin.

    \b
    Formats: seed  the number of moves, then every board on one line, dashes between
             boards  the same with each board drawn in rows
             moves   the move string: the direction the BLANK moves (U D L R) each step
             json    one object: status, length, optimal, moves, nodes, seconds, ...
    Exit 0 solved, 1 no solution, 2 bad input, 3 gave up (--timeout, --nodes, Ctrl-C).
    """
    start, target = _read_board(board, size, goal)
    result = _solve(start, target, method, heuristic, weight, partition,
                    limits_from(timeout, node_limit))
    _finish(result, fmt, out, sl.format_solution(result, fmt))


@hint.command("sliding")
@_board_argument
@_board_options
@click.option("--pdb", "partition", default=None, metavar="6-6-3|...",
              help="Pattern-database partition.")
@command_options("text")
def hint_sliding(board, size, goal, partition, fmt, out, timeout, node_limit):
    """The optimal distance from BOARD to the goal and the best next move."""
    start, target = _read_board(board, size, goal)
    result = _solve(start, target, "idastar", None, 1.5, partition,
                    limits_from(timeout, node_limit))
    obj = _result_object(result)
    text = sl.format_solution(result)
    if result.status is Status.SOLVED:
        if result.moves:
            letter = result.moves[0]
            tile = sl.moved_tile(start, letter)
            way = {"U": "down", "D": "up", "L": "right", "R": "left"}[letter]
            obj.update(distance=result.length, move=letter, tile=tile)
            text = (f"{result.length} moves from the goal; best move: slide tile {tile} {way} "
                    f"(blank {letter})")
        else:
            obj.update(distance=0, move=None, tile=None)
            text = "already solved"
    if result.status is Status.GAVE_UP and fmt != "json":
        message(f"gave up: {result.reason}")
        text = None
    emit(obj, text, fmt, out)
    exit_with(result.status)


#: The rows of ``compare``: (method, heuristic).  The first four A* rows are the seed's table.
COMPARE_ROWS = [
    ("astar", "misplaced"), ("astar", "manhattan"), ("astar", "last-move"), ("astar", "corner"),
    ("astar", "linear-conflict"), ("astar", "pdb"),
    ("greedy", "manhattan"), ("greedy", "linear-conflict"), ("greedy", "pdb"),
    ("weighted", "pdb"),
    ("idastar", "manhattan"), ("idastar", "linear-conflict"), ("idastar", "pdb"),
    ("weighted-idastar", "pdb"),
]


def compare_rows(board, goal, limits: Limits, weight: float = 1.5, partition=None,
                 rows=None) -> list[dict]:
    """Run every (method, heuristic) row on ``board``; one dict per row."""
    table = []
    for method, heuristic in rows or COMPARE_ROWS:
        result = sl.solve(board, goal, method=method, heuristic=heuristic, weight=weight,
                          partition=partition, limits=limits)
        table.append({
            "method": method, "heuristic": result.heuristic or heuristic,
            "status": result.status.value, "nodes": result.stats.nodes,
            "seconds": round(result.stats.seconds, 6), "length": result.length,
            "optimal": result.optimal, "bound": result.bound,
        })
        if result.status is Status.UNSOLVABLE:
            break
    return table


def format_compare(table: list[dict]) -> str:
    """The comparison as an aligned text table."""
    head = f"{'method':<17} {'heuristic':<22} {'nodes':>11} {'seconds':>9} {'length':>6}  note"
    lines = [head, "-" * len(head)]
    for row in table:
        length = "-" if row["length"] is None else str(row["length"])
        if row["status"] == "gave-up":
            note = "gave up"
        elif row["optimal"]:
            note = "optimal"
        elif row["bound"]:
            note = f"<= {row['bound']:g} x optimal"
        else:
            note = "no bound"
        lines.append(f"{row['method']:<17} {row['heuristic']:<22} {row['nodes']:>11,} "
                     f"{row['seconds']:>9.3f} {length:>6}  {note}")
    return "\n".join(lines)


@compare.command("sliding")
@_board_argument
@_board_options
@click.option("--weight", type=click.FloatRange(min=1), default=1.5, show_default=True,
              help="Weight of the weighted rows.")
@click.option("--pdb", "partition", default=None, help="Pattern-database partition.")
@command_options("table")
def compare_sliding(board, size, goal, weight, partition, fmt, out, timeout, node_limit):
    """Every method x heuristic on BOARD: nodes, time, length (the seed's table and more).

    Each row stops at --nodes (default 2,000,000 expanded nodes) or --timeout seconds.
    """
    start, target = _read_board(board, size, goal)
    limits = limits_from(timeout, node_limit or 2_000_000)
    if not sl.is_solvable(start, target):
        result = sl.solve(start, target)
        _finish(result, fmt, out, sl.NO_SOLUTION)
        return
    if sl.default_partition(target) != "none" or partition:
        _load_tables(target, partition)
    table = compare_rows(start, target, limits, weight, partition)
    obj = {"puzzle": "sliding", "status": "solved", "rows": table,
           "seconds": round(sum(r["seconds"] for r in table), 6),
           "nodes": sum(r["nodes"] for r in table)}
    best = [r for r in table if r["optimal"]]
    obj.update(length=best[0]["length"] if best else None, optimal=bool(best), moves=None)
    emit(obj, format_compare(table), fmt, out)


@generate.command("sliding")
@click.option("--size", default="4", show_default=True, metavar="N|RxC", help="Board size.")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True,
              help="How many boards.")
@click.option("--moves", type=click.IntRange(min=0), default=None,
              help="Make each board this many random moves from the goal instead.")
@click.option("--goal", default=None, metavar="blank-last|blank-first|TILES",
              help="The goal the boards are solvable towards.")
@seed_option
@format_option("lines", "boards")
@out_option
@guarded
def generate_sliding(size, count, moves, goal, seed, fmt, out):
    """Random solvable boards: uniform over all of them, or --moves D from the goal."""
    import random

    rows, cols = sl.parse_size(size)
    target = sl.parse_goal(goal, rows, cols)
    rng = random.Random(seed)
    boards = [sl.generate(rows, cols, rng=rng, moves=moves, goal=target) for _ in range(count)]
    one_line = fmt != "boards"
    text = ("\n" if one_line else f"\n{sl.DASHES}\n").join(sl.format(b, one_line)
                                                            for b in boards)
    obj = {"puzzle": "sliding", "status": "solved", "size": f"{rows}x{cols}", "seed": seed,
           "boards": [sl.format(b, True) for b in boards], "seconds": 0.0, "nodes": 0,
           "length": None, "optimal": False, "moves": None}
    emit(obj, text, fmt, out)


@render.command("sliding")
@_board_argument
@_board_options
@format_option("text")
@guarded
def render_sliding(board, size, goal, fmt):
    """Draw BOARD with a frame (JSON: the tiles and whether the goal is reachable)."""
    start, target = _read_board(board, size, goal)
    obj = {"puzzle": "sliding", "status": "solved", "size": f"{start.rows}x{start.cols}",
           "tiles": list(start.tiles), "solvable": sl.is_solvable(start, target),
           "seconds": 0.0, "nodes": 0, "length": None, "optimal": False, "moves": None}
    emit(obj, sl.render(start), fmt)


@bench.command("sliding")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--pdb", "partition", default=None, help="Pattern-database partition.")
@format_option("text")
@guarded
def bench_sliding(file, partition, fmt):
    """Solve every board of FILE (tiles, then optionally the known optimal length, per line)."""
    rows, failures = [], 0
    for line_no, line in enumerate(Path(file).read_text().splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        known = None
        if len(words) not in (4, 9, 16, 25, 36, 49, 64) and len(words) - 1 in (
                4, 9, 16, 25, 36, 49, 64):
            known = int(words[-1])
            words = words[:-1]
        try:
            board = sl.parse(" ".join(words))
        except InvalidPuzzle as error:
            raise InvalidPuzzle(str(error), line=line_no) from None
        result = sl.solve(board, partition=partition)
        ok = known is None or result.length == known
        failures += not ok
        rows.append({"line": line_no, "length": result.length, "known": known, "ok": ok,
                     "nodes": result.stats.nodes, "seconds": round(result.stats.seconds, 6)})
    seconds = [r["seconds"] for r in rows]
    summary = {"puzzle": "sliding", "status": "solved", "boards": len(rows),
               "mismatches": failures, "seconds": round(sum(seconds), 6),
               "median_seconds": statistics.median(seconds) if seconds else 0.0,
               "nodes": sum(r["nodes"] for r in rows), "length": None, "optimal": not failures,
               "moves": None, "rows": rows}
    text = "\n".join(f"line {r['line']:>3}: {r['length']} moves"
                     f"{'' if r['ok'] else ' (expected ' + str(r['known']) + ')'}, "
                     f"{r['nodes']:,} nodes, {r['seconds'] * 1000:.1f} ms" for r in rows)
    text += (f"\n{len(rows)} boards, {summary['seconds']:.3f} s in total, median "
             f"{summary['median_seconds'] * 1000:.2f} ms, {failures} mismatches")
    emit(summary, text, fmt)
    exit_with(0 if not failures else 1)


def demo_text(partition: str | None = None) -> str:
    """A short tour for ``puzzlesmith demo``: the seed's 41-move board solved optimally.

    Uses the default 6-6-3 pattern databases if they are cached already, else the 5-5-5 ones
    (built in a few seconds) so that the demo never waits long.
    """
    board = sl.example()
    goal = sl.goal_board(4, 4)
    if partition is None:
        try:
            sl.load_partition(goal, "6-6-3", build=False)
            partition = "6-6-3"
        except PuzzleError:
            partition = "5-5-5"
    result = sl.solve(board, partition=partition)
    return "\n".join([
        "Sliding tiles: the seed's 15-puzzle (its Python A* took 27 s)\n",
        sl.render(board),
        "",
        f"optimal solution: {result.length} moves (the blank's directions)",
        result.moves,
        f"searched {result.stats.nodes:,} nodes in "
        f"{result.stats.extra['search_seconds'] * 1000:.1f} ms (IDA* with {result.heuristic}; "
        f"{result.stats.seconds * 1000:.0f} ms with loading the tables and compiled code)",
    ])
