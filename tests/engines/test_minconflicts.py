"""Min-conflicts repair engine on two CSPs: N-Queens (rows model) and graph colouring."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.engines.minconflicts import min_conflicts
from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles.queens.board import Board
from puzzlesmith.puzzles.queens.check import violations
from puzzlesmith.puzzles.queens.solve import RowsProblem
from puzzlesmith.results import Limits, Stats, Status


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
    problem = RowsProblem(Board(n), rng)
    for _ in range(20):  # plain min-conflicts may stall in a local minimum: restart
        result = min_conflicts(problem, max_steps=20_000, seed=rng)
        if result.status is Status.SOLVED:
            break
        problem = RowsProblem(Board(n), rng)
    assert result.status is Status.SOLVED and result.conflicted == 0
    assert not violations(Board(n), problem.rows)


def test_queens_with_a_given_queen_that_never_moves():
    rng = random.Random(5)
    board = Board(8, ((0, 0),))
    problem = RowsProblem(board, rng)
    assert list(problem.variables()) == list(range(1, 8))
    min_conflicts(problem, max_steps=2000, seed=rng)
    assert problem.rows[0] == 0


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
    assert seen and all(isinstance(s, Stats) for s in seen)
    assert "conflicted" in seen[0].extra and seen[0].nodes > 0
