"""The shared drawing pieces: well-formed SVG with a viewBox, nesting, title lines."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.render import draw


def test_document_is_well_formed_with_a_view_box():
    svg = draw.document(100, 50, [draw.star(10, 10, 8), draw.dot(30, 10, 3),
                                  draw.cross(50, 10, 4), draw.label(70, 20, "a < b & c", 10)])
    root = draw.parse(svg)
    assert root.get("viewBox") == "0 0 100 50"
    assert draw.view_box(svg) == (0, 0, 100, 50)
    assert [draw.count(svg, k) for k in ("star", "dot", "cross")] == [1, 1, 1]
    assert "a &lt; b &amp; c" in svg


def test_region_walls_only_between_regions():
    walls = draw.region_walls(["aab", "abb"], 10)
    # a|b in row 0 after column 1, a|b in row 1 after column 0, and a over b in column 1
    assert walls.count("v10") == 2 and walls.count("h10") == 1


def test_nest_keeps_the_drawing_and_places_it():
    inner = draw.document(20, 10, [draw.dot(5, 5, 2)])
    outer = draw.document(200, 200, [draw.nest(inner, 10, 20, 100, 50)])
    root = draw.parse(outer)
    nested = [e for e in root.iter(f"{{{draw.NS}}}svg") if e is not root]
    assert len(nested) == 1
    assert (nested[0].get("x"), nested[0].get("y"), nested[0].get("width")) == ("10", "20", "100")
    assert nested[0].get("viewBox") == "0 0 20 10"
    assert draw.count(outer, "dot") == 1


def test_view_box_from_width_and_height():
    assert draw.view_box('<svg xmlns="http://www.w3.org/2000/svg" width="30px" height="7"/>') \
        == (0, 0, 30, 7)


def test_titled_puts_a_title_line_above():
    svg = draw.titled(draw.document(300, 100, [draw.star(10, 10, 5)]), "Star Battle 10×10",
                      "rating hard · seed 3")
    _, _, width, height = draw.view_box(svg)
    assert width >= 300 and height > 100
    texts = [e.text for e in draw.parse(svg).iter(f"{{{draw.NS}}}text")]
    assert texts == ["Star Battle 10×10", "rating hard · seed 3"]
    assert draw.count(svg, "star") == 1


@pytest.mark.parametrize("bad", ["", "<svg", "<html/>", "<svg xmlns='http://www.w3.org/2000/svg'/>"])
def test_bad_svg_is_a_clear_error(bad):
    with pytest.raises(UsageError):
        draw.view_box(bad)
