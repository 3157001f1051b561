"""The declared genres: each reads like its rules card."""

from .hitori import hitori
from .lightup import lightup
from .nurikabe import nurikabe
from .slitherlink import slitherlink

GENRES = {genre.name: genre for genre in (lightup, hitori, nurikabe, slitherlink)}

__all__ = ["GENRES", "lightup", "hitori", "nurikabe", "slitherlink"]
