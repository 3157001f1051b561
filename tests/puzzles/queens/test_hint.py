"""Hints: min-conflicts moves from full states, forced placements from partial ones."""

from __future__ import annotations

import random

import numpy as np
import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.queens.board import Board, construct
from puzzlesmith.puzzles.queens.counting import solutions
from puzzlesmith.results import Status


def attacks_on(rows, c) -> int:
    return sum(1 for d, r in enumerate(rows) if d != c and r is not None and (
        r == rows[c] or abs(r - rows[c]) == abs(d - c)))


def apply(rows, move):
    rows = list(rows)
    if move[0] == "move":
        rows[move[1]] = move[3]
    elif move[0] == "place":
        rows[move[1]] = move[2]
    else:
        rows[move[1]] = None
    return rows


def test_min_conflicts_move_takes_the_most_attacked_queen_to_its_best_row(queens):
    board = Board(8)
    rng = random.Random(4)
    for _ in range(30):
        rows = [rng.randrange(8) for _ in range(8)]
        result = queens.hint(board, rows)
        if queens.is_solution(board, rows).ok:
            assert result.move is None
            continue
        kind, c, r, to = result.move
        assert kind == "move" and rows[c] == r and to != r
        worst = max(attacks_on(rows, d) for d in range(8))
        assert attacks_on(rows, c) == worst
        after = apply(rows, result.move)
        assert attacks_on(after, c) == min(attacks_on(apply(rows, ("move", c, r, t)), c)
                                           for t in range(8) if t != r)
        assert result.to_dict()["move"] == {"action": "move", "column": c, "from_row": r,
                                            "row": to}


def test_one_queen_out_of_place_is_put_right_by_one_hint(queens):
    n = 1000
    board = Board(n)
    rows = construct(n).tolist()
    rows[0] = (rows[0] + 500) % n  # shares a row with another queen now
    result = queens.hint(board, rows)
    assert result.move[:3] == ("move", 0, rows[0])
    assert queens.is_solution(board, apply(rows, result.move)).ok


def test_given_queens_never_move(queens):
    board = Board(4, ((0, 1),))
    result = queens.hint(board, [1, 1, 1, 1])
    assert result.move[1] != 0
    assert queens.hint(board, [2, 0, 3, 1]).move == ("move", 0, 2, 1)
    assert queens.hint(board, [None, 3, 0, 2]).move is None  # the given completes it
    assert queens.hint(board, [None, None, None, None]).move[0] == "place"


def test_forced_placements_are_in_every_solution(queens):
    for seed in range(1, 8):
        made = queens.generate(seed=seed, size=8).puzzles[0]
        board = made.instance
        state = None
        for _ in range(8):  # follow hints from the givens to the end
            result = queens.hint(board, state)
            assert result.status is Status.SOLVED
            if result.move is None:
                break
            assert result.move[0] == "place" and made.solution[result.move[1]] == result.move[2]
            state = apply(state or [board.fixed.get(c) for c in range(8)], result.move)
        assert state == made.solution


def test_forced_placement_text(queens):
    result = queens.hint(queens.example())
    assert result.move == ("place", 1, 7)
    assert result.text == "place a queen in column 1, row 7: the only safe square left in row 7"


def test_attacking_queens_are_taken_away_first(queens):
    result = queens.hint(Board(8), [0, 1, None, None, None, None, None, None])
    assert result.move == ("remove", 1, 1) and "attacks" in result.text


def test_dead_end_suggests_which_queen_to_take_away(queens):
    board = Board(6)
    state = [0, 2, None, None, None, None]  # attack-free, but no 6-queens solution starts so
    assert not any(s[:2] == state[:2] for s in solutions(board))
    result = queens.hint(board, state)
    assert result.move == ("remove", 0, 0)
    rest = apply(state, result.move)
    keep = {c: r for c, r in enumerate(rest) if r is not None}
    assert any(all(s[c] == r for c, r in keep.items()) for s in solutions(board))


def test_solved_and_unsolvable_states(queens):
    board = Board(4)
    done = queens.hint(board, [1, 3, 0, 2])
    assert done.status is Status.SOLVED and done.move is None and "solved" in done.text
    impossible = queens.hint(Board(4, ((0, 0),)))
    assert impossible.status is Status.UNSOLVABLE and impossible.move is None


def test_wrong_given_is_put_back_and_missing_givens_are_implied(queens):
    result = queens.hint(Board(4, ((0, 1),)), [2, None, None, None])
    assert result.move == ("move", 0, 2, 1)
    assert queens.hint(Board(4, ((0, 1),)), [None, 3, 0, None]).move == ("place", 3, 2)


def test_partial_hints_are_capped_and_states_must_fit(queens):
    with pytest.raises(InvalidPuzzle, match="partial"):
        queens.hint(Board(5000), [0] + [None] * 4999)
    with pytest.raises(InvalidPuzzle, match="columns"):
        queens.hint(Board(4), [0, 1])
    full = queens.hint(Board(10**5), np.arange(10**5).tolist())
    assert full.move[0] == "move"


def test_hint_from_the_start_of_an_empty_board(queens):
    result = queens.hint(Board(8))
    assert result.move[0] == "place"
    c, r = result.move[1:]
    assert any(s[c] == r for s in solutions(Board(8)))
