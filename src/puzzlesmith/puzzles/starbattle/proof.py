"""The generator's limits and uniqueness proofs: the shared :class:`Budget`, the search for a
second solution, and the repair that breaks it by handing cells to other regions.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...errors import LimitReached
from ...results import Limits, Stats
from .board import Cell, Marks, StarBattle
from .check import violations
from .deduce import decide
from .regions import as_puzzle, hand_over, neighbours
from .solve import count, model


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


def proven_unique(puzzle: StarBattle, budget: Budget | None = None) -> bool:
    """Exactly one solution, counted (a count with limit 2), within ``budget`` if given."""
    result = count(puzzle, 2, limits=budget.sub() if budget is not None else None,
                   kernels=kernels_for(puzzle))
    if budget is not None:
        budget.spend(result.stats)
    return result.count == 1 and result.complete


def second_solution(puzzle: StarBattle, planted: set[Cell],
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
        state = rules_state(puzzle, RULES_FIRST_LEVEL, budget)
        stars = frozenset(cell for cell, v in state.items() if v == 1)
        if all(state.values()) and stars == planted:
            return None
        budget.report("proving unique", open=sum(1 for v in state.values() if not v))
        marks = Marks(stars, frozenset(cell for cell, v in state.items() if v == 2))
    limits = search_limits(budget, SECOND_NODES)
    search = model(puzzle, limits=limits, marks=marks).solutions(limits,
                                                                 kernels=kernels_for(puzzle))
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


def rules_state(puzzle: StarBattle, level: str, budget: Budget) -> dict[Cell, int]:
    """What the rules of ``level`` decide: every cell 0 (open), 1 (star) or 2 (empty)."""
    return decide(puzzle, level, limits=budget.limits, phase="generating")[0]


def search_limits(budget: Budget, nodes: int) -> Limits:
    """The budget's remaining limits, capped at ``nodes`` nodes (a deterministic cut-off)."""
    limits = budget.sub()
    cap = nodes if limits.nodes is None else min(nodes, limits.nodes)
    return Limits(nodes=cap, seconds=limits.seconds, memory=limits.memory)


def kernels_for(puzzle: StarBattle) -> str:
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


def repair(grid: list[list[int]], stars: int, planted: list[Cell], rng: random.Random,
           budget: Budget) -> StarBattle | None:
    """Move cells between regions until the planted solution is the only one (bounded)."""
    rows, columns = len(grid), len(grid[0])
    planted_set = set(planted)
    reshapes = REPAIR_RESHAPES
    for _ in range(rows * columns + 10):  # then restart from a fresh placement
        budget.check()
        puzzle = as_puzzle(grid, stars)
        other = second_solution(puzzle, planted_set, budget)
        if other is None:
            return puzzle if not violations(puzzle, planted) else None
        budget.stats.extra["repairs"] += 1
        candidates = [cell for cell in other if cell not in planted_set]
        budget.report("repairing (a second solution)")
        rng.shuffle(candidates)
        if hand_over_share(grid, candidates, rng):
            continue
        # each such cell holds its region together: reshape beside one of them, a few times
        around = [nb for cell in candidates for nb in neighbours(cell, rows, columns)
                  if nb not in planted_set]
        rng.shuffle(around)
        if not reshapes or not any(hand_over(grid, cell, rng) for cell in around):
            return None
        reshapes -= 1
    return None


def hand_over_share(grid: list[list[int]], candidates: list[Cell], rng: random.Random) -> int:
    """Hand over one in :data:`REPAIR_SHARE` of ``candidates`` (at least one; the cells
    where the other solution has a star and the planted one none, shuffled): when the two
    solutions differ widely, as at 20x20, one proof breaks many of the nearby solutions at
    once instead of one.  How many cells moved."""
    want, moved = max(1, len(candidates) // REPAIR_SHARE), 0
    for cell in candidates:
        if moved == want:
            break
        moved += hand_over(grid, cell, rng)
    return moved


REPAIR_RESHAPES = 3  # moves beside a stuck cell per repair, then a fresh start
REPAIR_SHARE = 4     # one in this many cells where the solutions differ moves per repair
