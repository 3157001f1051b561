"""Shikaku (Rect) and Fillomino (Filling): pzprjs's test puzzles, fresh Tatham IDs, the check,
the generation hook, answers as text and hostile input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.genres.codec import decode_url, encode_url
from puzzlesmith.genres.declared import fillomino, shikaku
from puzzlesmith.genres.deduce import rate
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.solve import count, solve
from puzzlesmith.genres.tatham import decode_id, id_genre
from puzzlesmith.puzzles import get, identify
from puzzlesmith.results import Status

DATA = Path(__file__).parents[1] / "data" / "genres"
PER_PRESET = {"rect": 20, "filling": 5}  # Filling's larger presets take ~0.3 s a puzzle


def _pzprjs(pid: str) -> tuple[dict, frozenset]:
    record = json.loads((DATA / "pzprjs" / f"{pid}.json").read_text())[0]
    if "borders" in record:
        return record, frozenset(tuple(map(tuple, edge)) for edge in record["borders"])
    return record, frozenset(((r, c), int(ch)) for r, row in enumerate(record["answer"])
                             for c, ch in enumerate(row))


@pytest.mark.parametrize("name", ["shikaku", "fillomino"])
def test_pzprjs_urls_solve_to_pzprjs_answer(name):
    record, answer = _pzprjs(name)
    puzzle, g = identify(record["url"])
    assert puzzle.name == name and puzzle.format(g, "puzzlink") == record["url"]
    result = puzzle.solve(g, unique=True)
    assert result.unique is True and result.solution == answer
    assert puzzle.is_solution(g, answer).ok


@pytest.mark.parametrize("game", sorted(PER_PRESET))
def test_fresh_tatham_ids_solve_unique_and_check(game):
    puzzle = get({"rect": "shikaku", "filling": "fillomino"}[game])
    for path in sorted((DATA / "tatham" / game).glob("*.txt")):
        for text in path.read_text().split()[:PER_PRESET[game]]:
            g = puzzle.parse(text)
            assert puzzle.recognises(text) and puzzle.format(g, "tatham") == text
            assert identify(text)[0].name == puzzle.name
            result = puzzle.solve(g, unique=True)
            assert result.unique is True and puzzle.is_solution(g, result.solution).ok, text


def test_the_check_names_what_is_wrong():
    g = shikaku.read("2.\n2.")
    right = frozenset({((1, 0), (1, 1)), ((1, 1), (1, 2))})
    assert shikaku.check(g, right).ok
    found = shikaku.check(g, frozenset({((1, 0), (1, 1))})).violations
    assert any("2 clues" in v for v in found)
    g = shikaku.read("4.\n..")
    assert shikaku.check(g, frozenset()).ok
    assert shikaku.check(g, frozenset({((0, 1), (1, 1))})).violations == [
        "a border ends inside an area"]
    g = fillomino.read("2.\n..")
    assert fillomino.check(g, frozenset({((0, 0), 2), ((0, 1), 2), ((1, 0), 1),
                                         ((1, 1), 1)})).violations == ["a piece of 1s has 2 cells"]
    changed = fillomino.check(g, frozenset({((0, 0), 1), ((0, 1), 3), ((1, 0), 3),
                                           ((1, 1), 3)})).violations
    assert "the given 2 is changed" in changed


def test_clues_of_an_answer_make_a_puzzle_it_solves():
    for genre, text in ((shikaku, shikaku_text()), (fillomino, "..4...\n.53.2.\n....52\n33....\n"
                                                                ".2.14.\n...3..")):
        g = genre.read(text)
        answer = solve(genre, g).solution
        clues = {cell: n for rule in genre.rules for cell, n in rule.clues(g, answer).items()}
        assert {cell: clues[cell] for cell in g.numbers} == g.numbers  # every cell could show
        made = Givens(g.rows, g.cols, {cell: clues[cell] for cell in g.numbers})
        assert genre.check(made, answer).ok


def shikaku_text() -> str:
    return get("shikaku").example_text


@pytest.mark.parametrize("name", ["shikaku", "fillomino"])
def test_answers_print_and_read_back(name):
    puzzle = get(name)
    g = puzzle.parse(". 12 .\n. . .\n. . .\n. . .") if name == "shikaku" else puzzle.example()
    answer = puzzle.solve(g).solution
    text = puzzle.format_answer(g, answer)
    assert puzzle.parse_answer(g, text) == answer
    if name == "shikaku":  # wide clues widen the cells; the board writes one character
        assert text.splitlines()[1] == "|   12   |"
        narrow = "+-+-+-+\n|. . .|\n+ + + +\n| | | |\n+ + + +\n| | | |\n+ + + +\n|     |\n+-+-+-+"
        assert puzzle.parse_answer(g, narrow) == {((1, 1), (2, 1)), ((1, 2), (2, 2)),
                                                  ((2, 1), (3, 1)), ((2, 2), (3, 2))}
    else:  # a given left '.' is filled in
        assert puzzle.parse_answer(g, text.replace("4", ".", 1)) == answer


def test_unsolvable_and_ambiguous_puzzles():
    assert solve(shikaku, shikaku.read("3.\n..")).status is Status.UNSOLVABLE
    assert solve(fillomino, fillomino.read("11")).status is Status.UNSOLVABLE
    assert count(shikaku, shikaku.read("4.\n..")).count == 1
    assert count(shikaku, shikaku.read("2.\n.2")).count == 2


@pytest.mark.parametrize("text", ["7x7:a5_2f2a2_2a6c4a3c2_3e3d2c2_2b", "3x3:9_", "3x3:z",
                                  "3x3:1234567899"])
def test_malformed_ids_are_refused(text):
    with pytest.raises(InvalidPuzzle):
        decode_id(text, "rect" if "_" in text else "filling")


def test_ids_are_told_by_shape():
    assert id_genre("4x4:16o") == "shikaku" and id_genre("2x2:2_2b") == "shikaku"
    assert id_genre("3x1:a11") == "fillomino"
    assert decode_id("2x2:2_2b")[1].numbers == {(0, 0): 2, (0, 1): 2}


def test_fillomino_urls_keep_given_borders():
    g = fillomino.read("3.\n..")
    assert count(fillomino, g).count == 3
    bordered = Givens(2, 2, dict(g.numbers), params={"borders": frozenset({((0, 0), (0, 1))})})
    url = encode_url("fillomino", bordered)
    assert url.endswith("fillomino/2/2/3ig0") and decode_url(url)[1] == bordered
    assert get("fillomino").parse(url).params == bordered.params
    assert solve(fillomino, bordered).solution == {((0, 0), 3), ((1, 0), 3), ((1, 1), 3),
                                                   ((0, 1), 1)}
    assert "a given border parts it from the 3 in r1c1" in {
        step.reason for step in rate(fillomino, bordered).steps}
    wrong = fillomino.check(bordered, frozenset({((0, 0), 3), ((0, 1), 3), ((1, 0), 3),
                                                 ((1, 1), 1)}))
    assert wrong.violations == ["the given border between r1c1 and r1c2 parts two 3s"]
    assert decode_url("https://puzz.link/p?fillomino/2/2/3i")[1].params == {}


def test_fillomino_deductions_a_player_uses():
    g = fillomino.read("3..\n.1.")
    found = {step.reason: step.cells for step in fillomino.deductions(g, {((0, 0), 3): True})}
    assert found["the piece of 3 at r1c1 cannot reach them, and there is no room for another "
                 "piece of 3"] == (((1, 2), 3),)
    g = fillomino.read(".4.\n1.1\n...")
    found = {step.reason: step.cells for step in fillomino.deductions(g, {((0, 1), 4): True})}
    assert found["the piece of 4 at r1c2 cannot reach 4 cells without it"] == (((1, 1), 4),)
