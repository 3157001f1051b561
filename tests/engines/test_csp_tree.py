"""The spanning-tree constraint on its own: small random graphs against brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.engines.csp import CSP, Search, count, propagate
from puzzlesmith.engines.csp_tree import SpanningTree
from puzzlesmith.errors import UsageError
from puzzlesmith.results import Limits, Status


def is_spanning_tree(nodes: int, edges: list[tuple[int, int]], chosen: list[int]) -> bool:
    """Independent check: ``nodes - 1`` chosen edges, no cycle (union-find)."""
    if nodes == 0:
        return not chosen
    if len(chosen) != nodes - 1:
        return False
    parent = list(range(nodes))

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for e in chosen:
        a, b = find(edges[e][0]), find(edges[e][1])
        if a == b:
            return False
        parent[a] = b
    return True


@st.composite
def graphs(draw):
    """A graph with literals over a few small-domain variables (self-loops and parallel
    edges included), and optional unary restrictions."""
    nodes = draw(st.integers(0, 5))
    sizes = [draw(st.integers(1, 4)) for _ in range(draw(st.integers(1, 4)))]
    m = draw(st.integers(0, 7)) if nodes else 0
    edges, literals = [], []
    for _ in range(m):
        edges.append((draw(st.integers(0, nodes - 1)), draw(st.integers(0, nodes - 1))))
        v = draw(st.integers(0, len(sizes) - 1))
        literals.append((v, draw(st.integers(0, (1 << sizes[v]) - 1))))
    unary = [draw(st.integers(1, (1 << s) - 1)) if draw(st.booleans()) else None
             for s in sizes]
    return nodes, sizes, edges, literals, unary


def model(nodes, sizes, edges, literals, unary) -> CSP:
    p = CSP()
    for v, size in enumerate(sizes):
        p.add_variable(v, range(size))
        if unary[v] is not None:
            p.restrict_bits(v, unary[v])
    p.add_spanning_tree(nodes, edges, literals)
    return p


def brute_force(nodes, sizes, edges, literals, unary) -> set[tuple]:
    out = set()
    for a in itertools.product(*(range(s) for s in sizes)):
        if any(u is not None and not u >> a[v] & 1 for v, u in enumerate(unary)):
            continue
        chosen = [e for e, (v, bits) in enumerate(literals) if bits >> a[v] & 1]
        if is_spanning_tree(nodes, edges, chosen):
            out.add(a)
    return out


@settings(max_examples=300, deadline=None)
@given(graphs(), st.sampled_from([None, 2]), st.integers(0, 3))
def test_solutions_agree_with_brute_force(graph, restarts, seed):
    expected = brute_force(*graph)
    search = Search(model(*graph), seed=seed, restarts=restarts)
    found = [tuple(s[v] for v in range(len(graph[1]))) for s in search]
    assert len(found) == len(set(found)) and set(found) == expected
    assert search.complete
    assert search.status is (Status.SOLVED if expected else Status.UNSOLVABLE)


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_propagation_keeps_every_solution(graph):
    """The deductions alone never remove a value some solution uses."""
    expected = brute_force(*graph)
    dom = propagate(model(*graph))
    if dom is None:
        assert not expected
        return
    for a in expected:
        assert all(dom[v] >> value & 1 for v, value in enumerate(a))


@settings(max_examples=150, deadline=None)
@given(graphs(), st.lists(st.tuples(st.integers(0, 3), st.integers(0, 15)), max_size=8))
def test_narrowed_reports_each_change_and_a_failure_changes_nothing(graph, cuts):
    """What lets the search log changes instead of copying the domains (``narrowed``), over
    a sequence of calls that narrows the domains and backs up after each failure."""
    nodes, sizes, edges, literals, unary = graph
    tree = SpanningTree(nodes, edges, literals)
    stack = [np.array([(1 << s) - 1 if u is None else u for s, u in zip(sizes, unary, strict=True)],
                      dtype=np.int64)]
    for v, bits in cuts:
        dom = stack[-1].copy()
        dom[v % len(sizes)] &= bits
        if not dom.all():
            continue
        before = dom.copy()
        if tree.propagate(dom):
            variables, old = tree.narrowed
            assert set(np.flatnonzero(before != dom)) <= set(variables.tolist())
            assert (before[variables] == old).all()
            stack.append(dom)
        else:
            assert (dom == before).all()
            if len(stack) > 1:
                stack.pop()


@st.composite
def boolean_graphs(draw):
    """One boolean variable per edge and a twin kept equal to it by a binary constraint."""
    nodes = draw(st.integers(1, 6))
    m = draw(st.integers(0, 9))
    edges = [(draw(st.integers(0, nodes - 1)), draw(st.integers(0, nodes - 1)))
             for _ in range(m)]
    return nodes, edges


@settings(max_examples=200, deadline=None)
@given(boolean_graphs(), st.booleans())
def test_counts_spanning_trees_with_and_without_twins(graph, twins):
    nodes, edges = graph
    m = len(edges)
    p = CSP()
    xs = p.add_variables(range(m), (False, True))
    twin = None
    if twins:
        ys = p.add_variables(range(m, 2 * m), (False, True))
        p.add_constraints(list(zip(xs, ys, strict=True)), predicate=lambda a, b: a == b)
        twin = [(y, 0b10) for y in ys]
    p.add_spanning_tree(nodes, edges, [(x, 0b10) for x in xs], twin)
    expected = sum(is_spanning_tree(nodes, edges, [e for e in range(m) if bits >> e & 1])
                   for bits in range(1 << m))
    result = count(p, keep=True, raw=True)
    assert result.count == expected and result.complete
    for dom in result.solutions:
        chosen = [e for e in range(m) if dom[xs[e]] == 0b10]
        assert is_spanning_tree(nodes, edges, chosen)


def grid_graph(rows: int, cols: int) -> list[tuple[int, int]]:
    return ([(i * cols + j, i * cols + j + 1) for i in range(rows) for j in range(cols - 1)]
            + [(i * cols + j, (i + 1) * cols + j) for i in range(rows - 1) for j in range(cols)])


@pytest.mark.parametrize("rows, cols, trees", [(2, 2, 4), (2, 3, 15), (3, 3, 192),
                                               (2, 4, 56)])
def test_counts_spanning_trees_of_grids(rows, cols, trees):
    """The number of spanning trees of small grid graphs (Kirchhoff's theorem)."""
    edges = grid_graph(rows, cols)
    p = CSP()
    xs = p.add_variables(range(len(edges)), (False, True))
    p.add_spanning_tree(rows * cols, edges, [(x, 0b10) for x in xs])
    assert count(p).count == trees


def test_kirchhoff_agrees_on_a_larger_grid():
    edges = grid_graph(3, 4)
    laplacian = np.zeros((12, 12))
    for a, b in edges:
        laplacian[a, a] += 1
        laplacian[b, b] += 1
        laplacian[a, b] -= 1
        laplacian[b, a] -= 1
    trees = round(np.linalg.det(laplacian[1:, 1:]))
    p = CSP()
    xs = p.add_variables(range(len(edges)), (False, True))
    p.add_spanning_tree(12, edges, [(x, 0b10) for x in xs])
    assert count(p).count == trees == 2415


def test_limits_stop_the_count():
    edges = grid_graph(5, 5)
    p = CSP()
    xs = p.add_variables(range(len(edges)), (False, True))
    p.add_spanning_tree(25, edges, [(x, 0b10) for x in xs])
    result = count(p, limits=Limits(nodes=50))
    assert result.status is Status.GAVE_UP and not result.complete
    assert count(p, 10).count == 10


def test_bad_graphs_are_usage_errors():
    p = CSP()
    p.add_variables(range(2), (False, True))
    with pytest.raises(UsageError, match="edge ends"):
        p.add_spanning_tree(2, [(0, 2)], [(0, 2)])
    with pytest.raises(UsageError, match="one per edge"):
        p.add_spanning_tree(2, [(0, 1)], [])
    with pytest.raises(UsageError, match="model has 2"):
        p.add_spanning_tree(2, [(0, 1)], [(5, 2)])
    with pytest.raises(UsageError):
        SpanningTree(-1, [], [])


def test_propagation_stops_at_the_deadline():
    from puzzlesmith.errors import LimitReached

    edges = grid_graph(5, 5)
    p = CSP()
    xs = p.add_variables(range(len(edges)), (False, True))
    p.add_spanning_tree(25, edges, [(x, 0b10) for x in xs])
    with pytest.raises(LimitReached, match="propagating"):
        propagate(p, limits=Limits(seconds=0).started())
    search = Search(p, limits=Limits(seconds=0).started())
    assert list(search) == [] and search.status is Status.GAVE_UP
    assert search.stopped_by == "time" and search.stats.nodes == 0


@pytest.mark.parametrize("mode", ["python", "numba"])
def test_both_kernel_modes_count_spanning_trees(mode):
    from puzzlesmith.engines import csp_tree_kernels

    edges = grid_graph(3, 4)
    p = CSP()
    xs = p.add_variables(range(len(edges)), (False, True))
    tree = p.add_spanning_tree(12, edges, [(x, 0b10) for x in xs])
    result = count(p, kernels=mode)
    assert result.count == 2415 and result.stats.extra["kernel"] == mode
    assert (tree._kernels is csp_tree_kernels) is (mode == "python")


def test_a_tree_search_moves_to_the_compiled_kernels_at_a_fixed_node():
    """Under "auto" the tree propagator moves with the engine, at the node the policy
    fixes, and the search goes on as in Python alone."""
    from puzzlesmith.engines.kernels import AUTO

    edges = grid_graph(4, 4)
    p = CSP()
    xs = p.add_variables(range(len(edges)), (False, True))
    p.add_spanning_tree(16, edges, [(x, 0b10) for x in xs])
    expected = count(p, 3000, keep=True, raw=True, kernels="python")
    assert expected.stats.nodes > AUTO["csp"].nodes
    search = Search(p, raw=True)
    assert not search._fix.compiled
    found = [d for _, d in zip(range(3000), search, strict=False)]
    assert search._fix.compiled and search.stats.extra["kernel"] == "numba"
    assert [d.tolist() for d in found] == [d.tolist() for d in expected.solutions]
    assert search.stats.nodes == expected.stats.nodes


class EvenSum:
    """The values add up to an even number, checked once all are fixed, without
    ``narrowed``; it wipes a domain out when it fails (the search must undo that too)."""

    def propagate(self, domains):
        if np.any(domains & (domains - 1)):
            return True
        if sum(int(d).bit_length() - 1 for d in domains) % 2 == 0:
            return True
        domains[0] = 0
        return False


@settings(max_examples=150, deadline=None)
@given(graphs(), st.integers(0, 3))
def test_a_propagator_without_narrowed_beside_the_tree_agrees_with_brute_force(graph, seed):
    """Steps log what the tree reports and what a copy finds around the other one."""
    expected = {a for a in brute_force(*graph) if sum(a) % 2 == 0}
    p = model(*graph)
    p.add_propagator(EvenSum())
    found = [tuple(s[v] for v in range(len(graph[1]))) for s in Search(p, seed=seed)]
    assert len(found) == len(set(found)) and set(found) == expected
