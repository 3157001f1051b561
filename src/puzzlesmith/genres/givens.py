"""What a grid puzzle gives: its size, clue numbers, walls and regions, as plain data.

Every format (puzz.link URLs, Tatham IDs, the text grid) reads into a :class:`Givens` and
writes from one; the rule families read their parameters from it.

>>> g = Givens(2, 3, numbers={(0, 1): 2}, walls=frozenset({(0, 1)}))
>>> g.number(0, 1), g.number(1, 1), g.is_wall(0, 1)
(2, None, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

Cell = tuple[int, int]
ANY = -1
"""A clue whose number is not given ('?' in puzz.link): it counts as a clue of any size."""


@dataclass(frozen=True)
class Givens:
    """A rectangular grid's givens.

    ``numbers`` maps a cell to its clue (``ANY`` for '?'); ``walls`` holds the black cells
    given by the puzzle (Light Up's walls; a numbered wall is in both); ``regions`` gives a
    region number per cell, row by row (Star Battle, Heyawake), or is None; ``params`` holds
    a genre's extra numbers, such as ``{"stars": 2}``; ``points``: the numbers sit on the grid
    points (rows 0..rows, columns 0..cols: Slant), not in the cells.
    """

    rows: int
    cols: int
    numbers: dict[Cell, int] = field(default_factory=dict)
    walls: frozenset[Cell] = frozenset()
    regions: tuple[tuple[int, ...], ...] | None = None
    params: dict[str, Any] = field(default_factory=dict)
    points: bool = False

    def cells(self) -> Iterator[Cell]:
        """Every cell, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c

    def number(self, r: int, c: int) -> int | None:
        """The clue at (r, c), or None."""
        return self.numbers.get((r, c))

    def is_wall(self, r: int, c: int) -> bool:
        """True when (r, c) is a given black cell."""
        return (r, c) in self.walls
