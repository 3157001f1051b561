"""The declared genres: each reads like its rules card."""

from .hitori import hitori
from .lightup import lightup
from .nurikabe import nurikabe
from .slitherlink import slitherlink
from .starbattle import starbattle

GENRES = {genre.name: genre for genre in (lightup, hitori, nurikabe, slitherlink)}
"""The genres that are puzzles of their own (Star Battle's name belongs to its package)."""

__all__ = ["GENRES", "lightup", "hitori", "nurikabe", "slitherlink", "starbattle"]
