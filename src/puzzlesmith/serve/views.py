"""Boards as JSON for the front end, and the cells a hint or a check points at.

The API's answers are the puzzles' own JSON objects; the browser also needs the board itself
(regions, tiles, sizes) to draw it, and the cells to highlight for a hint or a violation.
These are read from each puzzle's text formats (``format`` and ``format_answer``), which
are part of its public contract, so nothing here depends on how an instance is stored.
"""

from __future__ import annotations

from typing import Any

from ..puzzles.protocol import Puzzle
from ..results import Check, HintResult

__all__ = ["view", "hint_marks", "violation_marks"]


def view(puzzle: Puzzle, instance: Any) -> dict:
    """The board of ``instance`` as the front end draws it (``kind`` names the drawing)."""
    make = VIEWS.get(puzzle.name)
    if make is None:
        return {"kind": "text", "text": puzzle.format(instance)}
    return make(puzzle, instance)


def hint_marks(puzzle: Puzzle, instance: Any, state: Any, hint: HintResult) -> list | None:
    """The cells a hint is about, as ``[row, column, mark]`` rows (None when unknown)."""
    make = HINT_MARKS.get(puzzle.name)
    return None if make is None or hint.move is None else make(puzzle, instance, state, hint)


def violation_marks(puzzle: Puzzle, instance: Any, answer: Any, check: Check) -> list | None:
    """The cells the violations are about, as ``[row, column]`` rows (None when unknown)."""
    make = VIOLATION_MARKS.get(puzzle.name)
    return None if make is None or check.ok else make(puzzle, instance, answer, check)


VIEWS: dict = {}
HINT_MARKS: dict = {}
VIOLATION_MARKS: dict = {}
