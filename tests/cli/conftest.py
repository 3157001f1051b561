"""``run_cli``: run ``puzzlesmith ARGS`` in-process, as the console script would; ``one_line``,
the one line of a message on stderr; and the ``toy`` fixture, which registers the toy puzzle
of :mod:`tests.cli.toy`."""

from __future__ import annotations

import re
import sys
import time

import pytest
from click.testing import CliRunner

from puzzlesmith import puzzles
from puzzlesmith.cli import main


def run_cli(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of one CLI call.  A call that gave up while numba compiled
    leaves the compilation running in a thread, where numba's error colouring (colorama)
    swaps ``sys.stdout`` and ``sys.stderr``: the next call's output would go astray, so the
    compilation is waited for."""
    runner = CliRunner()
    code = 0
    with runner.isolation(input=stdin) as streams:
        try:
            main([str(a) for a in args])
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        out, err = streams[0].getvalue().decode(), streams[1].getvalue().decode()
    kernels = sys.modules.get("puzzlesmith.engines.kernels")
    while kernels is not None and kernels.compiling():
        time.sleep(0.05)
    return code, out, err


#: The notice of a kernel load that takes over a second (on a busy machine, even from the cache).
LOADING = re.compile(r"compiling .* \(first run only\)\.\.\.")


def errors(err: str) -> list[str]:
    """The lines of ``err`` apart from notices of kernel loads, which depend on machine load."""
    return [line for line in err.strip().splitlines() if not LOADING.fullmatch(line)]


def one_line(err: str) -> str:
    lines = errors(err)
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(puzzles.REGISTRY, "toy", "tests.cli.toy")
    return run_cli
