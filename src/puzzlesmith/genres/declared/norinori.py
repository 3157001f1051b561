"""Norinori: shade cells so that

- every region holds exactly two shaded cells;
- every shaded cell has exactly one shaded neighbour: the shaded cells are dominoes.
"""

from ..families import Dominoes, FixedCount
from ..language import Genre, Make, Shading
from ..select import two_per_region

norinori = Genre(
    name="norinori", title="Norinori", puzzlink="norinori",
    unknowns=Shading(),
    rules=(
        FixedCount(two_per_region),
        Dominoes(),
    ),
    make=Make(layout="regions", around="pieces", clues="all", share=0.6),  # around dominoes
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
