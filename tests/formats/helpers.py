"""Shared pieces of the format tests: the fixed real IDs and URLs, and the sgt-puzzles
binaries (tests that use them are skipped where Debian's ``sgt-puzzles`` is not installed)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from puzzlesmith.errors import InvalidPuzzle
from tests.cli.conftest import run_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"


def lines(name: str) -> list[str]:
    """The non-empty lines of ``tests/data/formats/NAME`` (comments start with ``#``)."""
    text = (DATA / name).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines()
            if line.strip() and not line.startswith("#")]


def sgt(program: str, *args: str) -> list[str]:
    """The lines printed by ``/usr/games/sgt-PROGRAM ARGS`` (skips the test if absent)."""
    path = shutil.which(f"sgt-{program}") or shutil.which(f"/usr/games/sgt-{program}")
    if path is None:
        pytest.skip(f"sgt-{program} (Debian's sgt-puzzles) is not installed")
    done = subprocess.run([path, *args], capture_output=True, text=True, timeout=60,
                          check=True)
    return done.stdout.split()


def assert_one_line_error(parse, puzzle: str, text: str, words: str) -> None:
    """``parse(text)`` raises InvalidPuzzle with ``words``, and ``solve PUZZLE TEXT`` ends with
    exit 2, nothing on stdout and that one line on stderr."""
    with pytest.raises(InvalidPuzzle, match=re.escape(words)):
        parse(text)
    code, out, err = run_cli(["solve", puzzle, text])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err
