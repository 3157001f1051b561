"""The command examples of docs/sliding.md run as documented."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from .test_sliding_cli import private_cache, run  # noqa: F401  (fixture)

DOC = Path(__file__).resolve().parents[2] / "docs" / "sliding.md"
PLACEHOLDERS = ("BOARD", "in.dat", "boards.txt")


def examples() -> list[tuple[str, list[str]]]:
    """Each ``$ puzzlesmith ...`` line with the output lines printed below it in the doc."""
    found, lines = [], DOC.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("$ puzzlesmith "):
            output = []
            for follow in lines[i + 1:]:
                if follow.startswith(("$", "```")) or not follow:
                    break
                output.append(follow)
            found.append((line[2:], output))
    return found


@pytest.mark.parametrize("command, output", examples(), ids=lambda x: str(x)[:60])
def test_doc_example(command, output):
    if any(word in command for word in PLACEHOLDERS):
        pytest.skip("a placeholder example")
    args = shlex.split(command)[1:]
    if re.search(r'"(\d+ ){15}\d+"', command):
        args += ["--pdb", "5-5-5"]  # quick tables for the 4x4 examples
    code, out, err = run(args)
    assert code == 0, err
    if output and not output[0].startswith("{"):
        assert out.splitlines()[:len(output)] == output
