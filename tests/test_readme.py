"""The README's Python examples run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def test_readme_python_blocks_run():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.S)
    assert blocks
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(block, "README.md", "exec"), {})
        assert out.getvalue()


def test_readme_starts_with_the_two_setup_commands():
    lines = README.read_text().splitlines()
    commands = lines[lines.index("```bash") + 1:lines.index("```bash") + 3]
    assert commands[0].endswith("puzzlesmith demo")
    assert "pytest" in commands[1]


def test_readme_verb_table_matches_the_registry():
    """The built-in puzzles' rows (plugins, and puzzles registered in tests, have none)."""
    from puzzlesmith.cli.options import VERB_HELP
    from puzzlesmith.puzzles import BUILTIN, get

    text = README.read_text()
    header = next(line for line in text.splitlines() if line.startswith("| | solve"))
    verbs = [v.strip() for v in header.strip("|").split("|")[1:]]
    assert set(verbs) <= set(VERB_HELP)
    for name in BUILTIN:
        row = next(line for line in text.splitlines() if line.startswith(f"| {name} |"))
        marks = [m.strip() for m in row.strip("|").split("|")[1:]]
        shown = {verb for verb, mark in zip(verbs, marks, strict=True) if mark}
        offered = set(get(name).verbs) | {"bench"}
        assert shown == offered & set(verbs), name
