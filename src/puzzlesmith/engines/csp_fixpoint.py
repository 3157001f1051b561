"""Propagation in the CSP engine: the model as integer arrays, arc consistency and the
custom propagators to a common fixpoint (:func:`propagate`), and the two ways a search step
is made and undone (:class:`KernelSteps`, :class:`CopySteps`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from ..errors import LimitReached, UsageError
from ..results import Limits
from .csp_model import CSP, MAX_DOMAIN, Propagator
from .kernels import check_kernels, ensure_warm, switch_at


def _kernel_set(compiled: bool):
    """The kernels, interpreted (the module) or compiled (numba loads only then)."""
    from . import csp_kernels

    return csp_kernels.compiled() if compiled else csp_kernels


def model_size(csp: CSP, model: Compiled) -> int:
    """The size by which "auto" decides to start compiled (see :mod:`.kernels`)."""
    return int(model.arc_src.size) + sum(int(getattr(p, "size", 0)) for p in csp.propagators)


@dataclass
class Compiled:
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
    def of(cls, csp: CSP) -> Compiled:
        """The arrays of ``csp``'s variables and arcs."""
        arcs = csp.all_arcs()
        src, dst, tab = (np.ascontiguousarray(arcs[:, k]) for k in range(3))
        sup = (np.concatenate(csp.tables) if csp.tables
               else np.zeros(MAX_DOMAIN + 1, dtype=np.int64))
        degree = np.ones(csp.size, dtype=np.float64)
        np.add.at(degree, src, 1.0)
        return cls._of_arcs(csp.initial_domains(), src, dst, tab, sup, degree)

    @classmethod
    def _of_arcs(cls, initial: np.ndarray, src: np.ndarray, dst: np.ndarray,
                 tab: np.ndarray, sup: np.ndarray, degree: np.ndarray) -> Compiled:
        n = initial.shape[0]
        in_ptr = np.zeros(n + 1, dtype=np.int64)
        np.add.at(in_ptr, dst + 1, 1)
        return cls(initial, np.cumsum(in_ptr), np.argsort(dst, kind="stable"), src, dst, tab,
                   sup, degree)

    def parts(self, dom: np.ndarray, label: np.ndarray, parts: int
              ) -> Iterator[tuple[np.ndarray, Compiled]]:
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
            yield variables, Compiled._of_arcs(
                dom[variables], where[self.arc_src[arcs]], where[self.arc_dst[arcs]],
                self.arc_tab[arcs], self.sup, self.degree[variables])


class Expired(Exception):
    """The deadline passed between two rounds of propagation."""


#: The trail arguments of :func:`~puzzlesmith.engines.csp_kernels.ac3` when nothing is logged.
_NO_TRAIL = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(1, np.int64))


class Fixpoint:
    """Arc consistency and the custom propagators, to a common fixpoint; keeps the dom/wdeg
    weights that failures raise.  Between rounds it raises :class:`Expired` once
    ``deadline`` (a ``time.monotonic()`` instant) has passed."""

    def __init__(self, csp: CSP, model: Compiled, deadline: float | None = None,
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
                raise Expired
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


class CopySteps:
    """How a search step is made and undone on a model with custom propagators: the step
    runs the whole fixpoint with every change logged as it happens (:class:`_Log`; a
    propagator that reports what it narrowed, see :class:`Propagator`, costs no copy of the
    domains), then the changed entries (indices, old values) go on a trail of blocks.
    ``mark``/``undo``/``forget``/``nbytes`` are as in :class:`KernelSteps`."""

    def __init__(self, fix: Fixpoint, dom: np.ndarray):
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


class KernelSteps(_Log):
    """How a search step is made and undone on a purely binary model: each step (the
    decision or refutation and its arc consistency) is one kernel call that logs every
    change on its trail (a :class:`_Log`), so a node costs what it changes, not the size
    of the model.  ``mark()`` is the trail's length, ``undo`` restores the domains above a
    mark, ``forget`` drops the trail (changes at the root are for good), ``nbytes`` is its
    size."""

    def __init__(self, fix: Fixpoint, dom: np.ndarray):
        super().__init__(dom)
        self.fix = fix

    def mark(self) -> int:
        return int(self.tpos[0])

    def undo(self, dom: np.ndarray, mark: int) -> None:
        self.fix.kernels.undo(dom, self.tvar, self.told, self.tpos, mark)

    def step(self, dom: np.ndarray, x: int, bit: int, decide: bool) -> bool:
        """As :meth:`CopySteps.step`, in one kernel call."""
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
    model = Compiled.of(csp)
    dom = (model.initial if domains is None else np.asarray(domains, dtype=np.int64)).copy()
    if dom.shape != model.initial.shape:
        raise UsageError(f"expected {csp.size} domains, got {dom.shape[0]}")
    fix = Fixpoint(csp, model, (limits or Limits()).deadline(),
                   compiled=switch_at("csp", kernels, model_size(csp, model)) == 0)
    try:
        if not (dom.all() and fix(dom, np.arange(dom.shape[0], dtype=np.int64), custom)):
            return None
    except Expired:
        raise LimitReached("time limit reached while propagating") from None
    return dom
