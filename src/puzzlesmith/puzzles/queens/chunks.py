"""Running the compiled kernels in chunks: one driving loop.

The kernels live in :mod:`.kernels` (the only module that imports numba); this module is
imported by the others at start-up, so it must not import numba either.  The warm-up of the
queens kernels is registered here, under the name ``"queens"``.
"""

from __future__ import annotations

from collections.abc import Callable

from ...engines.driver import ChunkDriver
from ...engines.kernels import ensure_warm, warm_up
from .codes import PAUSED

__all__ = ["drive", "kernels"]


@warm_up("queens", "the queens kernels")
def _warm() -> None:
    from . import kernels as k

    k.warm()


def kernels(deadline: float | None = None):
    """The kernel module, loaded (or compiled) once per process; waiting for it stops at
    ``deadline`` (:class:`~puzzlesmith.errors.LimitReached`)."""
    ensure_warm("queens", deadline)
    from . import kernels as k

    return k


def drive(driver: ChunkDriver, step: Callable[[int], int], nodes: Callable[[], int]) -> int:
    """Call ``step(stop)`` chunk after chunk until it returns a code other than PAUSED, a
    limit is reached or Ctrl-C arrives (``driver.stopped_by`` is then ``"nodes"``,
    ``"time"`` or ``"interrupt"`` and the result PAUSED).  ``nodes()`` reads the work done."""
    try:
        while True:
            code = step(driver.budget())
            if code != PAUSED:
                driver.after(nodes(), paused=False)
                return code
            if driver.after(nodes()):
                return PAUSED
    except KeyboardInterrupt:
        driver.stopped_by = "interrupt"
        driver.stats.nodes = int(nodes())
        return PAUSED
