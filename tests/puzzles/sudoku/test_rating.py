"""Sudoku's human-technique rating: grades, scores, explanations, and Tatham's grades."""

from __future__ import annotations

import json

import pytest

from puzzlesmith.bench import spearman
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sudoku import deduce
from tests.cli.conftest import run_cli

from .test_board import EASY

SUDOKU = get("sudoku")
GRADES = ("basic", "intermediate", "advanced", "extreme")


def tatham_puzzles(data_dir) -> list[tuple[int, str]]:
    rows = [line.split() for line in (data_dir / "sudoku" / "tatham-grades.txt").read_text()
            .splitlines() if line.strip() and not line.startswith("#")]
    return [(GRADES.index(grade), game_id) for grade, game_id in rows]


def test_scores_rank_puzzles_as_tatham_grades_do(data_dir):
    """Spearman's correlation between Solo's grade and the score, on 40 of its puzzles."""
    puzzles = tatham_puzzles(data_dir)
    scores = [SUDOKU.rate(SUDOKU.parse(game_id)).details["score"] for _, game_id in puzzles]
    rho = spearman([g for g, _ in puzzles], scores)
    assert rho >= 0.8, rho


def test_every_step_of_the_techniques_is_sound(data_dir):
    """No technique ever removes the true value or places a wrong one."""
    for _, game_id in tatham_puzzles(data_dir)[::4]:
        board = SUDOKU.parse(game_id)
        truth = SUDOKU.solve(board).solution
        for step in deduce.rate(board).steps:
            assert all(truth[c] == v for c, v in step.placed), step
            assert all(truth[c] != v for c, v in step.removed), step


def test_rate_in_json_has_difficulty_and_score_and_explain_lists_steps():
    code, out, err = run_cli(["rate", "sudoku", EASY, "--format", "json", "--explain"])
    assert code == 0, err
    rated = json.loads(out)
    assert rated["difficulty"] == rated["rating"] == "easy" and rated["score"] > 0
    assert rated["steps"][0].startswith(("naked single", "hidden single"))
    assert "the deductions solve it" in err
    code, out, _ = run_cli(["rate", "sudoku", EASY])
    assert out.startswith("rating: easy (score")


def test_an_impossible_puzzle_rates_no_solution():
    rated = SUDOKU.rate(SUDOKU.parse("12" + "." * 7 + "2" + "." * 71))
    assert rated.level == deduce.NO_SOLUTION and rated.status.value == "unsolvable"


@pytest.mark.parametrize(("difficulty", "box"), [("easy", "2x3"), ("medium", "3x3")])
def test_generate_at_a_difficulty(difficulty, box):
    made = SUDOKU.generate(seed=5, difficulty=difficulty, box=box)
    one = made.puzzles[0]
    assert one.rating == difficulty
    assert SUDOKU.rate(SUDOKU.parse(one.text)).level == difficulty
    assert SUDOKU.solve(SUDOKU.parse(one.text), unique=True).unique
