"""The shared layers name no puzzle: everything about a puzzle is reached through its object.

A new puzzle then touches nothing outside its package but its registration line.  The search
is for every registered puzzle's name and label, as whole words, case-insensitive, in the
shared layers' source (code, docstrings and comments alike).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlesmith.puzzles import get, names

SRC = Path(__file__).resolve().parents[1] / "src" / "puzzlesmith"
#: The layers every puzzle goes through.
SHARED = ["serve/*.py", "serve/static/app.js", "serve/static/index.html", "store.py",
          "render/draw.py", "book.py", "batch.py", "cli/*.py"]
#: Lines allowed to name a puzzle, as (file, text in the line): none today.
EXCEPTED: list[tuple[str, str]] = []


def _words() -> list[str]:
    found = set()
    for name in names():
        puzzle = get(name)
        found.update({name, puzzle.label})
    return sorted(found)


FILES = sorted({path for pattern in SHARED for path in SRC.glob(pattern)})
PATTERN = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, _words())) + r")(?![\w-])",
                     re.IGNORECASE)


def test_the_search_covers_the_layers():
    assert len(FILES) >= 10
    assert PATTERN.search("a Star Battle page") and PATTERN.search("get('sudoku')")


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_puzzle_is_named(path: Path):
    named = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        match = PATTERN.search(line)
        relative = str(path.relative_to(SRC))
        if match and not any(relative == f and text in line for f, text in EXCEPTED):
            named.append(f"{relative}:{number}: {match[0]!r} in {line.strip()[:80]!r}")
    assert not named, "\n".join(named)
