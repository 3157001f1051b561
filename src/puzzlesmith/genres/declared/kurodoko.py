"""Kurodoko (Tatham's Range): shade cells so that

- numbered cells stay white;
- a number counts the white cells it sees along its row and column, itself included, up to
  the first shaded cell or the edge;
- no two shaded cells are side by side;
- the white cells form one piece.
"""

from ..families import Connected, NoAdjacent, SightCount, Unshaded
from ..language import Genre, Make, Shading
from ..select import clue_cells, numbered_cells

kurodoko = Genre(
    name="kurodoko", title="Kurodoko", puzzlink="kurodoko",
    unknowns=Shading(),
    rules=(
        Unshaded(clue_cells),
        SightCount(numbered_cells),
        NoAdjacent(),
        Connected(shaded=False),
    ),
    make=Make(share=0.3),  # every white cell's count, then removed (Tatham's Range)
)

GENRE = kurodoko
CLUES = range(1, 400)  # the cells a number may see (a 200x200 grid at most)
EXAMPLE = """
...7.
5....
..2..
....2
.4...
"""  # pzprjs's test puzzle: https://puzz.link/p?kurodoko/5/5/i7g5l2l2g4i
