"""Fillomino (Filling): write a number in every cell so that

- each piece of side-by-side equal numbers has exactly that many cells;
- the given numbers stay.

A piece without a given number holds at most 9 cells (or the largest given number).
"""

from ..families import GivenNumbers, Polyominoes
from ..language import Genre, Make, Numbers

fillomino = Genre(
    name="fillomino", title="Fillomino", puzzlink="fillomino",
    unknowns=Numbers(1, 9, upto_clues=True),
    rules=(Polyominoes(), GivenNumbers()),
    make=Make(layout="polyominoes"),  # a random partition, then numbers removed
)

GENRE = fillomino
CLUES = range(1, 10_001)  # the sizes a piece may have
EXAMPLE = """
..4...
.53.2.
....52
33....
.2.14.
...3..
"""  # pzprjs's test puzzle: fillomino/6/6/h4j53g2k5233k2g14j3h
