"""One builder at a time for the project's own on-disk caches (pattern databases).

:func:`building` holds the lock of one cache file across processes (a ``.lock`` file beside
it, through :mod:`filelock`) and across the threads of this process; :func:`one_thread`
only across threads (for what is kept in memory).  A caller that finds the lock taken waits
for the builder, never past the deadline of its ``limits`` (then
:class:`~puzzlesmith.errors.LimitReached`), and should look for the finished file again
before building it itself.

>>> import pathlib, tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     with building(pathlib.Path(folder) / "table.npy"):
...         "only this process and thread builds table.npy here"
'only this process and thread builds table.npy here'
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import LimitReached
from .results import Limits

__all__ = ["building", "one_thread"]

_THREAD_LOCKS: dict[str, threading.Lock] = {}
_GUARD = threading.Lock()


def _wait(limits: Limits | None) -> float:
    """The longest wait ``limits`` allow, in the form locks take it (-1: no limit)."""
    remaining = limits.remaining() if limits is not None else None
    return -1 if remaining is None else remaining


@contextmanager
def one_thread(key: str, limits: Limits | None = None, what: str = "a cache") -> Iterator[None]:
    """Hold the lock named ``key`` against the other threads of this process."""
    with _GUARD:
        lock = _THREAD_LOCKS.setdefault(key, threading.Lock())
    if not lock.acquire(timeout=_wait(limits)):
        raise LimitReached(f"time limit reached while waiting for another thread building {what}")
    try:
        yield
    finally:
        lock.release()


@contextmanager
def building(path: Path, limits: Limits | None = None, what: str | None = None
             ) -> Iterator[None]:
    """Hold the build lock of the cache file ``path`` against other processes and threads.

    When the lock file cannot be made (a read-only cache folder), only threads are kept
    apart: the result cannot be saved for other processes anyway."""
    what = what or str(path)
    with one_thread(f"file:{path}", limits, what):
        lock = _file_lock(path, limits, what)
        try:
            yield
        finally:
            if lock is not None:
                lock.release()


def _file_lock(path: Path, limits: Limits | None, what: str):
    """The acquired lock file of ``path``, or None when it cannot be made."""
    import filelock

    lock = filelock.FileLock(f"{path}.lock", thread_local=False)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=_wait(limits))
    except filelock.Timeout:
        raise LimitReached("time limit reached while waiting for another process "
                           f"building {what}") from None
    except OSError:
        return None
    return lock
