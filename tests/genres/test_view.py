"""Any declared genre on the web page's generic grid: the view and the answer in its terms."""

from __future__ import annotations

import pytest

from puzzlesmith.genres.declared import GENRES, hitori, lightup, nurikabe, slitherlink
from puzzlesmith.genres.solve import solve
from puzzlesmith.genres.view import answer_marks, line_mark, web_view
from tests.genres.test_drawing import SMALL


def board(name: str):
    genre = GENRES[name]
    return genre, genre.read(SMALL[name])


@pytest.mark.parametrize("name", sorted(SMALL))
def test_every_view_is_a_grid_with_the_rules_as_help(name):
    genre, g = board(name)
    view = web_view(genre, g)
    assert view["kind"] == "grid" and (view["rows"], view["cols"]) == (g.rows, g.cols)
    assert view["help"].startswith(genre.title.split()[0])  # the declaration's docstring
    assert "Click" in view["help"]
    for r, c, *_ in view["givens"] + view["labels"] + view["fills"]:
        assert 0 <= r < g.rows and 0 <= c < g.cols


def test_light_up_walls_are_black_givens_and_bulbs_are_its_mark():
    genre, g = board("lightup")
    view = web_view(genre, g)
    assert view["marks"] == ["bulb", "dot"]
    assert [0, 2, "1", "#fff"] in view["givens"] and [2, 0, "", "#fff"] in view["givens"]
    assert len(view["fills"]) == 4 and view["labels"] == []
    assert view["answer"] == {"empty": ".", "bulb": "*", "dot": "x", "given": "#"}
    answer = solve(lightup, g).solution
    marks = answer_marks(lightup, g, answer)
    assert len(marks["marks"]) == len(answer) and {m[2] for m in marks["marks"]} == {"bulb"}


def test_hitori_numbers_are_labels_of_playable_cells():
    genre, g = board("hitori")
    view = web_view(genre, g)
    assert view["givens"] == [] and len(view["labels"]) == 16
    assert view["marks"] == ["shade", "dot"] and view["apart"] == {"mark": "shade",
                                                                    "diagonal": False}
    assert answer_marks(hitori, g, frozenset({(1, 2)})) == {"marks": [[1, 2, "shade"]]}


class Marks(frozenset):
    """A player's marks as the genre puzzles read them: the marked keys and ``ruled_out``."""

    ruled_out = frozenset({(0, 0)})


def test_a_players_ruled_out_cells_are_dots():
    genre, g = board("hitori")
    assert answer_marks(genre, g, Marks({(1, 2)})) == {"marks": [[1, 2, "shade"], [0, 0, "dot"]]}


def test_nurikabe_clues_are_labels_and_shading_is_its_mark():
    genre, g = board("nurikabe")
    view = web_view(nurikabe, g)
    assert view["labels"] == [[0, 0, "2"], [2, 3, "3"], [3, 0, "1"]] and "apart" not in view
    assert view["answer"]["shade"] == "#"


def test_a_loop_view_plays_lines_between_grid_points():
    genre, g = board("slitherlink")
    view = web_view(slitherlink, g)
    assert view["marks"] == ["line"] and view["lines"] == [] and view["labels"] == []
    assert [0, 0, "3"] in view["givens"]
    answer = solve(slitherlink, g).solution
    lines = answer_marks(slitherlink, g, answer)["lines"]
    assert len(lines) == len(answer) and all(abs(r1 - r2) + abs(c1 - c2) == 1
                                             for r1, c1, r2, c2 in lines)


def test_a_hint_on_a_loop_names_its_segment_and_a_cell_beside_it():
    _, g = board("slitherlink")
    assert line_mark(g, ((0, 4), (1, 4))) == [0, 3, "line", "0,4,1,4"]
    assert line_mark(g, ((4, 1), (4, 2)), on=False) == [3, 1, "unline", "4,1,4,2"]


def test_light_up_sends_the_lines_a_bulb_lights():
    """The view's lights: the runs of open cells (as cell indices) a bulb on them lights."""
    genre, g = board("lightup")
    lights = web_view(genre, g)["lights"]
    assert lights["mark"] == "bulb"
    covered = sorted({i for line in lights["lines"] for i in line})
    assert covered == sorted(r * g.cols + c for r, c in g.cells() if (r, c) not in g.walls)
    assert "lights" not in web_view(*board("nurikabe"))


def test_a_mistaken_loop_edge_is_cleared():
    g = slitherlink.read("3.")
    assert line_mark(g, ((0, 0), (0, 1)), on=None) == [0, 0, "noline", "0,0,0,1"]
