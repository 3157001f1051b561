"""Star Battle drawings: the framed text board and SVG, on the shared grid helpers.

>>> from puzzlesmith.puzzles.starbattle.board import StarBattle
>>> puzzle = StarBattle(("ab", "bb"), (1, 1), (1, 1), {"a": 1, "b": 1})
>>> print(framed(puzzle, [(0, 0), (1, 1)]))
+---+---+
| * |   |
+---+   +
|     * |
+---+---+
>>> svg(puzzle, [(0, 0)]).count("<polygon")
1
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .svg import grid_svg
from .text import framed_grid

if TYPE_CHECKING:
    from ..puzzles.starbattle.board import Cell, Marks, StarBattle

__all__ = ["framed", "svg"]


def _marks(puzzle: StarBattle, answer: Marks | Iterable[Cell] | None,
           star: str, ruled_out: str) -> list[str] | None:
    """One character per cell: ``star`` on stars, ``ruled_out`` on ruled-out marks."""
    if answer is None:
        return None
    from ..puzzles.starbattle.board import solution_rows

    table = str.maketrans({"*": star, "x": ruled_out, ".": " "})
    return [row.translate(table) for row in solution_rows(puzzle, answer)]


def framed(puzzle: StarBattle, answer: Marks | Iterable[Cell] | None = None) -> str:
    """The seed's ``render_board``: ``+---+`` frames, walls between regions, ``*`` stars
    (and ``x`` on cells a player ruled out)."""
    return framed_grid(list(puzzle.grid), _marks(puzzle, answer, "*", "x"))


def svg(puzzle: StarBattle, answer: Marks | Iterable[Cell] | None = None) -> str:
    """An SVG drawing: cells tinted by region, thick walls between regions, stars drawn
    (and a small cross on cells a player ruled out)."""
    return grid_svg(list(puzzle.grid), _marks(puzzle, answer, "*", "×"))
