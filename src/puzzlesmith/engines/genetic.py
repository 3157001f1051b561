"""A small generic genetic algorithm with the seed document's contract.

The problem is four functions (the seed's factories):

* ``individual(*args)`` — a new individual (a mutable), from the ``args`` of :meth:`population`;
* ``fitness(individual, target)`` — a number to *minimise*;
* ``mutate(individual)`` — change it in place;
* ``crossover(male, female)`` — a new individual from two parents.

Functions that need randomness should draw it from the same ``random.Random`` that is given
to :class:`GeneticAlgorithm` (``seed=rng``; an int seed makes a fresh one, kept as ``.rng``),
so that one seed reproduces the whole run.

>>> import random
>>> rng = random.Random(4)
>>> ga = GeneticAlgorithm(
...     individual=lambda n: [rng.randrange(2) for _ in range(n)],
...     fitness=lambda x, target: abs(sum(x) - target),
...     mutate=lambda x: x.__setitem__(rng.randrange(len(x)), rng.randrange(2)),
...     crossover=lambda a, b: a[: len(a) // 2] + b[len(a) // 2:],
...     seed=rng)
>>> pop = ga.population(30, 12)
>>> result = ga.run(pop, target=12, generations=200)
>>> result.status.value, result.fitness, sum(result.best)
('solved', 0, 12)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from ..errors import UsageError
from ..results import Limits, Stats, Status

__all__ = ["GeneticAlgorithm", "GAResult", "freeze"]


def freeze(individual: Any) -> Hashable:
    """The default memo key: the individual itself if hashable, else a tuple or bytes of it."""
    if isinstance(individual, bytearray):
        return bytes(individual)
    if isinstance(individual, Hashable) and not isinstance(individual, list):
        return individual
    return tuple(individual)


@dataclass
class GAResult:
    """The best individual of the last generation graded, its fitness, status, statistics.

    ``history`` holds the best fitness of each generation.  Unpacks as ``best, fitness``.
    """

    best: Any
    fitness: float
    status: Status
    population: list
    stats: Stats = field(default_factory=Stats)
    history: list = field(default_factory=list)

    def __iter__(self):
        return iter((self.best, self.fitness))


class GeneticAlgorithm:
    """Evolve a population of individuals towards the lowest fitness.

    Each generation keeps the ``retain`` share of best individuals as parents, adds others
    with probability ``random_select`` (diversity), mutates parents with probability
    ``mutate`` and fills the population with children of random parent pairs — the seed's
    ``evolve``.  Extras: ``elite`` best individuals pass unmutated, ``tournament=k`` picks
    each parent as the best of ``k`` random individuals, fitness is memoised on
    ``key(individual)`` (``key=None`` turns memoisation off), and :meth:`run` loops with
    stop criteria and statistics.
    """

    def __init__(
        self,
        individual: Callable[..., Any],
        fitness: Callable[[Any, Any], float],
        mutate: Callable[[Any], None],
        crossover: Callable[[Any, Any], Any],
        *,
        seed: int | random.Random | None = None,
        key: Callable[[Any], Hashable] | None = freeze,
        memo_size: int = 1_000_000,
    ):
        self.individual = individual
        self.fitness_function = fitness
        self.mutate_individual = mutate
        self.crossover_individuals = crossover
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.key = key
        self.memo_size = memo_size
        self.memo: dict = {}
        self.evaluations = 0
        self.memo_hits = 0

    # -- the seed's contract -------------------------------------------------------------

    def fitness(self, individual: Any, target: Any) -> float:
        """The (memoised) fitness of one individual against ``target``."""
        if self.key is None:
            self.evaluations += 1
            return self.fitness_function(individual, target)
        k = (self.key(individual), target)
        value = self.memo.get(k)
        if value is None:
            self.evaluations += 1
            value = self.fitness_function(individual, target)
            if len(self.memo) >= self.memo_size:
                self.memo.clear()
            self.memo[k] = value
        else:
            self.memo_hits += 1
        return value

    def population(self, count: int, *args) -> list:
        """``count`` new individuals, each made by ``individual(*args)``."""
        return [self.individual(*args) for _ in range(count)]

    def grade(self, pop: list, target: Any) -> float:
        """The average fitness of a population."""
        return sum(self.fitness(x, target) for x in pop) / len(pop)

    def evolve(self, pop: list, target: Any, retain: float = 0.2, random_select: float = 0.1,
               mutate: float = 0.2, *, elite: int = 0, tournament: int | None = None) -> list:
        """One generation: the next population, of the same size as ``pop``."""
        return self._breed(self._graded(pop, target), len(pop), retain, random_select,
                           mutate, elite, tournament)

    # -- the loop ------------------------------------------------------------------------

    def run(self, pop: list, target: Any = 0, *, goal: float = 0,
            generations: int | None = None, patience: int | None = None,
            retain: float = 0.2, random_select: float = 0.1, mutate: float = 0.2,
            elite: int = 1, tournament: int | None = None, limits: Limits | None = None,
            progress: Callable[[Stats], None] | None = None) -> GAResult:
        """Evolve ``pop`` until the best fitness is ``<= goal`` (status ``SOLVED``).

        Gives up (``GAVE_UP``) after ``generations``, after ``patience`` generations without
        a better best, or past ``limits`` (``nodes`` = fitness evaluations, ``seconds``).
        ``progress`` gets one :class:`Stats` (fitness evaluations so far, seconds, and in
        ``extra`` the generation, best and mean fitness) about every 0.2 s.
        """
        if not pop:
            raise UsageError("the population is empty")
        limits = limits or Limits()
        if generations is None and patience is None and limits.nodes is None \
                and limits.seconds is None and goal is None:
            raise UsageError("run needs a goal, generations, patience or a limit to end")
        deadline = limits.deadline()
        began = time.monotonic()
        next_report = began + 0.2
        evaluations0, hits0 = self.evaluations, self.memo_hits
        history: list = []
        best_ever, since_better, generation = None, 0, 0
        status = Status.GAVE_UP
        while True:
            graded = self._graded(pop, target)
            best_fitness, best = graded[0]
            history.append(best_fitness)
            if best_ever is None or best_fitness < best_ever:
                best_ever, since_better = best_fitness, 0
            else:
                since_better += 1
            if goal is not None and best_fitness <= goal:
                status = Status.SOLVED
                break
            now = time.monotonic()
            if (generations is not None and generation >= generations) \
                    or (patience is not None and since_better >= patience) \
                    or (limits.nodes is not None
                        and self.evaluations - evaluations0 >= limits.nodes) \
                    or (deadline is not None and now >= deadline):
                break
            if progress and now >= next_report:
                next_report = now + 0.2
                mean = sum(f for f, _ in graded) / len(graded)
                progress(Stats(nodes=self.evaluations - evaluations0, seconds=now - began,
                               extra={"generation": generation, "best": best_fitness,
                                      "mean": mean}))
            pop = self._breed(graded, len(pop), retain, random_select, mutate, elite, tournament)
            generation += 1
        stats = Stats(nodes=self.evaluations - evaluations0, seconds=time.monotonic() - began,
                      extra={"generations": generation, "memo_hits": self.memo_hits - hits0})
        return GAResult(best, best_fitness, status, pop, stats, history)

    # -- internals -----------------------------------------------------------------------

    def _graded(self, pop: list, target: Any) -> list[tuple[float, Any]]:
        """``(fitness, individual)`` pairs, best first (ties keep population order)."""
        scored = [(self.fitness(x, target), i, x) for i, x in enumerate(pop)]
        scored.sort(key=lambda s: (s[0], s[1]))
        return [(f, x) for f, _, x in scored]

    def _breed(self, graded: list, size: int, retain: float, random_select: float,
               mutate: float, elite: int, tournament: int | None) -> list:
        if not (0 <= retain <= 1 and 0 <= random_select <= 1 and 0 <= mutate <= 1):
            raise UsageError("retain, random_select and mutate are rates between 0 and 1")
        rand = self.rng.random
        individuals = [x for _, x in graded]
        retain_length = max(int(len(individuals) * retain), min(2, len(individuals)), elite)
        parents = individuals[:retain_length]
        for individual in individuals[retain_length:]:
            if random_select > rand():
                parents.append(individual)
        for individual in parents[elite:]:
            if mutate > rand():
                self.mutate_individual(individual)
        children = []
        desired = size - len(parents)
        if tournament:
            pick = lambda: self._tournament(graded, tournament)
        else:
            pick = lambda: parents[self.rng.randrange(len(parents))]
        same = 0  # picks of one individual twice; allowed after many (a population of clones)
        while len(children) < desired:
            male, female = pick(), pick()
            if male is not female or len(parents) < 2 or same >= 100:
                children.append(self.crossover_individuals(male, female))
                same = 0
            else:
                same += 1
        return (parents + children)[:size]

    def _tournament(self, graded: list, k: int) -> Any:
        """The fittest of ``k`` individuals drawn at random (``graded`` is sorted)."""
        n = len(graded)
        return graded[min(self.rng.randrange(n) for _ in range(k))][1]
