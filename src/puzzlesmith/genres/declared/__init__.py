"""The declared genres: each reads like its rules card.

Each module declares ``GENRE`` (its :class:`~puzzlesmith.genres.language.Genre`), ``CLUES``
(the numbers a clue may hold) and ``EXAMPLE`` (a small puzzle as a text grid); registered in
:data:`puzzlesmith.puzzles.BUILTIN`, a module like this is a puzzle with every verb
(see :mod:`puzzlesmith.puzzles.declared`).
"""

from .hitori import hitori
from .lightup import lightup
from .nurikabe import nurikabe
from .slitherlink import slitherlink

GENRES = {genre.name: genre for genre in (lightup, hitori, nurikabe, slitherlink)}

__all__ = ["GENRES", "lightup", "hitori", "nurikabe", "slitherlink"]
