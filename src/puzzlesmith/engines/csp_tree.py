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

Propagation (one kernel pass per call, :mod:`puzzlesmith.engines.csp_tree_kernels`, run
interpreted or compiled as the search that calls it, see :meth:`SpanningTree.use_compiled`):

* edges certain to be chosen are merged with union-find; one inside a merged piece is a
  cycle (failure) and a possible edge inside one piece is cut;
* the possible edges must still join every node, and each of their *bridges* (Tarjan) must
  be chosen.

The kernel works on a *contracted* graph: pieces already joined are single nodes and decided
edges are dropped.  A contraction made from domains ``D`` holds for every ``D' <= D``
(domains only shrink below a search node), so the constraint keeps a stack of them, pops
those the current domains are not below (the search backtracked above them), and pushes a
new one when fewer than :data:`SHRINK` of the top graph's edges are still open.  The work
per call follows the undecided part of the graph.

An edge may carry a *twin* literal that the rest of the model keeps equivalent to its own
(Net: the connector at either end of a link).  Then the constraint reads the edge as possible
only when both allow it, and narrows both at once, saving propagation rounds.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import UsageError

__all__ = ["SpanningTree", "SHRINK", "LAZY_BRIDGES", "MAX_STACK_BYTES"]

#: Run the bridge pass once this many edges have closed since the last one (1: always).
LAZY_BRIDGES = 1
#: Contract the graph again once fewer than this share of its edges are still open.
SHRINK = 0.9
#: Memory the stack of contracted graphs' snapshots may use (deeper contractions are skipped:
#: they only save time).
MAX_STACK_BYTES = 64 << 20


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
        self.nodes = int(nodes)
        self.variables = int(max(lit[:, 0].max(initial=-1), twin[:, 0].max(initial=-1))) + 1
        self.culprits = np.full(2, -1, dtype=np.int64)
        #: The work of one call, for the engine's choice of kernels (see engines.kernels).
        self.size = int(e.shape[0])
        self.lazy = LAZY_BRIDGES
        self._base = _Graph(lit[:, 0], twin[:, 0], e[:, 0], e[:, 1], lit[:, 1], twin[:, 1],
                            np.ones(self.nodes, dtype=np.int64), None)
        self._stack = [self._base]
        self._kernels = None
        self.use_compiled(False)

    def use_compiled(self, compiled: bool) -> None:
        """Run the kernels compiled by numba (True) or as plain Python (False); the CSP
        engine calls this with its own mode before it propagates."""
        from . import csp_tree_kernels

        self._kernels = csp_tree_kernels.compiled() if compiled else csp_tree_kernels

    def propagate(self, domains: np.ndarray) -> bool:
        """Narrow ``domains`` in place; False if no spanning tree is left."""
        kernels = self._kernels
        if domains.shape[0] < self.variables:
            raise UsageError("the spanning tree's literals name variables the model lacks")
        self.culprits[:] = -1
        stack = self._stack
        while len(stack) > 1 and np.any(domains & ~stack[-1].snapshot):
            stack.pop()
        g = stack[-1]
        if g.last.shape[0] != domains.shape[0]:
            g.last = np.zeros(domains.shape[0], dtype=np.int64)
            g.has_last = False
        opened = kernels.tree_kernel(domains, g.eu, g.ev, g.nu, g.nv, g.hu, g.hv, g.weight,
                                     self.nodes, g.scratch, g.state, g.adj_ptr, g.adj_edge,
                                     g.adj_other, self.culprits, g.last, g.last_state,
                                     g.has_last, self.lazy)
        if opened < 0:
            return False
        g.has_last = True
        if (opened < SHRINK * g.eu.shape[0]
                and (len(stack) + 1) * 2 * domains.nbytes <= MAX_STACK_BYTES):
            stack.append(g.contract(domains, kernels))
        return True

    def nbytes(self) -> int:
        """The memory the constraint's base graph holds (for estimates before a search)."""
        g = self._base
        return sum(a.nbytes for a in (g.eu, g.ev, g.nu, g.nv, g.hu, g.hv, g.scratch, g.state,
                                      g.last_state, g.adj_edge, g.adj_other, g.adj_ptr))


class _Graph:
    """Edge ``e`` joins nodes ``nu[e]``-``nv[e]`` and is chosen iff ``dom[eu[e]] in hu[e]``
    (twin: ``dom[ev[e]] in hv[e]``); ``weight[x]`` original nodes are merged in node ``x``;
    ``snapshot`` is the domains the contraction was made from (None for the base graph)."""

    def __init__(self, eu, ev, nu, nv, hu, hv, weight, snapshot):
        # indices as int32 and states as int8: on big boards the bridge pass is bound by
        # memory traffic (a 320x320 board's graph in int64 ran 3x slower)
        index = np.int32 if max(len(weight), len(eu)) < 2**30 else np.int64
        self.eu, self.ev, self.nu, self.nv = (
            np.ascontiguousarray(x, dtype=index) for x in (eu, ev, nu, nv))
        self.hu, self.hv = (np.ascontiguousarray(x, dtype=np.int64) for x in (hu, hv))
        self.weight = weight
        self.snapshot = snapshot
        k, m = weight.shape[0], self.eu.shape[0]
        self.scratch = np.zeros((6, max(k, 1)), dtype=np.int64 if index is np.int64
                                else np.int32 if weight.sum() < 2**30 else np.int64)
        self.state = np.zeros(m, dtype=np.int8)
        # domains after the last bridge pass (sized on first use)
        self.last = np.zeros(0 if snapshot is None else snapshot.shape[0], dtype=np.int64)
        self.last_state = np.zeros(m, dtype=np.int8)  # edge states after that pass
        self.has_last = False
        ends = np.concatenate([self.nu, self.nv])              # CSR adjacency over nodes
        order = np.argsort(ends, kind="stable")
        self.adj_edge = (order % max(m, 1)).astype(index)
        self.adj_other = np.concatenate([self.nv, self.nu])[order].astype(index)
        ptr = np.zeros(k + 1, dtype=np.int64)
        np.add.at(ptr, ends + 1, 1)
        self.adj_ptr = np.cumsum(ptr).astype(index)

    def contract(self, domains: np.ndarray, kernels) -> _Graph:
        """The graph for domains ``<= domains``: certain edges merged, decided ones dropped
        (``kernels``: the interpreted or compiled kernels)."""
        node, keep = kernels.contraction(domains, self.eu, self.nu, self.nv, self.hu,
                                         self.weight.shape[0])
        k = int(node.max()) + 1 if node.size else 0
        weight = np.zeros(k, dtype=np.int64)
        np.add.at(weight, node, self.weight)
        return _Graph(self.eu[keep], self.ev[keep], node[self.nu[keep]], node[self.nv[keep]],
                      self.hu[keep], self.hv[keep], weight, domains.copy())

