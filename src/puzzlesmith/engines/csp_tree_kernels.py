"""Kernels of the spanning-tree constraint (:mod:`puzzlesmith.engines.csp_tree`), in one
source, run two ways: plain Python (interpreted) or, from :func:`compiled`, the same
functions compiled by numba; numba is imported only there.

The graph is given as plain arrays: edge ``e`` joins graph nodes ``nu[e]``-``nv[e]``; it is
*chosen* when variable ``eu[e]`` takes a value in the bitset ``hu[e]``, and its *twin*
literal (variable ``ev[e]``, bitset ``hv[e]``) says the same thing (the model keeps the two
equivalent; a constraint without twins passes the literal twice).  ``var_ptr``/``var_edge``
list the edges of each variable, ``adj_ptr``/``adj_edge``/``adj_other`` those of each node.

The constraint keeps a *view* of the domains it last read, the state of every edge in that
view (``state``: 2 chosen, 1 open, 0 closed), a union-find of the chosen edges (``parent``,
``size``, ``nxt``: the members of a piece as a circular list) without path compression, and
per piece a circular doubly linked list (``lnext``/``lprev``) of its *boundary*: the
adjacency entries (positions ``q`` in ``adj_edge``) of its members whose edge is still
possible and was not merged, headed by the sentinel ``S = len(adj_edge) + root`` (``ends``
gives the two entries of each edge), and a trail of every change to them
(``tkind``/``ta``/``tb``, length ``meta[0]``) cut into *checkpoints* (``marks``), one per
call, so that any earlier view can be restored.  Searches step from piece to piece along
the boundaries, as on the graph with every piece contracted to one node.  A call
(:func:`tree_step`) reads only the variables that changed since its view, and the work
follows them.  Scratch for the searches: ``seen``/``par``/``queue`` (one per node, ``seen``
holds stamps from the counter ``meta[1]``), ``fmark``/``ftail`` (one per edge).
"""

from __future__ import annotations

from .twins import compile_twins

__all__ = ["find", "diff", "rewind", "tree_step", "compiled", "VIEW", "STATE", "UNION",
           "UNLINK"]

#: Trail entries: a variable's old view (``ta`` variable, ``tb`` value), an edge's old state
#: (``ta`` edge, ``tb`` state), a union (``ta`` the root joined under root ``tb``), a
#: boundary entry taken out of its list (``ta`` the entry).
VIEW, STATE, UNION, UNLINK = 0, 1, 2, 3
# meta: trail length, stamp counter, checkpoints, overlay edges, work of the call, path
# length, unions in force, the running mean of the work of one check (times 16)
_TPOS, _STAMP, _NCP, _NOVER, _WORK, _PLEN, _UNIONS, _COST = 0, 1, 2, 3, 4, 5, 6, 7


def find(parent, x):
    """Union-find root (no path compression: unions are undone in reverse)."""
    while parent[x] != x:
        x = parent[x]
    return x


def across(parent, nu, nv, e, r):
    """The piece at the end of edge ``e`` that is not piece ``r`` (``r`` for an edge inside
    it)."""
    a = find(parent, nu[e])
    return find(parent, nv[e]) if a == r else a


def _unlink(q, lnext, lprev):
    """Take entry ``q`` out of its list (it keeps its links, for :func:`_relink`)."""
    n = lnext[q]
    p = lprev[q]
    lnext[p] = n
    lprev[n] = p


def _relink(q, lnext, lprev):
    """Put entry ``q`` back where :func:`_unlink` took it (undone in reverse order)."""
    lnext[lprev[q]] = q
    lprev[lnext[q]] = q


def _swap(a, b, lnext, lprev):
    """Join the lists of ``a`` and ``b`` into one; the same call again splits them."""
    an = lnext[a]
    bn = lnext[b]
    lnext[a] = bn
    lprev[bn] = a
    lnext[b] = an
    lprev[an] = b


def edge_state(view, e, eu, ev, hu, hv):
    """2 if edge ``e`` is chosen in ``view``, 1 if open, 0 if closed."""
    d = view[eu[e]]
    if (d & ~hu[e]) == 0:
        return 2
    if (d & hu[e]) != 0 and (view[ev[e]] & hv[e]) != 0:
        return 1
    return 0


def _log(tkind, ta, tb, meta, kind, a, b):
    t = meta[_TPOS]
    tkind[t] = kind
    ta[t] = a
    tb[t] = b
    meta[_TPOS] = t + 1


def _undo(mark, dom, view, state, parent, size, nxt, lnext, lprev, tkind, ta, tb, meta):
    """Undo the trail down to ``mark``; returns the change in the number of variables whose
    domain in ``dom`` is not within the view."""
    t = meta[_TPOS]
    base = lnext.shape[0] - parent.shape[0]
    delta = 0
    while t > mark:
        t -= 1
        a = ta[t]
        if tkind[t] == VIEW:
            if dom[a] & ~view[a]:
                delta -= 1
            view[a] = tb[t]
            if dom[a] & ~view[a]:
                delta += 1
        elif tkind[t] == STATE:
            state[a] = tb[t]
        elif tkind[t] == UNLINK:
            _relink(a, lnext, lprev)
        else:
            b = tb[t]
            parent[a] = a
            size[b] -= size[a]
            na = nxt[a]
            nxt[a] = nxt[b]
            nxt[b] = na
            _relink(base + a, lnext, lprev)
            _swap(base + b, base + a, lnext, lprev)
            meta[_UNIONS] -= 1
    meta[_TPOS] = t
    return delta


def diff(dom, view, changed):
    """The variables whose domain differs from the view, into ``changed``; returns how many,
    and how many are not within the view."""
    count = 0
    outside = 0
    for c in range(view.shape[0]):
        d = dom[c]
        if d != view[c]:
            changed[count] = c
            count += 1
            if d & ~view[c]:
                outside += 1
    return count, outside


def rewind(dom, view, state, parent, size, nxt, lnext, lprev, tkind, ta, tb, meta, marks,
           exact, outside):
    """Back up to the latest checkpoint whose view holds ``dom`` (``outside`` variables are
    not within the current view) and that is *exact* (its call narrowed nothing, so its view
    is the domains it certified); the bottom checkpoint (nothing read yet) always is."""
    ncp = meta[_NCP]
    while ncp > 1 and (outside > 0 or not exact[ncp - 1]):
        ncp -= 1
        outside += _undo(marks[ncp - 1], dom, view, state, parent, size, nxt, lnext, lprev,
                         tkind, ta, tb, meta)
    meta[_NCP] = ncp


def tree_step(dom, changed, nodes, eu, ev, nu, nv, hu, hv, var_ptr, var_edge, adj_ptr,
              adj_edge, adj_other, ends, view, state, over, parent, size, nxt, lnext, lprev,
              tkind, ta, tb, meta, marks, exact, lists, saved, seen, par, queue, fmark, ftail,
              tarjan, blame, budget):
    """One propagation from the view (the top checkpoint) to ``dom``, which is within it and
    differs at the variables ``changed``; narrows ``dom``.  Returns 1, or 0 when no spanning
    tree is left (the view and ``dom`` then as before).

    Read once, as the domains are on entry: merge newly chosen edges (a cycle fails), cut
    the open edges inside a piece, then keep the possible edges connected with every bridge
    chosen: the graph certified at the view changes only by the edges closed since, and an
    edge can become a bridge only where such an edge ``u-v`` leaves ``u`` and ``v`` joined by
    one path, so each is checked by two searches around it (:func:`_check`); past
    ``budget`` edges scanned, when so many edges closed that their checks would cost more
    (by the running mean of a check's work), or from the bottom checkpoint, one pass of
    Tarjan over the whole graph does it instead.  ``lists`` rows: chosen, closed, overlay
    edges (cut 1, forced 2 in ``over``), the path of a check; ``meta[3]`` counts the
    overlay.
    """
    start = meta[_TPOS]
    meta[_NOVER] = 0
    meta[_WORK] = 0
    ok = _step(dom, changed, nodes, eu, ev, nu, nv, hu, hv, var_ptr, var_edge, adj_ptr,
               adj_edge, adj_other, ends, view, state, over, parent, size, nxt, lnext, lprev,
               tkind, ta, tb, meta, lists, saved, seen, par, queue, fmark, ftail, tarjan, blame,
               budget)
    for i in range(meta[_NOVER]):
        over[lists[2, i]] = 0
    if not ok:                                   # the domains as on entry
        for i in range(meta[_NOVER] - 1, -1, -1):
            e = lists[2, i]
            dom[ev[e]] = saved[1, i]
            dom[eu[e]] = saved[0, i]
        _undo(start, dom, view, state, parent, size, nxt, lnext, lprev, tkind, ta, tb, meta)
        return 0
    ncp = meta[_NCP]
    if meta[_TPOS] > marks[ncp - 1]:
        marks[ncp] = meta[_TPOS]
        exact[ncp] = meta[_NOVER] == 0
        meta[_NCP] = ncp + 1
    return 1


def _step(dom, changed, nodes, eu, ev, nu, nv, hu, hv, var_ptr, var_edge, adj_ptr, adj_edge,
          adj_other, ends, view, state, over, parent, size, nxt, lnext, lprev, tkind, ta, tb,
          meta, lists, saved, seen, par, queue, fmark, ftail, tarjan, blame, budget):
    """The body of :func:`tree_step`: 1 or 0."""
    certified = meta[_NCP] > 1
    base = adj_edge.shape[0]
    for i in range(changed.shape[0]):            # the new view
        c = changed[i]
        _log(tkind, ta, tb, meta, VIEW, c, view[c])
        view[c] = dom[c]
    nchosen = 0
    nclosed = 0
    for i in range(changed.shape[0]):            # edge states: the chosen, the closed
        c = changed[i]
        for p in range(var_ptr[c], var_ptr[c + 1]):
            e = var_edge[p]
            s = edge_state(view, e, eu, ev, hu, hv)
            if s != state[e]:
                _log(tkind, ta, tb, meta, STATE, e, state[e])
                if s == 2:
                    lists[0, nchosen] = e
                    nchosen += 1
                elif state[e] > 0:
                    lists[1, nclosed] = e
                    nclosed += 1
                    for j in range(2):
                        _unlink(ends[j, e], lnext, lprev)
                        _log(tkind, ta, tb, meta, UNLINK, ends[j, e], 0)
                state[e] = s
    for i in range(nchosen):                     # merge; cut the open edges in between
        e = lists[0, i]
        ru, rv = find(parent, nu[e]), find(parent, nv[e])
        if ru == rv:
            blame[0], blame[1] = eu[e], ev[e]
            return 0
        if size[ru] < size[rv]:
            ru, rv = rv, ru
        for j in range(2):
            _unlink(ends[j, e], lnext, lprev)
            _log(tkind, ta, tb, meta, UNLINK, ends[j, e], 0)
        q = base + rv
        while True:                              # rv's boundary: the edges to ru are cut
            q = lnext[q]
            if q == base + rv:
                break
            f = adj_edge[q]
            if (state[f] == 1 and over[f] == 0 and find(parent, adj_other[q]) == ru
                    and not _narrow(f, 1, dom, eu, ev, hu, hv, over, lists, saved, meta, blame)):
                return 0
        parent[rv] = ru
        size[ru] += size[rv]
        x = nxt[ru]
        nxt[ru] = nxt[rv]
        nxt[rv] = x
        _swap(base + ru, base + rv, lnext, lprev)
        _unlink(base + rv, lnext, lprev)
        meta[_UNIONS] += 1
        _log(tkind, ta, tb, meta, UNION, rv, ru)
    for i in range(changed.shape[0]):            # open edges inside a piece (self-loops)
        c = changed[i]
        for p in range(var_ptr[c], var_ptr[c + 1]):
            e = var_edge[p]
            if (state[e] == 1 and over[e] == 0
                    and find(parent, nu[e]) == find(parent, nv[e])
                    and not _narrow(e, 1, dom, eu, ev, hu, hv, over, lists, saved, meta, blame)):
                return 0
    if nodes <= 1:
        return 1
    if certified and nclosed * meta[_COST] > 16 * budget:
        certified = False                        # the checks would cost more than the pass
    if certified:
        done = 0
        for i in range(nclosed):
            done += 1
            e = lists[1, i]
            u, v = nu[e], nv[e]
            if find(parent, u) == find(parent, v):
                continue
            r = _check(find(parent, u), find(parent, v), dom, eu, ev, nu, nv, hu, hv,
                       adj_edge, adj_other, state, over, parent, lnext, lists, saved, seen, par,
                       queue, fmark, ftail, meta, blame, budget)
            if r == 0:
                if blame[0] < 0:                 # disconnected: blame the closed edge
                    blame[0], blame[1] = eu[e], ev[e]
                return 0
            if r == 2:
                certified = False
                break
        if done:
            meta[_COST] = (7 * meta[_COST] + 16 * meta[_WORK] // done) // 8
    if not certified:
        return _bridges(dom, nodes, eu, ev, hu, hv, adj_edge, adj_other, state, over, parent,
                        lnext, lists, saved, meta, tarjan, queue, par, blame)
    return 1


def _narrow(e, how, dom, eu, ev, hu, hv, over, lists, saved, meta, blame):
    """Cut (``how`` 1) or force (2) edge ``e`` in ``dom``, on the overlay (the old domains
    of its two variables in ``saved``); 0 on a wipe-out."""
    over[e] = how
    i = meta[_NOVER]
    lists[2, i] = e
    meta[_NOVER] = i + 1
    u, v = eu[e], ev[e]
    saved[0, i] = dom[u]
    saved[1, i] = dom[v]
    if how == 1:
        dom[u] &= ~hu[e]
        dom[v] &= ~hv[e]
    else:
        dom[u] &= hu[e]
        dom[v] &= hv[e]
    if dom[u] == 0 or dom[v] == 0:
        blame[0], blame[1] = u, v
        return 0
    return 1


def _check(u, v, dom, eu, ev, nu, nv, hu, hv, adj_edge, adj_other, state, over, parent,
           lnext, lists, saved, seen, par, queue, fmark, ftail, meta, blame, budget):
    """Pieces ``u`` and ``v`` (roots) must stay joined by two edge-disjoint paths of possible
    edges (a chosen edge counts twice): each open edge on every ``u-v`` path is a bridge,
    forced here.  A path, then a search of the residual graph of that path (as a flow of 1): if it
    reaches ``v`` there are two paths; each time one side runs out, it is left by one edge
    of the path, a bridge, which is forced and crossed.  Returns 1, 0 on failure
    (disconnected, or a bridge that cannot be chosen), 2 past the budget."""
    r = _meet(u, v, False, 0, 0, dom, eu, ev, hu, hv, nu, nv, adj_edge, adj_other, state,
              over, parent, lnext, lists, saved, seen, par, queue, fmark, ftail, meta, blame,
              budget)
    if r != 1:
        if r <= 0:
            blame[0], blame[1] = -1, -1
        return 0 if r <= 0 or r == 3 else 2
    flow = meta[_STAMP] + 1                      # the path's open edges, each with its tail
    meta[_STAMP] = flow
    plen = 0
    x, e, y = queue[0], queue[1], queue[2]       # where the two searches met
    tail = x
    while True:
        if state[e] == 1 and over[e] != 2:
            fmark[e] = flow
            ftail[e] = tail
            lists[3, plen] = e
            plen += 1
        if par[y] < 0:
            break
        e = par[y]
        tail = y
        y = across(parent, nu, nv, e, y)
    while par[x] >= 0:
        e = par[x]
        tail = across(parent, nu, nv, e, x)
        if state[e] == 1 and over[e] != 2:
            fmark[e] = flow
            ftail[e] = tail
            lists[3, plen] = e
            plen += 1
        x = tail
    r = _meet(u, v, True, flow, plen, dom, eu, ev, hu, hv, nu, nv, adj_edge, adj_other,
              state, over, parent, lnext, lists, saved, seen, par, queue, fmark, ftail, meta, blame,
              budget)
    return 1 if r == 1 else 2 if r == 2 else 0


def _meet(u, v, residual, flow, plen, dom, eu, ev, hu, hv, nu, nv, adj_edge, adj_other,
          state, over, parent, lnext, lists, saved, seen, par, queue, fmark, ftail, meta, blame,
          budget):
    """Breadth-first from piece ``u`` and, backwards, from piece ``v`` at once, the smaller
    frontier first, over the possible edges between pieces (along their boundaries).
    Returns 1 when they meet (``queue[0:3]`` = the last piece of ``u``'s side, the edge, the
    first of ``v``'s; ``par`` leads back), 0 when ``u``'s side runs out, -1 when ``v``'s
    does, 2 past ``budget`` boundary entries scanned in the call.  With ``residual``, not
    along an open edge of the path stamped ``flow`` (its ``plen`` edges in ``lists[3]``) in
    the path's direction; a side that runs out is left by one such edge, a bridge: it is
    forced and the side goes on across it (3 if that wipes out a domain)."""
    k = seen.shape[0]
    base = adj_edge.shape[0]
    mine_a = meta[_STAMP] + 1
    mine_b = mine_a + 1
    meta[_STAMP] = mine_b
    seen[u] = mine_a
    par[u] = -1
    seen[v] = mine_b
    par[v] = -1
    queue[3] = u                                 # u's side grows up from 3, v's down from k+2
    queue[k + 2] = v
    ha, ta_, hb, tb_ = 3, 4, k + 2, k + 1
    while True:
        if ha == ta_ or hb == tb_:
            if not residual:
                return 0 if ha == ta_ else -1
            side = mine_a if ha == ta_ else mine_b
            bridge = -1
            for i in range(plen):
                e = lists[3, i]
                head = across(parent, nu, nv, e, ftail[e])
                if over[e] != 2 and (seen[ftail[e]] == side) != (seen[head] == side):
                    bridge = e
                    break
            if bridge < 0:
                return 2
            if not _narrow(bridge, 2, dom, eu, ev, hu, hv, over, lists, saved, meta, blame):
                return 3
            y = ftail[bridge]
            if side == mine_a:                   # cross it: the head joins u's side
                y = across(parent, nu, nv, bridge, y)
            if seen[y] == mine_a + mine_b - side:   # the other side's: they meet
                return 1
            seen[y] = side
            if side == mine_a:
                queue[ta_] = y
                ta_ += 1
            else:
                queue[tb_] = y
                tb_ -= 1
            continue
        if meta[_WORK] > budget:
            return 2
        if ta_ - ha <= hb - tb_:
            x = queue[ha]
            ha += 1
            side = 0
        else:
            x = queue[hb]
            hb -= 1
            side = 1
        mine = mine_a if side == 0 else mine_b
        other = mine_b if side == 0 else mine_a
        q = base + x
        while True:
            q = lnext[q]
            if q == base + x:
                break
            meta[_WORK] += 1
            e = adj_edge[q]
            s = state[e]
            if s == 0 or over[e] == 1:
                continue
            y = find(parent, adj_other[q])
            if y == x:
                continue
            if (residual and s == 1 and over[e] != 2 and fmark[e] == flow
                    and ftail[e] == (x if side == 0 else y)):
                continue
            sy = seen[y]
            if sy == mine:
                continue
            if sy == other:
                if side == 0:
                    queue[0], queue[2] = x, y
                else:
                    queue[0], queue[2] = y, x
                queue[1] = e
                return 1
            seen[y] = mine
            par[y] = e
            if side == 0:
                queue[ta_] = y
                ta_ += 1
            else:
                queue[tb_] = y
                tb_ -= 1


def _bridges(dom, nodes, eu, ev, hu, hv, adj_edge, adj_other, state, over, parent, lnext,
             lists, saved, meta, tarjan, stack_node, stack_edge, blame):
    """The whole pass: the possible edges must join every piece, and each bridge of that
    graph (an edge whose loss would split it) must be chosen.  Iterative Tarjan over the
    pieces (along their boundaries) from the piece of node 0; ``tarjan`` rows are scratch
    (discovery, low, the boundary entry reached).  Returns 0 on failure."""
    disc, low, nxt_adj = tarjan[0], tarjan[1], tarjan[2]
    base = adj_edge.shape[0]
    for c in range(nodes):
        disc[c] = -1
    r = find(parent, 0)
    disc[r] = low[r] = 0
    timer = 1
    top = 0
    stack_node[0] = r
    stack_edge[0] = -1
    nxt_adj[r] = base + r
    while top >= 0:
        x = stack_node[top]
        q = lnext[nxt_adj[x]]
        if q != base + x:
            nxt_adj[x] = q
            e = adj_edge[q]
            if state[e] == 0 or over[e] == 1 or e == stack_edge[top]:
                continue
            y = find(parent, adj_other[q])
            if y == x:
                continue
            if disc[y] < 0:
                disc[y] = low[y] = timer
                timer += 1
                top += 1
                stack_node[top] = y
                stack_edge[top] = e
                nxt_adj[y] = base + y
            elif disc[y] < low[x]:
                low[x] = disc[y]
        else:
            e = stack_edge[top]
            top -= 1
            if top >= 0:
                p = stack_node[top]
                if low[x] < low[p]:
                    low[p] = low[x]
                if (low[x] > disc[p] and state[e] == 1 and over[e] != 2
                        and not _narrow(e, 2, dom, eu, ev, hu, hv, over, lists, saved, meta,
                                        blame)):
                    return 0
    if timer != nodes - meta[_UNIONS]:
        blame[0], blame[1] = -1, -1
        return 0
    return 1


#: The kernels compiled by numba, on the first call.
compiled = compile_twins((find, across, _unlink, _relink, _swap, diff, edge_state, _log, _undo,
                          rewind, _narrow, _meet, _check, _bridges, _step, tree_step), globals())
