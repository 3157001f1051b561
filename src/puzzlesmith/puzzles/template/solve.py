"""Search, the deductions a player makes, and generation.

>>> from .board import parse
>>> latin = parse("1..\\n.1.\\n...")
>>> stats = Stats()
>>> next(search(latin.cells, 3, limits=Limits(), stats=stats))
(1, 2, 3, 3, 1, 2, 2, 3, 1)
>>> print(hint(latin.cells, 3).text(3))
r3c3 is 1: the only place for 1 in row 3
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from puzzlesmith.errors import LimitReached
from puzzlesmith.results import Limits, Stats

from .board import cell_name, units


def candidates(cells: tuple[int, ...] | list[int], n: int, i: int) -> set[int]:
    """The values cell ``i`` may still hold: those not yet in its row or column."""
    r, c = divmod(i, n)
    used = {cells[r * n + k] for k in range(n)} | {cells[k * n + c] for k in range(n)}
    return set(range(1, n + 1)) - used


def search(cells: tuple[int, ...], n: int, *, limits: Limits, stats: Stats,
           rng: random.Random | None = None) -> Iterator[tuple[int, ...]]:
    """Every completion of ``cells``, depth first on the cell with the fewest candidates
    (values in random order with ``rng``); ``LimitReached`` at a limit."""
    grid = list(cells)

    def fill() -> Iterator[tuple[int, ...]]:
        stats.nodes += 1
        if limits.nodes is not None and stats.nodes > limits.nodes:
            raise LimitReached(f"node limit {limits.nodes} reached while searching")
        limits.check("searching")
        blanks = [i for i, v in enumerate(grid) if not v]
        if not blanks:
            yield tuple(grid)
            return
        i = min(blanks, key=lambda j: len(candidates(grid, n, j)))
        values = sorted(candidates(grid, n, i))
        if rng is not None:
            rng.shuffle(values)
        for value in values:
            grid[i] = value
            yield from fill()
        grid[i] = 0

    return fill()


def count(cells: tuple[int, ...], n: int, limit: int | None, *, limits: Limits,
          stats: Stats) -> int:
    """How many completions ``cells`` has, stopping at ``limit``."""
    return sum(1 for _ in islice(search(cells, n, limits=limits, stats=stats), limit))


@dataclass(frozen=True)
class Step:
    """One deduction: ``value`` goes in ``cell`` because ``why`` (by ``rule``)."""

    rule: str
    cell: int
    value: int
    why: str

    def text(self, n: int) -> str:
        return f"{cell_name(self.cell, n)} is {self.value}: {self.why}"


def hint(cells: tuple[int, ...], n: int) -> Step | None:
    """The easiest deduction: a hidden single (a value with one place in a row or column),
    else a naked single (a cell with one value left); None when neither applies."""
    for unit, members in units(n):
        for value in set(range(1, n + 1)) - {cells[i] for i in members}:
            places = [i for i in members if not cells[i] and value in candidates(cells, n, i)]
            if len(places) == 1:
                return Step("hidden single", places[0], value,
                            f"the only place for {value} in {unit}")
    for i in (i for i, v in enumerate(cells) if not v):
        left = candidates(cells, n, i)
        if len(left) == 1:
            return Step("naked single", i, left.pop(), "the only value left for it")
    return None


def deduce(cells: tuple[int, ...], n: int) -> tuple[list[Step], tuple[int, ...]]:
    """The deductions in turn until none applies: (the steps, the cells then)."""
    steps = []
    while (step := hint(cells, n)) is not None:
        steps.append(step)
        cells = cells[:step.cell] + (step.value,) + cells[step.cell + 1:]
    return steps, cells


def generate(n: int, rng: random.Random, *, limits: Limits,
             stats: Stats) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(puzzle, solution): a random full square, then givens taken away in random order
    while the puzzle keeps exactly one solution (so it is minimal)."""
    solution = next(search((0,) * n * n, n, limits=limits, stats=stats, rng=rng))
    cells = list(solution)
    for i in rng.sample(range(n * n), n * n):
        cells[i] = 0
        if count(tuple(cells), n, 2, limits=limits, stats=stats) != 1:
            cells[i] = solution[i]
    return tuple(cells), solution
