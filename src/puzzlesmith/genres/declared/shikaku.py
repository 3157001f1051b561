"""Shikaku (Rect): divide the grid into rectangles so that

- each rectangle holds exactly one number;
- the number is the rectangle's area ('?': any).
"""

from ..families import Rectangles
from ..language import Borders, Genre, Make

shikaku = Genre(
    name="shikaku", title="Shikaku", puzzlink="shikaku",
    unknowns=Borders(),  # the borders between the rectangles
    rules=(Rectangles(),),
    make=Make(layout="rectangles", clues="one"),  # a random partition, a clue in each
)

GENRE = shikaku
CLUES = range(1, 40_001)  # the areas a rectangle may have (up to a 200x200 grid)
EXAMPLE = """
. . . . 3 .
5 6 . . 6 .
. . . . . .
. . . . . .
. 6 . . 2 3
. 5 . . . .
"""  # pzprjs's test puzzle: shikaku/6/6/j3g56h6t6h23g5j
