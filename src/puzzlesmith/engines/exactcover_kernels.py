"""The search kernels of :mod:`puzzlesmith.engines.exactcover`, in one source, run two ways.

The model is two CSR incidence tables (option -> items, item -> options) plus bounds; the
dynamic state of one run is one status per option, counters per item, a trail of changed
options, a stack of decisions and a propagation queue, all allocated by the run (see
``Search``), so that runs over one model never share state.

:func:`search` is the entry point: a resumable depth-first search that stops after a budget
of nodes, so that Python can check limits and Ctrl-C between chunks.  The functions here are
plain Python over indexable integer sequences: on Python lists they run interpreted (no
numba, no compilation: a small search ends before numba would have loaded), and
:func:`compiled` returns the same functions compiled by numba (``cache=True``) over numpy
arrays.  This module imports numba only inside :func:`compiled`, the only place the engine
does.
"""

from __future__ import annotations

from .twins import compile_twins

__all__ = ["search", "search_plain", "cells", "compiled", "in_cache"]

# The layout these kernels own (numba's cache freezes globals, so they live here; the engine
# imports them): option statuses, the outcomes of one kernel call, the modes saved between
# calls, and the slots of the control array.
FREE, TAKEN, EXCLUDED = 0, 1, 2
EXHAUSTED, FOUND, PAUSED, GAVE_UP = 0, 1, 2, 3  # GAVE_UP is set in Python
DESCEND, BACKTRACK = 0, 1
(C_TRAIL, C_QLEN, C_LEVEL, C_MODE, C_NODES, C_STAMP, C_PIGEON, C_PROBE, C_PROBES,
 C_ROUND, C_DYNAMIC, C_PFAILS, C_PROBE_AT, C_PROBE_EXCLUDED) = range(14)
CONTROL_SIZE = 14
#: Root probes between two returns to Python (at fixed counts, so where a search pauses
#: never depends on the machine): the root's singleton-consistency pass over a large model
#: takes seconds, and the deadline, Ctrl-C and the move to compiled kernels (after nodes
#: plus probes reach the "auto" budget) are decided between kernel calls.
PROBE_QUANTUM = 256


def _set_status(o, new, status, cover, avail, lo, hi, opt_start, opt_items, trail, ctl, queue,
                queued):
    """Move free option ``o`` to TAKEN or EXCLUDED, update counters, and queue the items
    that may now act: full ones (taking) and ones that need all they have left (excluding).

    For the pigeonhole bounds, ``queued`` has two more marks per item (see ``_propagate``):
    ``queued[n + i]``, item ``i``'s options changed; ``queued[2n + i]``, item ``i`` lost room.
    """
    status[o] = new
    trail[ctl[C_TRAIL]] = o
    ctl[C_TRAIL] += 1
    n = len(lo)
    for k in range(opt_start[o], opt_start[o + 1]):
        i = opt_items[k]
        if ctl[C_PIGEON]:
            queued[n + i] = True
            if new == TAKEN:
                queued[2 * n + i] = True
        avail[i] -= 1
        if new == TAKEN:
            cover[i] += 1
            act = cover[i] >= hi[i]
        else:
            act = cover[i] + avail[i] <= lo[i]
        if act and not queued[i]:
            queued[i] = True
            queue[ctl[C_QLEN]] = i
            ctl[C_QLEN] += 1


def _undo_to(mark, status, cover, avail, opt_start, opt_items, trail, ctl):
    """Restore every option changed since the trail had length ``mark``."""
    while ctl[C_TRAIL] > mark:
        ctl[C_TRAIL] -= 1
        o = trail[ctl[C_TRAIL]]
        for k in range(opt_start[o], opt_start[o + 1]):
            i = opt_items[k]
            avail[i] += 1
            if status[o] == TAKEN:
                cover[i] -= 1
        status[o] = FREE


def _clear_queue(ctl, queue, queued):
    for q in range(ctl[C_QLEN]):
        queued[queue[q]] = False
    ctl[C_QLEN] = 0


def _propagate_counts(lo, hi, status, cover, avail, opt_start, opt_items, item_start,
                      item_opts, trail, ctl, queue, queued):
    """Unit propagation of the cardinality bounds, to a fixpoint.

    Returns -1, or the item found in contradiction."""
    while ctl[C_QLEN] > 0:
        ctl[C_QLEN] -= 1
        i = queue[ctl[C_QLEN]]
        queued[i] = False
        if cover[i] > hi[i] or cover[i] + avail[i] < lo[i]:
            _clear_queue(ctl, queue, queued)
            return i
        if avail[i] == 0:
            continue
        if cover[i] == hi[i]:
            new = EXCLUDED
        elif cover[i] + avail[i] == lo[i]:
            new = TAKEN
        else:
            continue
        for k in range(item_start[i], item_start[i + 1]):
            o = item_opts[k]
            if status[o] == FREE:
                _set_status(o, new, status, cover, avail, lo, hi, opt_start, opt_items, trail, ctl,
                            queue, queued)
    return -1


def _counts_ok(lo, hi, status, cover, avail, opt_start, opt_items, item_start, item_opts,
               trail, ctl, queue, queued, weight):
    """:func:`_propagate` of plain exact cover: the counts to a fixpoint; False (and the
    failed item's weight raised) on a contradiction."""
    failed = _propagate_counts(lo, hi, status, cover, avail, opt_start, opt_items,
                               item_start, item_opts, trail, ctl, queue, queued)
    if failed >= 0:
        weight[failed] += 1
        return False
    return True


def _tally(p, status, opt_start, opt_items, item_start, item_opts, ctl, mine, group_of, seen,
           tally):
    """Mark item ``p``'s free options (``mine``) and count, per item, how many it holds.

    Scratch arrays are valid where their stamp is current; returns the new stamp.
    """
    ctl[C_STAMP] += 1
    stamp = ctl[C_STAMP]
    for k in range(item_start[p], item_start[p + 1]):
        o = item_opts[k]
        if status[o] == FREE:
            mine[o] = stamp
            group_of[o] = -1
            for kk in range(opt_start[o], opt_start[o + 1]):
                j = opt_items[kk]
                if seen[j] != stamp:
                    seen[j] = stamp
                    tally[j] = 0
                tally[j] += 1
    return stamp


def _pigeonhole(p, stamp, lo, hi, status, cover, avail, opt_start, opt_items, item_start,
                item_opts, trail, ctl, queue, queued, mine, group_of, tally, groups):
    """Upper bound on what primary item ``p`` can still get, grouping its free options under
    items with little room (a group of ``size`` options inside an item with room ``c`` gives
    at most ``c``).  Below the need fails; equal to it, each group is filled by ``p``, so the
    groups' other options are excluded and singletons taken.  Consumes ``tally``.

    Returns -1 on a contradiction, else the number of options it changed (0 = nothing learnt).
    """
    need = lo[p] - cover[p]
    bound = 0
    ngroups = 0
    for k in range(item_start[p], item_start[p + 1]):
        o = item_opts[k]
        if status[o] != FREE or group_of[o] != -1:
            continue
        best, best_gain = -1, 0
        for kk in range(opt_start[o], opt_start[o + 1]):
            j = opt_items[kk]
            if j == p:
                continue
            size = tally[j]
            room = hi[j] - cover[j]
            if room <= need and size - room > best_gain:  # more room than need: no bound
                best, best_gain = j, size - room
        if best < 0:
            group_of[o] = p  # a group of its own
            bound += 1
            continue
        bound += hi[best] - cover[best]
        groups[ngroups] = best
        ngroups += 1
        for kk in range(item_start[best], item_start[best + 1]):
            o2 = item_opts[kk]
            if status[o2] == FREE and mine[o2] == stamp and group_of[o2] == -1:
                group_of[o2] = best
                for m in range(opt_start[o2], opt_start[o2 + 1]):
                    tally[opt_items[m]] -= 1
    if bound < need:
        return -1
    if bound > need:
        return 0
    # Tight: each singleton is taken and each group filled to capacity by p's options.
    changed = 0
    for k in range(item_start[p], item_start[p + 1]):
        o = item_opts[k]
        if status[o] == FREE and mine[o] == stamp and group_of[o] == p:
            _set_status(o, TAKEN, status, cover, avail, lo, hi, opt_start, opt_items, trail, ctl,
                        queue, queued)
            changed += 1
    for g in range(ngroups):
        j = groups[g]
        for kk in range(item_start[j], item_start[j + 1]):
            o2 = item_opts[kk]
            if status[o2] == FREE and not (mine[o2] == stamp and group_of[o2] == j):
                _set_status(o2, EXCLUDED, status, cover, avail, lo, hi, opt_start, opt_items,
                            trail, ctl, queue, queued)
                changed += 1
    return changed


def _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start,
               item_opts, trail, ctl, queue, queued, scratch):
    """Counts to a fixpoint, then (if enabled) the pigeonhole bounds, item by
    item, until nothing changes.  ``scratch`` is the tuple of work arrays (see ``_run``)."""
    mine, group_of, seen, tally, groups, weight = (scratch[0], scratch[1], scratch[2],
                                                   scratch[3], scratch[4], scratch[6])
    n = len(lo)
    while True:
        failed = _propagate_counts(lo, hi, status, cover, avail, opt_start, opt_items,
                                   item_start, item_opts, trail, ctl, queue, queued)
        if failed >= 0:
            weight[failed] += 1
            return False
        if ctl[C_PIGEON] == 0:
            return True
        # An item that lost room moves the bounds of every item sharing an option with it.
        for j in range(n):
            if queued[2 * n + j]:
                queued[2 * n + j] = False
                for k in range(item_start[j], item_start[j + 1]):
                    o = item_opts[k]
                    if status[o] == FREE:
                        for kk in range(opt_start[o], opt_start[o + 1]):
                            queued[n + opt_items[kk]] = True
        learnt = False
        for step in range(n):  # round the items from where the last round learnt something
            p = (ctl[C_ROUND] + step) % n
            if not queued[n + p]:
                continue
            queued[n + p] = False
            if not (primary[p] and avail[p] > 0 and lo[p] > cover[p]):
                continue
            stamp = _tally(p, status, opt_start, opt_items, item_start, item_opts, ctl, mine,
                           group_of, seen, tally)
            r = _pigeonhole(p, stamp, lo, hi, status, cover, avail, opt_start, opt_items,
                            item_start, item_opts, trail, ctl, queue, queued, mine, group_of,
                            tally, groups)
            if r < 0:
                weight[p] += 1
                _clear_queue(ctl, queue, queued)
                return False
            if r > 0:
                learnt = True
                ctl[C_ROUND] = p + 1
                break
        if not learnt:
            return True


def _probe_item(p, lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start,
                item_opts, trail, ctl, queue, queued, scratch):
    """Failed-option probing: tentatively take each free option of item ``p``; exclude those
    whose propagation fails.  Returns how many were excluded (their items are queued)."""
    failed = scratch[5]
    nfailed = 0
    for k in range(item_start[p], item_start[p + 1]):
        o = item_opts[k]
        if status[o] != FREE:
            continue
        mark = ctl[C_TRAIL]
        ctl[C_PROBES] += 1
        _set_status(o, TAKEN, status, cover, avail, lo, hi, opt_start, opt_items, trail, ctl, queue,
                    queued)
        ok = _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                        item_start, item_opts, trail, ctl, queue, queued, scratch)
        _undo_to(mark, status, cover, avail, opt_start, opt_items, trail, ctl)
        if not ok:
            failed[nfailed] = o
            nfailed += 1
    ctl[C_PFAILS] += nfailed
    for f in range(nfailed):
        _set_status(failed[f], EXCLUDED, status, cover, avail, lo, hi, opt_start, opt_items,
                    trail, ctl, queue, queued)
    return nfailed


def _probe_all(lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start,
               item_opts, trail, ctl, queue, queued, scratch):
    """Singleton consistency: tentatively take every free option, exclude (and propagate)
    those whose propagation fails, until a whole round excludes nothing.  Returns 1 at the
    fixpoint, 0 on a contradiction, 2 when the probe count reaches a multiple of
    :data:`PROBE_QUANTUM` (the place and the round's exclusions are kept in ``ctl``: the
    next call carries on from there)."""
    quota = (ctl[C_PROBES] // PROBE_QUANTUM + 1) * PROBE_QUANTUM  # pauses at fixed counts
    first = ctl[C_PROBE_AT]
    while True:
        excluded = ctl[C_PROBE_EXCLUDED]
        for o in range(first, len(status)):
            if status[o] != FREE:
                continue
            if ctl[C_PROBES] >= quota:
                ctl[C_PROBE_AT] = o
                ctl[C_PROBE_EXCLUDED] = excluded
                return 2
            mark = ctl[C_TRAIL]
            ctl[C_PROBES] += 1
            _set_status(o, TAKEN, status, cover, avail, lo, hi, opt_start, opt_items, trail, ctl,
                        queue, queued)
            ok = _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                            item_start, item_opts, trail, ctl, queue, queued, scratch)
            _undo_to(mark, status, cover, avail, opt_start, opt_items, trail, ctl)
            if ok:
                continue
            excluded += 1
            ctl[C_PFAILS] += 1
            _set_status(o, EXCLUDED, status, cover, avail, lo, hi, opt_start, opt_items, trail,
                        ctl, queue, queued)
            if not _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                              item_start, item_opts, trail, ctl, queue, queued,
                              scratch):
                ctl[C_PROBE_AT] = 0
                ctl[C_PROBE_EXCLUDED] = 0
                return 0
        first = 0
        ctl[C_PROBE_AT] = 0
        ctl[C_PROBE_EXCLUDED] = 0
        if excluded == 0:
            return 1


def _choose_item(lo, hi, primary, cover, avail, weight):
    """The primary item to branch on, or -1 when at a solution: the fewest spare options
    (MRV adapted to multiplicities), divided by how often the item failed (dom/wdeg).
    (:func:`_choose_marked` is the same within one component; the two are kept apart so
    that plain exact cover, which chooses at every node, pays no test for components.)"""
    best, best_spare, best_weight = -1, 1, 0  # compares spare**2 / weight by products
    for i in range(len(lo)):
        if primary[i] and avail[i] > 0 and cover[i] < lo[i]:
            spare = avail[i] - (lo[i] - cover[i]) + 1
            spare *= spare
            if spare * best_weight < best_spare * weight[i]:
                best, best_spare, best_weight = i, spare, weight[i]
    if best >= 0:
        return best
    return _choose_slack(primary, avail)


def _choose_marked(lo, hi, primary, cover, avail, weight, mark, stamp):
    """:func:`_choose_item` among the items with ``mark[i] == stamp`` (one component)."""
    best, best_spare, best_weight = -1, 1, 0
    for i in range(len(lo)):
        if primary[i] and avail[i] > 0 and cover[i] < lo[i] and mark[i] == stamp:
            spare = avail[i] - (lo[i] - cover[i]) + 1
            spare *= spare
            if spare * best_weight < best_spare * weight[i]:
                best, best_spare, best_weight = i, spare, weight[i]
    if best >= 0:
        return best
    return _choose_slack(primary, avail)


def _choose_slack(primary, avail):
    """Every lower bound met: the primary item with the fewest free options (slack), or -1."""
    best, fewest = -1, 1 << 60
    for i in range(len(avail)):
        if primary[i] and avail[i] > 0 and avail[i] < fewest:
            best, fewest = i, avail[i]
    return best


def search(lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start, item_opts,
           trail, ctl, queue, queued, scratch, decisions, node_stop, max_found):
    """Depth-first search, resumable: runs until exhaustion, ``node_stop`` nodes in all, or
    the ``max_found``-th solution of this call (then its options are left marked TAKEN).

    A level branches on the options of one item.  When the item still needs options, the
    branches are "the first option taken is o1", "... is o2" (o1 excluded), and so on, as in
    Dancing Links; when every lower bound is met (slack), a level is binary: take o, or not.

    Excluding a tried option is a deduction of its own: it is propagated before the next
    option is taken, so that a contradiction it causes ends the level (it would hold in
    every later branch) and the state every later branch starts from is at a fixpoint.
    When that propagation meets the item's need (it took the item's last options), the
    level's last branch is that state itself, with no option taken.

    ``decisions`` rows: item (-1 binary), position of the option in the item's list, option,
    trail length at the level's start, trail length before the option was taken, phase
    (0 open; 1 the last branch is being searched).

    Returns ``(outcome, solutions found in this call)``.
    """
    dec_item, dec_pos, dec_opt, dec_base, dec_mark, dec_phase = (
        decisions[0], decisions[1], decisions[2], decisions[3], decisions[4], decisions[5])
    weight = scratch[6]
    # Plain exact cover (no bounds): the count propagation alone, called without the work
    # arrays (passing them at every node costs plain searches time).
    plain = ctl[C_PIGEON] == 0
    found = 0
    while True:
        if ctl[C_MODE] == DESCEND:
            if ctl[C_NODES] >= node_stop:
                return PAUSED, found
            ctl[C_NODES] += 1
            if plain:
                ok = _counts_ok(lo, hi, status, cover, avail, opt_start, opt_items,
                                item_start, item_opts, trail, ctl, queue, queued, weight)
            else:
                ok = _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                                item_start, item_opts, trail, ctl, queue, queued,
                                scratch)
            if ok and ctl[C_PROBE] and ctl[C_LEVEL] == 0:
                probed = _probe_all(lo, hi, primary, status, cover, avail, opt_start,
                                    opt_items, item_start, item_opts, trail, ctl,
                                    queue, queued, scratch)
                if probed == 2:  # to be continued: the root is entered again, not counted
                    ctl[C_NODES] -= 1
                    return PAUSED, found
                ok = probed == 1
            while ok and ctl[C_PROBE]:
                p = _choose_item(lo, hi, primary, cover, avail, scratch[6])
                if p < 0 or _probe_item(p, lo, hi, primary, status, cover, avail, opt_start,
                                        opt_items, item_start, item_opts, trail, ctl,
                                        queue, queued, scratch) == 0:
                    break
                ok = _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                                item_start, item_opts, trail, ctl, queue, queued, scratch)
            if ok:
                if ctl[C_DYNAMIC]:
                    p = _choose_focused(lo, hi, primary, status, cover, avail, opt_start,
                                        opt_items, item_start, item_opts, ctl, scratch,
                                        dec_item)
                else:
                    p = _choose_item(lo, hi, primary, cover, avail, scratch[6])
                if p < 0:
                    found += 1
                    ctl[C_MODE] = BACKTRACK
                    if found >= max_found:
                        return FOUND, found
                    continue
                if ctl[C_DYNAMIC]:
                    k = _best_free(p, lo, primary, status, cover, avail, opt_start, opt_items,
                                   item_start, item_opts)
                else:
                    k = _next_free(p, item_start[p], status, item_start, item_opts)
                level = ctl[C_LEVEL] + 1
                ctl[C_LEVEL] = level
                dec_item[level] = p if cover[p] < lo[p] else -1
                dec_pos[level] = k
                dec_opt[level] = item_opts[k]
                dec_base[level] = ctl[C_TRAIL]
                dec_mark[level] = ctl[C_TRAIL]
                dec_phase[level] = 0
                _set_status(item_opts[k], TAKEN, status, cover, avail, lo, hi, opt_start,
                            opt_items, trail, ctl, queue, queued)
                continue
            ctl[C_MODE] = BACKTRACK
        # Backtrack to the deepest level with a branch still open.
        while True:
            level = ctl[C_LEVEL]
            if level == 0:
                return EXHAUSTED, found
            _undo_to(dec_mark[level], status, cover, avail, opt_start, opt_items, trail, ctl)
            p = dec_item[level]
            if dec_phase[level] == 0:
                _set_status(dec_opt[level], EXCLUDED, status, cover, avail, lo, hi,
                            opt_start, opt_items, trail, ctl, queue, queued)
                if p < 0:  # binary: now without the option
                    dec_phase[level] = 1
                    ctl[C_MODE] = DESCEND
                    break
                # n-ary: propagate the exclusion, then take the item's next free option
                if plain:
                    ok = _counts_ok(lo, hi, status, cover, avail, opt_start, opt_items,
                                    item_start, item_opts, trail, ctl, queue, queued, weight)
                else:
                    ok = _propagate(lo, hi, primary, status, cover, avail, opt_start,
                                    opt_items, item_start, item_opts, trail, ctl,
                                    queue, queued, scratch)
                if ok:
                    dec_mark[level] = ctl[C_TRAIL]
                    if cover[p] >= lo[p]:  # the need is met: the state is the last branch
                        dec_phase[level] = 1
                        ctl[C_MODE] = DESCEND
                        break
                    if ctl[C_DYNAMIC]:
                        k = _best_free(p, lo, primary, status, cover, avail, opt_start,
                                       opt_items, item_start, item_opts)
                    else:
                        k = _next_free(p, dec_pos[level] + 1, status, item_start, item_opts)
                    if k >= 0:  # (always, after a successful propagation)
                        dec_pos[level] = k
                        dec_opt[level] = item_opts[k]
                        _set_status(item_opts[k], TAKEN, status, cover, avail, lo, hi,
                                    opt_start, opt_items, trail, ctl, queue, queued)
                        ctl[C_MODE] = DESCEND
                        break
            _undo_to(dec_base[level], status, cover, avail, opt_start, opt_items, trail, ctl)
            ctl[C_LEVEL] = level - 1


def _choose_focused(lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start,
                    item_opts, ctl, scratch, dec_item):
    """:func:`_choose_item` within one independent part: the items connected, through free
    options, to the deepest decision's item that still needs options.  Parts that no
    longer share a free option are thus searched one after the other, never interleaved,
    so that a part's failures never re-search another part (their sizes add, not
    multiply)."""
    mine, weight, mark, todo = scratch[0], scratch[6], scratch[7], scratch[8]
    anchor = -1
    for level in range(ctl[C_LEVEL], 0, -1):
        i = dec_item[level]
        if i >= 0 and cover[i] < lo[i] and avail[i] > 0:
            anchor = i
            break
    if anchor < 0:
        return _choose_item(lo, hi, primary, cover, avail, weight)
    ctl[C_STAMP] += 1
    stamp = ctl[C_STAMP]
    mark[anchor] = stamp
    todo[0] = anchor
    head, tail = 0, 1
    while head < tail:
        i = todo[head]
        head += 1
        for k in range(item_start[i], item_start[i + 1]):
            o = item_opts[k]
            if status[o] != FREE or mine[o] == stamp:
                continue
            mine[o] = stamp
            for kk in range(opt_start[o], opt_start[o + 1]):
                j = opt_items[kk]
                if mark[j] != stamp:
                    mark[j] = stamp
                    todo[tail] = j
                    tail += 1
    return _choose_marked(lo, hi, primary, cover, avail, weight, mark, stamp)


def _best_free(p, lo, primary, status, cover, avail, opt_start, opt_items, item_start,
               item_opts):
    """Position of item ``p``'s free option most likely to be in a solution, or -1: the
    product, over the option's other primary items, of the share of their free options
    they still need (Pesant's counting-based maxSD, with the counts estimated)."""
    best, best_score = -1, -1.0
    for k in range(item_start[p], item_start[p + 1]):
        o = item_opts[k]
        if status[o] != FREE:
            continue
        score = 1.0
        for kk in range(opt_start[o], opt_start[o + 1]):
            j = opt_items[kk]
            if j != p and primary[j] and cover[j] < lo[j]:
                score *= (lo[j] - cover[j]) / avail[j]
        if score > best_score:
            best, best_score = k, score
    return best


def _next_free(p, start, status, item_start, item_opts):
    """Position of item ``p``'s first free option at or after position ``start``, or -1."""
    for k in range(start, item_start[p + 1]):
        if status[item_opts[k]] == FREE:
            return k
    return -1

# --------------------------------------------------------------------------- plain exact cover
# Every primary item covered exactly once, every secondary item at most once, nothing else
# asked (no multiplicities, bounds, probing or dynamic order): Knuth's dancing cells
# (Algorithm X over sparse sets).  Each item's free options are the first ``size[i]``
# entries of its segment of ``cells`` (entries of the option -> items table, in the item ->
# options layout); removing one swaps it to the segment's end, so an undo only gives the
# sizes back (a trail of (item, size) pairs, one per item whose size went down and segment of
# the trail, as in Knuth's dancing cells).  The active items are a sparse set too.  A node is
# the root or an option taken (its covering may fail at once); the item branched on is the
# active primary item with the fewest free options, the earliest on ties.  Compiled, the
# entries and items are unsigned 32-bit arrays (see the engine's ``_plain_arrays``).
# The kernel's slots of ``ctl`` (besides C_TRAIL, C_LEVEL, C_MODE, C_NODES):
C_ACTIVE = C_QLEN  # the number of active items
C_FAILED = C_ROUND  # the option just taken failed to cover: its node ends at once
C_SEGMENT = C_STAMP  # the number of the trail's current segment (see _new_segment)


def _deactivate(i, active, where, ctl):
    """Move item ``i`` past the end of the active items."""
    last = ctl[C_ACTIVE] - 1
    other = active[last]
    here = where[i]
    active[here] = other
    where[other] = here
    active[last] = i
    where[i] = last
    ctl[C_ACTIVE] = last


def _hide(j, color, before, check, primary, opt_start, opt_items, entry_opt, colors,
          item_start, cells, loc, size, where, stamp, trail, ctl):
    """Remove the free options of item ``j`` (but those giving it ``color``, unless 0) from
    the other items that were active (at positions below ``before``): each such entry is
    swapped past the end of its item's free options; an item's size goes on the trail the
    first time it changes in the current segment (``stamp``, see :func:`_new_segment`).
    With ``check``, False as soon as an active primary item would lose its last option (the
    undo restores what was removed)."""
    t = ctl[C_TRAIL]  # kept in locals: the loop is the kernel's hot spot
    now = ctl[C_ACTIVE]
    seg = ctl[C_SEGMENT]
    for pos in range(item_start[j], item_start[j] + size[j]):
        if color != 0 and colors[cells[pos]] == color:
            continue
        o = entry_opt[cells[pos]]
        for k in range(opt_start[o], opt_start[o + 1]):
            i = opt_items[k]
            if i == j or where[i] >= before:
                continue
            left = size[i] - 1
            if check and left == 0 and primary[i] and where[i] < now:
                ctl[C_TRAIL] = t
                return False
            last = item_start[i] + left
            other = cells[last]
            here = loc[k]
            cells[here] = other
            loc[other] = here
            cells[last] = k
            loc[k] = last
            size[i] = left
            if stamp[i] != seg:
                stamp[i] = seg
                trail[t] = i
                trail[t + 1] = left + 1
                t += 2
    ctl[C_TRAIL] = t
    return True


def _cover(o, p, primary, opt_start, opt_items, entry_opt, colors, item_start, cells, loc,
           size, active, where, stamp, trail, ctl):
    """Take option ``o`` (branching on item ``p``): deactivate its other items, then hide
    them (keeping the options that give an item the same colour).  False if an active
    primary item is left without options."""
    before = ctl[C_ACTIVE]
    for k in range(opt_start[o], opt_start[o + 1]):
        i = opt_items[k]
        if i != p and where[i] < ctl[C_ACTIVE]:
            _deactivate(i, active, where, ctl)
    for k in range(opt_start[o], opt_start[o + 1]):
        i = opt_items[k]
        if i != p and where[i] < before and not _hide(
                i, colors[k], before, True, primary, opt_start, opt_items, entry_opt, colors,
                item_start, cells, loc, size, where, stamp, trail, ctl):
            return False
    return True


def _choose_plain(primary, size, active, ctl):
    """The active primary item with the fewest free options (the earliest on ties), or -1."""
    best, fewest = -1, 1 << 62
    for a in range(ctl[C_ACTIVE]):
        i = active[a]
        if primary[i] and (size[i] < fewest or (size[i] == fewest and i < best)):
            best, fewest = i, size[i]
            if fewest == 0:
                break
    return best


def _new_segment(ctl):
    """Start a new segment of the trail (the hiding of an item branched on, or the covering
    by one option): each item's size is trailed at most once per segment."""
    ctl[C_SEGMENT] += 1


def _undo_plain(mark, size, trail, ctl):
    """Give back the sizes trailed since the trail had length ``mark`` (pairs: item, size)."""
    t = ctl[C_TRAIL]
    while t > mark:
        t -= 2
        size[trail[t]] = trail[t + 1]
    ctl[C_TRAIL] = t


def search_plain(primary, status, opt_start, opt_items, entry_opt, colors, item_start, cells,
                 trail, ctl, levels, node_stop, max_found):
    """:func:`search` for plain exact cover (dancing cells), resumable the same way.

    ``cells`` is (cells, loc, size, active, where, stamp): the items' segments of entries,
    each entry's position, the items' free option counts, the active items, each item's
    position among them and the trail segment that last saved its size.  ``levels`` rows:
    item, position of the option taken in its segment, trail length and active count before
    the item was hidden, trail length after.
    """
    cells_, loc, size, active, where, stamp = (
        cells[0], cells[1], cells[2], cells[3], cells[4], cells[5])
    lvl_item, lvl_pos, lvl_base, lvl_active, lvl_mark = (
        levels[0], levels[1], levels[2], levels[3], levels[4])
    found = 0
    while True:
        if ctl[C_MODE] == DESCEND:
            if ctl[C_NODES] >= node_stop:
                return PAUSED, found
            ctl[C_NODES] += 1
            ctl[C_MODE] = BACKTRACK
            if ctl[C_FAILED]:
                ctl[C_FAILED] = 0
            else:
                p = _choose_plain(primary, size, active, ctl)
                if p < 0:
                    found += 1
                    if found >= max_found:
                        return FOUND, found
                elif size[p] > 0:
                    level = ctl[C_LEVEL] + 1
                    ctl[C_LEVEL] = level
                    lvl_item[level] = p
                    lvl_base[level] = ctl[C_TRAIL]
                    lvl_active[level] = ctl[C_ACTIVE]
                    _deactivate(p, active, where, ctl)
                    _new_segment(ctl)
                    _hide(p, 0, ctl[C_ACTIVE], False, primary, opt_start, opt_items,
                          entry_opt, colors, item_start, cells_, loc, size, where, stamp,
                          trail, ctl)
                    lvl_mark[level] = ctl[C_TRAIL]
                    lvl_pos[level] = item_start[p] - 1
        # The next option of the deepest level with one left.
        while True:
            level = ctl[C_LEVEL]
            if level == 0:
                return EXHAUSTED, found
            p = lvl_item[level]
            _undo_plain(lvl_mark[level], size, trail, ctl)
            ctl[C_ACTIVE] = lvl_active[level] - 1
            pos = lvl_pos[level]
            if pos >= item_start[p]:
                status[entry_opt[cells_[pos]]] = FREE
            pos += 1
            if pos < item_start[p] + size[p]:
                lvl_pos[level] = pos
                o = entry_opt[cells_[pos]]
                status[o] = TAKEN
                _new_segment(ctl)
                if not _cover(o, p, primary, opt_start, opt_items, entry_opt, colors,
                              item_start, cells_, loc, size, active, where, stamp, trail, ctl):
                    ctl[C_FAILED] = 1
                ctl[C_MODE] = DESCEND
                break
            _undo_plain(lvl_base[level], size, trail, ctl)
            ctl[C_ACTIVE] = lvl_active[level]
            ctl[C_LEVEL] = level - 1


def cells(opt_start, opt_items, item_start, item_opts):
    """The initial state of :func:`search_plain` from the CSR tables: (cells, loc, size,
    active, where, stamp), and the option of each entry (every option free, every item
    active)."""
    n = len(item_start) - 1
    entry_opt = [0] * len(opt_items)
    for o in range(len(opt_start) - 1):
        for k in range(opt_start[o], opt_start[o + 1]):
            entry_opt[k] = o
    cells_, loc = [0] * len(opt_items), [0] * len(opt_items)
    fill = list(item_start[:-1])
    for i in range(n):  # each item's entries in its own option order
        for kk in range(item_start[i], item_start[i + 1]):
            o = item_opts[kk]
            for k in range(opt_start[o], opt_start[o + 1]):
                if opt_items[k] == i:
                    cells_[fill[i]] = k
                    loc[k] = fill[i]
                    fill[i] += 1
    size = [item_start[i + 1] - item_start[i] for i in range(n)]
    return (cells_, loc, size, list(range(n)), list(range(n)), [0] * n), entry_opt


_KERNELS = (_set_status, _undo_to, _clear_queue, _propagate_counts, _counts_ok, _tally, _pigeonhole,
            _propagate, _probe_item, _probe_all, _choose_item, _choose_marked,
            _choose_slack, _choose_focused,
            search, _best_free, _next_free, _deactivate, _hide, _cover, _choose_plain,
            _new_segment, _undo_plain, search_plain)
_TWINS = compile_twins(_KERNELS, globals())


def compiled(plain=False):
    """:func:`search` (or :func:`search_plain`) compiled by numba (loaded from numba's cache
    after the first time).

    Each kernel is jit-compiled from its code with a namespace in which the other kernels are
    the compiled ones, so that the compiled search never calls back into Python.
    """
    return _TWINS().search_plain if plain else _TWINS().search


def in_cache() -> bool:
    """True when numba's on-disk cache holds these kernels (told without importing numba)."""
    return _TWINS.cached()
