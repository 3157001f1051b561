"""Net <-> Tatham game IDs (``WxH:HEX``, ``WxHw:`` wrapping, ``h``/``v`` barriers after a
tile): round trips, real IDs proven unique with no link across a barrier, errors as one line
(exit 2), and fresh IDs from ``sgt-net``, which also reads back the IDs written here."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.net.board import Board, barrier_edges, barrier_grid
from puzzlesmith.puzzles.net.formats import format_tatham, parse_tatham, validate

from ..cli.conftest import run_cli
from .helpers import assert_one_line_error, lines, sgt

NET = get("net")
TATHAM_BITS = {"R": 1, "U": 2, "L": 4, "D": 8}
OUR_BITS = {"U": 1, "L": 2, "D": 4, "R": 8}


def independent(game_id: str) -> tuple[tuple[tuple[int, ...], ...], bool]:
    """A second, plain reading: the sides of each Tatham digit, as our bits."""
    tiles, wrap, _ = independent_barriers(game_id)
    return tiles, wrap


def independent_barriers(game_id: str):
    """The tiles, the wrapping and the barriers ``(row, column, "right"|"down")`` from 0 of
    a game ID, read character by character."""
    params, desc = game_id.split(":")
    width, height = map(int, re.match(r"(\d+)x(\d+)", params).groups())
    tiles, barriers = [], set()
    for ch in desc:
        if ch in "hv":
            row, col = divmod(len(tiles) - 1, width)
            barriers.add((row, col, "right" if ch == "v" else "down"))
            continue
        t = int(ch, 16)
        tiles.append(sum(OUR_BITS[side] for side, bit in TATHAM_BITS.items() if t & bit))
    grid = tuple(tuple(tiles[r * width:(r + 1) * width]) for r in range(height))
    return grid, "w" in params, barriers


def our_barriers(board: Board) -> set[tuple[int, int, str]]:
    return {(i, j, "right" if bit == 8 else "down") for i, j, bit in barrier_edges(board)}


def crossings(board: Board, grid) -> list:
    """The links of ``grid`` across a barrier of ``board``, in plain loops."""
    out = []
    for i, j, side in our_barriers(board):
        ni, nj = (i, (j + 1) % board.cols) if side == "right" else ((i + 1) % board.rows, j)
        there, back = (8, 2) if side == "right" else (4, 1)
        if grid[i][j] & there and grid[ni][nj] & back:
            out.append((i, j, side))
    return out


def sgt_reads(game_id: str, tmp_path) -> bool:
    """Whether Tatham's own Net accepts ``game_id`` (it saves a game of it)."""
    path = shutil.which("sgt-net") or "/usr/games/sgt-net"
    done = subprocess.run([path, "--generate", "1", "--save", str(tmp_path / "saved"),
                           game_id], capture_output=True, text=True, timeout=60)
    return done.returncode == 0 and f":{game_id.split(':')[1]}" in (
        tmp_path / "saved0").read_text()


@st.composite
def boards(draw) -> Board:
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    assume(rows * cols >= 2)
    tiles = draw(st.lists(st.integers(0, 15), min_size=rows * cols, max_size=rows * cols))
    grid = tuple(tuple(tiles[r * cols:(r + 1) * cols]) for r in range(rows))
    board = Board(grid, draw(st.booleans()), True)
    try:
        board = validate(board)
    except InvalidPuzzle:
        board = Board(grid, True, True)  # every tile fits a wrapping board
    if draw(st.booleans()):                              # barriers the tiles can turn clear of
        links = [(i, j, bit) for i in range(rows) for j in range(cols) for bit in (8, 4)]
        chosen = draw(st.lists(st.sampled_from(links), max_size=len(links)))
        barred = replace(board, barriers=barrier_grid(rows, cols, chosen, wrap=board.wrap))
        if barred.fitting().all():
            board = barred
    return board


@settings(max_examples=200, deadline=None)
@given(boards())
def test_round_trip(board):
    game_id = format_tatham(board.tiles, board.wrap, board.barriers)
    assert parse_tatham(game_id) == board
    assert independent_barriers(game_id) == (board.tiles, board.wrap, our_barriers(board))
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
    ("3x2:h1a4248", "'h' at character 5 comes before any tile"),
    ("3x2:1ha42V48", "'V' at character 10 is not a hex digit"),
    ("3x2:1va4248", "the tile at character 7 (row 1, column 2): tile 5 points off the 2x3 "
                    "board or across a barrier"),
])
def test_errors_are_one_line(game_id, words):
    assert_one_line_error(parse_tatham, "net", game_id, words)


@pytest.mark.parametrize("params", ["12x12", "20x20w", "30x30", "40x40"])
def test_fresh_sgt_net_ids_are_unique(params):
    for game_id in sgt("net", "--generate", "2", params):
        board = NET.parse(game_id)
        assert (board.tiles, board.wrap) == independent(game_id)
        result = NET.solve(board, unique=True)
        assert result.unique is True and NET.is_solution(board, result.solution).ok


@pytest.mark.parametrize("game_id", lines("net-barriers.txt"))
def test_real_ids_with_barriers(game_id):
    board = NET.parse(game_id)
    tiles, wrap, barriers = independent_barriers(game_id)
    assert (board.tiles, board.wrap, our_barriers(board)) == (tiles, wrap, barriers)
    assert barriers and NET.format(board, "tatham") == game_id
    result = NET.solve(board, unique=True)
    assert result.unique is True and crossings(board, result.solution) == []
    assert NET.is_solution(board, result.solution).ok
    solved = NET.format_answer(board, result.solution, "tatham")
    assert independent_barriers(solved)[1:] == (wrap, barriers)
    assert NET.parse_answer(board, solved) == result.solution


@pytest.mark.parametrize("params", ["12x12b0.3", "30x30b0.3", "20x20wb0.3", "40x40b0.5"])
def test_fresh_sgt_net_ids_with_barriers(params, tmp_path):
    for game_id in sgt("net", "--generate", "2", params):
        code, out, _ = run_cli(["solve", "net", game_id, "--unique", "--format", "json"])
        body = json.loads(out)
        assert code == 0 and body["status"] == "solved" and body["unique"] is True
        board = NET.parse(game_id)
        grid = tuple(tuple(int(c, 16) for c in row) for row in body["solution"])
        assert crossings(board, grid) == [] and NET.is_solution(board, grid).ok
        code, out, _ = run_cli(["solve", "net", game_id, "--unique", "--format", "tatham"])
        solved = out.strip()
        assert code == 0 and solved.split(":")[0] == game_id.split(":")[0]
        assert independent_barriers(solved)[1:] == independent_barriers(game_id)[1:]
        assert NET.format(board, "tatham") == game_id and sgt_reads(solved, tmp_path)


def test_sgt_net_reads_generated_ids(tmp_path):
    sgt("net", "--generate", "1", "3x3")                    # skips where it is absent
    code, out, _ = run_cli(["generate", "net", "--size", "6x9", "--connected", "--wrap",
                            "--barriers", "0.4", "--seed", "8", "--count", "2", "--format",
                            "tatham"])
    assert code == 0
    for game_id in out.split():
        assert "h" in game_id or "v" in game_id
        assert sgt_reads(game_id, tmp_path)
