"""Generate Star Battle puzzles with exactly one solution.

The default method ("grow"), every stage bounded and restarted with fresh random choices
when it fails:

1. draw a random star placement: the exact-cover engine's first solution, under a random
   option order, of the board without regions;
2. grow one region around every star by a random flood fill, then merge neighbouring
   one-star regions into k-star regions (smallest choice first);
3. repair ambiguity: while the solver finds a second solution, take a cell where that
   solution has a star and the planted one has none, and hand it to a neighbouring region
   (keeping both regions connected): the planted solution stays valid, the other breaks;
4. prove uniqueness with the exact solver (a count with limit 2), and check the planted
   solution with the independent checker;
5. bring it to a level (:mod:`.deduce`): with ``difficulty``, a puzzle that the rules of the
   level below already finish is dropped, and one that needs harder rules is eased: cells
   the level's rules leave open are handed to neighbouring regions while the rules decide
   more cells, the puzzle stays unique and the level below still cannot finish it (a few
   moves that decide as much cross a plateau); without one, a
   puzzle that needs search is eased until the rules of every level finish it (unless
   ``by_rules`` is false).

The "genetic" method follows the seed's pipeline on the genetic-algorithm engine: the same
random placement and k-star regions, cut back to strips joining each region's stars; then a
population of ways to hand the other cells to neighbouring regions evolves towards a single
solution (fitness: the solution count, capped, minus one; disconnected regions are penalised).
The seed's known problems are fixed: every stage is bounded and restarts on failure.

Every stage runs under one :class:`Budget`: the caller's deadline and node budget are shared
by every inner search (their nodes add up), rating and easing; when either runs out, the
generation ends with status ``GAVE_UP``.

>>> made = generate(6, stars=1, seed=2)
>>> made.status.value, made.puzzle.rows, len(made.solution)
('solved', 6, 6)
>>> proven_unique(made.puzzle)
True
"""

from __future__ import annotations

import collections
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import LimitReached, UsageError
from ...results import Limits, SolveResult, Stats, Status
from .board import NO_REGION, VOID, Cell, Marks, StarBattle
from .check import violations
from .deduce import LEVELS, decide, rate
from .solve import count, model

__all__ = ["generate", "Made", "Budget", "METHODS", "DIFFICULTIES", "check_shape",
           "parse_size", "proven_unique", "REGION_NAMES"]

METHODS = ("grow", "genetic")
DIFFICULTIES = LEVELS[:4]  # easy, medium, hard, expert: every level but "needs search"
REGION_NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@dataclass
class Made:
    """One generation's outcome: the puzzle and its solution, or a status saying why not:
    ``GAVE_UP`` (a limit, or a difficulty not reached in its attempts, see ``reason``) or
    ``UNSOLVABLE`` (no star placement of that shape exists)."""

    status: Status
    puzzle: StarBattle | None = None
    solution: list[Cell] | None = None
    reason: str = ""
    level: str = ""  # the puzzle's rating (:func:`.rules.rate`)


@dataclass
class Budget:
    """The limits one generation shares between its stages.

    ``stats.nodes`` adds up the nodes of every inner search; :meth:`sub` gives an inner
    search the remaining nodes and time (capped at its own ``seconds``); :meth:`check` raises
    :class:`~puzzlesmith.errors.LimitReached` once the deadline or the node budget is spent.
    """

    limits: Limits = field(default_factory=Limits)
    stats: Stats = field(default_factory=Stats)
    progress: Callable[[Stats], None] | None = None

    def __post_init__(self) -> None:
        self.limits = self.limits.started()
        self.deadline = self.limits.deadline()

    def remaining_seconds(self) -> float | None:
        return None if self.deadline is None else max(self.deadline - time.monotonic(), 0.0)

    def sub(self, seconds: float | None = None) -> Limits:
        left = self.remaining_seconds()
        if seconds is not None:
            left = seconds if left is None else min(left, seconds)
        nodes = None if self.limits.nodes is None else max(self.limits.nodes - self.stats.nodes, 0)
        return Limits(nodes=nodes, seconds=left, memory=self.limits.memory)

    def spend(self, stats: Stats) -> None:
        self.stats.nodes += stats.nodes

    def report(self, stage: str, **counts: int) -> None:
        """Tell ``progress`` (if any) the stage of the current attempt and its counters
        (``stats.extra``: "stage", "attempts", "repairs", "open" cells the rules leave)."""
        extra = self.stats.extra
        extra["stage"] = f"attempt {extra.get('attempts', 0)}: {stage}"
        if "open" not in counts:
            extra.pop("open", None)  # counted at another stage
        extra.update(counts)
        if self.progress is not None:
            self.progress(self.stats)

    def check(self) -> None:
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise LimitReached("time limit reached while generating")
        if self.limits.nodes is not None and self.stats.nodes >= self.limits.nodes:
            raise LimitReached("node limit reached while generating")


def parse_size(text: str) -> tuple[int, int]:
    """``"10"`` or ``"8x12"`` as (rows, columns); a zero or missing dimension is refused.

    >>> parse_size("8x12"), parse_size("10")
    ((8, 12), (10, 10))
    >>> parse_size("10x0")
    Traceback (most recent call last):
    ...
    puzzlesmith.errors.UsageError: size '10x0': rows and columns must be at least 1
    """
    spec = str(text).strip().lower().replace("×", "x")
    parts = spec.split("x")
    if len(parts) > 2 or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
        raise UsageError(f"size {text!r}: expected N or ROWSxCOLUMNS (whole numbers), "
                         "e.g. 10 or 8x12")
    rows, cols = int(parts[0]), int(parts[-1])
    if rows < 1 or cols < 1:
        raise UsageError(f"size {text!r}: rows and columns must be at least 1")
    return rows, cols


def check_shape(rows: int, columns: int, stars: int) -> None:
    """Refuse, before any work, a shape the generator cannot make: ``stars`` per row and per
    region, ``rows * stars / columns`` per column (so one region per row)."""
    if rows < 1 or columns < 1 or stars < 1:
        raise UsageError("rows, columns and stars must be at least 1")
    if rows > len(REGION_NAMES):
        raise UsageError(f"at most {len(REGION_NAMES)} rows: a generated puzzle has one region "
                         f"per row, named by one of {len(REGION_NAMES)} letters and digits")
    if columns > 4 * len(REGION_NAMES):
        raise UsageError(f"at most {4 * len(REGION_NAMES)} columns")
    if (rows * stars) % columns:
        hint = ""
        if (columns * stars) % rows == 0:
            hint = (f"; {columns}x{rows} works ({columns * stars // rows} per column): "
                    f"--rows {columns} --cols {rows}")
        raise UsageError(f"{rows * stars} stars ({stars} per row) cannot be shared equally "
                         f"among {columns} columns{hint}")
    per_column = rows * stars // columns
    if stars > (columns + 1) // 2:
        raise UsageError(f"a row of {columns} cells cannot hold {stars} stars that do not touch")
    if per_column > (rows + 1) // 2:
        raise UsageError(f"a column of {rows} cells cannot hold {per_column} stars that do "
                         "not touch")


def generate(rows: int, columns: int | None = None, stars: int = 1, *, seed: int | None = None,
             method: str = "grow", difficulty: str | None = None, by_rules: bool = True,
             limits: Limits | None = None, budget: Budget | None = None,
             progress: Callable[[Stats], None] | None = None) -> Made:
    """A random ``rows``×``columns`` puzzle with ``stars`` per row and region, proven unique.

    With a ``difficulty`` (a level of :mod:`.deduce`), a unique puzzle is then reshaped until
    the rule solver of that level finishes it, and kept only if it rates exactly so.
    Without one, the puzzle is kept at whatever level it rates, but (``by_rules``, the
    default) only once the rules finish it: one that needs search is reshaped until the
    rules of every level do.
    ``budget`` (else one made from ``limits``) is shared by every stage; its
    ``stats.extra`` counts ``attempts`` (star placements drawn) and ``repairs`` (cells handed
    to another region; for the genetic method, layouts evaluated).  The budget running out
    gives status ``GAVE_UP``.
    """
    columns = columns or rows
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    if difficulty not in (None, *DIFFICULTIES):
        raise UsageError(f"unknown difficulty {difficulty!r}; choose from "
                         f"{', '.join(DIFFICULTIES)}")
    check_shape(rows, columns, stars)
    budget = budget or Budget(limits or Limits())
    budget.progress = progress or budget.progress
    for key in ("attempts", "repairs"):
        budget.stats.extra.setdefault(key, 0)
    rng = random.Random(seed)
    try:
        return _generate(rows, columns, stars, rng, method, difficulty, by_rules, budget,
                         progress)
    except LimitReached as reached:
        return Made(Status.GAVE_UP, reason=f"{reached}; reached {_reached(budget.stats)}")


def _reached(stats: Stats) -> str:
    """Where a generation stopped, in words: the attempt and stage, the cells the rules
    left open there (if counted) and the repairs made."""
    extra = stats.extra
    words = [extra.get("stage", "the start")]
    if "open" in extra:
        words.append(f"{extra['open']} cells open")
    words.append(f"{extra.get('repairs', 0)} repairs")
    return ", ".join(words)


def _generate(rows: int, columns: int, stars: int, rng: random.Random, method: str,
              difficulty: str | None, by_rules: bool, budget: Budget,
              progress: Callable[[Stats], None] | None) -> Made:
    stats = budget.stats
    for _ in range(DIFFICULTY_ATTEMPTS if difficulty is not None else 1 << 62):
        budget.check()
        stats.extra["attempts"] += 1
        budget.report("placing stars")
        placement = _random_placement(rows, columns, stars, rng, budget)
        if placement.status is Status.UNSOLVABLE:  # no stars fit: no puzzle of this shape
            return Made(Status.UNSOLVABLE, reason=f"no {rows}x{columns} board holds {stars} "
                                                  f"stars per row and "
                                                  f"{rows * stars // columns} per column")
        planted = placement.solution
        if planted is not None:
            budget.report("growing regions")
            grid = _grow_regions(rows, columns, stars, planted, rng)
            if grid is not None:
                mend = _repair if method == "grow" else _evolve
                if method == "grow" and difficulty is None and rows * columns >= BUILD_CELLS:
                    mend = _build
                puzzle = mend(grid, stars, planted, rng, budget)
                level = ""
                if puzzle is not None:
                    budget.report("rating")
                    puzzle, level = _to_level(puzzle, stars, planted, difficulty, by_rules,
                                              rng, budget)
                if puzzle is not None:
                    return Made(Status.SOLVED, puzzle, sorted(planted), level=level)
        if progress is not None:
            progress(stats)
    return Made(Status.GAVE_UP, reason=f"difficulty {difficulty!r} seems out of reach for "
                                       f"{rows}x{columns} with {stars} star(s): not reached "
                                       f"in {DIFFICULTY_ATTEMPTS} attempts")


def _random_placement(rows: int, columns: int, stars: int, rng: random.Random,
                      budget: Budget):
    """Stars in every row and column, none touching: a random first solution (a solve result;
    its status says when no placement exists at all).

    The plain search under a random option order, restarted with a fresh order and a
    budget growing from :data:`PLACEMENT_NODES` (times :data:`PLACEMENT_GROWTH`, at most
    :data:`PLACEMENT_TRIES` runs): on a blank 25x25 board with 6 stars a run either ends
    within a few thousand nodes or wanders for tens of thousands."""
    blank = StarBattle((" " * columns,) * rows, (stars,) * rows,
                       (rows * stars // columns,) * columns, {})
    if rows * columns >= LATTICE_CELLS:
        lattice = _lattice(rows, columns, stars, rng)
        if lattice is not None:
            return SolveResult(Status.SOLVED, solution=_shuffled(lattice, rows, columns, stars,
                                                                 rng, budget))
    nodes = PLACEMENT_NODES
    for _ in range(PLACEMENT_TRIES):
        budget.check()
        limits = _nodes(budget, nodes)
        result = model(blank, seed=rng.randrange(1 << 30), limits=limits, strong=False).solve(
            limits=limits, kernels=_kernels(blank))
        budget.spend(result.stats)
        if result.status is not Status.GAVE_UP:
            break
        nodes = int(nodes * PLACEMENT_GROWTH)
    if result.solution is not None:
        result.solution = sorted(result.solution)
    return result


def _lattice(rows: int, columns: int, stars: int, rng: random.Random) -> set[Cell] | None:
    """A torus pattern: row ``r`` has its stars in the columns ``(x + shift * r) mod columns``
    for ``x`` in a random set of ``stars`` columns at least two apart; a random set and
    shift are drawn until no stars touch and every column has its share (None after
    :data:`LATTICE_TRIES` draws)."""
    per_column = rows * stars // columns
    if 2 * stars > columns:
        return None
    for _ in range(LATTICE_TRIES):
        gaps = [2] * stars
        for _ in range(columns - 2 * stars):
            gaps[rng.randrange(stars)] += 1
        start, shift = rng.randrange(columns), rng.randrange(columns)
        base = [(start + sum(gaps[:i])) % columns for i in range(stars)]
        cells = {(r, (x + shift * r) % columns) for r in range(rows) for x in base}
        touching = any((r + dr, c + dc) in cells for r, c in cells
                       for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)))
        in_column = [0] * columns
        for _, c in cells:
            in_column[c] += 1
        if not touching and all(n == per_column for n in in_column):
            return cells
    return None


def _shuffled(cells: set[Cell], rows: int, columns: int, stars: int, rng: random.Random,
              budget: Budget) -> list[Cell]:
    """``cells`` after :data:`SHUFFLES` times ``rows`` random re-solves of a band of 3 to 7
    rows or columns (its stars cleared, the band solved again under a random option order,
    the stars outside kept): a random placement near no pattern."""
    for turn in range(SHUFFLES * rows):
        budget.check()
        axis = turn % 2
        size = (rows, columns)[axis]
        width = min(rng.randint(3, 7), size)
        low = rng.randrange(size - width + 1)
        cells = _resolve_band(cells, rows, columns, stars, axis, range(low, low + width), rng,
                              budget)
    return sorted(cells)


def _resolve_band(cells: set[Cell], rows: int, columns: int, stars: int, axis: int,
                  band: range, rng: random.Random, budget: Budget) -> set[Cell]:
    """``cells`` with the stars of the rows (``axis`` 0) or columns ``band`` placed again at
    random (unchanged if no other placement is found within :data:`BAND_NODES` nodes)."""
    outside = {cell for cell in cells if cell[axis] not in band}
    per_column = rows * stars // columns

    def at(i: int, j: int) -> Cell:
        return (band[i], j) if axis == 0 else (i, band[j])

    shape = (len(band), columns) if axis == 0 else (rows, len(band))
    grid = tuple("".join(VOID if any((r + dr, c + dc) in outside for dr in (-1, 0, 1)
                                     for dc in (-1, 0, 1)) else NO_REGION
                         for r, c in (at(i, j) for j in range(shape[1])))
                 for i in range(shape[0]))
    if axis == 0:
        needs = ((stars,) * shape[0],
                 tuple(per_column - sum(1 for _, c in outside if c == j) for j in range(columns)))
    else:
        needs = (tuple(stars - sum(1 for r, _ in outside if r == i) for i in range(rows)),
                 (per_column,) * shape[1])
    band_puzzle = StarBattle(grid, *needs, {})
    limits = _nodes(budget, BAND_NODES)
    result = model(band_puzzle, seed=rng.randrange(1 << 30), limits=limits,
                   strong=False).solve(limits=limits, kernels=_kernels(band_puzzle))
    budget.spend(result.stats)
    if result.solution is None:
        return cells
    return outside | {at(i, j) for i, j in result.solution}


LATTICE_CELLS = 400  # 20x20 and up: a torus pattern, shuffled, instead of a search
LATTICE_TRIES = 2000  # draws of a torus pattern
SHUFFLES = 6          # band re-solves per row of the board
BAND_NODES = 2_000    # per band re-solve
PLACEMENT_NODES = 3_000   # the first run's node budget for a random star placement
PLACEMENT_GROWTH = 1.5    # each further run's budget, times this
PLACEMENT_TRIES = 8       # runs per placement, then a fresh attempt
FITNESS_SECONDS = 5.0     # per solution count of the genetic method


def _neighbours(cell: Cell, rows: int, columns: int):
    r, c = cell
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if 0 <= r + dr < rows and 0 <= c + dc < columns:
            yield r + dr, c + dc


def _grow_regions(rows: int, columns: int, stars: int, planted: list[Cell],
                  rng: random.Random) -> list[list[int]] | None:
    """Regions of ``stars`` stars each: a flood from every star, then merges.  None if stuck."""
    owner = [[-1] * columns for _ in range(rows)]
    frontier = []
    for n, (r, c) in enumerate(planted):
        owner[r][c] = n
        frontier.append((r, c))
    while frontier:  # random flood fill: one-star regions
        k = rng.randrange(len(frontier))
        cell = frontier[k]
        free = [nb for nb in _neighbours(cell, rows, columns) if owner[nb[0]][nb[1]] < 0]
        if not free:
            frontier[k] = frontier[-1]
            frontier.pop()
            continue
        r, c = rng.choice(free)
        owner[r][c] = owner[cell[0]][cell[1]]
        frontier.append((r, c))
    if stars == 1:
        return owner
    group = _merge(rows, columns, stars, len(planted), owner, rng)
    if group is None:
        return None
    return [[group[owner[r][c]] for c in range(columns)] for r in range(rows)]


def _merge(rows: int, columns: int, stars: int, count_: int, owner: list[list[int]],
           rng: random.Random) -> list[int] | None:
    """Join adjacent one-star regions into groups of ``stars``; the region -> group map."""
    adjacent: list[set[int]] = [set() for _ in range(count_)]
    for r in range(rows):
        for c in range(columns):
            for nr, nc in _neighbours((r, c), rows, columns):
                if owner[nr][nc] != owner[r][c]:
                    adjacent[owner[r][c]].add(owner[nr][nc])
    for _ in range(20):  # bounded retries of the greedy merge
        group = list(range(count_))
        members = {g: {g} for g in range(count_)}
        while True:
            open_groups = [g for g in members if len(members[g]) < stars]
            if not open_groups:
                return [sorted(members).index(group[g]) for g in range(count_)]

            def partners(g, mem=members, grp=group):
                near = {grp[x] for m in mem[g] for x in adjacent[m]} - {g}
                return [h for h in near if len(mem[h]) + len(mem[g]) <= stars]

            choices = [(len(partners(g)), rng.random(), g) for g in open_groups]
            _, _, g = min(choices)
            options = partners(g)
            if not options:
                break
            h = min(options, key=lambda x: (len(partners(x)), rng.random()))
            for m in members[h]:
                group[m] = g
            members[g] |= members.pop(h)
    return None


def _repair(grid: list[list[int]], stars: int, planted: list[Cell], rng: random.Random,
            budget: Budget) -> StarBattle | None:
    """Move cells between regions until the planted solution is the only one (bounded)."""
    rows, columns = len(grid), len(grid[0])
    planted_set = set(planted)
    reshapes = REPAIR_RESHAPES
    for _ in range(rows * columns + 10):  # then restart from a fresh placement
        budget.check()
        puzzle = _as_puzzle(grid, stars)
        other = _second_solution(puzzle, planted_set, budget)
        if other is None:
            return puzzle if not violations(puzzle, planted) else None
        budget.stats.extra["repairs"] += 1
        candidates = [cell for cell in other if cell not in planted_set]
        budget.report("repairing (a second solution)")
        rng.shuffle(candidates)
        if _hand_over_share(grid, candidates, rng):
            continue
        # each such cell holds its region together: reshape beside one of them, a few times
        around = [(r + dr, c + dc) for r, c in candidates for dr, dc in _STEPS
                  if 0 <= r + dr < rows and 0 <= c + dc < columns
                  and (r + dr, c + dc) not in planted_set]
        rng.shuffle(around)
        if not reshapes or not any(_hand_over(grid, cell, rng) for cell in around):
            return None
        reshapes -= 1
    return None


def _build(plan: list[list[int]], stars: int, planted: list[Cell], rng: random.Random,
           budget: Budget) -> StarBattle | None:
    """Regions built so that the rules of :data:`BUILD_LEVEL` finish the puzzle: a puzzle
    unique by construction, no search.

    Start from the stars alone (every other cell in no region and ruled out: the regions
    hold every star) and hand the other cells to their regions of ``plan`` while the rules
    still finish the puzzle (:func:`_join`).  The cells left out then join their regions
    and :func:`_ease` hands the cells the rules leave open to neighbouring regions, out of
    the smallest regions first, until the rules finish it (None if they do not)."""
    rows, columns = len(plan), len(plan[0])
    target = [row[:] for row in plan]
    grid = [[-1] * columns for _ in range(rows)]
    for r, c in planted:
        grid[r][c] = target[r][c]
    beside = {(r + dr, c + dc) for r, c in planted for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    budget.stats.extra["stuck"] = len(_join(grid, target, stars, beside, rng, budget))
    for r in range(rows):
        for c in range(columns):
            if grid[r][c] < 0:
                grid[r][c] = target[r][c]
    return _ease(_as_puzzle(grid, stars), stars, planted, BUILD_LEVEL, rng, budget, exact=False)


def _join(grid: list[list[int]], target: list[list[int]], stars: int, beside: set[Cell],
          rng: random.Random, budget: Budget) -> set[Cell]:
    """Hand the cells out of every region (-1 in ``grid``) to their regions of ``target``
    in random batches (cells beside no star first: they are the hard ones), a batch kept
    while the rules of :data:`BUILD_LEVEL` still finish the puzzle (the batch then doubles)
    and taken back otherwise (then shrinks to a quarter).  A single cell that
    cannot be kept tries the other regions beside it (its target region staying connected
    without it), else stays out ("stuck").  The stuck cells."""
    rows, columns = len(grid), len(grid[0])
    stuck: set[Cell] = set()
    size = BUILD_BATCH
    while True:
        budget.check()
        ready = [(r, c) for r in range(rows) for c in range(columns)
                 if grid[r][c] < 0 and (r, c) not in stuck
                 and any(grid[nr][nc] == target[r][c]
                         for nr, nc in _neighbours((r, c), rows, columns))]
        budget.report("building regions by the rules",
                      open=sum(row.count(-1) for row in grid))
        if not ready:
            return stuck
        rng.shuffle(ready)
        ready.sort(key=lambda cell: cell in beside)
        batch = ready[:size]
        for r, c in batch:
            grid[r][c] = target[r][c]
        if _rules_finish(grid, stars, budget):
            size = min(2 * size, BUILD_BATCH_MAX)
            continue
        for r, c in batch:
            grid[r][c] = -1
        if len(batch) == 1 and not _retarget(grid, target, batch[0], stars, rng, budget):
            stuck.add(batch[0])
        size = max(1, size // 4)


def _retarget(grid: list[list[int]], target: list[list[int]], cell: Cell, stars: int,
              rng: random.Random, budget: Budget) -> bool:
    """Hand ``cell`` to another region beside it, one with which the rules still finish
    the puzzle, if its own region (as targeted) stays connected without it."""
    rows, columns = len(grid), len(grid[0])
    r, c = cell
    mine = target[r][c]
    others = list({grid[nr][nc] for nr, nc in _neighbours(cell, rows, columns)} - {-1, mine})
    rest = [(rr, cc) for rr in range(rows) for cc in range(columns)
            if target[rr][cc] == mine and (rr, cc) != cell]
    if not others or not _connected(rest, rows, columns):
        return False
    rng.shuffle(others)
    for region in others:
        grid[r][c] = target[r][c] = region
        if _rules_finish(grid, stars, budget):
            return True
    grid[r][c], target[r][c] = -1, mine
    return False


def _rules_finish(grid: list[list[int]], stars: int, budget: Budget) -> bool:
    """Whether the rules of :data:`BUILD_LEVEL` finish the partly built puzzle ``grid``
    (cells -1 in no region, ruled out)."""
    rows, columns = len(grid), len(grid[0])
    text = tuple("".join(REGION_NAMES[g] if g >= 0 else NO_REGION for g in row) for row in grid)
    names = sorted({ch for row in text for ch in row} - {NO_REGION})
    puzzle = StarBattle(text, (stars,) * rows, (rows * stars // columns,) * columns,
                        dict.fromkeys(names, stars))
    out = frozenset((r, c) for r in range(rows) for c in range(columns) if grid[r][c] < 0)
    state, broken = decide(puzzle, BUILD_LEVEL, limits=budget.limits, phase="generating",
                           marks=Marks(frozenset(), out))
    return not broken and all(state.values())


BUILD_CELLS = 400      # 20x20 and up, without a difficulty: regions built by the rules
BUILD_LEVEL = "medium"  # the rules that must finish a built puzzle (cheap, no trials)
BUILD_BATCH = 8        # cells handed over in the first batch
BUILD_BATCH_MAX = 64   # cells per batch at most


def _hand_over_share(grid: list[list[int]], candidates: list[Cell], rng: random.Random) -> int:
    """Hand over one in :data:`REPAIR_SHARE` of ``candidates`` (at least one; the cells
    where the other solution has a star and the planted one none, shuffled): when the two
    solutions differ widely, as at 20x20, one proof breaks many of the nearby solutions at
    once instead of one.  How many cells moved."""
    want, moved = max(1, len(candidates) // REPAIR_SHARE), 0
    for cell in candidates:
        if moved == want:
            break
        moved += _hand_over(grid, cell, rng)
    return moved


_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
REPAIR_RESHAPES = 3  # moves beside a stuck cell per repair, then a fresh start
REPAIR_SHARE = 4     # one in this many cells where the solutions differ moves per repair


def _evolve(grid: list[list[int]], stars: int, planted: list[Cell], rng: random.Random,
            budget: Budget) -> StarBattle | None:
    """The seed's genetic step: fill the cells outside the strips until the puzzle is unique."""
    from ...engines.genetic import GeneticAlgorithm

    rows, columns = len(grid), len(grid[0])
    strips = _strips(grid, planted)
    loose = [(r, c) for r in range(rows) for c in range(columns) if strips[r][c] < 0]

    def individual() -> bytearray:
        filled = [row[:] for row in strips]
        todo = loose[:]
        while todo:  # random flood from the strips: every region stays connected
            rng.shuffle(todo)
            rest = []
            for r, c in todo:
                near = [filled[nr][nc] for nr, nc in _neighbours((r, c), rows, columns)
                        if filled[nr][nc] >= 0]
                if near:
                    filled[r][c] = rng.choice(near)
                else:
                    rest.append((r, c))
            todo = rest
        return bytearray(g for row in filled for g in row)

    def as_grid(genes: bytearray) -> list[list[int]]:
        return [list(genes[r * columns:(r + 1) * columns]) for r in range(rows)]

    def fitness(genes: bytearray, target: int) -> int:
        budget.check()  # ends the run (LimitReached) once the budget is spent
        layout = as_grid(genes)
        if not all(_connected([(r, c) for r in range(rows) for c in range(columns)
                               if layout[r][c] == g], rows, columns) for g in set(genes)):
            return 2 * SOLUTION_CAP
        found = count(_as_puzzle(layout, stars), SOLUTION_CAP,
                      limits=budget.sub(FITNESS_SECONDS))
        budget.spend(found.stats)
        return (found.count if found.complete else SOLUTION_CAP) - target

    def mutate(genes: bytearray) -> None:
        r, c = rng.choice(loose)
        near = [genes[nr * columns + nc] for nr, nc in _neighbours((r, c), rows, columns)]
        genes[r * columns + c] = rng.choice(near)

    def crossover(male: bytearray, female: bytearray) -> bytearray:
        cut = rng.randrange(1, rows) * columns
        return male[:cut] + female[cut:]

    if not loose:
        return _repair(grid, stars, planted, rng, budget)
    ga = GeneticAlgorithm(individual, fitness, mutate, crossover, seed=rng)
    result = ga.run(ga.population(GA_POPULATION), target=1, goal=0, patience=GA_PATIENCE,
                    limits=Limits(seconds=budget.remaining_seconds()))
    budget.stats.extra["repairs"] += result.stats.nodes
    if result.status is not Status.SOLVED:
        return None
    puzzle = _as_puzzle(as_grid(result.best), stars)
    return puzzle if not violations(puzzle, planted) and proven_unique(puzzle, budget) else None


GA_POPULATION = 24  # individuals per generation
GA_PATIENCE = 40    # generations without progress before a restart
SOLUTION_CAP = 64   # solutions counted per fitness evaluation


def _strips(grid: list[list[int]], planted: list[Cell]) -> list[list[int]]:
    """Each region cut back to shortest paths (inside it) joining its stars to the first."""
    rows, columns = len(grid), len(grid[0])
    strips = [[-1] * columns for _ in range(rows)]
    by_region: dict[int, list[Cell]] = {}
    for r, c in planted:
        by_region.setdefault(grid[r][c], []).append((r, c))
    for region, cells in by_region.items():
        home = cells[0]
        back = {home: None}
        todo = [home]
        for cell in todo:  # breadth-first inside the region
            for nb in _neighbours(cell, rows, columns):
                if nb not in back and grid[nb[0]][nb[1]] == region:
                    back[nb] = cell
                    todo.append(nb)
        for cell in cells:
            while cell is not None:
                strips[cell[0]][cell[1]] = region
                cell = back[cell]
    return strips


def _to_level(puzzle: StarBattle, stars: int, planted: list[Cell], difficulty: str | None,
              by_rules: bool, rng: random.Random,
              budget: Budget) -> tuple[StarBattle | None, str]:
    """The unique ``puzzle`` brought to ``difficulty`` (or, with none and ``by_rules``, to
    any level the rules finish) and its rating, or (None, "") when that fails."""
    if difficulty is None:
        level = rate(puzzle, limits=budget.limits).level
        if level != SEARCH or not by_rules:
            return puzzle, level
        target = LEVELS[-2]
    else:
        target = difficulty
        below = LEVELS.index(target) - 1
        if below >= 0 and _finished(_state(puzzle, LEVELS[below], budget)):
            return None, ""  # easier than asked: easing only makes puzzles easier
    eased = _ease(puzzle, stars, planted, target, rng, budget)
    if eased is None:
        return None, ""
    level = rate(eased, limits=budget.limits).level
    if level == difficulty or (difficulty is None and level != SEARCH):
        return eased, level
    return None, ""


def _finished(state: dict[Cell, int]) -> bool:
    return all(state.values())


SEARCH = LEVELS[-1]  # "needs search"


def _ease(puzzle: StarBattle, stars: int, planted: list[Cell], level: str, rng: random.Random,
          budget: Budget, exact: bool = True) -> StarBattle | None:
    """Hand cells the ``level`` rules leave undecided to neighbouring regions, keeping the
    puzzle unique, while the rules decide more (or, a few times, as much: a step across a
    plateau) but the rules of the level below do not finish it; the puzzle once the
    ``level`` rules finish it, or None.  Without ``exact``, neither uniqueness nor the
    level below is checked on the way (the rules finishing it proves it unique), the
    moves out of the smallest regions go first, and once at most :data:`TRIAL_OPEN` cells
    stay open :func:`_by_trials` finishes it."""
    grid = [[REGION_NAMES.index(ch) for ch in row] for row in puzzle.grid]
    rows, columns = len(grid), len(grid[0])
    planted_set = set(planted)
    state = _state(puzzle, level, budget)
    sideways, tries = EASING_SIDEWAYS, EASING_TRIES
    below = LEVELS[LEVELS.index(level) - 1] if LEVELS.index(level) and exact else None
    unique = proven_unique if exact else (lambda trial, budget: True)
    for _ in range(rows * columns):
        budget.check()
        decided = sum(1 for v in state.values() if v)
        if decided == rows * columns:
            return puzzle
        budget.report(f"easing to {level}", open=rows * columns - decided)
        if not exact and rows * columns - decided <= TRIAL_OPEN:
            return _by_trials(puzzle, state, planted, rng, budget)
        moves, others = [], []  # cells the rules leave open first, then the decided ones
        for cell, v in state.items():
            if cell not in planted_set:
                (others if v else moves).extend((cell, g) for g in _handovers(grid, cell))
        rng.shuffle(moves)
        rng.shuffle(others)
        if not exact:  # out of the smallest regions first: a tight region starts a chain
            sizes = collections.Counter(g for row in grid for g in row)
            moves.sort(key=lambda move: sizes[grid[move[0][0]][move[0][1]]] // TIGHT_STEP)
        moves += others
        level_move = None
        for cell, region in moves[:min(EASING_MOVES, tries)]:
            tries -= 1
            old = grid[cell[0]][cell[1]]
            grid[cell[0]][cell[1]] = region
            trial = _as_puzzle(grid, stars)
            after = _state(trial, level, budget)
            now = sum(1 for v in after.values() if v)
            if now == rows * columns and below and _finished(_state(trial, below, budget)):
                now = -1  # this move makes the puzzle easier than ``level``
            if now > decided and unique(trial, budget):
                puzzle, state = trial, after
                budget.stats.extra["repairs"] += 1
                break
            if now == decided and level_move is None:
                level_move = (cell, region, trial, after)
            grid[cell[0]][cell[1]] = old
        else:
            if not sideways or level_move is None or not unique(level_move[2], budget):
                return None if exact else _by_trials(puzzle, state, planted, rng, budget)
            sideways -= 1
            cell, region, puzzle, state = level_move
            grid[cell[0]][cell[1]] = region
    return None


def _by_trials(puzzle: StarBattle, state: dict[Cell, int], planted: list[Cell],
               rng: random.Random, budget: Budget) -> StarBattle | None:
    """Where easing stalls with at most :data:`TRIAL_OPEN` cells open (``state``: what
    the easier rules decide): ``puzzle`` once the rules with trials finish it, else once
    a search finds no second solution, repaired by second solutions (a search among so
    few open cells is quick) up to :data:`FINAL_REPAIRS` times; None otherwise."""
    if sum(1 for v in state.values() if not v) > TRIAL_OPEN:
        return None
    grid = [[REGION_NAMES.index(ch) for ch in row] for row in puzzle.grid]
    stars = puzzle.row_stars[0]
    for _ in range(FINAL_REPAIRS):
        budget.report("finishing (trials, second solutions)")
        if _finished(_state(puzzle, LEVELS[-2], budget)):
            return puzzle
        other = _second_solution(puzzle, set(planted), budget)
        if other is None:
            return puzzle
        candidates = [cell for cell in other if cell not in planted]
        rng.shuffle(candidates)
        if not (_hand_over_share(grid, candidates, rng)
                or _push(grid, candidates, set(planted))):
            return None
        budget.stats.extra["repairs"] += 1
        puzzle = _as_puzzle(grid, stars)
    return None


def _push(grid: list[list[int]], candidates: list[Cell], planted: set[Cell]) -> bool:
    """Where no cell of ``candidates`` can be handed over (each lies deep inside its
    region), push another region to one: the cells of a shortest path inside its region
    (no planted star on it) from the candidate to a cell beside another region are handed
    to that region, the far end first, its own region staying connected at every step.
    Whether one candidate moved (at most :data:`PUSH_PATHS` paths tried per candidate)."""
    rows, columns = len(grid), len(grid[0])
    for cell in candidates:
        mine = grid[cell[0]][cell[1]]
        back: dict[Cell, Cell | None] = {cell: None}
        todo, ends = [cell], []
        for here in todo:  # breadth-first inside the region: the cells beside another one
            if here != cell and any(grid[r][c] != mine
                                    for r, c in _neighbours(here, rows, columns)):
                ends.append(here)
                if len(ends) == PUSH_PATHS:
                    break
                continue
            for nb in _neighbours(here, rows, columns):
                if nb not in back and nb not in planted and grid[nb[0]][nb[1]] == mine:
                    back[nb] = here
                    todo.append(nb)
        for end in ends:
            path = [end]
            while back[path[-1]] is not None:
                path.append(back[path[-1]])
            for region in {grid[r][c] for r, c in _neighbours(end, rows, columns)} - {mine}:
                if _push_path(grid, path, region):
                    return True
    return False


def _push_path(grid: list[list[int]], path: list[Cell], region: int) -> bool:
    """Hand the cells of ``path`` to ``region`` in turn (the first beside it), each only
    if its own region stays connected; all or none (then ``grid`` is as it was)."""
    mine = grid[path[0][0]][path[0][1]]
    for n, (r, c) in enumerate(path):
        if region not in _handovers(grid, (r, c)):
            for rr, cc in path[:n]:
                grid[rr][cc] = mine
            return False
        grid[r][c] = region
    return True


PUSH_PATHS = 12     # paths tried per cell to push
FINAL_REPAIRS = 12  # second-solution repairs where easing stalls, then a fresh start
TRIAL_OPEN = 60  # open cells at most for a last pass of the rules with trials


TIGHT_STEP = 4  # region sizes that differ by less count as one when easing picks moves
EASING_MOVES = 60    # moves tried per easing round
EASING_TRIES = 200   # moves tried in all, then a fresh start
EASING_SIDEWAYS = 20 # moves per easing that decide no more (across a plateau)
DIFFICULTY_ATTEMPTS = 60  # star placements tried for one puzzle of a given difficulty


def _state(puzzle: StarBattle, level: str, budget: Budget) -> dict[Cell, int]:
    """What the rules of ``level`` decide: every cell 0 (open), 1 (star) or 2 (empty)."""
    return decide(puzzle, level, limits=budget.limits, phase="generating")[0]


def _second_solution(puzzle: StarBattle, planted: set[Cell],
                     budget: Budget) -> list[Cell] | None:
    """A solution other than the planted one, or None when there is none (proven).

    One search, stopped at the second solution it meets (the planted one may come first);
    undecided within :data:`SECOND_NODES` nodes counts as ambiguous (an empty list).  On
    boards of :data:`RULES_FIRST_CELLS` cells and more the rules of :data:`RULES_FIRST_LEVEL`
    run first: finishing the puzzle as planted proves it unique (their deductions are
    sound), and otherwise the search starts from what they decided (every other solution
    agrees with it), far smaller."""
    marks = None
    if puzzle.rows * puzzle.columns >= RULES_FIRST_CELLS:
        state = _state(puzzle, RULES_FIRST_LEVEL, budget)
        stars = frozenset(cell for cell, v in state.items() if v == 1)
        if all(state.values()) and stars == planted:
            return None
        budget.report("proving unique", open=sum(1 for v in state.values() if not v))
        marks = Marks(stars, frozenset(cell for cell, v in state.items() if v == 2))
    limits = _nodes(budget, SECOND_NODES)
    search = model(puzzle, limits=limits, marks=marks).solutions(limits,
                                                                 kernels=_kernels(puzzle))
    other = None
    for found, solution in enumerate(search):
        if set(solution) != planted:
            other = sorted(solution)
            break
        if found:
            break
    budget.spend(search.stats)
    if other is None and search.gave_up:
        return []  # undecided: treat as ambiguous
    return other


def _nodes(budget: Budget, nodes: int) -> Limits:
    """The budget's remaining limits, capped at ``nodes`` nodes (a deterministic cut-off)."""
    limits = budget.sub()
    cap = nodes if limits.nodes is None else min(nodes, limits.nodes)
    return Limits(nodes=cap, seconds=limits.seconds, memory=limits.memory)


def _kernels(puzzle: StarBattle) -> str:
    """The solver's kernels for the generator's searches: compiled from the first node on
    boards of :data:`COMPILED_CELLS` cells and more (its searches there run past the
    interpreted start, hundreds of nodes, about 30 times slower per node; the search and its
    answers are the same either way)."""
    return "numba" if puzzle.rows * puzzle.columns >= COMPILED_CELLS else "auto"


COMPILED_CELLS = 150  # 14x14 and up (measured: a 14x14 proof 1.47 s -> 0.17 s, 17x17 30x)
SECOND_NODES = 20_000  # per search for a second solution, then treated as ambiguous
RULES_FIRST_CELLS = 400  # 20x20 and up: the rules before each search for a second solution
#: the rules run first: no trials (on 25x25 random regions one expert pass took 10-23 s,
#: a medium one 0.03-0.5 s; the search does what trials would)
RULES_FIRST_LEVEL = "medium"


def _hand_over(grid: list[list[int]], cell: Cell, rng: random.Random) -> bool:
    """Give ``cell`` to a neighbouring region if its own region stays connected."""
    regions = _handovers(grid, cell)
    if regions:
        grid[cell[0]][cell[1]] = rng.choice(regions)
    return bool(regions)


def _handovers(grid: list[list[int]], cell: Cell) -> list[int]:
    """Neighbouring regions that may take ``cell`` with its own region staying connected."""
    rows, columns = len(grid), len(grid[0])
    r, c = cell
    mine = grid[r][c]
    others = sorted({grid[nr][nc] for nr, nc in _neighbours(cell, rows, columns)} - {mine})
    if not others:
        return []
    rest = [(rr, cc) for rr in range(rows) for cc in range(columns)
            if grid[rr][cc] == mine and (rr, cc) != cell]
    if not rest or not _connected(rest, rows, columns):
        return []
    return others


def _connected(cells: list[Cell], rows: int, columns: int) -> bool:
    todo, seen = [cells[0]], {cells[0]}
    members = set(cells)
    while todo:
        cell = todo.pop()
        for nb in _neighbours(cell, rows, columns):
            if nb in members and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(members)


def _as_puzzle(grid: list[list[int]], stars: int) -> StarBattle:
    rows, columns = len(grid), len(grid[0])
    text = tuple("".join(REGION_NAMES[g] for g in row) for row in grid)
    names = list(dict.fromkeys(ch for row in text for ch in row))
    return StarBattle(text, (stars,) * rows, (rows * stars // columns,) * columns,
                      dict.fromkeys(names, stars))


def proven_unique(puzzle: StarBattle, budget: Budget | None = None) -> bool:
    """Exactly one solution, counted (a count with limit 2), within ``budget`` if given."""
    result = count(puzzle, 2, limits=budget.sub() if budget is not None else None,
                   kernels=_kernels(puzzle))
    if budget is not None:
        budget.spend(result.stats)
    return result.count == 1 and result.complete
