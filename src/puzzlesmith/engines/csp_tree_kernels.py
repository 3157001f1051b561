"""Compiled kernels of the spanning-tree constraint (:mod:`puzzlesmith.engines.csp_tree`).

Only kernel modules import numba.  The graph is given as plain arrays: edge ``e`` joins graph
nodes ``nu[e]``-``nv[e]``; it is *chosen* when variable ``eu[e]`` takes a value in the bitset
``hu[e]``, and its *twin* literal (variable ``ev[e]``, bitset ``hv[e]``) says the same thing
(the model keeps the two equivalent; a constraint without twins passes the literal twice).
``weight[x]`` is the number of original nodes merged into node ``x`` (see the contraction in
:mod:`puzzlesmith.engines.csp_tree`); ``full`` is their total.

Every kernel call does one pass over the (contracted) graph: bounded work, no search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["find", "contraction", "tree_kernel"]


@njit(cache=True)
def find(parent, x):
    """Union-find root with path halving."""
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
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


@njit(cache=True)
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


@njit(cache=True)
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


@njit(cache=True)
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




@njit(cache=True)
def pieces(dom, eu, nu, nv, hu, k, piece, psize):
    """The pieces joined by certain edges: ``piece[x]`` = a node of ``x``'s piece,
    ``psize[p]`` = the nodes of piece ``p`` (0 for non-representatives)."""
    parent = np.arange(k)
    for e in range(eu.shape[0]):
        if (dom[eu[e]] & ~hu[e]) == 0:
            ru, rv = find(parent, nu[e]), find(parent, nv[e])
            if ru != rv:
                parent[rv] = ru
    for x in range(k):
        psize[x] = 0
    for x in range(k):
        r = find(parent, x)
        piece[x] = r
        psize[r] += 1


@njit(cache=True)
def _state(dom, eu, ev, hu, hv, e):
    if (dom[eu[e]] & ~hu[e]) == 0:
        return 2
    if (dom[eu[e]] & hu[e]) != 0 and (dom[ev[e]] & hv[e]) != 0:
        return 1
    return 0


@njit(cache=True)
def _ufind(parent, x):
    while parent[x] != x:
        parent[x] = parent[parent[x]]
        x = parent[x]
    return x


@njit(cache=True)
def local_pass(dom, snap, prev, piece, psize, eu, ev, nu, nv, hu, hv, var_ptr, var_edge,
               adj_ptr, adj_edge, adj_other, limit, radius, cap, loc, rep, inside, emark,
               blame):
    """The cycle and connectivity deductions around what changed since the last call
    (``prev``, updated here), below ``snap`` (the domains of the last full pass, whose
    pieces are ``piece``/``psize``).

    Returns 2 if ``dom`` is not below ``snap``, 3 if more than ``limit`` variables changed
    since ``snap`` (take a new snapshot), 4 if every variable is decided (run a full pass),
    -1 on failure, 1 otherwise.

    The *window* is the ends of the decided edges at the variables changed since the call
    and the nodes within ``radius`` possible edges of them (at most ``cap``).  Pieces
    inside it are the old pieces joined by the edges taken since ``snap``; a taken edge
    inside one piece is a loop, an open one is cut (sound: these pieces are never larger
    than the real ones).  For the bridges, everything outside the window, and every piece
    reaching out of it, is merged into one node: that graph joins more than the real one,
    so its bridges are real bridges and a part it finds cut off really is.  ``loc``,
    ``rep``, ``inside`` (one per node, -1/-1/0 on entry and exit) and ``emark`` (one per
    edge, 0) are scratch.
    """
    n = dom.shape[0]
    undecided = False
    moved = 0
    for v in range(n):
        d = dom[v]
        if d & ~snap[v]:
            prev[v] = d
            return 2
        if d & (d - 1):
            undecided = True
        if d != snap[v]:
            moved += 1
    if not undecided:
        return 4
    if moved > limit:
        return 3
    recent = np.empty(64, dtype=np.int64)
    nch = 0
    for v in range(n):
        if dom[v] == prev[v]:
            continue
        prev[v] = dom[v]
        for p in range(var_ptr[v], var_ptr[v + 1]):
            e = var_edge[p]
            if _state(dom, eu, ev, hu, hv, e) == 1:
                continue
            if nch == recent.shape[0]:
                grown = np.empty(2 * nch, dtype=np.int64)
                grown[:nch] = recent
                recent = grown
            recent[nch] = e
            nch += 1
    if nch == 0:
        return 1
    changed = recent[:nch]
    # the window, breadth first from the ends of the changed edges
    win = np.empty(min(cap, loc.shape[0]) + 2 * nch, dtype=np.int64)
    size = 0
    for i in range(nch):
        e = changed[i]
        for x in (nu[e], nv[e]):
            if loc[x] < 0:
                loc[x] = size
                win[size] = x
                size += 1
    head = 0
    layer_end = size
    depth = 0
    while head < size and depth < radius and size < cap:
        x = win[head]
        head += 1
        for p in range(adj_ptr[x], adj_ptr[x + 1]):
            y = adj_other[p]
            if loc[y] >= 0 or size >= cap:
                continue
            if _state(dom, eu, ev, hu, hv, adj_edge[p]) == 0:
                continue
            loc[y] = size
            win[size] = y
            size += 1
        if head == layer_end:
            depth += 1
            layer_end = size
    # pieces inside the window: old pieces, then the edges taken since the snapshot
    parent = np.arange(size + 1)
    for i in range(size):
        pc = piece[win[i]]
        inside[pc] += 1
        if rep[pc] < 0:
            rep[pc] = i
        else:
            parent[_ufind(parent, i)] = _ufind(parent, rep[pc])
    total = 0
    for i in range(size):
        x = win[i]
        total += adj_ptr[x + 1] - adj_ptr[x]
    touched = np.empty(total, dtype=np.int64)
    nt = 0
    for i in range(size):
        x = win[i]
        for p in range(adj_ptr[x], adj_ptr[x + 1]):
            e = adj_edge[p]
            if emark[e] == 0:
                emark[e] = 1 + _state(dom, eu, ev, hu, hv, e)    # 1 off, 2 open, 3 on
                touched[nt] = e
                nt += 1
    touched = touched[:nt]
    out_taken = np.empty(nt, dtype=np.int64)     # window ends of taken edges leaving it
    no = 0
    failed = False
    for t in range(nt):
        e = touched[t]
        if emark[e] != 3 or _state(snap, eu, ev, hu, hv, e) != 1:
            continue
        a, b = loc[nu[e]], loc[nv[e]]
        if a < 0 or b < 0:
            out_taken[no] = a if a >= 0 else b
            no += 1
            continue
        a, b = _ufind(parent, a), _ufind(parent, b)
        if a == b:
            blame[0], blame[1] = eu[e], ev[e]
            failed = True
            break
        parent[b] = a
    # open edges inside one piece: cut
    if not failed:
        for t in range(nt):
            e = touched[t]
            if emark[e] != 2:
                continue
            a = loc[nu[e]]
            b = loc[nv[e]]
            ra = _ufind(parent, a) if a >= 0 else -1
            if ra < 0 and rep[piece[nu[e]]] >= 0:
                ra = _ufind(parent, rep[piece[nu[e]]])
            rb = _ufind(parent, b) if b >= 0 else -2
            if rb < 0 and rep[piece[nv[e]]] >= 0:
                rb = _ufind(parent, rep[piece[nv[e]]])
            if ra == rb:
                emark[e] = 1
                dom[eu[e]] &= ~hu[e]
                dom[ev[e]] &= ~hv[e]
                if dom[eu[e]] == 0 or dom[ev[e]] == 0:
                    blame[0], blame[1] = eu[e], ev[e]
                    failed = True
                    break
    if not failed:
        failed = not _local_bridges(dom, eu, ev, nu, nv, hu, hv, piece, psize, win, size,
                                    loc, rep, inside, parent, touched, emark,
                                    out_taken[:no], blame)
    for t in range(touched.shape[0]):
        emark[touched[t]] = 0
    for i in range(size):
        x = win[i]
        loc[x] = -1
        rep[piece[x]] = -1
        inside[piece[x]] = 0
    return -1 if failed else 1


@njit(cache=True)
def _local_bridges(dom, eu, ev, nu, nv, hu, hv, piece, psize, win, size, loc, rep, inside,
                   parent, touched, emark, out_taken, blame):
    """Bridges and cut-off parts of the window graph (see :func:`local_pass`); False on
    failure.  ``emark[e]`` is 2 for the open edges."""
    cls = np.full(size + 1, -1, dtype=np.int64)
    h = 0
    out = -1
    for i in range(size):                       # classes: window pieces, one for outside
        r = _ufind(parent, i)
        if cls[r] < 0:
            cls[r] = h
            h += 1
    reaches = np.zeros(h + 1, dtype=np.bool_)
    for i in range(size):
        pc = piece[win[i]]
        if inside[pc] < psize[pc]:
            reaches[cls[_ufind(parent, i)]] = True
    for i in range(out_taken.shape[0]):
        reaches[cls[_ufind(parent, out_taken[i])]] = True
    hu_ = np.empty(touched.shape[0], dtype=np.int64)
    hv_ = np.empty(touched.shape[0], dtype=np.int64)
    he = np.empty(touched.shape[0], dtype=np.int64)
    m = 0
    for t in range(touched.shape[0]):
        e = touched[t]
        if emark[e] != 2:
            continue
        a = loc[nu[e]]
        b = loc[nv[e]]
        ca = cls[_ufind(parent, a)] if a >= 0 else h
        cb = cls[_ufind(parent, b)] if b >= 0 else h
        if ca < h and reaches[ca]:
            ca = h
        if cb < h and reaches[cb]:
            cb = h
        if ca == cb:
            continue
        if ca == h or cb == h:
            out = h
        hu_[m], hv_[m], he[m] = ca, cb, e
        m += 1
    for c in range(h):
        if reaches[c]:
            out = h
    k = h + 1 if out >= 0 else h
    # live nodes: classes that do not reach out, and the outside node
    alive = np.zeros(k, dtype=np.bool_)
    for c in range(h):
        alive[c] = not reaches[c]
    if out >= 0:
        alive[h] = True
    ptr = np.zeros(k + 1, dtype=np.int64)
    for j in range(m):
        ptr[hu_[j] + 1] += 1
        ptr[hv_[j] + 1] += 1
    for c in range(k):
        ptr[c + 1] += ptr[c]
    fill = ptr[:k].copy()
    aedge = np.empty(2 * m, dtype=np.int64)
    aother = np.empty(2 * m, dtype=np.int64)
    for j in range(m):
        a, b = hu_[j], hv_[j]
        aedge[fill[a]] = j
        aother[fill[a]] = b
        fill[a] += 1
        aedge[fill[b]] = j
        aother[fill[b]] = a
        fill[b] += 1
    disc = np.full(k, -1, dtype=np.int64)
    low = np.zeros(k, dtype=np.int64)
    snode = np.empty(k, dtype=np.int64)
    sedge = np.empty(k, dtype=np.int64)
    nxt = ptr.copy()
    root = -1
    for c in range(k):
        if alive[c]:
            root = c
            break
    if root < 0:
        return True
    timer = 0
    disc[root] = low[root] = 0
    timer = 1
    top = 0
    snode[0] = root
    sedge[0] = -1
    while top >= 0:
        u = snode[top]
        if nxt[u] < ptr[u + 1]:
            i = nxt[u]
            nxt[u] += 1
            j = aedge[i]
            if j == sedge[top]:
                continue
            w = aother[i]
            if disc[w] < 0:
                disc[w] = low[w] = timer
                timer += 1
                top += 1
                snode[top] = w
                sedge[top] = j
            elif disc[w] < low[u]:
                low[u] = disc[w]
        else:
            j = sedge[top]
            top -= 1
            if top >= 0:
                p = snode[top]
                if low[u] < low[p]:
                    low[p] = low[u]
                if low[u] > disc[p]:              # a bridge: take it
                    e = he[j]
                    dom[eu[e]] &= hu[e]
                    dom[ev[e]] &= hv[e]
                    if dom[eu[e]] == 0 or dom[ev[e]] == 0:
                        blame[0], blame[1] = eu[e], ev[e]
                        return False
    for c in range(k):
        if alive[c] and disc[c] < 0:
            blame[0], blame[1] = -1, -1
            return False
    return True
