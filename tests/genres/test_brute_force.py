"""The complete solver's counts equal a brute force over every answer of tiny random grids,
filtered by the independent check."""

from __future__ import annotations

from itertools import chain, combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.genres.declared import hitori, lightup, nurikabe, slitherlink
from puzzlesmith.genres.grid import grid_edges, open_cells
from puzzlesmith.genres.solve import count


def grids(alphabet: str, rows: int, cols: int) -> st.SearchStrategy[str]:
    """Random text grids of ``rows`` x ``cols`` tokens taken from ``alphabet``."""
    row = st.text(alphabet, min_size=cols, max_size=cols)
    return st.lists(row, min_size=rows, max_size=rows).map("\n".join)


def brute_count(genre, text: str, keys) -> int:
    g = genre.read(text)
    everything = keys(g)
    subsets = chain.from_iterable(combinations(everything, k) for k in range(len(everything) + 1))
    return sum(1 for chosen in subsets if genre.check(g, frozenset(chosen)).ok)


def agrees(genre, text: str, keys) -> None:
    result = count(genre, genre.read(text), keep=True)
    assert result.count == brute_count(genre, text, keys), text
    assert all(genre.check(genre.read(text), answer).ok for answer in result.solutions)


@settings(max_examples=40)
@given(grids("....#01234", 3, 3))
def test_lightup(text):
    agrees(lightup, text, open_cells)


@settings(max_examples=25)
@given(grids("123", 3, 3) | grids("1234", 2, 4))
def test_hitori(text):
    agrees(hitori, text, open_cells)


@settings(max_examples=25)
@given(grids("......1234?", 3, 3) | grids("......123?", 2, 4))
def test_nurikabe(text):
    agrees(nurikabe, text, open_cells)


@settings(max_examples=15)
@given(grids("..0123", 2, 2) | grids("..0123", 1, 3))
def test_slitherlink(text):
    agrees(slitherlink, text, grid_edges)
