"""Where work runs: local worker processes, this process, or a Dask cluster.

A task is a dict: ``"index"``, ``"call"`` (``"module:name"``, importable on every worker),
``"args"`` and ``"seconds"`` (its time limit, or None).  A pool yields one outcome a task as
they finish: ``{"index", "value"}``, or ``{"index", "error", "status", "seconds"}`` when the
call raised or its worker died (``error``), or ran ``grace`` seconds past its limit and was
killed (``gave-up``).  :func:`map_calls` is the plain way in; :mod:`puzzlesmith.batch` runs
its items on these pools.
"""

from __future__ import annotations

import importlib
import time
import uuid
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from .cores import default_jobs, usable_jobs
from .engines.kernels import set_process
from .errors import PuzzleError, UsageError

__all__ = ["GRACE", "InlinePool", "LocalPool", "DaskPool", "pool_for", "run_call", "map_calls"]

#: Seconds a worker may run past its task's deadline before it is killed and replaced.
GRACE = 5.0

#: What a worker sends when it begins a task: its deadline counts from then.
STARTED = "started"


def run_call(task: dict) -> dict:
    """Run one task here: ``{"index", "value"}``, or ``{"index", "error", "status"}`` when
    the call raised.  The process running it is long-lived (a worker, a Dask worker or a
    batch): ``kernels="auto"`` runs compiled there (see :mod:`.engines.kernels`)."""
    set_process("long-lived")
    module, _, name = task["call"].partition(":")
    try:
        value = getattr(importlib.import_module(module), name)(*task["args"])
    except Exception as error:  # noqa: BLE001  (reported to the caller, who decides)
        return _failed(task, f"{type(error).__name__}: {error}")
    return {"index": task["index"], "value": value}


def _failed(task: dict, error: str, status: str = "error", seconds: float = 0.0) -> dict:
    return {"index": task["index"], "error": error, "status": status, "seconds": seconds}


class InlinePool:
    """Runs the items one after another in this process (``jobs=0``)."""

    def run(self, tasks: list[dict], until: float | None = None) -> Iterator[dict]:
        for task in tasks:
            if until is not None and time.monotonic() >= until:
                return
            yield run_call(task)

    def close(self) -> None:
        pass


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT held back in this thread for the block: a process started inside inherits the
    mask, so a Ctrl-C while it boots never reaches it (it ignores SIGINT once running), and
    this process gets its Ctrl-C as soon as the block ends."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no masks, and no process groups
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _worker(conn) -> None:  # pragma: no cover  (runs in the worker processes)
    """A worker process: run tasks from ``conn`` until it is closed or sends None."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the batch's to handle
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            return
        if task is None:
            return
        try:
            conn.send(STARTED)  # the item's clock starts now, not while the worker spawned
        except OSError:
            return
        outcome = run_call(task)
        try:
            conn.send(outcome)
        except OSError:  # the batch is gone (killed): nobody is waiting for this
            return


class LocalPool:
    """``jobs`` worker processes (spawned, so nothing of the parent's state is shared; at
    most the usable cores, see :mod:`puzzlesmith.cores`), each given one item at a time.
    A worker is started only when an item waits for it and the run's deadline has not
    passed, so starting them counts against the limit.  A worker still running ``grace``
    seconds after its item's deadline (counted from when the worker began the item, so a
    slow spawn costs nothing) is killed and the item reported as gave-up; a worker that
    dies reports its item as an error.  Either is replaced when the next item needs it."""

    def __init__(self, jobs: int, *, grace: float = GRACE):
        import multiprocessing

        self.jobs = usable_jobs(max(1, int(jobs)))
        self.grace = grace
        self._context = multiprocessing.get_context("spawn")
        self._workers: list = []

    def _start(self):
        parent, child = self._context.Pipe()
        process = self._context.Process(target=_worker, args=(child,), daemon=True,
                                         name="puzzlesmith-batch")
        with _sigint_blocked():  # a Ctrl-C is the batch's, even while a worker boots
            process.start()
        child.close()
        worker = (process, parent)
        self._workers.append(worker)
        return worker

    def _stop(self, worker, *, kill: bool) -> None:
        process, conn = worker
        if kill:
            process.kill()
        else:
            try:
                conn.send(None)
            except OSError:
                process.kill()
        process.join(timeout=5)
        if process.is_alive():
            process.kill()
            process.join(timeout=5)
        conn.close()
        self._workers.remove(worker)

    def _assign(self, pending: list[dict], idle: list, busy: dict,
                until: float | None) -> bool:
        """Hand pending tasks to idle workers, starting workers (up to ``jobs``) as needed;
        False, with nothing more started, once the instant ``until`` has passed."""
        while pending and (idle or len(self._workers) < self.jobs):
            if until is not None and time.monotonic() >= until:
                return False
            worker, task = idle.pop() if idle else self._start(), pending.pop()
            try:
                worker[1].send(task)
            except OSError:  # the worker is gone: try the task again on another
                self._stop(worker, kill=True)
                pending.append(task)
                continue
            busy[worker[1]] = (worker, task, None)
        return True

    def run(self, tasks: list[dict], until: float | None = None) -> Iterator[dict]:
        """Outcomes as tasks finish; stops (leaving the rest undone) at the instant ``until``
        of ``time.monotonic()``."""
        from multiprocessing.connection import wait

        pending = list(reversed(tasks))
        idle: list = []
        busy: dict[Any, tuple] = {}  # conn -> (worker, task, kill_at)
        while pending or busy:
            if not self._assign(pending, idle, busy, until):
                return
            deadlines = [k for _, _, k in busy.values() if k is not None]
            if until is not None:
                if time.monotonic() >= until:
                    return
                deadlines.append(until)
            timeout = None if not deadlines else max(0.0, min(deadlines) - time.monotonic())
            for conn in wait(list(busy), timeout):
                worker, task, _ = busy.pop(conn)
                try:
                    outcome = conn.recv()
                except (EOFError, OSError):
                    code = worker[0].exitcode
                    self._stop(worker, kill=True)
                    yield _failed(task, f"the worker process died (exit code {code})")
                    continue
                if outcome == STARTED:
                    limit = task["seconds"]
                    kill_at = None if limit is None else time.monotonic() + limit + self.grace
                    busy[conn] = (worker, task, kill_at)
                    continue
                idle.append(worker)
                yield outcome
            now = time.monotonic()
            for conn, (worker, task, kill_at) in list(busy.items()):
                if kill_at is not None and now >= kill_at:
                    del busy[conn]
                    self._stop(worker, kill=True)
                    yield _failed(task, f"killed: still running {self.grace:g} s after its "
                                        f"{task['seconds']:g} s limit", "gave-up",
                                  task["seconds"] + self.grace)

    def close(self) -> None:
        """Stop every worker at once: all are killed before any is waited for."""
        for process, _ in self._workers:
            process.kill()
        for worker in list(self._workers):
            self._stop(worker, kill=True)


class DaskPool:
    """Items as tasks on a ``dask.distributed`` cluster: its scheduler's ``address``
    (``tcp://HOST:PORT``) or a ``client`` already connected.  The workers need puzzlesmith
    installed.  Limits are kept by the puzzles themselves (a task is never killed)."""

    def __init__(self, address: str | None = None, *, client=None, timeout: float = 10.0):
        try:
            import distributed
        except ImportError:
            raise UsageError("--scheduler needs dask.distributed: "
                             "pip install 'puzzlesmith[dask]'") from None
        self._distributed = distributed
        self._own = client is None
        if client is None:
            try:
                client = distributed.Client(address, timeout=f"{timeout}s",
                                            set_as_default=False)
            except Exception as error:  # noqa: BLE001  (any failure to connect is a usage error)
                raise UsageError(f"cannot reach the Dask scheduler at {address}: "
                                 f"{str(error).splitlines()[0] if str(error) else error!r}"
                                 ) from None
        self.client = client
        self._futures: dict = {}

    def run(self, tasks: list[dict], until: float | None = None) -> Iterator[dict]:
        token = uuid.uuid4().hex[:12]
        futures = {self.client.submit(run_call, task, key=f"puzzlesmith-{token}-{i}",
                                      pure=False): task for i, task in enumerate(tasks)}
        self._futures = futures
        wait = None if until is None else max(until - time.monotonic(), 0.001)
        try:
            done = self._distributed.as_completed(list(futures), loop=self.client.loop,
                                                  timeout=wait)
        except Exception as error:  # noqa: BLE001
            raise PuzzleError(f"the Dask cluster failed: {error}") from None
        while True:
            try:
                future = next(done)
            except (StopIteration, TimeoutError):  # all done, or the deadline (``until``)
                return
            task = futures.pop(future)
            try:
                outcome = future.result()
            except Exception as error:  # noqa: BLE001  (a lost worker costs only this item)
                outcome = _failed(task, f"the Dask task failed: {type(error).__name__}: {error}")
            future.release()
            yield outcome

    def close(self) -> None:
        if self._futures:  # undone work of a stopped or interrupted run
            self.client.cancel(list(self._futures))
            self._futures = {}
        if self._own:
            self.client.close()


def _daemonic() -> bool:
    import multiprocessing

    return multiprocessing.current_process().daemon


def pool_for(jobs: int | None = None, scheduler: str | None = None, client=None,
             grace: float = GRACE):
    """The pool that runs tasks: a Dask cluster (``scheduler`` or ``client``), this process
    (``jobs=0``, or when this process is itself a worker, which may not start processes),
    or ``jobs`` local worker processes (default: every core)."""
    if scheduler is not None or client is not None:
        return DaskPool(scheduler, client=client)
    if jobs == 0 or _daemonic():
        return InlinePool()
    return LocalPool(jobs or default_jobs(), grace=grace)


def map_calls(function: str, arguments: Iterable[tuple], *, jobs: int | None = None,
              scheduler: str | None = None, client=None,
              until: float | None = None) -> Iterator[tuple[int, Any]]:
    """Call ``function`` (``"module:name"``, importable on every worker) once per tuple of
    ``arguments`` on the pool :func:`pool_for` picks; yield ``(index, value)`` as the calls
    finish, and stop (the rest undone) at the ``time.monotonic()`` instant ``until``.  A
    call that raises or whose worker dies raises :class:`~puzzlesmith.errors.PuzzleError`.
    This is how a puzzle splits one big search into sub-problems (``count queens N -j 2``).

    >>> sorted(map_calls("operator:mul", [(2, 3), (4, 5)], jobs=0))
    [(0, 6), (1, 20)]
    """
    tasks = [{"index": k, "call": function, "args": list(args), "seconds": None}
             for k, args in enumerate(arguments)]
    pool = pool_for(jobs, scheduler, client)
    try:
        for outcome in pool.run(tasks, until):
            if "value" not in outcome:
                raise PuzzleError(f"{function} failed on part {outcome['index']}: "
                                  f"{outcome['error']}")
            yield outcome["index"], outcome["value"]
    finally:
        pool.close()
