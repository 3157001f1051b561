"""Tatham game IDs of Light Up, Loopy and Singles: generated IDs, round trips, hostile input."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.genres.givens import ANY, Givens
from puzzlesmith.genres.tatham import GAMES, decode_id, encode_id, id_genre, tatham_game

DATA = Path(__file__).parents[1] / "data" / "genres" / "tatham"
FILES = sorted(DATA.glob("*/*.txt"))


def _ids(path: Path) -> list[str]:
    return path.read_text().split()


def _like_rect(game: str, text: str) -> bool:
    """A Range ID whose clues happen to sum to its cells reads as Rect by shape (one in
    range/9x6.txt: both games write decimal clues and runs of letters)."""
    if game != "range":
        return False
    size, desc = text.split(":")
    cols, rows = (int(n) for n in size.split("x"))
    return sum(int(n) for n in re.findall("[0-9]+", desc)) == rows * cols


def test_every_preset_has_twenty_ids():
    presets = {path.parent.name: set() for path in FILES}
    for path in FILES:
        presets[path.parent.name].add(path.stem)
        if not path.stem.startswith("20x20"):
            assert len(_ids(path)) == 20, path
    assert set(presets) == set(GAMES)
    assert len(presets["lightup"] - {"20x20b20s2d2"}) == 9
    assert len(presets["singles"] - {"20x20dk"}) == 10
    assert len(presets["loopy"] - {"20x20t0dh"}) == 6
    assert len(presets["pearl"] - {"20x20dt"}) == 8
    assert len(presets["slant"] - {"20x20dh"}) == 6
    assert len(presets["range"] - {"20x20"}) == 4


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_generated_ids_decode_by_shape_and_round_trip(path):
    game = GAMES[path.parent.name]
    size = path.stem.split("b")[0].split("t")[0].split("d")[0]
    for text in _ids(path):
        genre, givens = decode_id(text, game.name if _like_rect(game.name, text) else None)
        assert genre == game.genre
        assert f"{givens.cols}x{givens.rows}" == size
        assert encode_id(game.name, givens) == text
        assert decode_id(text, game.name) == (genre, givens)


def test_decoded_ids_hold_the_expected_clues():
    genre, givens = decode_id("3x3:1aBcBa0")
    assert genre == "lightup"
    assert givens.walls == {(0, 0), (0, 2), (2, 0), (2, 2)}
    assert givens.numbers == {(0, 0): 1, (2, 2): 0}
    genre, givens = decode_id("3x3t0:2a3e1")
    assert genre == "slither" and givens.numbers == {(0, 0): 2, (0, 2): 3, (2, 2): 1}
    genre, givens = decode_id("3x3:123231312")
    assert genre == "hitori" and givens.number(1, 0) == 2 and len(givens.numbers) == 9
    genre, givens = decode_id("4x3:10_2b5g")
    assert genre == "kurodoko" and givens.numbers == {(0, 0): 10, (0, 1): 2, (1, 0): 5}


def _random_givens(game: str, rng: random.Random) -> Givens:
    rows, cols = rng.randint(1, 15), rng.randint(1, 15)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    if game == "singles":
        return Givens(rows, cols, {cell: rng.randint(1, max(rows, cols)) for cell in cells})
    if game == "slant":
        cells = [(r, c) for r in range(rows + 1) for c in range(cols + 1)]
    chosen = rng.sample(cells, rng.randint(0, len(cells)))
    if game == "pearl":
        return Givens(rows, cols, {cell: rng.randint(1, 2) for cell in chosen})
    if game == "slant":
        return Givens(rows, cols, {cell: rng.randint(0, 4) for cell in chosen}, points=True)
    if game == "range":
        return Givens(rows, cols, {cell: rng.randint(1, rows + cols - 1) for cell in chosen})
    if game == "loopy":
        return Givens(rows, cols, {cell: rng.randint(0, 4) for cell in chosen})
    if game in ("rect", "filling"):
        top = 9 if game == "filling" else 200
        return Givens(rows, cols, {cell: rng.randint(1, top) for cell in chosen})
    numbers = {cell: rng.choice([ANY, rng.randint(0, 4)]) for cell in chosen}
    return Givens(rows, cols, {k: v for k, v in numbers.items() if v != ANY}, frozenset(chosen))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_random_givens_round_trip(game):
    rng = random.Random(41)
    for _ in range(50):
        givens = _random_givens(game, rng)
        assert decode_id(encode_id(game, givens), game) == (GAMES[game].genre, givens)


def test_games_are_named_by_tatham_name_or_genre():
    assert tatham_game("hitori") is tatham_game("singles")
    assert tatham_game("slither") is tatham_game("loopy")


@pytest.mark.parametrize(("text", "game", "words"), [
    ("", None, "not a Tatham game ID"),
    ("7x7", None, "not a Tatham game ID"),
    ("https://puzz.link/p?akari/6/6/nekcakbl", None, "not a Tatham game ID"),
    ("0x7:a", None, "each side must be 1 to"),
    ("100000x100000:a", None, "100000x100000"),
    ("99999999999x1:a", None, "not a Tatham game ID"),
    ("7x7:aBk1b2aBk0a0b3k", None, "ends after 47 of 49 cells"),
    ("7x7:aBk1b2aBk0a0b3k1aB", None, "'B' after the last cell (description character 18)"),
    ("7x7:aBk1b2aBk0a0b3z", None, "runs past 49 cells"),
    ("3x3:1aBcB5", None, "'5' is not a lightup symbol (description character 6)"),
    ("3x3t0:2a3e5", None, "'5' is not a loopy symbol"),
    ("3x3t1:2a3e1", None, "grid type 't1' is not read"),
    ("3x3:12323131", "singles", "ends after 8 of 9"),
    ("3x3:123231314", "singles", "'4' is more than 3"),
    ("3x3:1232313a2", "singles", "'a' is more than 3"),
    ("3x3:12323131?", "singles", "'?' is not a singles symbol"),
    ("3x3:123231312", "mines", "unknown game 'mines'"),
    ("3x3:5a12?", "range", "'?' is not a range symbol (description character 5)"),
    ("2x1:5a12", "range", "'12' after the last cell (description character 3)"),
])
def test_hostile_ids_are_refused_with_a_clear_line(text, game, words):
    with pytest.raises(InvalidPuzzle) as error:
        decode_id(text, game)
    message = str(error.value)
    assert words in message and "\n" not in message


def test_unwritable_givens_are_refused():
    with pytest.raises(InvalidPuzzle, match="needs a number in r1c2"):
        encode_id("singles", Givens(1, 2, {(0, 0): 1}))
    with pytest.raises(InvalidPuzzle, match="no symbol for -1 at r1c1"):
        encode_id("loopy", Givens(1, 2, {(0, 0): ANY}))


@pytest.mark.parametrize(("text", "genre"), [
    ("10x10t0de:a3a3", "slither"), ("10x10t1:a3a3", None), ("7x7b20s4d0:aBk1", "lightup"),
    ("3x3:123231312", "hitori"), ("3x3:12?", None), ("7x7", None), ("?akari/6/6/g", None),
])
def test_id_genre_tells_the_game_from_the_shape(text, genre):
    assert id_genre(text) == genre


def test_id_genre_knows_every_generated_id():
    for path in FILES:
        game = path.parent.name
        assert {id_genre(text) for text in _ids(path) if not _like_rect(game, text)} \
            == {GAMES[game].genre}


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["4x3:", "5x5t0:", "3x3:", "6x6t1:", "2x200:"]),
       st.text(alphabet="0123456789abcdefghvwxyzBAB.-+=@%*$/?:_ \u00e9", max_size=30))
def test_noise_is_read_or_refused_with_one_line(head, tail):
    try:
        decode_id(head + tail)
    except InvalidPuzzle as error:
        assert "\n" not in str(error)
