"""Star Battle: the puzzle object (:mod:`.puzzle`, found as ``puzzles.get("starbattle")``)
and its parts: the board and checker (:mod:`.board`), text formats (:mod:`.formats`), the
exact-cover solver (:mod:`.solve`), a generator of unique puzzles (:mod:`.generate`, its
stages in :mod:`.regions`, :mod:`.proof`, :mod:`.easing`) and a rule-based solver that
rates, explains and gives hints (:mod:`.deduce`).

Nothing here imports numba: the exact-cover kernels load when a search first runs.
"""

from .board import MAX_SIDE, Marks, StarBattle
from .check import violations
from .formats import format, format_answer, parse, parse_all, parse_marks
from .puzzle import PUZZLE, StarBattlePuzzle

__all__ = ["PUZZLE", "StarBattlePuzzle", "StarBattle", "Marks", "MAX_SIDE", "parse",
           "parse_all", "parse_marks", "format", "format_answer", "violations"]
