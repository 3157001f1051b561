"""Norinori: shade cells so that

- every region holds exactly two shaded cells;
- every shaded cell has exactly one shaded neighbour: the shaded cells are dominoes.
"""

from ..families import Count, Dominoes
from ..language import Genre, Shading
from ..select import two_per_region

norinori = Genre(
    name="norinori", title="Norinori", puzzlink="norinori",
    unknowns=Shading(),
    rules=(
        Count(two_per_region),
        Dominoes(),
    ),
)

GENRE = norinori
CLUES = range(0)  # no numbers: the regions are the givens
EXAMPLE = """
.....
.....
.....
.....
.....

aabcc
bbbcc
bddcc
ddddd
eeddd
"""  # pzprjs's test puzzle: https://puzz.link/p?norinori/5/5/cag4ocjo
