"""Generalized exact cover with multiplicities and secondary items (Knuth's Algorithm M).

A problem is a set of *options*, each covering some *items*.  A solution is a set of options
such that every **primary** item is covered between ``lo`` and ``hi`` times (default exactly
once) and every **secondary** item at most ``hi`` times (default once).

>>> problem = ExactCover({"A": "xy", "B": "x", "C": "y", "D": "yz", "E": "z"})
>>> sorted(sorted(s) for s in problem.solutions())
[['A', 'E'], ['B', 'C', 'E'], ['B', 'D']]
>>> problem.count().count
3
>>> result = problem.solve(unique=True)
>>> result.status.value, result.unique
('solved', False)

Multiplicities and secondary items (the seed's ``satisfy``/``counts``): two of ``a``, ``b``,
``c`` with ``s`` shared by ``a`` and ``b`` at most once:

>>> ExactCover({"a": ["n", "s"], "b": ["n", "s"], "c": ["n"]},
...            multiplicity={"n": 2}, secondary=["s"]).count().count
2

Colours (Knuth's Algorithm C): a secondary item given as ``Colored(item, colour)`` may be
shared by options that give it the same colour.  ``A`` and ``B`` agree on ``x``, ``C`` does
not:

>>> ExactCover({"A": ["p", Colored("x", "red")], "B": ["q", Colored("x", "red")],
...             "C": ["q", Colored("x", "blue")]}, secondary=["x"]).count().count
1

How it searches (documented because the statistics depend on it):

* **branching** on one item at a time, as in Dancing Links (n-ary): "the first of its
  options taken is o1", "... is o2" (o1 excluded), and so on; each exclusion is propagated
  before the next option is taken.  When every lower bound is met, items with slack are
  branched on in two ways, take an option or exclude it, so that solutions of every size are
  enumerated.  Every solution is found exactly once.
* **the most constrained item** is the primary item with the fewest spare options,
  ``available - still_needed`` (Knuth's MRV rule adapted to multiplicities), weighed against
  how often the item has caused a failure so far (dom/wdeg: the item minimising
  ``(spare + 1)**2 / failures`` goes first); ties go to the earliest item.  Failure weights
  are what let the search home in on the hard part of large Star Battle puzzles.
* **propagation** after every decision, to a fixpoint: an item at its upper bound excludes its
  remaining options; an item that needs all of its remaining options takes them; an item that
  can no longer reach its lower bound fails the node.  ``probe=True`` adds singleton
  consistency at the root (every free option is tentatively taken; those whose propagation
  fails are excluded, until a whole round excludes nothing) and failed-option probing on
  the chosen item at every node: far fewer nodes, more work per node (off by default; Star
  Battle turns it on, where it removes the heavy tail of large puzzles).
* **the option taken first** in a branch (with ``dynamic``, on with ``pigeonhole``) is the
  one most likely to be in a solution: the product, over its other primary items, of the
  share of their free options they still need (counting-based value ordering; it decides
  how soon the first solution comes).
* **independent parts** (with ``dynamic``): the item is chosen among those connected,
  through free options, to the deepest decision's item that still needs options, so that
  parts of the problem that no longer share a free option are searched one after the
  other, never interleaved: a failure in one never re-searches the other (their trees add
  up rather than multiply).  Solutions are still listed one by one, not as products of the parts.
* **pigeonhole bounds** (on by default when some item may be covered more than once): the
  free options of a primary item are grouped by other items that can take only ``c`` more of
  them, ``c`` no more than the item still needs (a secondary item with room for one is a
  clique; a region needing two stars takes at most two).  The sum of the groups' room bounds
  what the item can still get; below its need the node fails; equal to it, every group
  is filled to capacity by this item, so the groups' other options are excluded.  This is the
  generic form of the Star Battle "squeeze" rules and is what makes large puzzles easy.

**Plain exact cover** (every primary item exactly once, secondary items at most once, and
none of ``pigeonhole``, ``probe``, ``dynamic`` asked) is searched by a leaner kernel, Knuth's
*dancing cells*: Algorithm X over sparse sets (each item's free options are the front of its
segment, an undo only gives back the sizes), branching on the primary item with the fewest
options (the earliest on ties), without failure weights or propagation beyond the covering
itself: a forced option is a node of its own.  Same answers, limits and progress; its own
node counts.  ``plain=False`` keeps an instance on the general kernel.

The search runs in kernels over integer sequences (:mod:`.exactcover_kernels`), in chunks
of nodes driven by :class:`~puzzlesmith.engines.driver.ChunkDriver`, so that Python between
chunks honours node and time limits, reports progress and can be stopped with Ctrl-C.
``kernels=`` chooses them (see :mod:`.kernels`): "python" runs the interpreted kernels over
Python lists, "numba" the same kernels compiled over numpy arrays, and "auto" (the default)
starts interpreted (a small search ends before numba would have loaded) and moves the state
to the compiled kernels after a fixed number of nodes (or from the start on a big model),
so the answers and node counts never depend on which kernels ran.  Each search keeps its
state in its own :class:`Search` object: iterators over one problem never share state.  A
``seed`` shuffles the option order, so that different seeds draw different first solutions.
"""

from __future__ import annotations

import copy
import itertools
import random as _random
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import NamedTuple

import numpy as np

from ..errors import LimitReached, UsageError
from ..results import CountResult, Limits, SolveResult, Stats, Status, count_status
from .driver import ChunkDriver
from .events import recorder
from .exactcover_kernels import (
    C_DYNAMIC,
    C_LEVEL,
    C_NODES,
    C_PFAILS,
    C_PIGEON,
    C_PROBE,
    C_PROBES,
    C_QLEN,
    CONTROL_SIZE,
    EXCLUDED,
    EXHAUSTED,
    FOUND,
    FREE,
    GAVE_UP,
    PAUSED,
    TAKEN,
)
from .kernels import PIGEONHOLE_WEIGHT, ensure_warm, kernel_name, switch_at, warm_up

__all__ = ["ExactCover", "Search", "Colored"]


class Colored(NamedTuple):
    """A secondary item with a colour, as an option covers it (Knuth's Algorithm C): options
    that give an item the same colour may share it; an uncoloured use is exclusive."""

    item: Hashable
    color: Hashable

_BUILD_CHECK = 4096  # options between two deadline checks while building a model


class ExactCover:
    """A generalized exact cover problem (the static model; searches are :class:`Search`).

    Parameters
    ----------
    options
        ``{name: items}``, or a sequence of item collections (then names are the indices).
        Items are any hashable values; every option must cover at least one primary item.
    secondary
        Items that may be covered at most once (or a mapping ``item -> at most``).
    multiplicity
        ``{primary item: n or (lo, hi)}``; unlisted primary items must be covered exactly once.
    seed
        A seed (or a ``random.Random``) to shuffle the option order; ``None`` keeps input order.
    pigeonhole
        Enable the pigeonhole bounds described in the module docstring (default: on when
        some item may be covered more than once, where they pay off).
    probe
        Singleton consistency at the root, then, before each branching, tentatively take
        each option of the chosen item and exclude those whose propagation fails (fewer
        nodes, more work per node; off by default).
    dynamic
        Take first the option most likely to be in a solution and keep to one independent
        part (see the module docstring; default: on with ``pigeonhole``: on plain exact
        cover counting, where the order barely matters, they cost time).
    plain
        Search with the dancing-cells kernel (see the module docstring): None (the default)
        whenever the instance is plain exact cover and nothing else is asked; False, always
        with the general one (its search order, node counts and first solutions).
    limits
        Checked while the model is built (:class:`~puzzlesmith.errors.LimitReached` once the
        deadline has passed); searches take their own ``limits``.
    """

    def __init__(
        self,
        options: Mapping[Hashable, Iterable[Hashable]] | Iterable[Iterable[Hashable]],
        *,
        secondary: Iterable[Hashable] | Mapping[Hashable, int] = (),
        multiplicity: Mapping[Hashable, int | tuple[int, int]] | None = None,
        seed: int | _random.Random | None = None,
        pigeonhole: bool | None = None,
        probe: bool = False,
        dynamic: bool | None = None,
        plain: bool | None = None,
        limits: Limits | None = None,
    ):
        limits = limits or Limits()
        if isinstance(options, Mapping):
            self.names = list(options)
            rows = []
            for n, name in enumerate(self.names):
                if n % _BUILD_CHECK == 0:
                    limits.check("building the model")
                rows.append(list(dict.fromkeys(options[name])))
        else:
            rows = [list(dict.fromkeys(items)) for items in options]
            self.names = list(range(len(rows)))
        limits.check("building the model")
        rows, painted = _split_colors(rows)
        caps = dict(secondary) if isinstance(secondary, Mapping) else dict.fromkeys(secondary, 1)
        bounds = {item: _bounds(item, b) for item, b in (multiplicity or {}).items()}
        clash = set(caps) & set(bounds)
        if clash:
            raise UsageError(f"item {next(iter(clash))!r} is both secondary and primary")
        self.items = list(dict.fromkeys([*bounds, *(i for row in rows for i in row), *caps]))
        index = {item: n for n, item in enumerate(self.items)}
        spans = [bounds.get(i, (0, caps[i]) if i in caps else (1, 1)) for i in self.items]
        self.lo = np.array([lo for lo, _ in spans], dtype=np.int64)
        self.hi = np.array([hi for _, hi in spans], dtype=np.int64)
        self.primary = np.array([i not in caps for i in self.items], dtype=np.bool_)
        limits.check("building the model")
        encoded = []
        for n, (name, row) in enumerate(zip(self.names, rows, strict=True)):
            if n % _BUILD_CHECK == 0:
                limits.check("building the model")
            numbers = [index[i] for i in row]
            if any(c is not None and self.primary[i] for i, c in zip(
                    numbers, painted[n], strict=True)):
                raise UsageError(f"option {name!r} colours a primary item (only secondary "
                                 "items take colours)")
            if not any(self.primary[i] for i in numbers):
                raise UsageError(f"option {name!r} covers no primary item")
            encoded.append(numbers)
        order = list(range(len(rows)))
        rng = seed if isinstance(seed, _random.Random) else (
            None if seed is None else _random.Random(seed))
        if rng is not None:
            rng.shuffle(order)
        self._encode(encoded, order, limits)
        palette = {c: n + 1 for n, c in enumerate(dict.fromkeys(
            c for row in painted for c in row if c is not None))}
        #: Per entry of the option -> items table, its colour number (0: none).
        self.colors = np.array([palette.get(c, 0) for row in painted for c in row],
                               dtype=np.int64)
        # The bounds pay off only with multiplicities; on plain exact cover they cost time.
        self.pigeonhole = bool(np.any(self.hi > 1)) if pigeonhole is None else pigeonhole
        self.probe = probe
        self.dynamic = self.pigeonhole if dynamic is None else dynamic
        # Nothing but exact cover: the dancing-cells kernel (see the module docstring).
        self.plain = plain is not False and not (
            self.pigeonhole or self.probe or self.dynamic) and bool(
            np.all(self.hi == 1) and np.all(self.lo == self.primary))
        if palette and not self.plain:
            raise UsageError("colours need plain exact cover (no multiplicities, secondary "
                             "bounds, pigeonhole, probe, dynamic or plain=False)")

    def _encode(self, rows: list[list[int]], order: list[int], limits: Limits) -> None:
        """Build the CSR tables; ``order`` is the option order seen by the search."""
        self.opt_start = np.zeros(len(rows) + 1, dtype=np.int64)
        self.opt_start[1:] = np.cumsum([len(r) for r in rows])
        self.opt_items = np.array([i for r in rows for i in r], dtype=np.int64)
        per_item: list[list[int]] = [[] for _ in self.items]
        for n, o in enumerate(order):
            if n % _BUILD_CHECK == 0:
                limits.check("building the model")
            for i in rows[o]:
                per_item[i].append(o)
        self.item_start = np.zeros(len(self.items) + 1, dtype=np.int64)
        self.item_start[1:] = np.cumsum([len(p) for p in per_item])
        self.item_opts = np.array([o for p in per_item for o in p], dtype=np.int64)

    def as_lists(self) -> tuple[list, ...]:
        """The model as Python lists (lo, hi, primary, then the CSR tables), for the
        interpreted kernels; made once."""
        if getattr(self, "_lists", None) is None:
            self._lists = tuple(a.tolist() for a in (
                self.lo, self.hi, self.primary, self.opt_start, self.opt_items,
                self.item_start, self.item_opts))
        return self._lists

    def cells(self) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
        """The initial state of the plain kernel, (cells, loc, size, active, where, stamp), and the
        option of each entry (every option free, every item active; the same as the
        kernels' ``cells``, computed with numpy); made once."""
        if getattr(self, "_cells", None) is None:
            n_items = len(self.items)
            entry_opt = np.repeat(np.arange(len(self.names)), np.diff(self.opt_start))
            size = np.diff(self.item_start)
            # Each item's segment lists the entries of its options in its own option order:
            # the entry of the pair (option, item) is found by sorting the entries by it.
            key = entry_opt * n_items + self.opt_items
            by_key = np.argsort(key, kind="stable")
            wanted = self.item_opts * n_items + np.repeat(np.arange(n_items), size)
            cells = by_key[np.searchsorted(key[by_key], wanted)]
            loc = np.empty_like(cells)
            loc[cells] = np.arange(cells.size)
            self._cells = (cells, loc, size, np.arange(n_items), np.arange(n_items),
                           np.zeros(n_items, dtype=np.int64)), entry_opt
        return self._cells

    def shuffled(self, seed: int | _random.Random) -> ExactCover:
        """The same problem with the option order ``seed`` draws (the order seen by the
        search, as ``ExactCover(..., seed=seed)`` would have it), without building it again.

        >>> problem = ExactCover({"A": "xy", "B": "x", "C": "y", "D": "yz", "E": "z"})
        >>> problem.shuffled(3).item_opts.tolist() == ExactCover(
        ...     {"A": "xy", "B": "x", "C": "y", "D": "yz", "E": "z"}, seed=3).item_opts.tolist()
        True
        """
        rng = seed if isinstance(seed, _random.Random) else _random.Random(seed)
        order = list(range(len(self.names)))
        rng.shuffle(order)
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        segment = np.repeat(np.arange(len(self.items)), np.diff(self.item_start))
        child = copy.copy(self)
        child.item_opts = self.item_opts[np.lexsort((rank[self.item_opts], segment))]
        child._cells = child._lists = None
        return child

    def with_forced(self, taken: Iterable[Hashable]) -> ExactCover | None:
        """The problem left once the options named ``taken`` are in the solution: their
        items and every other option covering one of them are gone, the rest keeps its order
        (and its search order).  Its solutions, plus ``taken``, are this problem's solutions
        that contain ``taken``; None when two of ``taken`` share an item.  For exact cover
        without multiplicities or colours (it keeps the search settings): one model built
        once serves many partial assignments.

        >>> problem = ExactCover({"A": "xy", "B": "x", "C": "y", "D": "yz", "E": "z"})
        >>> rest = problem.with_forced(["B"])
        >>> rest.names, rest.items, rest.count().count
        (['C', 'D', 'E'], ['y', 'z'], 2)
        >>> problem.with_forced(["A", "B"]) is None
        True
        """
        if not (np.all(self.hi == 1) and np.all(self.lo == self.primary)) or self.colors.any():
            raise UsageError("with_forced needs plain exact cover without colours")
        if getattr(self, "_index", None) is None:
            self._index = {name: n for n, name in enumerate(self.names)}
        chosen = np.zeros(len(self.names), dtype=np.bool_)
        chosen[[self._index[name] for name in taken]] = True
        (_, _, size, *_), entry_opt = self.cells()
        hits = np.bincount(self.opt_items[chosen[entry_opt]], minlength=len(self.items))
        if hits.max(initial=0) > 1:
            return None
        left = hits == 0
        keep = np.ones(len(self.names), dtype=np.bool_)
        keep[entry_opt[~left[self.opt_items]]] = False
        item_map, opt_map = np.cumsum(left) - 1, np.cumsum(keep) - 1
        at = left[np.repeat(np.arange(len(self.items)), size)] & keep[self.item_opts]
        kept, rest = np.flatnonzero(keep).tolist(), np.flatnonzero(left).tolist()
        child = object.__new__(ExactCover)
        child.names = [self.names[o] for o in kept]
        child.items = [self.items[i] for i in rest]
        child.lo, child.hi, child.primary = self.lo[left], self.hi[left], self.primary[left]
        child.opt_start = np.zeros(len(kept) + 1, dtype=np.int64)
        child.opt_start[1:] = np.cumsum(np.diff(self.opt_start)[keep])
        child.opt_items = item_map[self.opt_items[keep[entry_opt]]]
        child.item_opts = opt_map[self.item_opts[at]]
        child.item_start = np.zeros(len(rest) + 1, dtype=np.int64)
        child.item_start[1:] = np.cumsum(np.bincount(
            item_map[np.repeat(np.arange(len(self.items)), size)[at]], minlength=len(rest)))
        child.colors = np.zeros(child.opt_items.size, dtype=np.int64)
        child.pigeonhole, child.probe, child.dynamic, child.plain = (
            self.pigeonhole, self.probe, self.dynamic, self.plain)
        return child

    def __iter__(self) -> Iterator[list]:
        return self.solutions()

    def solutions(self, limits: Limits | None = None,
                  progress: Callable[[Stats], None] | None = None, *,
                  kernels: str = "auto") -> Search:
        """Lazily yield solutions, each a list of option names.

        The returned :class:`Search` is the iterator; once it stops, its ``status`` says
        whether the search was exhausted (solved / unsolvable) or gave up at a limit.
        ``kernels`` is "auto", "python" or "numba" (see :mod:`.kernels`).
        """
        return Search(self, limits=limits, progress=progress, kernels=kernels)

    def solve(self, *, unique: bool = False, limits: Limits | None = None,
              progress: Callable[[Stats], None] | None = None,
              kernels: str = "auto") -> SolveResult:
        """The first solution; with ``unique=True`` also look for a second ("take two").

        ``unique`` in the result is True (proven), False (a second solution exists) or None
        (a limit stopped the search first, or uniqueness was not asked).
        """
        wanted = 2 if unique else 1
        search = Search(self, limits=limits, progress=progress, kernels=kernels)
        found = list(itertools.islice(search, wanted))
        gave_up = search.gave_up
        status = Status.SOLVED if found else Status.GAVE_UP if gave_up else Status.UNSOLVABLE
        verdict = None
        if unique:
            verdict = False if len(found) > 1 else None if gave_up else bool(found)
        return SolveResult(status, search.stats, solution=found[0] if found else None,
                           unique=verdict, wanted_unique=unique)

    def count(self, limit: int | None = None, *, limits: Limits | None = None,
              progress: Callable[[Stats], None] | None = None,
              kernels: str = "auto") -> CountResult:
        """Count solutions, stopping at ``limit`` of them (then ``complete`` is False).

        The status follows :func:`~puzzlesmith.results.count_status`: solved if any,
        unsolvable if none, gave up if a budget stopped the count before ``limit``.
        """
        if limit is not None and limit < 1:
            raise UsageError(f"limit must be at least 1, got {limit}")
        search = Search(self, limits=limits, progress=progress, max_found=limit,
                        kernels=kernels)
        total = search.count_all()
        complete = search.status is not Status.GAVE_UP and not search.stopped_at_limit
        return CountResult(count_status(total, complete, limit), search.stats, count=total,
                           complete=complete, limit=limit)


class Search:
    """One run of the search over an :class:`ExactCover` model: its own dynamic state
    (statuses, counters, trail, decisions), statistics and outcome.  An iterator of
    solutions (lists of option names).

    ``status`` is None while running, then SOLVED (exhausted after some solutions),
    UNSOLVABLE (exhausted without any) or GAVE_UP (a node or time limit stopped it).
    ``max_found`` makes the kernel count that many solutions per call without returning
    each one (for :meth:`count_all`).

    The state starts as Python lists searched by the interpreted kernels; with ``kernels``
    "numba", or "auto" after a fixed number of nodes (see :mod:`.kernels`), it moves to
    numpy arrays and the compiled kernels between two chunks, where the search resumes as if
    nothing happened.  ``stats.extra["kernel"]`` says which ran last ("python" or "numba").
    """

    def __init__(self, problem: ExactCover, *, limits: Limits | None = None,
                 progress: Callable[[Stats], None] | None = None, max_found: int | None = None,
                 kernels: str = "auto"):
        from . import exactcover_kernels

        self._switch_at = switch_at("exactcover", kernels, int(problem.opt_items.size),
                                    PIGEONHOLE_WEIGHT if problem.pigeonhole else 1)
        self.problem = problem
        self.max_found = max_found
        self.status: Status | None = None
        self.found = 0
        self.stopped_at_limit = False  # a count stopped at max_found, not exhausted
        ctl = [0] * CONTROL_SIZE
        ctl[C_PIGEON], ctl[C_PROBE], ctl[C_QLEN] = int(problem.pigeonhole), int(problem.probe), \
            len(problem.items)
        ctl[C_DYNAMIC] = int(problem.dynamic)
        if problem.plain:
            self._plain_state(exactcover_kernels, ctl)
        else:
            self._general_state(exactcover_kernels, ctl)
        self.compiled = False
        # One node first: an interpreted node of a large model may take milliseconds.
        stats = Stats(extra={"solutions": 0, "probes": 0,
                             "kernel": kernel_name(False)})
        self.driver = ChunkDriver(limits, progress, stats, first_chunk=1)
        self.stats = self.driver.stats
        self._emit = recorder()  # while set, the interpreted kernels run one node a call

    def _general_state(self, exactcover_kernels, ctl: list[int]) -> None:
        """The state and model of the general kernel (``search``)."""
        problem = self.problem
        n_items, n_opts = len(problem.items), len(problem.names)
        item_start = problem.item_start.tolist()
        self._state = {
            "status": [FREE] * n_opts,
            "cover": [0] * n_items,
            "avail": [item_start[i + 1] - item_start[i] for i in range(n_items)],
            "trail": [0] * n_opts,  # an option changes at most once per path
            "ctl": ctl,
            "queue": list(range(n_items)),  # the root propagates every item
            "queued": [True] * (3 * n_items),  # queue flags, then pigeonhole marks
            # Work arrays: per option mine, group_of; per item seen, tally, groups; failed
            # probes; failure weights of the items (see the kernels' _choose_item); per
            # item a component mark and the component search's queue.
            "scratch": tuple([0] * n for n in (n_opts, n_opts, n_items, n_items, n_items + 1,
                                                n_opts)) + ([1] * n_items,) + tuple(
                [0] * n for n in (n_items, n_items)),
            "decisions": [[0] * (n_opts + 2) for _ in range(6)],
        }
        self._model = problem.as_lists()
        self._kernel = exactcover_kernels.search

    def _plain_state(self, exactcover_kernels, ctl: list[int]) -> None:
        """The state and model of the dancing-cells kernel (``search_plain``)."""
        p = self.problem
        start, entry_opt = p.cells()
        ctl[exactcover_kernels.C_ACTIVE] = len(p.items)
        self._state = {"status": [FREE] * len(p.names),
                       "cells": tuple(a.tolist() for a in start),
                       "trail": [0] * (2 * p.opt_items.size + 2), "ctl": ctl,  # pairs
                       "levels": [[0] * (len(p.items) + 2) for _ in range(5)]}
        self._model = (p.primary.tolist(), p.opt_start.tolist(), p.opt_items.tolist(),
                       entry_opt.tolist(), p.colors.tolist(), p.item_start.tolist())
        self._kernel = exactcover_kernels.search_plain

    @property
    def gave_up(self) -> bool:
        """True once a limit stopped the search before it was exhausted."""
        return self.status is Status.GAVE_UP

    def __iter__(self) -> Search:
        return self

    def __next__(self) -> list:
        if self.status is not None:
            raise StopIteration
        if self.found and self.driver.out_of_time():
            self._finish(GAVE_UP)
            raise StopIteration
        while True:
            outcome, _ = self._chunk(1)
            if outcome == FOUND:
                return self.solution()
            if outcome != PAUSED:
                raise StopIteration

    def count_all(self) -> int:
        """Run to the end (or ``max_found`` solutions, or a limit); the solutions found."""
        limit = self.max_found
        while self.status is None:
            wanted = (1 << 62) if limit is None else limit - self.found
            outcome, _ = self._chunk(wanted)
            if outcome == FOUND and limit is not None and self.found >= limit:
                self.stopped_at_limit = True
                self._finish(FOUND)
        return self.found

    def solution(self) -> list:
        """The option names of the solution the search stands on (after a FOUND)."""
        names = self.problem.names
        return [names[o] for o in self._taken()]

    def _taken(self) -> list[int]:
        status = self._state["status"]
        if isinstance(status, np.ndarray):
            return np.flatnonzero(status == TAKEN).tolist()
        return [o for o, s in enumerate(status) if s == TAKEN]

    def _chunk(self, max_found: int) -> tuple[int, int]:
        """One kernel call of at most one chunk of nodes; returns (outcome, found)."""
        state, ctl = self._state, self._state["ctl"]
        move = self._switch_at
        if not self.compiled and move is not None and ctl[C_NODES] + ctl[C_PROBES] >= move:
            try:
                self._compile()
            except LimitReached:
                self.driver.stopped_by = "time"
                self._finish(GAVE_UP)
                return GAVE_UP, 0
            state, ctl = self._state, self._state["ctl"]
        stop = self.driver.budget()
        if not self.compiled and move is not None:
            stop = min(stop, move - ctl[C_PROBES])  # nodes and probes: the "auto" budget
        watched = self._emit is not None and not self.compiled
        if watched:
            stop = min(stop, ctl[C_NODES] + 1)
            before = (ctl[C_NODES], self._decision())
        if self.problem.plain:
            outcome, found = self._kernel(
                self._model[0], state["status"], *self._model[1:], state["cells"],
                state["trail"], ctl, state["levels"], stop, max_found)
        else:
            outcome, found = self._kernel(
                *self._model[:3], state["status"], state["cover"], state["avail"],
                *self._model[3:], state["trail"], ctl, state["queue"], state["queued"],
                state["scratch"], state["decisions"], stop, max_found)
        if watched:
            self._report(outcome, *before)
        self.found += int(found)
        self.stats.extra["solutions"] = self.found
        self.stats.extra["probes"] = int(ctl[C_PROBES])
        self.stats.extra["failed_probes"] = int(ctl[C_PFAILS])
        limited = self.driver.after(int(ctl[C_NODES]), paused=outcome == PAUSED)
        if outcome == PAUSED and limited:
            outcome = GAVE_UP
        if outcome in (EXHAUSTED, GAVE_UP):
            self._finish(outcome)
        return outcome, int(found)

    def _decision(self) -> tuple[int, int | None, int | None]:
        """The depth, and the option and item (indices; None if none) decided there."""
        ctl, p = self._state["ctl"], self.problem
        level = ctl[C_LEVEL]
        if level == 0:
            return 0, None, None
        if not p.plain:
            item, _, option = (row[level] for row in self._state["decisions"][:3])
            return level, option, item if item >= 0 else None
        item, pos = self._state["levels"][0][level], self._state["levels"][1][level]
        first = self._model[5][item]
        option = self._model[3][self._state["cells"][0][pos]] if pos >= first else None
        return level, option, item

    def _report(self, outcome: int, nodes: int, last: tuple) -> None:
        """Tell the recorder what the node just searched did (see :mod:`.events`)."""
        if outcome == PAUSED and self._state["ctl"][C_NODES] == nodes:
            return  # the root's probing paused: no node yet
        kind = {FOUND: "solution", EXHAUSTED: "exhausted"}.get(outcome)
        depth, option, item = self._decision()
        if kind is None:
            kind = "choose" if depth > last[0] else "undo"
            if kind == "undo":
                depth, option, item = last
        names, status = self.problem.names, self._state["status"]
        self._emit(kind, {
            "depth": depth, "option": None if option is None else names[option],
            "item": None if item is None else self.problem.items[item],
            "taken": [names[o] for o, s in enumerate(status) if s == TAKEN],
            "excluded": [names[o] for o, s in enumerate(status) if s == EXCLUDED]})

    def _compile(self) -> None:
        """Move the state to numpy arrays and continue with the compiled kernels (loading
        them first, until the run's deadline: past it, :class:`LimitReached`)."""
        from . import exactcover_kernels

        ensure_warm("exactcover", self.driver.deadline)
        state = self._state
        for key, value in state.items():
            dtype = {"status": np.int8, "queued": np.bool_}.get(key, np.int64)
            state[key] = tuple(np.array(a, dtype=dtype) for a in value) if isinstance(
                value, tuple) else np.array(value, dtype=dtype)
        p = self.problem
        if p.plain:
            self._model = self._plain_arrays()
        else:
            self._model = (p.lo, p.hi, p.primary, p.opt_start, p.opt_items, p.item_start,
                           p.item_opts)
        self._kernel = exactcover_kernels.compiled(p.plain)
        self.compiled = True
        self.stats.extra["kernel"] = kernel_name(True)

    def _plain_arrays(self) -> tuple:
        """The plain kernel's model as numpy arrays, after its state's (cells, loc, size,
        active, where) went to unsigned 32 bits: numba indexes with an unsigned value without
        the test for a negative index, and those lookups are the hot loop's work (-37% time
        on pentominoes 6x10, as xcover does)."""
        p, state, u32 = self.problem, self._state, np.uint32
        state["cells"] = tuple(a.astype(u32) for a in state["cells"][:5]) + state["cells"][5:]
        return (p.primary, p.opt_start.astype(u32), p.opt_items.astype(u32),
                np.array(self._model[3], dtype=u32), p.colors, p.item_start.astype(u32))

    def _finish(self, outcome: int) -> None:
        if outcome == GAVE_UP:
            self.status = Status.GAVE_UP
        else:
            self.status = Status.SOLVED if self.found else Status.UNSOLVABLE


def _in_cache() -> bool:
    """True when numba's on-disk cache holds the exact-cover kernels."""
    from . import exactcover_kernels

    return exactcover_kernels.in_cache()


@warm_up("exactcover", "the exact-cover kernels", cached=_in_cache)
def _warm_up() -> None:
    """Load (or compile) the compiled kernels once per process."""
    for pigeonhole in (False, True):  # the plain kernel, the general one
        Search(ExactCover([[0]], pigeonhole=pigeonhole), kernels="numba").count_all()


def _split_colors(rows: list[list]) -> tuple[list[list], list[list]]:
    """Each option's items without their colours, and the colours (None: uncoloured);
    an item met twice in one option counts once."""
    items, colors = [], []
    for row in rows:
        seen: dict = {}
        for entry in row:
            item, color = (entry.item, entry.color) if isinstance(entry, Colored) else (
                entry, None)
            seen.setdefault(item, color)
        items.append(list(seen))
        colors.append(list(seen.values()))
    return items, colors


def _bounds(item: Hashable, spec: int | tuple[int, int]) -> tuple[int, int]:
    """``n`` or ``(lo, hi)`` as a checked ``(lo, hi)`` pair."""
    lo, hi = (spec, spec) if isinstance(spec, int) else tuple(spec)
    if not 0 <= lo <= hi:
        raise UsageError(f"item {item!r}: multiplicity ({lo}, {hi}) is not 0 <= lo <= hi")
    return int(lo), int(hi)
