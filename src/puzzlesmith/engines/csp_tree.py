"""A global constraint of the CSP engine: the chosen edges of a graph form a spanning tree.

The graph has nodes ``0..nodes-1`` and edges given as node pairs (parallel edges and
self-loops are allowed).  Each edge is *chosen* when a variable takes one of some values: a
*literal* ``(variable, bits)``, ``bits`` being a bitset over the variable's domain as in
:meth:`CSP.restrict_bits <puzzlesmith.engines.csp.CSP.restrict_bits>`.  The constraint holds
when the chosen edges join every node and close no cycle.  It knows nothing of what the
variables mean (Net's tiles use it for "all tiles form one network without loops").

>>> from puzzlesmith.engines.csp import CSP, count
>>> p = CSP()
>>> edges = [(0, 1), (1, 2), (2, 0)]          # a triangle: 3 spanning trees
>>> xs = p.add_variables(range(3), (False, True))
>>> tree = p.add_spanning_tree(3, edges, [(x, 0b10) for x in xs])
>>> count(p).count
3

Propagation (:mod:`puzzlesmith.engines.csp_tree_kernels`, run interpreted or compiled as
the search that calls it, see :meth:`SpanningTree.use_compiled`), as one pass over the
domains it is given (what it deduces is not fed back into the same call):

* edges certain to be chosen are merged with union-find; one inside a merged piece is a
  cycle (failure) and a possible edge inside one piece is cut;
* the possible edges must still join every node, and each of their *bridges* must be
  chosen.

The work of a call follows what changed since the domains it last read, not the graph: the
constraint keeps those domains, the edge states and the union-find on a trail with one
checkpoint per call, and backs up to the latest checkpoint the new domains are below (the
search backtracked).  Connectivity is certified at each checkpoint (connected, every bridge
chosen); below it, an edge can become a bridge only where a closed edge ``u-v`` leaves ``u``
and ``v`` joined by a single path, so each closed edge is checked by two small searches
around it (a path, then the residual graph of that path), which find those bridges too.  The
first call, and any call whose checks scan more than :data:`LOCAL_SHARE` of the graph, run
Tarjan's bridge pass over the whole graph instead.  Both step from piece to piece of the
union-find, along per-piece lists of the possible edges leaving it (spliced on a union, put
back on undo), so a piece decided long ago costs what its boundary costs, not its size.

An edge may carry a *twin* literal that the rest of the model keeps equivalent to its own
(Net: the connector at either end of a link).  Then the constraint reads the edge as possible
only when both allow it, and narrows both at once, saving propagation rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import UsageError

__all__ = ["SpanningTree", "LOCAL_SHARE"]

#: The local checks of one call give way to a whole bridge pass once they have scanned this
#: share of the graph's adjacency (so a call never costs much more than a whole pass).
LOCAL_SHARE = 0.5


class SpanningTree:
    """The constraint "the chosen edges form a spanning tree" (see the module docstring).

    ``literals[e] = (variable, bits)`` says when edge ``e`` is chosen; ``twins[e]``, if
    given, is a second literal the model keeps equivalent to it.
    """

    #: The kernels this constraint needs warm before a timed search (see engines.driver).
    warm = "csp_tree"

    def __init__(self, nodes: int, edges: Sequence[tuple[int, int]] | np.ndarray,
                 literals: Sequence[tuple[int, int]] | np.ndarray,
                 twins: Sequence[tuple[int, int]] | np.ndarray | None = None):
        e = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        lit = np.asarray(literals, dtype=np.int64).reshape(-1, 2)
        twin = lit if twins is None else np.asarray(twins, dtype=np.int64).reshape(-1, 2)
        if nodes < 0:
            raise UsageError(f"a graph needs 0 or more nodes, got {nodes}")
        if not e.shape[0] == lit.shape[0] == twin.shape[0]:
            raise UsageError(f"{e.shape[0]} edges but {lit.shape[0]} literals and "
                             f"{twin.shape[0]} twins: give one per edge")
        if e.size and (e.min() < 0 or e.max() >= nodes):
            raise UsageError(f"edge ends must be nodes 0..{nodes - 1}")
        self.nodes = k = int(nodes)
        self.variables = n = int(max(lit[:, 0].max(initial=-1), twin[:, 0].max(initial=-1))) + 1
        self.culprits = np.full(2, -1, dtype=np.int64)
        m = e.shape[0]
        #: The work of one call, for the engine's choice of kernels (see engines.kernels).
        self.size = int(m)
        # indices as int32: the whole pass is bound by memory traffic on big boards
        index = np.int32 if max(k, n, 2 * m) < 2**31 else np.int64
        self._edges = tuple(np.ascontiguousarray(x, dtype=dt) for x, dt in (
            (lit[:, 0], index), (twin[:, 0], index), (e[:, 0], index), (e[:, 1], index),
            (lit[:, 1], np.int64), (twin[:, 1], np.int64)))
        self._var_ptr, self._var_edge = _csr(n, np.concatenate([lit[:, 0], twin[:, 0]]),
                                             index, np.tile(np.arange(m), 2))
        self._adj = _csr(k, np.concatenate([e[:, 0], e[:, 1]]), index,
                         np.tile(np.arange(m), 2), np.concatenate([e[:, 1], e[:, 0]]))
        self._max_degree = int(np.diff(self._var_ptr).max(initial=0))
        self._budget = int(LOCAL_SHARE * (k + 2 * m)) + 64
        # what the constraint read last, and how to go back (see csp_tree_kernels)
        self._view = np.full(n, -1, dtype=np.int64)
        eu, ev, _, _, hu, hv = self._edges
        self._state = np.where(hu == -1, 2, np.where((hu != 0) & (hv != 0), 1, 0)).astype(np.int8)
        self._over = np.zeros(m, dtype=np.int8)
        self._parent, self._size, self._nxt = (np.arange(k), np.ones(k, dtype=np.int64),
                                               np.arange(k))
        self._lnext, self._lprev = _boundaries(k, self._adj, self._state, index)
        self._ends = np.ascontiguousarray(
            np.argsort(self._adj[1], kind="stable").reshape(m, 2).T, dtype=index)
        self._meta = np.zeros(8, dtype=np.int64)
        self._meta[2] = 1                                  # the bottom checkpoint
        self._grow(n + 2 * m + k + 1)
        self._lists = np.zeros((4, max(m, k) + 1), dtype=index)
        self._saved = np.zeros((2, max(m, k) + 1), dtype=np.int64)
        self._seen = np.zeros(k, dtype=np.int64)
        self._par = np.zeros(k + 3, dtype=index)
        self._queue = np.zeros(k + 3, dtype=index)
        self._fmark = np.zeros(m, dtype=np.int64)
        self._ftail = np.zeros(m, dtype=index)
        self._tarjan = np.zeros((3, k), dtype=index)
        self._changed = np.zeros(n, dtype=np.int64)
        self._top_out: tuple[np.ndarray, np.ndarray] | None = None
        #: After a call that returned True: the variables it narrowed and their domains
        #: before (see engines.csp.Propagator).
        self.narrowed = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        self._kernels = None
        self.use_compiled(False)

    def use_compiled(self, compiled: bool) -> None:
        """Run the kernels compiled by numba (True) or as plain Python (False); the CSP
        engine calls this with its own mode before it propagates."""
        from . import csp_tree_kernels

        self._kernels = csp_tree_kernels.compiled() if compiled else csp_tree_kernels
        self._compiled = compiled

    def propagate(self, domains: np.ndarray) -> bool:
        """Narrow ``domains`` in place; False if no spanning tree is left (``domains`` then
        as they were)."""
        kernels = self._kernels
        if domains.shape[0] < self.variables:
            raise UsageError("the spanning tree's literals name variables the model lacks")
        self.culprits[:] = -1
        view, meta = self._view, self._meta
        count, outside = self._diff(domains)
        top = self._top_out
        if outside or not (self._exact[meta[2] - 1] or (
                top is not None and not (domains[top[0]] & ~top[1]).any())):
            self._top_out = None
            kernels.rewind(domains, view, self._state, self._parent, self._size, self._nxt,
                           self._lnext, self._lprev, self._tkind, self._ta, self._tb, meta,
                           self._marks, self._exact, outside)
            count, _ = self._diff(domains)
        changed = self._changed[:count]
        self.narrowed = (changed[:0], view[:0])
        if changed.size == 0 and meta[2] > 1:
            return True
        need = changed.size + 6 * min(self.size + self.nodes,
                                      changed.size * self._max_degree)
        if meta[0] + need >= self._tb.shape[0] or meta[2] + 1 >= self._marks.shape[0]:
            self._grow(2 * (meta[0] + need) + 1)
        eu, ev, nu, nv, hu, hv = self._edges
        ok = kernels.tree_step(domains, changed, self.nodes, eu, ev, nu, nv, hu, hv,
                               self._var_ptr, self._var_edge, *self._adj, self._ends, view,
                               self._state, self._over, self._parent, self._size, self._nxt,
                               self._lnext, self._lprev, self._tkind,
                               self._ta, self._tb, meta, self._marks, self._exact,
                               self._lists, self._saved, self._seen, self._par, self._queue,
                               self._fmark, self._ftail, self._tarjan, self.culprits,
                               self._budget)
        if not ok:
            return False
        if meta[3]:                                        # what this call narrowed
            cut = self._lists[2, :meta[3]]
            touched = np.unique(np.concatenate([eu[cut], ev[cut]])).astype(np.int64)
            self._top_out = (touched, domains[touched].copy())
            self.narrowed = (touched, view[touched])
        return True

    def _diff(self, domains: np.ndarray) -> tuple[int, int]:
        """The variables whose domain differs from the view (into ``_changed``): how many,
        and how many are not within it."""
        if self._compiled:                                 # one pass, no temporaries
            return self._kernels.diff(domains, self._view, self._changed)
        dom, view = domains[:self.variables], self._view
        changed = np.flatnonzero(dom != view)
        self._changed[:changed.size] = changed
        return changed.size, int(np.count_nonzero(dom[changed] & ~view[changed]))

    def _grow(self, room: int) -> None:
        """Room for ``room`` trail entries (and as many checkpoints)."""
        old = getattr(self, "_tb", None)
        arrays = []
        for name, dtype in (("_tkind", np.int8), ("_ta", np.int64), ("_tb", np.int64),
                            ("_marks", np.int64), ("_exact", np.bool_)):
            new = np.zeros(room + 1, dtype=dtype)
            if old is not None:
                new[:getattr(self, name).shape[0]] = getattr(self, name)
            arrays.append(new)
        self._tkind, self._ta, self._tb, self._marks, self._exact = arrays
        if old is None:
            self._exact[0] = True

    def nbytes(self) -> int:
        """The memory the constraint holds (for estimates before a search)."""
        return sum(a.nbytes for a in vars(self).values() if isinstance(a, np.ndarray))


def _boundaries(nodes: int, adj: tuple[np.ndarray, ...], state: np.ndarray, dtype: type
                ) -> tuple[np.ndarray, np.ndarray]:
    """The boundary lists of the single-node pieces (see csp_tree_kernels): per node, its
    sentinel ``len(adj_edge) + node`` and its entries whose edge is possible, in a circle."""
    ptr, adj_edge = adj[0], adj[1]
    base = adj_edge.shape[0]
    owner = np.repeat(np.arange(nodes), np.diff(ptr))
    alive = np.flatnonzero(state[adj_edge] != 0)
    items = np.concatenate([base + np.arange(nodes), alive])
    keys = np.concatenate([np.arange(nodes), owner[alive]])
    order = np.argsort(keys, kind="stable")           # each node's sentinel first
    seq, keys = items[order], keys[order]
    first = np.flatnonzero(np.r_[True, keys[1:] != keys[:-1]])
    after = np.roll(seq, -1)
    if seq.size:
        after[np.r_[first[1:], seq.size] - 1] = seq[first]
    lnext = np.arange(base + nodes, dtype=dtype)
    lprev = lnext.copy()
    lnext[seq] = after
    lprev[after] = seq
    return lnext, lprev


def _csr(rows: int, keys: np.ndarray, dtype: type, *columns: np.ndarray
         ) -> tuple[np.ndarray, ...]:
    """Compressed rows: ``ptr`` and, per column, its entries sorted by ``keys``."""
    order = np.argsort(keys, kind="stable")
    ptr = np.zeros(rows + 1, dtype=np.int64)
    np.add.at(ptr, keys + 1, 1)
    return tuple(np.ascontiguousarray(a, dtype=dtype)
                 for a in (np.cumsum(ptr), *(c[order] for c in columns)))

