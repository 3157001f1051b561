"""Hitori (Singles): shade cells so that

- no number appears twice among the white cells of a row or of a column;
- no two shaded cells are side by side;
- the white cells form one piece.
"""

from ..families import AllDifferent, Connected, NoAdjacent
from ..language import Genre, Shading

hitori = Genre(
    name="hitori", title="Hitori",
    unknowns=Shading(),
    rules=(
        AllDifferent(apart=True),  # shaded cells apart: sandwiches and pairs
        NoAdjacent(),
        Connected(shaded=False),
    ),
)
