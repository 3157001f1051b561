"""Min-conflicts repair engine on two CSPs: N-Queens (rows model) and graph colouring."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.engines.minconflicts import min_conflicts
from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles.queens import RowsProblem, is_solution
from puzzlesmith.results import Limits, Status


class Colouring:
    """Colour a graph's vertices with k colours, adjacent vertices different."""

    def __init__(self, edges, k, rng):
        self.k = k
        self.adj = {}
        for a, b in edges:
            self.adj.setdefault(a, set()).add(b)
            self.adj.setdefault(b, set()).add(a)
        self.colour = {v: rng.randrange(k) for v in self.adj}

    def variables(self):
        return sorted(self.adj)

    def values(self, v):
        return range(self.k)

    def value(self, v):
        return self.colour[v]

    def conflicts(self, v, c):
        return sum(self.colour[u] == c for u in self.adj[v])

    def assign(self, v, c):
        self.colour[v] = c


def cycle(n):
    return [(i, (i + 1) % n) for i in range(n)]


@pytest.mark.parametrize("n", [4, 8, 30, 60])
def test_queens_are_repaired(n):
    rng = random.Random(n)
    problem = RowsProblem(n, rng)
    result = min_conflicts(problem, max_steps=200_000, seed=rng)
    assert result.status is Status.SOLVED and result.conflicted == 0
    assert is_solution(problem.rows)


def test_graph_colouring_and_determinism():
    runs = []
    for _ in range(2):
        problem = Colouring(cycle(40), 2, random.Random(1))
        result = min_conflicts(problem, max_steps=100_000, seed=9)
        assert result.status is Status.SOLVED
        assert all(problem.colour[a] != problem.colour[b] for a, b in cycle(40))
        runs.append((dict(problem.colour), result.stats.nodes))
    assert runs[0] == runs[1]


def test_impossible_problem_gives_up_at_the_step_limit():
    problem = Colouring(cycle(5), 2, random.Random(1))  # an odd cycle is not 2-colourable
    result = min_conflicts(problem, max_steps=300, seed=1)
    assert result.status is Status.GAVE_UP and result.conflicted > 0
    assert result.stats.nodes == 300
    limited = min_conflicts(Colouring(cycle(5), 2, random.Random(1)), max_steps=None,
                            limits=Limits(nodes=50), seed=1)
    assert limited.status is Status.GAVE_UP and limited.stats.nodes == 50


def test_needs_an_end():
    with pytest.raises(UsageError):
        min_conflicts(Colouring(cycle(4), 2, random.Random(1)), max_steps=None)


def test_progress_callback(monkeypatch):
    import puzzlesmith.engines.minconflicts as module

    clock = iter(range(10**6))
    monkeypatch.setattr(module.time, "monotonic", lambda: next(clock))
    seen = []
    problem = Colouring(cycle(5), 2, random.Random(1))
    min_conflicts(problem, max_steps=5000, seed=1, progress=seen.append)
    assert seen and {"steps", "conflicted"} <= set(seen[0])
