"""Solving: optimal lengths against the shared data and exact BFS, replayed answers, limits."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles import sliding as sl
from puzzlesmith.results import Limits, Status

from .conftest import read_instances


def check(result, board, goal=None):
    """The independent checker: replay the moves and land on the goal."""
    goal = goal or sl.goal_board(board.rows, board.cols)
    assert result.status is Status.SOLVED
    assert sl.apply_moves(board, result.moves) == goal
    assert result.length == len(result.moves)
    return result.length


@pytest.fixture(scope="module")
def eight(shared_data):
    return read_instances(shared_data / "sliding" / "8puzzle.txt")


@pytest.fixture(scope="module")
def fifteen(shared_data):
    return read_instances(shared_data / "sliding" / "15puzzle.txt")


@pytest.mark.parametrize("heuristic", ["pdb", "linear-conflict", "manhattan"])
def test_all_8_puzzle_instances(eight, heuristic):
    assert len(eight) == 200
    for tiles, known in eight:
        board = sl.parse(tiles)
        result = sl.solve(board, heuristic=heuristic)
        assert check(result, board) == known
        assert result.optimal


def test_the_two_hardest_8_puzzles(eight):
    for tiles, known in eight[:2]:
        assert known == 31
        board = sl.parse(tiles)
        for method, heuristic in [("astar", "corner"), ("idastar", "last-move"),
                                  ("bfs", "manhattan"), ("idastar", "pdb")]:
            result = sl.solve(board, method=method, heuristic=heuristic)
            assert check(result, board) == 31 and result.optimal


def test_15_puzzle_sample(fifteen):
    """The quickest third of the 15-puzzle instances, with small (5-5-5) test databases."""
    sample = sorted(fifteen, key=lambda item: item[1])[:18]
    for tiles, known in sample:
        board = sl.parse(tiles)
        result = sl.solve(board, partition="5-5-5")
        assert check(result, board) == known and result.optimal


def test_the_seeds_board():
    board = sl.example()
    result = sl.solve(board, partition="5-5-5")
    assert check(result, board) == 41 and result.optimal
    assert sl.solve(board, heuristic="linear-conflict").length == 41


def test_unsolvable_instances(shared_data):
    for tiles, _ in read_instances(shared_data / "sliding" / "unsolvable.txt"):
        result = sl.solve(sl.parse(tiles))
        assert result.status is Status.UNSOLVABLE and result.length is None
        assert sl.format_solution(result) == sl.NO_SOLUTION


@pytest.mark.parametrize("method", sl.METHODS)
def test_every_method_on_8_puzzles(method, eight):
    """Optimal methods find the optimum; the others a valid answer within their bound."""
    for tiles, known in eight[2:40:4]:
        board = sl.parse(tiles)
        heuristic = "manhattan" if method in ("bfs", "greedy") else "linear-conflict"
        result = sl.solve(board, method=method, heuristic=heuristic, weight=1.5)
        length = check(result, board)
        if result.optimal:
            assert length == known
        if result.bound is not None:
            assert length <= result.bound * known
    assert sl.solve(sl.parse(eight[0][0]), method=method).status is Status.SOLVED


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]), st.integers(0, 2**32),
       st.sampled_from(["last", "first"]))
def test_random_small_boards_against_bfs(shape, seed, blank):
    rows, cols = shape
    goal = sl.goal_board(rows, cols, blank)
    board = sl.generate(rows, cols, rng=seed, goal=goal)
    exact = sl.solve(board, goal, method="bfs")
    assert exact.optimal
    for method, heuristic in [("idastar", "pdb"), ("idastar", "linear-conflict"),
                              ("astar", "corner"), ("idastar", "last-move")]:
        result = sl.solve(board, goal, method=method, heuristic=heuristic)
        assert check(result, board, goal) == exact.length
    assert check(sl.solve(board, goal, method="greedy"), board, goal) >= exact.length


def test_explicit_goal():
    goal = sl.parse("8 7 6 5 4 3 2 1 0")
    board = sl.generate(3, rng=3, goal=goal)
    result = sl.solve(board, goal, partition="4-4")
    assert check(result, board, goal) == sl.solve(board, goal, method="bfs").length


def test_non_square_boards_weighted_bound():
    rng = random.Random(4)
    for rows, cols in [(3, 4), (4, 3), (2, 5)]:
        for _ in range(3):
            board = sl.generate(rows, cols, rng=rng)
            best = sl.solve(board, heuristic="linear-conflict")
            assert best.optimal
            check(best, board)
            fast = sl.solve(board, method="weighted-idastar", heuristic="pdb", weight=2)
            assert check(fast, board) <= 2 * best.length and fast.bound == 2
            assert sl.solve(board).length == best.length


def test_24_puzzle_bounded_suboptimal():
    board = sl.generate(5, rng=11, moves=60)
    result = sl.solve(board, method="weighted-idastar", heuristic="linear-conflict", weight=2)
    check(result, board)
    assert not result.optimal and result.bound == 2


def test_node_limit_gives_up():
    board = sl.example()
    for method in ("idastar", "astar"):
        result = sl.solve(board, method=method, heuristic="manhattan", limits=Limits(nodes=500))
        assert result.status is Status.GAVE_UP and "node limit" in result.reason
        assert result.length is None and not result.optimal
        assert result.stats.nodes <= 500


def test_time_limit_gives_up():
    board = sl.parse("7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4")
    result = sl.solve(board, heuristic="manhattan", limits=Limits(seconds=0))
    assert result.status is Status.GAVE_UP and "time" in result.reason


def test_progress_is_reported():
    calls = []
    sl.solve(sl.parse("7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4"), heuristic="linear-conflict",
             progress=lambda nodes, info: calls.append(nodes))
    assert calls and calls == sorted(calls)


@pytest.mark.parametrize("options", [{"method": "dfs"}, {"heuristic": "nope"},
                                     {"weight": 0.5}])
def test_bad_choices_fail_before_work(options):
    with pytest.raises(UsageError):
        sl.solve(sl.example(), **options)


def test_already_solved_and_hint():
    goal = sl.goal_board(4, 4)
    result = sl.solve(goal, partition="5-5-5")
    assert result.status is Status.SOLVED and result.moves == "" and result.optimal
    result, first = sl.hint(sl.parse("1 2 3 4 5 6 0 7 8"))
    assert first == "R" and result.length == 2


def test_results_are_deterministic():
    board = sl.generate(4, rng=2, moves=40)
    runs = {sl.solve(board, heuristic="linear-conflict").moves for _ in range(3)}
    assert len(runs) == 1


def test_memory_cap_gives_up():
    board = sl.parse("7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4")
    result = sl.solve(board, method="astar", heuristic="misplaced", max_stored=2000)
    assert result.status is Status.GAVE_UP and "memory" in result.reason


def test_two_partitions_solve_optimally(eight):
    for tiles, known in eight[:60:3]:
        board = sl.parse(tiles)
        assert check(sl.solve(board, partition="4-4+5-3"), board) == known


@pytest.mark.parametrize("goal_text, partition", [
    ("1 2 3 4 0 5 6 7 8", "4-4"),                                # blank on the diagonal: mirror
    ("1 2 3 0 4 5 6 7 8", "4-4"),                                # blank off the diagonal
    ("1 2 3 4 5 6 7 8 9 10 0 11 12 13 14 15", "5-5-5"),          # 4x4, blank inside
])
def test_goals_with_the_blank_elsewhere(goal_text, partition):
    goal = sl.parse(goal_text)
    rng = random.Random(8)
    for _ in range(6):
        board = sl.generate(goal.rows, rng=rng, goal=goal, moves=rng.randrange(10, 40))
        reference = sl.solve(board, goal, heuristic="linear-conflict")
        assert check(sl.solve(board, goal, partition=partition), board, goal) == reference.length


def test_bad_partition_fails_even_on_unsolvable_boards():
    with pytest.raises(UsageError):
        sl.solve(sl.parse("1 2 3 4 5 6 8 7 0"), partition="9-9")
