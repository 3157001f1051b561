"""Genetic algorithm engine: the seed's contract, the run loop, memoisation, determinism."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.engines.genetic import GeneticAlgorithm, freeze
from puzzlesmith.errors import UsageError
from puzzlesmith.results import Limits, Stats, Status


def onemax(seed, calls=None):
    """Bit strings; fitness = number of zeros (to minimise)."""
    rng = random.Random(seed)

    def fitness(x, target):
        if calls is not None:
            calls.append(1)
        return abs(sum(x) - target)

    return GeneticAlgorithm(
        individual=lambda n: [rng.randrange(2) for _ in range(n)],
        fitness=fitness,
        mutate=lambda x: x.__setitem__(rng.randrange(len(x)), rng.randrange(2)),
        crossover=lambda a, b: a[: len(a) // 2] + b[len(a) // 2:],
        seed=rng)


def test_seed_contract_population_grade_evolve():
    ga = onemax(1)
    pop = ga.population(20, 10)
    assert len(pop) == 20 and all(len(x) == 10 for x in pop)
    before = ga.grade(pop, 10)
    for _ in range(30):
        pop = ga.evolve(pop, 10, retain=0.2, random_select=0.1, mutate=0.2)
        assert len(pop) == 20
    assert ga.grade(pop, 10) < before


def test_run_reaches_goal_and_reports_statistics():
    ga = onemax(2)
    result = ga.run(ga.population(30, 16), 16, generations=500)
    assert result.status is Status.SOLVED and result.fitness == 0 and sum(result.best) == 16
    assert result.history[-1] == 0 and len(result.history) == result.stats.extra["generations"] + 1
    best, fitness = result
    assert fitness == 0 and best is result.best


@pytest.mark.parametrize("tournament", [None, 3])
def test_elitism_keeps_the_best_fitness_monotone(tournament):
    ga = onemax(3)
    result = ga.run(ga.population(20, 30), 30, generations=40, goal=-1, elite=2,
                    tournament=tournament)
    assert result.status is Status.GAVE_UP
    assert all(a >= b for a, b in zip(result.history, result.history[1:], strict=False))


def test_memoisation_saves_fitness_calls():
    calls = []
    ga = onemax(4, calls)
    x = [1, 0, 1]
    assert ga.fitness(x, 3) == ga.fitness(list(x), 3) == 1
    assert len(calls) == 1 and ga.memo_hits == 1
    calls2 = []
    plain = onemax(4, calls2)
    plain.key = None
    plain.fitness(x, 3)
    plain.fitness(x, 3)
    assert len(calls2) == 2


def test_same_seed_same_run():
    a = onemax(5).run(onemax(5).population(20, 20), 20, generations=30, goal=-1)
    ga = onemax(5)
    b = ga.run(ga.population(20, 20), 20, generations=30, goal=-1)
    ga = onemax(5)
    c = ga.run(ga.population(20, 20), 20, generations=30, goal=-1)
    assert b.history == c.history and b.best == c.best
    assert a.stats.extra["generations"] == 30


def test_stop_criteria_patience_and_limits():
    ga = onemax(6)
    pop = ga.population(10, 8)
    assert ga.run(pop, 8, goal=-1, patience=5).status is Status.GAVE_UP
    result = ga.run(pop, 8, goal=-1, limits=Limits(nodes=50))
    assert result.status is Status.GAVE_UP and result.stats.nodes >= 50
    with pytest.raises(UsageError):
        ga.run([], 8)
    with pytest.raises(UsageError):
        ga.run(pop, 8, goal=None)
    with pytest.raises(UsageError):
        ga.evolve(pop, 8, retain=2)


def test_freeze_keys():
    assert freeze([1, 2]) == (1, 2)
    assert freeze(bytearray(b"ab")) == b"ab"
    assert freeze("ab") == "ab"


def test_progress_callback(monkeypatch):
    import puzzlesmith.engines.genetic as module

    clock = iter(range(10**6))
    monkeypatch.setattr(module.time, "monotonic", lambda: next(clock))
    seen = []
    ga = onemax(7)
    ga.run(ga.population(10, 40), 40, goal=-1, generations=5, progress=seen.append)
    assert seen and all(isinstance(s, Stats) for s in seen)
    assert {"generation", "best", "mean"} <= set(seen[0].extra) and seen[0].nodes > 0


def test_population_of_one_shared_object_does_not_hang():
    rng = random.Random(8)
    shared = [0, 1, 0]
    ga = GeneticAlgorithm(lambda: shared, lambda x, t: sum(x), lambda x: None,
                          lambda a, b: a, seed=rng)
    pop = ga.population(5)
    assert len(ga.evolve(pop, 0)) == 5
