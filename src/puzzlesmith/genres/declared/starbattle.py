"""Star Battle: place stars so that

- every row, every column and every region holds the same number of stars (``stars``);
- no two stars touch, not even diagonally.

Declared as a test of the language: the hand-written package
(:mod:`puzzlesmith.puzzles.starbattle`) owns the puzzle's name, so this genre is not in
:data:`GENRES`.
"""

from ..families import CountEach, NoAdjacent
from ..language import Genre, Shading

starbattle = Genre(
    name="starbattle", title="Star Battle", puzzlink="starbattle",
    unknowns=Shading(),  # a marked cell holds a star
    rules=(
        CountEach("stars", units=("row", "column", "region")),
        NoAdjacent(diagonal=True),
    ),
)
