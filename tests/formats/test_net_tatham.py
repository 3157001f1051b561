"""Net <-> Tatham game IDs (``WxH:HEX``, ``WxHw:`` wrapping): round trips, real IDs proven
unique, barriers refused, errors as one line (exit 2), and fresh IDs from ``sgt-net``."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.net.board import Board, format_tatham, parse_tatham, validate

from ..cli.conftest import run_cli
from .helpers import lines, sgt

NET = get("net")
TATHAM_BITS = {"R": 1, "U": 2, "L": 4, "D": 8}
OUR_BITS = {"U": 1, "L": 2, "D": 4, "R": 8}


def independent(game_id: str) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """A second, plain reading: the sides of each Tatham digit, as our bits."""
    params, desc = game_id.split(":")
    width, height = map(int, re.match(r"(\d+)x(\d+)", params).groups())
    tiles = []
    for ch in desc:
        t = int(ch, 16)
        tiles.append(sum(OUR_BITS[side] for side, bit in TATHAM_BITS.items() if t & bit))
    return tuple(tuple(tiles[r * width:(r + 1) * width]) for r in range(height)), "w" in params


@st.composite
def boards(draw) -> Board:
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    assume(rows * cols >= 2)
    tiles = draw(st.lists(st.integers(0, 15), min_size=rows * cols, max_size=rows * cols))
    grid = tuple(tuple(tiles[r * cols:(r + 1) * cols]) for r in range(rows))
    board = Board(grid, draw(st.booleans()), True)
    try:
        return validate(board)
    except InvalidPuzzle:
        return Board(grid, True, True)  # every tile fits a wrapping board


@settings(max_examples=200, deadline=None)
@given(boards())
def test_round_trip(board):
    game_id = format_tatham(board.tiles, board.wrap)
    assert parse_tatham(game_id) == board
    assert independent(game_id) == (board.tiles, board.wrap)
    assert NET.format(NET.parse(game_id), "tatham") == game_id


@pytest.mark.parametrize("game_id", lines("net.txt"))
def test_real_ids_are_unique(game_id):
    board = NET.parse(game_id)
    assert (board.tiles, board.wrap) == independent(game_id) and board.connected
    assert NET.format(board, "tatham") == game_id
    result = NET.solve(board, unique=True)
    assert result.unique is True
    solved = NET.format_answer(board, result.solution, "tatham")
    assert solved.split(":")[0] == game_id.split(":")[0]
    assert NET.parse_answer(board, solved) == result.solution
    assert NET.is_solution(board, result.solution).ok


def test_cli_reads_ids_from_argument_file_and_stdin(tmp_path):
    game_id = lines("net.txt")[0]
    path = tmp_path / "net.txt"
    path.write_text(game_id + "\n")
    outs = [run_cli(["solve", "net", game_id, "--unique", "--format", "tatham"]),
            run_cli(["solve", "net", str(path), "--unique", "--format", "tatham"]),
            run_cli(["solve", "net", "-", "--unique", "--format", "tatham"], stdin=game_id)]
    assert all(code == 0 for code, _, _ in outs) and len({out for _, out, _ in outs}) == 1
    assert outs[0][1].startswith("5x5:")
    code, out, _ = run_cli(["solve", "net", game_id, "--unique", "--format", "json"])
    body = json.loads(out)
    assert code == 0 and body["status"] == "solved" and body["unique"] is True
    assert run_cli(["render", "net", game_id, "--format", "tatham"])[1].strip() == game_id


def test_generate_writes_ids_that_read_back():
    code, out, _ = run_cli(["generate", "net", "--size", "5x7", "--connected", "--wrap",
                            "--count", "2", "--seed", "4", "--format", "tatham"])
    ids = out.split()
    assert code == 0 and len(ids) == 2 and all(i.startswith("7x5w:") for i in ids)
    for game_id in ids:
        assert NET.solve(NET.parse(game_id), unique=True).solution is not None


@pytest.mark.parametrize("game_id, words", [
    ("5x5:374341ede26e43da772a4291", "24 tiles given, a 5x5 board (width x height) needs 25"),
    ("5x5:374341ede26e43da772a42914f", "26 tiles given"),
    ("5x5:374341ede26e43dx772a42914", "'x' at character 20 is not a hex digit"),
    ("5x5q:374341ede26e43da772a42914", "unsupported parameter 'q'"),
    ("1x1:3", "needs at least 2 tiles"),
    ("3x2:1a42f8", "the tile at character 9 (row 2, column 2)"),
    (lines("net-barriers.txt")[0], "barriers are not supported ('h' at character 9"),
])
def test_errors_are_one_line(game_id, words):
    with pytest.raises(InvalidPuzzle, match=re.escape(words)):
        parse_tatham(game_id)
    code, out, err = run_cli(["solve", "net", game_id])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


@pytest.mark.parametrize("params", ["12x12", "20x20w", "30x30", "40x40"])
def test_fresh_sgt_net_ids_are_unique(params):
    for game_id in sgt("net", "--generate", "2", params):
        board = NET.parse(game_id)
        assert (board.tiles, board.wrap) == independent(game_id)
        result = NET.solve(board, unique=True)
        assert result.unique is True and NET.is_solution(board, result.solution).ok


def test_fresh_sgt_net_barriers_are_refused():
    for game_id in sgt("net", "--generate", "2", "8x8b0.5"):
        code, _, err = run_cli(["solve", "net", game_id])
        assert code == 2 and "barriers are not supported" in err
