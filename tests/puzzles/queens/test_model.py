"""N-Queens text formats, the answer format and the independent checker."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.queens.board import (
    BOARD_MAX,
    MAX_N,
    Board,
    construct,
    format_answer,
    format_board,
    format_instance,
    parse,
    parse_answer,
)
from puzzlesmith.puzzles.queens.check import violations

from .conftest import brute_force_is_solution

# -- the instance ------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "n"), [("8", 8), (" 32\n", 32), ("1e6", 10**6),
                                         ("10_000", 10_000), ("1E3", 1000),
                                         ("\ufeff12\n", 12), ("# eight\n8\n", 8)])
def test_parse_size(text, n):
    assert parse(text) == Board(n)


@pytest.mark.parametrize("text", ["", "\n \n", "abc", "0", "-4", "2.5", "1e9", "nan", "inf",
                                  "9" * 5000, "1e30", "8 8", "²", "8\n9", "\x00"])
def test_parse_rejects(text):
    with pytest.raises(InvalidPuzzle):
        parse(text)


def test_size_cap_is_raisable():
    with pytest.raises(InvalidPuzzle, match="max_queens"):
        parse(str(MAX_N + 1))
    assert parse(str(MAX_N + 1), max_queens=MAX_N + 1).n == MAX_N + 1
    with pytest.raises(InvalidPuzzle):
        parse("100", max_queens=99)


def test_parse_board_with_givens():
    board = parse("..Q.\n....\n....\n.K..\n")
    assert board == Board(4, ((1, 3), (2, 0)))
    assert board.fixed == {1: 3, 2: 0}
    assert parse(format_instance(board)) == board
    assert format_instance(Board(9)) == "9"
    assert parse(format_instance(Board(5), "board")) == Board(5)


@pytest.mark.parametrize(("text", "where"), [
    ("Q..\n...\n", "line 2"),                # too few rows
    ("Q..\n..\n...\n", "line 2"),            # ragged
    ("Q..\n.x.\n...\n", "line 2, column 2"),  # unknown character
    ("Q..\n...\n...\n...\n", "line 4"),      # too many rows
    ("Q...\n.Q..\n....\n....\n", "line 2"),  # givens attack each other
    ("Q..\n...\n\n...\n..Q\n...\n", "line 4"),  # two puzzles
])
def test_board_errors_name_the_place(text, where):
    with pytest.raises(InvalidPuzzle, match=where):
        parse(text)


def test_board_size_cap():
    with pytest.raises(InvalidPuzzle, match="limited"):
        parse(("." * (BOARD_MAX + 1) + "\n") * 2)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("Q.K.\n 8e1_-x#\ufeff"), max_size=60))
def test_any_text_is_a_board_or_invalid(text):
    try:
        board = parse(text)
    except InvalidPuzzle:
        return
    assert 1 <= board.n <= MAX_N
    assert all(0 <= c < board.n and 0 <= r < board.n for c, r in board.givens)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=40))
def test_any_unicode_is_a_board_or_invalid(text):
    try:
        board = parse(text)
    except InvalidPuzzle:
        return
    assert isinstance(board, Board)


# -- the answer --------------------------------------------------------------------------

def test_answer_formats_round_trip():
    board = Board(8)
    rows = construct(8).tolist()
    for style in ("auto", "board", "rows"):
        assert parse_answer(board, format_answer(board, rows, style)) == rows
    assert format_answer(Board(65), list(range(65))).startswith("0 1 2")  # auto: rows
    assert format_board(4, [1, 3, 0, 2]) == "..Q.\nQ...\n...Q\n.Q.."


def test_partial_answers():
    board = Board(4)
    assert parse_answer(board, "1 . - 2") == [1, None, None, 2]
    assert parse_answer(board, "1,3,0,2") == [1, 3, 0, 2]
    assert parse_answer(board, ".Q..\n....\n....\n....") == [None, 0, None, None]
    assert parse_answer(board, format_answer(board, [None, 0, None, 3], "board")) == \
        [None, 0, None, 3]


@pytest.mark.parametrize(("text", "match"), [
    ("", "empty"), ("1 2 3", "3 columns"), ("1 2 3 x", "column 3"), ("1 2 3 4", "off the board"),
    ("Q...\nQ...\n....\n....", "two queens"), ("Q...\n....\n....", "3 rows"),
    ("Q..\n....\n....\n....", "row 0"), ("Q..x\n....\n....\n....", "unknown"),
    ("1 2 3 99999999999999999999", "column 3"),
])
def test_answer_errors(text, match):
    with pytest.raises(InvalidPuzzle, match=match):
        parse_answer(Board(4), text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("Q.0123 ,-\n"), max_size=40))
def test_any_answer_text_is_an_answer_or_invalid(text):
    try:
        rows = parse_answer(Board(4), text)
    except InvalidPuzzle:
        return
    assert len(rows) == 4 and all(r is None or 0 <= r < 4 for r in rows)


# -- the checker -------------------------------------------------------------------------

def test_checker_agrees_with_brute_force_on_all_small_permutations():
    for n in range(1, 7):
        board = Board(n)
        for rows in itertools.permutations(range(n)):
            assert (not violations(board, list(rows))) == brute_force_is_solution(rows)


def test_checker_on_any_small_assignment_with_givens():
    board = Board(4, ((1, 3),))
    for rows in itertools.product(range(4), repeat=4):
        ok = not violations(board, list(rows))
        assert ok == (len(set(rows)) == 4 and brute_force_is_solution(rows, board.givens))


@pytest.mark.parametrize("bad", [None, [], [0, 0], [1, 3, 0, 4], [-1, 1, 2, 3], "ab", [[0]],
                                 [0.5, 1, 2, 3], [True, False, True, False], 4, [None] * 4])
def test_checker_rejects_malformed_answers(bad):
    assert violations(Board(4), bad)


def test_violations_name_the_attacking_queens():
    found = violations(Board(4), [0, 2, 0, 3])
    assert "columns 0 and 2 share row 0" in found
    assert "columns 0 and 3 share a diagonal (row - column = 0)" in found
    assert violations(Board(4, ((0, 1),)), [2, 0, 3, 1]) == [
        "column 0 must hold the given queen in row 1, not row 2"]
    assert violations(Board(4), [1, None, None, 2])[0].startswith("2 columns without a queen")


def test_violations_are_bounded_on_huge_answers():
    n = 10**6
    assert violations(Board(n), np.zeros(n, np.int64)) == [
        "columns 0, 1, 2, 3, 4, 5, 6, 7 and 999,992 more share row 0"]
    found = violations(Board(n), np.random.default_rng(1).integers(0, n, n))
    assert len(found) == 21 and found[-1].startswith("... and")
    assert not violations(Board(n), construct(n))


def test_construct_formula_for_all_n_up_to_300():
    for n in range(1, 301):
        rows = construct(n)
        if n in (2, 3):
            assert rows is None
        else:
            assert not violations(Board(n), rows), n
