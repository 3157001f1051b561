"""Masyu (Pearl): draw one loop through the centres of the cells so that

- the loop goes between orthogonally adjacent cells, neither crosses nor branches, and is
  one piece; it passes through every pearl;
- at a black pearl it turns, and goes straight on through the next cell on both legs;
- at a white pearl it goes straight through, and turns in the cell before or after it (or both).
"""

from ..families import Loop, Pearls
from ..language import CentreLoop, Genre, Make

masyu = Genre(
    name="masyu", title="Masyu", puzzlink="mashu",
    unknowns=CentreLoop(),
    rules=(
        Loop(centres=True, closing=2),
        Pearls(),
    ),
    make=Make(share=0.6),  # a long loop: more cells with a pearl
)

GENRE = masyu
CLUES = range(1, 3)  # 1 a white pearl, 2 a black pearl
EXAMPLE = """
..1...
.2..1.
......
...2..
.1....
......
"""  # pzprjs's test puzzle: https://puzz.link/p?mashu/6/6/1063000i3000
