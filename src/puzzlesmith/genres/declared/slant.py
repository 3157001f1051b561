"""Slant (Gokigen Naname): draw a diagonal in every cell so that

- a number at a grid point counts the diagonals touching that point;
- the diagonals make no loop.
"""

from ..families import CornerCount, NoCycle
from ..language import Genre, Make, Shading, Words

slant = Genre(
    name="slant", title="Slant", puzzlink="gokigen", point_clues=True,
    unknowns=Shading(Words("is \\", "is /", "are \\", "are /", "a \\ there", "a / there"),
                     mark="slant"),
    rules=(
        CornerCount(),
        NoCycle(),
    ),
    make=Make(),  # every grid point's number, then removed
)

GENRE = slant
CLUES = range(5)  # the diagonals a grid point may touch
EXAMPLE = """
...0.
.4...
2...2
.....
.1.0.
"""  # pzprjs's test puzzle: https://puzz.link/p?gokigen/4/4/iaegcgcj6a (the grid points)
