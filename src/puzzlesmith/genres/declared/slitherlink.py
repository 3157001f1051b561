"""Slitherlink (Loopy): draw one loop along the grid lines so that

- the loop neither crosses nor branches, and is one piece;
- a number counts the loop's edges around its cell.
"""

from ..families import Loop, LoopCount
from ..language import Genre, LoopEdges
from ..select import numbered_cells

slitherlink = Genre(
    name="slitherlink", title="Slitherlink", puzzlink="slither",
    unknowns=LoopEdges(),
    rules=(
        Loop(),
        LoopCount(numbered_cells),
    ),
)
