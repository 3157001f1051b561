"""Generalized exact cover with multiplicities and secondary items (Knuth's Algorithm M).

A problem is a set of *options*, each covering some *items*.  A solution is a set of options
such that every **primary** item is covered between ``lo`` and ``hi`` times (default exactly
once) and every **secondary** item at most ``hi`` times (default once).

>>> problem = ExactCover({"A": "xy", "B": "x", "C": "y", "D": "yz", "E": "z"})
>>> sorted(sorted(s) for s in problem.solutions())
[['A', 'E'], ['B', 'C', 'E'], ['B', 'D']]
>>> problem.count().count
3

Multiplicities and secondary items (the seed's ``satisfy``/``counts``): two of ``a``, ``b``,
``c`` with ``s`` shared by ``a`` and ``b`` at most once:

>>> ExactCover({"a": ["n", "s"], "b": ["n", "s"], "c": ["n"]},
...            multiplicity={"n": 2}, secondary=["s"]).count().count
2

How it searches (documented because the statistics depend on it):

* **branching** on one item at a time, as in Dancing Links: "the first of its options taken
  is o1", "... is o2" (o1 excluded), and so on.  When every lower bound is met, items with
  slack are branched on in two ways, take an option or exclude it, so that solutions of every
  size are enumerated.  Every solution is found exactly once.
* **the most constrained item** is the primary item with the fewest spare options,
  ``available - still_needed`` (Knuth's MRV rule adapted to multiplicities), weighed against
  how often the item has caused a failure so far (dom/wdeg: the item minimising
  ``(spare + 1)**2 / failures`` goes first); ties go to the earliest item.  Failure weights
  are what let the search home in on the hard part of large Star Battle puzzles.
* **propagation** after every decision, to a fixpoint: an item at its upper bound excludes its
  remaining options; an item that needs all of its remaining options takes them; an item that
  can no longer reach its lower bound fails the node.  ``probe=True`` adds failed-option
  probing on the chosen item (fewer nodes, more work per node; off by default).
* **pigeonhole bounds** (on by default when some item may be covered more than once): the
  free options of a primary item are grouped by other items that can take only ``c`` more of
  them, ``c`` no more than the item still needs (a secondary item with room for one is a
  clique; a region needing two stars takes at most two).  The sum of the groups' room bounds
  what the item can still get; below its need the node fails; equal to it, every group
  is filled to capacity by this item, so the groups' other options are excluded.  This is the
  generic form of the Star Battle "squeeze" rules and is what makes large puzzles easy.

The search runs in compiled kernels (numba) over integer arrays, in chunks of nodes, so that
a Python loop between chunks can honour node and time limits, report progress and be stopped
with Ctrl-C.  Randomized option order (``random=seed``) draws different first solutions.
"""

from __future__ import annotations

import random as _random
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from ..errors import UsageError
from ..results import Limits, Stats, Status

__all__ = ["ExactCover", "SolveResult", "CountResult"]

# ---------------------------------------------------------------------------------------------
# Compiled kernels.  The model is two CSR incidence tables (option -> items, item -> options)
# plus bounds; the dynamic state is one status per option, counters per item, a trail of
# changed options, a stack of decisions and a propagation queue.
# ---------------------------------------------------------------------------------------------

FREE, TAKEN, EXCLUDED = 0, 1, 2
# Search outcomes of one kernel call.
EXHAUSTED, FOUND, PAUSED, GAVE_UP = 0, 1, 2, 3  # GAVE_UP is set in Python
# Modes saved between kernel calls.
DESCEND, BACKTRACK = 0, 1
# Slots of the scalar control array.
(C_TRAIL, C_QLEN, C_LEVEL, C_MODE, C_NODES, C_STAMP, C_PIGEON, C_PROBE, C_PROBES,
 C_ROUND) = range(10)
CONTROL_SIZE = 10


@njit(cache=True)
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
    n = lo.shape[0]
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


@njit(cache=True)
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


@njit(cache=True)
def _clear_queue(ctl, queue, queued):
    for q in range(ctl[C_QLEN]):
        queued[queue[q]] = False
    ctl[C_QLEN] = 0


@njit(cache=True)
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


@njit(cache=True)
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


@njit(cache=True)
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


@njit(cache=True)
def _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start,
               item_opts, trail, ctl, queue, queued, scratch):
    """Counts to a fixpoint, then (if enabled) containment and pigeonhole bounds, item by
    item, until nothing changes.  ``scratch`` is the tuple of work arrays (see ``_run``)."""
    mine, group_of, seen, tally, groups, _, weight = scratch
    n = lo.shape[0]
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


@njit(cache=True)
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
    for f in range(nfailed):
        _set_status(failed[f], EXCLUDED, status, cover, avail, lo, hi, opt_start, opt_items,
                    trail, ctl, queue, queued)
    return nfailed


@njit(cache=True)
def _choose_item(lo, hi, primary, cover, avail, weight):
    """The primary item to branch on, or -1 when at a solution: the fewest spare options
    (MRV adapted to multiplicities), divided by how often the item failed (dom/wdeg)."""
    best, best_spare, best_weight = -1, 1, 0  # compares spare**2 / weight by products
    for i in range(lo.shape[0]):
        if primary[i] and avail[i] > 0 and cover[i] < lo[i]:
            spare = avail[i] - (lo[i] - cover[i]) + 1
            spare *= spare
            if spare * best_weight < best_spare * weight[i]:
                best, best_spare, best_weight = i, spare, weight[i]
    if best >= 0:
        return best
    fewest = 1 << 60
    for i in range(lo.shape[0]):  # every lower bound met: branch on remaining slack
        if primary[i] and avail[i] > 0 and avail[i] < fewest:
            best, fewest = i, avail[i]
    return best


@njit(cache=True)
def _search(lo, hi, primary, status, cover, avail, opt_start, opt_items, item_start,
            item_opts, trail, ctl, queue, queued, scratch, decisions, node_stop, max_found):
    """Depth-first search, resumable: runs until exhaustion, ``node_stop`` nodes in all, or
    the ``max_found``-th solution of this call (then its options are left marked TAKEN).

    A level branches on the options of one item.  When the item still needs options, the
    branches are "the first option taken is o1", "... is o2" (o1 excluded), and so on, as in
    Dancing Links; when every lower bound is met (slack), a level is binary: take o, or not.
    ``decisions`` rows: item (-1 binary), position of the option in the item's list, option,
    trail length at the level's start, trail length before the option was taken, phase.

    Returns ``(outcome, solutions found in this call)``.
    """
    dec_item, dec_pos, dec_opt, dec_base, dec_mark, dec_phase = (
        decisions[0], decisions[1], decisions[2], decisions[3], decisions[4], decisions[5])
    found = 0
    while True:
        if ctl[C_MODE] == DESCEND:
            if ctl[C_NODES] >= node_stop:
                return PAUSED, found
            ctl[C_NODES] += 1
            ok = _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                            item_start, item_opts, trail, ctl, queue, queued, scratch)
            while ok and ctl[C_PROBE]:
                p = _choose_item(lo, hi, primary, cover, avail, scratch[6])
                if p < 0 or _probe_item(p, lo, hi, primary, status, cover, avail, opt_start,
                                        opt_items, item_start, item_opts, trail, ctl, queue,
                                        queued, scratch) == 0:
                    break
                ok = _propagate(lo, hi, primary, status, cover, avail, opt_start, opt_items,
                                item_start, item_opts, trail, ctl, queue, queued, scratch)
            if ok:
                p = _choose_item(lo, hi, primary, cover, avail, scratch[6])
                if p < 0:
                    found += 1
                    ctl[C_MODE] = BACKTRACK
                    if found >= max_found:
                        return FOUND, found
                    continue
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
            if p >= 0:  # n-ary: exclude this option, take the item's next free one
                k = _next_free(p, dec_pos[level] + 1, status, item_start, item_opts)
                if k >= 0:
                    _set_status(dec_opt[level], EXCLUDED, status, cover, avail, lo, hi,
                                opt_start, opt_items, trail, ctl, queue, queued)
                    dec_pos[level] = k
                    dec_opt[level] = item_opts[k]
                    dec_mark[level] = ctl[C_TRAIL]
                    _set_status(item_opts[k], TAKEN, status, cover, avail, lo, hi, opt_start,
                                opt_items, trail, ctl, queue, queued)
                    ctl[C_MODE] = DESCEND
                    break
            elif dec_phase[level] == 0:  # binary: now without the option
                dec_phase[level] = 1
                _set_status(dec_opt[level], EXCLUDED, status, cover, avail, lo, hi,
                            opt_start, opt_items, trail, ctl, queue, queued)
                ctl[C_MODE] = DESCEND
                break
            _undo_to(dec_base[level], status, cover, avail, opt_start, opt_items, trail, ctl)
            ctl[C_LEVEL] = level - 1


@njit(cache=True)
def _next_free(p, start, status, item_start, item_opts):
    """Position of item ``p``'s first free option at or after position ``start``, or -1."""
    for k in range(start, item_start[p + 1]):
        if status[item_opts[k]] == FREE:
            return k
    return -1


# ---------------------------------------------------------------------------------------------
# The Python API.
# ---------------------------------------------------------------------------------------------

CHUNK_SECONDS = 0.05  # aim of each kernel call's length, so limits and Ctrl-C act promptly


@dataclass
class SolveResult:
    """Outcome of :meth:`ExactCover.solve`: a status, the solution's option names, statistics.

    ``unique`` is set when uniqueness was asked for: True, False, or None if undecided.
    """

    status: Status
    solution: list | None
    stats: Stats
    unique: bool | None = None


@dataclass
class CountResult:
    """Outcome of :meth:`ExactCover.count`; ``complete`` is False when a limit stopped it."""

    count: int
    complete: bool
    stats: Stats = field(default_factory=Stats)


class ExactCover:
    """A generalized exact cover problem.

    Parameters
    ----------
    options
        ``{name: items}``, or a sequence of item collections (then names are the indices).
        Items are any hashable values; every option must cover at least one primary item.
    secondary
        Items that may be covered at most once (or a mapping ``item -> at most``).
    multiplicity
        ``{primary item: n or (lo, hi)}``; unlisted primary items must be covered exactly once.
    random
        A seed (or ``random.Random``) to shuffle the option order; ``None`` keeps input order.
    pigeonhole
        Enable the pigeonhole bounds described in the module docstring (default: on when
        some item may be covered more than once, where they pay off).
    probe
        Before branching, tentatively take each option of the chosen item and exclude those
        whose propagation fails (fewer nodes, more work per node; off by default).
    """

    def __init__(
        self,
        options: Mapping[Hashable, Iterable[Hashable]] | Iterable[Iterable[Hashable]],
        *,
        secondary: Iterable[Hashable] | Mapping[Hashable, int] = (),
        multiplicity: Mapping[Hashable, int | tuple[int, int]] | None = None,
        random: int | _random.Random | None = None,
        pigeonhole: bool | None = None,
        probe: bool = False,
    ):
        if isinstance(options, Mapping):
            self.names = list(options)
            rows = [list(dict.fromkeys(options[n])) for n in self.names]
        else:
            rows = [list(dict.fromkeys(items)) for items in options]
            self.names = list(range(len(rows)))
        caps = dict(secondary) if isinstance(secondary, Mapping) else dict.fromkeys(secondary, 1)
        bounds = {item: _bounds(item, b) for item, b in (multiplicity or {}).items()}
        clash = set(caps) & set(bounds)
        if clash:
            raise UsageError(f"item {next(iter(clash))!r} is both secondary and primary")
        self.items = list(dict.fromkeys([*bounds, *(i for row in rows for i in row), *caps]))
        index = {item: n for n, item in enumerate(self.items)}
        self.lo = np.array([bounds.get(i, (0, caps[i]) if i in caps else (1, 1))[0]
                            for i in self.items], dtype=np.int64)
        self.hi = np.array([bounds.get(i, (0, caps[i]) if i in caps else (1, 1))[1]
                            for i in self.items], dtype=np.int64)
        self.primary = np.array([i not in caps for i in self.items], dtype=np.bool_)
        for name, row in zip(self.names, rows, strict=True):
            if not any(self.primary[index[i]] for i in row):
                raise UsageError(f"option {name!r} covers no primary item")
        order = list(range(len(rows)))
        rng = random if isinstance(random, _random.Random) else (
            None if random is None else _random.Random(random))
        if rng is not None:
            rng.shuffle(order)
        self._encode([[index[i] for i in row] for row in rows], order)
        # The bounds pay off only with multiplicities; on plain exact cover they cost time.
        self.pigeonhole = bool(np.any(self.hi > 1)) if pigeonhole is None else pigeonhole
        self.probe = probe
        self.stats = Stats()

    def _encode(self, rows: list[list[int]], order: list[int]) -> None:
        """Build the CSR tables; ``order`` is the option order seen by the search."""
        self.opt_start = np.zeros(len(rows) + 1, dtype=np.int64)
        self.opt_start[1:] = np.cumsum([len(r) for r in rows])
        self.opt_items = np.array([i for r in rows for i in r], dtype=np.int64)
        per_item: list[list[int]] = [[] for _ in self.items]
        for o in order:
            for i in rows[o]:
                per_item[i].append(o)
        self.item_start = np.zeros(len(self.items) + 1, dtype=np.int64)
        self.item_start[1:] = np.cumsum([len(p) for p in per_item])
        self.item_opts = np.array([o for p in per_item for o in p], dtype=np.int64)

    def __iter__(self) -> Iterator[list]:
        return self.solutions()

    def solutions(self, limits: Limits | None = None,
                  progress: Callable[[Stats], None] | None = None) -> Iterator[list]:
        """Lazily yield solutions, each a list of option names.

        When a limit stops the search early, ``self.gave_up`` is True afterwards.
        """
        self.gave_up = False
        for outcome, _ in self._run(1, limits, progress):
            if outcome == FOUND:
                yield self._solution()
            self.gave_up = outcome == GAVE_UP

    def solve(self, *, unique: bool = False, limits: Limits | None = None,
              progress: Callable[[Stats], None] | None = None) -> SolveResult:
        """The first solution; with ``unique=True`` also look for a second ("take two")."""
        wanted = 2 if unique else 1
        found: list[list] = []
        gave_up = False
        for outcome, _ in self._run(1, limits, progress):
            if outcome == FOUND:
                found.append(self._solution())
                if len(found) == wanted:
                    break
            gave_up = outcome == GAVE_UP
        status = Status.SOLVED if found else Status.GAVE_UP if gave_up else Status.UNSOLVABLE
        verdict = None
        if unique:
            verdict = False if len(found) > 1 else None if gave_up else bool(found)
        return SolveResult(status, found[0] if found else None, self.stats, verdict)

    def count(self, limit: int | None = None, *, limits: Limits | None = None,
              progress: Callable[[Stats], None] | None = None) -> CountResult:
        """Count solutions, stopping at ``limit`` of them (then ``complete`` is False)."""
        total = 0
        for outcome, found in self._run(limit or (1 << 62), limits, progress):
            total += found
            if outcome == EXHAUSTED:
                break
            if outcome == GAVE_UP or (limit is not None and total >= limit):
                return CountResult(min(total, limit or total), False, self.stats)
        return CountResult(total, True, self.stats)

    def _solution(self) -> list:
        return [self.names[o] for o in np.flatnonzero(self._status == TAKEN)]

    # -- the kernel driver -----------------------------------------------------------------

    def _run(self, max_found: int, limits: Limits | None,
             progress: Callable[[Stats], None] | None) -> Iterator[tuple[int, int]]:
        """Drive the kernel in chunks of nodes; yields ``(outcome, solutions found)``.

        ``outcome`` is FOUND (a solution is marked TAKEN now), PAUSED (a chunk ended),
        GAVE_UP (a limit was reached; last) or EXHAUSTED (last).  With ``max_found > 1``
        solutions are only counted inside the kernel.
        """
        limits = limits or Limits()
        _warm_up()
        n_items, n_opts = len(self.items), len(self.names)
        self._status = status = np.zeros(n_opts, dtype=np.int8)
        cover = np.zeros(n_items, dtype=np.int64)
        avail = np.diff(self.item_start)
        trail = np.zeros(n_opts, dtype=np.int64)  # an option changes at most once per path
        ctl = np.zeros(CONTROL_SIZE, dtype=np.int64)
        ctl[C_PIGEON] = int(self.pigeonhole)
        ctl[C_PROBE] = int(self.probe)
        ctl[C_QLEN] = n_items
        queue = np.arange(n_items, dtype=np.int64)  # the root propagates every item
        queued = np.ones(3 * n_items, dtype=np.bool_)  # queue flags, then bound marks
        # Work arrays: per option mine, group_of; per item seen, tally, groups; failed probes.
        scratch = tuple(np.zeros(n, dtype=np.int64) for n in (
            n_opts, n_opts, n_items, n_items, n_items + 1, n_opts, n_items))
        scratch[6][:] = 1  # failure weights of the items (see _choose_item)
        decisions = np.zeros((6, n_opts + 2), dtype=np.int64)  # see _search
        self.stats = stats = Stats(extra={"solutions": 0})
        start = time.monotonic()
        deadline = limits.deadline()
        chunk = 64
        while True:
            began = time.monotonic()
            stop = int(ctl[C_NODES]) + chunk
            if limits.nodes is not None:
                stop = min(stop, limits.nodes)
            outcome, found = _search(
                self.lo, self.hi, self.primary, status, cover, avail, self.opt_start,
                self.opt_items, self.item_start, self.item_opts, trail, ctl, queue, queued,
                scratch, decisions, stop, max_found)
            stats.nodes = int(ctl[C_NODES])
            now = time.monotonic()
            stats.seconds = now - start
            stats.extra["probes"] = int(ctl[C_PROBES])
            if outcome == PAUSED:  # adapt the chunk to about CHUNK_SECONDS
                chunk = max(1, min(chunk * 4, int(chunk * CHUNK_SECONDS / max(now - began, 1e-6))))
            stats.extra["solutions"] += found
            if progress is not None:
                progress(stats)
            if outcome == PAUSED and (
                    (limits.nodes is not None and stats.nodes >= limits.nodes)
                    or (deadline is not None and time.monotonic() >= deadline)):
                outcome = GAVE_UP
            yield outcome, found
            if outcome in (EXHAUSTED, GAVE_UP):
                return


_warmed = False


def _warm_up() -> None:
    """Load (or compile) the kernels once per process, outside any timed run."""
    global _warmed
    if not _warmed:
        _warmed = True
        for pigeonhole in (False, True):
            ExactCover([[0]], pigeonhole=pigeonhole).count()


def _bounds(item: Hashable, spec: int | tuple[int, int]) -> tuple[int, int]:
    """``n`` or ``(lo, hi)`` as a checked ``(lo, hi)`` pair."""
    lo, hi = (spec, spec) if isinstance(spec, int) else tuple(spec)
    if not 0 <= lo <= hi:
        raise UsageError(f"item {item!r}: multiplicity ({lo}, {hi}) is not 0 <= lo <= hi")
    return int(lo), int(hi)
