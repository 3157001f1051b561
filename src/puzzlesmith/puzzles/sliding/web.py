"""Sliding tiles on the web page: the board, the tile a hint slides, and the A* and IDA*
traces.  An answer is the blank's moves from the start (U, D, L, R)."""

from __future__ import annotations

import dataclasses
import heapq

from ...engines.events import recording
from ...errors import UsageError
from ...results import HintResult
from ..web import Steps, outcome, solved
from .board import Instance, apply_moves, move

#: Largest board a trace takes (a trace is for watching, not for solving).
MAX_TRACE_CELLS = 16
#: Frontier entries an A* step shows.
FRONTIER_SHOWN = 6
_LETTERS = "0123456789abcdefghijklmnopqrstuv"


def view(instance: Instance) -> dict:
    board = instance.board
    return {"kind": "sliding", "rows": board.rows, "cols": board.cols,
            "tiles": list(board.tiles), "goal": list(instance.goal.tiles)}


def hint_marks(instance: Instance, state: str | None, hint: HintResult) -> list | None:
    """The cell of the tile the hint slides (where the blank goes)."""
    letter = hint.details.get("move")
    if letter not in ("U", "D", "L", "R") or not isinstance(state, str | None):
        return None
    after = move(apply_moves(instance.board, state or ""), letter)
    return [list(divmod(after.blank, after.cols))]


def answer_marks(instance: Instance, answer: str | None) -> dict | None:
    return {"tiles": list(apply_moves(instance.board, answer).tiles)} \
        if isinstance(answer, str) else None


def _name(state: tuple[int, ...]) -> str:
    return "".join(_LETTERS[t] for t in state)


def _frontier(event: dict) -> tuple[int, list[list]]:
    """(open states, the best open entries as [name, g, h]) of an A* expansion, from the
    engine's heap: stale entries (expanded, or superseded by a cheaper path) are skipped."""
    heap, best_g, closed = event["frontier"], event["best_g"], event["closed"]

    def live(entry) -> bool:
        return entry[3] not in closed and entry[0] - entry[1] == best_g[entry[3]]

    found, seen = [], [(heap[0], 0)] if heap else []
    while seen and len(found) < FRONTIER_SHOWN:
        entry, i = heapq.heappop(seen)
        if live(entry):
            found.append([_name(entry[3]), entry[0] - entry[1], entry[1]])
        for child in (2 * i + 1, 2 * i + 2):
            if child < len(heap):
                heapq.heappush(seen, (heap[child], child))
    return len(best_g) - len(closed), found


def search(method: str):
    """The tracer of ``method`` (``astar``: each expansion, with the best frontier entries,
    f then h then first in first out; ``idastar``: each expansion, with the path and bound),
    on the Manhattan distance."""
    def run(board: dict, *, marks, steps, limits, puzzle, instance, **_) -> dict:
        rows, cols = board["rows"], board["cols"]
        if rows * cols > MAX_TRACE_CELLS:
            raise UsageError(f"a trace takes boards of at most {MAX_TRACE_CELLS} cells, "
                             f"not {rows}x{cols}")
        if marks and marks.get("tiles"):
            instance = dataclasses.replace(instance, board=dataclasses.replace(
                instance.board, tiles=tuple(marks["tiles"])))
        kept = Steps(steps)

        def record(kind: str, event: dict) -> None:
            if not kept.room():
                return
            g, h = int(event["g"]), int(event["h"])  # unit moves, the Manhattan distance
            step = {"state": _name(event["state"]), "g": g, "h": h, "f": g + h}
            if method == "astar":
                opened, best = _frontier(event)
                step.update(open=opened, closed=len(event["closed"]), frontier=best)
            else:
                step.update(bound=int(event["bound"]), iteration=event["iteration"],
                            path="".join(event["path"]))
            kept.append(step)

        with recording(record):
            result = solved(puzzle, instance, kept, limits, method=method,
                            heuristic="manhattan", kernels="python")
        done = result.status.value == "solved"
        return outcome(result, kept, start=_name(instance.board.tiles),
                       moves=result.solution if done else None,
                       length=len(result.solution) if done else None,
                       reason=result.details.get("reason") or None, heuristic="manhattan")
    return run


TRACERS = {"astar": search("astar"), "idastar": search("idastar")}
