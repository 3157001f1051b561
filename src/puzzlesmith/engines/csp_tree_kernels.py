"""Kernels of the spanning-tree constraint (:mod:`puzzlesmith.engines.csp_tree`), in one
source, run two ways: plain Python (interpreted) or, from :func:`compiled`, the same
functions compiled by numba; numba is imported only there.

The graph is given as plain arrays: edge ``e`` joins graph nodes ``nu[e]``-``nv[e]``; it is
*chosen* when variable ``eu[e]`` takes a value in the bitset ``hu[e]``, and its *twin*
literal (variable ``ev[e]``, bitset ``hv[e]``) says the same thing (the model keeps the two
equivalent; a constraint without twins passes the literal twice).
``weight[x]`` is the number of original nodes merged into node ``x`` (see the contraction in
:mod:`puzzlesmith.engines.csp_tree`); ``full`` is their total.

Every kernel call does one pass over the (contracted) graph: bounded work, no search.
"""

from __future__ import annotations

import types

import numpy as np

from .twins import compile_twins

__all__ = ["find", "contraction", "tree_kernel", "compiled"]


def find(parent, x):
    """Union-find root with path halving."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


def contraction(dom, eu, nu, nv, hu, k):
    """Nodes joined by certain edges (renumbered 0..) and the mask of the edges to keep:
    the open ones, and any certain edge that closes a cycle (it becomes a self-loop of the
    contracted graph, so the next pass still fails on it)."""
    parent = np.arange(k)
    keep = np.zeros(eu.shape[0], dtype=np.bool_)
    for e in range(eu.shape[0]):
        u = eu[e]
        if (dom[u] & ~hu[e]) == 0:
            ru, rv = find(parent, nu[e]), find(parent, nv[e])
            if ru != rv:
                parent[rv] = ru
            else:
                keep[e] = True
        elif (dom[u] & hu[e]) != 0:
            keep[e] = True
    label = np.full(k, -1, dtype=np.int64)
    node = np.zeros(k, dtype=np.int64)
    count = 0
    for c in range(k):
        r = find(parent, c)
        if label[r] < 0:
            label[r] = count
            count += 1
        node[c] = label[r]
    return node, keep


def tree_kernel(dom, eu, ev, nu, nv, hu, hv, weight, full, scratch, state, adj_ptr,
                adj_edge, adj_other, blame, last, last_state, has_last, lazy):
    """One pass of the cycle and connectivity deductions; narrows ``dom``.

    Returns -1 on failure, else the number of edges still open.

    ``dom[v]`` is the bitset domain of variable ``v``; edges, literals and weights are as
    in the module's docstring.  ``scratch`` (6 rows of one entry per node) and ``state``
    (one per edge) are scratch.
    The edge states are read once, before any change, so one pass is sound.  ``last`` and
    ``last_state`` keep the domains and edge states after the last bridge pass
    (``has_last``): when the domains are a subset of those and fewer than ``lazy`` open
    edges have closed since, the bridge pass is skipped.  With ``lazy == 1`` nothing is
    lost (merging nodes or cutting edges inside a piece creates no new bridge); a larger
    ``lazy`` trades deductions for speed and stays exact, since the bridge pass always runs
    when the first call on a graph is made and at a full assignment the remaining checks
    (no cycle, every node reached) decide.
    """
    ok = _tree_pass(dom, eu, ev, nu, nv, hu, hv, weight, full, scratch, state, adj_ptr,
                    adj_edge, adj_other, blame, last, last_state, has_last, lazy)
    if ok == 0:
        return -1
    n = dom.shape[0]
    if ok == 2:                                # remember the state of the last bridge pass
        for c in range(n):
            last[c] = dom[c]
        for e in range(state.shape[0]):
            last_state[e] = state[e]
    opened = 0
    for e in range(state.shape[0]):
        if state[e] == 1:
            opened += 1
    return opened


def _tree_pass(dom, eu, ev, nu, nv, hu, hv, weight, full, scratch, state, adj_ptr,
               adj_edge, adj_other, blame, last, last_state, has_last, lazy):
    """The body of :func:`tree_kernel`: 0 on failure, 2 if the bridge pass ran, else 1."""
    k = weight.shape[0]
    m = eu.shape[0]
    parent = scratch[0]
    size = scratch[1]
    for c in range(k):
        parent[c] = c
        size[c] = weight[c]
    for e in range(m):                         # edge states before any change: 2 on, 1 open
        u, v = eu[e], ev[e]
        if (dom[u] & ~hu[e]) == 0:
            state[e] = 2
        elif (dom[u] & hu[e]) != 0 and (dom[v] & hv[e]) != 0:
            state[e] = 1
        else:
            state[e] = 0
    below_last = has_last and last.shape[0] == dom.shape[0]
    if below_last:
        for c in range(dom.shape[0]):
            if dom[c] & ~last[c]:
                below_last = False
                break
    closed = not below_last
    if below_last:
        count = 0
        for e in range(m):
            if state[e] == 0 and last_state[e] != 0:
                count += 1
                if count >= lazy:
                    closed = True
                    break
    for e in range(m):                         # certain edges: merge, a cycle fails
        if state[e] == 2:
            ru, rv = find(parent, nu[e]), find(parent, nv[e])
            if ru == rv:
                blame[0], blame[1] = eu[e], ev[e]
                return 0
            if size[ru] < size[rv]:
                ru, rv = rv, ru
            parent[rv] = ru
            size[ru] += size[rv]
    for e in range(m):                         # open edges inside one piece: cut
        if state[e] == 1 and find(parent, nu[e]) == find(parent, nv[e]):
            state[e] = 0
            u, v = eu[e], ev[e]
            dom[u] &= ~hu[e]
            dom[v] &= ~hv[e]
            if dom[u] == 0 or dom[v] == 0:
                blame[0], blame[1] = u, v
                return 0
    if full <= 1 or not closed:
        return 1
    return 2 * _bridges(dom, eu, ev, nu, hu, hv, weight, full, state, adj_ptr, adj_edge,
                        adj_other, scratch[2], scratch[3], scratch[4], scratch[5], blame)


def _bridges(dom, eu, ev, nu, hu, hv, weight, full, state, adj_ptr, adj_edge, adj_other,
             disc, low, stack_node, stack_edge, blame):
    """Connectivity: the possible edges must join every node, and each bridge of
    that graph (an edge whose loss would split it) must be taken.  Returns 0 on failure.

    Iterative Tarjan over nodes; ``state[e] > 0`` marks the possible edges; the last five
    arrays but one are scratch of one entry per node.
    """
    k = weight.shape[0]
    for c in range(k):
        disc[c] = -1
    timer = 0
    reached = 0
    start = -1
    for root in range(k):
        if weight[root] == 0 or disc[root] >= 0:
            continue
        if start >= 0:                                # a second piece: disconnected
            blame[0], blame[1] = -1, -1
            return 0
        start = root
        disc[root] = low[root] = timer
        timer += 1
        reached += weight[root]
        top = 0
        stack_node[0] = root
        stack_edge[0] = -1
        nxt = adj_ptr.copy()                          # next adjacency to try, per node
        while top >= 0:
            u = stack_node[top]
            if nxt[u] < adj_ptr[u + 1]:
                i = nxt[u]
                nxt[u] += 1
                e = adj_edge[i]
                if state[e] == 0 or e == stack_edge[top]:
                    continue
                w = adj_other[i]
                if disc[w] < 0:
                    disc[w] = low[w] = timer
                    timer += 1
                    reached += weight[w]
                    top += 1
                    stack_node[top] = w
                    stack_edge[top] = e
                elif disc[w] < low[u]:
                    low[u] = disc[w]
            else:
                e = stack_edge[top]
                top -= 1
                if top >= 0:
                    p = stack_node[top]
                    if low[u] < low[p]:
                        low[p] = low[u]
                    if low[u] > disc[p] and state[e] == 1:   # an open bridge: take it
                        dom[eu[e]] &= hu[e]
                        dom[ev[e]] &= hv[e]
                        if dom[eu[e]] == 0 or dom[ev[e]] == 0:
                            blame[0], blame[1] = eu[e], ev[e]
                            return 0
    return 1 if reached == full else 0


_KERNELS = (find, contraction, _bridges, _tree_pass, tree_kernel)
_COMPILED: types.SimpleNamespace | None = None


def compiled() -> types.SimpleNamespace:
    """The kernels compiled by numba (loaded from numba's cache after the first time)."""
    global _COMPILED
    if _COMPILED is None:
        _COMPILED = compile_twins(_KERNELS, globals())
    return _COMPILED
