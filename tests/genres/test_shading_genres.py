"""Kurodoko, Norinori, Heyawake and LITS: pzprjs's test puzzles and Tatham's Range IDs solve
uniquely and pass the check; the codecs round-trip; the checks name what is wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.genres.codec import decode_url, encode_url
from puzzlesmith.genres.declared import declared, heyawake, kurodoko, lits, norinori
from puzzlesmith.genres.solve import solve
from puzzlesmith.genres.tatham import decode_id, encode_id
from puzzlesmith.puzzles import get
from puzzlesmith.results import Status

DATA = Path(__file__).parents[1] / "data" / "genres"
RANGE = sorted((DATA / "tatham" / "range").glob("*.txt"))


def _answer(rows: list[str]) -> frozenset:
    return frozenset((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#")


@pytest.mark.parametrize("pid", ["kurodoko", "norinori", "heyawake", "lits"])
def test_pzprjs_puzzles_solve_uniquely_and_check(pid):
    for entry in json.loads((DATA / "pzprjs" / f"{pid}.json").read_text()):
        key, g = decode_url(entry["url"])
        assert encode_url(key, g) == entry["url"]
        genre = declared(key)
        result = solve(genre, g, unique=True)
        assert result.unique is True and result.solution == _answer(entry["answer"])
        assert genre.check(g, result.solution).ok


@pytest.mark.parametrize("path", RANGE, ids=[p.stem for p in RANGE])
def test_tatham_range_ids_solve_uniquely_and_check(path):
    ids = path.read_text().split()
    for text in ids[:3] if path.stem == "20x20" else ids:
        genre, g = decode_id(text, "range")  # by shape: see test_tatham
        assert genre == "kurodoko" and encode_id("range", g) == text
        result = solve(kurodoko, g, unique=True)
        assert result.unique is True, text
        assert kurodoko.check(g, result.solution).ok, text


@pytest.mark.parametrize("pid", ["kurodoko", "norinori", "heyawake", "lits"])
def test_collected_puzzles_solve_uniquely_and_check(pid):
    for url in (DATA / "collected" / f"{pid}.txt").read_text().split():
        key, g = decode_url(url)
        result = solve(declared(key), g, unique=True)
        assert result.unique is True and declared(key).check(g, result.solution).ok, url


def test_checks_name_the_broken_rule():
    g = kurodoko.read("3..\n...\n..2")
    assert any("sees" in v for v in kurodoko.check(g, frozenset({(0, 1)})).violations)
    g = norinori.read("..\n..\n\naa\nbb")
    assert any("domino" in v for v in norinori.check(g, frozenset({(0, 0), (1, 1)})).violations)
    g = heyawake.read("...\n\nabc")
    assert any("spans 3 rooms" in v for v in heyawake.check(g, frozenset()).violations)
    g = lits.read("........\n\naaaabbbb")
    line = frozenset((0, c) for c in range(8))
    assert any("two I shapes touch" in v for v in lits.check(g, line).violations)


@pytest.mark.parametrize(("genre", "text"), [
    (kurodoko, "5.\n.."),               # sees too many
    (norinori, "..\n..\n\nab\nab"),     # regions of two cells side by side: no domino fits
    (heyawake, "2.\n..\n\naa\naa"),     # two shaded in a 2x2 room touch
    (lits, "...\n...\n\naab\nabb"),     # regions of three cells
])
def test_unsolvable_puzzles_have_no_solution(genre, text):
    assert solve(genre, genre.read(text), unique=True).status is Status.UNSOLVABLE


def test_room_numbers_round_trip_on_the_first_cell_of_each_region():
    g = heyawake.read("..1\n2..\n\naab\nccb")
    url = encode_url("heyawake", g)
    assert decode_url(url)[1].numbers == {(0, 2): 1, (1, 0): 2}


def test_clues_read_off_the_answer_match_the_givens():
    for genre in (kurodoko, heyawake):
        g = get(genre.name).example()
        answer = solve(genre, g).solution
        shown = {cell: n for rule in genre.rules for cell, n in rule.clues(g, answer).items()}
        assert all(shown[cell] == n for cell, n in g.numbers.items())

