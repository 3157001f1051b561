"""Boards: parsing, errors, formatting, solvability, generation."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles import sliding as sl
from puzzlesmith.puzzles.sliding import generate as generator
from puzzlesmith.puzzles.sliding.board import parse
from puzzlesmith.results import Status

from .conftest import PUZZLE, exact_distances, read_instances


def test_parse_one_line_and_rows():
    one = parse("1 2 3 4 5 6 7 8 0")
    rows = parse("1 2 3\n4 5 6\n7 8 0\n")
    assert one == rows == sl.goal_board(3, 3)
    assert parse("1,2,3,0  # a comment").shape == (2, 2)
    assert parse("\ufeff1 2 3 0").shape == (2, 2)  # a UTF-8 byte-order mark


def test_parse_non_square_needs_size_or_rows():
    assert parse("1 2 3 4 5 0", "2x3").shape == (2, 3)
    assert parse("1 2 3\n4 5 0").shape == (2, 3)
    assert parse("1 2 3 4 5 6 7 8 9 10 11 0", (3, 4)).shape == (3, 4)
    with pytest.raises(InvalidPuzzle, match="not a square count"):
        parse("1 2 3 4 5 0")


@pytest.mark.parametrize("text, size, match", [
    ("1 2 3 4 5 6 7 8 8", None, "appears twice"),
    ("1 2 3 4 5 6 7 8 9", None, "out of range"),
    ("1 2 3 4 5 6 7 x 0", None, "'x' is not a tile number"),
    ("1 2 3 0", "3", "more than 9 numbers|4 numbers given"),
    ("", None, "no tiles"),
    ("1 2 3\n4 5\n6 7 0", None, "row has 2 tiles, expected 3"),
    ("1 0", "1x2", "at least 2 rows"),
    ("1 2 3 0", "2y2", "bad size"),
    ("1 2 3 0", "10x0", "at least 2 rows"),
    ("1 2 3 0", "2²", "bad size"),
    ("1 2 3 ٣", None, "not a tile number"),  # an Arabic-Indic digit
    ("1 2 3 " + "9" * 5000, None, "too large"),  # more digits than int() takes
    ("\x00\x01\x02", None, "not a tile number"),
    ("1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8", None, "several boards"),
    ("1 2 3 4 5 6 7 8 0 0\n1 2 3 4 5 6 7 0 8 1", None, "several boards with their lengths"),
    (" ".join(map(str, range(400))), None, "more than 256 numbers"),
    (" ".join(map(str, range(18 * 18))), "18", "too large"),
])
def test_parse_errors(text, size, match):
    with pytest.raises(InvalidPuzzle, match=match):
        parse(text, size)


def test_the_size_cap_is_raised_by_an_option():
    tiles = " ".join(map(str, list(range(1, 18 * 18)) + [0]))
    with pytest.raises(InvalidPuzzle, match="max_cells"):
        PUZZLE.parse(tiles)
    assert PUZZLE.parse(tiles, max_cells=400).shape == (18, 18)
    with pytest.raises(UsageError, match="1024"):
        PUZZLE.parse(tiles, max_cells=10**6)


def test_huge_input_stops_early():
    text = "1 " * 5_000_000
    with pytest.raises(InvalidPuzzle, match="more than 256 numbers"):
        parse(text)
    with pytest.raises(InvalidPuzzle, match="characters"):
        PUZZLE.parse("1" * (PUZZLE.max_input + 1))


def test_error_names_the_place():
    with pytest.raises(InvalidPuzzle) as info:
        parse("1 2 3\n4 x 6\n7 8 0")
    assert info.value.line == 2 and info.value.column == 3


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789 ,#\n\t-+x\ufeff\x00é²"), max_size=80)
       | st.text(max_size=60))
def test_parser_gives_an_instance_or_invalid_puzzle(text):
    """Any text: either an instance or InvalidPuzzle, nothing else."""
    try:
        task = PUZZLE.parse(text)
    except InvalidPuzzle:
        return
    sl.validate(task.board)
    assert PUZZLE.parse(PUZZLE.format(task)) == task


def test_a_long_board_argument_is_a_board():
    """A 16x16 board is more than 255 characters: parse takes it as text."""
    text = " ".join(map(str, list(range(1, 256)) + [0]))
    assert len(text) > 255 and PUZZLE.parse(text).shape == (16, 16)


def test_format_round_trip():
    task = PUZZLE.parse("12 1 2 3 4 5 6 7 8 9 10 11 13 14 15 0")
    for style in ("rows", "line"):
        assert PUZZLE.parse(PUZZLE.format(task, style)) == task
    assert PUZZLE.format(PUZZLE.parse("1 2 3 0"), "framed").count("|") == 6
    wide = PUZZLE.parse("1 2 3\n4 5 0")
    assert PUZZLE.parse(PUZZLE.format(wide)) == wide


def test_goals():
    assert sl.parse_goal("blank-first", 2, 2).tiles == (0, 1, 2, 3)
    assert sl.parse_goal(None, 2, 2).tiles == (1, 2, 3, 0)
    assert sl.parse_goal("3 2 1 0", 2, 2).tiles == (3, 2, 1, 0)
    with pytest.raises(InvalidPuzzle):
        sl.parse_goal("1 2 3 4 5 6 7 8 0", 2, 2)
    assert PUZZLE.parse("0 1 2 3", goal="1 0 2 3").goal.tiles == (1, 0, 2, 3)
    with pytest.raises(InvalidPuzzle, match="the goal"):
        PUZZLE.parse("1 2 3 4 5 6 7 0 8", goal="1 2 3")


def test_moves_and_replay():
    board = parse("1 2 3 4 5 6 0 7 8")
    assert sl.legal_moves(board) == ["U", "R"]
    assert sl.apply_moves(board, "RR") == sl.goal_board(3, 3)
    assert sl.moved_tile(board, "R") == 7
    with pytest.raises(InvalidPuzzle, match="off the board"):
        sl.apply_moves(board, "D")


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 2), (2, 4)])
@pytest.mark.parametrize("blank", ["last", "first"])
def test_solvability_matches_reachability(rows, cols, blank):
    """Exactly the boards reachable from the goal are called solvable (all permutations);
    the checker's independent inversion rule agrees."""
    from puzzlesmith.puzzles.sliding.check import solvable_by_inversions

    goal = sl.goal_board(rows, cols, blank)
    reachable = exact_distances(goal)
    for tiles in itertools.permutations(range(rows * cols)):
        board = sl.Board(rows, cols, tiles)
        assert sl.is_solvable(board, goal) == (tiles in reachable)
        assert solvable_by_inversions(board, goal) == (tiles in reachable)


def test_solvability_with_an_arbitrary_goal():
    goal = parse("3 1 2 0 4 5", "2x3")
    reachable = exact_distances(goal)
    for tiles in itertools.permutations(range(6)):
        assert sl.is_solvable(sl.Board(2, 3, tiles), goal) == (tiles in reachable)


def test_unsolvable_instances(data_dir):
    for tiles, _ in read_instances(data_dir / "sliding" / "unsolvable.txt"):
        task = PUZZLE.parse(tiles)
        assert not task.solvable()
        assert PUZZLE.is_solution(task, None).ok  # "no solution" is the right answer


def test_known_instances_are_solvable(data_dir):
    for name in ("8puzzle.txt", "15puzzle.txt"):
        for tiles, _ in read_instances(data_dir / "sliding" / name):
            task = PUZZLE.parse(tiles)
            assert task.solvable()
            assert not PUZZLE.is_solution(task, None).ok


@settings(max_examples=50, deadline=None)
@given(st.integers(2, 5), st.integers(2, 5), st.integers(0, 2**32))
def test_generate_is_solvable_and_reproducible(rows, cols, seed):
    made = PUZZLE.generate(size=f"{rows}x{cols}", seed=seed)
    again = PUZZLE.generate(size=f"{rows}x{cols}", seed=seed)
    assert made.status is Status.SOLVED and made.puzzles[0].text == again.puzzles[0].text
    task = made.puzzles[0].instance
    sl.validate(task.board)
    assert task.solvable()
    assert PUZZLE.parse(made.puzzles[0].text) == task  # the text reads back


def test_generate_is_uniform_on_2x2():
    """All 12 solvable 2x2 boards come up about equally often."""
    rng = random.Random(1)
    counts: dict = {}
    for _ in range(6000):
        tiles = generator.uniform(sl.goal_board(2, 2), rng).tiles
        counts[tiles] = counts.get(tiles, 0) + 1
    assert len(counts) == 12
    assert max(counts.values()) < 1.3 * min(counts.values())


def test_generate_by_moves(distances_3x3):
    for d in range(0, 25):
        made = PUZZLE.generate(size="3", moves=d, seed=d)
        generated = made.puzzles[0]
        tiles = generated.instance.board.tiles
        assert distances_3x3[tiles] <= d
        assert distances_3x3[tiles] % 2 == d % 2
        assert PUZZLE.is_solution(generated.instance, generated.solution).ok
