"""Generate Star Battle puzzles with exactly one solution.

The default method ("grow"), every stage bounded and restarted with fresh random choices
when it fails:

1. draw a random star placement: the exact-cover engine's first solution, under a random
   option order, of the board without regions;
2. grow one region around every star by a random flood fill, then merge neighbouring
   one-star regions into k-star regions (smallest choice first; :mod:`.regions`);
3. repair ambiguity: while the solver finds a second solution, take a cell where that
   solution has a star and the planted one has none, and hand it to a neighbouring region
   (keeping both regions connected): the planted solution stays valid, the other breaks;
4. prove uniqueness with the exact solver (a count with limit 2), and check the planted
   solution with the independent checker (3 and 4: :mod:`.proof`);
5. bring it to a level of :mod:`.deduce` (:mod:`.easing`): with ``difficulty``, a puzzle
   that the rules of the level below already finish is dropped, and one that needs harder
   rules is eased: cells the level's rules leave open are handed to neighbouring regions
   while the rules decide more cells, the puzzle stays unique and the level below still
   cannot finish it (a few moves that decide as much cross a plateau); without one, a
   puzzle that needs search is eased until the rules of every level finish it (unless
   ``by_rules`` is false).

The "genetic" method follows the seed's pipeline on the genetic-algorithm engine: the same
random placement and k-star regions, cut back to strips joining each region's stars; then a
population of ways to hand the other cells to neighbouring regions evolves towards a single
solution (fitness: the solution count, capped, minus one; disconnected regions are penalised).
The seed's known problems are fixed: every stage is bounded and restarts on failure.

Every stage runs under one :class:`Budget`: the caller's deadline and node budget are shared
by every inner search (their nodes add up), rating and easing; when either runs out, the
generation raises :class:`~puzzlesmith.errors.LimitReached`.

>>> made = generate_one(6, stars=1, seed=2)
>>> made.instance.rows, len(made.solution), made.details["unique"]
(6, 6, True)
>>> proven_unique(made.instance)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ...errors import LimitReached, NoPuzzle, UsageError, check_method
from ...results import Generated, Limits, SolveResult, Stats, Status
from .board import NO_REGION, VOID, Cell, StarBattle, solution_rows
from .check import violations
from .deduce import LEVELS
from .easing import build_by_rules, to_level
from .formats import _sb
from .proof import Budget, kernels_for, proven_unique, repair, search_limits
from .regions import REGION_NAMES, as_puzzle, connected, grow_regions, neighbours
from .solve import count, model

__all__ = ["generate_one", "Budget", "METHODS", "DIFFICULTIES", "check_shape",
           "parse_size", "proven_unique", "REGION_NAMES"]


METHODS = ("grow", "genetic")
DIFFICULTIES = LEVELS[:4]  # easy, medium, hard, expert: every level but "needs search"
DIFFICULTY_ATTEMPTS = 60  # star placements tried for one puzzle of a given difficulty


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


def generate_one(rows: int, columns: int | None = None, stars: int = 1, *,
                 seed: int | None = None, method: str = "grow", difficulty: str | None = None,
                 by_rules: bool = True, limits: Limits | None = None,
                 budget: Budget | None = None,
                 progress: Callable[[Stats], None] | None = None) -> Generated:
    """A random ``rows``×``columns`` puzzle with ``stars`` per row and region, proven unique,
    rated, its text the ``.sb`` format with its solution.

    With a ``difficulty`` (a level of :mod:`.deduce`), a unique puzzle is then reshaped until
    the rule solver of that level finishes it, and kept only if it rates exactly so.
    Without one, the puzzle is kept at whatever level it rates, but (``by_rules``, the
    default) only once the rules finish it: one that needs search is reshaped until the
    rules of every level do.
    ``budget`` (else one made from ``limits``) is shared by every stage; its
    ``stats.extra`` counts ``attempts`` (star placements drawn) and ``repairs`` (cells handed
    to another region; for the genetic method, layouts evaluated).  The budget running out
    raises ``LimitReached`` saying where; a shape no stars fit raises ``NoPuzzle``.
    """
    columns = columns or rows
    check_method(method, METHODS)
    check_method(difficulty, DIFFICULTIES, "difficulty")
    check_shape(rows, columns, stars)
    budget = budget or Budget(limits or Limits())
    budget.progress = progress or budget.progress
    for key in ("attempts", "repairs"):
        budget.stats.extra.setdefault(key, 0)
    rng = random.Random(seed)
    try:
        puzzle, planted, level = _generate(rows, columns, stars, rng, method, difficulty,
                                           by_rules, budget, progress)
    except LimitReached as reached:
        raise LimitReached(f"{reached}; reached {_reached(budget.stats)}") from None
    by_rules = level != LEVELS[-1]
    text = _sb(puzzle, planted, comment=f"generated by puzzlesmith: seed {seed}, rating "
                                        f"{level}, "
                                        + ("solved by deductions" if by_rules else "needs search"))
    return Generated(puzzle.with_given(planted), text, planted, seed=seed, rating=level,
                     details={"regions": list(puzzle.grid),
                              "solution": solution_rows(puzzle, planted), "unique": True,
                              "solved_by_deductions": by_rules})


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
              progress: Callable[[Stats], None] | None
              ) -> tuple[StarBattle, list[Cell], str]:
    """The puzzle, its planted solution and its level (see :func:`generate_one`)."""
    stats = budget.stats
    for _ in range(DIFFICULTY_ATTEMPTS if difficulty is not None else 1 << 62):
        budget.check()
        stats.extra["attempts"] += 1
        budget.report("placing stars")
        placement = _random_placement(rows, columns, stars, rng, budget)
        if placement.status is Status.UNSOLVABLE:  # no stars fit: no puzzle of this shape
            raise NoPuzzle(f"no {rows}x{columns} board holds {stars} stars per row and "
                           f"{rows * stars // columns} per column")
        planted = placement.solution
        if planted is not None:
            budget.report("growing regions")
            grid = grow_regions(rows, columns, stars, planted, rng)
            if grid is not None:
                mend = repair if method == "grow" else _evolve
                if method == "grow" and difficulty is None and rows * columns >= BUILD_CELLS:
                    mend = build_by_rules
                puzzle = mend(grid, stars, planted, rng, budget)
                level = ""
                if puzzle is not None:
                    budget.report("rating")
                    puzzle, level = to_level(puzzle, stars, planted, difficulty, by_rules,
                                             rng, budget)
                if puzzle is not None:
                    return puzzle, sorted(planted), level
        if progress is not None:
            progress(stats)
    raise LimitReached(f"difficulty {difficulty!r} seems out of reach for {rows}x{columns} "
                       f"with {stars} star(s): not reached in {DIFFICULTY_ATTEMPTS} attempts")


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
        limits = search_limits(budget, nodes)
        result = model(blank, seed=rng.randrange(1 << 30), limits=limits, strong=False).solve(
            limits=limits, kernels=kernels_for(blank))
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
    limits = search_limits(budget, BAND_NODES)
    result = model(band_puzzle, seed=rng.randrange(1 << 30), limits=limits,
                   strong=False).solve(limits=limits, kernels=kernels_for(band_puzzle))
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
BUILD_CELLS = 400      # 20x20 and up, without a difficulty: regions built by the rules


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
                near = [filled[nr][nc] for nr, nc in neighbours((r, c), rows, columns)
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
        if not all(connected([(r, c) for r in range(rows) for c in range(columns)
                              if layout[r][c] == g], rows, columns) for g in set(genes)):
            return 2 * SOLUTION_CAP
        found = count(as_puzzle(layout, stars), SOLUTION_CAP,
                      limits=budget.sub(FITNESS_SECONDS))
        budget.spend(found.stats)
        return (found.count if found.complete else SOLUTION_CAP) - target

    def mutate(genes: bytearray) -> None:
        r, c = rng.choice(loose)
        near = [genes[nr * columns + nc] for nr, nc in neighbours((r, c), rows, columns)]
        genes[r * columns + c] = rng.choice(near)

    def crossover(male: bytearray, female: bytearray) -> bytearray:
        cut = rng.randrange(1, rows) * columns
        return male[:cut] + female[cut:]

    if not loose:
        return repair(grid, stars, planted, rng, budget)
    ga = GeneticAlgorithm(individual, fitness, mutate, crossover, seed=rng)
    result = ga.run(ga.population(GA_POPULATION), target=1, goal=0, patience=GA_PATIENCE,
                    limits=Limits(seconds=budget.remaining_seconds()))
    budget.stats.extra["repairs"] += result.stats.nodes
    if result.status is not Status.SOLVED:
        return None
    puzzle = as_puzzle(as_grid(result.best), stars)
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
            for nb in neighbours(cell, rows, columns):
                if nb not in back and grid[nb[0]][nb[1]] == region:
                    back[nb] = cell
                    todo.append(nb)
        for cell in cells:
            while cell is not None:
                strips[cell[0]][cell[1]] = region
                cell = back[cell]
    return strips

