"""Net as a constraint program on :mod:`puzzlesmith.engines.csp`, and the searches on it.

One variable per cell whose values are the masks 0..15 (bit ``m`` of a domain = mask ``m``),
cut to the tile's rotations that point nowhere off the board; one binary constraint per
pair of neighbours ("my right connector iff your left one"); and, for the connected rule,
the engine's spanning-tree constraint over the non-empty tiles, an edge per pair of
neighbouring tiles chosen when the connector between them is (both ends as twin literals),
and Tatham's dead-end rule (:mod:`.dead_ends`: no orientation may close a pocket smaller
than the network), which the search uses too.

Two global counts decide some boards before any search: every link uses two connectors, so
their number must be even, and a tree over ``T`` tiles has ``T - 1`` links.

>>> from .formats import example
>>> net = build(example())
>>> result = take_two(example())
>>> result.count, result.uniqueness()
(1, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...engines import csp as cspe
from ...engines.kernels import check_kernels
from ...errors import LimitReached
from ...results import CountResult, Limits
from .board import DOWN, LEFT, RIGHT, UP, Board, Grid
from .dead_ends import DeadEnds

__all__ = ["NetModel", "build", "grid_of", "solve", "count", "take_two", "RESTARTS", "HAS"]

#: Bitset (over masks 0..15) of the masks with connector ``bit``, per ``bit``.
HAS = np.array([sum(1 << m for m in range(16) if m & bit) for bit in range(16)],
               dtype=np.int64)
_POPCOUNT = np.array([bin(m).count("1") for m in range(16)], dtype=np.int64)

#: Failures before the first restart (then 1.5 times more each time) under the connected
#: rule.  The local rule is counted part by part instead, without restarts.
RESTARTS = 1000
#: Bytes per tile of a model, roughly (checked against ``limits.memory`` before building):
#: measured with tracemalloc after :func:`build` on 160x160 and 320x320 boards, 278 under
#: the local rule; the connected rule's spanning-tree constraint and dead-end rule add
#: about 630 (911 in all).
BYTES_PER_TILE = 300
#: What the connected rule adds per tile (see :data:`BYTES_PER_TILE`).
TREE_BYTES_PER_TILE = 650


def _match_right(a: int, b: int) -> bool:
    return bool(a & RIGHT) == bool(b & LEFT)


def _match_down(a: int, b: int) -> bool:
    return bool(a & DOWN) == bool(b & UP)


@dataclass
class NetModel:
    """The CSP of a board; ``impossible`` says why no solution can exist (global counts),
    ``tree`` is the spanning-tree constraint of the connected rule and ``dead_ends`` its
    dead-end rule (:class:`.dead_ends.DeadEnds`)."""

    board: Board
    csp: cspe.CSP
    impossible: str | None = None
    tree: object | None = None
    dead_ends: DeadEnds | None = None


def build(board: Board, limits: Limits | None = None) -> NetModel:
    """The constraint program of ``board`` (its rule and wrapping included)."""
    limits = limits or Limits()
    n = board.size
    need = n * (BYTES_PER_TILE + (TREE_BYTES_PER_TILE if board.connected else 0))
    if limits.memory is not None and need > limits.memory:
        raise LimitReached(f"the model of a {board.rows}x{board.cols} board needs about "
                           f"{need / 1e6:.0f} MB, more than the memory limit")
    tiles = board.flat
    p = cspe.CSP()
    p.add_variables(range(n), range(16))
    limits.check("building the model")
    p.restrict_bits(np.arange(n, dtype=np.int64), board.fitting())
    right, down = _neighbour_pairs(board)
    p.add_constraints(right, predicate=_match_right)
    p.add_constraints(down, predicate=_match_down)
    limits.check("building the model")
    net = NetModel(board, p)
    links = int(_POPCOUNT[tiles].sum())
    full = int(np.count_nonzero(tiles))
    if links % 2:
        net.impossible = (f"the tiles have {links} connectors, an odd number: every link "
                          "joins two")
    elif board.connected and full and links // 2 != full - 1:
        net.impossible = (f"the tiles have {links} connectors, {links // 2} links; one "
                          f"network without loops over {full} tiles has {full - 1}")
    if net.impossible:
        p.restrict_bits(0, 0)
    elif board.connected:
        net.tree = _add_tree(p, board, right, down, tiles)
        net.dead_ends = DeadEnds(board)
        p.add_propagator(net.dead_ends)
    limits.check("building the model")
    return net


def _neighbour_pairs(board: Board) -> tuple[np.ndarray, np.ndarray]:
    """The ``(cell, right neighbour)`` and ``(cell, neighbour below)`` pairs, in cell order."""
    rows, cols, wrap = board.rows, board.cols, board.wrap
    cells = np.arange(rows * cols, dtype=np.int64)
    i, j = np.divmod(cells, cols)
    has_right = np.ones_like(cells, dtype=bool) if wrap else j + 1 < cols
    has_down = np.ones_like(cells, dtype=bool) if wrap else i + 1 < rows
    right = np.column_stack([cells, i * cols + (j + 1) % cols])[has_right]
    down = np.column_stack([cells, ((i + 1) % rows) * cols + j])[has_down]
    return right, down


def _add_tree(p: cspe.CSP, board: Board, right: np.ndarray, down: np.ndarray,
              tiles: np.ndarray):
    """The connected rule: the links between non-empty tiles form a spanning tree of them."""
    node = np.cumsum(tiles != 0) - 1                 # graph node of each non-empty tile
    pairs = np.concatenate([right, down])
    bits = np.concatenate([np.full(len(right), RIGHT), np.full(len(down), DOWN)])
    backs = np.concatenate([np.full(len(right), LEFT), np.full(len(down), UP)])
    order = np.argsort(pairs[:, 0] * 2 + (bits == DOWN), kind="stable")  # cell by cell
    pairs, bits, backs = pairs[order], bits[order], backs[order]
    real = (tiles[pairs[:, 0]] != 0) & (tiles[pairs[:, 1]] != 0)
    pairs, bits, backs = pairs[real], bits[real], backs[real]
    return p.add_spanning_tree(int(np.count_nonzero(tiles)), node[pairs],
                               np.column_stack([pairs[:, 0], HAS[bits]]),
                               np.column_stack([pairs[:, 1], HAS[backs]]))


def grid_of(board: Board, domains: np.ndarray) -> Grid:
    """The grid of masks of fully decided bitset domains."""
    values = np.frexp(domains.astype(np.float64))[1] - 1
    return tuple(tuple(row) for row in values.reshape(board.rows, board.cols).tolist())


def _restarts(board: Board, few: bool = True) -> int | None:
    return RESTARTS if board.connected and few else None


def solve(board: Board, *, seed: int | None = None, limits: Limits | None = None,
          progress=None, kernels: str = "auto") -> CountResult:
    """One solution, as a count up to 1 (its grid in ``solutions``): the local rule is then
    searched part by part, the connected rule with restarts."""
    return count(board, 1, seed=seed, limits=limits, progress=progress, kernels=kernels)


def count(board: Board, limit: int | None = None, *, seed: int | None = None,
          limits: Limits | None = None, progress=None, net: NetModel | None = None,
          kernels: str = "auto") -> CountResult:
    """Count solutions up to ``limit``; up to 100 of them are kept as grids in
    ``solutions``.  Under the local rule the undecided parts of the board are independent
    and counted separately (see :func:`puzzlesmith.engines.csp.count`; ``kernels`` too)."""
    check_kernels(kernels)
    if net is None:
        net = build(board, limits)
        if net.dead_ends is not None:
            net.dead_ends.for_search()
    few = limit is not None and limit <= 100
    result = cspe.count(net.csp, limit, seed=seed, limits=limits, progress=progress,
                        keep=few, raw=True, restarts=_restarts(board, few), kernels=kernels)
    result.solutions = [grid_of(board, d) for d in result.solutions]
    return result


def take_two(board: Board, *, seed: int | None = None, limits: Limits | None = None,
             progress=None, kernels: str = "auto") -> CountResult:
    """Count up to two solutions, keeping them: ``uniqueness()`` is the verdict."""
    return count(board, 2, seed=seed, limits=limits, progress=progress, kernels=kernels)
