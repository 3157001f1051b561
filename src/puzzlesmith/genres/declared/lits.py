"""LITS: shade cells so that

- each region holds a tetromino: exactly four shaded cells in one piece;
- two tetrominoes of the same shape (L, I, T or S, turned or mirrored) in different regions
  never touch side by side;
- the shaded cells form one piece, with no 2x2 block of them.
"""

from ..families import Connected, NoBlock, Tetrominoes
from ..language import Genre, Make, Shading

lits = Genre(
    name="lits", title="LITS", puzzlink="lits",
    unknowns=Shading(),
    rules=(
        Tetrominoes(),
        NoBlock(2, 2),
        Connected(shaded=True),
    ),
    make=Make(layout="regions", around="regions", clues="all", sizes=(4, 8)),  # grown around
)

GENRE = lits
CLUES = range(0)  # no numbers: the regions are the givens
EXAMPLE = """
....
....
....
....

aabb
aabc
abbc
cccc
"""  # pzprjs's test puzzle: https://puzz.link/p?lits/4/4/9q02jg
