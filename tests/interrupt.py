"""Child processes that Ctrl-C reaches, however the test run itself was started.

A process started with SIGINT ignored (a background job, ``nohup``, many CI runners) passes
that on to its children, and Python then installs no handler of its own: a test's SIGINT
would do nothing.  :func:`popen` starts the child with SIGINT at its default instead.
"""

from __future__ import annotations

import signal
import subprocess


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def popen(args: list[str], **kwargs) -> subprocess.Popen:
    """``subprocess.Popen(args, **kwargs)`` with SIGINT at its default in the child."""
    return subprocess.Popen(args, preexec_fn=_default_sigint, **kwargs)
