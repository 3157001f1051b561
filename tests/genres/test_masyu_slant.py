"""Masyu and Slant: pzprjs's and fresh Tatham puzzles solve uniquely and pass the check; the
deductions agree with the answer; the generation hook reads the clues back off an answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzlesmith.genres.declared import declared, masyu, slant
from puzzlesmith.genres.deduce import explain
from puzzlesmith.genres.solve import solve
from puzzlesmith.genres.tatham import decode_id

TATHAM = Path(__file__).parents[1] / "data" / "genres" / "tatham"
FILES = sorted([*TATHAM.glob("pearl/*.txt"), *TATHAM.glob("slant/*.txt")])


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_fresh_tatham_ids_are_unique_and_checked(path):
    for text in path.read_text().split():
        key, g = decode_id(text)
        genre = declared(key)
        result = solve(genre, g, unique=True)
        assert result.unique is True, text
        assert genre.check(g, result.solution).ok, text


@pytest.mark.parametrize("preset", ["pearl/8x8dt", "slant/8x8dh"])
def test_deductions_agree_with_the_unique_answer(preset):
    for text in (TATHAM / f"{preset}.txt").read_text().split()[:2]:
        key, g = decode_id(text)
        genre = declared(key)
        answer = solve(genre, g, unique=True).solution
        found = explain(genre, g)
        assert found.solved, found.why
        for step in found.steps:
            assert not step.contradiction and all((k in answer) == step.value
                                                  for k in step.cells), str(step)


@pytest.mark.parametrize("genre", [masyu, slant])
def test_clues_read_off_an_answer_give_the_same_puzzle_back(genre):
    text = (TATHAM / ("pearl/6x6de.txt" if genre is masyu else "slant/5x5de.txt")).read_text()
    _, g = decode_id(text.split()[0])
    answer = solve(genre, g).solution
    clues = genre.rules[1 if genre is masyu else 0].clues(g, answer)
    assert g.numbers.items() <= clues.items()
    assert genre.check(g.__class__(g.rows, g.cols, clues, points=g.points), answer).ok


def test_wrong_answers_are_refused():
    g = masyu.read("2..\n...\n...")
    ring = frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0))})
    assert not masyu.check(g, ring).ok  # the black pearl's legs turn at once
    g = slant.read("...\n...\n...")
    diamond = frozenset({(0, 1), (1, 0)})  # / \ over \ /: a loop round the centre
    assert [v.family for v in slant.violations(g, diamond)] == ["no-loop"]
