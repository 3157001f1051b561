"""Slitherlink (Loopy): draw one loop along the grid lines so that

- the loop neither crosses nor branches, and is one piece;
- a number counts the loop's edges around its cell.
"""

from ..families import Loop, LoopCount
from ..language import Genre, LoopEdges, Make
from ..select import numbered_cells

slitherlink = Genre(
    name="slitherlink", title="Slitherlink", puzzlink="slither",
    unknowns=LoopEdges(),
    rules=(
        Loop(),
        LoopCount(numbered_cells),
    ),
    make=Make(share=0.6),  # a long loop
)

GENRE = slitherlink
CLUES = range(5)  # the loop edges a cell may have around it
EXAMPLE = """
..2.321
.3.2.2.
.1.....
.33.3..
.021..3
3......
.1.3..3
"""  # Tatham's Loopy 7x7t0:b2a321a3a2a2b1f33a3c021b33g1a3b3
