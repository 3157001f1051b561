"""Star Battle as generalized exact cover: the exact solver behind solve, count and generate.

The model: one option per cell that may hold a star, covering its row, its column and its
region (primary items, each needing its count) and every 2×2 block it lies in (secondary
items: at most one star per block is exactly "no two stars touch").  The engine's pigeonhole
bounds then find the human solver's 2×2 "squeeze" rules by themselves: a row's free cells,
grouped by the blocks and regions they share, bound how many stars it can still take.  On large
boards probing is on (singleton consistency at the root: a cell whose star leads to a
contradiction is empty), and most puzzles up to 50×50 are solved and proven unique without a
single branch.

A player's :class:`~.board.Marks` can be imposed: ruled-out cells lose their option, and a
marked star gets a primary item of its own that only its cell covers.

>>> from .formats import parse
>>> puzzle = parse("AABBCC\\nAABCCC\\nAABCCC\\nDDBBEE\\nDDBBEF\\nDDBBFF\\n")
>>> result = solve(puzzle, unique=True)
>>> result.solution, result.unique
([(0, 2), (1, 0), (2, 3), (3, 5), (4, 1), (5, 4)], True)
>>> count(puzzle).count
1
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from ...engines.exactcover import ExactCover
from ...engines.kernels import check_kernels
from ...errors import LimitReached
from ...results import CountResult, Limits, SolveResult, Stats
from .board import NO_REGION, Cell, Marks, StarBattle

__all__ = ["model", "solutions", "solve", "count", "model_bytes"]

STRONG_CELLS = 400  # 20×20: measured, the strong search pays from about there
PLAIN_NODES = 600  # solve and "is it unique" try the plain search first, this many nodes
BYTES_PER_CELL = 1600  # measured: a 200×200 model peaks at about 60 MB while it is built


def model_bytes(puzzle: StarBattle) -> int:
    """An estimate of the memory the model of ``puzzle`` takes to build and search."""
    return BYTES_PER_CELL * puzzle.rows * puzzle.columns


def model(puzzle: StarBattle, *, seed: int | None = None, marks: Marks | None = None,
          limits: Limits | None = None, strong: bool | None = None) -> ExactCover:
    """The exact-cover model (see the module docstring); options are the cells.

    ``strong`` turns on the engine's probing and dynamic order (default: on boards of at
    least :data:`STRONG_CELLS` cells).  They remove the heavy tail of large puzzles; on
    small ones, and when many solutions are enumerated, the plain search is faster (it
    does less per node, and the generator checks thousands of small candidates).

    ``limits`` bound the build: past the deadline :class:`~puzzlesmith.errors.LimitReached`
    is raised; over ``limits.memory`` it is refused before anything is allocated.
    """
    limits = limits or Limits()
    if strong is None:
        strong = puzzle.rows * puzzle.columns >= STRONG_CELLS
    if limits.memory is not None and model_bytes(puzzle) > limits.memory:
        raise LimitReached(f"the model of a {puzzle.rows}x{puzzle.columns} board needs about "
                           f"{model_bytes(puzzle) // 1_000_000} MB, over the memory limit")
    rows, cols = puzzle.rows, puzzle.columns
    ruled_out = marks.empties if marks is not None else frozenset()
    starred = marks.stars if marks is not None else frozenset()
    options = {}
    for r, c in puzzle.cells():
        if c == 0:
            limits.check("building the model")
        if (r, c) in ruled_out:
            continue
        items = [("row", r), ("column", c)]
        if puzzle.grid[r][c] != NO_REGION:
            items.append(("region", puzzle.grid[r][c]))
        items += [("block", br, bc)
                  for br in range(max(r - 1, 0), min(r, max(rows - 2, 0)) + 1)
                  for bc in range(max(c - 1, 0), min(c, max(cols - 2, 0)) + 1)]
        if (r, c) in starred:
            items.append(("marked", r, c))
        options[(r, c)] = items
    multiplicity = {("row", r): k for r, k in enumerate(puzzle.row_stars)}
    multiplicity.update({("column", c): k for c, k in enumerate(puzzle.column_stars)})
    multiplicity.update({("region", g): k for g, k in puzzle.region_stars.items()})
    multiplicity.update({("marked", r, c): 1 for r, c in starred})  # uncoverable if void
    blocks = [("block", br, bc) for br in range(max(rows - 1, 1)) for bc in range(max(cols - 1, 1))]
    # One star per row, column and region is plain exact cover: the general kernel is kept
    # (its propagation suits Star Battle, and the generator's puzzles depend on its order).
    return ExactCover(options, secondary=blocks, multiplicity=multiplicity, seed=seed,
                      probe=strong, dynamic=strong, plain=False, limits=limits)


def solutions(puzzle: StarBattle, *, seed: int | None = None, limits: Limits | None = None,
              marks: Marks | None = None) -> Iterator[list[Cell]]:
    """Lazily yield every solution as a sorted list of star cells."""
    for chosen in model(puzzle, seed=seed, marks=marks, limits=limits).solutions(limits):
        yield sorted(chosen)


def solve(puzzle: StarBattle, *, unique: bool = False, seed: int | None = None,
          limits: Limits | None = None, progress: Callable[[Stats], None] | None = None,
          marks: Marks | None = None, kernels: str = "auto") -> SolveResult:
    """Solve (the solution is the sorted star cells); with ``unique=True`` also prove the
    solution unique or find a second one ("take two"); ``kernels``: see
    :mod:`puzzlesmith.engines.kernels`."""
    check_kernels(kernels)
    result = _plain_first(puzzle, limits, lambda strong, lim: model(
        puzzle, seed=seed, marks=marks, limits=lim, strong=strong).solve(
        unique=unique, limits=lim, progress=progress, kernels=kernels))
    if result.solution is not None:
        result.solution = sorted(result.solution)
    return result


def count(puzzle: StarBattle, limit: int | None = None, *, limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None,
          kernels: str = "auto") -> CountResult:
    """Count the solutions, up to ``limit`` (the strong search up to two: "is it unique")."""
    check_kernels(kernels)
    if limit is None or limit > 2:
        return model(puzzle, limits=limits, strong=False).count(
            limit, limits=limits, progress=progress, kernels=kernels)
    return _plain_first(puzzle, limits, lambda strong, lim: model(
        puzzle, limits=lim, strong=strong).count(limit, limits=lim, progress=progress,
                                                 kernels=kernels))


def _plain_first(puzzle: StarBattle, limits: Limits | None, run):
    """``run(strong, limits)``, on a large board first the plain search for at most
    :data:`PLAIN_NODES` nodes (most puzzles end there, cheaper per node), then the strong
    one; the statistics add up."""
    limits = limits or Limits()
    if puzzle.rows * puzzle.columns < STRONG_CELLS:
        return run(False, limits)
    budget = PLAIN_NODES if limits.nodes is None else min(PLAIN_NODES, limits.nodes)
    first = run(False, dataclasses.replace(limits, nodes=budget))
    if first.stats.nodes < budget or budget == limits.nodes:  # it ended within the budget
        return first
    result = run(True, limits)
    result.stats.add(first.stats)
    return result
