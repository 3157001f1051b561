"""Solver traces for "watch the solver": the steps a solver takes, recorded for replay.

A trace runs the puzzle's own solver (``kernels="python"``, for at most ``steps`` nodes and
under the request's limits) while :func:`puzzlesmith.engines.events.recording` is set, and
translates the engine's step events into the front end's steps, so that it ends where
``solve`` ends, with the same answer and node count:

* **queens, min-conflicts** — from the given queens and the player's: each queen the solver
  places (``"from": null``) or moves in its column (a repair, or a restart), with the number
  of attacked queens after it;
* **sliding, A\\* and IDA\\*** — each expansion, with A*'s best frontier entries (f, then
  h, then first in first out: the next expansion is the first) or IDA*'s path and bound;
* **Star Battle and Sudoku, exact cover** — each node of the exact-cover engine: the star
  (or digit) taken, the first for its unit, or the decision undone, and the board after it;
* **Net and Star Battle, deductions** — the puzzle's own hints, played one by one.

A trace keeps at most ``steps`` steps; one cut short says ``"truncated": true``.  Boards
are drawn from the front end's view (:mod:`.views`).
"""

from __future__ import annotations

import dataclasses
import heapq
import time
from typing import Any

from ..engines.events import recording
from ..puzzles.protocol import Puzzle
from ..results import Limits, Result
from .errors import BadRequest

__all__ = ["trace", "TRACERS"]

#: Largest boards each trace takes (a trace is for watching, not for solving).
MAX_QUEENS = 64
MAX_SLIDING_CELLS = 16
MAX_STARBATTLE_CELLS = 15 * 15
MAX_SUDOKU_SIZE = 16
#: Frontier entries an A* step shows.
FRONTIER_SHOWN = 6


def trace(puzzle: Puzzle, instance: Any, *, state: Any = None, method: str | None = None,
          seed: int | None = None, steps: int = 3000, limits: Limits | None = None) -> dict:
    """Trace ``method`` (default: the puzzle's first) on ``instance``: a JSON object with
    ``steps``, the outcome (``status``) and the statistics (``seconds``, ``nodes``)."""
    from .views import view

    methods = TRACERS[puzzle.name]
    method = method or next(iter(methods))
    if method not in methods:
        raise BadRequest(f"unknown trace method {method!r}; expected one of "
                         f"{', '.join(methods)}")
    board = view(puzzle, instance)
    marks = None
    if state is not None:
        from .views import answer_marks
        marks = answer_marks(puzzle, instance, state)
    began = time.monotonic()
    body = methods[method](board, marks=marks, seed=seed, steps=steps,
                           limits=limits or Limits(), puzzle=puzzle, instance=instance,
                           state=state)
    head = {"puzzle": puzzle.name, "status": body.pop("status"),
            "seconds": round(time.monotonic() - began, 6), "nodes": body.pop("nodes")}
    return {**head, "method": method, "board": board, **body}


class _Steps(list):
    """The steps kept: at most ``cap``; ``cut`` once one more was offered."""

    def __init__(self, cap: int):
        super().__init__()
        self.cap, self.cut = cap, False

    def room(self) -> bool:
        """True if one more step is kept (else the trace is cut)."""
        self.cut = self.cut or len(self) >= self.cap
        return not self.cut


def _solved(puzzle: Puzzle, instance: Any, steps: _Steps, limits: Limits, **options
            ) -> Result:
    """``puzzle.solve`` under ``limits`` and at most ``steps.cap`` nodes."""
    nodes = steps.cap if limits.nodes is None else min(steps.cap, limits.nodes)
    return puzzle.solve(instance, limits=dataclasses.replace(limits, nodes=nodes), **options)


def _outcome(result: Result, steps: _Steps, **more) -> dict:
    return {"status": result.status.value, "nodes": result.stats.nodes, "steps": steps,
            "truncated": steps.cut or result.status.value == "gave-up", **more}


# -- queens: min-conflicts ---------------------------------------------------------------------


def _queens(board: dict, *, marks, seed, steps, limits, puzzle, instance, **_) -> dict:
    n = board["n"]
    if n > MAX_QUEENS:
        raise BadRequest(f"a trace takes at most {MAX_QUEENS} queens, not {n}")
    start: list[int | None] = [None] * n
    for c, r in board.get("givens", []):
        start[c] = r
    for r, c in (marks or {}).get("queens", []):
        start[c] = r
    kept, shown = _Steps(steps), list(start)

    def attacked(problem) -> int:
        return sum(problem.conflicts(c, problem.value(c)) > 0 for c in range(n))

    def record(kind: str, event: dict) -> None:
        problem = event["problem"]
        if kind == "repair":
            moves = [(event["var"], event["old"], event["new"])]
        else:  # a start: every queen placed (from None) or moved
            moves = [(c, shown[c], problem.value(c)) for c in range(n)
                     if shown[c] != problem.value(c)]
        for c, old, new in moves:
            shown[c] = new
            if kept.room():
                kept.append({"col": c, "from": old, "to": new, "attacked": attacked(problem)})

    with recording(record):
        result = _solved(puzzle, instance, kept, limits, method="minconflicts", seed=seed,
                         start=start if marks else None)
    return _outcome(result, kept, start=start)


# -- sliding: A* and IDA* ------------------------------------------------------------------


_LETTERS = "0123456789abcdefghijklmnopqrstuv"


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


def _sliding(method: str):
    def run(board: dict, *, marks, steps, limits, puzzle, instance, **_) -> dict:
        rows, cols = board["rows"], board["cols"]
        if rows * cols > MAX_SLIDING_CELLS:
            raise BadRequest(f"a trace takes boards of at most {MAX_SLIDING_CELLS} cells, "
                             f"not {rows}x{cols}")
        if marks and marks.get("tiles"):
            instance = dataclasses.replace(instance, board=dataclasses.replace(
                instance.board, tiles=tuple(marks["tiles"])))
        kept = _Steps(steps)

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
            result = _solved(puzzle, instance, kept, limits, method=method,
                             heuristic="manhattan", kernels="python")
        solved = result.status.value == "solved"
        return _outcome(result, kept, start=_name(instance.board.tiles),
                        moves=result.solution if solved else None,
                        length=len(result.solution) if solved else None,
                        reason=result.details.get("reason") or None, heuristic="manhattan")
    return run


# -- Star Battle: exact cover ------------------------------------------------------------------


def _unit(item) -> str:
    """A Star Battle model item as the front end names it."""
    if item is None:
        return "a free choice"
    kind, *where = item
    if kind in ("row", "column"):
        return f"{kind} {where[0] + 1}"
    return f"region {where[0]}" if kind == "region" else "a 2x2 block"


#: Engine events -> the front end's step kinds.
_KINDS = {"choose": "take", "undo": "fail", "solution": "solution", "exhausted": "fail"}


def _starbattle(board: dict, *, seed, steps, limits, puzzle, instance, **_) -> dict:
    rows, cols = board["rows"], board["cols"]
    if rows * cols > MAX_STARBATTLE_CELLS:
        raise BadRequest(f"a trace takes boards of at most {MAX_STARBATTLE_CELLS} cells")
    kept = _Steps(steps)

    def record(kind: str, event: dict) -> None:
        if not kept.room():
            return
        marks = [["-"] * cols for _ in range(rows)]
        for key, mark in (("taken", "*"), ("excluded", "x")):
            for r, c in event[key]:
                marks[r][c] = mark
        for r, line in enumerate(board["regions"]):
            for c, region in enumerate(line):
                if region == board["void"]:
                    marks[r][c] = "."
        cell = event["option"] if kind in ("choose", "undo") else None
        kept.append({"kind": _KINDS[kind], "unit": _unit(event["item"]) if cell else None,
                     "depth": event["depth"], "cell": list(cell) if cell else None,
                     "board": "".join(map("".join, marks))})

    with recording(record):
        result = _solved(puzzle, instance, kept, limits, seed=seed, kernels="python")
    return _outcome(result, kept, solution=[list(cell) for cell in result.solution]
                    if result.solution else None)


# -- Sudoku: exact cover -----------------------------------------------------------------------


_SUDOKU_TEXT = {"choose": "try {symbol} at {where}",
                "undo": "{symbol} at {where} leads to a dead end: undone",
                "solution": "solved", "exhausted": "no solution"}


def _sudoku(board: dict, *, steps, limits, puzzle, instance, **_) -> dict:
    size = board["size"]
    if size > MAX_SUDOKU_SIZE:
        raise BadRequest(f"a trace takes boards of at most {MAX_SUDOKU_SIZE}x{MAX_SUDOKU_SIZE}")
    kept = _Steps(steps)

    def record(kind: str, event: dict) -> None:
        if not kept.room():
            return
        digits = list(board["givens"])
        for cell, value in event["taken"]:
            digits[cell] = value
        grid = puzzle.format_answer(instance, tuple(digits))
        option = event["option"] if kind in ("choose", "undo") else None
        cell = list(divmod(option[0], size)) if option else None
        text = _SUDOKU_TEXT[kind].format(
            symbol=grid.replace("\n", "")[option[0]] if option else "",
            where=f"r{cell[0] + 1}c{cell[1] + 1}" if cell else "")
        kept.append({"kind": _KINDS[kind], "depth": event["depth"], "cell": cell,
                     "value": option[1] if option else None, "text": text, "board": grid})

    with recording(record):
        result = _solved(puzzle, instance, kept, limits, kernels="python")
    solution = result.solution
    return _outcome(result, kept, solution=None if solution is None else
                    puzzle.format_answer(instance, solution))


# -- the puzzle's own deductions, by replaying hints ---------------------------------------


def _replay(apply):
    """A tracer that asks the puzzle for hints from the start (or the player's state) and
    plays each, until the puzzle is solved or no hint decides a cell.  ``apply(puzzle,
    instance, lines, hint)`` returns the cell the hint decides and changes ``lines`` (the
    state as lines of characters in the answer format), or None."""

    def run(board: dict, *, puzzle, instance, state, steps, limits, **_) -> dict:
        start = puzzle.format_answer(instance, state, _REPLAY_STYLE[puzzle.name]) \
            if state is not None else _REPLAY_START[puzzle.name](puzzle, instance)
        lines = [list(line) for line in start.splitlines()]
        trail, nodes, status = [], 0, "gave-up"
        while len(trail) < steps and not limits.expired():
            current = puzzle.parse_answer(instance, "\n".join(map("".join, lines)))
            if puzzle.is_solution(instance, current).ok:
                status = "solved"
                break
            hint = puzzle.hint(instance, current, limits=limits)
            nodes += hint.stats.nodes
            cell = apply(puzzle, instance, lines, hint) if hint.status == "solved" else None
            if cell is None:
                break
            trail.append({"kind": "rule", "rule": hint.details.get("rule"), "text": hint.text,
                          "cell": cell, "answer": "\n".join(map("".join, lines)),
                          "board": "".join("".join(line) for line in lines)})
        return {"status": status, "nodes": nodes, "steps": trail,
                "truncated": status != "solved"}

    return run


def _net_apply(puzzle, instance, lines, hint) -> list[int] | None:
    details = hint.details
    if not {"row", "column", "tile"} <= set(details):
        return None
    r, c = int(details["row"]) - 1, int(details["column"]) - 1
    lines[r][c] = str(details["tile"])
    return [r, c]


def _starbattle_apply(puzzle, instance, lines, hint) -> list[int] | None:
    from .views import _cell

    if hint.details.get("rule") in (None, "mistake", "done"):
        return None
    first = None
    for key, mark in (("stars", "*"), ("empties", "x")):
        for name in hint.details.get(key, ()):
            if (cell := _cell(name)) is not None:
                lines[cell[0]][cell[1]] = mark
                first = first or cell
    return first


_REPLAY_STYLE = {"net": "grid", "starbattle": "board"}
_REPLAY_START = {
    "net": lambda puzzle, instance: puzzle.format(instance, "grid"),
    "starbattle": lambda puzzle, instance: "\n".join(
        "." * len(row) for row in instance.grid),
}


#: puzzle name -> {method name: tracer}; the first method is the default.
TRACERS: dict[str, dict] = {
    "queens": {"minconflicts": _queens},
    "sliding": {"astar": _sliding("astar"), "idastar": _sliding("idastar")},
    "starbattle": {"exactcover": _starbattle, "deductions": _replay(_starbattle_apply)},
    "net": {"deductions": _replay(_net_apply)},
    "sudoku": {"exactcover": _sudoku},
}
