"""The SAT engine: enumeration with blocking, lazy clauses, counting limits and budgets."""

from __future__ import annotations

import pytest

from puzzlesmith.engines.sat import SatModel, count, solutions, solve
from puzzlesmith.errors import UsageError
from puzzlesmith.results import Limits, Status


def three_choose(k: int) -> tuple[SatModel, list[int]]:
    model = SatModel()
    xs = model.new(3)
    model.exactly(xs, k)
    return model, xs


@pytest.mark.parametrize("k, expected", [(0, 1), (1, 3), (2, 3), (3, 1), (4, 0), (-1, 0)])
def test_exactly_k_counts_binomials(k, expected):
    model, xs = three_choose(k)
    result = count(model, xs)
    assert result.count == expected and result.complete


def test_answers_are_distinct_on_the_answer_variables_only():
    model = SatModel()
    a, b, hidden = model.new(3)
    model.add([a, b])
    assert count(model, [a, b]).count == 3  # hidden is free but never doubles a count


def test_lazy_clauses_reject_models():
    model, xs = three_choose(1)
    lazy = lambda true: [[-xs[0]]] if xs[0] in true else []
    found = list(solutions(model, xs, lazy=lazy))
    assert sorted(map(sorted, found)) == [[xs[1]], [xs[2]]]


def test_uniqueness_takes_two():
    model, xs = three_choose(3)
    assert solve(model, xs, unique=True).unique is True
    model, xs = three_choose(1)
    result = solve(model, xs, unique=True)
    assert result.unique is False and result.verdict() is Status.UNSOLVABLE


def test_count_stops_at_limit():
    model, xs = three_choose(1)
    result = count(model, xs, 2)
    assert result.count == 2 and not result.complete and result.status is Status.SOLVED


def test_an_unsatisfiable_model_has_no_answer():
    model, xs = three_choose(1)
    model.add([])
    assert solve(model, xs).status is Status.UNSOLVABLE


def test_a_node_budget_gives_up():
    model = SatModel()
    pigeons = [model.new(5) for _ in range(6)]  # six pigeons, five holes: hard for resolution
    for row in pigeons:
        model.add(row)
    for hole in zip(*pigeons, strict=True):
        model.at_most(list(hole), 1)
    result = count(model, [v for row in pigeons for v in row], limits=Limits(nodes=5))
    assert result.status is Status.GAVE_UP and not result.complete


def test_unknown_solver_is_refused():
    model, xs = three_choose(1)
    with pytest.raises(UsageError, match="unknown SAT solver"):
        solve(model, xs, solver="magic")
