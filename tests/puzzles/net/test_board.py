"""Net's board: the text formats, rotations, bad input of every kind, the size caps."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles.net.board import LEFT, RIGHT, UP, Board, rotate, rotations
from puzzlesmith.puzzles.net.formats import MAX_INPUT, draw, parse, parse_size, to_rows, validate

from .helpers import NET

SEED_DRAWING = "\n".join(line.ljust(55) for line in [
    "",
    "  o----o    o    o    o    o    o    o    o    o    o",
    "  |    |",
    "  |    |",
    "  o----o    o----o----o    o----o    o    o    o----o",
    "  |    |    |    |    |    |    |    |    |    |",
    "  |    |    |    |    |    |    |    |    |    |",
    "  o    o    o    o    o    o----o    o----o    o    o",
    "",
])


def test_drawing_and_grid_match_the_seed():
    board = NET.parse("c6000000000\nd7ce6c644c2\n11111939310\n")
    assert NET.format(board, "drawing") == draw(board.tiles) == SEED_DRAWING
    assert NET.format(board) == NET.format(board, "grid") == "c6000000000\nd7ce6c644c2\n11111939310"
    assert to_rows(board.tiles) == ["c6000000000", "d7ce6c644c2", "11111939310"]
    assert NET.parse(NET.format(board)) == board
    with pytest.raises(UsageError, match="unknown style"):
        NET.format(board, "fancy")


@pytest.mark.parametrize("text, message", [
    ("", "empty puzzle"),
    ("\n  \n", "empty puzzle"),
    ("12\n3g\n", "line 2, column 2: 'g' is not a hex digit"),
    ("12\n345\n", "line 2: row has 3 tiles, expected 2"),
    ("12\n\n34\n", "line 2: row has 0 tiles, expected 2"),
    ("12\n3 4\n", "line 2, column 2: ' ' is not a hex digit"),
    ("  12\n  3\t4\n", "line 2, column 4: '\\\\t' is not a hex digit"),
    ("12\n34\x00\n", "line 2, column 3: '\\\\x00' is not a hex digit"),
    ("\x00" * 1000, "line 1, column 1"),
    ("12\n3²\n", "line 2, column 2: '²' is not a hex digit"),
    ("12\n3٣\n", "line 2, column 2"),                       # a Unicode digit is no hex digit
    ("\ufeff\ufeff12\n", "line 1, column 1"),
])
def test_bad_input_names_the_place(text, message):
    with pytest.raises(InvalidPuzzle, match=message):
        NET.parse(text)


def test_tiles_that_fit_no_way_are_refused():
    with pytest.raises(InvalidPuzzle, match="line 3, column 2: tile f points off the 2x2 board"):
        NET.parse("\n c6\n 9f\n")
    with pytest.raises(InvalidPuzzle, match="line 1, column 1: tile 9"):
        NET.parse("9" * 5000)
    assert NET.parse("9" * 5000, wrap=True).size == 5000
    with pytest.raises(InvalidPuzzle, match="line 1, column 2: tile f"):
        validate(Board(((8, 15),)))
    assert validate(Board(((8, 15),)), fit=False)


def test_bom_case_spaces_and_crlf_are_accepted():
    assert NET.parse("\ufeff\nAb  \r\n  cD\r\n\n", wrap=True).tiles == ((10, 11), (12, 13))
    assert NET.parse("12", wrap=True, connected=True) == Board(((1, 2),), True, True)


def test_huge_inputs_are_refused_before_any_work():
    with pytest.raises(InvalidPuzzle, match="more than the 10,000,000 allowed"):
        NET.parse("0" * (MAX_INPUT + 1))
    with pytest.raises(InvalidPuzzle, match="tiles, more than the 250,000 allowed"):
        NET.parse(("f" * 1000 + "\n") * 1000)
    with pytest.raises(InvalidPuzzle, match="more than the 100 allowed"):
        NET.parse("ff\n" * 51, max_tiles=100, wrap=True)
    assert NET.parse("ff\n" * 50, max_tiles=100, wrap=True).size == 100


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("0123456789abcdefABCDEFxg \t\r\n\ufeff\x00²"),
               max_size=60))
def test_any_text_is_a_board_or_invalid(text):
    try:
        board = NET.parse(text)
    except InvalidPuzzle as error:
        assert str(error)
        return
    assert validate(board) is board
    assert NET.parse(NET.format(board)) == board


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40))
def test_any_unicode_is_a_board_or_invalid(text):
    with contextlib.suppress(InvalidPuzzle):
        NET.parse(text)


def test_answers_are_parsed_against_the_puzzle():
    board = NET.example()
    answer = NET.parse_answer(board, "c6000000000\nd7ce6c644c2\n11111939310\n")
    assert NET.is_solution(board, answer)
    wrong = NET.parse_answer(board, "36000000000\nd7ce6c644c2\n11111939310\n")
    assert "points off the board" in NET.is_solution(board, wrong).violations[0]
    with pytest.raises(InvalidPuzzle, match="the answer is 2x11, the puzzle 3x11"):
        NET.parse_answer(board, "c6000000000\nd7ce6c644c2\n")
    with pytest.raises(InvalidPuzzle, match="more than the 33 allowed"):
        NET.parse_answer(board, "c6000000000\n" * 4)


def test_rotation_convention():
    assert rotate(UP) == LEFT and rotate(RIGHT) == UP
    assert rotations(5) == (5, 10) and rotations(15) == (15,)
    assert len(rotations(1)) == 4


@pytest.mark.parametrize("text, message", [
    ("10x0", "zero dimension"), ("0x5", "zero dimension"), ("10x", "expected ROWSxCOLS"),
    ("x10", "expected ROWSxCOLS"), ("10", "expected ROWSxCOLS"), ("1x1", "at least 2 tiles"),
    ("²x3", "expected ROWSxCOLS"), ("1" * 5000 + "x2", "expected ROWSxCOLS"),
    ("-3x4", "expected ROWSxCOLS"),
])
def test_bad_sizes(text, message):
    with pytest.raises(UsageError, match=message):
        parse_size(text)


def test_sizes_over_the_cap_are_refused_before_allocating():
    assert parse_size(" 8 X 12 ") == (8, 12) and parse_size("3×4") == (3, 4)
    with pytest.raises(InvalidPuzzle, match="10,000,000,000 tiles"):
        parse_size("100000x100000")
    with pytest.raises(InvalidPuzzle, match="more than the 20 allowed"):
        parse_size("5x5", max_tiles=20)


def test_validate_boards_built_in_code():
    with pytest.raises(InvalidPuzzle, match="line 1, column 2: tile 16"):
        validate(Board(((1, 16),)))
    with pytest.raises(InvalidPuzzle, match="row has 1 tiles"):
        validate(Board(((1, 4), (2,))))
    with pytest.raises(InvalidPuzzle, match="empty"):
        validate(Board(()))
    with pytest.raises(UsageError):
        validate("12")
    assert validate(NET.example()) == NET.example() == parse(NET.format(NET.example()))
