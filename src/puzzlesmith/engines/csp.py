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
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..errors import LimitReached, UsageError
from ..results import CountResult, Limits, SolveResult, Stats, Status, count_status
from .driver import ChunkDriver
from .kernels import check_kernels, ensure_warm, kernel_name, switch_at, warm_up

if TYPE_CHECKING:
    from .csp_tree import SpanningTree

__all__ = ["CSP", "Propagator", "Search", "solve", "count", "unique", "propagate",
           "MAX_DOMAIN"]

#: The largest domain a variable may have (bits 0..62 of an ``int64``).
MAX_DOMAIN = 63

Progress = Callable[[Stats], None]


def _kernel_set(compiled: bool):
    """The kernels, interpreted (the module) or compiled (numba loads only then)."""
    from . import csp_kernels

    return csp_kernels.compiled() if compiled else csp_kernels


def _model_size(csp: CSP, model: _Compiled) -> int:
    """The size by which "auto" decides to start compiled (see :mod:`.kernels`)."""
    return int(model.arc_src.size) + sum(int(getattr(p, "size", 0)) for p in csp.propagators)


class Propagator(Protocol):
    """A puzzle-specific constraint: narrows the bitset domains in place.

    ``propagate(domains)`` receives the ``int64`` array of all domains (bit ``i`` of
    ``domains[v]`` = ``csp.values(v)[i]`` still possible), removes values it can refute,
    and returns ``False`` when the current domains cannot lead to a solution.  It is called
    at every fixpoint of arc consistency, so it should be cheap (a compiled kernel is ideal).
    After a failure, an optional ``culprits`` attribute (variable indices, -1 ignored) tells
    dom/wdeg whom to blame; an optional ``warm`` attribute names the kernels to load (see
    :func:`puzzlesmith.engines.kernels.ensure_warm`) before the search uses compiled
    kernels; an optional ``use_compiled(flag)`` method is called with the engine's kernel
    mode before it propagates, and an optional ``size`` attribute (the work of one call,
    say) counts toward the model's size (see :mod:`.kernels`).  A propagator that keeps a
    ``narrowed`` attribute, after each call that returns True, as ``(variables, values
    before the call)`` covering every domain it narrowed, and that leaves the domains as it
    found them when it returns False, saves the search a copy and a comparison of the whole
    domain array per call.  A propagator with a true ``lazy`` attribute (a costly one) is
    skipped in a round where those before it narrowed a domain: it runs at the fixpoint of
    arc consistency and the others, so the common fixpoint is unchanged.
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
        self._arc_blocks: list[np.ndarray] = []      # earlier arcs, as int64[k, 3] blocks
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
        index = self._index
        for k, name in enumerate(names[1:], first + 1):
            if name in index:
                raise UsageError(f"variable {name!r} already exists")
            index[name] = k
        self._names.extend(names[1:])
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

    def initial_domains(self) -> np.ndarray:
        """The bitset domains after the unary restrictions (a fresh ``int64`` array)."""
        return np.array(self._initial, dtype=np.int64)

    # constraints -----------------------------------------------------------------------
    def restrict(self, v: int, allowed: Iterable[Hashable] | Callable[[Hashable], bool]) -> None:
        """Unary constraint: keep only the allowed values (a collection or a predicate)."""
        if callable(allowed):
            allowed = [a for a in self.values(v) if allowed(a)]
        self._initial[v] &= self.bits(v, allowed)

    def restrict_bits(self, v: int | np.ndarray, bits: int | np.ndarray) -> None:
        """Unary constraint in the bitset encoding: keep value ``i`` iff bit ``i`` is set.

        ``v`` and ``bits`` may be arrays (many variables at once)."""
        if isinstance(v, int | np.integer):
            self._check(int(v))
            self._initial[int(v)] &= int(bits)
            return
        v = np.asarray(v, dtype=np.int64)
        if v.size and (v.min() < 0 or v.max() >= self.size):
            raise UsageError(f"variable indices must be 0..{self.size - 1}")
        initial = np.array(self._initial, dtype=np.int64)
        np.bitwise_and.at(initial, v, np.broadcast_to(np.asarray(bits, dtype=np.int64),
                                                      v.shape))
        self._initial = initial.tolist()

    def add_constraint(self, x: int, y: int, pairs: Iterable[tuple] | None = None, *,
                       predicate: Callable[[Hashable, Hashable], bool] | None = None) -> None:
        """Binary constraint between ``x`` and ``y``: allowed ``(a, b)`` pairs or a predicate."""
        self.add_constraints([(x, y)], pairs, predicate=predicate)

    def add_constraints(self, scopes: Iterable[tuple[int, int]] | np.ndarray,
                        pairs: Iterable[tuple] | None = None, *,
                        predicate: Callable[[Hashable, Hashable], bool] | None = None) -> None:
        """The same binary relation on many pairs of variables (one shared support table).

        ``scopes`` may be an ``int[k, 2]`` array (many constraints at once)."""
        if (pairs is None) == (predicate is None):
            raise UsageError("give exactly one of pairs= or predicate=")
        allowed = None if pairs is None else frozenset(pairs)
        relation = predicate if allowed is None else (lambda a, b: (a, b) in allowed)
        key_rel = ("pred", predicate) if allowed is None else ("pairs", allowed)
        if isinstance(scopes, np.ndarray):
            self._add_constraint_block(scopes, relation, key_rel)
            return
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
                both = tables[dx, dy] = self._table_pair(dx, dy, relation, key_rel)
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

    def add_spanning_tree(self, nodes: int, edges: Sequence[tuple[int, int]] | np.ndarray,
                          literals: Sequence[tuple[int, int]] | np.ndarray,
                          twins: Sequence[tuple[int, int]] | np.ndarray | None = None
                          ) -> SpanningTree:
        """The chosen edges form a spanning tree of the graph on ``nodes`` nodes; edge ``e``
        is chosen iff variable ``literals[e][0]`` takes a value in the bitset
        ``literals[e][1]`` (see :class:`~puzzlesmith.engines.csp_tree.SpanningTree`)."""
        from .csp_tree import SpanningTree

        tree = SpanningTree(nodes, edges, literals, twins)
        if tree.variables > self.size:
            raise UsageError(f"the spanning tree names variable {tree.variables - 1}; the "
                             f"model has {self.size}")
        self.add_propagator(tree)
        return tree

    # internals ---------------------------------------------------------------------------
    def _check(self, v: int) -> None:
        if not 0 <= v < len(self._names):
            raise UsageError(f"no variable with index {v}")

    def _add_constraint_block(self, scopes: np.ndarray, relation: Callable,
                              key_rel: tuple) -> None:
        scopes = np.asarray(scopes, dtype=np.int64).reshape(-1, 2)
        if scopes.size and (scopes.min() < 0 or scopes.max() >= self.size):
            raise UsageError(f"variable indices must be 0..{self.size - 1}")
        same = scopes[:, 0] == scopes[:, 1]
        for x in scopes[same, 0].tolist():
            self.restrict(x, lambda a, rel=relation: rel(a, a))
        scopes = scopes[~same]
        domain_of = np.asarray(self._domain_of, dtype=np.int64)
        dx, dy = domain_of[scopes[:, 0]], domain_of[scopes[:, 1]]
        forward = np.empty(len(scopes), dtype=np.int64)
        backward = np.empty(len(scopes), dtype=np.int64)
        kinds = len(self._domains)
        keys = dx * kinds + dy
        for key in np.unique(keys).tolist():
            a, b = divmod(key, kinds)
            here = keys == key
            forward[here], backward[here] = self._table_pair(a, b, relation, key_rel)
        block = np.empty((2 * len(scopes), 3), dtype=np.int64)   # interleaved as arcs are
        block[0::2] = np.column_stack([scopes[:, 0], scopes[:, 1], forward])
        block[1::2] = np.column_stack([scopes[:, 1], scopes[:, 0], backward])
        self._flush_arcs()
        self._arc_blocks.append(block)

    def _flush_arcs(self) -> None:
        if self._arcs:
            self._arc_blocks.append(np.array(self._arcs, dtype=np.int64).reshape(-1, 3))
            self._arcs = []

    def _all_arcs(self) -> np.ndarray:
        self._flush_arcs()
        if not self._arc_blocks:
            return np.zeros((0, 3), dtype=np.int64)
        if len(self._arc_blocks) > 1:
            self._arc_blocks = [np.concatenate(self._arc_blocks)]
        return self._arc_blocks[0]

    def _table_pair(self, dx: int, dy: int, relation: Callable, key_rel: tuple
                    ) -> tuple[int, int]:
        return (self._table((dx, dy, key_rel), dx, dy, relation),
                self._table((dy, dx, key_rel, "T"), dy, dx, lambda b, a: relation(a, b)))

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
        arcs = csp._all_arcs()
        src, dst, tab = (np.ascontiguousarray(arcs[:, k]) for k in range(3))
        order = np.argsort(dst, kind="stable")
        in_ptr = np.zeros(n + 1, dtype=np.int64)
        np.add.at(in_ptr, dst + 1, 1)
        sup = (np.concatenate(csp._tables) if csp._tables
               else np.zeros(MAX_DOMAIN + 1, dtype=np.int64))
        degree = np.ones(n, dtype=np.float64)
        np.add.at(degree, src, 1.0)
        return cls(csp.initial_domains(), np.cumsum(in_ptr), order, src, dst, tab, sup,
                   degree)

    @classmethod
    def _of_arcs(cls, initial: np.ndarray, src: np.ndarray, dst: np.ndarray,
                 tab: np.ndarray, sup: np.ndarray, degree: np.ndarray) -> _Compiled:
        n = initial.shape[0]
        in_ptr = np.zeros(n + 1, dtype=np.int64)
        np.add.at(in_ptr, dst + 1, 1)
        return cls(initial, np.cumsum(in_ptr), np.argsort(dst, kind="stable"), src, dst, tab,
                   sup, degree)

    def parts(self, dom: np.ndarray, label: np.ndarray, parts: int
              ) -> Iterator[tuple[np.ndarray, _Compiled]]:
        """Per part (``label[v]`` = part of ``v``, -1: decided): its variables and the
        model of that part alone, from domains ``dom`` (arcs to decided variables are
        dropped: after a fixpoint every value left is compatible with them).  The work
        follows the parts' sizes, not their number times the model's."""
        var_order = np.argsort(label, kind="stable")
        var_ptr = np.searchsorted(label[var_order], np.arange(parts + 1))
        src_label = label[self.arc_src]
        inside = np.flatnonzero((src_label >= 0) & (src_label == label[self.arc_dst]))
        inside = inside[np.argsort(src_label[inside], kind="stable")]
        arc_ptr = np.searchsorted(src_label[inside], np.arange(parts + 1))
        where = np.zeros(label.shape[0], dtype=np.int64)
        for part in range(parts):
            variables = var_order[var_ptr[part]:var_ptr[part + 1]]
            arcs = inside[arc_ptr[part]:arc_ptr[part + 1]]
            where[variables] = np.arange(variables.shape[0])
            yield variables, _Compiled._of_arcs(
                dom[variables], where[self.arc_src[arcs]], where[self.arc_dst[arcs]],
                self.arc_tab[arcs], self.sup, self.degree[variables])


class _Expired(Exception):
    """The deadline passed between two rounds of propagation."""


#: The trail arguments of :func:`~puzzlesmith.engines.csp_kernels.ac3` when nothing is logged.
_NO_TRAIL = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(1, np.int64))


class _Fixpoint:
    """Arc consistency and the custom propagators, to a common fixpoint; keeps the dom/wdeg
    weights that failures raise.  Between rounds it raises :class:`_Expired` once
    ``deadline`` (a ``time.monotonic()`` instant) has passed."""

    def __init__(self, csp: CSP, model: _Compiled, deadline: float | None = None,
                 compiled: bool = False):
        self.csp = csp
        self.deadline = deadline
        self.model = model
        self.use(compiled)
        self.weight = model.degree.copy()
        #: Per propagator: does it report what it narrowed (else a copy finds it out)?
        self.reports = [hasattr(p, "narrowed") for p in csp.propagators]
        n = max(model.initial.shape[0], 1)
        self.queue = np.zeros(n, dtype=np.int64)
        self.inq = np.zeros(n, dtype=np.bool_)

    def use(self, compiled: bool) -> None:
        """Run the compiled (True) or interpreted kernels from now on; compiled ones are
        loaded first, until :attr:`deadline` (past it, :class:`LimitReached`)."""
        if compiled:
            _warm_names(self.csp, self.deadline)
        self.compiled = compiled
        self.kernels = _kernel_set(compiled)
        for p in self.csp.propagators:
            use = getattr(p, "use_compiled", None)
            if use is not None:
                use(compiled)

    def __call__(self, dom: np.ndarray, seeds: np.ndarray, custom: bool = True,
                 log: _Log | None = None) -> bool:
        """Narrow ``dom`` in place from the changed variables ``seeds``; False on a wipe-out.
        With ``log``, every change is logged on it (a failing call's too, to be undone)."""
        m = self.model
        propagators = self.csp.propagators if custom else []
        trail = _NO_TRAIL if log is None else (log.tvar, log.told, log.tpos)
        rounds = 0
        while True:
            if m.arc_src.size:
                k = self.kernels.ac3(dom, seeds, m.in_ptr, m.in_arc, m.arc_src, m.arc_tab,
                                     m.sup, self.queue, self.inq, *trail)
                if k >= 0:
                    self.weight[m.arc_src[k]] += 1.0
                    self.weight[m.arc_dst[k]] += 1.0
                    return False
            if not propagators:
                return True
            if rounds >= self.csp.propagator_rounds and np.any(dom & (dom - 1)):
                return True                     # enough for this node (never at a leaf)
            rounds += 1
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise _Expired
            told = []
            for p, reports in zip(propagators, self.reports, strict=True):
                if getattr(p, "lazy", False) and any(t.size for t in told):
                    continue                    # (next round, if the others are done)
                before = None if reports else dom.copy()
                ok = p.propagate(dom)
                if before is not None or ok:
                    told.append(_narrowed(p, dom, log, before))
                if not ok:
                    blame = [v for v in getattr(p, "culprits", ()) if v >= 0]
                    for v in blame or seeds[:1]:      # else blame the latest decision
                        self.weight[v] += 1.0
                    return False
            seeds = np.unique(np.concatenate(told)) if len(told) > 1 else told[0]
            if seeds.size == 0:
                return True
            if not dom[seeds].all():
                return False


def _narrowed(p: Propagator, dom: np.ndarray, log: _Log | None,
              before: np.ndarray | None = None) -> np.ndarray:
    """The variables ``p`` changed in its last call, logged: from its ``narrowed``, or
    from ``before`` (a copy of the domains before the call) when it does not report them."""
    if before is None:
        variables, old = p.narrowed
    else:
        variables = np.flatnonzero(before != dom)
        old = before[variables]
    moved = dom[variables] != old
    variables = variables[moved]
    if log is not None:
        log.push(variables, old[moved])
    return variables


class _Log:
    """A trail of ``(variable, old domain)`` for one search step, in the layout of
    :func:`~puzzlesmith.engines.csp_kernels.ac3`'s; each entry removes a value, so the
    values of the model are room enough."""

    def __init__(self, dom: np.ndarray):
        room = int(np.unpackbits(dom.view(np.uint8)).sum()) + 1
        self.tvar = np.zeros(room, dtype=np.int64)
        self.told = np.zeros(room, dtype=np.int64)
        self.tpos = np.zeros(1, dtype=np.int64)

    def push(self, variables: np.ndarray, old: np.ndarray) -> None:
        t = int(self.tpos[0])
        self.tvar[t:t + variables.size] = variables
        self.told[t:t + variables.size] = old
        self.tpos[0] = t + variables.size

    def block(self) -> tuple[np.ndarray, np.ndarray]:
        """Each variable logged once, with its oldest domain."""
        t = int(self.tpos[0])
        idx, first = np.unique(self.tvar[:t], return_index=True)
        return idx, self.told[:t][first]


class _CopySteps:
    """How a search step is made and undone on a model with custom propagators: the step
    runs the whole fixpoint with every change logged as it happens (:class:`_Log`; a
    propagator that reports what it narrowed, see :class:`Propagator`, costs no copy of the
    domains), then the changed entries (indices, old values) go on a trail of blocks.
    ``mark``/``undo``/``forget``/``nbytes`` are as in :class:`_KernelSteps`."""

    def __init__(self, fix: _Fixpoint, dom: np.ndarray):
        self.fix = fix
        self.trail: list[tuple[np.ndarray, np.ndarray]] = []
        self.held = 0                                     # bytes of the trail
        self.log = _Log(dom)

    def mark(self) -> int:
        return len(self.trail)

    def undo(self, dom: np.ndarray, mark: int) -> None:
        while len(self.trail) > mark:
            idx, old = self.trail.pop()
            dom[idx] = old
            self.held -= idx.nbytes + old.nbytes

    def step(self, dom: np.ndarray, x: int, bit: int, decide: bool) -> bool:
        """``x = bit`` (``decide``) or ``x != bit``, then the fixpoint; False on a wipe-out
        (the domains then as before)."""
        log = self.log
        log.tpos[0] = 0
        log.push(np.array([x], dtype=np.int64), dom[x:x + 1])
        if decide:
            dom[x] = bit
        else:
            dom[x] &= ~bit
        ok = dom[x] != 0 and self.fix(dom, np.array([x], dtype=np.int64), log=log)
        idx, old = log.block()
        if not ok:
            dom[idx] = old
            return False
        self.trail.append((idx, old))
        self.held += idx.nbytes + old.nbytes
        return True

    def forget(self) -> None:
        self.trail.clear()
        self.held = 0

    def nbytes(self) -> int:
        return self.held


class _KernelSteps:
    """How a search step is made and undone on a purely binary model: each step (the
    decision or refutation and its arc consistency) is one kernel call that logs every
    change on a trail of ``(variable, old domain)``, so a node costs what it changes, not
    the size of the model.  ``mark()`` is the trail's length, ``undo`` restores the domains
    above a mark, ``forget`` drops the trail (changes at the root are for good), ``nbytes``
    is its size."""

    def __init__(self, fix: _Fixpoint, dom: np.ndarray):
        self.fix = fix
        # every logged change removes a value: the trail never outgrows the values
        room = int(np.unpackbits(dom.view(np.uint8)).sum()) + 1
        self.tvar = np.zeros(room, dtype=np.int64)
        self.told = np.zeros(room, dtype=np.int64)
        self.tpos = np.zeros(1, dtype=np.int64)

    def mark(self) -> int:
        return int(self.tpos[0])

    def undo(self, dom: np.ndarray, mark: int) -> None:
        self.fix.kernels.undo(dom, self.tvar, self.told, self.tpos, mark)

    def step(self, dom: np.ndarray, x: int, bit: int, decide: bool) -> bool:
        """As :meth:`_CopySteps.step`, in one kernel call."""
        fix, m = self.fix, self.fix.model
        k = int(fix.kernels.step(dom, x, bit, decide, m.in_ptr, m.in_arc, m.arc_src,
                                 m.arc_tab, m.sup, fix.queue, fix.inq, self.tvar, self.told,
                                 self.tpos))
        if k >= 0:
            fix.weight[m.arc_src[k]] += 1.0
            fix.weight[m.arc_dst[k]] += 1.0
        return k == -1

    def forget(self) -> None:
        self.tpos[0] = 0

    def nbytes(self) -> int:
        return int(self.tpos[0]) * 16


def _warm_names(csp: CSP, deadline: float | None) -> None:
    """Load the compiled kernels the model needs (the engine's and its propagators'), until
    ``deadline`` (past it, :class:`LimitReached`)."""
    ensure_warm("csp", deadline)
    for p in csp.propagators:
        name = getattr(p, "warm", None)
        if name:
            ensure_warm(name, deadline)


def propagate(csp: CSP, domains: np.ndarray | None = None, *, custom: bool = True,
              limits: Limits | None = None, kernels: str = "auto") -> np.ndarray | None:
    """The deductions alone: arc consistency (and, with ``custom``, the propagators) to a
    fixpoint from ``domains`` (default: the model's), or None if a domain empties.  Past the
    deadline of ``limits`` it raises :class:`~puzzlesmith.errors.LimitReached`.

    >>> p = CSP()
    >>> x, y = p.add_variable("x", [1, 2, 3]), p.add_variable("y", [1, 2, 3])
    >>> p.add_constraint(x, y, predicate=lambda a, b: a > b)
    >>> propagate(p).tolist()        # x in {2, 3}, y in {1, 2}
    [6, 3]
    """
    check_kernels(kernels)
    model = _Compiled.of(csp)
    dom = (model.initial if domains is None else np.asarray(domains, dtype=np.int64)).copy()
    if dom.shape != model.initial.shape:
        raise UsageError(f"expected {csp.size} domains, got {dom.shape[0]}")
    fix = _Fixpoint(csp, model, (limits or Limits()).deadline(),
                    compiled=switch_at("csp", kernels, _model_size(csp, model)) == 0)
    try:
        if not (dom.all() and fix(dom, np.arange(dom.shape[0], dtype=np.int64), custom)):
            return None
    except _Expired:
        raise LimitReached("time limit reached while propagating") from None
    return dom


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
                 _model: _Compiled | None = None):
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
        self._model = _model or _Compiled.of(csp)
        self._active = np.ones(self._model.initial.shape[0], dtype=np.bool_)
        self._fix = _Fixpoint(csp, self._model)
        self._move = switch_at("csp", kernels, _model_size(csp, self._model))
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
        by :class:`_KernelSteps` on a purely binary model, else by :class:`_CopySteps`)."""
        try:
            yield from self._dfs_run(cutoff)
        except _Expired:
            self._give_up("time")

    def _dfs_run(self, cutoff: int | None) -> Iterator[np.ndarray]:
        m, fix, driver, stats = self._model, self._fix, self._driver, self.stats
        fix.deadline = driver.deadline
        memory = self.limits.memory
        self._cut = False
        dom = m.initial.copy()
        steps = (_KernelSteps if not self.csp.propagators else _CopySteps)(fix, dom)
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
            raise _Expired from None
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
    model = _Compiled.of(csp)
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

    compiled = switch_at("csp", kernels, _model_size(csp, model)) == 0
    stats.extra["kernel"] = kernel_name(compiled)
    try:
        fix = _Fixpoint(csp, model, limits.deadline(), compiled=compiled)
        if not (dom.all() and fix(dom, np.arange(n, dtype=np.int64))):
            return done(0, True, [])
    except (_Expired, LimitReached):
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


@warm_up("csp", "the constraint kernels")
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
