"""The one place that decides the parallelism (batch, count, serve, benchmarks).

Work here is CPU-bound, so worker processes beyond the usable cores never go faster: each
only adds its start (a Python with numpy and numba: about a second of a core) and its memory,
and that start counts against ``--timeout``.  A request for more is therefore capped, with
a note, rather than refused: a ``-j 64`` written for a large machine still runs on a small one.

>>> default_jobs() >= 1
True
>>> usable_jobs(10**6) == default_jobs()
True
"""

from __future__ import annotations

import os

__all__ = ["default_jobs", "usable_jobs", "cap_note"]


def default_jobs() -> int:
    """Every core this process may run on: ``os.sched_getaffinity`` where there is one, so
    that pinning (``taskset``, a container's CPU set) is respected; else ``os.cpu_count()``."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def usable_jobs(asked: int) -> int:
    """The worker processes to start for ``asked``: at most :func:`default_jobs`."""
    return min(asked, default_jobs())


def cap_note(asked: int | None, flag: str) -> str | None:
    """The one-line note when ``flag asked`` is above the usable cores, else None."""
    if asked is None or asked <= default_jobs():
        return None
    cores = default_jobs()
    return (f"{flag} {asked} is more than the {cores} usable core{'s' * (cores > 1)}: "
            f"{cores} worker process{'es' * (cores > 1)} used")
