"""Net, the tile-rotation puzzle: turn every tile so that the connectors match up.

A tile is a 4-bit mask of connectors, **1 up, 2 left, 4 down, 8 right**, written as one hex
digit; a board is one row of digits per line.  Rotating a tile a quarter turn
counter-clockwise maps up -> left -> down -> right -> up, i.e. ``((v << 1) | (v >> 3)) & 15``.

Rules:

* *local* (the seed's): every connector meets a connector of its neighbour and none points
  off the board;
* *connected* (Simon Tatham's Net): in addition all non-empty tiles form one connected
  network without loops (a tree);
* ``wrap``: the board wraps around left-right and top-bottom (no edge of the board).

The solver is a constraint program on :mod:`puzzlesmith.engines.csp`: one variable per cell
whose domain is the tile's rotations (cut by the border), one binary constraint per pair of
adjacent cells, and for the connected rule a numba propagator that forbids loops and
isolated pieces (see :class:`TreePropagator`).

>>> board = example()
>>> print(format_grid(solve(board).solution))
c6000000000
d7ce6c644c2
11111939310
>>> solve(board, connected=True).status.value
'unsolvable'
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from ..engines import csp as cspe
from ..errors import InvalidPuzzle, UsageError
from ..results import Limits, Stats, Status

__all__ = [
    "Board", "Grid", "NetResult", "Generated", "parse", "validate", "format_grid", "draw",
    "to_json", "rotate", "rotations", "is_solution", "model", "solve", "count", "unique",
    "generate", "spanning_tree", "render_svg", "example", "UP", "LEFT", "DOWN", "RIGHT",
    "STYLES",
]

UP, LEFT, DOWN, RIGHT = 1, 2, 4, 8
#: (bit, row step, column step, opposite bit)
DIRECTIONS = ((UP, -1, 0, DOWN), (LEFT, 0, -1, RIGHT), (DOWN, 1, 0, UP), (RIGHT, 0, 1, LEFT))
#: Ways to draw the random spanning tree of a generated puzzle.
STYLES = ("ust", "grow")

Grid = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Board:
    """A Net puzzle: the tiles as given (row by row) and whether the board wraps."""

    tiles: Grid
    wrap: bool = False

    @property
    def rows(self) -> int:
        return len(self.tiles)

    @property
    def cols(self) -> int:
        return len(self.tiles[0])

    def neighbour(self, i: int, j: int, di: int, dj: int) -> tuple[int, int] | None:
        """The cell next to ``(i, j)`` in direction ``(di, dj)``, or None off the board."""
        ni, nj = i + di, j + dj
        if self.wrap:
            return ni % self.rows, nj % self.cols
        if 0 <= ni < self.rows and 0 <= nj < self.cols:
            return ni, nj
        return None


@dataclass
class NetResult:
    """A solve: ``status``, the rotated ``solution`` grid (or None), ``stats``, ``unique``."""

    status: Status
    solution: Grid | None
    stats: Stats
    unique: bool | None = None
    other: Grid | None = None


@dataclass
class Generated:
    """A generated puzzle with its unique solution (``status`` GAVE_UP: both None)."""

    status: Status
    board: Board | None
    solution: Grid | None
    stats: Stats


# --------------------------------------------------------------------------- text formats

def parse(text: str, *, wrap: bool = False) -> Board:
    """Read a board: one hex digit per tile, one row per line.

    >>> parse("c6\\n93\\n").tiles
    ((12, 6), (9, 3))
    >>> parse("c6\\n9\\n")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: line 2: row has 1 tiles, expected 2
    """
    lines = text.splitlines()
    numbered = [(n, line.strip()) for n, line in enumerate(lines, 1)]
    while numbered and not numbered[-1][1]:
        numbered.pop()
    while numbered and not numbered[0][1]:
        numbered.pop(0)
    if not numbered:
        raise InvalidPuzzle("empty puzzle: expected rows of hex digits")
    rows = []
    width = len(numbered[0][1])
    for n, line in numbered:
        row = []
        for c, ch in enumerate(line, 1):
            try:
                row.append(int(ch, 16))
            except ValueError:
                raise InvalidPuzzle(f"{ch!r} is not a hex digit", line=n, column=c) from None
        if len(row) != width:
            raise InvalidPuzzle(f"row has {len(row)} tiles, expected {width}", line=n)
        rows.append(tuple(row))
    return Board(tuple(rows), wrap)


def validate(board: Board) -> Board:
    """Check a board built in code (``parse`` already does): rectangular, tiles 0..15.

    >>> validate(Board(((1, 4), (2,))))
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.InvalidPuzzle: line 2: row has 1 tiles, expected 2
    """
    if not isinstance(board, Board) or not board.tiles or not board.tiles[0]:
        raise InvalidPuzzle("empty puzzle: expected rows of hex digits")
    width = len(board.tiles[0])
    for n, row in enumerate(board.tiles, 1):
        if len(row) != width:
            raise InvalidPuzzle(f"row has {len(row)} tiles, expected {width}", line=n)
        for c, tile in enumerate(row, 1):
            if not isinstance(tile, int) or not 0 <= tile <= 15:
                raise InvalidPuzzle(f"tile {tile!r} is not a mask 0..15", line=n, column=c)
    return board


def format_grid(grid: Grid) -> str:
    """The seed's ``-s`` output: one hex digit per tile, one row per line."""
    return "\n".join("".join(f"{v:x}" for v in row) for row in grid)


def draw(grid: Grid) -> str:
    """The seed's ``-p`` drawing: ``o`` per tile, ``----`` and ``|`` for the connections.

    >>> print(draw(((12, 6), (9, 3))).replace(" ", "_"))
    __________
    __o----o__
    __|____|__
    __|____|__
    __o----o__
    __________
    """
    out = []
    for row in grid:
        out.append("".join("  |  " if v & UP else "     " for v in row))
        out.append("".join(("--" if v & LEFT else "  ") + "o" + ("--" if v & RIGHT else "  ")
                           for v in row))
        out.append("".join("  |  " if v & DOWN else "     " for v in row))
    return "\n".join(out)


def to_json(grid: Grid) -> list[str]:
    """The JSON form of a grid: a list of hex row strings."""
    return format_grid(grid).split("\n")


def example() -> Board:
    """The seed's 3x11 sample (tiles in a normalised orientation)."""
    return parse("33000000000\n77373331131\n11111333310\n")


# --------------------------------------------------------------------------- rules

def rotate(v: int, quarter_turns: int = 1) -> int:
    """Turn a tile ``quarter_turns`` times counter-clockwise (up -> left)."""
    for _ in range(quarter_turns % 4):
        v = ((v << 1) | (v >> 3)) & 15
    return v


def rotations(v: int) -> tuple[int, ...]:
    """The distinct orientations of a tile, in turning order from ``v``."""
    return tuple(dict.fromkeys(rotate(v, k) for k in range(4)))


def is_solution(board: Board, grid: Grid, *, connected: bool = False) -> bool:
    """Independent check: ``grid`` is a rotation of ``board`` that obeys the rule."""
    if len(grid) != board.rows or any(len(r) != board.cols for r in grid):
        return False
    cells = [(i, j) for i in range(board.rows) for j in range(board.cols)]
    for i, j in cells:
        if grid[i][j] not in rotations(board.tiles[i][j]):
            return False
        for bit, di, dj, back in DIRECTIONS:
            there = board.neighbour(i, j, di, dj)
            has = bool(grid[i][j] & bit)
            if there is None:
                if has:
                    return False
            elif has != bool(grid[there[0]][there[1]] & back):
                return False
    if not connected:
        return True
    full = [c for c in cells if grid[c[0]][c[1]]]
    edges = sum(bin(grid[i][j]).count("1") for i, j in full) // 2
    if full and edges != len(full) - 1:
        return False                       # a connected graph with |V|-1 edges is a tree
    seen, todo = set(full[:1]), deque(full[:1])
    while todo:
        i, j = todo.popleft()
        for bit, di, dj, _ in DIRECTIONS:
            if grid[i][j] & bit:
                there = board.neighbour(i, j, di, dj)
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
    return len(seen) == len(full)


# --------------------------------------------------------------------------- the model

_HAS = np.array([sum(1 << m for m in range(16) if m & bit) for bit in range(16)],
                dtype=np.int64)
_ALL = (1 << 16) - 1


def _edges(board: Board) -> list[tuple[int, int, int, int]]:
    """Every adjacency once: ``(u, v, bit at u, bit at v)`` for right and down neighbours."""
    rows, cols, wrap = board.rows, board.cols, board.wrap
    out = []
    for i in range(rows):
        for j in range(cols):
            u = i * cols + j
            if wrap or j + 1 < cols:
                out.append((u, i * cols + (j + 1) % cols, RIGHT, LEFT))
            if wrap or i + 1 < rows:
                out.append((u, ((i + 1) % rows) * cols + j, DOWN, UP))
    return out


def _matches(bit: int, back: int) -> Callable[[int, int], bool]:
    return lambda a, b: bool(a & bit) == bool(b & back)


#: Bitset (over masks 0..15) of a tile's rotations, per tile.
_ROTATION_BITS = [sum(1 << r for r in rotations(t)) for t in range(16)]
#: Bitset of the masks with none of the connectors in ``sides``, per ``sides``.
_AVOIDING = [sum(1 << m for m in range(16) if not m & sides) for sides in range(16)]


def model(board: Board, *, connected: bool = False) -> cspe.CSP:
    """The constraint program: variables are cells ``(i, j)``, values tile masks 0..15."""
    p = cspe.CSP()
    masks = tuple(range(16))
    rows, cols = board.rows, board.cols
    p.add_variables([(i, j) for i in range(rows) for j in range(cols)], masks)
    for i, row in enumerate(board.tiles):
        for j, tile in enumerate(row):
            v = i * cols + j
            off = 0
            if not board.wrap:
                off = ((UP if i == 0 else 0) | (DOWN if i == rows - 1 else 0)
                       | (LEFT if j == 0 else 0) | (RIGHT if j == cols - 1 else 0))
            p.restrict_bits(v, _ROTATION_BITS[tile] & _AVOIDING[off])
    edges = _edges(board)
    for bit, back in ((RIGHT, LEFT), (DOWN, UP)):
        scopes = [(u, v) for u, v, b, _ in edges if b == bit]
        p.add_constraints(scopes, predicate=_matches(bit, back))
    if connected:
        p.add_propagator(TreePropagator(board, edges))
    return p


#: Run the bridge pass once this many links have closed since the last one (1: always).
LAZY_BRIDGES = 1
#: Contract the graph again once fewer than this share of its links are still open.
SHRINK = 0.9


class TreePropagator:
    """The connected rule: the tiles' links form one tree over the non-empty cells.

    At each call (see :func:`_tree_kernel`): links certain at both ends are merged with
    union-find; a certain link inside one piece is a loop (fail); a possible link inside one
    piece is cut; then the graph of possible links must connect every non-empty tile and
    each of its bridges must be taken (:func:`_bridges`).

    The kernel works on a *contracted* graph: pieces already joined by certain links are
    single nodes and decided links are dropped.  A contraction made from domains ``D`` holds
    for every ``D' <= D`` (domains only shrink below in the search), so the propagator keeps
    a stack of them, pops those the current domains are not a subset of (the search has
    backtracked above them), and pushes a new one when fewer than ``SHRINK`` of the links of the
    top graph are still open.  The work per call follows the undecided part of the board.
    """

    def __init__(self, board: Board, edges: list[tuple[int, int, int, int]]):
        e = np.array(edges, dtype=np.int64).reshape(-1, 4)
        flat = [t for row in board.tiles for t in row]
        links = sum(bin(t).count("1") for t in flat)
        weight = np.array([t != 0 for t in flat], dtype=np.int64)
        self.full = int(weight.sum())
        self.feasible = links % 2 == 0 and (self.full == 0 or links // 2 == self.full - 1)
        self.culprits = np.full(2, -1, dtype=np.int64)
        self.lazy = LAZY_BRIDGES
        base = _Graph(e[:, 0], e[:, 1], e[:, 0], e[:, 1], _HAS[e[:, 2]], _HAS[e[:, 3]],
                      weight, None, len(flat))
        self._stack = [base]

    def propagate(self, domains: np.ndarray) -> bool:
        self.culprits[:] = -1
        if not self.feasible:
            return False
        stack = self._stack
        while len(stack) > 1 and np.any(domains & ~stack[-1].snapshot):
            stack.pop()
        g = stack[-1]
        opened = _tree_kernel(domains, g.eu, g.ev, g.nu, g.nv, g.hu, g.hv, g.weight,
                              self.full, g.scratch, g.state, g.adj_ptr, g.adj_edge,
                              g.adj_other, self.culprits, g.last, g.last_state, g.has_last,
                              self.lazy)
        if opened < 0:
            return False
        g.has_last = True
        if opened < SHRINK * g.eu.shape[0]:
            stack.append(g.contract(domains))
        return True


class _Graph:
    """Links ``e`` join cells ``eu[e]``-``ev[e]``, i.e. nodes ``nu[e]``-``nv[e]``."""

    def __init__(self, eu, ev, nu, nv, hu, hv, weight, snapshot, cells):
        self.eu, self.ev, self.nu, self.nv, self.hu, self.hv = (
            np.ascontiguousarray(x, dtype=np.int64) for x in (eu, ev, nu, nv, hu, hv))
        self.weight = weight
        self.snapshot = snapshot
        k, m = weight.shape[0], self.eu.shape[0]
        self.scratch = np.zeros((6, max(k, 1)), dtype=np.int64)
        self.state = np.zeros(m, dtype=np.int64)
        self.last = np.zeros(cells, dtype=np.int64)    # domains after the last call
        self.last_state = np.zeros(m, dtype=np.int64)  # link states after the last call
        self.has_last = False
        ends = np.concatenate([self.nu, self.nv])              # CSR adjacency over nodes
        order = np.argsort(ends, kind="stable")
        self.adj_edge = (order % max(m, 1)).astype(np.int64)
        self.adj_other = np.concatenate([self.nv, self.nu])[order]
        ptr = np.zeros(k + 1, dtype=np.int64)
        np.add.at(ptr, ends + 1, 1)
        self.adj_ptr = np.cumsum(ptr)

    def contract(self, domains: np.ndarray) -> _Graph:
        """The graph for domains ``<= domains``: certain links merged, decided ones dropped."""
        node, keep = _contraction(domains, self.eu, self.nu, self.nv, self.hu,
                                  self.weight.shape[0])
        k = int(node.max()) + 1 if node.size else 0
        weight = np.zeros(k, dtype=np.int64)
        np.add.at(weight, node, self.weight)
        return _Graph(self.eu[keep], self.ev[keep], node[self.nu[keep]], node[self.nv[keep]],
                      self.hu[keep], self.hv[keep], weight, domains.copy(), domains.shape[0])


@njit(cache=True)
def _find(parent, x):
    """Union-find root with path halving."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def _contraction(dom, eu, nu, nv, hu, k):
    """Nodes joined by certain links (renumbered 0..) and the mask of still-open links."""
    parent = np.arange(k)
    open_link = np.zeros(eu.shape[0], dtype=np.bool_)
    for e in range(eu.shape[0]):
        u = eu[e]
        if (dom[u] & ~hu[e]) == 0:
            ru, rv = _find(parent, nu[e]), _find(parent, nv[e])
            if ru != rv:
                parent[rv] = ru
        elif (dom[u] & hu[e]) != 0:
            open_link[e] = True
    label = np.full(k, -1, dtype=np.int64)
    node = np.zeros(k, dtype=np.int64)
    count = 0
    for c in range(k):
        r = _find(parent, c)
        if label[r] < 0:
            label[r] = count
            count += 1
        node[c] = label[r]
    return node, open_link


@njit(cache=True)
def _tree_kernel(dom, eu, ev, nu, nv, hu, hv, weight, full, scratch, state, adj_ptr,
                 adj_edge, adj_other, blame, last, last_state, has_last, lazy):
    """One pass of the loop and connectivity deductions; narrows ``dom``.

    Returns -1 on failure, else the number of links still open.

    ``dom[c]`` is a bitset over masks 0..15.  Link ``e`` joins cells ``eu[e]``/``ev[e]``
    (graph nodes ``nu[e]``/``nv[e]``); ``hu[e]``/``hv[e]`` are the masks that have its
    connector at either end; ``weight[x]`` counts the non-empty cells of node ``x``.
    ``scratch`` (6 rows of one entry per node) and ``state`` (one per link) are scratch.
    The link states are read once, before any change, so one pass is sound.  ``last`` and
    ``last_state`` keep the domains and link states after the last bridge pass
    (``has_last``): when the domains are a subset of those and fewer than ``lazy`` open
    links have closed since, the bridge pass is skipped.  With ``lazy == 1`` nothing is
    lost (merging nodes or cutting links inside a piece creates no new bridge); a larger
    ``lazy`` trades deductions for speed and stays exact, since a full assignment without
    loops with ``tiles - 1`` links is a tree.
    """
    ok = _tree_pass(dom, eu, ev, nu, nv, hu, hv, weight, full, scratch, state, adj_ptr,
                    adj_edge, adj_other, blame, last, last_state, has_last, lazy)
    if ok == 0:
        return -1
    n = dom.shape[0]
    if ok == 2:                                # remember the state of the last bridge pass
        for c in range(n):
            last[c] = dom[c]
        for e in range(state.shape[0]):
            last_state[e] = state[e]
    opened = 0
    for e in range(state.shape[0]):
        if state[e] == 1:
            opened += 1
    return opened


@njit(cache=True)
def _tree_pass(dom, eu, ev, nu, nv, hu, hv, weight, full, scratch, state, adj_ptr,
               adj_edge, adj_other, blame, last, last_state, has_last, lazy):
    """The body of :func:`_tree_kernel`: 0 on failure, 2 if the bridge pass ran, else 1."""
    k = weight.shape[0]
    m = eu.shape[0]
    parent = scratch[0]
    size = scratch[1]
    for c in range(k):
        parent[c] = c
        size[c] = weight[c]
    for e in range(m):                         # link states before any change: 2 on, 1 open
        u, v = eu[e], ev[e]
        if (dom[u] & ~hu[e]) == 0:
            state[e] = 2
        elif (dom[u] & hu[e]) != 0 and (dom[v] & hv[e]) != 0:
            state[e] = 1
        else:
            state[e] = 0
    below_last = has_last and last.shape[0] == dom.shape[0]
    if below_last:
        for c in range(dom.shape[0]):
            if dom[c] & ~last[c]:
                below_last = False
                break
    closed = not below_last
    if below_last:
        count = 0
        for e in range(m):
            if state[e] == 0 and last_state[e] != 0:
                count += 1
                if count >= lazy:
                    closed = True
                    break
    for e in range(m):                         # certain links: merge, a loop fails
        if state[e] == 2:
            ru, rv = _find(parent, nu[e]), _find(parent, nv[e])
            if ru == rv:
                blame[0], blame[1] = eu[e], ev[e]
                return 0
            if size[ru] < size[rv]:
                ru, rv = rv, ru
            parent[rv] = ru
            size[ru] += size[rv]
    for e in range(m):                         # open links inside one piece: cut
        if state[e] == 1 and _find(parent, nu[e]) == _find(parent, nv[e]):
            state[e] = 0
            u, v = eu[e], ev[e]
            dom[u] &= ~hu[e]
            dom[v] &= ~hv[e]
            if dom[u] == 0 or dom[v] == 0:
                blame[0], blame[1] = u, v
                return 0
    if full <= 1 or not closed:
        return 1
    return 2 * _bridges(dom, eu, ev, nu, hu, hv, weight, full, state, adj_ptr, adj_edge,
                    adj_other, scratch[2], scratch[3], scratch[4], scratch[5], blame)


@njit(cache=True)
def _bridges(dom, eu, ev, nu, hu, hv, weight, full, state, adj_ptr, adj_edge, adj_other,
             disc, low, stack_node, stack_edge, blame):
    """Connectivity: the possible links must join every non-empty cell, and each bridge of
    that graph (a link whose loss would split it) must be taken.  Returns 0 on failure.

    Iterative Tarjan over nodes; ``state[e] > 0`` marks the possible links; the last five
    arrays but one are scratch of one entry per node.
    """
    k = weight.shape[0]
    for c in range(k):
        disc[c] = -1
    timer = 0
    reached = 0
    start = -1
    for root in range(k):
        if weight[root] == 0 or disc[root] >= 0:
            continue
        if start >= 0:                                # a second piece: disconnected
            blame[0], blame[1] = -1, -1
            return 0
        start = root
        disc[root] = low[root] = timer
        timer += 1
        reached += weight[root]
        top = 0
        stack_node[0] = root
        stack_edge[0] = -1
        nxt = adj_ptr.copy()                          # next adjacency to try, per node
        while top >= 0:
            u = stack_node[top]
            if nxt[u] < adj_ptr[u + 1]:
                i = nxt[u]
                nxt[u] += 1
                e = adj_edge[i]
                if state[e] == 0 or e == stack_edge[top]:
                    continue
                w = adj_other[i]
                if disc[w] < 0:
                    disc[w] = low[w] = timer
                    timer += 1
                    reached += weight[w]
                    top += 1
                    stack_node[top] = w
                    stack_edge[top] = e
                elif disc[w] < low[u]:
                    low[u] = disc[w]
            else:
                e = stack_edge[top]
                top -= 1
                if top >= 0:
                    p = stack_node[top]
                    if low[u] < low[p]:
                        low[p] = low[u]
                    if low[u] > disc[p] and state[e] == 1:   # an open bridge: take it
                        dom[eu[e]] &= hu[e]
                        dom[ev[e]] &= hv[e]
                        if dom[eu[e]] == 0 or dom[ev[e]] == 0:
                            blame[0], blame[1] = eu[e], ev[e]
                            return 0
    return 1 if reached == full else 0


# --------------------------------------------------------------------------- solving

def _grid(board: Board, domains: np.ndarray) -> Grid:
    values = np.log2(domains.astype(np.float64)).astype(np.int64).reshape(board.rows,
                                                                          board.cols)
    return tuple(tuple(row) for row in values.tolist())


def _check_board(board: Board) -> None:
    if not isinstance(board, Board):
        raise UsageError("expected a Board (see parse())")
    validate(board)


#: Failures before the first restart (then 1.5 times more each time) under the connected
#: rule; see ``Search``.  The local rule is searched part by part instead, without restarts.
RESTARTS = 1000


_warmed = False


def _warm_up() -> None:
    """Load (or compile) the kernels once per process, so that no timed run pays for it."""
    global _warmed
    if not _warmed:
        _warmed = True
        for connected in (False, True):
            count(example(), 2, connected=connected)


def _search(board: Board, connected: bool, seed: int | None, limits: Limits | None,
            progress: Callable | None, restarts: int | None = RESTARTS) -> cspe.Search:
    _check_board(board)
    _warm_up()
    return cspe.Search(model(board, connected=connected), seed=seed, limits=limits,
                       progress=progress, raw=True, restarts=restarts if connected else None)


def solve(board: Board, *, connected: bool = False, seed: int | None = None,
          limits: Limits | None = None, progress: Callable | None = None) -> NetResult:
    """One solution under the chosen rule (``status`` says if there is none)."""
    search = _search(board, connected, seed, limits, progress)
    found = next(search, None)
    if found is None:
        return NetResult(search.status, None, search.stats)
    return NetResult(Status.SOLVED, _grid(board, found), search.stats)


def count(board: Board, limit: int | None = None, *, connected: bool = False,
          seed: int | None = None, limits: Limits | None = None,
          progress: Callable | None = None) -> cspe.CountResult:
    """Count solutions up to ``limit``; ``solutions`` holds the grids found.

    Under the local rule the undecided parts of the board are independent and are counted
    separately (see :func:`puzzlesmith.engines.csp.count`).
    """
    if limit is not None and limit < 1:
        raise UsageError(f"limit must be at least 1, got {limit}")
    _check_board(board)
    _warm_up()
    few = limit is not None and limit <= 100
    result = cspe.count(model(board, connected=connected), limit, seed=seed, limits=limits,
                        progress=progress, keep=few, raw=True,
                        restarts=RESTARTS if few and connected else None)
    result.solutions = [_grid(board, d) for d in result.solutions]
    return result


def unique(board: Board, *, connected: bool = False, seed: int | None = None,
           limits: Limits | None = None, progress: Callable | None = None) -> NetResult:
    """Take two: a solution and whether it is the only one (``unique`` None if gave up)."""
    _check_board(board)
    _warm_up()
    result = cspe.unique(model(board, connected=connected), seed=seed, limits=limits,
                         progress=progress, raw=True,
                         restarts=RESTARTS if connected else None)
    grid = None if result.solution is None else _grid(board, result.solution)
    other = None if result.other is None else _grid(board, result.other)
    return NetResult(result.status, grid, result.stats, result.unique, other)


# --------------------------------------------------------------------------- generating

def _grid_edges(rows: int, cols: int, wrap: bool) -> list[tuple[int, int, int, int]]:
    return _edges(Board(tuple(tuple(0 for _ in range(cols)) for _ in range(rows)), wrap))


def spanning_tree(rows: int, cols: int, *, wrap: bool = False, style: str = "ust",
                  rng: random.Random) -> Grid:
    """A random spanning tree of the grid as tile masks.

    ``ust``: uniform (Wilson's algorithm); ``grow``: grown from the centre by random
    extensions, Tatham-style, never making a 4-way cross.
    """
    if style not in STYLES:
        raise UsageError(f"unknown style {style!r}; choose from {', '.join(STYLES)}")
    n = rows * cols
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(n)]
    for u, v, bu, bv in _grid_edges(rows, cols, wrap):
        if u != v:
            adj[u].append((v, bu, bv))
            adj[v].append((u, bv, bu))
    mask = [0] * n
    if style == "ust":
        in_tree = [False] * n
        in_tree[rng.randrange(n)] = True
        nxt: list[tuple[int, int, int] | None] = [None] * n
        for start in range(n):
            c = start
            while not in_tree[c]:                      # loop-erased random walk
                nxt[c] = rng.choice(adj[c])
                c = nxt[c][0]
            c = start
            while not in_tree[c]:
                v, bu, bv = nxt[c]
                mask[c] |= bu
                mask[v] |= bv
                in_tree[c] = True
                c = v
    else:
        centre = (rows // 2) * cols + cols // 2
        in_tree = [False] * n
        in_tree[centre] = True
        frontier = [(centre, *a) for a in adj[centre]]
        grown = 1
        while grown < n and frontier:
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
        if grown < n:                                  # no cross-free tree: start again
            return spanning_tree(rows, cols, wrap=wrap, style=style, rng=rng)
    return tuple(tuple(mask[i * cols:(i + 1) * cols]) for i in range(rows))


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
    while back[c] is not None:
        prev, bit = back[c]
        path.append((prev, bit))
        c = prev
    return path


def generate(rows: int, cols: int, *, connected: bool = False, wrap: bool = False,
             style: str = "ust", seed: int | None = None, limits: Limits | None = None,
             max_rounds: int | None = None) -> Generated:
    """A puzzle with exactly one solution under the chosen rule, tiles scrambled.

    A random spanning tree is the intended solution; while the solver finds a second
    solution, a link of the tree next to a cell where the two solutions differ is swapped
    for another one (the tree stays a spanning tree), and the solver tries again.
    Raises :class:`UsageError` for bad sizes; the status is ``GAVE_UP`` if ``limits`` or
    ``max_rounds`` (default ``50 * rows * cols``) run out first.

    >>> g = generate(5, 5, connected=True, seed=1)
    >>> unique(g.board, connected=True).unique
    True
    """
    if rows < 1 or cols < 1:
        raise UsageError(f"size must be at least 1x1, got {rows}x{cols}")
    if rows * cols < 2:
        raise UsageError("a board needs at least 2 tiles")
    rng = random.Random(seed)
    tree = spanning_tree(rows, cols, wrap=wrap, style=style, rng=rng)
    mask = [v for row in tree for v in row]
    n = rows * cols
    step: list[dict] = [{} for _ in range(n)]
    for u, v, bu, bv in _grid_edges(rows, cols, wrap):
        if u != v:
            step[u][bu] = (v, bv)
            step[v][bv] = (u, bu)
    stats = Stats(extra={"rounds": 0, "solver_nodes": 0})
    deadline = (limits or Limits()).deadline()
    start = time.monotonic()
    max_rounds = max_rounds if max_rounds is not None else 50 * n
    while True:
        board = Board(tuple(tuple(mask[i * cols:(i + 1) * cols]) for i in range(rows)), wrap)
        result = unique(board, connected=connected, limits=limits)
        stats.extra["rounds"] += 1
        stats.extra["solver_nodes"] += result.stats.nodes
        if result.unique:
            break
        if (result.unique is None or stats.extra["rounds"] >= max_rounds
                or (deadline is not None and time.monotonic() > deadline)):
            stats.seconds = time.monotonic() - start
            return Generated(Status.GAVE_UP, None, None, stats)
        a, b = result.solution, result.other
        diff = [i * cols + j for i in range(rows) for j in range(cols) if a[i][j] != b[i][j]]
        _swap_link(mask, step, rng.choice(diff), rng, no_cross=style == "grow")
    stats.seconds = time.monotonic() - start
    scrambled = tuple(tuple(rotate(v, rng.randrange(4)) for v in row) for row in board.tiles)
    return Generated(Status.SOLVED, Board(scrambled, wrap), board.tiles, stats)


def _swap_link(mask: list[int], step: list[dict], cell: int, rng: random.Random, *,
               no_cross: bool) -> None:
    """Add a random missing link at ``cell`` and cut another link of the loop it closes."""
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
        return


# --------------------------------------------------------------------------- pictures

def render_svg(grid: Grid, *, cell: int = 32, wrap: bool = False) -> str:
    """An SVG drawing of a grid: one square per tile, a line per connector."""
    rows, cols = len(grid), len(grid[0])
    h = cell / 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{cols * cell}" '
             f'height="{rows * cell}" viewBox="0 0 {cols * cell} {rows * cell}">',
             f'<rect width="{cols * cell}" height="{rows * cell}" fill="#f4f1ea"/>',
             '<g stroke="#bbb" stroke-width="1">']
    parts += [f'<line x1="{j * cell}" y1="0" x2="{j * cell}" y2="{rows * cell}"/>'
              for j in range(1, cols)]
    parts += [f'<line x1="0" y1="{i * cell}" x2="{cols * cell}" y2="{i * cell}"/>'
              for i in range(1, rows)]
    parts.append('</g><g stroke="#1f5fa8" stroke-width="4" stroke-linecap="round">')
    ends = {UP: (0, -h), LEFT: (-h, 0), DOWN: (0, h), RIGHT: (h, 0)}
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            x, y = j * cell + h, i * cell + h
            for bit, (dx, dy) in ends.items():
                if v & bit:
                    parts.append(f'<line x1="{x:g}" y1="{y:g}" x2="{x + dx:g}" '
                                 f'y2="{y + dy:g}"/>')
    parts.append('</g><g fill="#1f5fa8">')
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            r = cell / 5 if bin(v).count("1") == 1 else cell / 10
            parts.append(f'<circle cx="{j * cell + h:g}" cy="{i * cell + h:g}" r="{r:g}"/>')
    parts.append("</g></svg>")
    return "\n".join(parts)
