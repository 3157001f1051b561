"""Which puzzle a pasted text is (:func:`puzzlesmith.puzzles.identify`): every real game ID
and URL of ``tests/data/formats`` goes to its puzzle, its shared text reads back as the same
puzzle, and a text no puzzle reads (or a broken ID) is one clear line."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InvalidPuzzle, NotRecognised
from puzzlesmith.puzzles import get, identify
from tests.formats.helpers import lines

REAL = [(text, "net") for text in lines("net.txt") + lines("net-barriers.txt")] + \
    [(text, "sliding") for text in lines("fifteen.txt")] + \
    [(text, "starbattle") for text in lines("starbattle-puzzlink.txt")] + \
    [(text, "sudoku") for text in lines("sudoku-tatham.txt")]


@pytest.mark.parametrize(("text", "name"), REAL, ids=[t[:14] for t, _ in REAL])
def test_real_ids_and_urls_go_to_their_puzzle(text, name):
    puzzle, instance = identify(text)
    assert puzzle.name == name and puzzle.recognises(text) and puzzle.reads_inline(text)
    shared = puzzle.shared_text(instance)
    assert puzzle.canonical(identify(shared)[1]) == puzzle.canonical(instance)
    if name != "net":  # Tatham writes a tile's barriers in its own order; the tiles agree
        assert shared == text.replace("http://pzv.jp/p.html", "https://puzz.link/p") \
            .replace("https://pzprxs.vercel.app/p", "https://puzz.link/p")


@pytest.mark.parametrize(("text", "words"), [
    ("hello", "no puzzle reads this text: expected a puzz.link URL (starbattle, lightup, "
              "hitori, nurikabe, slitherlink, shikaku, fillomino, masyu, slant, kurodoko, "
              "norinori, heyawake, lits) or a Tatham game ID (net, sliding, sudoku)"),
    ("", "no puzzle reads this text"),
    ("8\n", "no puzzle reads this text"),
    ("4x4:1,2,3", "Net game ID: ',' at character 6 is not a hex digit"),
    ("4x4:1,2,3", "Fifteen game ID: 3 tiles given"),
    ("https://puzz.link/p?yajilin/3/3/x", "no puzzle reads this text"),
    ("https://puzz.link/p?nurikabe/3/3/3", "the numbers end after 1 of 9 cells"),
    ("7x7:aBk1", "Tatham game ID: the description ends after 14 of 49 cells"),
])
def test_unread_text_is_one_line(text, words):
    with pytest.raises(InvalidPuzzle) as raised:
        identify(text)
    assert words in str(raised.value) and "\n" not in str(raised.value)
    assert isinstance(raised.value, NotRecognised) == words.startswith("no puzzle")


def test_only_shared_formats_are_recognised():
    assert not any(get(n).recognises("1 2 3\n4 0 5\n7 8 6") for n in ("net", "sliding"))
    assert get("sliding").reads_inline("1 2 3 4 5 6 7 8 0")  # inline, not shared
    assert get("queens").shared_style is None and get("queens").shared_text(6) is None
    other_goal = get("sliding").parse("1 2 3\n4 0 5\n7 8 6", goal="blank-first")
    assert get("sliding").shared_text(other_goal) is None  # Fifteen's goal is blank last


def test_a_puzzlink_sudoku_url_goes_to_sudoku():
    """Sudoku reads puzz.link URLs too (and shares its Tatham game ID); Star Battle still
    reads its own."""
    url = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
    puzzle, board = identify(url)
    assert puzzle.name == "sudoku" and puzzle.shared_text(board).startswith("2x2:")
    assert not get("sudoku").recognises(lines("starbattle-puzzlink.txt")[0])
    assert not get("sudoku").recognises("1..." * 4)  # a line is read, but not shared
