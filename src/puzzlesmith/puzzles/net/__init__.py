"""Net, the tile-rotation puzzle: turn every tile so that the connectors match up.

The puzzle object is ``puzzlesmith.puzzles.get("net")`` (:mod:`.puzzle`); the package keeps
its parts apart:

* :mod:`.board` -- the board, the rotations, the barriers and the size cap;
* :mod:`.formats` -- the text formats (grid, Tatham game IDs, drawing) and their checks;
* :mod:`.check` -- the independent checker;
* :mod:`.model` -- the constraint program on :mod:`puzzlesmith.engines.csp` (its
  spanning-tree constraint for the connected rule) and the searches on it;
* :mod:`.deduce` -- rating and hints from the deductions alone;
* :mod:`.generate` -- random spanning trees made into puzzles with one solution;
* drawings are in :mod:`.render`.

Nothing here imports numba: the engine's kernels load when a search first runs.
"""

from __future__ import annotations

from .board import DOWN, LEFT, MAX_TILES, RIGHT, UP, Board, rotate, rotations
from .formats import parse
from .generate import STYLES

__all__ = ["Board", "parse", "rotate", "rotations", "STYLES", "MAX_TILES", "UP", "LEFT",
           "DOWN", "RIGHT"]
