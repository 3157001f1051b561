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
   solution with the independent checker.

The "genetic" method follows the seed's pipeline on the genetic-algorithm engine: the same
random placement and k-star regions, cut back to strips joining each region's stars; then a
population of ways to hand the other cells to neighbouring regions evolves towards a single
solution (fitness: the solution count, capped, minus one; disconnected regions are penalised).
The seed's known problems are fixed: every stage is bounded and restarts on failure.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import UsageError
from ...results import Limits, Stats, Status
from .board import StarBattle, count, is_solution, solve
from .rules import LEVELS, explain, rate

__all__ = ["generate", "GenerateResult", "METHODS"]

METHODS = ("grow", "genetic")
Cell = tuple[int, int]
REGION_NAMES = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


@dataclass
class GenerateResult:
    """A generated puzzle, its solution and statistics.  Without a puzzle, the status says
    why: ``GAVE_UP`` (a limit, or a difficulty not reached in its attempts) or ``UNSOLVABLE``
    (no star placement of that shape exists).

    ``stats.extra`` holds ``attempts`` (star placements drawn) and ``repairs`` (cells handed
    to another region to break a second solution; for the genetic method, layouts evaluated).
    """

    status: Status
    puzzle: StarBattle | None
    solution: list[Cell] | None
    stats: Stats = field(default_factory=Stats)


def generate(rows: int, columns: int | None = None, stars: int = 1, *, seed: int | None = None,
             method: str = "grow", difficulty: str | None = None,
             limits: Limits | None = None,
             progress: Callable[[Stats], None] | None = None) -> GenerateResult:
    """A random square (or ``rows``×``columns``) puzzle with ``stars`` per unit, proven unique.

    With a ``difficulty`` (a level of :mod:`.rules`), a unique puzzle is then reshaped until
    the rule solver of that level finishes it, and kept only if it rates exactly so.
    """
    columns = columns or rows
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}; choose from {', '.join(METHODS)}")
    if difficulty not in (None, *LEVELS[:3]):
        raise UsageError(f"unknown difficulty {difficulty!r}; choose from "
                         f"{', '.join(LEVELS[:3])}")
    _check_size(rows, columns, stars)
    rng = random.Random(seed)
    limits = limits or Limits()
    deadline = limits.deadline()
    stats = Stats(extra={"attempts": 0, "repairs": 0})
    start = time.monotonic()
    while deadline is None or time.monotonic() < deadline:
        if difficulty is not None and stats.extra["attempts"] >= DIFFICULTY_ATTEMPTS:
            break  # that level may be out of reach for this size: say so, do not hang
        stats.extra["attempts"] += 1
        placement = _random_placement(rows, columns, stars, rng)
        if placement.status is Status.UNSOLVABLE:  # no stars fit: no puzzle of this shape
            stats.seconds = time.monotonic() - start
            return GenerateResult(Status.UNSOLVABLE, None, None, stats)
        planted = placement.solution
        if planted is not None:
            grid = _grow_regions(rows, columns, stars, planted, rng)
            if grid is not None:
                mend = _repair if method == "grow" else _evolve
                puzzle = mend(grid, stars, planted, rng, stats, deadline)
                if puzzle is not None and difficulty is not None:
                    puzzle = _ease(puzzle, stars, planted, difficulty, rng, stats, deadline)
                if puzzle is not None:
                    stats.seconds = time.monotonic() - start
                    return GenerateResult(Status.SOLVED, puzzle, sorted(planted), stats)
        stats.seconds = time.monotonic() - start
        if progress is not None:
            progress(stats)
    return GenerateResult(Status.GAVE_UP, None, None, stats)


def _check_size(rows: int, columns: int, stars: int) -> None:
    if rows < 1 or columns < 1 or stars < 1:
        raise UsageError("rows, columns and stars must be positive")
    if (rows * stars) % columns:
        raise UsageError(f"{rows * stars} stars cannot be shared equally among {columns} columns")
    regions = rows * stars // stars
    if regions > len(REGION_NAMES):
        raise UsageError(f"at most {len(REGION_NAMES)} regions")
    if stars > (min(rows, columns) + 1) // 2:
        raise UsageError(f"a line of {min(rows, columns)} cells cannot hold {stars} stars")


def _random_placement(rows: int, columns: int, stars: int, rng: random.Random):
    """Stars in every row and column, none touching: a random first solution (a solve result;
    its status says when no placement exists at all)."""
    blank = StarBattle((" " * columns,) * rows, (stars,) * rows,
                       (rows * stars // columns,) * columns, {})
    return solve(blank, seed=rng.randrange(1 << 30), limits=Limits(seconds=5))


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
            stats: Stats, deadline: float | None) -> StarBattle | None:
    """Move cells between regions until the planted solution is the only one (bounded)."""
    rows, columns = len(grid), len(grid[0])
    planted_set = set(planted)
    for _ in range(rows * columns + 10):  # then restart from a fresh placement
        if deadline is not None and time.monotonic() >= deadline:
            return None
        puzzle = _as_puzzle(grid, stars)
        other = _second_solution(puzzle, planted_set)
        if other is None:
            return puzzle if is_solution(puzzle, planted) else None
        stats.extra["repairs"] += 1
        candidates = [cell for cell in other if cell not in planted_set]
        rng.shuffle(candidates)
        if not any(_hand_over(grid, cell, rng) for cell in candidates):
            return None
    return None


def _evolve(grid: list[list[int]], stars: int, planted: list[Cell], rng: random.Random,
            stats: Stats, deadline: float | None) -> StarBattle | None:
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
        layout = as_grid(genes)
        if not all(_connected([(r, c) for r in range(rows) for c in range(columns)
                               if layout[r][c] == g], rows, columns) for g in set(genes)):
            return 2 * SOLUTION_CAP
        found = count(_as_puzzle(layout, stars), SOLUTION_CAP, limits=Limits(seconds=5))
        return (found.count if found.complete else SOLUTION_CAP) - target

    def mutate(genes: bytearray) -> None:
        r, c = rng.choice(loose)
        near = [genes[nr * columns + nc] for nr, nc in _neighbours((r, c), rows, columns)]
        genes[r * columns + c] = rng.choice(near)

    def crossover(male: bytearray, female: bytearray) -> bytearray:
        cut = rng.randrange(1, rows) * columns
        return male[:cut] + female[cut:]

    if not loose:
        return _repair(grid, stars, planted, rng, stats, deadline)
    ga = GeneticAlgorithm(individual, fitness, mutate, crossover, seed=rng)
    left = None if deadline is None else max(deadline - time.monotonic(), 0.0)
    result = ga.run(ga.population(GA_POPULATION), target=1, goal=0, patience=GA_PATIENCE,
                    limits=Limits(seconds=left))
    stats.extra["repairs"] += result.stats.nodes
    if result.status is not Status.SOLVED:
        return None
    puzzle = _as_puzzle(as_grid(result.best), stars)
    return puzzle if is_solution(puzzle, planted) and proven_unique(puzzle) else None


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


def _ease(puzzle: StarBattle, stars: int, planted: list[Cell], level: str, rng: random.Random,
          stats: Stats, deadline: float | None) -> StarBattle | None:
    """Hand cells the ``level`` rules leave undecided to neighbouring regions, keeping the
    puzzle unique, while the rules decide more; the puzzle if it then rates ``level``."""
    grid = [[REGION_NAMES.index(ch) for ch in row] for row in puzzle.grid]
    rows, columns = len(grid), len(grid[0])
    planted_set = set(planted)
    decided = _decided(puzzle, level)
    for _ in range(rows * columns):
        if decided == rows * columns or (deadline is not None and time.monotonic() >= deadline):
            break
        _, state = explain(puzzle, level)
        open_cells = [cell for cell, v in state.items() if v == 0 and cell not in planted_set]
        moves = [(cell, g) for cell in open_cells for g in _handovers(grid, cell)]
        rng.shuffle(moves)
        for cell, region in moves[:EASING_MOVES]:
            old = grid[cell[0]][cell[1]]
            grid[cell[0]][cell[1]] = region
            trial = _as_puzzle(grid, stars)
            better = _decided(trial, level)
            if better > decided and proven_unique(trial):
                puzzle, decided = trial, better
                stats.extra["repairs"] += 1
                break
            grid[cell[0]][cell[1]] = old
        else:
            return None
    return puzzle if rate(puzzle).level == level else None


EASING_MOVES = 12  # moves tried per easing round
DIFFICULTY_ATTEMPTS = 60  # star placements tried for one puzzle of a given difficulty


def _decided(puzzle: StarBattle, level: str) -> int:
    return sum(1 for v in explain(puzzle, level)[1].values() if v)


def _second_solution(puzzle: StarBattle, planted: set[Cell]) -> list[Cell] | None:
    """A solution other than the planted one, or None when there is none (proven)."""
    result = solve(puzzle, unique=True, limits=Limits(seconds=10))
    if result.unique:
        return None
    if result.unique is None:  # undecided within the limit: treat as ambiguous
        return result.solution or []
    if set(result.solution) != planted:
        return result.solution
    from .board import solutions

    for solution in solutions(puzzle):
        if set(solution) != planted:
            return solution
    return None


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


def proven_unique(puzzle: StarBattle) -> bool:
    """An independent check for callers and tests: exactly one solution, counted."""
    return count(puzzle, 2).count == 1
