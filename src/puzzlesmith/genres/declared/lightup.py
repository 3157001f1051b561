"""Light Up (Akari): place lights in the white cells.

- A numbered wall has exactly that many lights beside it.
- Every white cell is lit: a light shines along its row and column up to a wall.
- No light shines on another.
"""

from ..families import Count, LineOfSight
from ..language import LIGHTS, Genre, Make, Shading
from ..select import clue_neighbours

lightup = Genre(
    name="lightup", title="Light Up", puzzlink="akari",
    numbered_walls=True,
    unknowns=Shading(LIGHTS, mark="bulb"),  # a marked cell holds a light
    rules=(
        Count(clue_neighbours),
        LineOfSight(),
    ),
    make=Make(layout="walls", density=0.2, symmetry=2, share=0.3),  # Tatham's b20s2
)

GENRE = lightup
CLUES = range(5)  # the numbers a wall may hold
EXAMPLE = """
#...1.#
.......
0......
...2...
......#
.......
#.3...#
"""  # Tatham's 7x7:Bc1aBg0i2iBgBa3cB
