"""The CSP engine: known counts, brute-force agreement, limits, statuses."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.engines.csp import CSP, Search, count, propagate, solve, unique
from puzzlesmith.engines.kernels import AUTO
from puzzlesmith.errors import UsageError
from puzzlesmith.results import Limits, Status


def queens(n: int) -> CSP:
    p = CSP()
    cols = [p.add_variable(i, range(n)) for i in range(n)]
    for i, j in itertools.combinations(range(n), 2):
        p.add_constraint(cols[i], cols[j],
                         predicate=lambda a, b, d=j - i: a != b and abs(a - b) != d)
    return p


def is_queens(n: int, sol: dict) -> bool:
    rows = [sol[i] for i in range(n)]
    return len(set(rows)) == n and all(
        abs(rows[i] - rows[j]) != j - i for i, j in itertools.combinations(range(n), 2))


def test_eight_queens_has_92_solutions():
    result = count(queens(8), keep=True)
    assert (result.count, result.complete, result.status) == (92, True, Status.SOLVED)
    assert all(is_queens(8, s) for s in result.solutions)
    assert len({tuple(sorted(s.items())) for s in result.solutions}) == 92


@pytest.mark.parametrize("restarts", [None, 3])
def test_queens_counts_with_and_without_restarts(restarts):
    search = Search(queens(6), restarts=restarts)
    assert len(list(search)) == 4 and search.complete


def test_seeded_value_order_is_reproducible_and_valid():
    a = solve(queens(12), seed=7).solution
    assert a == solve(queens(12), seed=7).solution
    assert is_queens(12, a)


def test_map_colouring_of_australia():
    regions = ["WA", "NT", "SA", "Q", "NSW", "V", "T"]
    borders = [("WA", "NT"), ("WA", "SA"), ("NT", "SA"), ("NT", "Q"), ("SA", "Q"),
               ("SA", "NSW"), ("SA", "V"), ("Q", "NSW"), ("NSW", "V")]

    def colouring(colours):
        p = CSP()
        for r in regions:
            p.add_variable(r, colours)
        for a, b in borders:
            p.add_constraint(p.var(a), p.var(b), predicate=lambda x, y: x != y)
        return p

    assert count(colouring("rgb")).count == 18       # 6 for the mainland x 3 for Tasmania
    assert solve(colouring("rg")).status is Status.UNSOLVABLE
    sol = solve(colouring("rgb")).solution
    assert all(sol[a] != sol[b] for a, b in borders)


SUDOKU = ("530070000600195000098000060800060003400803001700020006"
          "060000280000419005000080079")


def sudoku(grid: str) -> CSP:
    p = CSP()
    cells = {(r, c): p.add_variable((r, c), range(1, 10)) for r in range(9) for c in range(9)}
    for (r, c), v in cells.items():
        if grid[9 * r + c] != "0":
            p.restrict(v, [int(grid[9 * r + c])])
    units = [[(r, c) for c in range(9)] for r in range(9)]
    units += [[(r, c) for r in range(9)] for c in range(9)]
    units += [[(3 * br + i, 3 * bc + j) for i in range(3) for j in range(3)]
              for br in range(3) for bc in range(3)]
    for unit in units:
        p.add_all_different([cells[x] for x in unit])
    return p, units


def test_sudoku_is_solved_and_unique():
    p, units = sudoku(SUDOKU)
    result = unique(p)
    assert result.unique is True and result.status is Status.SOLVED
    sol = result.solution
    assert all(sorted(sol[x] for x in unit) == list(range(1, 10)) for unit in units)
    assert all(sol[(i // 9, i % 9)] == int(ch) for i, ch in enumerate(SUDOKU) if ch != "0")


def test_empty_sudoku_is_not_unique():
    p, _ = sudoku("0" * 81)
    result = unique(p)
    assert result.unique is False and result.wanted_unique
    assert result.verdict() is Status.UNSOLVABLE
    first, other = count(p, 2, keep=True).solutions
    assert first != other


def test_pairs_and_unary_and_self_constraints():
    p = CSP()
    x, y = p.add_variable("x", "abc"), p.add_variable("y", "abc")
    p.add_constraint(x, y, [("a", "b"), ("b", "c"), ("c", "a")])
    p.restrict(x, lambda v: v != "a")
    p.add_constraint(y, y, predicate=lambda a, b: a == b)   # a unary constraint in disguise
    sols = list(Search(p))
    assert sorted((s["x"], s["y"]) for s in sols) == [("b", "c"), ("c", "a")]


def test_custom_propagator_sum():
    class SumIsFive:
        def propagate(self, domains):
            lo = [int(d & -d).bit_length() - 1 for d in domains]
            hi = [int(d).bit_length() - 1 for d in domains]
            for v in range(len(domains)):
                rest_lo, rest_hi = sum(lo) - lo[v], sum(hi) - hi[v]
                keep = 0
                for a in range(6):
                    if domains[v] >> a & 1 and rest_lo + a <= 5 <= rest_hi + a:
                        keep |= 1 << a
                domains[v] = keep
            return bool(np.all(domains))

    p = CSP()
    for i in range(3):
        p.add_variable(i, range(6))
    p.add_propagator(SumIsFive())
    sols = list(Search(p))
    assert len(sols) == 21 and all(sum(s.values()) == 5 for s in sols)


def test_a_lazy_propagator_waits_for_the_others_fixpoint_and_changes_no_answer():
    class Cap:
        """x <= cap, one value a call (``step``) or at once; records the x it sees."""

        def __init__(self, cap: int, step: bool, lazy: bool = False):
            self.cap, self.step, self.lazy, self.seen = cap, step, lazy, []

        def propagate(self, domains):
            self.seen.append(int(domains[0]))
            top = int(domains[0]).bit_length() - 1
            if top > self.cap:
                keep = top if self.step else self.cap + 1
                domains[0] &= (1 << keep) - 1
            return bool(domains[0])

    answers, seen = [], []
    for lazy in (False, True):
        p = CSP()
        p.add_variable("x", range(8))
        p.add_variable("y", range(8))
        p.add_constraint(0, 1, predicate=lambda a, b: a < b)
        late = Cap(3, False, lazy)
        p.add_propagator(Cap(2, True))
        p.add_propagator(late)
        answers.append(propagate(p).tolist())
        seen.append(late.seen)
    assert answers[0] == answers[1] == [(1 << 3) - 1, (1 << 8) - 2]
    assert seen[0][0] == (1 << 6) - 1        # eager: called after each step of the first
    assert seen[1] == [(1 << 3) - 1]         # lazy: once, at the first one's fixpoint


def test_node_and_time_limits_give_up():
    result = count(queens(10), limits=Limits(nodes=5))
    assert result.status is Status.GAVE_UP and not result.complete
    assert result.stats.nodes <= 6
    assert count(queens(10), limits=Limits(seconds=0)).status is Status.GAVE_UP
    assert unique(queens(10), limits=Limits(nodes=1)).unique is None


def test_bad_arguments_are_usage_errors():
    p = CSP()
    p.add_variable("x", [1, 2])
    with pytest.raises(UsageError):
        p.add_variable("x", [1])
    with pytest.raises(UsageError):
        p.add_variable("y", [])
    with pytest.raises(UsageError):
        p.add_variable("z", range(64))
    with pytest.raises(UsageError):
        p.add_constraint(0, 5, predicate=lambda a, b: True)
    with pytest.raises(UsageError):
        p.add_constraint(0, 0)
    with pytest.raises(UsageError):
        count(p, 0)


def test_progress_callback_is_called():
    calls = []
    count(queens(9), progress=calls.append)
    assert calls and calls[-1].nodes >= 1024


@st.composite
def small_csps(draw):
    n = draw(st.integers(1, 5))
    sizes = [draw(st.integers(1, 4)) for _ in range(n)]
    constraints = []
    for x, y in itertools.combinations(range(n), 2):
        if draw(st.booleans()):
            pairs = draw(st.sets(st.tuples(st.integers(0, sizes[x] - 1),
                                           st.integers(0, sizes[y] - 1))))
            constraints.append((x, y, pairs))
    unary = [draw(st.sets(st.integers(0, sizes[v] - 1))) if draw(st.booleans()) else None
             for v in range(n)]
    return sizes, constraints, unary


@settings(max_examples=150, deadline=None)
@given(small_csps(), st.sampled_from([None, 2]), st.integers(0, 3))
def test_agrees_with_brute_force(problem, restarts, seed):
    sizes, constraints, unary = problem
    p = CSP()
    for v, size in enumerate(sizes):
        p.add_variable(v, range(size))
        if unary[v] is not None:
            p.restrict(v, unary[v])
    for x, y, pairs in constraints:
        p.add_constraint(x, y, pairs)
    expected = {
        a for a in itertools.product(*(range(s) for s in sizes))
        if all(unary[v] is None or a[v] in unary[v] for v in range(len(sizes)))
        and all((a[x], a[y]) in pairs for x, y, pairs in constraints)
    }
    search = Search(p, seed=seed, restarts=restarts)
    found = [tuple(s[v] for v in range(len(sizes))) for s in search]
    assert len(found) == len(set(found)) and set(found) == expected
    assert search.complete
    assert search.status is (Status.SOLVED if expected else Status.UNSOLVABLE)


def test_bulk_variables_and_bitset_restriction():
    p = CSP()
    assert list(p.add_variables("abc", range(3))) == [0, 1, 2]
    p.restrict_bits(p.var("b"), 0b110)
    p.add_all_different(range(3))
    with pytest.raises(UsageError):
        p.add_variables(["a"], range(3))
    assert {tuple(s.values()) for s in Search(p)} == {(0, 1, 2), (0, 2, 1), (1, 2, 0),
                                                       (2, 1, 0)}


@settings(max_examples=100, deadline=None)
@given(small_csps(), st.booleans(), st.sampled_from([None, 1, 2, 5]))
def test_count_by_parts_agrees_with_brute_force(problem, decompose, limit):
    sizes, constraints, unary = problem
    p = CSP()
    for v, size in enumerate(sizes):
        p.add_variable(v, range(size))
        if unary[v] is not None:
            p.restrict(v, unary[v])
    for x, y, pairs in constraints:
        p.add_constraint(x, y, pairs)
    expected = {
        a for a in itertools.product(*(range(s) for s in sizes))
        if all(unary[v] is None or a[v] in unary[v] for v in range(len(sizes)))
        and all((a[x], a[y]) in pairs for x, y, pairs in constraints)
    }
    result = count(p, limit, keep=True, decompose=decompose)
    found = [tuple(s[v] for v in range(len(sizes))) for s in result.solutions]
    want = len(expected) if limit is None else min(limit, len(expected))
    assert result.count == want == len(found) == len(set(found))
    assert set(found) <= expected
    if result.complete:
        assert set(found) == expected
    if limit is None:
        assert result.complete
    verdict = unique(p)
    assert verdict.unique is (len(expected) == 1)


def test_memory_budget_bounds_the_trail():
    search = Search(queens(12), limits=Limits(memory=64))
    assert list(search) == [] or search.status is Status.GAVE_UP
    assert search.status is Status.GAVE_UP and search.stopped_by == "memory"
    assert count(queens(6), limits=Limits(memory=1 << 20)).count == 4


def test_stopped_by_names_the_limit():
    search = Search(queens(10), limits=Limits(nodes=3))
    list(search)
    assert (search.status, search.stopped_by, search.stats.nodes) == (Status.GAVE_UP, "nodes", 3)


def test_propagate_alone():
    from puzzlesmith.engines.csp import propagate

    p = CSP()
    x, y, z = (p.add_variable(v, range(3)) for v in "xyz")
    p.add_constraint(x, y, predicate=lambda a, b: a < b)
    p.add_constraint(y, z, predicate=lambda a, b: a < b)
    assert propagate(p).tolist() == [1, 2, 4]               # x=0, y=1, z=2
    p.restrict(z, [0])
    assert propagate(p) is None
    with pytest.raises(UsageError):
        propagate(p, np.zeros(2, dtype=np.int64))


def test_bulk_constraints_match_one_by_one():
    def build(bulk):
        p = CSP()
        p.add_variables(range(6), range(4))
        scopes = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0)]
        if bulk:
            p.add_constraints(np.array(scopes), predicate=lambda a, b: a != b)
            p.restrict_bits(np.array([0, 5]), np.array([0b0011, 0b1100]))
        else:
            p.add_constraints(scopes, predicate=lambda a, b: a != b)
            p.restrict_bits(0, 0b0011)
            p.restrict_bits(5, 0b1100)
        return p

    bulk, single = count(build(True), keep=True), count(build(False), keep=True)
    assert bulk.count == single.count > 0
    assert sorted(map(str, bulk.solutions)) == sorted(map(str, single.solutions))
    looped = build(True)
    looped.add_constraints(np.array([[2, 2]]), predicate=lambda a, b: a != b)   # a != a
    assert count(looped).count == 0
    with pytest.raises(UsageError):
        build(True).add_constraints(np.array([[0, 9]]), predicate=lambda a, b: True)


# --------------------------------------------------------------------------- kernel modes

@pytest.mark.parametrize("mode", ["python", "numba"])
def test_both_kernel_modes_count_the_same(mode):
    search = Search(queens(8), kernels=mode)
    assert sum(1 for _ in search) == 92
    assert search._fix.compiled is (mode == "numba") and search.stats.extra["kernel"] == mode
    assert count(queens(8), decompose=False, kernels=mode).count == 92
    assert count(queens(8), 5, limits=Limits(nodes=10), kernels=mode).status is Status.GAVE_UP


@pytest.mark.parametrize("decompose", [False, True])
def test_auto_moves_to_the_compiled_kernels_at_a_fixed_node(decompose):
    """"auto" starts in Python and moves at the node the policy fixes, keeping the search
    state: the same solutions, nodes and failures as either kernels alone."""
    expected = count(queens(9), keep=True, decompose=decompose, kernels="python")
    assert expected.stats.nodes > AUTO["csp"].nodes
    search = Search(queens(9))
    seen = []
    search.progress = lambda stats: seen.append(stats.nodes)
    kinds = [search._fix.compiled for _ in search]
    assert len(kinds) == expected.count == 352 and not kinds[0] and kinds[-1]
    assert search.status is Status.SOLVED and len(seen) > 1
    assert AUTO["csp"].nodes in seen  # paused there to move
    for mode in ("auto", "numba"):
        moved = count(queens(9), keep=True, decompose=decompose, kernels=mode)
        assert (moved.count, moved.stats.nodes, moved.solutions) == (
            expected.count, expected.stats.nodes, expected.solutions)
        assert moved.stats.extra["kernel"] == "numba"
        assert moved.stats.extra["failures"] == expected.stats.extra["failures"]


def test_a_small_search_stays_interpreted_and_a_big_model_starts_compiled(monkeypatch):
    from puzzlesmith.engines import kernels

    runs = [Search(queens(6)) for _ in range(2)]
    assert [sum(1 for _ in run) for run in runs] == [4, 4]
    assert [(run.stats.nodes, run.stats.extra["kernel"]) for run in runs] == [
        (runs[0].stats.nodes, "python")] * 2
    assert not runs[0]._fix.compiled and runs[0].stats.nodes < AUTO["csp"].nodes
    monkeypatch.setitem(kernels.AUTO, "csp", kernels.Auto(big=10, nodes=256))
    search = Search(queens(6))
    assert sum(1 for _ in search) == 4 and search._fix.compiled


def test_unknown_kernels_are_a_usage_error():
    for call in (lambda: Search(queens(4), kernels="fast"),
                 lambda: count(queens(4), kernels="fast"),
                 lambda: solve(queens(4), kernels="fast")):
        with pytest.raises(UsageError, match="fast"):
            call()
