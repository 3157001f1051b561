"""Additive disjoint pattern databases (Korf & Felner 2002), built by compiled BFS, cached on disk.

A *partition* splits the tiles into disjoint groups.  For each group, the database holds, for
every placement of the group's tiles, the fewest moves **of those tiles** needed to bring them
home (other tiles are indistinguishable; moving the blank through them is free).  Only moves of
a group's own tiles are counted, so the values of disjoint groups add up to an admissible
heuristic.  On a square board whose goal has the blank on the main diagonal, the same tables
looked up on the board reflected about that diagonal give a second estimate; the maximum of the
two is used.

Tables are built once per machine by a 0-1 breadth-first search over (group tiles, blank)
placements, in numba, in chunks that honour the deadline and Ctrl-C, after checking the
memory the build needs (:func:`build_bytes`) against the budget (``limits.memory``, else
:data:`BUILD_MEMORY`), and saved under ``platformdirs.user_cache_dir("puzzlesmith")``
(override with the ``PUZZLESMITH_CACHE_DIR`` environment variable).  Each table is indexed
directly by ``sum(position[tile_i] * cells**i)``, so a move updates the index in O(1).

Partitions are named by their group sizes, e.g. ``"6-6-3"`` (the default for 4x4, with Korf
and Felner's cells), ``"5-5-5"``, ``"4-4-4-4-4-4"`` (default for 5x5), ``"8"`` (the full
3x3 table), or ``"none"``.
"""

from __future__ import annotations

import hashlib
import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ...cachelock import building, one_thread
from ...errors import LimitReached, UsageError
from ...results import Limits, Stats
from .board import Board

if TYPE_CHECKING:
    from ...engines.driver import ChunkDriver

__all__ = ["PatternDatabase", "default_partition", "partition_groups", "partition_parts",
           "load_partition", "build_table", "build_bytes", "cache_dir", "cached"]

MAX_BUILD = 1 << 29      # entries of the (tiles + blank) array one build fills (bytes)
#: The memory a build may allocate when ``limits.memory`` is not given (see build_bytes).
BUILD_MEMORY = 2 * 10**9
UNSEEN = 255

# 6-6-3 on 4x4, canonical orientation (blank's goal top-left): two 3x2 blocks and the top row
# (averages 1 more than the layout below, '6-6-3b'; both in the style of Korf & Felner 2002).
_KF_663 = ((4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15), (1, 2, 3))
_ALT_663 = ((1, 5, 6, 9, 10, 13), (7, 8, 11, 12, 14, 15), (2, 3, 4))
_KF_555 = ((1, 2, 3, 5, 6), (4, 7, 8, 11, 12), (9, 10, 13, 14, 15))
# 5x5 in six groups of four: 2x2 blocks, the first column and the last row.
_BLOCKS_24 = ((1, 2, 6, 7), (3, 4, 8, 9), (5, 10, 15, 20), (11, 12, 16, 17), (13, 14, 18, 19),
              (21, 22, 23, 24))
# 5x5 in four groups of six (Korf & Felner 2002's 24-puzzle partition): two 2x3 blocks,
# a 3x2 block and the rest of the top-left corner; not symmetric about the diagonal, so the
# reflection gives a second estimate.
_KF_6666 = ((1, 2, 5, 6, 7, 12), (3, 4, 8, 9, 13, 14), (10, 11, 15, 16, 20, 21),
            (17, 18, 19, 22, 23, 24))
#: Hand-made cell groups (canonical orientation) by (rows, cols, partition name).
FIXED = {(4, 4, "6-6-3"): _KF_663, (4, 4, "6-6-3b"): _ALT_663, (4, 4, "5-5-5"): _KF_555,
         (5, 5, "4-4-4-4-4-4"): _BLOCKS_24, (5, 5, "6-6-6-6"): _KF_6666}


def cache_dir() -> Path:
    """Where tables are kept: ``$PUZZLESMITH_CACHE_DIR`` or the user cache directory."""
    override = os.environ.get("PUZZLESMITH_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("puzzlesmith")) / "sliding-pdb"


# ---------------------------------------------------------------- the build (compiled BFS)


def neighbour_table(rows: int, cols: int) -> np.ndarray:
    """``table[cell, d]``: the cell the blank reaches moving U, D, L, R from ``cell``, or -1."""
    n = rows * cols
    table = np.full((n, 4), -1, np.int64)
    for cell in range(n):
        r, c = divmod(cell, cols)
        for d, (dr, dc) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                table[cell, d] = (r + dr) * cols + c + dc
    return table


def compact(cells: int, k: int) -> bool:
    """True if a ``k``-tile group on ``cells`` cells is built with the compact index: when
    the direct (tiles + blank) array of the small groups' BFS would exceed :data:`MAX_BUILD`.
    """
    return cells ** (k + 1) > MAX_BUILD


def compact_bytes(cells: int, k: int) -> int:
    """Bytes one compact build allocates: the table (one byte per placement of the ``k``
    tiles, ``cells!/(cells-k)!``), the regions reached (4 bytes each), and two frontiers of
    8-byte entries, each sized for a fifth of the placements (the largest BFS layer of a
    5-tile group on 5x5 holds 16% of them; a frontier that needs more grows, checked again
    against the budget).

    >>> round(compact_bytes(25, 6) / 1e6)   # a 6-tile group of the 24-puzzle, in MB
    1046
    """
    placements = math.perm(cells, k)
    return placements + 4 * placements + 2 * 8 * _frontier_start(placements)


def _frontier_start(placements: int) -> int:
    return max(1024, placements // 5)


def build_bytes(cells: int, k: int) -> int:
    """Bytes one build of a ``k``-tile group on ``cells`` cells allocates: the distances of
    every (tiles + blank) placement, the table, and two frontiers of 4-byte indices.

    >>> round(build_bytes(16, 6) / 1e6)   # a 6-tile group of the 15-puzzle, in MB
    746
    """
    return cells ** (k + 1) + cells ** k + 2 * 4 * math.perm(cells, k + 1)


def _filled(size: int, limits: Limits, phase: str) -> np.ndarray:
    """A uint8 array of ``size`` entries set to UNSEEN, filled in slices so that the deadline
    is checked while the pages are touched (hundreds of MB can take a second or more)."""
    array = np.empty(size, np.uint8)
    step = 1 << 25
    try:
        for start in range(0, size, step):
            limits.check(phase)
            array[start:start + step] = UNSEEN
    except KeyboardInterrupt:
        raise LimitReached(f"interrupted while {phase}") from None
    return array


def _stop_when_due(driver: ChunkDriver, done: int, full: bool, share: float,
                   label: str) -> None:
    """After a chunk (``full``: it used its whole budget) of a table build with ``done``
    placements, ``share`` of the table: :class:`LimitReached` once a limit is reached.  A
    chunk cut short by the end of a layer says nothing about the chunk size."""
    if driver.after(done, paused=full) or (not full and driver.out_of_time()):
        raise LimitReached(f"time limit reached while building the pattern database {label} "
                           f"({100 * share:.0f}% of the table done; builds run once, then the "
                           "tables are cached)")


def build_table(goal: Board, tiles: tuple[int, ...], *, limits: Limits | None = None,
                progress: Callable[[Stats], None] | None = None,
                label: str = "") -> np.ndarray:
    """The pattern database of one group of ``tiles`` for ``goal`` (uint8, direct index).

    The breadth-first search runs in chunks (:class:`~puzzlesmith.engines.driver.ChunkDriver`)
    so that the deadline of ``limits`` and Ctrl-C stop it promptly: it raises
    :class:`~puzzlesmith.errors.LimitReached` then (nothing is kept).  ``limits.memory`` (or
    :data:`BUILD_MEMORY`) is checked against :func:`build_bytes` before anything is allocated.
    ``progress`` gets one :class:`~puzzlesmith.results.Stats` per chunk: ``nodes`` are the
    placements expanded, ``extra`` has ``phase``, ``done`` and ``total``.
    """
    from ...engines.driver import ChunkDriver
    from ...engines.kernels import ensure_warm
    from . import kernels

    n, k = goal.rows * goal.cols, len(tiles)
    if compact(n, k):
        return build_compact_table(goal, tiles, limits=limits, progress=progress, label=label)
    placements = math.perm(n, k + 1)
    if n ** (k + 1) > MAX_BUILD:
        raise UsageError(f"a {k}-tile pattern database on {goal.rows}x{goal.cols} is too large")
    limits = replace(limits or Limits(), nodes=None)  # --nodes counts search nodes, not these
    need = build_bytes(n, k)
    budget = limits.memory if limits.memory is not None else BUILD_MEMORY
    if need > budget:
        raise LimitReached(f"building the {k}-tile pattern database {label} needs about "
                           f"{need / 1e6:,.0f} MB, over the memory budget of "
                           f"{budget / 1e6:,.0f} MB")
    limits.check(f"building the pattern database {label}")
    ensure_warm("sliding")
    weights = np.array([n ** i for i in range(k + 1)], np.int64)
    start = [goal.tiles.index(t) for t in tiles] + [goal.blank]
    phase = f"building the pattern database {label}"
    dist = _filled(n ** (k + 1), limits, phase)
    table = _filled(n ** k, limits, phase)
    frontier = np.empty(placements, np.int32)
    following = np.empty_like(frontier)
    s0 = sum(cell * n ** i for i, cell in enumerate(start))
    dist[s0] = 0
    frontier[0] = s0
    cursor = np.array([0, 1, 0], np.int64)
    depth, done = 0, 0
    neighbours = neighbour_table(goal.rows, goal.cols)
    stats = Stats(extra={"phase": f"building pattern database {label}".strip(), "done": 0,
                         "total": placements})
    driver = ChunkDriver(limits, progress, stats, first_chunk=1 << 16)
    try:
        while cursor[1]:
            budget = driver.budget() - done
            taken = int(kernels.bfs_chunk(dist, table, frontier, following, cursor, depth, k,
                                          n, neighbours, weights, budget))
            done += taken
            stats.extra["done"] = min(done, placements)
            stats.extra["depth"] = depth
            if cursor[0] == cursor[1]:  # the layer is done: the next one starts
                frontier, following = following, frontier
                cursor[:] = (0, cursor[2], 0)
                depth += 1
            _stop_when_due(driver, done, taken >= budget, min(done, placements) / placements, label)
    except KeyboardInterrupt:
        raise LimitReached(f"interrupted while building the pattern database {label}") from None
    table[table == UNSEEN] = 0  # placements with two tiles on one cell: never looked up
    return table


def build_compact_table(goal: Board, tiles: tuple[int, ...], *, limits: Limits | None = None,
                        progress: Callable[[Stats], None] | None = None,
                        label: str = "") -> np.ndarray:
    """The pattern database of one group with the compact index (see :func:`compact`).

    One byte per placement of the group's tiles, ``cells!/(cells-k)!`` entries, indexed as
    :func:`.kernels.compact_rank` (a 6-tile group on 5x5: 127,512,000 entries, 128 MB).  The
    BFS runs over (placement, region of the blank) states (:func:`.kernels.bfs_compact_chunk`)
    in chunks under the deadline and Ctrl-C, like :func:`build_table`, after checking
    :func:`compact_bytes` against the memory budget; ``progress`` gets the same reports.
    """
    from ...engines.driver import ChunkDriver
    from ...engines.kernels import ensure_warm
    from . import kernels

    n, k = goal.rows * goal.cols, len(tiles)
    if n > 32 or k > 8:
        raise UsageError(f"a {k}-tile pattern database on {goal.rows}x{goal.cols} is too large")
    limits = replace(limits or Limits(), nodes=None)
    placements = math.perm(n, k)
    need = compact_bytes(n, k)
    budget_bytes = limits.memory if limits.memory is not None else BUILD_MEMORY
    if need > budget_bytes:
        raise LimitReached(f"building the {k}-tile pattern database {label} needs about "
                           f"{need / 1e6:,.0f} MB, over the memory budget of "
                           f"{budget_bytes / 1e6:,.0f} MB")
    phase = f"building the pattern database {label}"
    limits.check(phase)
    ensure_warm("sliding")
    table = _filled(placements, limits, phase)
    visited = np.zeros(placements, np.uint32)
    frontier = np.empty(_frontier_start(placements), np.int64)
    following = np.empty_like(frontier)
    cells = [goal.tiles.index(t) for t in tiles]
    start = sum(cell << (6 * i) for i, cell in enumerate(cells)) | (goal.blank << (6 * k))
    rank = rank_cells(cells, n)
    table[rank] = 0
    free = [c for c in range(n) if c not in cells]
    visited[rank] = sum(1 << c for c in _region(goal, goal.blank, free))
    frontier[0] = start
    cursor = np.array([0, 1, 0], np.int64)
    depth, done, total = 0, 0, placements
    neighbours = neighbour_table(goal.rows, goal.cols)
    stats = Stats(extra={"phase": f"building pattern database {label}".strip(), "done": 0,
                         "total": total, "bytes": need})
    driver = ChunkDriver(limits, progress, stats, first_chunk=1 << 14)
    try:
        while cursor[1]:
            budget = driver.budget() - done
            taken = int(kernels.bfs_compact_chunk(table, visited, frontier, following, cursor,
                                                  depth, k, n, goal.cols, neighbours, budget))
            done += taken
            stats.extra["done"] = min(done, total)
            stats.extra["depth"] = depth
            if cursor[0] < cursor[1] and taken < budget:  # following is full: grow it
                grow = len(following) // 2 + 1024
                held = placements * 5 + 8 * (len(frontier) + len(following) + grow)
                if held > budget_bytes:
                    raise LimitReached(f"building the {k}-tile pattern database {label} "
                                       f"needs over {held / 1e6:,.0f} MB, over the memory "
                                       f"budget of {budget_bytes / 1e6:,.0f} MB")
                following = np.concatenate([following, np.empty(grow, np.int64)])
            stats.extra["peak_frontier"] = max(stats.extra.get("peak_frontier", 0),
                                               int(cursor[2]))
            if cursor[0] == cursor[1]:
                frontier, following = following, frontier
                cursor[:] = (0, cursor[2], 0)
                depth += 1
            _stop_when_due(driver, done, taken >= budget, min(done, total) / total, label)
    except KeyboardInterrupt:
        raise LimitReached(f"interrupted while building the pattern database {label}") from None
    del visited, frontier, following
    table[table == UNSEEN] = 0
    return table


def _region(goal: Board, cell: int, free: list[int]) -> set[int]:
    """The cells of ``free`` connected to ``cell``."""
    neighbours = neighbour_table(goal.rows, goal.cols)
    allowed, seen, todo = set(free), {cell}, [cell]
    while todo:
        for other in neighbours[todo.pop()]:
            if other >= 0 and int(other) in allowed and int(other) not in seen:
                seen.add(int(other))
                todo.append(int(other))
    return seen


# ---------------------------------------------------------------- partitions


def _orientation(goal: Board) -> Callable[[int], int] | None:
    """Map canonical cells (blank's goal top-left) to ``goal``'s, if the blank is in a corner."""
    rows, cols = goal.rows, goal.cols
    br, bc = divmod(goal.blank, cols)
    if br not in (0, rows - 1) or bc not in (0, cols - 1):
        return None

    def to_goal(cell: int) -> int:
        r, c = divmod(cell, cols)
        return (rows - 1 - r if br else r) * cols + (cols - 1 - c if bc else c)

    return to_goal


def default_partition(goal: Board) -> str:
    """The partition used when none is asked for: by board size."""
    n = goal.rows * goal.cols
    if n == 9:
        return "8"
    if n == 16:
        return "6-6-3"
    if n <= 25:
        k = max(size for size in range(1, min(9, n))
                if n ** (size + 1) <= 300_000_000 and math.perm(n, size + 1) <= 30_000_000)
        sizes = [k] * ((n - 1) // k) + ([(n - 1) % k] if (n - 1) % k else [])
        return "-".join(map(str, sizes))
    return "none"


def partition_parts(goal: Board, name: str) -> list[list[tuple[int, ...]]]:
    """The partitions named by ``name``: one or more joined by ``+``, each a list of groups.

    With several partitions the heuristic is the maximum of their sums (each admissible).
    """
    if name == "none":
        return []
    return [partition_groups(goal, part) for part in name.split("+")]


def partition_groups(goal: Board, name: str) -> list[tuple[int, ...]]:
    """The tile groups of one partition ``name`` for ``goal``.

    ``name`` is the group sizes, like ``"6-6-3"``, optionally followed by a letter naming an
    alternative hand-made layout of the same sizes (``"6-6-3b"``).
    """
    if name == "none":
        return []
    sizes_text = name.rstrip("abcdefghijklmnopqrstuvwxyz")
    try:
        sizes = [int(part) for part in sizes_text.split("-")]
    except ValueError:
        raise UsageError(f"bad partition {name!r}: expected group sizes like 6-6-3") from None
    n = goal.rows * goal.cols
    if sum(sizes) != n - 1 or min(sizes) < 1:
        raise UsageError(f"partition {name!r} must split all {n - 1} tiles into groups")
    for size in sizes:
        if compact(n, size) and (n > 32 or size > 8):
            raise UsageError(f"a {size}-tile group is too large for a {goal.rows}x{goal.cols} "
                             "board")
    to_goal = _orientation(goal)
    fixed = FIXED.get((goal.rows, goal.cols, name))
    if sizes_text != name and not (fixed and to_goal):
        raise UsageError(f"no layout {name!r} for a {goal.rows}x{goal.cols} board with this goal")
    if fixed and to_goal:
        cell_groups = [[to_goal(c) for c in group] for group in fixed]
    else:
        order = list(range(n))
        if to_goal:
            order = [to_goal(c) for c in order]
        order = [c for c in order if c != goal.blank]
        cell_groups, at = [], 0
        for size in sizes:
            cell_groups.append(order[at:at + size])
            at += size
    return [tuple(sorted(goal.tiles[c] for c in cells)) for cells in cell_groups]


@dataclass
class PatternDatabase:
    """The tables of one or more partitions, with the arrays the compiled solver reads."""

    goal: Board
    name: str
    parts: list[list[tuple[int, ...]]]
    tables: list[np.ndarray]  # one per group, parts one after the other
    build_seconds: float = 0.0
    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    _arrays: tuple | None = field(default=None, repr=False, compare=False)

    @property
    def groups(self) -> list[tuple[int, ...]]:
        return [group for part in self.parts for group in part]

    @property
    def compact(self) -> bool:
        """True if the tables use the compact index (all of them then; see :func:`compact`)."""
        n = self.goal.rows * self.goal.cols
        return any(compact(n, len(group)) for group in self.groups)

    @property
    def views(self) -> int:
        """How many lookups are maximised: each partition, and its reflection if usable."""
        return len(self.arrays()[2])

    def arrays(self) -> tuple[np.ndarray, ...]:
        """``(flat, slot_offset, tile_slot, tile_weight, view_cell, slot_tiles)`` for the kernel.

        A *view* is a partition looked up either on the board or on its reflection about the
        main diagonal; a *slot* is one table in one view.  For view ``v`` and tile ``x``,
        ``tile_slot[v, x]`` is the slot whose index ``x``'s position feeds (-1 for the blank)
        and ``tile_weight[v, x]`` its weight; the position used is ``view_cell[v, cell]``.
        The reflected view reads tile ``x``'s reflected cell as the position of the tile
        whose goal is the reflection of ``x``'s goal.  For compact tables, ``slot_tiles[s]``
        is ``[k, x_0, ..., x_(k-1)]``, the tiles whose cells are ranked (empty otherwise).
        """
        if self._arrays is not None:
            return self._arrays
        n = self.goal.rows * self.goal.cols
        if len(self.tables) == 1:
            flat = np.asarray(self.tables[0])  # a plain array, even from a memory map
        else:
            flat = np.concatenate(self.tables) if self.tables else np.zeros(1, np.uint8)
        table_offset = np.cumsum([0] + [len(t) for t in self.tables[:-1]]).astype(np.int64)
        if self.tables:  # the tables become views of ``flat``: the copies (or maps) go
            self.tables = [flat[o:o + len(t)]
                           for o, t in zip(table_offset, self.tables, strict=True)]
        mirror, reflect = self.reflection()
        identity = np.arange(n, dtype=np.int64)
        tile_maps = [(identity, identity)] + ([(mirror, reflect)] if len(mirror) else [])
        slot_offset, slot_rows, weight_rows, cell_rows, members = [], [], [], [], []
        first = 0
        for part in self.parts:
            for tile_map, cell_map in tile_maps:
                tile_slot = np.full(n, -1, np.int64)
                tile_weight = np.zeros(n, np.int64)
                for g, tiles in enumerate(part):
                    slot = len(slot_offset)
                    slot_offset.append(table_offset[first + g])
                    members.append([len(tiles)] + [int(tile_map[y]) for y in tiles])
                    for i, y in enumerate(tiles):
                        x = tile_map[y]  # the tile whose position stands for y's
                        tile_slot[x], tile_weight[x] = slot, n ** i
                slot_rows.append(tile_slot)
                weight_rows.append(tile_weight)
                cell_rows.append(cell_map)
            first += len(part)
        self._arrays = (flat, np.array(slot_offset, np.int64),
                        np.array(slot_rows, np.int64).reshape(-1, n),
                        np.array(weight_rows, np.int64).reshape(-1, n),
                        np.array(cell_rows, np.int64).reshape(-1, n),
                        _slot_tiles(members) if self.compact else np.zeros((0, 1), np.int64))
        return self._arrays

    def reflection(self) -> tuple[np.ndarray, np.ndarray]:
        """``(mirror_tile, reflect_cell)`` about the main diagonal, or two empty arrays.

        Usable when the board is square and the goal's blank is on the diagonal: then the
        reflection maps the goal onto itself up to renaming the tiles.
        """
        goal = self.goal
        rows, cols = goal.rows, goal.cols
        r, c = divmod(goal.blank, cols)
        if rows != cols or r != c or not self.parts:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        n = rows * cols
        reflect = np.array([(cell % cols) * cols + cell // cols for cell in range(n)], np.int64)
        mirror = np.zeros(n, np.int64)
        for cell, tile in enumerate(goal.tiles):
            mirror[tile] = goal.tiles[reflect[cell]]
        return mirror, reflect

    def python_heuristic(self) -> Callable[[tuple[int, ...]], int]:
        """``h(tiles)`` for the generic engine: the same values as the compiled solver."""
        flat, slot_offset, tile_slot, tile_weight, view_cell, slot_tiles = self.arrays()
        n = self.goal.rows * self.goal.cols
        if len(slot_tiles):
            def rank(cells: list[int]) -> int:
                return rank_cells(cells, n)
        else:
            def rank(cells: list[int]) -> int:
                return sum(cell * n ** i for i, cell in enumerate(cells))
        views = []  # per view: (table offset, its tiles in rank order) per group
        for v in range(len(tile_slot)):
            groups: dict[int, list[int]] = {}
            for x in sorted(range(1, n), key=lambda x: tile_weight[v, x]):
                groups.setdefault(int(tile_slot[v, x]), []).append(x)
            views.append([(int(slot_offset[s]), xs) for s, xs in sorted(groups.items())])
        cell_maps = view_cell.tolist()

        def h(tiles: tuple[int, ...]) -> int:
            pos = [0] * len(tiles)
            for cell, t in enumerate(tiles):
                pos[t] = cell
            return max((sum(int(flat[offset + rank([cell_map[pos[x]] for x in xs])])
                            for offset, xs in groups)
                        for cell_map, groups in zip(cell_maps, views, strict=True)), default=0)

        return h


def rank_cells(cells: list[int], n: int) -> int:
    """The compact index of a group's cells (as :func:`.kernels.compact_rank`).

    >>> rank_cells([0, 1], 4), rank_cells([3, 2], 4), math.perm(4, 2)
    (0, 11, 12)
    """
    rank = 0
    for i, cell in enumerate(cells):
        rank = rank * (n - i) + cell - sum(other < cell for other in cells[:i])
    return rank


def _slot_tiles(members: list[list[int]]) -> np.ndarray:
    width = max(len(m) for m in members)
    out = np.zeros((len(members), width), np.int64)
    for s, m in enumerate(members):
        out[s, :len(m)] = m
    return out


def _file_for(goal: Board, tiles: tuple[int, ...]) -> Path:
    key = hashlib.sha1(repr((goal.rows, goal.cols, goal.tiles, tiles)).encode()).hexdigest()
    n = goal.rows * goal.cols
    kind = "c" if compact(n, len(tiles)) else ""
    return cache_dir() / f"{goal.rows}x{goal.cols}-{len(tiles)}{kind}-{key[:16]}.npy"


def table_size(n: int, k: int) -> int:
    """Entries of a ``k``-tile table on ``n`` cells: direct ``n**k`` or compact."""
    return math.perm(n, k) if compact(n, k) else n ** k


_LOADED: dict[tuple, PatternDatabase] = {}


def cached(goal: Board, name: str | None = None) -> bool:
    """True if every table of the partition is in memory or in the disk cache."""
    name = name or default_partition(goal)
    if (goal, name, str(cache_dir())) in _LOADED:
        return True
    return all(_file_for(goal, tiles).exists()
               for part in partition_parts(goal, name) for tiles in part)


def load_partition(goal: Board, name: str | None = None, *, build: bool = True,
                   limits: Limits | None = None,
                   progress: Callable[[Stats], None] | None = None) -> PatternDatabase:
    """The partition's tables for ``goal``: from memory, the disk cache, or built (and saved).

    Builds honour ``limits`` (deadline, Ctrl-C, memory; :class:`LimitReached` when stopped)
    and report to ``progress`` (see :func:`build_table`).  Each table is built by one process
    and thread at a time (:mod:`puzzlesmith.cachelock`); the others wait for it, within
    their ``limits``, and load it.  Each table is saved as soon as it is built, so a build
    stopped part-way keeps the tables finished before.  With ``build=False`` a missing table
    raises :class:`UsageError` instead of being built.  If the cache cannot be written the
    tables are used from memory and ``warnings`` says so.
    """
    name = name or default_partition(goal)
    key = (goal, name, str(cache_dir()))
    if key in _LOADED:
        return _LOADED[key]
    with one_thread(repr(key), limits, f"pattern database {name}"):
        if key not in _LOADED:
            _LOADED[key] = _load(goal, name, build, limits, progress)
    return _LOADED[key]


def _load(goal: Board, name: str, build: bool, limits: Limits | None,
          progress: Callable[[Stats], None] | None) -> PatternDatabase:
    parts = partition_parts(goal, name)
    tables, files, warnings, seconds = [], [], [], 0.0
    n = goal.rows * goal.cols
    groups = [group for part in parts for group in part]
    for number, tiles in enumerate(groups, start=1):
        path = _file_for(goal, tiles)
        table = _read_table(path, n, len(tiles))
        if table is None and not build:
            raise UsageError(f"pattern database {name} for {goal.rows}x{goal.cols} is not "
                             "built yet")
        if table is None:
            label = f"{name} ({number}/{len(groups)}: tiles {','.join(map(str, tiles))})"
            with building(path, limits, f"pattern database {label}"):
                table = _read_table(path, n, len(tiles))  # built meanwhile by another?
                if table is None:
                    started = time.perf_counter()
                    table = build_table(goal, tiles, limits=limits, progress=progress,
                                        label=label)
                    seconds += time.perf_counter() - started
                    warnings += _save_table(path, table)
        tables.append(table)
        files.append(path)
    return PatternDatabase(goal, name, parts, tables, seconds, files, warnings)


def _read_table(path: Path, n: int, k: int) -> np.ndarray | None:
    """The table saved at ``path``, or None when it is missing or not a whole table."""
    if not path.exists():
        return None
    try:
        # Large tables are mapped, then copied once into the joined array.
        table = np.load(path, mmap_mode="r" if compact(n, k) else None)
    except (OSError, ValueError):
        return None
    if table.shape != (table_size(n, k),) or table.dtype != np.uint8:
        return None
    return table


def _save_table(path: Path, table: np.ndarray) -> list[str]:
    """Save ``table`` at ``path`` (temporary file + rename); the warnings when it cannot."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(tmp, table)
        os.replace(tmp, path)
    except OSError as error:
        return [f"could not cache the pattern database in {path.parent}: "
                f"{error.strerror or error}"]
    return []
