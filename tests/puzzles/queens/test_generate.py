"""Generating N-Queens completion puzzles: unique (proven by counting), reproducible, bounded."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles.queens.counting import solutions
from puzzlesmith.puzzles.queens.generate import GENERATE_MAX_N
from puzzlesmith.results import Limits, Status


@pytest.mark.parametrize("size", [1, 4, 5, 6, 8, 10, 14])
def test_generated_puzzles_are_unique_and_minimal(queens, size):
    result = queens.generate(seed=3, size=size, count=2)
    assert result.status is Status.SOLVED and len(result.puzzles) == 2
    for made in result.puzzles:
        board = made.instance
        assert queens.parse(made.text) == board  # the text reads back
        assert queens.is_solution(board, made.solution).ok
        assert list(solutions(board)) == [made.solution]  # exactly one completion
        assert queens.count(board).count == 1
        for c, _ in board.givens:  # no given queen is superfluous
            fewer = type(board)(board.n, tuple(g for g in board.givens if g[0] != c))
            assert queens.count(fewer, limit=2).count == 2
        assert made.rating in ("easy", "hard")
        assert made.to_dict()["givens"] == len(board.givens)


def test_seeds_reproduce_puzzles(queens):
    from puzzlesmith.seeds import run_seeds

    batch = queens.generate(seed=11, size=8, count=3)
    assert [g.seed for g in batch.puzzles] == list(run_seeds(11, 3))
    for made in batch.puzzles:
        again = queens.generate(seed=made.seed, size=8).puzzles[0]
        assert again.text == made.text and again.solution == made.solution
    assert queens.generate(size=6).puzzles[0].seed is not None  # a random seed, recorded


def test_example_is_a_generated_puzzle(queens):
    made = queens.generate(seed=1, size=8).puzzles[0]
    assert made.instance == queens.example() and made.rating == "easy"


def test_several_puzzles_print_apart_and_are_refused_together(queens):
    result = queens.generate(seed=1, size=6, count=2)
    text = queens.report_text("generate", None, result)
    assert text.count("\n\n") == 1
    with pytest.raises(InvalidPuzzle, match="2 puzzles"):
        queens.parse(text)


def test_limits_stop_generation_keeping_what_was_made(queens):
    result = queens.generate(seed=1, size=8, count=10**8, limits=Limits(seconds=0.3))
    assert result.status is Status.GAVE_UP
    assert all(queens.count(g.instance).count == 1 for g in result.puzzles)
    nothing = queens.generate(seed=1, size=8, limits=Limits(seconds=0))
    assert nothing.status is Status.GAVE_UP and nothing.puzzles == []


@pytest.mark.parametrize("size", [0, 2, 3, GENERATE_MAX_N + 1, -1, True])
def test_bad_sizes_are_refused(queens, size):
    with pytest.raises(InvalidPuzzle):
        queens.generate(seed=1, size=size)


def test_bad_count_is_refused(queens):
    with pytest.raises(UsageError):
        queens.generate(seed=1, count=0)
