"""The drawing of any declared genre: well-formed SVG with the expected elements, and PNG."""

from __future__ import annotations

import re

import pytest

from puzzlesmith.genres.declared import GENRES, fillomino, hitori, lightup, nurikabe, slitherlink
from puzzlesmith.genres.drawing import svg
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.language import Genre, Numbers, Shading
from puzzlesmith.genres.solve import solve
from puzzlesmith.render import draw, export

#: A small puzzle of each genre (each has a solution).
SMALL = {
    "lightup": "..1..\n.....\n#...2\n.....\n..0..",
    "hitori": "4414\n4231\n3342\n3143",
    "nurikabe": "2...\n....\n...3\n1...",
    "slitherlink": "3.2.\n..1.\n.2..\n.3.3",
}


def drawn(name: str, answer=None) -> str:
    genre = GENRES[name]
    return svg(genre, genre.read(SMALL[name]), answer)


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_genre_draws_well_formed_svg_png_and_pdf(name):
    genre = GENRES[name]
    g = genre.read(SMALL[name])
    solution = solve(genre, g).solution
    assert solution
    for answer in (None, solution):
        picture = svg(genre, g, answer)
        assert draw.parse(picture) is not None
        assert export.to_png(picture)[:8] == export.PNG_MAGIC
    book = draw.titled(picture, genre.title)  # as a book's page or a figure nests it
    assert export.pdf_pages(export.to_pdf(book)) == 1


def test_light_up_walls_numbers_and_bulbs():
    g = lightup.read(SMALL["lightup"])
    answer = solve(lightup, g).solution
    picture = svg(lightup, g, answer)
    assert (draw.count(picture, "wall"), draw.count(picture, "clue"),
            draw.count(picture, "bulb")) == (4, 3, len(answer))
    root = draw.parse(picture)
    clues = [e for e in root.iter() if e.get("class") == "clue"]
    assert {e.get("fill") for e in clues} == {"#fff"}  # white on the walls


def test_shaded_cells_keep_their_numbers_readable():
    g = hitori.read("11\n21")
    picture = svg(hitori, g, frozenset({(0, 0)}))
    assert draw.count(picture, "shaded") == 1 and draw.count(picture, "clue") == 4
    fills = [e.get("fill") for e in draw.parse(picture).iter() if e.get("class") == "clue"]
    assert fills == ["#fff", draw.INK, draw.INK, draw.INK]


def test_nurikabe_clues_and_unknown_clues():
    g = nurikabe.read("2.?\n...")
    picture = svg(nurikabe, g)
    texts = [e.text for e in draw.parse(picture).iter() if e.get("class") == "clue"]
    assert texts == ["2", "?"] and draw.count(picture, "shaded") == 0


def test_a_loop_is_drawn_on_the_grid_points():
    g = slitherlink.read(SMALL["slitherlink"])
    answer = solve(slitherlink, g).solution
    picture = svg(slitherlink, g, answer)
    assert draw.count(picture, "point") == 25 and draw.count(picture, "edge") == len(answer)
    assert draw.count(picture, "clue") == 6 and draw.count(picture, "grid") == 0


def test_regions_stars_and_numbers_come_from_the_declaration_alone():
    g = Givens(2, 2, regions=((0, 0), (1, 1)))
    stars = Genre("toy", "Toy", Shading(mark="star"), ())
    picture = svg(stars, g, frozenset({(0, 0), (1, 1)}))
    assert draw.count(picture, "walls") == 1 and draw.count(picture, "star") == 2
    numbers = Genre("latin", "Latin", Numbers(1, 2), ())
    picture = svg(numbers, g, frozenset({((0, 0), 1), ((1, 1), 2)}))
    assert draw.count(picture, "entry") == 2


def test_a_finished_fillomino_has_borders_between_its_pieces():
    g = fillomino.read("1.\n..")
    rest = {((0, 1), 3), ((1, 0), 3), ((1, 1), 3)}
    picture = svg(fillomino, g, frozenset(rest))
    assert draw.count(picture, "walls") == 1
    assert re.search('class="walls" d="([^"]*)"', picture)[1].count("M") == 2  # around r1c1
    assert draw.count(svg(fillomino, g, frozenset(list(rest)[:2])), "walls") == 0
    bordered = Givens(2, 2, {(0, 0): 1}, params={"borders": frozenset({((0, 0), (0, 1))})})
    assert 'class="given-border" x1="36" y1="0" x2="36" y2="36"' in svg(fillomino, bordered)


def test_an_unknown_mark_is_refused():
    with pytest.raises(ValueError, match="unknown mark"):
        Shading(mark="cross")


class Marks(frozenset):
    """A player's marks as the genre puzzles read them: the marked keys and ``ruled_out``."""

    ruled_out = frozenset({(1, 0), (1, 1)})


def test_a_players_ruled_out_cells_are_dots():
    picture = svg(hitori, hitori.read("11\n21"), Marks({(0, 0)}))
    assert draw.count(picture, "shaded") == 1 and draw.count(picture, "dot") == 2
