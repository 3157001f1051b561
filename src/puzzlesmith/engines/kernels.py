"""The one kernel policy: which kernels a run uses, and loading the compiled ones.

Engines run their kernels two ways (see :mod:`.twins`): as plain Python, or compiled by
numba.  Every engine and solver takes ``kernels=``:

* ``"python"``: interpreted kernels only (numba is never imported);
* ``"numba"``: compiled kernels from the first node;
* ``"auto"`` (the default): compiled from the first node when the process makes that cheap
  (:func:`starts_compiled`), else decided per run from the model and the node count, never
  from the clock: a model of at least :attr:`Auto.big` starts compiled; otherwise the first
  :attr:`Auto.nodes` nodes of the run are interpreted and the run then moves to the compiled
  kernels, keeping its search state.  The answers and node counts are the same whatever
  kernels ran (sliding tiles' two IDA*s cannot share a state: the compiled one starts again,
  the nodes add up).  A small search in a fresh command thus ends before numba would have
  loaded.

What makes compiled kernels cheap depends on the process, which declares its kind with
:func:`set_process` (see :data:`PROCESSES`): a one-shot command (the CLI's verbs) pays for
loading numba only when its search is long enough; a library process (the default) starts
compiled when the kernels are already loaded in it or sit in numba's on-disk cache; a
long-lived process (``serve``, ``batch`` and its workers, Dask workers) always does.

>>> check_kernels("auto")
'auto'
>>> set_process("one-shot")
>>> switch_at("csp", "auto", size=10), switch_at("csp", "numba"), switch_at("csp", "python")
(256, 0, None)
>>> set_process("long-lived"); switch_at("csp", "auto", size=10)
0
>>> set_process("library")

Compiled kernels are loaded (or compiled, the first time on a machine: seconds) once per
process.  An engine registers a warm-up function with :func:`warm_up` and calls
:func:`ensure_warm` with its run's deadline before it uses them: the warm-up runs in a
daemon thread while the caller waits in short slices, so Ctrl-C is answered and a deadline
that passes first raises :class:`~puzzlesmith.errors.LimitReached` (the compilation goes on
in the background for the next run).  A program that exits while a compilation is still
running should leave with ``os._exit`` (see :func:`compiling`).  When a load takes more than
:data:`NOTICE_SECONDS`, the callback set with :func:`set_notice` (the CLI's stderr) is told
once.  This module imports no numba.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import LimitReached, check_method

__all__ = ["KERNELS", "KERNELS_HELP", "Auto", "AUTO", "PIGEONHOLE_WEIGHT", "check_kernels",
           "switch_at", "kernel_name", "warm_up", "ensure_warm", "warm_all", "compiling",
           "set_notice", "NOTICE_SECONDS", "PROCESSES", "set_process", "process_kind",
           "loaded", "starts_compiled"]

#: The kernel choices every engine and solver accepts.
KERNELS = ("auto", "python", "numba")
#: The help of the puzzles' ``--kernels`` option.
KERNELS_HELP = ("Kernels: auto (plain Python for small searches, numba-compiled beyond; "
                "decided by the model's size and node count, never by time; compiled "
                "throughout in batch and serve), python or numba.")


@dataclass(frozen=True)
class Auto:
    """What ``kernels="auto"`` does for one engine."""

    #: Model size (the engine's measure) from which a run starts compiled (None: never).
    big: int | None
    #: Nodes a run does interpreted before it moves to compiled kernels (None: never moves).
    nodes: int | None


#: Per engine.  Exact cover counts nodes plus probes (a probe costs about a node, and the
#: root's probing of a large model is thousands of them); its size is the model's option-item
#: entries (a 20x20 Star Battle about 3,200: larger models start compiled, as one of their
#: interpreted probes can take milliseconds); a search with the pigeonhole bounds weighs
#: :data:`PIGEONHOLE_WEIGHT` times more (its interpreted nodes take 0.3-1.7 ms on Star
#: Battles: from 14x14 they start compiled, a 10x10 one moves after 64 nodes and probes).
#: The CSP's size is its arcs
#: plus its propagators' sizes.  256 nodes cover the small Star Battles (at most about 60
#: nodes) and Net boards up to 40x40 (at most about 60).  Sliding tiles cannot carry a search
#: over from one IDA* to the other: the Python IDA* runs up to 10,000 nodes (any 8-puzzle
#: with linear conflicts or pattern databases, at most about 8,000; about 0.3 s on 4x4
#: boards), then the compiled one runs from the start.
AUTO = {
    "exactcover": Auto(big=4_000, nodes=256),
    "csp": Auto(big=20_000, nodes=256),
    "sliding": Auto(big=None, nodes=10_000),
}


#: What an exact-cover node with the pigeonhole bounds costs against a plain one (the
#: ``weight`` of :func:`switch_at`): most 10x10 Star Battles end before numba loads, and the
#: larger ones, whose interpreted nodes cost up to 1.7 ms, run compiled from the start.
PIGEONHOLE_WEIGHT = 4


def check_kernels(kernels: str) -> str:
    """``kernels`` if it is one of :data:`KERNELS`, else :class:`UsageError`."""
    check_method(kernels, KERNELS, "kernels")
    return kernels


def switch_at(engine: str, kernels: str, size: int = 0, weight: int = 1) -> int | None:
    """The node count at which a run of ``engine`` over a model of ``size`` moves to the
    compiled kernels: 0 = from the start, None = never.  ``weight``: what one of the run's
    nodes costs against a plain one (the size is multiplied by it, the interpreted budget
    divided)."""
    check_kernels(kernels)
    if kernels != "auto":
        return 0 if kernels == "numba" else None
    rule = AUTO[engine]
    if starts_compiled(engine) or (rule.big is not None and size * weight >= rule.big):
        return 0
    return None if rule.nodes is None else rule.nodes // weight


#: The kinds of process :func:`set_process` declares, and when ``"auto"`` starts a run
#: compiled in each (besides a big model): "one-shot", never (a command that runs once and
#: exits: numba's import and the cache's load, about a second, would outweigh a small
#: search); "library" (the default), when the engine's kernels are loaded in this process or
#: in numba's cache on disk; "long-lived", always (the kernels are loaded, or compiled, once
#: for many runs).
PROCESSES = ("one-shot", "library", "long-lived")
_process = ["library"]


def set_process(kind: str) -> None:
    """Declare this process's kind (one of :data:`PROCESSES`) for ``kernels="auto"``: the
    CLI declares "one-shot" at start, ``serve`` and the workers of a batch "long-lived"."""
    check_method(kind, PROCESSES, "process kind")
    _process[0] = kind


def process_kind() -> str:
    """The kind of this process, as last declared (see :func:`set_process`)."""
    return _process[0]


def loaded(name: str) -> bool:
    """True once the kernels called ``name`` are loaded in this process."""
    load = _LOADS.get(name)
    return load is not None and load.done.is_set() and load.error is None


def _cached(name: str) -> bool:
    """True when numba's on-disk cache holds the kernels called ``name`` (as far as their
    registered probe can tell without importing numba)."""
    probe = _CACHE_PROBES.get(name)
    return probe is not None and probe()


def starts_compiled(engine: str) -> bool:
    """Whether ``"auto"`` runs ``engine``'s kernels compiled from the first node in this
    process, whatever the model (see :data:`PROCESSES`)."""
    kind = _process[0]
    if kind == "library":
        return loaded(engine) or _cached(engine)
    return kind == "long-lived"


def kernel_name(compiled: bool) -> str:
    """The value of ``stats.extra["kernel"]``: the kernels that ran last."""
    return "numba" if compiled else "python"


# --------------------------------------------------------------------------- loading

#: Seconds a load may take before the notice callback is told about it.
NOTICE_SECONDS = 1.0
_SLICE = 0.05  # seconds between two looks at the deadline while waiting for a load


class _Load:
    """One warm-up running (or run) in its daemon thread."""

    def __init__(self, name: str, what: str, run: Callable[[], None]):
        self.name, self.what = name, what
        self.error: BaseException | None = None
        self.done = threading.Event()
        self.started = time.monotonic()
        self.noticed = False
        self.thread = threading.Thread(target=self._run, args=(run,), daemon=True,
                                       name=f"warm-up {name}")

    def _run(self, run: Callable[[], None]) -> None:
        try:
            run()
        except BaseException as error:  # noqa: BLE001  (handed to the waiting caller)
            self.error = error
        finally:
            self.done.set()


_WARM_UPS: dict[str, tuple[str, Callable[[], None]]] = {}
_CACHE_PROBES: dict[str, Callable[[], bool]] = {}
_LOADS: dict[str, _Load] = {}
_LOCK = threading.Lock()
_notice: list[Callable[[str], None] | None] = [None]


def warm_up(name: str, what: str | None = None, cached: Callable[[], bool] | None = None
            ) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register a function that loads (or compiles) the kernels called ``name``; ``what``
    names them for people (default: "the NAME kernels"); ``cached()`` tells whether numba's
    on-disk cache holds them (see :func:`puzzlesmith.engines.twins.compile_twins`)."""

    def register(f: Callable[[], None]) -> Callable[[], None]:
        _WARM_UPS[name] = (what or f"the {name} kernels", f)
        if cached is not None:
            _CACHE_PROBES[name] = cached
        return f

    return register


def ensure_warm(name: str, deadline: float | None = None) -> None:
    """Run ``name``'s warm-up once per process (a no-op once done), waiting for it until
    ``deadline`` (a ``time.monotonic()`` instant): past it, :class:`LimitReached` (the
    warm-up carries on in the background).  An error of the warm-up is raised here."""
    load = _LOADS.get(name)
    if load is None:
        with _LOCK:
            load = _LOADS.get(name)
            if load is None:
                what, run = _WARM_UPS[name]
                load = _LOADS[name] = _Load(name, what, run)
                load.thread.start()
    if threading.current_thread() is load.thread:
        return  # the warm-up itself runs the kernels it is loading
    while not load.done.wait(_SLICE):
        now = time.monotonic()
        if not load.noticed and now - load.started > NOTICE_SECONDS:
            load.noticed = True
            if _notice[0] is not None:
                _notice[0](f"compiling {load.what} (first run only)...")
        if deadline is not None and now >= deadline:
            raise LimitReached(f"time limit reached while compiling {load.what}")
    if load.error is not None:
        raise load.error


def warm_all() -> None:
    """Warm every registered kernel (benchmarks call this before timing)."""
    for name in list(_WARM_UPS):
        ensure_warm(name)


def compiling() -> bool:
    """True while a warm-up thread is still running (a program about to exit should then
    leave with ``os._exit`` after flushing its output)."""
    return any(not load.done.is_set() for load in list(_LOADS.values()))


def set_notice(callback: Callable[[str], None] | None) -> None:
    """Tell ``callback(text)`` when a load takes more than :data:`NOTICE_SECONDS` (once per
    load); None: tell nobody (library code never prints)."""
    _notice[0] = callback
