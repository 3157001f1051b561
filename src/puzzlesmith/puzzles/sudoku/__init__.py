"""Sudoku, as a puzzle package written against :mod:`puzzlesmith.puzzles.protocol` and the
exact-cover engine; the puzzle object is ``puzzlesmith.puzzles.get("sudoku")``
(:mod:`.puzzle`).  Its parts:

* :mod:`.board` -- the instance (side, regions, givens, box shape, diagonals), its units,
  the grid and one-line text formats;
* :mod:`.formats` -- every format read and written (Tatham's Solo game IDs, puzz.link);
* :mod:`.check` -- the independent checker;
* :mod:`.model` -- the exact-cover encoding; :mod:`.solve` -- solving and counting on it;
* :mod:`.deduce` -- the deductions: rating, explanations and hints;
* :mod:`.render` -- the SVG drawing.

Variants: any box shape (``--box RxC``), jigsaw (irregular regions), X (both diagonals),
and jigsaw with X.  Nothing here imports numba: the engine's kernels load when a search runs.
"""

from .board import MAX_SIDE, SYMBOLS, VARIANTS, Sudoku
from .check import violations
from .formats import format, format_answer, parse, parse_all

__all__ = ["Sudoku", "MAX_SIDE", "SYMBOLS", "VARIANTS", "parse", "parse_all", "format",
           "format_answer", "violations"]
