"""Nurikabe: shade cells so that

- numbered cells stay white;
- each white area holds exactly one number, and has that many cells ('?': any);
- the shaded cells form one piece, with no 2x2 block of them.
"""

from ..families import Areas, Connected, NoBlock, Unshaded
from ..language import Genre, Make, Shading
from ..select import clue_cells

nurikabe = Genre(
    name="nurikabe", title="Nurikabe", puzzlink="nurikabe",
    unknowns=Shading(),
    rules=(
        Unshaded(clue_cells),
        Areas(),
        Connected(shaded=True),
        NoBlock(2, 2),
    ),
    make=Make(clues="all", share=0.85),  # one clue per island, small islands
)

GENRE = nurikabe
CLUES = range(1, 40_001)  # the sizes an area may have (up to a 200x200 grid)
EXAMPLE = """
.....
.3...
....3
1....
....3
"""
