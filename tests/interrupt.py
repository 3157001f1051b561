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


#: Environment of a child whose progress lines (on stderr, every 0.05 s once its verb runs)
#: tell :func:`interrupt_when_running` that the work has begun.
PROGRESS_ENV = {"PUZZLESMITH_PROGRESS": "0.05"}


def interrupt_when_running(process: subprocess.Popen, sign: str = "", timeout: float = 120
                           ) -> tuple[str, str]:
    """Press Ctrl-C in ``process`` (started by :func:`popen` with text pipes and
    :data:`PROGRESS_ENV`) once a progress line holding ``sign`` is on stderr: its verb is
    running (and has got that far), however long the start-up took.  Returns the child's
    (stdout, stderr)."""
    seen = []
    for line in iter(process.stderr.readline, ""):
        seen.append(line)
        if line.startswith("... ") and sign in line:
            break
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=timeout)
    return out, "".join(seen) + err
