"""The template puzzle with a declared genre's web view (a 4x4 Slitherlink board), for the
generic grid's loop board (only the page is tested: the answers are not a Latin square's)."""

from __future__ import annotations

from puzzlesmith.genres.declared import slitherlink
from puzzlesmith.genres.view import web_view
from puzzlesmith.puzzles.template.puzzle import LatinPuzzle


class GenreToy(LatinPuzzle):
    """A Latin square shown as ``genre``'s board of ``grid`` (a text grid of 4x4)."""

    def __init__(self, name, genre, grid):
        self.name, self.genre, self.grid = name, genre, grid

    def web_view(self, instance) -> dict:
        return web_view(self.genre, self.genre.read(self.grid))


PUZZLE = GenreToy("genre-loop", slitherlink, "3.2.\n..1.\n.2..\n.3.3")
