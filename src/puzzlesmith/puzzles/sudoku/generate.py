"""Generation: a random full grid, then givens taken away while the puzzle stays unique.

1. a random solution: the exact-cover model of the empty board with its options shuffled
   by the seed;
2. the givens are removed in a random order (in symmetric groups with ``symmetry``
   "rotational": a cell and its half-turn image), each removal kept only when the puzzle
   keeps exactly one solution (take two on the exact-cover engine, unless the remaining
   givens force the removed cells at once by singles); the result is minimal for its
   symmetry: no group can go without losing uniqueness;
3. for a jigsaw, the regions are the boxes reshaped by random swaps of boundary cells
   between neighbouring regions (both staying connected), new ones for every grid;
4. with a ``difficulty``, the puzzle is rated (:mod:`.deduce`); when it is harder, the
   groups of givens taken away are tried back one at a time for one that makes it that
   grade (near-minimal: one group more than minimal); otherwise a new grid is tried, until
   one has that grade.  A minimal classic puzzle rates hard about one time in 30; with
   one group back, one in 6.  (Removing givens only while the deductions of the grade solve the
   puzzle, as Tatham's Solo does, was measured slower: 9x9 medium 1.00 s against 0.29 s a
   puzzle, 16x16 easy 2.4 s against 1.2 s, as the deductions run at every removal.)

>>> from .board import make
>>> made = generate_one(make([0] * 16, 4), seed=1)
>>> made.details["givens"] < 16, made.rating
(True, 'easy')
"""

from __future__ import annotations

import functools
import random

from ...errors import LimitReached, UsageError, check_method
from ...results import Generated, Limits, Stats, Status
from . import deduce, formats
from .board import Sudoku, boxes, make
from .model import build, grid_of

__all__ = ["generate_one", "DIFFICULTIES", "SYMMETRIES"]

DIFFICULTIES = deduce.LEVELS
SYMMETRIES = ("rotational", "none")


def random_regions(n: int, box: tuple[int, int], rng, rounds: int | None = None) -> list[int]:
    """Irregular regions of ``n`` cells each: the boxes of ``box`` reshaped by random swaps
    of two boundary cells between neighbouring regions, each kept only when both regions
    stay connected."""
    regions = list(boxes(n, box))
    near = _neighbours(n)
    for _ in range(rounds if rounds is not None else 4 * n * n):
        a = rng.randrange(n * n)
        others = [regions[b] for b in near[a] if regions[b] != regions[a]]
        if not others:
            continue
        mine, theirs = regions[a], rng.choice(others)
        swaps = [b for b in range(n * n) if regions[b] == theirs and b != a
                 and any(regions[c] == mine for c in near[b])]
        if not swaps:
            continue
        b = rng.choice(swaps)
        regions[a], regions[b] = theirs, mine
        if not (_connected(regions, mine, near) and _connected(regions, theirs, near)):
            regions[a], regions[b] = mine, theirs
    return regions


@functools.cache
def _neighbours(n: int) -> tuple[tuple[int, ...], ...]:
    """Per cell of an ``n``x``n`` board, the cells beside it."""
    return tuple(tuple(rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if 0 <= rr < n and 0 <= cc < n) for r, c in (divmod(k, n)
                                                                   for k in range(n * n)))


def _connected(regions: list[int], region: int, near: tuple[tuple[int, ...], ...]) -> bool:
    first = regions.index(region)
    seen, todo = {first}, [first]
    while todo:
        for b in near[todo.pop()]:
            if regions[b] == region and b not in seen:
                seen.add(b)
                todo.append(b)
    return len(seen) == regions.count(region)


#: Nodes a jigsaw's full grid may take before its regions are drawn again (some layouts
#: have no grid, or one hard to find).
JIGSAW_NODES = 2000


def full_grid(shape: Sudoku, rng: random.Random, limits: Limits | None = None,
              nodes: int | None = None) -> tuple:
    """A random solution of the empty board ``shape`` (a usage error when there is none
    within ``nodes``)."""
    empty = shape.with_givens((0,) * len(shape.givens))
    model = build(empty, limits=limits, seed=rng.randrange(1 << 30))
    budget = limits
    if nodes is not None:
        left = None if limits is None else limits.remaining()
        budget = Limits(seconds=left, nodes=nodes).started()
    result = model.solve(limits=budget, kernels=kernels(shape)) if model is not None else None
    if result is None or result.solution is None:
        if limits is not None:
            limits.check("generating")
        if result is not None and result.status is Status.GAVE_UP and nodes is None:
            raise LimitReached("node limit reached while filling a grid")
        raise UsageError("this board shape has no solution")
    return grid_of(empty, result.solution)


#: The side from which the generator's searches run compiled from the first node: a
#: generation runs dozens of them, interpreted about 30 times slower per node.
COMPILED_SIDE = 9


def kernels(shape: Sudoku) -> str:
    """The kernels of the generator's searches (the answers are the same either way)."""
    return "numba" if shape.size >= COMPILED_SIDE else "auto"


def unique(board: Sudoku, limits: Limits | None = None) -> bool:
    """True when ``board`` has exactly one solution (take two on the exact-cover engine);
    :class:`LimitReached` when ``limits`` stopped the search before it could tell."""
    model = build(board, limits=limits)
    if model is None:
        return False
    counted = model.count(2, limits=limits, kernels=kernels(board))
    if counted.status is Status.GAVE_UP:
        if limits is not None:
            limits.check("proving a puzzle unique")  # the time limit, said as everywhere
        raise LimitReached("node limit reached while proving a puzzle unique")
    return counted.count == 1


def minimise(shape: Sudoku, solution: tuple[int, ...], rng: random.Random,
             symmetry: str, limits: Limits | None = None) -> Sudoku:
    """Remove givens (in symmetric groups) while the puzzle stays unique.

    A group whose cells the remaining givens force at once (a naked or hidden single each)
    goes without a search: the puzzle keeps its one solution."""
    order = _groups(len(solution), symmetry)
    rng.shuffle(order)
    givens = list(solution)
    peers, units = _geometry(shape)
    for group in order:
        for i in group:
            givens[i] = 0
        if all(_single(givens, i, solution[i], peers, units) for i in group):
            continue
        if not unique(shape.with_givens(tuple(givens)), limits):
            for i in group:
                givens[i] = solution[i]
    return shape.with_givens(tuple(givens))


def _groups(cells: int, symmetry: str) -> list[tuple[int, ...]]:
    """The cells that come and go together: a cell and its half-turn image ("rotational"),
    or each cell alone."""
    return sorted({tuple(sorted({i, cells - 1 - i})) if symmetry == "rotational" else (i,)
                   for i in range(cells)})


def ease(board: Sudoku, solution: tuple[int, ...], rng: random.Random, symmetry: str,
         difficulty: str, limits: Limits | None = None) -> tuple[Sudoku, deduce.Rating] | None:
    """``board`` with one group of givens put back (tried in a random order) so that it
    rates ``difficulty``, and its rating; None when no group does."""
    blank = [g for g in _groups(len(solution), symmetry) if not board.givens[g[0]]]
    rng.shuffle(blank)
    for group in blank:
        givens = list(board.givens)
        for i in group:
            givens[i] = solution[i]
        easier = board.with_givens(tuple(givens))
        rating = deduce.rate(easier, limits=limits)
        if rating.level == difficulty:
            return easier, rating
    return None


def _single(givens: list[int], cell: int, value: int, peers: list[list[int]],
            units: list[list[list[int]]]) -> bool:
    """True when the givens force ``value`` into the blank ``cell``: every other value is
    given among its peers (naked single), or every other blank cell of one of its units
    sees a given ``value`` (hidden single)."""
    seen = {givens[p] for p in peers[cell]}
    if len(seen - {0, value}) == len(units[cell][0]) - 1:
        return True
    return any(all(givens[d] or any(givens[p] == value for p in peers[d])
                   for d in unit if d != cell) for unit in units[cell])


@functools.lru_cache(maxsize=8)
def _geometry(shape: Sudoku) -> tuple[list[list[int]], list[list[list[int]]]]:
    """Per cell its peers, and the cells of each unit through it."""
    through: list[list[list[int]]] = [[] for _ in shape.givens]
    for _, cells in shape.units:
        for cell in cells:
            through[cell].append(list(cells))
    peers = [sorted({p for unit in mine for p in unit} - {c}) for c, mine in enumerate(through)]
    return peers, through


def generate_one(shape: Sudoku, *, seed: int, difficulty: str | None = None,
                 symmetry: str = "rotational", limits: Limits | None = None,
                 max_attempts: int = 1000, jigsaw: bool = False,
                 stats: Stats | None = None) -> Generated:
    """One unique puzzle on the board ``shape`` (its givens are ignored); with ``jigsaw``,
    on random regions grown from its boxes.  ``stats.extra["attempts"]`` counts the grids
    tried."""
    check_method(difficulty, DIFFICULTIES, "difficulty")
    check_method(symmetry, SYMMETRIES, "symmetry")
    rng = random.Random(seed)
    base = shape
    stats = stats if stats is not None else Stats()
    for _ in range(max_attempts):
        stats.extra["attempts"] = stats.extra.get("attempts", 0) + 1
        if limits is not None:
            limits.check("generating")
        if jigsaw:
            regions = random_regions(base.size, base.box, rng)
            shape = make([0] * len(regions), base.size, regions=regions,
                         diagonals=base.diagonals)
        try:
            solution = full_grid(shape, rng, limits, JIGSAW_NODES if jigsaw else None)
        except UsageError:
            if jigsaw:  # regions no grid fits (rare): draw new ones
                continue
            raise
        board = minimise(shape, solution, rng, symmetry, limits)
        rating = deduce.rate(board, limits=limits)
        if difficulty is None or rating.level == difficulty:
            return _generated(board, solution, rating, seed)
        if DIFFICULTIES.index(rating.level) > DIFFICULTIES.index(difficulty):
            eased = ease(board, solution, rng, symmetry, difficulty, limits)
            if eased is not None:
                return _generated(eased[0], solution, eased[1], seed)
    raise UsageError(f"no {difficulty} puzzle in {max_attempts} attempts")


def _generated(board: Sudoku, solution: tuple[int, ...], rating: deduce.Rating,
               seed: int) -> Generated:
    """The made puzzle as the protocol's :class:`~puzzlesmith.results.Generated`."""
    return Generated(board, formats.format(board, "line"), solution, seed=seed,
                     rating=rating.level,
                     details={"score": rating.score, "unique": True,
                              "givens": sum(1 for v in board.givens if v)})
