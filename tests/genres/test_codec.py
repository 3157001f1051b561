"""puzz.link URLs of the grid genres: pzprjs's own test puzzles, round trips, hostile input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.genres.codec import (
    FORMATS,
    MAX_SIDE,
    decode_url,
    encode_url,
    url_format,
    url_genre,
)
from puzzlesmith.genres.declared import declared
from puzzlesmith.genres.givens import ANY, Givens
from puzzlesmith.genres.pieces import CIRCLES, NUMBER10, Draft

DATA = Path(__file__).parents[1] / "data" / "genres" / "pzprjs"
RECORDS = [(path.stem, record) for path in sorted(DATA.glob("*.json"))
           for record in json.loads(path.read_text())]


def test_every_genre_has_pzprjs_data():
    assert {genre for genre, _ in RECORDS} == set(FORMATS)


@pytest.mark.parametrize(("genre", "record"), RECORDS, ids=[g for g, _ in RECORDS])
def test_pzprjs_url_decodes_and_round_trips(genre, record):
    key, givens = decode_url(record["url"])
    assert key == genre
    assert (givens.rows, givens.cols) == (record["rows"], record["cols"])
    assert encode_url(key, givens) == record["url"]


def _neighbours(givens: Givens, r: int, c: int):
    return [(r + dr, c + dc) for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < givens.rows and 0 <= c + dc < givens.cols]


def area_answer(record) -> frozenset:
    """A pzprjs answer of borders (Shikaku) or of numbers (Fillomino)."""
    if "borders" in record:
        return frozenset(tuple(map(tuple, edge)) for edge in record["borders"])
    return frozenset(((r, c), int(ch)) for r, row in enumerate(record["answer"])
                     for c, ch in enumerate(row))


def _shaded(record) -> set[tuple[int, int]]:
    return {(r, c) for r, row in enumerate(record["answer"]) for c, ch in enumerate(row)
            if ch == "#"}


@pytest.mark.parametrize(("genre", "record"), RECORDS, ids=[g for g, _ in RECORDS])
def test_pzprjs_answer_is_consistent_with_the_givens(genre, record):
    _, givens = decode_url(record["url"])
    if genre in ("shikaku", "fillomino"):  # areas: pzprjs's answer passes our check
        assert declared(genre).check(givens, area_answer(record)).ok
        return
    if genre == "slither":
        degree: dict = {}
        for a, b in record["loop"]:
            for point in (tuple(a), tuple(b)):
                degree[point] = degree.get(point, 0) + 1
        assert set(degree.values()) == {2}
        edges = {frozenset(map(tuple, edge)) for edge in record["loop"]}
        for (r, c), clue in givens.numbers.items():
            sides = [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                     ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]
            assert sum(frozenset(s) in edges for s in sides) == clue
        return
    if genre == "mashu":
        cells = {tuple(p) for edge in record["loop"] for p in edge}
        assert set(givens.numbers) <= cells and set(givens.numbers.values()) == {1, 2}
        return
    if genre == "gokigen":
        assert givens.points and [len(row) for row in record["answer"]] == [givens.cols] * 4
        return
    shaded = _shaded(record)
    if genre == "lightup":
        assert not shaded & givens.walls
        for cell, clue in givens.numbers.items():
            assert len(shaded & set(_neighbours(givens, *cell))) == clue
    elif genre == "nurikabe":
        assert not shaded & set(givens.numbers)
    elif genre == "hitori":
        assert all(not shaded & set(_neighbours(givens, *cell)) for cell in shaded)
    elif genre == "starbattle":
        stars = givens.params["stars"]
        regions = {givens.regions[r][c] for r, c in givens.cells()}
        for unit in [[(r, c) for c in range(givens.cols)] for r in range(givens.rows)] + \
                [[(r, c) for r in range(givens.rows)] for c in range(givens.cols)] + \
                [[cell for cell in givens.cells() if givens.regions[cell[0]][cell[1]] == k]
                 for k in regions]:
            assert len(shaded & set(unit)) == stars


def _random_givens(genre: str, rng: random.Random) -> Givens:
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    chosen = rng.sample(cells, rng.randint(0, len(cells)))
    if genre == "starbattle":
        regions = tuple(tuple(r // 2 * cols + c // 3 for c in range(cols)) for r in range(rows))
        renumber = {k: i for i, k in enumerate(dict.fromkeys(k for row in regions for k in row))}
        regions = tuple(tuple(renumber[k] for k in row) for row in regions)
        return Givens(rows, cols, regions=regions, params={"stars": rng.randint(1, 3)})
    if genre == "mashu":
        return Givens(rows, cols, {cell: rng.randint(1, 2) for cell in chosen})
    if genre == "gokigen":
        points = [(r, c) for r in range(rows + 1) for c in range(cols + 1)]
        chosen = rng.sample(points, rng.randint(0, len(points)))
        return Givens(rows, cols, {p: rng.choice([ANY, rng.randint(0, 4)]) for p in chosen},
                      points=True)
    if genre in ("norinori", "lits", "heyawake"):
        regions = tuple(tuple(r // 2 * 4 + c // 3 for c in range(cols)) for r in range(rows))
        renumber = {k: i for i, k in enumerate(dict.fromkeys(k for row in regions for k in row))}
        regions = tuple(tuple(renumber[k] for k in row) for row in regions)
        tops = {(r, c) for r, c in chosen if r % 2 == 0 and c % 3 == 0}
        numbers = {cell: rng.randint(0, 6) for cell in tops} if genre == "heyawake" else {}
        return Givens(rows, cols, numbers, regions=regions)
    top = {"lightup": 4, "slither": 4, "nurikabe": 5000, "hitori": 1295, "shikaku": 5000,
           "fillomino": 5000, "kurodoko": 300}[genre]
    numbers = {cell: rng.choice([ANY, rng.randint(0, top)]) for cell in chosen}
    if genre == "lightup":
        walls = frozenset(chosen)
        return Givens(rows, cols, {k: v for k, v in numbers.items() if v != ANY}, walls)
    return Givens(rows, cols, numbers)


@pytest.mark.parametrize("genre", sorted(FORMATS))
def test_random_givens_round_trip(genre):
    rng = random.Random(41)
    for _ in range(50):
        givens = _random_givens(genre, rng)
        key, back = decode_url(encode_url(genre, givens))
        assert (key, back) == (genre, givens)


def test_aliases_and_pzprjs_url_forms():
    assert url_format("lightup") is url_format("akari") is url_format("bijutsukan")
    assert url_format("slitherlink") is url_format("slither_edit") is FORMATS["slither"]
    assert decode_url("?akari/2/1/.g") == decode_url("https://puzz.link/p?lightup/2/1/.g/")
    assert decode_url("https://puzz.link/p?type=editor&nurikabe/1/1/5")[1].numbers == {(0, 0): 5}
    _, full = decode_url("https://puzz.link/p?slither/f/3/2/l")
    assert full.params == {"flags": "f"} and not full.numbers
    assert encode_url("slither", full) == "https://puzz.link/p?slither/f/3/2/l"


def test_other_pieces_round_trip():
    givens = Givens(2, 5, {(0, 0): 1, (0, 4): 2, (1, 2): 1})
    text = CIRCLES.encode(givens)
    draft = Draft(2, 5, text)
    CIRCLES.decode(draft)
    assert draft.numbers == givens.numbers and draft.pos == len(text) == 4
    draft = Draft(2, 5, "3c.e")
    NUMBER10.decode(draft)
    assert draft.numbers == {(0, 0): 3, (0, 4): ANY}
    assert NUMBER10.encode(draft.givens()) == "3c.e"


@pytest.mark.parametrize(("url", "words"), [
    ("", "not a puzz.link URL"),
    ("hello", "not a puzz.link URL"),
    ("https://puzz.link/p?sudoku/4/4/g1k23k3g", "unknown puzzle type 'sudoku'"),
    ("https://puzz.link/p?akari", "expected akari/COLS/ROWS/BODY"),
    ("https://puzz.link/p?akari/6/x/nekcakbl", "expected akari/COLS/ROWS/BODY"),
    ("https://puzz.link/p?akari/0/6/nekcakbl", "each side must be 1 to"),
    ("https://puzz.link/p?akari/100000/100000/g", "100000x100000"),
    ("https://puzz.link/p?akari/99999999999/1/g", "expected akari/COLS/ROWS/BODY"),
    ("https://puzz.link/p?akari/6/6/nekca", "the walls end after"),
    ("https://puzz.link/p?akari/6/6/nekcakblzz", "unexpected 'zz' after the grid"),
    ("https://puzz.link/p?akari/6/6/nekcAkbl", "'A' is not a walls character (body character 5)"),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1k3", "the numbers end after 24 of 25 cells"),
    ("https://puzz.link/p?nurikabe/5/5/g-5k2o1k3g", "'-' is not a numbers character"),
    ("https://puzz.link/p?hitori/4/4/111414233321421", "end after 15 of 16 cells"),
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmho", "the borders have 11 characters"),
    ("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhoU", "'U' is not 0-9a-v"),
    ("https://puzz.link/p?starbattle/6/6/4ilbhgdnmhou", "expected the stars count"),
    ("https://puzz.link/p?slither/5/5/cbcbc\u0000ddad", "'\\x00' is not a clues character"),
    ("https://puzz.link/p?slither/5/5/" + "z" * 300_000, "not a puzz.link URL"),
])
def test_hostile_urls_are_refused_with_a_clear_line(url, words):
    with pytest.raises(InvalidPuzzle) as error:
        decode_url(url)
    message = str(error.value)
    assert words in message and "\n" not in message


def test_unwritable_givens_are_refused():
    with pytest.raises(InvalidPuzzle, match="cannot hold 5 at r1c1"):
        encode_url("akari", Givens(1, 2, {(0, 0): 5}, frozenset({(0, 0)})))
    with pytest.raises(InvalidPuzzle, match="the borders need regions, 2 rows of 2"):
        encode_url("starbattle", Givens(2, 2, params={"stars": 1}))
    with pytest.raises(InvalidPuzzle, match="must be a count"):
        encode_url("starbattle", Givens(1, 1, regions=((0,),)))
    assert MAX_SIDE >= 30


@pytest.mark.parametrize(("text", "genre"), [
    ("https://puzz.link/p?akari/6/6/nekcakbl", "lightup"), ("?slitherlink/1/1/", "slither"),
    ("http://x/p.html?type=editor&starbattle_edit/5/5/", "starbattle"),
    ("https://puzz.link/p?sudoku/4/4/g1k23k3g", None), ("10x10t0:a3", None), ("", None),
])
def test_url_genre_reads_only_the_key(text, genre):
    assert url_genre(text) == genre


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["?akari/4/3/", "?nurikabe/3/3/", "?slither/f/4/4/", "?hitori/3/3/",
                        "?starbattle/4/4/1/", "?akari/"]),
       st.text(alphabet="0123456789abcdefghvwxyzBAB.-+=@%*$/?:_ \u00e9", max_size=30))
def test_noise_is_read_or_refused_with_one_line(head, tail):
    try:
        decode_url(head + tail)
    except InvalidPuzzle as error:
        assert "\n" not in str(error)
