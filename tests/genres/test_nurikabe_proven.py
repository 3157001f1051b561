"""Nurikabe puzzles up to 20x20 proven unique by a second method (puzzlekit's CP-SAT model,
see tests/data/genres/make_nurikabe.py): our solver finds each unique, with the same answer,
and the answer passes the check."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesmith.genres.declared import nurikabe
from puzzlesmith.genres.solve import solve

FOLDER = Path(__file__).resolve().parents[1] / "data" / "genres" / "nurikabe"
SIZES = ("5x5", "7x7", "10x10", "12x12", "15x15", "20x20")


def puzzles(path: Path) -> list[tuple[str, frozenset]]:
    """Each puzzle of ``path``: its text grid and its proven answer (the shaded cells)."""
    found = []
    for block in path.read_text().strip().split("\n\n"):
        lines = block.splitlines()
        grid = "\n".join(line for line in lines if not line.startswith("; "))
        answer = lines[lines.index("; answer") + 1:]
        shaded = frozenset((r, c) for r, line in enumerate(answer)
                           for c, ch in enumerate(line.removeprefix("; ")) if ch == "#")
        found.append((grid, shaded))
    return found


@pytest.mark.parametrize("size", SIZES)
def test_proven_puzzles_are_unique_with_the_proven_answer(size):
    found = puzzles(FOLDER / f"{size}.txt")
    assert len(found) >= 3
    for text, answer in found:
        g = nurikabe.read(text)
        assert (g.rows, g.cols) == tuple(map(int, size.split("x")))
        result = solve(nurikabe, g, unique=True)
        assert result.unique is True, text
        assert result.solution == answer, text
        assert nurikabe.check(g, result.solution).ok, text
