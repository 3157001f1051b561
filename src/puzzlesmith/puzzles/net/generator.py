"""Making Net puzzles with exactly one solution.

A random spanning tree of the grid is the intended solution (:func:`spanning_tree`).  While
the solver finds a second solution, a link of the tree next to a cell where the two
solutions differ is swapped for another link that keeps it a spanning tree, and the solver
checks again (Tatham's generator also loops until its own solver says "unique").  The tiles
are then scrambled by random rotations and, as in Tatham's generator, barriers are put on a
share of the links the solution leaves unused (:func:`place_barriers`): they only take
solutions away, never the intended one, so the puzzle stays unique (and the deductions that
finished it still do).

>>> made = generate_one(5, 5, connected=True, rng=random.Random(1))
>>> made.board.size, len(made.solution)
(25, 5)
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, replace

import numpy as np

from ...errors import UsageError
from ...results import Limits, Stats
from . import model as netmodel
from .board import Board, Grid, barrier_grid, rotate

__all__ = ["STYLES", "spanning_tree", "generate_one", "Made", "place_barriers"]

#: Ways to draw the random spanning tree of a generated puzzle.
STYLES = ("ust", "grow")
#: Python steps between two limit checks in the tree builders.
CHECK_EVERY = 4096


def _grid_links(rows: int, cols: int, wrap: bool) -> list[tuple[int, int, int, int]]:
    """Every link once, ``(u, v, bit at u, bit at v)``: right then down, cell by cell
    (self-links of a 1-wide wrapping board left out)."""
    out = []
    for i in range(rows):
        for j in range(cols):
            u = i * cols + j
            if wrap or j + 1 < cols:
                out.append((u, i * cols + (j + 1) % cols, 8, 2))
            if wrap or i + 1 < rows:
                out.append((u, ((i + 1) % rows) * cols + j, 4, 1))
    return [link for link in out if link[0] != link[1]]


def _grid_steps(rows: int, cols: int, wrap: bool) -> list[dict[int, tuple[int, int]]]:
    """Per cell, ``{bit: (neighbour, bit back)}``."""
    step: list[dict] = [{} for _ in range(rows * cols)]
    for u, v, bu, bv in _grid_links(rows, cols, wrap):
        step[u][bu] = (v, bv)
        step[v][bv] = (u, bu)
    return step


def spanning_tree(rows: int, cols: int, *, wrap: bool = False, style: str = "ust",
                  rng: random.Random, limits: Limits | None = None) -> Grid:
    """A random spanning tree of the grid as tile masks.

    ``ust``: uniform (Wilson's algorithm); ``grow``: grown from the centre by random
    extensions, Tatham-style, never making a 4-way cross.
    """
    if style not in STYLES:
        raise UsageError(f"unknown style {style!r}; choose from {', '.join(STYLES)}")
    limits = limits or Limits()
    n = rows * cols
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for u, v, bu, bv in _grid_links(rows, cols, wrap):
        adj[u].append((v, bu, bv))
        adj[v].append((u, bv, bu))
    while True:
        mask = [0] * n
        if style == "ust":
            _wilson(adj, mask, rng, limits)
            break
        if _grow(adj, mask, (rows // 2) * cols + cols // 2, rng, limits):
            break                                # else no cross-free tree: start again
    return tuple(tuple(mask[i * cols:(i + 1) * cols]) for i in range(rows))


def _wilson(adj: list, mask: list[int], rng: random.Random, limits: Limits) -> None:
    n = len(mask)
    in_tree = [False] * n
    in_tree[rng.randrange(n)] = True
    nxt: list[tuple[int, int, int] | None] = [None] * n
    work = 0
    for start in range(n):
        c = start
        while not in_tree[c]:                      # loop-erased random walk
            nxt[c] = rng.choice(adj[c])
            c = nxt[c][0]
            work += 1
            if work % CHECK_EVERY == 0:
                limits.check("drawing a spanning tree")
        c = start
        while not in_tree[c]:
            v, bu, bv = nxt[c]
            mask[c] |= bu
            mask[v] |= bv
            in_tree[c] = True
            c = v


def _grow(adj: list, mask: list[int], centre: int, rng: random.Random,
          limits: Limits) -> bool:
    n = len(mask)
    in_tree = [False] * n
    in_tree[centre] = True
    frontier = [(centre, *a) for a in adj[centre]]
    grown = 1
    work = 0
    while grown < n and frontier:
        work += 1
        if work % CHECK_EVERY == 0:
            limits.check("growing a spanning tree")
        k = rng.randrange(len(frontier))
        frontier[k], frontier[-1] = frontier[-1], frontier[k]
        u, v, bu, bv = frontier.pop()
        if in_tree[v] or bin(mask[u]).count("1") >= 3:
            continue
        mask[u] |= bu
        mask[v] |= bv
        in_tree[v] = True
        grown += 1
        frontier.extend((v, *a) for a in adj[v] if not in_tree[a[0]])
    return grown == n


@dataclass
class Made:
    """A generated puzzle with its unique solution (both None when it gave up)."""

    board: Board | None
    solution: Grid | None
    stats: Stats
    rounds: int = 0
    stopped_by: str | None = None


def generate_one(rows: int, cols: int, *, connected: bool = False, wrap: bool = False,
                 style: str = "ust", rng: random.Random, limits: Limits | None = None,
                 max_rounds: int | None = None, deducible: bool = False,
                 barriers: float = 0.0) -> Made:
    """One puzzle with exactly one solution under the chosen rule, tiles scrambled; with
    ``deducible``, one that the deductions of :mod:`.deduce` finish (Tatham's generator
    keeps only those): while they leave tiles open, a link next to one of them is swapped
    as for a second solution, and uniqueness is checked again.

    The search's node budget (``limits.nodes``) is shared by all the rounds; the board is
    None when the limits or ``max_rounds`` (default ``50 * rows * cols``) run out first.
    ``barriers``: the share of the unused links that get a barrier (:func:`place_barriers`).
    """
    limits = (limits or Limits()).started()
    n = rows * cols
    tree = spanning_tree(rows, cols, wrap=wrap, style=style, rng=rng, limits=limits)
    mask = [v for row in tree for v in row]
    step = _grid_steps(rows, cols, wrap)
    stats = Stats(extra={"rounds": 0})
    max_rounds = max_rounds if max_rounds is not None else 50 * n
    while True:
        board = Board(tuple(tuple(mask[i * cols:(i + 1) * cols]) for i in range(rows)), wrap,
                      connected)
        left = None if limits.nodes is None else max(0, limits.nodes - stats.nodes)
        result = netmodel.take_two(board, limits=replace(limits, nodes=left))
        stats.nodes += result.stats.nodes
        stats.seconds += result.stats.seconds
        stats.extra["rounds"] += 1
        verdict = result.uniqueness()
        open_cells = _left_open(board, limits) if verdict and deducible else []
        if verdict and not open_cells:
            break
        if verdict is None or stats.extra["rounds"] >= max_rounds or limits.expired():
            why = "rounds" if verdict is not None and not limits.expired() else "limits"
            return Made(None, None, stats, stats.extra["rounds"], why)
        if open_cells:
            diff = open_cells
        else:
            a, b = result.solutions
            diff = [i * cols + j for i in range(rows) for j in range(cols)
                    if a[i][j] != b[i][j]]
        rng.shuffle(diff)
        for cell in diff:                        # the first cell where a swap is possible
            if _swap_link(mask, step, cell, rng, no_cross=style == "grow"):
                break
    scrambled = tuple(tuple(rotate(v, rng.randrange(4)) for v in row) for row in board.tiles)
    closed = place_barriers(board.tiles, barriers, wrap=wrap, rng=rng) if barriers else ()
    return Made(Board(scrambled, wrap, connected, closed), board.tiles, stats,
                stats.extra["rounds"])


def place_barriers(solution: Grid, share: float, *, wrap: bool = False,
                   rng: random.Random) -> Grid:
    """Barriers on ``int(share * n)`` of the ``n`` links between neighbours that
    ``solution`` does not use, drawn at random (Tatham's ``b`` parameter), as the board's
    per-cell masks.

    >>> place_barriers(((8, 2), (8, 2)), 1.0, rng=random.Random(0))
    ((4, 4), (1, 1))
    """
    rows, cols = len(solution), len(solution[0])
    free = [(u // cols, u % cols, bu) for u, _, bu, _ in _grid_links(rows, cols, wrap)
            if not solution[u // cols][u % cols] & bu]
    chosen = rng.sample(free, int(share * len(free)))
    return barrier_grid(rows, cols, chosen, wrap=wrap)


def _left_open(board: Board, limits: Limits) -> list[int]:
    """The cells whose orientation the deductions leave open (all of them if the
    deductions fail, which a board with a solution never makes them do)."""
    from .deduce import deducible

    dom = deducible(netmodel.build(board, limits), limits)
    if dom is None:
        return list(range(board.size))
    return np.flatnonzero(dom & (dom - 1)).tolist()


def _tree_path(mask: list[int], a: int, b: int, step: list[dict]) -> list[tuple[int, int]]:
    """The links ``(cell, bit)`` on the tree path from ``a`` to ``b`` (BFS)."""
    back = {a: None}
    todo = deque([a])
    while todo:
        c = todo.popleft()
        if c == b:
            break
        for bit, (nb, _) in step[c].items():
            if mask[c] & bit and nb not in back:
                back[nb] = (c, bit)
                todo.append(nb)
    path = []
    c = b
    while back.get(c) is not None:
        prev, bit = back[c]
        path.append((prev, bit))
        c = prev
    return path


def _swap_link(mask: list[int], step: list[dict], cell: int, rng: random.Random, *,
               no_cross: bool) -> bool:
    """Add a random missing link at ``cell`` and cut another link of the loop it closes;
    False if no link can be added there."""
    missing = [bit for bit in step[cell] if not mask[cell] & bit]
    rng.shuffle(missing)
    for bit in missing:
        other, back = step[cell][bit]
        if no_cross and (bin(mask[cell]).count("1") >= 3 or bin(mask[other]).count("1") >= 3):
            continue
        path = _tree_path(mask, other, cell, step)
        if not path:
            continue
        c, b = rng.choice(path)
        d, db = step[c][b]
        mask[c] &= ~b
        mask[d] &= ~db
        mask[cell] |= bit
        mask[other] |= back
        return True
    return False
