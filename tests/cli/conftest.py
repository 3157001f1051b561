"""``run_cli``: run ``puzzlesmith ARGS`` in-process, as the console script would; and the
``toy`` fixture, which registers the toy puzzle of :mod:`tests.cli.toy`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from puzzlesmith import puzzles
from puzzlesmith.cli import main


def run_cli(args: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of one CLI call."""
    runner = CliRunner()
    code = 0
    with runner.isolation(input=stdin) as streams:
        try:
            main([str(a) for a in args])
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 1
        out, err = streams[0].getvalue().decode(), streams[1].getvalue().decode()
    return code, out, err


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(puzzles.REGISTRY, "toy", "tests.cli.toy")
    return run_cli
