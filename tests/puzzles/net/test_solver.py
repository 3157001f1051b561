"""Net solving and counting: the shared instances under both rules, the seed sample, brute
force, limits.  Every answer goes through the independent checker."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles.net.board import Board
from puzzlesmith.puzzles.net.formats import format_grid, validate
from puzzlesmith.puzzles.net.generate import spanning_tree
from puzzlesmith.results import Limits, Status

from .helpers import NET, brute_force_count, manifest, random_board

NAMES = [f"net_{style}_{k}x{k}_{i}" for style in ("ust", "grow") for k in (5, 10, 20, 40)
         for i in (1, 2, 3)]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("connected", [False, True], ids=["local", "connected"])
def test_shared_instances(data_dir, name, connected):
    row = manifest(data_dir)[name]
    folder = data_dir / "net"
    board = NET.parse((folder / f"{name}.txt").read_text(), connected=connected)
    made_from = NET.parse_answer(board, (folder / f"{name}.sol.txt").read_text())
    assert NET.is_solution(board, made_from)
    result = NET.solve(board, unique=True)
    assert result.status is Status.SOLVED
    assert NET.is_solution(board, result.solution)
    assert result.details["solution"] == format_grid(result.solution).split("\n")
    expected = int(row["net_count_le2" if connected else "local_count_le2"])
    assert result.unique is (expected == 1)
    assert result.verdict() is (Status.SOLVED if expected == 1 else Status.UNSOLVABLE)
    counted = NET.count(board, limit=2)
    assert (counted.count, counted.status) == (expected, Status.SOLVED)
    assert all(NET.is_solution(board, g) for g in counted.solutions)
    if expected == 2:
        other = NET.parse_answer(board, "\n".join(result.details["other"]))
        assert other != result.solution and NET.is_solution(board, other)


def test_seed_sample_gives_the_seed_solution(data_dir):
    folder = data_dir / "net"
    board = NET.parse((folder / "seed_sample.txt").read_text())
    printed = (folder / "seed_sample.sol.txt").read_text().split()
    result = NET.solve(board, unique=True)
    assert result.unique is True and NET.is_solution(board, result.solution)
    assert NET.format_answer(board, result.solution).split() == printed
    connected = NET.solve(replace(board, connected=True), unique=True)
    assert connected.status is Status.UNSOLVABLE and connected.solution is None
    assert connected.to_dict()["unique"] is False


@pytest.mark.parametrize("case", range(40))
def test_counts_agree_with_brute_force(case):
    rng = random.Random(case)
    rows, cols = rng.choice([(2, 2), (2, 3), (3, 3), (3, 2), (1, 4), (3, 4), (4, 4)])
    board = random_board(rows, cols, rng, wrap=case % 3 == 0, tree=rng.random() < 0.6)
    for connected in (False, True):
        board = replace(board, connected=connected)
        try:
            validate(board)
        except InvalidPuzzle:                 # a tile that fits no way: no solution at all
            assert brute_force_count(board) == 0
            continue
        result = NET.count(board, limit=3)
        assert result.count == brute_force_count(board)
        assert all(NET.is_solution(board, g) for g in result.solutions)
        assert result.to_dict()["count"] == result.count


@pytest.mark.parametrize("wrap", [False, True])
def test_one_wide_and_tiny_boards(wrap):
    """Self-links of a 1-wide wrapping board and parallel links of a 2-wide one."""
    for text in ("5\n5\n", "a5\n5a\n", "1\n4\n", "f\n", "0\n", "3\n6\n"):
        for connected in (False, True):
            try:
                board = NET.parse(text, wrap=wrap, connected=connected)
            except InvalidPuzzle:
                board = Board(tuple(tuple(int(c, 16) for c in r) for r in text.split()), wrap,
                              connected)
                assert brute_force_count(board) == 0
                continue
            result = NET.count(board, limit=5)
            assert result.count == brute_force_count(board, cap=5), (text, connected)
            assert all(NET.is_solution(board, g) for g in result.solutions)


def test_seeds_change_the_order_not_the_answers():
    board = random_board(6, 6, random.Random(4), wrap=True, tree=False)
    for seed in range(4):
        result = NET.solve(board, seed=seed)
        if result.solution is not None:
            assert NET.is_solution(board, result.solution)
        assert result.status is NET.solve(board).status


def test_limits_give_up():
    tiles = spanning_tree(20, 20, rng=random.Random(1))
    board = NET.parse(format_grid(tiles), connected=True)
    result = NET.solve(board, unique=True, limits=Limits(nodes=1))
    assert result.status is Status.GAVE_UP or result.unique is not None
    if result.status is Status.GAVE_UP:
        assert result.verdict() is Status.GAVE_UP and result.to_dict()["unique"] is None
    counted = NET.count(board, limits=Limits(nodes=1))
    assert counted.status is Status.GAVE_UP and not counted.complete
    before = NET.count(board, limits=Limits(seconds=0))   # a phase, not a search
    assert before.status is Status.GAVE_UP and "building the model" in before.details["reason"]


def test_memory_limit_refuses_a_big_model():
    board = NET.parse("5" * 400 + "\n", max_tiles=10_000, wrap=True)
    result = NET.solve(board, limits=Limits(memory=10_000))
    assert result.status is Status.GAVE_UP and "memory limit" in result.details["reason"]


def test_progress_gets_stats():
    seen = []
    board = random_board(30, 30, random.Random(2), connected=True)
    result = NET.count(board, progress=seen.append)
    assert seen and seen[-1].nodes == result.stats.nodes
    NET.count(replace(board, connected=False), progress=seen.append)
    assert len(seen) > 1


def test_boards_built_in_code_are_validated():
    with pytest.raises(InvalidPuzzle, match="line 1, column 2: tile 16"):
        NET.solve(Board(((1, 16),)))
    with pytest.raises(InvalidPuzzle, match="row has 1 tiles"):
        NET.count(Board(((1, 4), (2,))))
    with pytest.raises(UsageError):
        NET.solve("0123")
    with pytest.raises(UsageError):
        NET.count(NET.example(), limit=0)


def test_impossible_connector_counts_are_caught_before_search():
    odd = NET.parse("1\n0\n")
    assert NET.solve(odd).status is Status.UNSOLVABLE
    rating = NET.rate(odd)
    assert rating.status is Status.UNSOLVABLE and "odd number" in rating.messages[0]
    too_many = NET.parse("33\n33\n", connected=True)      # 4 links over 4 tiles: a loop
    assert NET.count(too_many).count == 0
    assert NET.count(replace(too_many, connected=False)).count == 1
