"""The one place that decides the default parallelism (batch, count, serve, benchmarks).

>>> default_jobs() >= 1
True
"""

from __future__ import annotations

import os

__all__ = ["default_jobs"]


def default_jobs() -> int:
    """Every core this process may run on: ``os.sched_getaffinity`` where there is one, so
    that pinning (``taskset``, a container's CPU set) is respected; else ``os.cpu_count()``."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1
