"""The template puzzle (Latin squares), registered as a plugin would be: every verb."""

from __future__ import annotations

import pytest

from puzzlesmith import puzzles
from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.render import draw
from puzzlesmith.results import Limits, Stats, Status

PUZZLE_TEXT = "..12\n.2..\n3..4\n....\n"
SOLUTION = "4312\n1243\n3124\n2431\n"


@pytest.fixture
def latin(monkeypatch):
    """The template, registered under its name for the test (it is not in BUILTIN)."""
    monkeypatch.setitem(puzzles.REGISTRY, "latin", "puzzlesmith.puzzles.template.puzzle")
    return puzzles.get("latin")


@pytest.mark.parametrize(("text", "error"), [
    ("1\n", "a grid has 2 to 9 rows, got 1"),
    ("12\n1\n", "line 2: the row has 1 cells, expected 2"),
    ("1.\n.3\n", "line 2, column 2: '3' is not a digit from 1 to 2 or '.'"),
])
def test_bad_text_is_one_line_naming_the_place(latin, text, error):
    with pytest.raises(InvalidPuzzle, match=error):
        latin.parse(text)


def test_solve_count_check_render(latin):
    instance = latin.parse(PUZZLE_TEXT)
    assert latin.format(instance) == PUZZLE_TEXT
    solved = latin.solve(instance)
    assert latin.format_answer(instance, solved.solution) == SOLUTION
    assert latin.is_solution(instance, latin.parse_answer(instance, SOLUTION)).ok
    assert latin.count(instance).count == 1
    assert latin.count(latin.parse("..\n..\n"), limit=1).to_dict()["complete"] is False
    assert latin.solve(latin.parse("11\n..\n")).status is Status.UNSOLVABLE
    empty = latin.parse("\n".join(["." * 9] * 9))
    assert latin.solve(empty, limits=Limits(nodes=3)).status is Status.GAVE_UP
    assert draw.count(latin.render_svg(instance, solved.solution), "grid") == 1


def test_the_checker_names_the_wrong_cells(latin):
    instance = latin.parse(PUZZLE_TEXT)
    check = latin.is_solution(instance, latin.parse_answer(instance, "4312\n1243\n3124\n2413"))
    assert check.violations == ["r4c3 repeats 1 in column 3", "r4c4 repeats 3 in column 4"]
    assert check.details["wrong"] == ["r1c3", "r4c3", "r2c4", "r4c4"]
    assert latin.violation_marks(instance, None, check) == [[0, 2], [3, 2], [1, 3], [3, 3]]


def test_hints_play_the_puzzle_to_its_solution(latin):
    instance = latin.parse(PUZZLE_TEXT)
    state = list(latin.parse_answer(instance, "2...\n....\n....\n...."))  # r1c1 is wrong
    hint = latin.hint(instance, tuple(state))
    assert (hint.text, latin.hint_marks(instance, state, hint)) == \
        ("a mistake: r1c1", [[0, 0, "wrong"]])
    state = list(instance.cells)
    while (hint := latin.hint(instance, tuple(state))).move:
        assert hint.details["rule"] in ("hidden single", "naked single")
        (cell, value), = hint.move
        state[cell] = value
    assert hint.text == "solved" and latin.format_answer(instance, state) == SOLUTION
    assert latin.rate(instance).level == "easy"
    assert SOLUTION.rstrip() in latin.demo()


def test_generated_puzzles_are_unique_and_made_again_from_their_seed(latin):
    made = latin.generate(seed=7, count=2, size=5)
    assert made.status is Status.SOLVED and len(made.puzzles) == 2
    for one in made.puzzles:
        assert latin.count(one.instance, limit=2).count == 1
        again = latin.generate_one(one.seed, limits=Limits(), stats=Stats(), size=5)
        assert again.text == one.text
    assert latin.generate(seed=1, size=9, limits=Limits(nodes=5)).status is Status.GAVE_UP
    with pytest.raises(UsageError):
        latin.generate(size=10)


def test_store_and_web_methods(latin):
    instance = latin.parse(PUZZLE_TEXT)
    rows = PUZZLE_TEXT.split()
    turned = latin.parse("\n".join("".join(row) for row in zip(*rows[::-1], strict=True)))
    assert set(latin.symmetric_texts(instance)) == set(latin.symmetric_texts(turned))
    assert len(set(latin.symmetric_texts(instance))) == 8
    assert (latin.size(instance), latin.describe(instance)) == ("4x4", "4×4")
    view = latin.web_view(instance)
    assert view["kind"] == "grid" and [0, 2, "1"] in view["givens"]
