"""The declared genres: each reads like its rules card.

Each module declares ``GENRE`` (its :class:`~puzzlesmith.genres.language.Genre`), ``CLUES``
(the numbers a clue may hold) and ``EXAMPLE`` (a small puzzle as a text grid); registered in
:data:`puzzlesmith.puzzles.BUILTIN`, a module like this is a puzzle with every verb
(see :mod:`puzzlesmith.puzzles.declared`).
"""

from ..language import Genre
from .fillomino import fillomino
from .heyawake import heyawake
from .hitori import hitori
from .kurodoko import kurodoko
from .lightup import lightup
from .lits import lits
from .masyu import masyu
from .norinori import norinori
from .nurikabe import nurikabe
from .shikaku import shikaku
from .slant import slant
from .slitherlink import slitherlink
from .starbattle import starbattle

GENRES = {genre.name: genre for genre in (lightup, hitori, nurikabe, slitherlink,
                                          shikaku, fillomino, masyu, slant, kurodoko, norinori,
                                          heyawake, lits)}
"""The genres that are puzzles of their own (Star Battle's name belongs to its package)."""

__all__ = ["GENRES", "declared", "lightup", "hitori", "nurikabe", "slitherlink", "starbattle",
           "shikaku", "fillomino", "masyu", "slant", "kurodoko", "norinori", "heyawake", "lits"]


def declared(key: str) -> Genre:
    """The declared genre of a name or a puzz.link key (``slither`` is Slitherlink)."""
    for genre in GENRES.values():
        if key in (genre.name, genre.puzzlink):
            return genre
    raise KeyError(f"no declared genre {key!r}")
