"""The named deductions, explain, rate and next_step on the declared genres.

The independent fact: every deduction made while explaining a puzzle agrees with the unique
answer of the complete solver.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlesmith.errors import LimitReached
from puzzlesmith.genres.declared import declared, hitori, lightup, nurikabe, slitherlink
from puzzlesmith.genres.deduce import LEVELS, explain, next_step, rate
from puzzlesmith.genres.families import Connected
from puzzlesmith.genres.solve import solve
from puzzlesmith.genres.tatham import decode_id
from puzzlesmith.results import Limits

DATA = Path(__file__).parents[1] / "data" / "genres"
TATHAM = DATA / "tatham"
SMALL = ["lightup/7x7b20s4d0", "lightup/7x7b20s4d1", "lightup/7x7b20s4d2",
         "loopy/7x7t0de", "loopy/7x7t0dn", "singles/6x6de", "singles/6x6dk", "singles/8x8dk"]
EASY = ["lightup/10x10b20s2d0", "loopy/7x7t0de", "singles/10x10de", "singles/12x12de"]


def _tatham(preset: str, count: int, start: int = 0) -> list:
    """``count`` puzzles of a preset file from the ``start``-th: (genre, givens)."""
    found = []
    for text in (TATHAM / f"{preset}.txt").read_text().split()[start:start + count]:
        key, givens = decode_id(text)
        found.append((declared(key), givens))
    return found


def _agrees(genre, g, steps) -> None:
    """Every step's value is the one of the unique answer."""
    answer = solve(genre, g, unique=True).solution
    for step in steps:
        assert not step.contradiction, str(step)
        for key in step.cells:
            assert (key in answer) == step.value, str(step)


@pytest.mark.parametrize("preset", SMALL)
def test_every_deduction_agrees_with_the_unique_answer(preset):
    for genre, g in _tatham(preset, 3):
        found = explain(genre, g)
        assert found.solved, found.why
        _agrees(genre, g, found.steps)


def test_trials_agree_with_the_unique_answer():
    for genre, g in _tatham("loopy/7x7t0dh", 2, start=1):
        found = explain(genre, g)
        assert found.solved, found.why
        _agrees(genre, g, found.steps)


def test_nurikabe_deductions_agree_with_the_answer():
    blocks = (DATA / "nurikabe.txt").read_text().strip().split("\n\n")
    for block in blocks[:4]:
        g = nurikabe.read("\n".join(x for x in block.splitlines() if not x.startswith(";")))
        found = explain(nurikabe, g)
        assert found.solved, found.why
        _agrees(nurikabe, g, found.steps)


@pytest.mark.parametrize("preset", EASY)
def test_easy_tatham_puzzles_need_no_trial(preset):
    for genre, g in _tatham(preset, 3):
        found = explain(genre, g)
        assert found.solved and found.level == "easy"
        assert not any("trial" in step.family for step in found.steps)


@pytest.mark.parametrize("path", sorted(TATHAM.glob("*/*.txt")),
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_rate_gives_tatham_puzzles_a_level(path):
    if path.stem.startswith("20x20"):
        pytest.skip("slow (up to half a minute): rated by benchmarks/bench_genres_rating.py")
    genre, g = _tatham(f"{path.parent.name}/{path.stem}", 1)[0]
    rating = rate(genre, g)
    assert rating.level in LEVELS[:-1] and len(rating.steps) == sum(rating.deductions.values())


def test_reasons_read_well():
    g = lightup.read("...\n2.#\n.#.")
    assert str(next_step(lightup, g, {})) == "r3c1 has a light: no other cell can light it"
    assert str(next_step(lightup, g, {(0, 0): True})) == \
        "r1c2 and r1c3 have no light: the light at r1c1 shines there"
    h = hitori.read("1 2 1\n2 1 2\n1 1 2".replace(" ", ""))
    assert str(next_step(hitori, h, {})) == \
        "r1c2 is white: it lies between the 1s at r1c1 and r1c3, one of them shaded"
    loop = slitherlink.read("3..\n...\n...")
    assert str(next_step(slitherlink, loop, {})) == (
        "the top of r1c1 and the left of r1c1 are lines: the top of r1c1 and the left of "
        "r1c1 meet at a corner with no other way, and the 3 at r1c1 misses only one edge")


def test_connectivity_and_trials_are_named():
    g = hitori.read("123\n231")
    marks = {(0, 0): False, (0, 1): True, (0, 2): False}
    said = [str(step) for step in Connected(shaded=False).deduce(g, marks)]
    assert "r2c2 is white: shading it would cut the white cells in two" in said
    assert "r2c1 is white: it is the only way out of the white r1c1" in said
    trials = [step for genre, g in _tatham("lightup/10x10b20s2d2", 2)
              for step in explain(genre, g).steps if "trial" in step.family]
    assert trials and all(re.match(r"r\d+c\d+ has (a|no) light: (a light there|leaving it "
                                   r"without a light) leads to a contradiction", str(step))
                          for step in trials)


def test_a_wrong_mark_meets_a_contradiction():
    g = lightup.read("...\n2.#\n.#.")
    found = explain(lightup, g, {(2, 0): False})
    assert found.contradiction and not found.solved and "contradiction" in found.why


def test_a_finished_grid_has_no_next_step_and_limits_are_kept():
    g = lightup.read("...\n2.#\n.#.")
    done = explain(lightup, g)
    assert next_step(lightup, g, done.marks) is None
    with pytest.raises(LimitReached):
        explain(slitherlink, _tatham("loopy/10x10t0dh", 1)[0][1], limits=Limits(seconds=0))


RATED = [("lightup/10x10b20s2d2", 0, "hard", 101), ("loopy/10x10t0de", 5, "medium", 177),
         ("loopy/10x10t0dn", 1, "hard", 213), ("loopy/10x10t0dh", 4, "hard", 257),
         ("loopy/10x10t0dh", 9, "extreme", 775), ("singles/10x10dk", 0, "medium", 74)]


@pytest.mark.parametrize(("preset", "index", "level", "score"), RATED,
                         ids=[f"{p}#{i}" for p, i, _, _ in RATED])
def test_rated_levels_and_scores_stay_as_measured(preset, index, level, score):
    """The figures of benchmarks/bench_genres_rating.py before the propagation looked only
    near the keys just set: looking near them changes no conclusion."""
    genre, g = _tatham(preset, 1, start=index)[0]
    rating = rate(genre, g)
    assert (rating.level, rating.score) == (level, score)
