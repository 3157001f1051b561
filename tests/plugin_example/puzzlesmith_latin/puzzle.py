"""The example plugin's puzzle: the template puzzle (Latin squares) under its own name.

A real plugin copies the template's files and edits them; this one imports them, so that the
template and the example cannot drift apart.

>>> PUZZLE.name, PUZZLE.solve(PUZZLE.example()).status.value
('latin-example', 'solved')
"""

from __future__ import annotations

from puzzlesmith.puzzles.template.puzzle import LatinPuzzle


class LatinExample(LatinPuzzle):
    """Latin square completion, installed through the ``puzzlesmith.puzzles`` entry point."""

    name = "latin-example"


PUZZLE = LatinExample()
