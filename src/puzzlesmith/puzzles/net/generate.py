"""Making Net puzzles with exactly one solution.

A random spanning tree of the grid is the intended solution (:func:`spanning_tree`).  As in
Tatham's generator, the deductions of :mod:`.deduce` run on it and, in every section of
tiles they leave open, the tree is perturbed: a link is added on the section's edge and
another link of the loop it closes is cut next to the section, so that each change removes
an ambiguity instead of moving it (:func:`_perturb`); the deductions then run again from
where they were, re-opened only around the changed tiles, until they finish the board.
With ``--allow-search`` (and on wrapping boards under the local rule, which the
deductions cannot start) the search decides instead: the open tiles are those where two
solutions differ.  Under the connected rule a wrapping board is made by the deductions too:
their dead-end rule starts them where no edge does.  The tiles
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
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from ...engines import csp as cspe
from ...engines.kernels import loaded, process_kind
from ...errors import check_method
from ...results import Limits, Stats
from . import model as netmodel
from .board import AVOIDING, ORIENTATIONS, Board, Grid, barrier_grid, rotate

__all__ = ["STYLES", "spanning_tree", "generate_one", "Made", "place_barriers", "kernels_for"]

#: Ways to draw the random spanning tree of a generated puzzle.
STYLES = ("ust", "grow")
#: Python steps between two limit checks in the tree builders.
CHECK_EVERY = 4096
#: Rounds without fewer open tiles after which a new tree is drawn (Tatham's generator
#: starts again as soon as a round fails to shrink the ambiguous sections).
PATIENCE = 4
#: A section of the open tiles gets one perturbation per this many of its tiles (and at
#: least one): large sections shrink in a few rounds.
PER_CHANGE = 20
#: Boards of at least this many tiles run the deductions compiled (numba): a generation
#: runs them once per round.
COMPILED_TILES = 256
#: Tile-rounds of deductions a one-shot command (the CLI, see
#: :func:`~puzzlesmith.engines.kernels.set_process`) runs interpreted before it loads the
#: compiled kernels: about 0.1 ms each, so 4096 of them take about what importing numba and
#: loading the kernels takes (0.5-0.6 s).  A 20x20 board (2-8 rounds) is then made before
#: numba would have loaded; a larger one, or many, move on to the compiled kernels.  The
#: deductions are the same both ways, so the puzzles are too.
ONE_SHOT_TILE_ROUNDS = 4096
_interpreted = [0]  # tile-rounds this process has run interpreted


#: Connectors per mask.
_POPCOUNT = tuple(bin(m).count("1") for m in range(16))


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


@lru_cache(maxsize=8)
def _grid_steps(rows: int, cols: int, wrap: bool) -> list[dict[int, tuple[int, int]]]:
    """Per cell, ``{bit: (neighbour, bit back)}`` (shared: never changed)."""
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
    check_method(style, STYLES, "style")
    limits = limits or Limits()
    n = rows * cols
    adj = _grid_adjacency(rows, cols, wrap)
    while True:
        mask = [0] * n
        if style == "ust":
            _wilson(adj, mask, rng, limits)
            break
        if _grow(adj, mask, (rows // 2) * cols + cols // 2, rng, limits):
            break                                # else no cross-free tree: start again
    return tuple(tuple(mask[i * cols:(i + 1) * cols]) for i in range(rows))


@lru_cache(maxsize=8)
def _grid_adjacency(rows: int, cols: int, wrap: bool) -> tuple[tuple[tuple[int, int, int], ...],
                                                              ...]:
    """Per cell, its ``(neighbour, bit at the cell, bit at the neighbour)``."""
    adj: list[list[tuple[int, int, int]]] = [[] for _ in range(rows * cols)]
    for u, v, bu, bv in _grid_links(rows, cols, wrap):
        adj[u].append((v, bu, bv))
        adj[v].append((u, bv, bu))
    return tuple(tuple(a) for a in adj)


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
    draw = rng.random
    while grown < n and frontier:
        work += 1
        if work % CHECK_EVERY == 0:
            limits.check("growing a spanning tree")
        k = int(draw() * len(frontier))
        frontier[k], frontier[-1] = frontier[-1], frontier[k]
        u, v, bu, bv = frontier.pop()
        if in_tree[v] or _POPCOUNT[mask[u]] >= 3:
            continue
        mask[u] |= bu
        mask[v] |= bv
        in_tree[v] = True
        grown += 1
        frontier.extend((v, *a) for a in adj[v] if not in_tree[a[0]])
    return grown == n


@dataclass
class Made:
    """A generated puzzle with its unique solution (both None when it gave up); ``level``,
    when the generator knows it, is the rating of :func:`.deduce.rate` without barriers."""

    board: Board | None
    solution: Grid | None
    stats: Stats
    rounds: int = 0
    stopped_by: str | None = None
    level: str | None = None


def generate_one(rows: int, cols: int, *, connected: bool = False, wrap: bool = False,
                 style: str = "ust", rng: random.Random, limits: Limits | None = None,
                 max_rounds: int | None = None, deducible: bool = False,
                 barriers: float = 0.0,
                 progress: Callable[[Stats], None] | None = None) -> Made:
    """One puzzle with exactly one solution under the chosen rule, tiles scrambled; with
    ``deducible``, one that the deductions of :mod:`.deduce` finish (Tatham's generator
    keeps only those), else one the search proves unique (see :func:`_generate`).

    The search's node budget (``limits.nodes``) is shared by all the rounds; the board is
    None when the limits or ``max_rounds`` (default ``50 * rows * cols``) run out first.
    ``barriers``: the share of the unused links that get a barrier (:func:`place_barriers`);
    ``progress`` is called each round with the rounds so far and the tiles still ``open``.
    """
    limits = (limits or Limits()).started()
    n = rows * cols
    max_rounds = max_rounds if max_rounds is not None else 50 * n
    made = _generate(rows, cols, connected=connected, wrap=wrap, style=style, rng=rng,
                     limits=limits, max_rounds=max_rounds, progress=progress,
                     search=not deducible)
    return _finish(made, barriers, wrap, rng)


def _finish(made: Made, barriers: float, wrap: bool, rng: random.Random) -> Made:
    """The made puzzle with its tiles scrambled by random rotations and, as in Tatham's
    generator, barriers on a share of the unused links."""
    if made.board is None:
        return made
    tiles = made.board.tiles
    scrambled = tuple(tuple(rotate(v, rng.randrange(4)) for v in row) for row in tiles)
    closed = place_barriers(tiles, barriers, wrap=wrap, rng=rng) if barriers else ()
    made.board = Board(scrambled, wrap, made.board.connected, closed)
    return made


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


def _generate(rows: int, cols: int, *, connected: bool, wrap: bool, style: str,
              rng: random.Random, limits: Limits, max_rounds: int,
              progress: Callable[[Stats], None] | None, search: bool = False) -> Made:
    """A puzzle the deductions finish (under the connected rule or the local one), made as
    Tatham's generator does it: draw a tree, run the deductions, and perturb the tree in
    every section they leave open (:func:`_perturb`, once per :data:`PER_CHANGE` of its
    tiles) until they finish it; a tree whose open tiles stop shrinking is drawn again.

    The model is built once (only the tiles' domains change from round to round) and each
    round's deductions start from the last round's, re-opened around the tiles that changed
    (:class:`_Deductions`); the end is checked by the deductions from scratch.  With
    ``search``, the search decides instead (:class:`_Searches`): the open tiles are those
    where two solutions differ, and a unique puzzle is kept."""
    n = rows * cols
    step = _grid_steps(rows, cols, wrap)
    stats = Stats(extra={"rounds": 0, "trees": 0, "perturbed": 0, "refused": 0, "open": n})
    timing = {"deduce": 0.0, "perturb": 0.0}
    stats.extra["phase seconds"] = timing
    no_cross = style == "grow"
    deduce: _Deductions | _Searches | None = None
    while True:
        tree = spanning_tree(rows, cols, wrap=wrap, style=style, rng=rng, limits=limits)
        mask = [v for row in tree for v in row]
        stats.extra["trees"] += 1
        if deduce is None:
            deduce = (_Searches if search else _Deductions)(Board(tree, wrap, connected),
                                                            limits, stats)
        parent, up = _rooted(mask, step, n)
        changed: list[int] | None = None
        best, stale = n + 1, 0
        while stale < PATIENCE:
            if stats.extra["rounds"] >= max_rounds or limits.expired():
                why = "limits" if limits.expired() else "rounds"
                return Made(None, None, stats, stats.extra["rounds"], why)
            stats.extra["rounds"] += 1
            t0 = time.perf_counter()
            open_cells = deduce.open_tiles(mask, changed)
            if open_cells is None:                       # the search reached a limit
                return Made(None, None, stats, stats.extra["rounds"], "limits")
            t1 = time.perf_counter()
            timing["deduce"] += t1 - t0
            stats.extra["open"] = len(open_cells)
            if progress is not None:
                progress(stats)
            if not open_cells:
                board = Board(_to_grid(mask, cols), wrap, connected)
                return Made(board, board.tiles, stats, stats.extra["rounds"],
                            level=deduce.level(mask))
            if len(open_cells) < best:
                best, stale = len(open_cells), 0
            else:
                stale += 1
            changed = []
            for section in _sections(open_cells, step):
                times = 1 + len(section) // PER_CHANGE
                done = _perturb(mask, step, section, parent, up, rng, no_cross=no_cross,
                                changed=changed, times=times)
                stats.extra["perturbed"] += done
                stats.extra["refused"] += times - done
            timing["perturb"] += time.perf_counter() - t1


#: How far (in steps between neighbours) around a changed tile a round's deductions start
#: again from the tiles' full domains.
REOPEN = 2


def kernels_for(tiles: int) -> str:
    """The kernels of the next round of deductions on a generated board of ``tiles``: a
    generation runs them once per round, so boards of :data:`COMPILED_TILES` or more run them
    compiled, except in a one-shot command that has not yet run
    :data:`ONE_SHOT_TILE_ROUNDS` interpreted (nor loaded the kernels)."""
    if tiles < COMPILED_TILES:
        return "python"
    if (process_kind() == "one-shot" and not loaded("csp")
            and _interpreted[0] < ONE_SHOT_TILE_ROUNDS):
        return "python"
    return "numba"


def _spend(tiles: int, kernels: str) -> None:
    """Count a round of deductions on ``tiles`` run with ``kernels`` (see :func:`kernels_for`)."""
    if kernels == "python" and tiles >= COMPILED_TILES:
        _interpreted[0] += tiles


class _Deductions:
    """The deductions of :mod:`.deduce` on the boards of one generation, which differ only
    in their tiles: one model, whose domains are set per round."""

    def __init__(self, board: Board, limits: Limits, stats: Stats):
        self.net = netmodel.build(board, limits)
        self.limits = limits
        self.tiles = board.size
        self.kernels = kernels_for(self.tiles)
        self.near = list(board.neighbours().values())
        off = sum(np.where(nb < 0, bit, 0) for bit, nb in board.neighbours().items())
        self.avoid = AVOIDING[np.asarray(off, dtype=np.int64)]
        self.dom: np.ndarray | None = None
        self.dead_ends_needed = False

    def fitting(self, mask: list[int]) -> np.ndarray:
        """Per tile, its orientations that point nowhere off the board."""
        return ORIENTATIONS[np.array(mask, dtype=np.int64)] & self.avoid

    def open_tiles(self, mask: list[int], changed: list[int] | None) -> list[int]:
        """The tiles the deductions leave open on the board of ``mask``.  With ``changed``
        (the tiles that differ from the last call's board) they start from the last call's
        domains, re-opened within :data:`REOPEN` of those tiles; an answer of none open is
        then checked from scratch (:meth:`_from_scratch`)."""
        self.kernels = kernels_for(self.tiles)
        _spend(self.tiles, self.kernels)
        fit = self.fitting(mask)
        if changed is None or self.dom is None:
            dom = self._from_scratch(fit)
        else:
            dom = self._propagate(np.where(self._around(changed), fit, self.dom & fit))
            if dom is None or not np.any(dom & (dom - 1)):
                dom = self._from_scratch(fit)
        self.dom = dom
        if dom is None:
            return list(range(len(mask)))
        return np.flatnonzero(dom & (dom - 1)).tolist()

    def level(self, mask: list[int]) -> str:
        """The rating of the board of the last call, which the deductions finished, as
        :func:`.deduce.rate` says: ``easy`` when the connectors alone do, ``medium`` when
        loops and connectivity finish it, else ``tricky`` (the dead ends are needed)."""
        ac = cspe.propagate(self.net.csp, self.fitting(mask), custom=False,
                            limits=self.limits, kernels=self.kernels)
        if ac is not None and not np.any(ac & (ac - 1)):
            return "easy"
        return "tricky" if self.dead_ends_needed else "medium"

    def _from_scratch(self, fit: np.ndarray) -> np.ndarray | None:
        """The deductions from the tiles' orientations ``fit``: loops and connectivity
        first, then the dead ends from there when they leave tiles open (noting whether
        they did, for :meth:`level`)."""
        from .deduce import without_dead_ends

        with without_dead_ends(self.net):
            dom = self._propagate(fit)
        self.dead_ends_needed = dom is not None and bool(np.any(dom & (dom - 1)))
        return self._propagate(dom) if self.dead_ends_needed else dom

    def _propagate(self, start: np.ndarray) -> np.ndarray | None:
        from .deduce import deducible

        return deducible(self.net, self.limits, kernels=self.kernels, domains=start)

    def _around(self, cells: list[int]) -> np.ndarray:
        """The tiles within :data:`REOPEN` steps of ``cells``."""
        out = np.zeros(self.avoid.shape[0], dtype=bool)
        out[cells] = True
        for _ in range(REOPEN):
            grown = out.copy()
            for nb in self.near:
                grown[nb[out & (nb >= 0)]] = True
            out = grown
        return out


class _Searches:
    """What the search says of the boards of one generation (``--allow-search``): the
    tiles where two solutions differ, none when the board is unique, None at a limit (the
    search's nodes count in ``stats``, and its node limit is shared by all the rounds)."""

    def __init__(self, board: Board, limits: Limits, stats: Stats):
        self.board = board
        self.limits = limits
        self.stats = stats

    def open_tiles(self, mask: list[int], changed: list[int] | None) -> list[int] | None:
        """The tiles where two solutions of the board of ``mask`` differ."""
        board = replace(self.board, tiles=_to_grid(mask, self.board.cols))
        left = None if self.limits.nodes is None else max(0, self.limits.nodes
                                                          - self.stats.nodes)
        result = netmodel.take_two(board, limits=replace(self.limits, nodes=left))
        self.stats.nodes += result.stats.nodes
        verdict = result.uniqueness()
        if verdict is None:
            return None
        if verdict:
            return []
        a, b = (np.array(g, dtype=np.int64).reshape(-1) for g in result.solutions)
        return np.flatnonzero(a != b).tolist()

    def level(self, mask: list[int]) -> None:
        """Not known here: the caller rates the puzzle."""
        return None


def _to_grid(mask: list[int], cols: int) -> Grid:
    return tuple(tuple(mask[i:i + cols]) for i in range(0, len(mask), cols))


def _sections(cells: list[int], step: list[dict]) -> list[list[int]]:
    """The open tiles grouped in sections of side-by-side tiles."""
    todo = dict.fromkeys(cells)
    out = []
    for start in cells:
        if start not in todo:
            continue
        del todo[start]
        section = [start]
        for c in section:                      # grows while it is walked
            for nb, _ in step[c].values():
                if nb in todo:
                    del todo[nb]
                    section.append(nb)
        out.append(section)
    return out


def _rooted(mask: list[int], step: list[dict], n: int) -> tuple[list[int], list[int]]:
    """The tree of ``mask`` hung from tile 0: per tile its parent (-1 at the root) and the
    side bit that leads to it."""
    parent, up = [-1] * n, [0] * n
    seen = [False] * n
    seen[0] = True
    todo = [0]
    for c in todo:
        m = mask[c]
        for bit, (nb, back) in step[c].items():
            if m & bit and not seen[nb]:
                seen[nb] = True
                parent[nb], up[nb] = c, back
                todo.append(nb)
    return parent, up


def _perturb(mask: list[int], step: list[dict], section: list[int], parent: list[int],
             up: list[int], rng: random.Random, *, no_cross: bool, changed: list[int],
             times: int = 1) -> int:
    """Tatham's perturbation of an ambiguous section, ``times`` over: add a missing link on
    its edge (else inside it) that makes no 4-way cross under ``no_cross``, and cut a random
    other link of the loop it closes (:func:`_swap`), keeping ``parent``/``up`` the rooted
    tree and adding the tiles it changes to ``changed``; how many links it could add."""
    inside = set(section)
    edge, within = [], []
    for c in section:
        m = mask[c]
        for bit, (nb, _) in step[c].items():
            if not m & bit:
                (within if nb in inside else edge).append((c, bit))
    done = 0
    for links in (edge, within):
        while links and done < times:            # drawn at random, without replacement
            k = rng.randrange(len(links))
            links[k], links[-1] = links[-1], links[k]
            c, bit = links.pop()
            nb, back = step[c][bit]
            if mask[c] & bit or (no_cross and (mask[c] | bit == 15 or mask[nb] | back == 15)):
                continue
            changed.extend(_swap(mask, step, parent, up, c, bit, rng, inside))
            done += 1
    return done


def _swap(mask: list[int], step: list[dict], parent: list[int], up: list[int], a: int,
          bit: int, rng: random.Random, near: set[int]) -> tuple[int, int, int, int]:
    """Link ``a`` to its neighbour on side ``bit`` and cut a random link of the loop that
    closes, one with a tile in ``near`` if there is one (the change stays where it was
    wanted), re-hanging the part cut off so that ``parent``/``up`` stay the rooted tree; the
    four tiles whose masks changed."""
    b, back = step[a][bit]
    side_a, side_b = _to_meeting(parent, a, b)
    loop = [(x, True) for x in side_a] + [(x, False) for x in side_b]
    local = [link for link in loop if link[0] in near or parent[link[0]] in near]
    cut, on_a = rng.choice(local or loop)
    new_parent, top, first_up = (b, a, bit) if on_a else (a, b, back)
    p, pb = parent[cut], up[cut]
    mask[cut] &= ~pb
    mask[p] &= ~step[cut][pb][1]
    mask[a] |= bit
    mask[b] |= back
    cur, prev, prev_up = top, new_parent, first_up      # evert the path top..cut
    while True:
        nxt, nxt_up = parent[cur], up[cur]
        parent[cur], up[cur] = prev, prev_up
        if cur == cut:
            break
        prev, prev_up = cur, step[cur][nxt_up][1]
        cur = nxt
    return a, b, cut, p


def _to_meeting(parent: list[int], a: int, b: int) -> tuple[list[int], list[int]]:
    """The tiles from ``a`` and from ``b`` up to (not including) their lowest common
    ancestor: the tree path between them is their links to their parents.  Both climb in
    turn, so the work follows the path, not the tree's depth."""
    seen_a, seen_b = {a: 0}, {b: 0}
    path_a, path_b = [a], [b]
    x, y = a, b
    while True:
        if x in seen_b:
            meet = x
            break
        if y in seen_a:
            meet = y
            break
        if parent[x] >= 0:
            x = parent[x]
            seen_a[x] = len(path_a)
            path_a.append(x)
        if parent[y] >= 0:
            y = parent[y]
            seen_b[y] = len(path_b)
            path_b.append(y)
    return path_a[:seen_a[meet]], path_b[:seen_b[meet]]
