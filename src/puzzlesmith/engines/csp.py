"""A generic constraint-satisfaction engine: bitset domains, MAC search, dom/wdeg branching.

Model a problem with :class:`CSP` (variables with finite domains of hashable values, unary
restrictions, binary constraints as allowed pairs or a predicate, all-different, the global
constraint "these edges form a spanning tree" (:mod:`puzzlesmith.engines.csp_tree`), and
custom :class:`Propagator` objects), then run :class:`Search` (a lazy iterator of solutions
that keeps statistics and a :class:`~puzzlesmith.results.Status`), or the helpers
:func:`solve`, :func:`count`, :func:`unique` ("take two") and :func:`propagate` (the
deductions alone, without search).  Results are those of :mod:`puzzlesmith.results`.

Inside, every domain is an ``int64`` bitset (bit ``i`` = the variable's ``i``-th value, so a
domain holds at most 63 values), every binary constraint becomes two *arcs* that share a
support table (``sup[table, a]`` = bitset of the partner's values compatible with value
``a``), and arc consistency (AC-3, variable-oriented queue) runs in a kernel over plain
integer arrays (:mod:`puzzlesmith.engines.csp_kernels`).  The kernels have one source, run
two ways, chosen by ``kernels=`` (see :mod:`.kernels`): "python" (plain Python, no numba),
"numba" (compiled), or "auto", where a search starts interpreted (a small search ends before
numba would have loaded) and moves to the compiled kernels after a fixed number of nodes, or
starts compiled on a big model; the answers and node counts are the same either way.

Search branches two-way (``x = a`` / ``x != a``) and maintains arc consistency after every
decision; it picks the variable by dom/wdeg among those linked to the previous decision
(one undecided region is finished before the next), can restart with growing budgets
(``restarts=``), and :func:`count` splits a purely binary problem into independent parts
after the first propagation.  Backtracking restores domains from a trail of the changes made
below each decision, so memory follows the changes, not the depth times the model's size; on
a purely binary model each step (the decision or refutation and its arc consistency) is one
kernel call that logs its changes there, so a node costs what it changes, not the model's
size.

>>> p = CSP()
>>> x, y = p.add_variable("x", [1, 2, 3]), p.add_variable("y", [1, 2, 3])
>>> p.add_constraint(x, y, predicate=lambda a, b: a < b)
>>> p.restrict(y, [1, 2])
>>> solve(p).solution
{'x': 1, 'y': 2}
>>> count(p).count
1
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import replace

import numpy as np

from ..errors import LimitReached, UsageError
from ..results import CountResult, Limits, SolveResult, Stats, Status, count_status
from .csp_fixpoint import Compiled, CopySteps, Expired, Fixpoint, KernelSteps, model_size, propagate
from .csp_model import CSP, MAX_DOMAIN, Propagator
from .driver import ChunkDriver
from .kernels import check_kernels, ensure_warm, kernel_name, switch_at, warm_up

__all__ = ["CSP", "Propagator", "Search", "solve", "count", "unique", "propagate",
           "MAX_DOMAIN"]

Progress = Callable[[Stats], None]


# --------------------------------------------------------------------------- search

class Search:
    """A lazy iterator over the solutions of a :class:`CSP`, with statistics and a status.

    Iterate it to get solutions (``{name: value}`` dicts, or raw bitset arrays with
    ``raw=True``).  When iteration stops, :attr:`status` is ``SOLVED`` if at least one
    solution was found and the space was exhausted, ``UNSOLVABLE`` if none exists, or
    ``GAVE_UP`` if a node, time or memory limit stopped it (:attr:`stopped_by` says which;
    :attr:`complete` tells whether the space was exhausted; :attr:`status` stays None while
    the iteration is unfinished).  ``seed`` shuffles the value order (``None``: declared
    order).  The search runs in chunks sized by :class:`~puzzlesmith.engines.driver.
    ChunkDriver` (about 50 ms each): limits are checked and ``progress(stats)`` is called
    between them.  ``limits.memory`` bounds the bytes of the backtracking trail.

    ``restarts=K`` restarts the search after ``K`` failures, then after 1.5 times as many,
    and so on, keeping the dom/wdeg weights it learnt: heavy-tailed searches settle much
    faster.  The search stays complete (the budget grows without bound) and repeated
    solutions are skipped (they are remembered, so use it for a few solutions only).

    ``kernels`` is "auto", "python" or "numba" (see :mod:`.kernels`); the search moves to
    the compiled kernels between two nodes, at a node count fixed in advance, so its
    answers and statistics are the same whatever ran; ``stats.extra["kernel"]`` says which
    kernels ran last.
    """

    def __init__(self, csp: CSP, *, seed: int | None = None, limits: Limits | None = None,
                 progress: Progress | None = None, raw: bool = False,
                 restarts: int | None = None, kernels: str = "auto",
                 _model: Compiled | None = None):
        check_kernels(kernels)
        self.csp = csp
        self.limits = limits or Limits()
        self.progress = progress
        self.raw = raw
        self.rng = None if seed is None else random.Random(seed)
        self.stats = Stats(extra={"failures": 0, "solutions": 0, "restarts": 0,
                                  "kernel": kernel_name(False)})
        self.restarts = restarts
        self._cut = False
        self.status: Status | None = None
        self.stopped_by: str | None = None
        self.complete = False
        self._model = _model or Compiled.of(csp)
        self._active = np.ones(self._model.initial.shape[0], dtype=np.bool_)
        self._fix = Fixpoint(csp, self._model)
        self._move = switch_at("csp", kernels, model_size(csp, self._model))
        self._driver: ChunkDriver | None = None
        self._iter = self._run()

    def __iter__(self) -> Iterator:
        return self

    def __next__(self):
        return next(self._iter)

    def _pick(self, d: int) -> int:
        """The bit to try first among the set bits of ``d``."""
        if self.rng is None:
            return d & -d
        bits = [1 << i for i in range(d.bit_length()) if d >> i & 1]
        return self.rng.choice(bits)

    def _run(self) -> Iterator:
        driver = self._driver = ChunkDriver(self.limits, self.progress, self.stats, first_chunk=1)
        stats = self.stats
        seen: set[bytes] = set()
        cutoff = self.restarts
        try:
            while True:
                for dom in self._dfs(cutoff):
                    key = dom.tobytes()
                    if cutoff is not None:
                        if key in seen:
                            continue
                        seen.add(key)
                    stats.extra["solutions"] += 1
                    stats.seconds = time.monotonic() - driver.start
                    yield dom.copy() if self.raw else self.csp.decode(dom)
                if self.status is Status.GAVE_UP:
                    return
                if not self._cut:
                    break
                stats.extra["restarts"] += 1
                cutoff = int(cutoff * 1.5) + 1
            self.complete = True
            self.status = Status.SOLVED if stats.extra["solutions"] else Status.UNSOLVABLE
            driver.after(stats.nodes, paused=False)
        finally:
            stats.seconds = time.monotonic() - driver.start

    def _dfs(self, cutoff: int | None) -> Iterator[np.ndarray]:
        """One depth-first run; stops early (``self._cut``) after ``cutoff`` failures.

        ``frames`` holds one ``(variable, value bit, trail mark)`` per open decision; the
        changes made below a decision (by it and by the refutations of deeper ones) are on
        the trail above its mark, so backtracking restores them (a step is made and undone
        by :class:`KernelSteps` on a purely binary model, else by :class:`CopySteps`)."""
        try:
            yield from self._dfs_run(cutoff)
        except Expired:
            self._give_up("time")

    def _dfs_run(self, cutoff: int | None) -> Iterator[np.ndarray]:
        m, fix, driver, stats = self._model, self._fix, self._driver, self.stats
        fix.deadline = driver.deadline
        memory = self.limits.memory
        self._cut = False
        dom = m.initial.copy()
        steps = (KernelSteps if not self.csp.propagators else CopySteps)(fix, dom)
        frames: list[tuple[int, int, int]] = []
        failures = 0
        last = -1
        if driver.out_of_time():
            self._give_up("time")
            return
        if self._move == 0:
            self._to_compiled()
        stop = self._budget()
        ok = bool(dom.all()) and fix(dom, np.arange(dom.shape[0], dtype=np.int64))
        while True:
            if ok:
                x = int(fix.kernels.select_near(dom, fix.weight, last, m.in_ptr, m.in_arc,
                                                m.arc_src, fix.inq, fix.queue, self._active))
                if x < 0:
                    yield dom
                    ok = False
                    continue
                bit = self._pick(int(dom[x]))
                frames.append((x, bit, steps.mark()))
                decide = True
            else:
                if not frames:
                    return
                failures += 1
                stats.extra["failures"] += 1
                if cutoff is not None and failures > cutoff:
                    self._cut = True
                    return
                x, bit, mark = frames.pop()
                steps.undo(dom, mark)
                decide = False
            if stats.nodes >= stop:
                if driver.after(stats.nodes):
                    self._give_up(driver.stopped_by)
                    return
                if self._moves_now():
                    self._to_compiled()
                stop = self._budget()
            stats.nodes += 1
            last = x
            ok = steps.step(dom, x, bit, decide)
            if not frames:
                steps.forget()                   # changes at the root are for good
            elif memory is not None and steps.nbytes() > memory:
                self._give_up("memory")
                return

    def _budget(self) -> int:
        """The node count of the next pause: the driver's, or the move to the compiled
        kernels if it comes first (so the move happens at the same node every time)."""
        stop = self._driver.budget()
        if not self._fix.compiled and self._move is not None:
            stop = min(stop, self._move)
        return stop

    def _moves_now(self) -> bool:
        return (not self._fix.compiled and self._move is not None
                and self.stats.nodes >= self._move)

    def _to_compiled(self) -> None:
        """Carry on with the compiled kernels, loaded until the deadline (past it the
        search gives up, stopped by time)."""
        try:
            self._fix.use(True)
        except LimitReached:
            raise Expired from None
        self.stats.extra["kernel"] = kernel_name(True)

    def _give_up(self, why: str | None) -> None:
        self.status = Status.GAVE_UP
        self.stopped_by = why


def solve(csp: CSP, *, seed: int | None = None, limits: Limits | None = None,
          progress: Progress | None = None, restarts: int | None = None,
          raw: bool = False, kernels: str = "auto") -> SolveResult:
    """The first solution found, with ``SOLVED``, ``UNSOLVABLE`` or ``GAVE_UP``
    (``kernels``: see :class:`Search`)."""
    search = Search(csp, seed=seed, limits=limits, progress=progress, restarts=restarts,
                    raw=raw, kernels=kernels)
    solution = next(search, None)
    status = Status.SOLVED if solution is not None else search.status
    return SolveResult(status, search.stats, solution=solution)


def count(csp: CSP, limit: int | None = None, *, seed: int | None = None,
          limits: Limits | None = None, progress: Progress | None = None,
          keep: bool = False, restarts: int | None = None, raw: bool = False,
          decompose: bool = True, kernels: str = "auto") -> CountResult:
    """Count solutions, stopping at ``limit`` (``complete`` is False if it stopped early).

    With ``keep`` the solutions (up to ``limit``) are kept in ``result.solutions``, as dicts
    or, with ``raw``, as bitset arrays.  When the model has only unary and binary
    constraints (no custom propagator) and ``decompose`` is on, the variables left undecided
    by the first propagation fall into independent *parts* (connected through constraints);
    each part is searched alone and the count is the product, so independent ambiguities do
    not multiply the search.  The status is :func:`~puzzlesmith.results.count_status`;
    ``kernels``: see :class:`Search` (each part is a run of its own).
    """
    if limit is not None and limit < 1:
        raise UsageError(f"limit must be at least 1, got {limit}")
    check_kernels(kernels)
    limits = (limits or Limits()).started()
    if decompose and not csp.propagators:
        return _count_parts(csp, limit, seed, limits, progress, keep, restarts, raw, kernels)
    search = Search(csp, seed=seed, limits=limits, progress=progress, restarts=restarts,
                    raw=raw, kernels=kernels)
    found, kept = _take(search, limit, keep)
    complete = search.complete
    return CountResult(count_status(found, complete, limit), search.stats, count=found,
                       complete=complete, limit=limit, solutions=kept)


def _take(search: Search, limit: int | None, keep: bool) -> tuple[int, list]:
    """Run ``search`` up to ``limit`` solutions: how many it found, and them if ``keep``."""
    found, kept = 0, []
    for solution in search:
        found += 1
        if keep:
            kept.append(solution)
        if limit is not None and found >= limit:
            break
    return found, kept


def _count_parts(csp: CSP, limit: int | None, seed: int | None, limits: Limits,
                 progress: Progress | None, keep: bool, restarts: int | None,
                 raw: bool, kernels: str) -> CountResult:
    """:func:`count` by independent parts (see there)."""
    model = Compiled.of(csp)
    start = time.monotonic()
    stats = Stats(extra={"failures": 0, "solutions": 0, "restarts": 0, "parts": 0,
                         "kernel": kernel_name(False)})
    dom = model.initial.copy()
    n = dom.shape[0]

    def done(found: int, complete: bool, kept: list) -> CountResult:
        stats.seconds = time.monotonic() - start
        stats.extra["solutions"] = found
        return CountResult(count_status(found, complete, limit), stats, count=found,
                           complete=complete, limit=limit, solutions=kept)

    def relay(sub: Stats) -> None:
        progress(Stats(stats.nodes + sub.nodes, time.monotonic() - start))

    compiled = switch_at("csp", kernels, model_size(csp, model)) == 0
    stats.extra["kernel"] = kernel_name(compiled)
    try:
        fix = Fixpoint(csp, model, limits.deadline(), compiled=compiled)
        if not (dom.all() and fix(dom, np.arange(n, dtype=np.int64))):
            return done(0, True, [])
    except (Expired, LimitReached):
        return done(0, False, [])
    label = np.zeros(max(n, 1), dtype=np.int64)
    parts = int(fix.kernels.label_parts(dom, model.in_ptr, model.in_arc, model.arc_src, label,
                                        fix.queue))
    stats.extra["parts"] = parts
    per_part: list[tuple[np.ndarray, list]] = []   # (variables, their values) per part
    total, complete = 1, True
    for variables, sub_model in model.parts(dom, label[:n], parts):
        if limits.expired():
            return done(0, False, [])
        nodes_left = None if limits.nodes is None else max(0, limits.nodes - stats.nodes)
        sub = Search(csp, seed=seed, limits=replace(limits, nodes=nodes_left),
                     progress=relay if progress else None, raw=True, restarts=restarts,
                     kernels=kernels, _model=sub_model)
        found, values = _take(sub, limit, keep)
        stats.nodes += sub.stats.nodes
        for key in ("failures", "restarts"):
            stats.extra[key] += sub.stats.extra[key]
        if sub.stats.extra["kernel"] == kernel_name(True):
            stats.extra["kernel"] = kernel_name(True)
        if sub.status is Status.GAVE_UP:
            return done(0, False, [])
        if not found:
            return done(0, True, [])
        complete = complete and sub.complete
        total *= found
        per_part.append((variables, values))
    found = total if limit is None else min(total, limit)
    complete = complete and found == total
    kept = []
    if keep:
        for combo in itertools.islice(itertools.product(*(v for _, v in per_part)), found):
            full = dom.copy()
            for (variables, _), values in zip(per_part, combo, strict=True):
                full[variables] = values
            kept.append(full if raw else csp.decode(full))
    return done(found, complete, kept)


def unique(csp: CSP, *, seed: int | None = None, limits: Limits | None = None,
           progress: Progress | None = None, restarts: int | None = None,
           raw: bool = False, kernels: str = "auto") -> SolveResult:
    """Take two: find a solution and look for a second one.

    ``unique`` is True/False when decided and None when a limit stopped the search first
    (:meth:`CountResult.uniqueness <puzzlesmith.results.CountResult.uniqueness>`); for the
    second solution itself, call ``count(csp, 2, keep=True)``."""
    result = count(csp, 2, seed=seed, limits=limits, progress=progress, keep=True,
                   restarts=restarts, raw=raw, kernels=kernels)
    first = result.solutions[0] if result.solutions else None
    return SolveResult(result.status, result.stats, solution=first,
                       unique=result.uniqueness(), wanted_unique=True)


def _in_cache() -> bool:
    """True when numba's on-disk cache holds the constraint kernels."""
    from . import csp_kernels

    return csp_kernels.compiled.cached()


@warm_up("csp", "the constraint kernels", cached=_in_cache)
def _warm() -> None:
    """Load (or compile) the kernels: solve and count a tiny problem both ways."""
    p = CSP()
    xs = [p.add_variable(i, range(3)) for i in range(3)]
    p.add_all_different(xs)
    count(p, decompose=True, kernels="numba")
    count(p, 2, decompose=False, kernels="numba")


@warm_up("csp_tree", "the spanning-tree kernels")
def _warm_tree() -> None:
    """Load (or compile) the tree kernels: count the spanning trees of a small graph."""
    ensure_warm("csp")
    p = CSP()
    xs = p.add_variables(range(4), (False, True))
    p.add_spanning_tree(3, [(0, 1), (1, 2), (2, 0), (0, 0)], [(x, 0b10) for x in xs])
    count(p, kernels="numba")
