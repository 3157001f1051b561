"""Hitori (Singles): shade cells so that

- no number appears twice among the white cells of a row or of a column;
- no two shaded cells are side by side;
- the white cells form one piece.
"""

from ..families import AllDifferent, Connected, NoAdjacent
from ..language import Genre, Make, Shading

hitori = Genre(
    name="hitori", title="Hitori",
    unknowns=Shading(),
    rules=(
        AllDifferent(apart=True),  # shaded cells apart: sandwiches and pairs
        NoAdjacent(),
        Connected(shaded=False),
    ),
    make=Make(layout="latin", clues="all", share=0.9),  # a shaded cell repeats a white neighbour
)

GENRE = hitori
CLUES = range(1, 36)  # the numbers a cell may hold (1-9, then a-z in links)
EXAMPLE = """
35235
54123
23252
25312
12332
"""  # Tatham's Singles 5x5:3523554123232522531212332
