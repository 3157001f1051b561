"""Tatham's dead-end rule for Net's connected rule, as a propagator of the CSP engine.

Under the connected rule every tile reaches every other one, so a tile may not take an
orientation whose branches cannot reach them all.  ``out[c, k]`` bounds the tiles reached
by leaving tile ``c`` on side ``k`` (0 up, 1 left, 2 down, 3 right): the neighbour itself,
plus, for its best orientation entered from that side, the bounds of its other sides.  The
bounds start at "every other tile" and only go down, each one a sound bound at every step,
so the work can stop at any time; an orientation of ``c`` whose bounds add up to fewer
than the other tiles is cut.  Two 1-connector tiles facing each other are the simplest
case; on a wrapping board, where no edge anchors anything, the rule is what starts the
deductions (it closes the branches that would end in a pocket).

The kernels are written once and run as plain Python or compiled by numba
(:mod:`puzzlesmith.engines.twins`); the CSP engine says which before it propagates.

>>> from .board import Board
>>> board = Board(((1, 3), (1, 3)), False, True)   # two ends on the left, two corners
>>> dom = board.fitting()          # each end: down or right / up or right (bit m: mask m)
>>> [[m for m in range(16) if d >> m & 1] for d in dom.tolist()]
[[4, 8], [6], [1, 8], [3]]
>>> DeadEnds(board).propagate(dom)  # the ends facing each other would make a pocket of 2
True
>>> [[m for m in range(16) if d >> m & 1] for d in dom.tolist()]
[[8], [6], [8], [3]]
"""

from __future__ import annotations

import types

import numpy as np

from ...engines.kernels import ensure_warm, warm_up
from ...engines.twins import compile_twins
from .board import Board

__all__ = ["DeadEnds", "start", "seed", "relax", "cut", "diff", "compiled"]

#: Updates of the bounds per call, per side of a tile: enough to reach the fixpoint on
#: real boards; stopping early only leaves looser (still sound) bounds.
WORK_PER_SIDE = 64


#: Bitset (over masks 0..15) of the masks with one connector: the ends.
ENDS = sum(1 << m for m in (1, 2, 4, 8))
#: Per side ``k``, the bitset of the masks with a connector on it.
HAS_SIDE = np.array([sum(1 << m for m in range(16) if m >> k & 1) for k in range(4)],
                    dtype=np.int64)


def start(dom, nb, area, out, queue, inq, has):
    """From scratch: every bound at "every other tile" (0 off the board), and queued those
    that can go down, next to an end or to a tile that cannot be entered from that side;
    how many are queued.  ``dom``: the bitset domains (bit ``m`` = mask ``m``); ``nb[c, k]``
    the neighbour of ``c`` on side ``k`` (-1: none); ``area``: the non-empty tiles;
    ``queue``/``inq``: scratch of ``4 * len(dom)``; ``has``: :data:`HAS_SIDE`."""
    count = 0
    for c in range(dom.shape[0]):
        for k in range(4):
            d = nb[c, k]
            inq[4 * c + k] = False
            if d < 0:
                out[c, k] = 0
                continue
            out[c, k] = area - 1
            dd = dom[d]
            if (dd & ~ENDS) == 0 or (dd & has[(k + 2) & 3]) == 0:
                queue[count] = 4 * c + k
                inq[4 * c + k] = True
                count += 1
    return count


def seed(nb, cells, queue, inq):
    """Queued the bounds that read the domains of ``cells`` (the sides facing them);
    how many are queued (``inq`` all False before)."""
    count = 0
    for d in cells:
        for i in range(4):
            c = nb[d, i]
            if c >= 0:
                item = 4 * c + ((i + 2) & 3)
                if not inq[item]:
                    inq[item] = True
                    queue[count] = item
                    count += 1
    return count


def relax(dom, nb, out, queue, inq, waiting, budget, has, touched, mark, spread):
    """Lower the queued bounds (``waiting`` of them at the start of ``queue``) to their
    fixpoint, or until ``budget`` updates are done (the bounds stay sound); the tiles whose
    bounds went down are listed in ``touched`` (``mark``: listed already): how many.  A
    bound lowered to ``spread`` or more is not passed on to the bounds that read it (they
    stay sound, only looser)."""
    size = queue.shape[0]
    head = 0
    tail = waiting % size
    ntouched = 0
    while waiting > 0 and budget > 0:
        budget -= 1
        item = queue[head]
        head += 1
        if head == size:
            head = 0
        waiting -= 1
        inq[item] = False
        c = item >> 2
        k = item & 3
        d = nb[c, k]
        b = (k + 2) & 3
        x = int(dom[d] & has[b]) & 0xFFFF     # the orientations entered from side b
        # (plain ints: the interpreted twin's arithmetic on numpy scalars is 3x slower)
        o0, o1, o2, o3 = int(out[d, 0]), int(out[d, 1]), int(out[d, 2]), int(out[d, 3])
        ob = int(out[d, b])
        best = 0
        m = 0
        while x:
            if x & 1:
                s = 1 + (m & 1) * o0 + ((m >> 1) & 1) * o1 + ((m >> 2) & 1) * o2 \
                    + ((m >> 3) & 1) * o3 - ob
                if s > best:
                    best = s
            x >>= 1
            m += 1
        if best < out[c, k]:
            out[c, k] = best
            if not mark[c]:
                mark[c] = True
                touched[ntouched] = c
                ntouched += 1
            for i in range(4):
                c2 = nb[c, i]
                if i != k and c2 >= 0 and best < spread:
                    item2 = 4 * c2 + ((i + 2) & 3)
                    if not inq[item2]:
                        inq[item2] = True
                        queue[tail] = item2
                        tail += 1
                        if tail == size:
                            tail = 0
                        waiting += 1
    while waiting > 0:                        # out of budget: leave the queue empty
        inq[queue[head]] = False
        head += 1
        if head == size:
            head = 0
        waiting -= 1
    return ntouched


def cut(dom, out, area, touched, ntouched, mark, cvar, cold):
    """Cut from the ``touched`` tiles the orientations whose bounds reach fewer than
    ``area`` tiles (and clear their ``mark``); the tiles changed (listed in ``cvar``, their
    old domains in ``cold``), or -1 when a tile has no orientation left (``dom`` then as it
    was).  (A tile whose bounds did not go down keeps every orientation: each side still
    counts every other tile.)"""
    changed = 0
    for t in range(ntouched):
        c = touched[t]
        mark[c] = False
        d = dom[c]
        new = d
        for m in range(1, 16):
            if (d >> m) & 1:
                s = 1
                for k in range(4):
                    if (m >> k) & 1:
                        s += out[c, k]
                if s < area:
                    new &= ~(1 << m)
        if new != d:
            if new == 0:
                for u in range(t + 1, ntouched):
                    mark[touched[u]] = False
                for u in range(changed):
                    dom[cvar[u]] = cold[u]
                return -1
            dom[c] = new
            cvar[changed] = c
            cold[changed] = d
            changed += 1
    return changed


def diff(dom, last, cells):
    """Bring ``last`` to ``dom`` in place, listing in ``cells`` the tiles that differed:
    how many, or -1 when some domain of ``dom`` is not within ``last`` (wider)."""
    count = 0
    wider = False
    for c in range(dom.shape[0]):
        d = dom[c]
        if d != last[c]:
            if d & ~last[c]:
                wider = True
            last[c] = d
            cells[count] = c
            count += 1
    return -1 if wider else count


#: The kernels compiled by numba, on the first call.
compiled = compile_twins((start, seed, relax, cut, diff), globals())


class DeadEnds:
    """The dead-end rule on the domains of a Net model (a propagator of the CSP engine:
    see :class:`puzzlesmith.engines.csp.Propagator`); ``on`` False makes it do nothing
    (the rating tells the levels apart with it).

    A call on domains narrower than those of its last call (a search going deeper, the
    deductions going on) starts from the last bounds, which stay sound, and only
    re-reads the tiles that changed: the work follows the change, not the board.  Any
    other call starts from scratch."""

    #: The kernels this rule needs warm before a timed search (see engines.kernels).
    warm = "net_dead_ends"
    #: Run only at the fixpoint of arc consistency and the spanning-tree rule (the engine
    #: skips it in a round where the tree rule narrowed a domain): cheaper on uniform-style
    #: boards, where the tree rule does most of the work.
    lazy = True

    def __init__(self, board: Board):
        near = board.neighbours()
        nb = np.stack([near[bit] for bit in (1, 2, 4, 8)], axis=1).astype(np.int64)
        self.nb = np.ascontiguousarray(nb)
        self.area = int(np.count_nonzero(board.flat))
        n = board.size
        self.out = np.zeros((n, 4), dtype=np.int64)
        self.queue = np.zeros(4 * n, dtype=np.int64)
        self.inq = np.zeros(4 * n, dtype=np.bool_)
        self.touched = np.zeros(n, dtype=np.int64)
        self.mark = np.zeros(n, dtype=np.bool_)
        self.culprits = np.full(2, -1, dtype=np.int64)
        self._cvar = np.zeros(n, dtype=np.int64)
        self._cold = np.zeros(n, dtype=np.int64)
        #: After a call that returned True: the tiles it narrowed and their domains before
        #: (see engines.csp.Propagator; a failing call leaves the domains as they were).
        self.narrowed = (self._cvar[:0], self._cold[:0])
        #: The work of one call, for the engine's choice of kernels: interpreted, a call
        #: from scratch costs about as much as 20 arcs per tile (so boards from about
        #: 30x30 start compiled under ``kernels="auto"``).
        self.size = 20 * n
        self.on = True
        #: Lowered bounds at or above it are not passed on (see :func:`relax`); the
        #: default passes every one on (see :meth:`for_search`).
        self.spread = self.area
        self._last = np.zeros(n, dtype=np.int64)     # the domains ``out`` bounds,
        self._valid = False                          # if it does bound them
        self._cells = np.zeros(n, dtype=np.int64)
        self._kernels: object = None
        self.use_compiled(False)

    def for_search(self) -> None:
        """Pass on only the bounds lowered below half the board: those read only bounds
        below it, so they stay exact, and a search stops paying for the small lowerings
        that ripple over the whole board at every node (160x160 uniform boards: the same
        nodes, about 2x faster).  The deductions keep every bound exact."""
        self.spread = self.area // 2

    def use_compiled(self, flag: bool) -> None:
        """Run the kernels compiled (True) or as plain Python (False)."""
        self._kernels = compiled() if flag else _PYTHON

    def bounds(self, domains: np.ndarray) -> np.ndarray:
        """The bounds ``out[c, k]`` of the module docstring on ``domains``, from scratch."""
        self._valid = False
        touched = self._relax(domains[:self.nb.shape[0]])
        self.mark[self.touched[:touched]] = False
        return self.out

    def propagate(self, domains: np.ndarray) -> bool:
        """Cut the orientations the rule refutes from ``domains`` (in place), reported in
        :attr:`narrowed`; False when a tile has none left (``domains`` then as they were)."""
        dom = domains[:self.nb.shape[0]]
        self.narrowed = (self._cvar[:0], self._cold[:0])
        if not self.on or self.area < 2:
            return True
        touched = self._relax(dom)
        changed = self._kernels.cut(dom, self.out, self.area, self.touched, touched,
                                    self.mark, self._cvar, self._cold)
        if changed < 0:
            self._valid = False                       # (not every tile was checked)
            return False
        order = np.argsort(self._cvar[:changed])     # in tile order, as a copy finds them
        self.narrowed = (self._cvar[order], self._cold[order])
        return True

    def _relax(self, dom: np.ndarray) -> int:
        """Bring ``out`` to the bounds of ``dom`` (from the last ones when ``dom`` is
        narrower than the domains they bound); how many tiles' bounds went down."""
        k, n = self._kernels, self.nb.shape[0]
        count = k.diff(dom, self._last, self._cells)  # (``_last`` now ``dom``)
        if self._valid and count >= 0:
            if count == 0:
                return 0                          # (the rule is at its fixpoint there)
            count = k.seed(self.nb, self._cells[:count], self.queue, self.inq)
        else:
            count = k.start(dom, self.nb, self.area, self.out, self.queue, self.inq,
                            HAS_SIDE)
        self._valid = True
        return k.relax(dom, self.nb, self.out, self.queue, self.inq, count,
                       WORK_PER_SIDE * 4 * n, HAS_SIDE, self.touched, self.mark,
                       self.spread)


def _diff_numpy(dom: np.ndarray, last: np.ndarray, cells: np.ndarray) -> int:
    """:func:`diff` in numpy, for the interpreted kernels (one pass over the board)."""
    moved = np.flatnonzero(dom != last)
    new = dom[moved]
    wider = bool(np.any(new & ~last[moved]))
    last[moved] = new
    cells[:moved.size] = moved
    return -1 if wider else int(moved.size)


_PYTHON = types.SimpleNamespace(start=start, seed=seed, relax=relax, cut=cut,
                                diff=_diff_numpy)


@warm_up("net_dead_ends", "Net's dead-end kernels")
def _warm() -> None:
    """Load (or compile) the kernels: run them on a 2x2 board, from scratch and on."""
    ensure_warm("csp")
    board = Board(((1, 3), (1, 3)), False, True)
    rule = DeadEnds(board)
    rule.use_compiled(True)
    dom = board.fitting()
    rule.propagate(dom)
    dom[0] &= ~(1 << 8)
    rule.propagate(dom)
