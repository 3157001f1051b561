"""Comparing methods and heuristics on one board, and benchmarking a file of boards.

Both run under ONE :class:`~puzzlesmith.results.Limits`: its deadline covers the table
builds and every row (rows after the deadline are skipped and the result gives up); the node
budget applies to each row.  The IDA* rows run the compiled IDA*.

>>> from .board import goal_board, parse
>>> result = compare(parse("1 2 3 4 5 6 0 7 8"), goal_board(3, 3),
...                  rows=[("astar", "manhattan"), ("greedy", "misplaced")])
>>> [(row["method"], row["length"], row["optimal"]) for row in result.details["rows"]]
[('astar', 2, True), ('greedy', 2, False)]
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable
from dataclasses import replace

from ...errors import InvalidPuzzle, LimitReached
from ...results import Limits, Result, Stats, Status
from .board import goal_board, is_solvable, parse, parse_size
from .formats import NO_SOLUTION
from .pdb import default_partition, load_partition
from .solve import check_choice, solve

__all__ = ["COMPARE_ROWS", "ROW_NODES", "compare", "format_compare", "read_bench", "bench"]

#: The rows of ``compare``: (method, heuristic).  The first four A* rows are the seed's table.
COMPARE_ROWS = [
    ("astar", "misplaced"), ("astar", "manhattan"), ("astar", "last-move"), ("astar", "corner"),
    ("astar", "linear-conflict"), ("astar", "pdb"),
    ("greedy", "manhattan"), ("greedy", "linear-conflict"), ("greedy", "pdb"),
    ("weighted", "pdb"),
    ("idastar", "manhattan"), ("idastar", "linear-conflict"), ("idastar", "pdb"),
    ("weighted-idastar", "pdb"),
]
#: The node budget of each row unless ``limits.nodes`` is given.
ROW_NODES = 2_000_000


def compare(board, goal=None, *, limits: Limits | None = None, weight: float = 1.5,
            partition: str | None = None, rows: list[tuple[str, str]] | None = None,
            progress: Callable[[Stats], None] | None = None) -> Result:
    """Run every (method, heuristic) row on ``board``: one :class:`Result` for the table.

    ``details["rows"]`` has one dict per row (method, heuristic, status, nodes, seconds,
    length, optimal, bound, reason); ``details["table"]`` the aligned text table;
    ``details["length"]`` the optimal length when a row proved it.  Each row stops at
    ``limits.nodes`` (default :data:`ROW_NODES`) expanded nodes; the deadline is shared by
    the whole comparison: at it (or at Ctrl-C) the remaining rows are skipped and the status
    is ``gave-up``.  An unsolvable board gives ``unsolvable`` at once.
    """
    goal = goal or goal_board(board.rows, board.cols)
    rows = rows or COMPARE_ROWS
    for method, heuristic in rows:
        check_choice(method, heuristic, weight)
    limits = (limits or Limits()).started()
    row_limits = limits if limits.nodes is not None else replace(limits, nodes=ROW_NODES)
    started = time.perf_counter()
    if not is_solvable(board, goal):
        return Result(Status.UNSOLVABLE, Stats(seconds=time.perf_counter() - started),
                      details={"rows": [], "table": NO_SOLUTION, "length": None})
    table: list[dict] = []
    status, messages = Status.SOLVED, []
    if any(h == "pdb" for _, h in rows) and (partition or default_partition(goal) != "none"):
        try:
            messages += load_partition(goal, partition, limits=limits, progress=progress).warnings
        except LimitReached as stop:
            status = Status.GAVE_UP
            messages.append(f"gave up: {stop}")
    for method, heuristic in rows:
        if status is Status.GAVE_UP or limits.expired():
            status = Status.GAVE_UP
            table.append(_row(method, heuristic, "skipped"))
            continue
        result = solve(board, goal, method=method, heuristic=heuristic, weight=weight,
                       partition=partition, limits=row_limits, progress=progress,
                       kernels="numba")
        details = result.details
        table.append({
            "method": method, "heuristic": details["heuristic"] or heuristic,
            "status": result.status.value, "nodes": result.stats.nodes,
            "seconds": round(result.stats.seconds, 6), "length": details["length"],
            "optimal": bool(result.optimal), "bound": details["bound"],
            "reason": details["reason"],
        })
        if result.status is Status.GAVE_UP and (details["reason"] == "interrupted"
                                                 or limits.expired()):
            status = Status.GAVE_UP
            messages.append(f"gave up: {details['reason']} (row {len(table)} of {len(rows)})")
    best = [r["length"] for r in table if r["optimal"]]
    stats = Stats(nodes=sum(r["nodes"] for r in table), seconds=time.perf_counter() - started)
    return Result(status, stats, messages=messages,
                  details={"rows": table, "table": format_compare(table),
                           "length": best[0] if best else None})


def _row(method: str, heuristic: str, status: str) -> dict:
    return {"method": method, "heuristic": heuristic, "status": status, "nodes": 0,
            "seconds": 0.0, "length": None, "optimal": False, "bound": None, "reason": None}


def format_compare(table: list[dict]) -> str:
    """The comparison as an aligned text table."""
    head = f"{'method':<17} {'heuristic':<22} {'nodes':>11} {'seconds':>9} {'length':>6}  note"
    lines = [head, "-" * len(head)]
    for row in table:
        length = "-" if row["length"] is None else str(row["length"])
        if row["status"] == "skipped":
            note = "skipped (time limit)"
        elif row["status"] == "gave-up":
            note = "gave up" + (f" ({row['reason']})" if row.get("reason") else "")
        elif row["optimal"]:
            note = "optimal"
        elif row["bound"]:
            note = f"<= {row['bound']:g} x optimal"
        else:
            note = "no bound"
        lines.append(f"{row['method']:<17} {row['heuristic']:<22} {row['nodes']:>11,} "
                     f"{row['seconds']:>9.3f} {length:>6}  {note}")
    return "\n".join(lines)


def read_bench(text: str, size: str | tuple[int, int] | None = None) -> list[tuple[int, object,
                                                                                 int | None]]:
    """The boards of a bench file: ``(line, board, known optimal length or None)``.

    Each line holds the tiles row by row and, optionally, the known optimal length (as in
    ``../shared/data/sliding``); ``#`` starts a comment.  Boards are square unless ``size``
    is given.  A bad line raises :class:`InvalidPuzzle` naming it.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if isinstance(size, str):
        size = parse_size(size)
    out = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].replace(",", " ").split()
        if not words:
            continue
        n = len(words)
        cells = size[0] * size[1] if size else (n if math.isqrt(n) ** 2 == n else n - 1)
        if n not in (cells, cells + 1) or (not size and math.isqrt(cells) ** 2 != cells):
            raise InvalidPuzzle(f"{n} numbers: expected a board's tiles and, optionally, its "
                                "optimal length", line=line_no)
        known = None
        if n == cells + 1:
            if not words[-1].isdigit() or len(words[-1]) > 6:
                raise InvalidPuzzle(f"{words[-1][:20]!r} is not a length", line=line_no)
            known = int(words[-1])
            words = words[:-1]
        try:
            board = parse(" ".join(words), size)
        except InvalidPuzzle as error:
            raise InvalidPuzzle(str(error), line=line_no) from None
        out.append((line_no, board, known))
    if not out:
        raise InvalidPuzzle("no boards given")
    return out


def bench(text: str, *, size=None, goal=None, partition: str | None = None,
          method: str = "idastar", heuristic: str | None = None, weight: float = 1.5,
          limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None) -> Result:
    """Solve every board of a bench file (see :func:`read_bench`) and compare the lengths.

    Each board gets the same limits, as ``solve`` would (see
    :func:`puzzlesmith.bench.board_limits`: its seconds, default 60, counted afresh).
    Status: solved when every board was solved and every known length matched; unsolvable
    (exit 1) when a board has no solution or a length differs (``messages`` name the lines);
    gave-up when a board stopped at its limit (the others still run) or at Ctrl-C (the rest
    are skipped).  ``details``: ``rows`` (line, length, known, ok, status, nodes, seconds),
    ``boards``, ``mismatches``, ``unsolvable`` and ``gave_up`` (line numbers),
    ``median_seconds``, ``board_seconds`` and ``table`` (text).
    """
    from ...bench import board_limits, limit_text

    boards = read_bench(text, size)
    started = time.perf_counter()
    rows, messages = [], []
    for line_no, board, known in boards:
        target = goal or goal_board(board.rows, board.cols)
        result = solve(board, target, method=method, heuristic=heuristic, weight=weight,
                       partition=partition, limits=board_limits(limits), progress=progress,
                       kernels="numba")
        length, status = result.details["length"], result.status
        ok = status is Status.SOLVED and (known is None or length == known)
        rows.append({"line": line_no, "length": length, "known": known, "ok": ok,
                     "status": status.value, "nodes": result.stats.nodes,
                     "seconds": round(result.stats.seconds, 6)})
        if status is Status.UNSOLVABLE:
            messages.append(f"line {line_no}: no solution")
        elif status is Status.GAVE_UP:
            messages.append(f"gave up at line {line_no}: {result.details['reason']} "
                            f"({limit_text(limits)})")
            if result.details["reason"] == "interrupted":
                break
        elif not ok:
            messages.append(f"line {line_no}: {length} moves, expected {known}")
    unsolvable = [r["line"] for r in rows if r["status"] == Status.UNSOLVABLE.value]
    gave_up = [r["line"] for r in rows if r["status"] == Status.GAVE_UP.value]
    mismatches = sum(not r["ok"] for r in rows if r["status"] == Status.SOLVED.value)
    status = (Status.UNSOLVABLE if unsolvable or mismatches
              else Status.GAVE_UP if gave_up or len(rows) < len(boards) else Status.SOLVED)
    seconds = [r["seconds"] for r in rows if r["status"] == Status.SOLVED.value]
    median = statistics.median(seconds) if seconds else 0.0
    text_rows = [f"line {r['line']:>3}: {_row_text(r)}, {r['nodes']:,} nodes, "
                 f"{r['seconds'] * 1000:.1f} ms" for r in rows]
    text_rows.append(f"{len(rows)} boards, {sum(r['seconds'] for r in rows):.3f} s in total, "
                     f"median {median * 1000:.2f} ms, {mismatches} mismatches, "
                     f"{len(unsolvable)} unsolvable, {len(gave_up)} gave up; "
                     f"{limit_text(limits)}")
    stats = Stats(nodes=sum(r["nodes"] for r in rows), seconds=time.perf_counter() - started)
    return Result(status, stats, messages=messages,
                  details={"boards": len(rows), "mismatches": mismatches,
                           "unsolvable": unsolvable, "gave_up": gave_up,
                           "median_seconds": round(median, 6),
                           "board_seconds": board_limits(limits).seconds, "rows": rows,
                           "table": "\n".join(text_rows)})


def _row_text(row: dict) -> str:
    """``41 moves``, ``41 moves (expected 40)``, ``no solution`` or ``gave up``."""
    if row["status"] == Status.UNSOLVABLE.value:
        return "no solution"
    if row["status"] == Status.GAVE_UP.value:
        return "gave up"
    expected = "" if row["ok"] else f" (expected {row['known']})"
    return f"{row['length']} moves{expected}"
