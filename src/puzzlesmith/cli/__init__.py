"""Command line: ``puzzlesmith VERB PUZZLE ...``, generated from the puzzle registry.

:mod:`.app` builds the commands from each puzzle object's verbs and options, :mod:`.runners`
turns command-line values into library calls, and :mod:`.contract` keeps the exit codes, the
one JSON object, input caps and atomic output.  This module imports almost nothing, so that
Ctrl-C during start-up is still answered by the contract.
"""

from __future__ import annotations

import sys
import time
from typing import NoReturn

__all__ = ["main", "leave"]

#: When the running command began (``time.monotonic()``): the process's start when :func:`main`
#: is the whole process, else the call of :func:`main`.  ``--timeout`` counts from here, so
#: the limit covers starting Python and loading the program too.  None outside :func:`main`.
began: float | None = None
#: True while :func:`main` runs as the whole process (the script, ``python -m puzzlesmith``).
whole_process = False


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``puzzlesmith`` script; exits with the contract's code."""
    global began, whole_process
    whole_process = argv is None
    began = time.monotonic() - ((_process_age() or 0.0) if whole_process else 0.0)
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        from .app import run

        code = run(args)
    except KeyboardInterrupt:
        from ..results import Status
        from ..verbs import Failure
        from .contract import emit_failure

        code = emit_failure(args, None, Failure(Status.GAVE_UP, "interrupted"))
    except OSError as error:  # a write click makes itself (--help, --version) failed
        from .contract import stdout_failed

        code = stdout_failed(error)
    from .contract import flush_stdout

    _exit(flush_stdout(code))


def _process_age() -> float | None:
    """Seconds since this process started (Linux: ``/proc/self/stat`` against the boot
    clock, to 1/100 s), or None elsewhere."""
    import os

    try:
        with open("/proc/self/stat", encoding="ascii") as stream:
            fields = stream.read().rpartition(")")[2].split()
        started = int(fields[19]) / os.sysconf("SC_CLK_TCK")
        return max(time.clock_gettime(time.CLOCK_BOOTTIME) - started, 0.0)
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def leave(code: int) -> NoReturn:
    """End a command whose output is written with ``code``.  As the whole process, leave at
    once after the checked flush of stdout: freeing an answer of millions of rows would
    take longer than the limit allows; a caller that passed ``argv`` gets ``SystemExit``."""
    if whole_process:
        from .contract import flush_stdout

        _now(flush_stdout(code))
    sys.exit(code)


def _exit(code: int) -> NoReturn:
    """Exit with ``code``.  When the program is the whole process (the script, ``python -m
    puzzlesmith``) and kernels are still compiling in a daemon thread (a run gave up before
    the compilation ended), leave at once rather than wait for, or break in, the compiler
    at interpreter shutdown; a caller that passed ``argv`` gets ``SystemExit`` as usual."""
    kernels = sys.modules.get("puzzlesmith.engines.kernels")
    if whole_process and kernels is not None and kernels.compiling():
        _now(code)
    sys.exit(code)


def _now(code: int) -> NoReturn:
    """Flush what is left and end the process with ``code``, skipping interpreter shutdown."""
    import contextlib
    import os

    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing to add
            stream.flush()
    os._exit(code)
