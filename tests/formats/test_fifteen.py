"""Sliding <-> Tatham Fifteen game IDs (``WxH:t1,t2,...``, 0 the gap): round trips, real IDs,
errors as one line (exit 2), and fresh IDs from ``sgt-fifteen`` where it is installed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sliding.board import Board, format_tatham, parse, parse_tatham

from ..cli.conftest import run_cli
from .helpers import assert_one_line_error, lines, sgt

SLIDING = get("sliding")


@st.composite
def boards(draw) -> Board:
    rows, cols = draw(st.integers(2, 7)), draw(st.integers(2, 7))
    tiles = draw(st.permutations(range(rows * cols)))
    return Board(rows, cols, tuple(tiles))


@settings(max_examples=150, deadline=None)
@given(boards())
def test_round_trip(board):
    text = format_tatham(board)
    assert parse(text) == board
    assert SLIDING.format(SLIDING.parse(text), "tatham") == text


def _independent(game_id: str) -> Board:
    """A second, plain reading of a game ID: width x height, then the tiles."""
    params, tiles = game_id.split(":")
    width, height = map(int, params.split("x"))
    return Board(height, width, tuple(int(t) for t in tiles.split(",")))


@pytest.mark.parametrize("game_id", lines("fifteen.txt"))
def test_real_ids(game_id):
    board = parse(game_id)
    assert board == _independent(game_id)
    rows = SLIDING.format(board, "rows")
    assert parse(rows, size=(board.rows, board.cols)) == board
    assert format_tatham(board) == game_id
    assert SLIDING.parse(game_id).solvable()  # Tatham makes only solvable boards


def test_same_length_as_puzzlesmith_format():
    for game_id in [g for g in lines("fifteen.txt") if g.startswith("3x3:")]:
        code, moves, _ = run_cli(["solve", "sliding", game_id, "--format", "moves"])
        plain = " ".join(game_id.split(":")[1].split(","))
        code2, moves2, _ = run_cli(["solve", "sliding", plain, "--format", "moves"])
        assert code == code2 == 0 and len(moves.strip()) == len(moves2.strip())


def test_read_from_file_and_stdin(tmp_path):
    game_id = "3x2:1,2,3,4,0,5"
    path = tmp_path / "board.txt"
    path.write_text(game_id + "\n")
    assert run_cli(["solve", "sliding", str(path), "--format", "moves"])[1].strip() == "R"
    assert run_cli(["solve", "sliding", "-", "--format", "moves"],
                   stdin=game_id)[1].strip() == "R"


def test_format_out():
    assert run_cli(["render", "sliding", "1 2 3\n4 0 5", "--format", "tatham"])[1].strip() \
        == "3x2:1,2,3,4,0,5"
    code, out, _ = run_cli(["generate", "sliding", "--size", "3x4", "--count", "3", "--seed", "5",
                            "--format", "tatham"])
    ids = out.split()
    assert code == 0 and len(ids) == 3 and all(i.startswith("4x3:") for i in ids)
    assert all(SLIDING.parse(i).solvable() for i in ids)


@pytest.mark.parametrize("game_id, words", [
    ("4x4:1,2", "2 tiles given, a 4x4 board (width x height) needs 16"),
    ("3x2:1,2,3,4,0,5,6", "more than the 6 tiles"),
    ("3x2:1,2,a,4,0,5", "'a' at character 9"),
    ("3x2:1,2,,4,0,5", "an empty item at character 9"),
    ("3x2:1,2,3,4,0,9", "tile 9 at character 15 is out of range 0..5"),
    ("3x2:1,2,3,4,0,2", "tile 2 appears twice"),
    ("3x2:", "no tiles"),
    ("1x2:1,0", "at least 2 rows and 2 columns"),
])
def test_errors_are_one_line(game_id, words):
    assert_one_line_error(parse_tatham, "sliding", game_id, words)


def test_sgt_fifteen_ids_read():
    for game_id in sgt("fifteen", "--generate", "3", "3x3") + sgt("fifteen", "--generate",
                                                                  "2", "4x5"):
        board = parse(game_id)
        assert board == _independent(game_id)
        assert SLIDING.parse(game_id).solvable()
    for game_id in sgt("fifteen", "--generate", "2", "3x3"):
        plain = " ".join(game_id.split(":")[1].split(","))
        first = run_cli(["solve", "sliding", game_id, "--format", "moves"])[1]
        second = run_cli(["solve", "sliding", plain, "--format", "moves"])[1]
        assert len(first.strip()) == len(second.strip())


def test_random_boards_match_the_plain_reader():
    rng = random.Random(3)
    for _ in range(20):
        rows, cols = rng.randint(2, 9), rng.randint(2, 9)
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)
        game_id = f"{cols}x{rows}:" + ",".join(map(str, tiles))
        assert parse(game_id) == _independent(game_id)


def test_a_file_of_ids_holds_several_boards():
    ids = lines("fifteen.txt")
    found = SLIDING.parse_all("\n".join(ids) + "\n")
    assert [format_tatham(task.board) for task in found] == ids
