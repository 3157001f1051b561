"""Solving: optimal lengths against the shared data and exact BFS, checked answers, limits."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles import sliding as sl
from puzzlesmith.puzzles.sliding.board import Instance
from puzzlesmith.puzzles.sliding.generate import random_walk, uniform
from puzzlesmith.results import Limits, Status

from .conftest import PUZZLE, read_instances, solved_length

HARD_15 = "7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4"
HARDEST_8_SOLVER = "8 6 7 2 5 4 3 0 1"  # 31 moves


def task(tiles: str, goal=None) -> Instance:
    return PUZZLE.parse(tiles, goal=goal)


def walk(goal, moves, seed) -> Instance:
    return Instance(random_walk(goal, moves, random.Random(seed))[0], goal)


@pytest.fixture(scope="module")
def eight(data_dir):
    return read_instances(data_dir / "sliding" / "8puzzle.txt")


@pytest.fixture(scope="module")
def fifteen(data_dir):
    return read_instances(data_dir / "sliding" / "15puzzle.txt")


@pytest.mark.parametrize("heuristic", ["pdb", "linear-conflict", "manhattan"])
def test_all_8_puzzle_instances(eight, heuristic):
    assert len(eight) == 200
    for tiles, known in eight:
        t = task(tiles)
        result = PUZZLE.solve(t, heuristic=heuristic)
        assert solved_length(result, t) == known
        assert result.optimal is True


def test_the_two_hardest_8_puzzles(eight):
    for tiles, known in eight[:2]:
        assert known == 31
        t = task(tiles)
        for method, heuristic in [("astar", "corner"), ("idastar", "last-move"),
                                  ("bfs", "manhattan"), ("idastar", "pdb")]:
            result = PUZZLE.solve(t, method=method, heuristic=heuristic)
            assert solved_length(result, t) == 31 and result.optimal


def test_15_puzzle_sample(fifteen):
    """The quickest third of the 15-puzzle instances, with small (5-5-5) test databases."""
    sample = sorted(fifteen, key=lambda item: item[1])[:18]
    for tiles, known in sample:
        t = task(tiles)
        result = PUZZLE.solve(t, pdb="5-5-5")
        assert solved_length(result, t) == known and result.optimal


def test_the_seeds_board():
    t = PUZZLE.example()
    result = PUZZLE.solve(t, pdb="5-5-5")
    assert solved_length(result, t) == 41 and result.optimal
    assert PUZZLE.solve(t, heuristic="linear-conflict").details["length"] == 41


def test_unsolvable_instances(data_dir):
    for tiles, _ in read_instances(data_dir / "sliding" / "unsolvable.txt"):
        t = task(tiles)
        result = PUZZLE.solve(t)
        assert result.status is Status.UNSOLVABLE and result.details["length"] is None
        assert result.solution is None and result.optimal is False
        assert PUZZLE.report_text("solve", t, result) == sl.NO_SOLUTION
        assert PUZZLE.is_solution(t, result.solution).ok


@pytest.mark.parametrize("method", sl.METHODS)
def test_every_method_on_8_puzzles(method, eight):
    """Optimal methods find the optimum; the others a valid answer within their bound, and
    say optimal=False."""
    for tiles, known in eight[2:40:4]:
        t = task(tiles)
        heuristic = "manhattan" if method in ("bfs", "greedy") else "linear-conflict"
        result = PUZZLE.solve(t, method=method, heuristic=heuristic, weight=1.5)
        length = solved_length(result, t)
        if method in ("weighted", "weighted-idastar", "greedy"):
            assert result.optimal is False
        else:
            assert result.optimal is True
        if result.optimal:
            assert length == known
        if result.details["bound"] is not None:
            assert length <= result.details["bound"] * known
    assert PUZZLE.solve(task(eight[0][0]), method=method).status is Status.SOLVED


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)]), st.integers(0, 2**32),
       st.sampled_from(["last", "first"]))
def test_random_small_boards_against_bfs(shape, seed, blank):
    rows, cols = shape
    goal = sl.goal_board(rows, cols, blank)
    t = Instance(uniform(goal, random.Random(seed)), goal)
    exact = PUZZLE.solve(t, method="bfs")
    assert exact.optimal
    for method, heuristic in [("idastar", "pdb"), ("idastar", "linear-conflict"),
                              ("astar", "corner"), ("idastar", "last-move")]:
        result = PUZZLE.solve(t, method=method, heuristic=heuristic)
        assert solved_length(result, t) == exact.details["length"]
    assert solved_length(PUZZLE.solve(t, method="greedy"), t) >= exact.details["length"]


def test_explicit_goal():
    goal = sl.parse_board("8 7 6 5 4 3 2 1 0")
    t = Instance(uniform(goal, random.Random(3)), goal)
    result = PUZZLE.solve(t, pdb="4-4")
    assert solved_length(result, t) == PUZZLE.solve(t, method="bfs").details["length"]


def test_non_square_boards_weighted_bound():
    rng = random.Random(4)
    for rows, cols in [(3, 4), (4, 3), (2, 5)]:
        for _ in range(3):
            t = Instance(uniform(sl.goal_board(rows, cols), rng), sl.goal_board(rows, cols))
            best = PUZZLE.solve(t, heuristic="linear-conflict")
            assert best.optimal
            optimum = solved_length(best, t)
            fast = PUZZLE.solve(t, method="weighted-idastar", heuristic="pdb", weight=2)
            assert solved_length(fast, t) <= 2 * optimum and fast.details["bound"] == 2
            assert fast.optimal is False
            assert PUZZLE.solve(t).details["length"] == optimum


def test_24_puzzle_bounded_suboptimal():
    t = walk(sl.goal_board(5, 5), 60, 11)
    result = PUZZLE.solve(t, method="weighted-idastar", heuristic="linear-conflict", weight=2)
    solved_length(result, t)
    assert result.optimal is False and result.details["bound"] == 2


def test_node_limit_gives_up():
    t = PUZZLE.example()
    for method in ("idastar", "astar"):
        result = PUZZLE.solve(t, method=method, heuristic="manhattan",
                              limits=Limits(nodes=500))
        assert result.status is Status.GAVE_UP and "node limit" in result.details["reason"]
        assert result.details["length"] is None and result.optimal is False
        assert result.stats.nodes <= 500
        assert result.to_dict()["status"] == "gave-up"


def test_time_limit_gives_up():
    result = PUZZLE.solve(task(HARD_15), heuristic="manhattan", limits=Limits(seconds=0))
    assert result.status is Status.GAVE_UP and "time" in result.details["reason"]


def test_progress_is_reported_with_one_stats():
    calls = []
    PUZZLE.solve(task(HARD_15), heuristic="linear-conflict",
                 progress=lambda stats: calls.append((stats.nodes, stats.extra["phase"])))
    nodes = [n for n, _ in calls]
    assert calls and nodes == sorted(nodes)
    assert {phase for _, phase in calls} == {"searching"}


@pytest.mark.parametrize("options", [{"method": "dfs"}, {"heuristic": "nope"},
                                     {"weight": 0.5}, {"weight": float("nan")}])
def test_bad_choices_fail_before_work(options):
    with pytest.raises(UsageError):
        PUZZLE.solve(PUZZLE.example(), **options)


def test_already_solved():
    result = PUZZLE.solve(sl.goal_board(4, 4), pdb="5-5-5")
    assert result.status is Status.SOLVED and result.solution == "" and result.optimal


def test_results_are_deterministic():
    t = walk(sl.goal_board(4, 4), 40, 2)
    runs = {PUZZLE.solve(t, heuristic="linear-conflict").solution for _ in range(3)}
    assert len(runs) == 1


def test_memory_cap_gives_up():
    result = PUZZLE.solve(task(HARD_15), method="astar", heuristic="misplaced", max_stored=2000)
    assert result.status is Status.GAVE_UP and "memory" in result.details["reason"]


@pytest.mark.parametrize("method", ["astar", "greedy", "bfs"])
def test_memory_budget_in_bytes(method):
    """A* and BFS estimate their stored states' bytes and give up at ``limits.memory``."""
    result = PUZZLE.solve(task(HARD_15), method=method, heuristic="misplaced",
                          limits=Limits(memory=2_000_000))
    if result.status is not Status.SOLVED:  # greedy may finish within the budget
        assert result.status is Status.GAVE_UP
        assert "memory budget of 2,000,000 bytes" in result.details["reason"]
        assert result.stats.nodes < 10_000


def test_two_partitions_solve_optimally(eight):
    for tiles, known in eight[:60:3]:
        t = task(tiles)
        assert solved_length(PUZZLE.solve(t, pdb="4-4+5-3"), t) == known


@pytest.mark.parametrize("goal_text, partition", [
    ("1 2 3 4 0 5 6 7 8", "4-4"),                                # blank on the diagonal: mirror
    ("1 2 3 0 4 5 6 7 8", "4-4"),                                # blank off the diagonal
    ("1 2 3 4 5 6 7 8 9 10 0 11 12 13 14 15", "5-5-5"),          # 4x4, blank inside
])
def test_goals_with_the_blank_elsewhere(goal_text, partition):
    goal = sl.parse_board(goal_text)
    rng = random.Random(8)
    for _ in range(6):
        t = walk(goal, rng.randrange(10, 40), rng.randrange(10**6))
        reference = PUZZLE.solve(t, heuristic="linear-conflict")
        assert solved_length(PUZZLE.solve(t, pdb=partition), t) == reference.details["length"]


def test_bad_partition_fails_even_on_unsolvable_boards():
    with pytest.raises(UsageError):
        PUZZLE.solve(task("1 2 3 4 5 6 8 7 0"), pdb="9-9")


def test_zero_heuristic_honours_limits():
    """``heuristic="zero"`` leaves IDA* blind; on a 15-puzzle it must still stop at the limits."""
    result = PUZZLE.solve(task(HARD_15), heuristic="zero", limits=Limits(seconds=0.3))
    assert result.status is Status.GAVE_UP and "time" in result.details["reason"]
    assert result.details["heuristic"] == "none (zero heuristic)"
    assert any("heuristic is 0" in m for m in result.messages)
    result = PUZZLE.solve(task(HARD_15), heuristic="zero", limits=Limits(nodes=10_000))
    assert result.status is Status.GAVE_UP and result.stats.nodes <= 10_000
    easy = task("1 2 3 4 5 6 0 7 8")
    assert solved_length(PUZZLE.solve(easy, heuristic="zero"), easy) == 2


def test_no_table_means_linear_conflict():
    """``pdb="none"`` is "no table": linear conflict, never the blind search (no warning)."""
    for method in ("idastar", "astar"):
        result = PUZZLE.solve(task(HARDEST_8_SOLVER), method=method, pdb="none")
        assert result.details["heuristic"] == "linear-conflict", method
        assert result.details["length"] == 31
        assert not any("heuristic is 0" in m for m in result.messages)
    counted = PUZZLE.count(task("1 2 3 4 5 6 0 7 8"), pdb="none")
    assert counted.count == 1 and counted.details["heuristic"] == "linear-conflict"


def test_interrupt_gives_up_with_the_statistics():
    """Ctrl-C (KeyboardInterrupt from the progress callback, as between chunks) gives up."""
    def interrupt(stats):
        if stats.nodes > 0:
            raise KeyboardInterrupt

    for method in ("idastar", "astar"):
        result = PUZZLE.solve(task(HARD_15), method=method, heuristic="manhattan",
                              progress=interrupt)
        assert result.status is Status.GAVE_UP and result.details["reason"] == "interrupted"
        assert result.stats.nodes > 0
