"""A generic constraint-satisfaction engine: bitset domains, MAC search, dom/wdeg branching.

Model a problem with :class:`CSP` (variables with finite domains of hashable values, unary
restrictions, binary constraints as allowed pairs or a predicate, all-different, and custom
:class:`Propagator` objects), then run :class:`Search` (a lazy iterator of solutions that
keeps statistics and a :class:`~puzzlesmith.results.Status`), or the helpers :func:`solve`,
:func:`count` and :func:`unique` ("take two").

Inside, every domain is an ``int64`` bitset (bit ``i`` = the variable's ``i``-th value, so a
domain holds at most 63 values), every binary constraint becomes two *arcs* that share a
support table (``sup[table, a]`` = bitset of the partner's values compatible with value
``a``), and arc consistency (AC-3, variable-oriented queue) runs in a numba kernel over plain
integer arrays.  Search branches two-way (``x = a`` / ``x != a``) and maintains arc
consistency after every decision; it picks the variable by dom/wdeg among those linked to
the previous decision (one undecided region is finished before the next), can restart with
growing budgets (``restarts=``), and :func:`count` splits a purely binary problem into
independent parts after the first propagation.

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
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from numba import njit

from ..errors import UsageError
from ..results import Limits, Stats, Status

__all__ = [
    "CSP", "Propagator", "Search", "SolveResult", "CountResult", "UniqueResult",
    "solve", "count", "unique", "MAX_DOMAIN",
]

#: The largest domain a variable may have (bits 0..62 of an ``int64``).
MAX_DOMAIN = 63


class Propagator(Protocol):
    """A puzzle-specific constraint: narrows the bitset domains in place.

    ``propagate(domains)`` receives the ``int64`` array of all domains (bit ``i`` of
    ``domains[v]`` = ``csp.values(v)[i]`` still possible), removes values it can refute,
    and returns ``False`` when the current domains cannot lead to a solution.  It is called
    at every fixpoint of arc consistency, so it should be cheap (a numba kernel is ideal).
    After a failure, an optional ``culprits`` attribute (variable indices, -1 ignored) tells
    dom/wdeg whom to blame.
    """

    def propagate(self, domains: np.ndarray) -> bool: ...


# --------------------------------------------------------------------------- the model

class CSP:
    """A constraint model: variables, domains and constraints, nothing about solving."""

    def __init__(self) -> None:
        self._names: list[Hashable] = []
        self._index: dict[Hashable, int] = {}
        self._domain_of: list[int] = []              # variable -> interned domain id
        self._domains: list[tuple] = []              # interned domains (value tuples)
        self._domain_ids: dict[tuple, int] = {}
        self._bit: list[dict] = []                   # domain id -> {value: bit index}
        self._initial: list[int] = []                # variable -> bitset after unary cuts
        self._tables: list[np.ndarray] = []          # table id -> int64[MAX_DOMAIN + 1]
        self._table_ids: dict[tuple, int] = {}
        self._arcs: list[tuple[int, int, int]] = []  # (src, dst, table): revise src against dst
        self.propagators: list[Propagator] = []
        #: Rounds of custom propagation per search node before moving on (a full
        #: assignment is always propagated to the fixpoint, so answers stay exact).
        self.propagator_rounds = 1_000_000

    # variables -------------------------------------------------------------------------
    def add_variable(self, name: Hashable, domain: Iterable[Hashable]) -> int:
        """Add a variable with the given finite domain; returns its index."""
        if name in self._index:
            raise UsageError(f"variable {name!r} already exists")
        values = tuple(dict.fromkeys(domain))
        if not values:
            raise UsageError(f"variable {name!r} has an empty domain")
        if len(values) > MAX_DOMAIN:
            raise UsageError(f"variable {name!r} has {len(values)} values, at most "
                             f"{MAX_DOMAIN} are supported")
        did = self._domain_ids.get(values)
        if did is None:
            did = self._domain_ids[values] = len(self._domains)
            self._domains.append(values)
            self._bit.append({v: i for i, v in enumerate(values)})
        index = len(self._names)
        self._names.append(name)
        self._index[name] = index
        self._domain_of.append(did)
        self._initial.append((1 << len(values)) - 1)
        return index

    def add_variables(self, names: Iterable[Hashable], domain: Iterable[Hashable]) -> range:
        """Add many variables sharing one domain; returns their indices."""
        first = len(self._names)
        names = list(names)
        if not names:
            return range(first, first)
        self.add_variable(names[0], domain)
        did, full = self._domain_of[-1], self._initial[-1]
        for name in names[1:]:
            if name in self._index:
                raise UsageError(f"variable {name!r} already exists")
            self._index[name] = len(self._names)
            self._names.append(name)
        extra = len(names) - 1
        self._domain_of.extend([did] * extra)
        self._initial.extend([full] * extra)
        return range(first, first + len(names))

    def var(self, name: Hashable) -> int:
        """The index of the variable called ``name``."""
        try:
            return self._index[name]
        except KeyError:
            raise UsageError(f"no variable {name!r}") from None

    @property
    def size(self) -> int:
        """The number of variables."""
        return len(self._names)

    def name(self, v: int) -> Hashable:
        return self._names[v]

    def values(self, v: int) -> tuple:
        """The domain of variable ``v`` as declared; bit ``i`` of its bitset is ``values[i]``."""
        return self._domains[self._domain_of[v]]

    def bits(self, v: int, values: Iterable[Hashable]) -> int:
        """The bitset of ``values`` (those not in ``v``'s domain are ignored)."""
        bit = self._bit[self._domain_of[v]]
        mask = 0
        for value in values:
            i = bit.get(value)
            if i is not None:
                mask |= 1 << i
        return mask

    # constraints -----------------------------------------------------------------------
    def restrict(self, v: int, allowed: Iterable[Hashable] | Callable[[Hashable], bool]) -> None:
        """Unary constraint: keep only the allowed values (a collection or a predicate)."""
        if callable(allowed):
            allowed = [a for a in self.values(v) if allowed(a)]
        self._initial[v] &= self.bits(v, allowed)

    def restrict_bits(self, v: int, bits: int) -> None:
        """Unary constraint in the bitset encoding: keep value ``i`` iff bit ``i`` is set."""
        self._initial[v] &= bits

    def add_constraint(self, x: int, y: int, pairs: Iterable[tuple] | None = None, *,
                       predicate: Callable[[Hashable, Hashable], bool] | None = None) -> None:
        """Binary constraint between ``x`` and ``y``: allowed ``(a, b)`` pairs or a predicate."""
        self.add_constraints([(x, y)], pairs, predicate=predicate)

    def add_constraints(self, scopes: Iterable[tuple[int, int]],
                        pairs: Iterable[tuple] | None = None, *,
                        predicate: Callable[[Hashable, Hashable], bool] | None = None) -> None:
        """The same binary relation on many pairs of variables (one shared support table)."""
        if (pairs is None) == (predicate is None):
            raise UsageError("give exactly one of pairs= or predicate=")
        allowed = None if pairs is None else frozenset(pairs)
        relation = predicate if allowed is None else (lambda a, b: (a, b) in allowed)
        key_rel = ("pred", predicate) if allowed is None else ("pairs", allowed)
        tables: dict[tuple[int, int], tuple[int, int]] = {}
        n, domain_of, arcs = len(self._names), self._domain_of, self._arcs
        for x, y in scopes:
            if not (0 <= x < n and 0 <= y < n):
                self._check(x)
                self._check(y)
            if x == y:
                self.restrict(x, lambda a, rel=relation: rel(a, a))
                continue
            dx, dy = domain_of[x], domain_of[y]
            both = tables.get((dx, dy))
            if both is None:
                both = tables[dx, dy] = (
                    self._table((dx, dy, key_rel), dx, dy, relation),
                    self._table((dy, dx, key_rel, "T"), dy, dx, lambda b, a: relation(a, b)))
            arcs.append((x, y, both[0]))
            arcs.append((y, x, both[1]))

    def add_all_different(self, variables: Sequence[int]) -> None:
        """All-different, as pairwise ``!=`` (arc consistency on it = forward checking)."""
        variables = list(variables)
        scopes = [(a, b) for i, a in enumerate(variables) for b in variables[i + 1:]]
        self.add_constraints(scopes, predicate=_differ)

    def add_propagator(self, propagator: Propagator) -> None:
        """Add a custom constraint (see :class:`Propagator`)."""
        if not callable(getattr(propagator, "propagate", None)):
            raise UsageError("a propagator needs a propagate(domains) method")
        self.propagators.append(propagator)

    # internals ---------------------------------------------------------------------------
    def _check(self, v: int) -> None:
        if not 0 <= v < len(self._names):
            raise UsageError(f"no variable with index {v}")

    def _table(self, key: tuple, dx: int, dy: int, relation: Callable) -> int:
        tid = self._table_ids.get(key)
        if tid is None:
            row = np.zeros(MAX_DOMAIN + 1, dtype=np.int64)
            ys = self._domains[dy]
            for i, a in enumerate(self._domains[dx]):
                row[i] = sum(1 << j for j, b in enumerate(ys) if relation(a, b))
            tid = self._table_ids[key] = len(self._tables)
            self._tables.append(row)
        return tid

    def decode(self, domains: np.ndarray) -> dict:
        """The assignment ``{name: value}`` of fully assigned bitset domains."""
        return {self._names[v]: self.values(v)[int(d).bit_length() - 1]
                for v, d in enumerate(domains.tolist())}


def _differ(a: Hashable, b: Hashable) -> bool:
    return a != b


@dataclass
class _Compiled:
    """The model as plain integer arrays for the kernels."""

    initial: np.ndarray   # int64[n]
    in_ptr: np.ndarray    # CSR: arcs whose dst is v are in_arc[in_ptr[v]:in_ptr[v+1]]
    in_arc: np.ndarray
    arc_src: np.ndarray
    arc_dst: np.ndarray
    arc_tab: np.ndarray
    sup: np.ndarray       # int64[tables * (MAX_DOMAIN + 1)]
    degree: np.ndarray    # float64[n], initial dom/wdeg weights

    @classmethod
    def of(cls, csp: CSP) -> _Compiled:
        n = csp.size
        arcs = np.array(csp._arcs, dtype=np.int64).reshape(-1, 3)
        src, dst, tab = arcs[:, 0].copy(), arcs[:, 1].copy(), arcs[:, 2].copy()
        order = np.argsort(dst, kind="stable")
        in_ptr = np.zeros(n + 1, dtype=np.int64)
        np.add.at(in_ptr, dst + 1, 1)
        sup = (np.concatenate(csp._tables) if csp._tables
               else np.zeros(MAX_DOMAIN + 1, dtype=np.int64))
        degree = np.ones(n, dtype=np.float64)
        np.add.at(degree, src, 1.0)
        return cls(np.array(csp._initial, dtype=np.int64), np.cumsum(in_ptr), order,
                   src, dst, tab, sup, degree)


# --------------------------------------------------------------------------- kernels

@njit(cache=True)
def _popcount(x):
    """Number of set bits of a non-negative int64."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True)
def _ac3(dom, seeds, in_ptr, in_arc, arc_src, arc_tab, sup, queue, inq):
    """Arc consistency from the changed variables ``seeds``; narrows ``dom`` in place.

    Returns -1 at the fixpoint, or the index of the arc whose source lost every value.
    ``queue`` (int64[n]) and ``inq`` (bool[n], all False on entry and exit) are scratch.
    """
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
        dy = dom[y]
        for p in range(in_ptr[y], in_ptr[y + 1]):
            k = in_arc[p]
            x = arc_src[k]
            d = dom[x]
            base = arc_tab[k] * 64
            keep = 0
            rest = d
            a = 0
            while rest:
                if rest & 1 and sup[base + a] & dy:
                    keep |= 1 << a
                rest >>= 1
                a += 1
            if keep != d:
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
    return failed


@njit(cache=True)
def _select(dom, weight, active):
    """dom/wdeg: the unassigned active variable with the least ``|dom| / weight`` (or -1)."""
    best = -1
    best_score = np.inf
    for v in range(dom.shape[0]):
        d = dom[v]
        if d & (d - 1) and active[v]:
            score = _popcount(d) / weight[v]
            if score < best_score:
                best_score = score
                best = v
    return best


#: How many variables of the current cluster :func:`_select_near` looks at, at most.
NEAR = 256


@njit(cache=True)
def _select_near(dom, weight, last, in_ptr, in_arc, arc_src, mark, queue, active):
    """dom/wdeg restricted to the unassigned variables linked to ``last`` through chains of
    unassigned variables (its *cluster*, the ``NEAR`` nearest of them, breadth first); the
    global choice when that cluster is empty.

    Finishing one cluster before starting another keeps independent parts of a problem
    from multiplying each other's search trees under chronological backtracking.
    ``mark`` (bool[n], all False on entry and exit) and ``queue`` (int64[n]) are scratch;
    ``active`` (bool[n]) limits the global choice.
    """
    if last < 0:
        return _select(dom, weight, active)
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
            score = _popcount(d) / weight[y]
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
        return _select(dom, weight, active)
    return best


# --------------------------------------------------------------------------- search

@dataclass
class SolveResult:
    """One solution (or none): ``status``, ``solution`` as ``{name: value}``, ``stats``."""

    status: Status
    solution: dict | None
    stats: Stats


@dataclass
class CountResult:
    """``count`` solutions found; ``complete`` when the search space was exhausted."""

    status: Status
    count: int
    complete: bool
    stats: Stats
    solutions: list = field(default_factory=list)


@dataclass
class UniqueResult:
    """Take two: ``unique`` is True/False when decided, ``None`` if the search gave up."""

    status: Status
    solution: dict | None
    unique: bool | None
    stats: Stats
    other: dict | None = None


class Search:
    """A lazy iterator over the solutions of a :class:`CSP`, with statistics and a status.

    Iterate it to get solutions (``{name: value}`` dicts, or raw bitset arrays with
    ``raw=True``).  When iteration stops, :attr:`status` is ``SOLVED`` if at least one
    solution was found and the space was exhausted, ``UNSOLVABLE`` if none exists, or
    ``GAVE_UP`` if a node or time limit stopped it (:attr:`complete` tells whether the
    space was exhausted; :attr:`status` stays None while the iteration is unfinished).
    ``seed`` shuffles the value order (``None``: declared order).
    ``progress(stats)`` is called every 1024 nodes.

    ``restarts=K`` restarts the search after ``K`` failures, then after 1.5 times as many,
    and so on, keeping the dom/wdeg weights it learnt: heavy-tailed searches settle much
    faster.  The search stays complete (the budget grows without bound) and repeated
    solutions are skipped (they are remembered, so use it for a few solutions only).
    """

    def __init__(self, csp: CSP, *, seed: int | None = None, limits: Limits | None = None,
                 progress: Callable[[Stats], None] | None = None, raw: bool = False,
                 restarts: int | None = None, _model: _Compiled | None = None,
                 _root: np.ndarray | None = None, _active: np.ndarray | None = None):
        self.csp = csp
        self.limits = limits or Limits()
        self.progress = progress
        self.raw = raw
        self.rng = None if seed is None else random.Random(seed)
        self.stats = Stats(extra={"failures": 0, "solutions": 0, "restarts": 0})
        self.restarts = restarts
        self._deadline = self.limits.deadline()
        self._cut = False
        self.status: Status | None = None
        self.complete = False
        self._model = _model or _Compiled.of(csp)
        self._root = _root
        self._active = (np.ones(csp.size, dtype=np.bool_) if _active is None else _active)
        self._weight = self._model.degree.copy()
        n = csp.size
        self._queue = np.zeros(max(n, 1), dtype=np.int64)
        self._inq = np.zeros(max(n, 1), dtype=np.bool_)
        self._iter = self._run()

    def __iter__(self) -> Iterator:
        return self

    def __next__(self):
        return next(self._iter)

    # one fixpoint of arc consistency and the custom propagators
    def _propagate(self, dom: np.ndarray, seeds: np.ndarray) -> bool:
        m = self._model
        rounds = 0
        while True:
            if m.arc_src.size:
                k = _ac3(dom, seeds, m.in_ptr, m.in_arc, m.arc_src, m.arc_tab, m.sup,
                         self._queue, self._inq)
                if k >= 0:
                    self._weight[m.arc_src[k]] += 1.0
                    self._weight[m.arc_dst[k]] += 1.0
                    return False
            if not self.csp.propagators:
                return True
            if (rounds >= self.csp.propagator_rounds and np.any(dom & (dom - 1))):
                return True                     # enough for this node (never at a leaf)
            rounds += 1
            before = dom.copy()
            for p in self.csp.propagators:
                if not p.propagate(dom):
                    blame = [v for v in getattr(p, "culprits", ()) if v >= 0]
                    for v in blame or seeds[:1]:      # else blame the latest decision
                        self._weight[v] += 1.0
                    return False
            seeds = np.flatnonzero(before != dom)
            if seeds.size == 0:
                return True
            if not dom[seeds].all():
                return False

    def _pick(self, d: int) -> int:
        """The bit to try first among the set bits of ``d``."""
        if self.rng is None:
            return d & -d
        bits = [1 << i for i in range(d.bit_length()) if d >> i & 1]
        return self.rng.choice(bits)

    def _run(self) -> Iterator:
        start = time.monotonic()
        stats = self.stats
        seen: set[bytes] = set()
        cutoff = self.restarts
        try:
            while True:
                run = self._dfs(start, cutoff)
                for dom in run:
                    key = dom.tobytes()
                    if cutoff is not None:
                        if key in seen:
                            continue
                        seen.add(key)
                    stats.extra["solutions"] += 1
                    stats.seconds = time.monotonic() - start
                    yield dom.copy() if self.raw else self.csp.decode(dom)
                if self.status is Status.GAVE_UP:
                    return
                if not self._cut:
                    break
                stats.extra["restarts"] += 1
                cutoff = int(cutoff * 1.5) + 1
            self.complete = True
            self.status = Status.SOLVED if stats.extra["solutions"] else Status.UNSOLVABLE
        finally:
            stats.seconds = time.monotonic() - start

    def _dfs(self, start: float, cutoff: int | None) -> Iterator[np.ndarray]:
        """One depth-first run; stops early (``self._cut``) after ``cutoff`` failures."""
        deadline = self._deadline
        max_nodes = self.limits.nodes
        stats = self.stats
        m = self._model
        self._cut = False
        dom = (m.initial if self._root is None else self._root).copy()
        n = dom.shape[0]
        seeds = (np.arange(n, dtype=np.int64) if self._root is None
                 else np.flatnonzero(self._active))
        stack: list[tuple[np.ndarray, int, int]] = []
        failures = 0
        last = -1
        ok = bool(dom.all()) and self._propagate(dom, seeds)
        while True:
            if ok:
                x = int(_select_near(dom, self._weight, last, m.in_ptr, m.in_arc, m.arc_src,
                                     self._inq, self._queue, self._active))
                if x < 0:
                    yield dom
                    ok = False
                    continue
                bit = self._pick(int(dom[x]))
                stack.append((dom.copy(), x, bit))
                dom[x] = bit
            else:
                if not stack:
                    return
                failures += 1
                stats.extra["failures"] += 1
                if cutoff is not None and failures > cutoff:
                    self._cut = True
                    return
                dom, x, bit = stack.pop()
                dom[x] &= ~bit
            stats.nodes += 1
            if max_nodes is not None and stats.nodes > max_nodes:
                self.status = Status.GAVE_UP
                return
            if deadline is not None and time.monotonic() > deadline:
                self.status = Status.GAVE_UP
                return
            if self.progress is not None and stats.nodes & 1023 == 0:
                stats.seconds = time.monotonic() - start
                self.progress(stats)
            last = x
            ok = dom[x] != 0 and self._propagate(dom, np.array([x], dtype=np.int64))


def solve(csp: CSP, *, seed: int | None = None, limits: Limits | None = None,
          progress: Callable[[Stats], None] | None = None,
          restarts: int | None = None) -> SolveResult:
    """The first solution found, with ``SOLVED``, ``UNSOLVABLE`` or ``GAVE_UP``."""
    search = Search(csp, seed=seed, limits=limits, progress=progress, restarts=restarts)
    solution = next(search, None)
    status = Status.SOLVED if solution is not None else search.status
    return SolveResult(status, solution, search.stats)


def count(csp: CSP, limit: int | None = None, *, seed: int | None = None,
          limits: Limits | None = None, progress: Callable[[Stats], None] | None = None,
          keep: bool = False, restarts: int | None = None, raw: bool = False,
          decompose: bool = True) -> CountResult:
    """Count solutions, stopping at ``limit`` (``complete`` is False if it stopped early).

    With ``keep`` the solutions (up to ``limit``) are returned too, as dicts or, with
    ``raw``, as bitset arrays.  When the model has only unary and binary constraints (no
    custom propagator) and ``decompose`` is on, the variables left undecided by the first
    propagation fall into independent *parts* (connected through constraints); each part
    is searched alone and the count is the product, so independent ambiguities do not
    multiply the search.
    """
    if limit is not None and limit < 1:
        raise UsageError(f"limit must be at least 1, got {limit}")
    if decompose and not csp.propagators:
        return _count_parts(csp, limit, seed, limits or Limits(), progress, keep, restarts,
                            raw)
    search = Search(csp, seed=seed, limits=limits, progress=progress, restarts=restarts,
                    raw=raw)
    found, kept = 0, []
    for solution in search:
        found += 1
        if keep:
            kept.append(solution)
        if limit is not None and found >= limit:
            break
    complete = search.complete
    if search.status is Status.GAVE_UP:
        status = Status.GAVE_UP
    else:
        status = Status.SOLVED if found else Status.UNSOLVABLE
    return CountResult(status, found, complete, search.stats, kept)


@njit(cache=True)
def _label_parts(dom, in_ptr, in_arc, arc_src, label, queue):
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


def _count_parts(csp: CSP, limit: int | None, seed: int | None, limits: Limits,
                 progress: Callable | None, keep: bool, restarts: int | None,
                 raw: bool) -> CountResult:
    """:func:`count` by independent parts (see there)."""
    start = time.monotonic()
    deadline = limits.deadline()
    probe = Search(csp, raw=True)
    model = probe._model
    stats = Stats(extra={"failures": 0, "solutions": 0, "restarts": 0, "parts": 0})
    dom = model.initial.copy()
    n = dom.shape[0]

    def done(status: Status, found: int, complete: bool, kept: list) -> CountResult:
        stats.seconds = time.monotonic() - start
        stats.extra["solutions"] = found
        return CountResult(status, found, complete, stats, kept)

    if not (dom.all() and probe._propagate(dom, np.arange(n, dtype=np.int64))):
        return done(Status.UNSOLVABLE, 0, True, [])
    label = np.zeros(max(n, 1), dtype=np.int64)
    parts = int(_label_parts(dom, model.in_ptr, model.in_arc, model.arc_src, label,
                             probe._queue))
    stats.extra["parts"] = parts
    found_per_part: list[tuple[np.ndarray, list]] = []
    total, complete = 1, True
    for part in range(parts):
        active = label[:n] == part
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        nodes_left = None if limits.nodes is None else max(1, limits.nodes - stats.nodes)
        sub = Search(csp, seed=seed, limits=Limits(nodes_left, left), progress=progress,
                     raw=True, restarts=restarts, _model=model, _root=dom, _active=active)
        sols = []
        for sol in sub:
            sols.append(sol)
            if limit is not None and len(sols) >= limit:
                break
        stats.nodes += sub.stats.nodes
        for key in ("failures", "restarts"):
            stats.extra[key] += sub.stats.extra[key]
        if sub.status is Status.GAVE_UP:
            return done(Status.GAVE_UP, 0, False, [])
        if not sols:
            return done(Status.UNSOLVABLE, 0, True, [])
        complete = complete and sub.complete
        total *= len(sols)
        found_per_part.append((active, sols))
    found = total if limit is None else min(total, limit)
    complete = complete and found == total
    kept = []
    if keep:
        for combo in itertools.islice(itertools.product(*(s for _, s in found_per_part)), found):
            full = dom.copy()
            for (active, _), sol in zip(found_per_part, combo, strict=True):
                full[active] = sol[active]
            kept.append(full if raw else csp.decode(full))
    return done(Status.SOLVED, found, complete, kept)


def unique(csp: CSP, *, seed: int | None = None, limits: Limits | None = None,
           progress: Callable[[Stats], None] | None = None, restarts: int | None = None,
           raw: bool = False) -> UniqueResult:
    """Take two: find a solution and look for a second one."""
    result = count(csp, 2, seed=seed, limits=limits, progress=progress, keep=True,
                   restarts=restarts, raw=raw)
    sols = result.solutions
    first = sols[0] if sols else None
    other = sols[1] if len(sols) > 1 else None
    if len(sols) == 2:
        verdict = False
    elif result.complete:
        verdict = len(sols) == 1
    else:
        verdict = None
    status = Status.GAVE_UP if verdict is None else result.status
    return UniqueResult(status, first, verdict, result.stats, other)
