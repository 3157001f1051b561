"""The model of the CSP engine (:mod:`puzzlesmith.engines.csp`): variables with finite
domains, unary restrictions, binary constraints (each two arcs sharing a support table),
all-different, the spanning-tree constraint and custom :class:`Propagator` objects.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

import numpy as np

from ..errors import UsageError

if TYPE_CHECKING:
    from .csp_tree import SpanningTree

__all__ = ["CSP", "Propagator", "MAX_DOMAIN"]

#: The largest domain a variable may have (bits 0..62 of an ``int64``).
MAX_DOMAIN = 63


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
        self.tables: list[np.ndarray] = []          # table id -> int64[MAX_DOMAIN + 1]
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
        self.add_constraints(scopes, predicate=operator.ne)

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

    def all_arcs(self) -> np.ndarray:
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
            tid = self._table_ids[key] = len(self.tables)
            self.tables.append(row)
        return tid

    def decode(self, domains: np.ndarray) -> dict:
        """The assignment ``{name: value}`` of fully assigned bitset domains."""
        return {self._names[v]: self.values(v)[int(d).bit_length() - 1]
                for v, d in enumerate(domains.tolist())}
