"""Sudoku's players' formats: Tatham Solo game IDs and puzz.link URLs, read and written."""

from __future__ import annotations

import pytest

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sudoku.formats import format_puzzlink, format_tatham
from tests.cli.conftest import run_cli

from .helpers import assert_one_line_error, lines, sgt

SUDOKU = get("sudoku")
IDS = lines("sudoku-tatham.txt")
#: pzprjs's own test of its Sudoku (test/script/sudoku.js in robx/pzprjs) and its answer.
PZPRJS = "https://puzz.link/p?sudoku/4/4/g1k23k3g"
PZPRJS_ANSWER = (2, 1, 4, 3, 4, 3, 1, 2, 3, 4, 2, 1, 1, 2, 3, 4)


@pytest.mark.parametrize("game_id", IDS)
def test_real_game_ids_read_solve_uniquely_and_write_back(game_id):
    board = SUDOKU.parse(game_id)
    result = SUDOKU.solve(board, unique=True)
    assert result.unique and SUDOKU.is_solution(board, result.solution).ok
    assert format_tatham(board) == game_id
    params = game_id.split(":")[0]
    assert board.jigsaw == ("j" in params) and board.diagonals == params.endswith("x")


def test_box_shapes_follow_solo():
    """Solo's ``2x3`` has boxes of 2 rows by 3 columns, as ``--box 2x3``."""
    game_id = next(i for i in IDS if i.startswith("2x3:"))
    assert SUDOKU.parse(game_id).box == (2, 3)
    turned = SUDOKU.parse(SUDOKU.format(SUDOKU.parse(game_id), "line"), box="3x2")
    assert SUDOKU.solve(turned, unique=True).unique is not True


def test_puzzlink_reads_pzprjs_test_and_writes_it_back():
    board = SUDOKU.parse(PZPRJS)
    assert SUDOKU.solve(board, unique=True).solution == PZPRJS_ANSWER
    assert format_puzzlink(board) == PZPRJS
    for game_id in IDS:
        board = SUDOKU.parse(game_id)
        square = board.box == (int(board.size ** 0.5),) * 2
        if square and not board.diagonals:
            assert SUDOKU.parse(format_puzzlink(board)) == board


@pytest.mark.parametrize(("text", "words"), [
    ("3x3:4a2b", "cells, expected 81"),
    ("3x3:4a2b5f1b5_2b7a4c8_6c2b7a8a1e6a5a8b1c7_8c2a9b5_1b6f9b4a!", "unexpected '!'"),
    ("3x3k:a", "Killer"),
    ("9j:" + "i" * 9, "needs its regions"),
    ("9j:" + "i" * 9 + ",_", "regions"),
    ("2x2:5o", "out of range"),
    ("https://puzz.link/p?sudoku/9/9/g5h8!", "unexpected '!'"),
    ("https://puzz.link/p?lits/9/9/g5h8", "not sudoku"),
    ("https://puzz.link/p?sudoku/9/7/g5h8", "not supported"),
])
def test_bad_ids_and_urls_are_one_line_errors(text, words):
    assert_one_line_error(SUDOKU.parse, "sudoku", text, words)


def test_cli_reads_ids_as_source_and_writes_both_formats():
    code, out, err = run_cli(["solve", "sudoku", IDS[0], "--unique", "--format", "tatham"])
    assert code == 0, err
    assert SUDOKU.is_solution(SUDOKU.parse(IDS[0]), SUDOKU.parse(out.strip()).givens).ok
    code, out, err = run_cli(["render", "sudoku", PZPRJS, "--format", "puzzlink"])
    assert (code, out.strip()) == (0, PZPRJS)
    code, out, err = run_cli(["generate", "sudoku", "--box", "2x2", "--seed", "1",
                              "--format", "tatham"])
    assert code == 0 and SUDOKU.parse(out.strip()).box == (2, 2)


def test_fresh_ids_from_sgt_solo():
    for game_id in sgt("solo", "--generate", "2", "9jde") + sgt("solo", "--generate", "1",
                                                                "3x3xdu"):
        board = SUDOKU.parse(game_id)
        assert SUDOKU.solve(board, unique=True).unique
        assert format_tatham(board) == game_id


def test_cli_solves_a_fresh_jigsaw_id_uniquely_and_writes_it_back():
    """``puzzlesmith solve sudoku "$(sgt-solo --generate 1 9jde)" --unique``, and ``render
    --format tatham`` gives the same ID back."""
    game_id = sgt("solo", "--generate", "1", "9jde")[0]
    code, out, err = run_cli(["solve", "sudoku", game_id, "--unique"])
    assert code == 0, err
    board = SUDOKU.parse(game_id)
    assert SUDOKU.is_solution(board, SUDOKU.parse_answer(board, out)).ok
    code, out, err = run_cli(["render", "sudoku", game_id, "--format", "tatham"])
    assert (code, out.strip()) == (0, game_id)
    code, out, err = run_cli(["solve", "sudoku", PZPRJS, "--unique"])
    assert code == 0 and SUDOKU.parse_answer(SUDOKU.parse(PZPRJS), out) == PZPRJS_ANSWER
