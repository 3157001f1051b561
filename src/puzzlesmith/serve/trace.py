"""Solver traces for "watch the solver": the steps a search takes, recorded for replay.

The engines do not report their steps (they report statistics), so each trace is built
around an engine without changing it, from what the engine asks of the problem it is given:

* **queens, min-conflicts** — :func:`puzzlesmith.engines.minconflicts.min_conflicts` on a
  board object that records every ``assign`` (one repair: a queen moved in its column);
* **sliding, A\\* and IDA\\*** — :func:`puzzlesmith.engines.search.astar` / ``idastar`` on a
  problem whose ``successors(state)`` call *is* the expansion of ``state``: the trace keeps a
  mirror of the frontier (f = g + h, the engine's tie-breaking) and, for IDA\\*, the path and
  the bound of each iteration;
* **Star Battle, exact cover** — a small pure-Python Algorithm M (branching on the most
  constrained unit, "the first star of this unit is here", then "... not here") over the same
  model as the compiled engine (rows, columns and regions needing their stars; 2×2 blocks at
  most one), for boards small enough to watch.  The compiled engine's kernel cannot be
  observed from Python; see the report of issue 12 for the hook it should gain.

Every trace is bounded by ``steps`` and by the request's limits; a trace cut short says
``"truncated": true``.  Boards are drawn from the front end's view (:mod:`.views`).

>>> from puzzlesmith.serve.trace import queens_minconflicts_steps
>>> start, steps, solved = queens_minconflicts_steps(6, None, seed=1, steps=500)
>>> solved, len(start), all(0 <= s["to"] < 6 for s in steps)
(True, 6, True)
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

from ..puzzles.protocol import Puzzle
from ..results import Limits, Status
from .errors import BadRequest

__all__ = ["trace", "TRACERS", "queens_minconflicts_steps", "sliding_steps",
           "exact_cover_steps"]

#: Largest boards each trace takes (a trace is for watching, not for solving).
MAX_QUEENS = 64
MAX_SLIDING_CELLS = 16
MAX_STARBATTLE_CELLS = 15 * 15


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


# -- queens: min-conflicts ---------------------------------------------------------------------


class _RecordingQueens:
    """N queens, one per column (value = row), counting conflicts incrementally; every
    ``assign`` the engine makes is recorded with the number of attacked queens after it."""

    def __init__(self, rows: list[int], fixed: dict[int, int] | None = None):
        self.n, self.rows = len(rows), list(rows)
        self.fixed = fixed or {}
        n = self.n
        self.row, self.up, self.down = [0] * n, [0] * (2 * n), [0] * (2 * n)
        for c, r in enumerate(self.rows):
            self._add(c, r, 1)
        self.steps: list[dict] = []

    def _add(self, c: int, r: int, k: int) -> None:
        self.row[r] += k
        self.up[c + r] += k
        self.down[c - r + self.n] += k

    def variables(self):
        return range(self.n)

    def values(self, c):
        return (self.fixed[c],) if c in self.fixed else range(self.n)

    def value(self, c):
        return self.rows[c]

    def conflicts(self, c, r):
        own = 3 if r == self.rows[c] else 0
        return self.row[r] + self.up[c + r] + self.down[c - r + self.n] - own

    def assign(self, c, r):
        old = self.rows[c]
        self._add(c, old, -1)
        self._add(c, r, 1)
        self.rows[c] = r
        self.steps.append({"col": c, "from": old, "to": r, "attacked": self.attacked()})

    def attacked(self) -> int:
        return sum(1 for c in range(self.n) if self.conflicts(c, self.rows[c]) > 0)


def queens_minconflicts_steps(n: int, start: list[int | None] | None, *, seed: int | None,
                              steps: int, limits: Limits | None = None,
                              fixed: dict[int, int] | None = None
                              ) -> tuple[list[int], list[dict], bool]:
    """(start rows, repairs, solved): min-conflicts from ``start`` (a row per column, None
    for an empty column, filled at random) or a random board, at most ``steps`` repairs;
    the queens in ``fixed`` (column -> row) never move."""
    from ..engines.minconflicts import min_conflicts

    rng = random.Random(seed)
    fixed = fixed or {}
    rows = [r if r is not None else rng.randrange(n) for r in (start or [None] * n)]
    for c, r in fixed.items():
        rows[c] = r
    problem = _RecordingQueens(rows, fixed)
    seconds = None if limits is None else limits.remaining()
    result = min_conflicts(problem, max_steps=steps, seed=rng,
                           limits=Limits(seconds=seconds) if seconds is not None else None)
    return rows, problem.steps, result.status is Status.SOLVED


def _queens(board: dict, *, marks, seed, steps, limits, **_) -> dict:

    n = board["n"]
    if n > MAX_QUEENS:
        raise BadRequest(f"a trace takes at most {MAX_QUEENS} queens, not {n}")
    start = None
    if marks:
        start = [None] * n
        for r, c in marks.get("queens", []):
            start[c] = r
    fixed = {c: r for c, r in board.get("givens", [])}
    rows, repairs, solved = queens_minconflicts_steps(n, start, seed=seed, steps=steps,
                                                      limits=limits, fixed=fixed)
    return {"status": "solved" if solved else "gave-up", "nodes": len(repairs),
            "start": rows, "steps": repairs, "truncated": not solved}


# -- sliding: A* and IDA* ------------------------------------------------------------------


_LETTERS = "0123456789abcdefghijklmnopqrstuv"


def _name(state: tuple[int, ...]) -> str:
    return "".join(_LETTERS[t] for t in state)


class _Sliding:
    """A sliding board as a search problem (Manhattan distance), for the traces only."""

    MOVES = (("U", -1, 0), ("D", 1, 0), ("L", 0, -1), ("R", 0, 1))

    def __init__(self, rows: int, cols: int, tiles: tuple[int, ...], goal: tuple[int, ...]):
        self.rows, self.cols, self.tiles, self.goal = rows, cols, tiles, goal
        self.home = {t: divmod(i, cols) for i, t in enumerate(goal)}
        self._h: dict[tuple, int] = {}

    def start(self):
        return self.tiles

    def is_goal(self, state):
        return state == self.goal

    def children(self, state):
        blank = state.index(0)
        r, c = divmod(blank, self.cols)
        for letter, dr, dc in self.MOVES:
            if 0 <= r + dr < self.rows and 0 <= c + dc < self.cols:
                other = blank + dr * self.cols + dc
                tiles = list(state)
                tiles[blank], tiles[other] = tiles[other], 0
                yield letter, tuple(tiles), 1

    def heuristic(self, state):
        h = self._h.get(state)
        if h is None:
            h = 0
            for i, t in enumerate(state):
                if t:
                    r, c = divmod(i, self.cols)
                    hr, hc = self.home[t]
                    h += abs(r - hr) + abs(c - hc)
            self._h[state] = h
        return h


class _AStarTrace(_Sliding):
    """Records each expansion A* makes, with a mirror of its frontier: a heap ordered as
    the engine's (f, then h, then first in first out) whose stale entries are skipped."""

    def __init__(self, *args, keep: int = 6):
        super().__init__(*args)
        self.g = {self.tiles: 0}
        self.order = itertools.count()
        h = self.heuristic(self.tiles)
        self.open = {self.tiles: (h, h, next(self.order))}
        self.heap = [(*self.open[self.tiles], self.tiles)]
        self.closed = 0
        self.keep = keep
        self.steps: list[dict] = []

    def best(self) -> list[tuple]:
        """The ``keep`` best open entries, in O(keep log keep) plus the stale ones met."""
        heap, found = self.heap, []
        seen = [(heap[0], 0)] if heap else []
        while seen and len(found) < self.keep:
            entry, i = heapq.heappop(seen)
            if self.open.get(entry[3]) == entry[:3]:
                found.append(entry)
            for child in (2 * i + 1, 2 * i + 2):
                if child < len(heap):
                    heapq.heappush(seen, (heap[child], child))
        return found

    def successors(self, state):
        g = self.g[state]
        h = self.heuristic(state)
        self.open.pop(state, None)
        while self.heap and self.open.get(self.heap[0][3]) != self.heap[0][:3]:
            heapq.heappop(self.heap)  # expanded, or superseded by a cheaper path
        self.closed += 1
        out = []
        for letter, child, cost in self.children(state):
            g2 = g + cost
            if g2 < self.g.get(child, float("inf")):
                self.g[child] = g2
                hc = self.heuristic(child)
                self.open[child] = (g2 + hc, hc, next(self.order))
                heapq.heappush(self.heap, (*self.open[child], child))
            out.append((letter, child, cost))
        # The frontier once the children are in: its best entry is the next expansion.
        self.steps.append({"state": _name(state), "g": g, "h": h, "f": g + h,
                           "open": len(self.open), "closed": self.closed,
                           "frontier": [[_name(e[3]), e[0] - e[1], e[1]] for e in self.best()]})
        return out


class _IDAStarTrace(_Sliding):
    """Records each expansion IDA* makes: the path to it, its f and the iteration's bound."""

    def __init__(self, *args):
        super().__init__(*args)
        self.bound = self.heuristic(self.tiles)
        self.next_bound = float("inf")
        self.iteration = 0
        self.path: list[tuple] = []  # (state, move letter) from the start
        self.top: tuple | None = None  # the state whose successors the engine is reading
        self.steps: list[dict] = []

    def successors(self, state):
        if state == self.tiles:  # only at the start of an iteration: the start is on the path
            if self.iteration:
                self.bound = self.next_bound
            self.iteration += 1
            self.next_bound = float("inf")
            self.path = [(state, "")]
        else:
            self.unwind(self.top)
            move = next(m for m, child, _ in self.children(self.top) if child == state)
            self.path.append((state, move))
        g = len(self.path) - 1
        h = self.heuristic(state)
        self.steps.append({"state": _name(state), "g": g, "h": h, "f": g + h,
                           "bound": self.bound, "iteration": self.iteration,
                           "path": "".join(m for _, m in self.path)})
        return _Reading(self, state, list(self.children(state)), g)

    def unwind(self, state) -> None:
        """Drop the states the engine has left (those above ``state`` on the path)."""
        while self.path and self.path[-1][0] != state:
            self.path.pop()


class _Reading:
    """The engine's iterator over one state's successors: tells the trace which state is on
    top of the engine's path, and which f-values went over the bound."""

    def __init__(self, owner: _IDAStarTrace, state, children, g):
        self.owner, self.state, self.children, self.g = owner, state, iter(children), g

    def __iter__(self) -> Iterator:
        return self

    def __next__(self):
        owner = self.owner
        owner.top = self.state
        owner.unwind(self.state)
        letter, child, cost = next(self.children)
        if all(child != s for s, _ in owner.path):  # the engine skips states on its path
            f = self.g + cost + owner.heuristic(child)
            if f > owner.bound:
                owner.next_bound = min(owner.next_bound, f)
        return letter, child, cost


def sliding_steps(rows: int, cols: int, tiles: tuple[int, ...], goal: tuple[int, ...], *,
                  method: str = "astar", steps: int = 3000, limits: Limits | None = None
                  ) -> tuple[list[dict], Any]:
    """(expansions, the engine's SearchResult) of A* (``"astar"``) or IDA* (``"idastar"``)
    with the Manhattan distance, stopped after ``steps`` expansions.

    >>> trail, result = sliding_steps(2, 2, (1, 2, 0, 3), (1, 2, 3, 0))
    >>> [s["state"] for s in trail], result.actions
    (['1203'], ['R'])
    """
    from ..engines import search

    seconds = None if limits is None else limits.remaining()
    budget = Limits(nodes=steps + 1, seconds=seconds)  # the engine stops as it reaches nodes
    if method == "astar":
        problem = _AStarTrace(rows, cols, tiles, goal)
        result = search.astar(problem, limits=budget)
    else:
        problem = _IDAStarTrace(rows, cols, tiles, goal)
        result = search.idastar(problem, limits=budget)
    return problem.steps[:steps], result


def _sliding(method: str):
    def run(board: dict, *, marks, seed, steps, limits, **_) -> dict:

        rows, cols = board["rows"], board["cols"]
        if rows * cols > MAX_SLIDING_CELLS:
            raise BadRequest(f"a trace takes boards of at most {MAX_SLIDING_CELLS} cells, "
                             f"not {rows}x{cols}")
        tiles = tuple(marks["tiles"]) if marks and marks.get("tiles") else tuple(board["tiles"])
        trail, result = sliding_steps(rows, cols, tiles, tuple(board["goal"]), method=method,
                                      steps=steps, limits=limits)
        solved = result.status is Status.SOLVED
        return {"status": result.status.value, "nodes": result.stats.nodes,
                "start": _name(tiles), "steps": trail, "truncated": not solved,
                "moves": "".join(result.actions) if solved else None,
                "length": len(result.actions) if solved else None,
                "reason": result.reason or None, "heuristic": "manhattan"}
    return run


# -- Star Battle: exact cover ------------------------------------------------------------------


FREE, TAKEN, OUT = 0, 1, 2


def exact_cover_steps(options: list[list[int]], need: list[int], primary: int, *,
                      steps: int = 3000, limits: Limits | None = None,
                      describe=None) -> tuple[list[dict], list[int] | None, int, bool]:
    """(steps, the options of the first solution or None, nodes, finished) of a small
    Algorithm M: items ``0..primary-1`` need exactly ``need[i]`` options, the others at most
    ``need[i]``; each step is one decision and the option statuses after propagating it.

    >>> trail, solution, nodes, done = exact_cover_steps([[0, 1], [0], [1]], [1, 1], 2)
    >>> solution, done, [s["kind"] for s in trail]
    ([0], True, ['take', 'solution'])
    """
    items = len(need)
    holders: list[list[int]] = [[] for _ in range(items)]
    for o, covered in enumerate(options):
        for i in covered:
            holders[i].append(o)
    status = [FREE] * len(options)
    cover, avail = [0] * items, [len(h) for h in holders]
    trail: list[int] = []
    out: list[dict] = []
    deadline = None if limits is None else limits.deadline()
    nodes = 0
    describe = describe or (lambda i: f"item {i}")

    def set_status(o: int, new: int) -> None:
        status[o] = new
        trail.append(o)
        for i in options[o]:
            avail[i] -= 1
            if new == TAKEN:
                cover[i] += 1

    def undo(mark: int) -> None:
        while len(trail) > mark:
            o = trail.pop()
            for i in options[o]:
                avail[i] += 1
                if status[o] == TAKEN:
                    cover[i] -= 1
            status[o] = FREE

    def propagate() -> bool:
        changed = True
        while changed:
            changed = False
            for i in range(items):
                if cover[i] > need[i]:
                    return False
                if i < primary and cover[i] + avail[i] < need[i]:
                    return False
                if cover[i] == need[i] and avail[i]:
                    for o in holders[i]:
                        if status[o] == FREE:
                            set_status(o, OUT)
                    changed = True
                elif i < primary and avail[i] and cover[i] + avail[i] == need[i]:
                    for o in holders[i]:
                        if status[o] == FREE:
                            set_status(o, TAKEN)
                    changed = True
        return True

    def snapshot(kind: str, option: int | None, item: int | None, depth: int) -> None:
        out.append({"kind": kind, "option": option,
                    "unit": describe(item) if item is not None else None, "depth": depth,
                    "status": "".join("-*x"[s] for s in status)})

    def choose() -> int | None:
        best, key = None, None
        for i in range(primary):
            spare = avail[i] - (need[i] - cover[i])
            if need[i] > cover[i] and (key is None or spare < key):
                best, key = i, spare
        return best

    solution: list[int] | None = None
    stopped = False

    def search(depth: int) -> bool:
        """Take the first free option of the most constrained item, or exclude it and
        choose again (binary branching, as the compiled engine does)."""
        nonlocal nodes, solution, stopped
        while True:
            item = choose()
            if item is None:
                solution = [o for o, s in enumerate(status) if s == TAKEN]
                snapshot("solution", None, None, depth)
                return True
            if len(out) >= steps or (deadline is not None and time.monotonic() > deadline):
                stopped = True
                return False
            o = next(o for o in holders[item] if status[o] == FREE)
            nodes += 1
            mark = len(trail)
            set_status(o, TAKEN)
            ok = propagate()
            snapshot("take" if ok else "fail", o, item, depth)
            if ok and search(depth + 1):
                return True
            if stopped:
                return False
            undo(mark)
            set_status(o, OUT)  # not here: the unit's stars are elsewhere
            if not propagate():
                snapshot("back", o, item, depth)
                return False

    if propagate():
        search(0)
    else:
        snapshot("fail", None, None, 0)
    return out, solution, nodes, not stopped


def _starbattle(board: dict, *, marks, seed, steps, limits, **_) -> dict:

    rows, cols, grid = board["rows"], board["cols"], board["regions"]
    if rows * cols > MAX_STARBATTLE_CELLS:
        raise BadRequest(f"a trace takes boards of at most {MAX_STARBATTLE_CELLS} cells")
    regions = list(board["region_stars"])
    cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] != board["void"]]
    units = ([f"row {r + 1}" for r in range(rows)] + [f"column {c + 1}" for c in range(cols)]
             + [f"region {x}" for x in regions])
    need = list(board["row_stars"]) + list(board["column_stars"]) + \
        [board["region_stars"][x] for x in regions]
    primary = len(need)
    blocks = {}
    for r in range(rows - 1):
        for c in range(cols - 1):
            blocks[r, c] = len(need)
            need.append(1)
    options = []
    for r, c in cells:
        items = [r, rows + c]
        if grid[r][c] in board["region_stars"]:
            items.append(rows + cols + regions.index(grid[r][c]))
        items += [blocks[br, bc] for br in (r - 1, r) for bc in (c - 1, c)
                  if (br, bc) in blocks]
        options.append(items)
    trail, solution, nodes, finished = exact_cover_steps(
        options, need, primary, steps=steps, limits=limits,
        describe=lambda i: units[i] if i < len(units) else "a 2x2 block")
    for step in trail:
        step["cell"] = list(cells[step.pop("option")]) if step["option"] is not None else None
        marks_now = ["."] * (rows * cols)
        for (r, c), s in zip(cells, step.pop("status"), strict=True):
            marks_now[r * cols + c] = s
        step["board"] = "".join(marks_now)
    status = "solved" if solution is not None else "unsolvable" if finished else "gave-up"
    return {"status": status, "nodes": nodes, "steps": trail, "truncated": not finished,
            "solution": [list(cells[o]) for o in solution] if solution else None}


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
}
