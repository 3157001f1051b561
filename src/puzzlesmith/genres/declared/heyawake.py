"""Heyawake: shade cells so that

- a region's number counts its shaded cells;
- no two shaded cells are side by side;
- the white cells form one piece;
- no run of white cells along a row or column crosses two region borders.
"""

from ..families import Connected, NoAdjacent, RegionCount, RoomRuns
from ..language import Genre, Make, Shading

heyawake = Genre(
    name="heyawake", title="Heyawake", puzzlink="heyawake",
    unknowns=Shading(),
    rules=(
        RegionCount(),
        NoAdjacent(),
        Connected(shaded=False),
        RoomRuns(),
    ),
    make=Make(layout="regions", sizes=(4, 8), share=0.3),  # room counts, then removed
)

GENRE = heyawake
CLUES = range(0, 5_001)  # the shaded cells a region may hold
EXAMPLE = """
22.2.2
......
......
......
......
......

abbccd
abbccd
abbccd
eeeeed
fffggd
fffggh
"""  # pzprjs's test puzzle: https://puzz.link/p?heyawake/6/6/lll155007rs12222j
