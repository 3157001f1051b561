"""Boards: parsing, errors, formatting, solvability, generation."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import sliding as sl

from .conftest import exact_distances, read_instances


def test_parse_one_line_and_rows():
    one = sl.parse("1 2 3 4 5 6 7 8 0")
    rows = sl.parse("1 2 3\n4 5 6\n7 8 0\n")
    assert one == rows == sl.goal_board(3, 3)
    assert sl.parse("1,2,3,0  # a comment").shape == (2, 2)


def test_parse_non_square_needs_size_or_rows():
    assert sl.parse("1 2 3 4 5 0", "2x3").shape == (2, 3)
    assert sl.parse("1 2 3\n4 5 0").shape == (2, 3)
    assert sl.parse("1 2 3 4 5 6 7 8 9 10 11 0", (3, 4)).shape == (3, 4)
    with pytest.raises(InvalidPuzzle, match="not a square count"):
        sl.parse("1 2 3 4 5 0")


@pytest.mark.parametrize("text, size, match", [
    ("1 2 3 4 5 6 7 8 8", None, "appears twice"),
    ("1 2 3 4 5 6 7 8 9", None, "out of range"),
    ("1 2 3 4 5 6 7 x 0", None, "'x' is not a tile number"),
    ("1 2 3 0", "3", "4 numbers given"),
    ("", None, "no tiles"),
    ("1 2 3\n4 5\n6 7 0", None, "row has 2 tiles, expected 3"),
    ("1 0", "1x2", "at least 2 rows"),
    ("1 2 3 0", "2y2", "bad size"),
])
def test_parse_errors(text, size, match):
    with pytest.raises(InvalidPuzzle, match=match):
        sl.parse(text, size)


def test_error_names_the_place():
    with pytest.raises(InvalidPuzzle) as info:
        sl.parse("1 2 3\n4 x 6\n7 8 0")
    assert info.value.line == 2 and info.value.column == 3


def test_format_round_trip():
    board = sl.parse("12 1 2 3 4 5 6 7 8 9 10 11 13 14 15 0")
    assert sl.parse(sl.format(board)) == board
    assert sl.parse(sl.format(board, one_line=True)) == board
    assert sl.render(sl.parse("1 2 3 0")).count("|") == 6


def test_goals():
    assert sl.parse_goal("blank-first", 2, 2).tiles == (0, 1, 2, 3)
    assert sl.parse_goal(None, 2, 2).tiles == (1, 2, 3, 0)
    assert sl.parse_goal("3 2 1 0", 2, 2).tiles == (3, 2, 1, 0)
    with pytest.raises(InvalidPuzzle):
        sl.parse_goal("1 2 3 4 5 6 7 8 0", 2, 2)


def test_moves_and_replay():
    board = sl.parse("1 2 3 4 5 6 0 7 8")
    assert sl.legal_moves(board) == ["U", "R"]
    assert sl.apply_moves(board, "RR") == sl.goal_board(3, 3)
    assert sl.moved_tile(board, "R") == 7
    with pytest.raises(InvalidPuzzle, match="off the board"):
        sl.apply_moves(board, "D")


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (2, 4)])
@pytest.mark.parametrize("blank", ["last", "first"])
def test_solvability_matches_reachability(rows, cols, blank):
    """Exactly the boards reachable from the goal are called solvable (all permutations)."""
    goal = sl.goal_board(rows, cols, blank)
    reachable = exact_distances(goal)
    for tiles in itertools.permutations(range(rows * cols)):
        board = sl.Board(rows, cols, tiles)
        assert sl.is_solvable(board, goal) == (tiles in reachable)


def test_solvability_with_an_arbitrary_goal():
    goal = sl.parse("3 1 2 0 4 5", "2x3")
    reachable = exact_distances(goal)
    for tiles in itertools.permutations(range(6)):
        assert sl.is_solvable(sl.Board(2, 3, tiles), goal) == (tiles in reachable)


def test_unsolvable_instances(shared_data):
    for tiles, _ in read_instances(shared_data / "sliding" / "unsolvable.txt"):
        board = sl.parse(tiles)
        assert not sl.is_solvable(board, sl.goal_board(board.rows, board.cols))


def test_known_instances_are_solvable(shared_data):
    for name in ("8puzzle.txt", "15puzzle.txt"):
        for tiles, _ in read_instances(shared_data / "sliding" / name):
            board = sl.parse(tiles)
            assert sl.is_solvable(board, sl.goal_board(board.rows, board.cols))


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(0, 2**32))
def test_generate_is_solvable_and_reproducible(rows, cols, seed):
    board = sl.generate(rows, cols, rng=seed)
    assert board == sl.generate(rows, cols, rng=seed)
    sl.validate(board)
    assert sl.is_solvable(board, sl.goal_board(rows, cols))


def test_generate_is_uniform_on_2x2():
    """All 12 solvable 2x2 boards come up about equally often."""
    rng = random.Random(1)
    counts: dict = {}
    for _ in range(6000):
        tiles = sl.generate(2, rng=rng).tiles
        counts[tiles] = counts.get(tiles, 0) + 1
    assert len(counts) == 12
    assert max(counts.values()) < 1.3 * min(counts.values())


def test_generate_by_moves(distances_3x3):
    rng = random.Random(5)
    for d in range(0, 25):
        board = sl.generate(3, rng=rng, moves=d)
        assert distances_3x3[board.tiles] <= d
        assert distances_3x3[board.tiles] % 2 == d % 2
