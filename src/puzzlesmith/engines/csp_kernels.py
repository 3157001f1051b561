"""Kernels of the CSP engine (:mod:`puzzlesmith.engines.csp`): arc consistency, dom/wdeg
selection and the labelling of independent parts, in one source, run two ways.

Every kernel works on plain integer arrays and does a bounded amount of work per call (one
fixpoint, one choice, one labelling), so the Python search loop around them checks limits
and Ctrl-C between calls.  The functions here are plain Python: called directly they run
interpreted (no numba: a small search ends before numba would have loaded), and
:func:`compiled` returns the same functions compiled by numba (``cache=True``).  This module
imports numba only inside :func:`compiled`.
"""

from __future__ import annotations

import numpy as np

from .twins import compile_twins

__all__ = ["popcount", "ac3", "select", "select_near", "label_parts", "step", "undo", "NEAR",
           "compiled"]

#: How many variables of the current cluster :func:`select_near` looks at, at most.
NEAR = 256


def popcount(x):
    """Number of set bits of a non-negative int64."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


def supported(sup, base, d, dy):
    """The values of domain ``d`` that keep a support in ``dy`` (the arc's table at ``base``)."""
    keep = 0
    rest = d
    a = 0
    while rest:
        if rest & 1 and sup[base + a] & dy:
            keep |= 1 << a
        rest >>= 1
        a += 1
    return keep


def ac3(dom, seeds, in_ptr, in_arc, arc_src, arc_tab, sup, queue, inq, tvar, told, tpos):
    """Arc consistency from the changed variables ``seeds``; narrows ``dom`` in place.

    Returns -1 at the fixpoint, or the index of the arc whose source lost every value.
    ``queue`` (int64[n]) and ``inq`` (bool[n], all False on entry and exit) are scratch.
    With a trail (``tvar`` not empty) every change is logged on it (``tvar``/``told``, its
    length in ``tpos[0]``).
    """
    logged = tvar.shape[0] > 0
    t = tpos[0]
    n = dom.shape[0]
    head = 0
    size = 0
    for s in seeds:
        if not inq[s]:
            inq[s] = True
            queue[(head + size) % n] = s
            size += 1
    failed = -1
    while size > 0:
        y = queue[head]
        head = (head + 1) % n
        size -= 1
        inq[y] = False
        dy = int(dom[y])    # plain ints: 2x faster bit arithmetic in the interpreted twin
        for p in range(in_ptr[y], in_ptr[y + 1]):
            k = in_arc[p]
            x = arc_src[k]
            d = int(dom[x])
            keep = supported(sup, arc_tab[k] * 64, d, dy)
            if keep != d:
                if logged:
                    tvar[t] = x
                    told[t] = d
                    t += 1
                dom[x] = keep
                if keep == 0:
                    failed = k
                    break
                if not inq[x]:
                    inq[x] = True
                    queue[(head + size) % n] = x
                    size += 1
        if failed >= 0:
            break
    if failed >= 0:                       # leave the scratch flags clean
        while size > 0:
            inq[queue[head]] = False
            head = (head + 1) % n
            size -= 1
    if logged:
        tpos[0] = t
    return failed


def select(dom, weight, active):
    """dom/wdeg: the unassigned active variable with the least ``|dom| / weight`` (or -1)."""
    best = -1
    best_score = np.inf
    for v in range(dom.shape[0]):
        d = dom[v]
        if d & (d - 1) and active[v]:
            score = popcount(d) / weight[v]
            if score < best_score:
                best_score = score
                best = v
    return best


def select_near(dom, weight, last, in_ptr, in_arc, arc_src, mark, queue, active):
    """dom/wdeg restricted to the unassigned variables linked to ``last`` through chains of
    unassigned variables (its *cluster*, the ``NEAR`` nearest of them, breadth first); the
    global choice when that cluster is empty.

    Finishing one cluster before starting another keeps independent parts of a problem
    from multiplying each other's search trees under chronological backtracking.
    ``mark`` (bool[n], all False on entry and exit) and ``queue`` (int64[n]) are scratch;
    ``active`` (bool[n]) limits the global choice.
    """
    if last < 0:
        return select(dom, weight, active)
    best = -1
    best_score = np.inf
    mark[last] = True
    queue[0] = last
    size = 1
    head = 0
    while head < size and head < NEAR:
        y = queue[head]
        head += 1
        d = dom[y]
        if d & (d - 1):
            score = popcount(d) / weight[y]
            if score < best_score:
                best_score = score
                best = y
        for p in range(in_ptr[y], in_ptr[y + 1]):
            x = arc_src[in_arc[p]]
            if not mark[x]:
                dx = dom[x]
                if dx & (dx - 1):
                    mark[x] = True
                    queue[size] = x
                    size += 1
    for k in range(size):
        mark[queue[k]] = False
    if best < 0:
        return select(dom, weight, active)
    return best


def label_parts(dom, in_ptr, in_arc, arc_src, label, queue):
    """Number the groups of unassigned variables linked by constraints; returns how many.

    ``label[v]`` is set to the part of ``v`` (-1 for assigned variables).
    """
    n = dom.shape[0]
    for v in range(n):
        label[v] = -1
    parts = 0
    for s in range(n):
        d = dom[s]
        if label[s] >= 0 or not d & (d - 1):
            continue
        label[s] = parts
        queue[0] = s
        size = 1
        head = 0
        while head < size:
            y = queue[head]
            head += 1
            for p in range(in_ptr[y], in_ptr[y + 1]):
                x = arc_src[in_arc[p]]
                dx = dom[x]
                if label[x] < 0 and dx & (dx - 1):
                    label[x] = parts
                    queue[size] = x
                    size += 1
        parts += 1
    return parts



def step(dom, x, bit, decide, in_ptr, in_arc, arc_src, arc_tab, sup, queue, inq, tvar, told,
         tpos):
    """One search step of a purely binary model: ``x = bit`` (``decide``) or ``x != bit``,
    then arc consistency, every change logged on the trail (``tvar``/``told``, its length
    in ``tpos[0]``).  Returns -1, or on a wipe-out the failing arc (or ``-2`` when ``x``
    itself empties), the domains then restored from the trail.
    """
    start = tpos[0]
    d = dom[x]
    new = bit if decide else d & ~bit
    if new == 0:
        return -2
    tvar[start] = x
    told[start] = d
    tpos[0] = start + 1
    dom[x] = new
    failed = ac3(dom, tvar[start:start + 1], in_ptr, in_arc, arc_src, arc_tab, sup, queue, inq,
                 tvar, told, tpos)
    if failed >= 0:
        undo(dom, tvar, told, tpos, start)
    return failed


def undo(dom, tvar, told, tpos, mark):
    """Restore the domains logged on the trail above ``mark``."""
    t = tpos[0]
    while t > mark:
        t -= 1
        dom[tvar[t]] = told[t]
    tpos[0] = t


#: The kernels compiled by numba, on the first call.
compiled = compile_twins((popcount, supported, ac3, select, select_near, label_parts, step,
                          undo), globals())
