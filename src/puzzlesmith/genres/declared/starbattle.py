"""Star Battle: place stars so that

- every row, every column and every region holds the same number of stars;
- no two stars touch, not even diagonally.
"""

# Declared as a test of the language: the hand-written package (puzzles/starbattle) owns the
# name in the registry, so this genre is not in GENRES (tests/genres/test_starbattle_declared.py).

from ..families import CountEach, NoAdjacent
from ..language import Genre, Shading

starbattle = Genre(
    name="starbattle", title="Star Battle", puzzlink="starbattle",
    unknowns=Shading(mark="star"),  # a marked cell holds a star; params["stars"] a unit
    rules=(
        CountEach("stars", units=("row", "column", "region")),
        NoAdjacent(diagonal=True),
    ),
)
