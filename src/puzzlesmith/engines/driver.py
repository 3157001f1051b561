"""The one driver of compiled kernels: chunks, limits, progress, and the warm-up registry.

Every compiled search runs in bounded chunks: the kernel does at most ``budget()`` nodes (or
work units), returns to Python, and :meth:`ChunkDriver.after` records the statistics, calls
the progress callback with one :class:`~puzzlesmith.results.Stats`, resizes the next chunk to
last about :data:`CHUNK_SECONDS`, and says whether a node or time limit was reached.  Ctrl-C
arrives as ``KeyboardInterrupt`` between chunks, in Python, where it can be handled.

>>> from puzzlesmith.results import Limits
>>> driver = ChunkDriver(Limits(nodes=100))
>>> driver.budget(), driver.after(60), driver.budget(), driver.after(100)
(64, False, 100, True)

Loading compiled kernels (the warm-up registry) belongs to the kernel policy, in
:mod:`.kernels`.  This module imports no numba; kernel modules do, and are imported only when
first needed.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from ..results import Limits, Stats

__all__ = ["ChunkDriver", "CHUNK_SECONDS"]

CHUNK_SECONDS = 0.05  # aim of each kernel call's length, so limits and Ctrl-C act promptly
FIRST_CHUNK = 64
MAX_CHUNK = 1 << 40  # a chunk's node count always fits a kernel's int64


class ChunkDriver:
    """Sizes kernel chunks and enforces ``limits`` between them; owns the run's ``stats``."""

    def __init__(self, limits: Limits | None = None,
                 progress: Callable[[Stats], None] | None = None, stats: Stats | None = None,
                 first_chunk: int = FIRST_CHUNK):
        self.limits = limits or Limits()
        self.progress = progress
        self.stats = stats if stats is not None else Stats()
        self.deadline = self.limits.deadline()
        self.chunk = first_chunk
        self.start = time.monotonic()
        self._began = self.start
        self.stopped_by: str | None = None  # "nodes" or "time" once a limit is reached

    def budget(self) -> int:
        """The total node count at which the next kernel call must pause."""
        self._began = time.monotonic()
        stop = self.stats.nodes + self.chunk
        if self.limits.nodes is not None:
            stop = min(stop, self.limits.nodes)
        return stop

    def after(self, nodes: int, *, paused: bool = True) -> bool:
        """Record a finished chunk (``nodes`` is the run's total so far); True if a limit
        was reached.  ``paused=False`` means the kernel finished its work in this chunk."""
        now = time.monotonic()
        self.stats.nodes = int(nodes)
        self.stats.seconds = now - self.start
        if paused:
            took = max(now - self._began, 1e-6)
            grown = min(self.chunk * 4, int(self.chunk * CHUNK_SECONDS / took), MAX_CHUNK)
            self.chunk = max(1, grown)
        if self.progress is not None:
            self.progress(self.stats)
        if not paused:
            return False
        if self.limits.nodes is not None and self.stats.nodes >= self.limits.nodes:
            self.stopped_by = "nodes"
        elif self.deadline is not None and time.monotonic() >= self.deadline:
            self.stopped_by = "time"
        return self.stopped_by is not None

    def out_of_time(self) -> bool:
        """True once the deadline has passed (for Python loops between kernel calls)."""
        if self.deadline is not None and time.monotonic() >= self.deadline:
            self.stopped_by = "time"
            return True
        return False
