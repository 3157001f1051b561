"""The console examples of docs/queens.md give the output the page shows."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puzzlesmith.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "queens.md"


def examples():
    """``(command, expected output lines)`` from the page's console blocks."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *output = chunk.rstrip("\n").split("\n")
            if ">" not in command:
                found.append((command.split()[1:], output))
    return found


@pytest.mark.parametrize(("args", "expected"), examples(),
                         ids=[" ".join(args) for args, _ in examples()])
def test_doc_example(capsys, args, expected):
    with pytest.raises(SystemExit) as done:
        main(args)
    assert (done.value.code or 0) == 0
    out = capsys.readouterr().out.splitlines()
    if "json" in args:
        got, want = json.loads(out[0]), json.loads(expected[0])
        got.pop("seconds"), want.pop("seconds")
        assert got == want
    else:
        assert out == expected
