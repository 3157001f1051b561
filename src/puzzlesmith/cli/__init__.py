"""Command line: ``puzzlesmith VERB PUZZLE ...``, generated from the puzzle registry.

:mod:`.app` builds the commands from each puzzle object's verbs and options, :mod:`.runners`
turns command-line values into library calls, and :mod:`.contract` keeps the exit codes, the
one JSON object, input caps and atomic output.  This module imports almost nothing, so that
Ctrl-C during start-up is still answered by the contract.
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``puzzlesmith`` script; exits with the contract's code."""
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

    _exit(flush_stdout(code), whole_process=argv is None)


def _exit(code: int, whole_process: bool) -> None:
    """Exit with ``code``.  When the program is the whole process (the script, ``python -m
    puzzlesmith``) and kernels are still compiling in a daemon thread (a run gave up before
    the compilation ended), leave at once rather than wait for, or break in, the compiler
    at interpreter shutdown; a caller that passed ``argv`` gets ``SystemExit`` as usual."""
    kernels = sys.modules.get("puzzlesmith.engines.kernels")
    if whole_process and kernels is not None and kernels.compiling():
        import contextlib
        import os

        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError, ValueError):  # a closed pipe: nothing to add
                stream.flush()
        os._exit(code)
    sys.exit(code)
