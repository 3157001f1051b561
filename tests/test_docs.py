"""Every command example in README.md and docs/*.md runs and prints what the page shows.

Examples are ``console`` blocks: ``$ puzzlesmith ARGS`` (run from the repository root, so
paths like ``examples/...`` and ``tests/data/...`` work), then the lines it prints.  An
output line ``...`` matches any lines; a trailing ``# exit N`` states a non-zero exit code.
A JSON output is compared key by key, except ``seconds``; ``"..."`` as a value matches any.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from tests.cli.conftest import run_cli

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def examples() -> list[tuple[str, str, list[str], int]]:
    """``(page, command, expected lines, exit code)`` of every console example."""
    found = []
    for page in PAGES:
        for block in re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
                command, *output = chunk.rstrip("\n").split("\n")
                code = 0
                if match := re.search(r"\s+#\s*exit (\d+)\s*$", command):
                    code, command = int(match.group(1)), command[:match.start()]
                found.append((page.name, command.strip(), output, code))
    return found


def matches(expected: list[str], got: list[str]) -> bool:
    """Line-by-line equality where a ``...`` line matches any run of lines."""
    if not expected:
        return not got
    if expected[0].strip() == "...":
        return any(matches(expected[1:], got[k:]) for k in range(len(got) + 1))
    return bool(got) and expected[0].rstrip() == got[0].rstrip() and matches(expected[1:], got[1:])


def same_json(expected, got) -> bool:
    if expected == "...":
        return True
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(
            key == "seconds" or (key in got and same_json(value, got[key]))
            for key, value in expected.items())
    if isinstance(expected, list):
        return (isinstance(got, list) and len(expected) == len(got)
                and all(same_json(e, g) for e, g in zip(expected, got, strict=True)))
    return expected == got


CASES = examples()


def test_the_pages_have_examples():
    assert len(CASES) >= 10


@pytest.mark.parametrize(("page", "command", "output", "code"), CASES,
                         ids=[f"{c[0]}: {c[1][:70]}" for c in CASES])
def test_example(page, command, output, code, monkeypatch):
    args = shlex.split(command)
    assert args[0] == "puzzlesmith", f"{page}: examples run puzzlesmith, not {args[0]}"
    monkeypatch.chdir(ROOT)
    got, out, err = run_cli(args[1:])
    assert got == code, f"{page}: `{command}` exited {got}: {err}"
    if output and output[0].startswith("{"):
        assert same_json(json.loads("\n".join(output)), json.loads(out)), out
    elif output:
        assert matches(output, out.rstrip("\n").split("\n")), out
