"""The anytime method (best length + proven lower bound) and compact pattern databases."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from puzzlesmith.errors import LimitReached
from puzzlesmith.puzzles.sliding import pdb as pdb_module
from puzzlesmith.puzzles.sliding.anytime import shorten
from puzzlesmith.puzzles.sliding.board import goal_board, parse
from puzzlesmith.puzzles.sliding.generate import random_walk
from puzzlesmith.results import Limits, Stats, Status

from .conftest import PUZZLE, solved_length

SEED = "5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2"


def test_anytime_proves_the_optimum_when_it_has_the_time(distances_3x3):
    for tiles in ("8 6 7 2 5 4 3 0 1", "1 2 3 4 5 6 0 7 8", "6 4 7 8 5 0 3 2 1"):
        t = PUZZLE.parse(tiles)
        result = PUZZLE.solve(t, method="anytime")
        length = solved_length(result, t)
        assert result.optimal is True and length == distances_3x3[t.board.tiles]
        assert result.details["lower_bound"] == length and result.details["gap"] == 0
        assert result.details["bound"] == 1.0


@pytest.mark.slow
def test_anytime_on_the_seeds_board():
    t = PUZZLE.parse(SEED)
    result = PUZZLE.solve(t, method="anytime", pdb="5-5-5")
    assert solved_length(result, t) == 41 and result.optimal is True
    lengths = [length for _, length, _ in result.details["improvements"]]
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] == 41
    assert result.to_dict()["lower_bound"] == 41


def test_anytime_at_a_node_limit_reports_the_gap():
    """Stopped early: the best answer so far, optimal False, a lower bound below it."""
    t = PUZZLE.parse(SEED)
    result = PUZZLE.solve(t, method="anytime", pdb="5-5-5", limits=Limits(nodes=5000))
    length = solved_length(result, t)
    bound = result.details["lower_bound"]
    assert result.optimal is False and bound <= 41 <= length and bound % 2 == length % 2
    assert result.details["gap"] == round((length - bound) / length, 4)
    assert result.details["reason"] == "node limit 5000 reached"
    assert result.stats.nodes <= 5000


def test_anytime_24_puzzle_gives_a_first_answer_and_a_bound():
    board, _ = random_walk(goal_board(5, 5), 200, random.Random(3))
    t = PUZZLE.parse(" ".join(map(str, board.tiles)))
    result = PUZZLE.solve(t, method="anytime", heuristic="linear-conflict",
                          limits=Limits(nodes=500_000))
    length = solved_length(result, t)
    assert result.details["lower_bound"] <= length
    assert result.details["improvements"][0][2] == 3.0


def test_anytime_rejects_uncompiled_heuristics():
    from puzzlesmith.errors import UsageError

    with pytest.raises(UsageError, match="anytime"):
        PUZZLE.solve(PUZZLE.parse("1 2 3 4 5 6 0 7 8"), method="anytime", heuristic="corner")


def test_shorten_keeps_a_solution_and_never_lengthens():
    goal = goal_board(4, 4)
    board, _ = random_walk(goal, 60, random.Random(5))
    t = PUZZLE.parse(" ".join(map(str, board.tiles)))
    long = PUZZLE.solve(t, method="weighted-idastar", weight=3, pdb="5-5-5").solution
    short = shorten(t.board, long)
    assert len(short) <= len(long) and PUZZLE.is_solution(t, short).ok


# ---------------------------------------------------------------- compact tables


@pytest.mark.parametrize("shape, tiles", [((3, 3), (1, 2, 3, 4)), ((3, 4), (2, 5, 7)),
                                          ((2, 5), (1, 2, 3, 4)), ((4, 4), (1, 2, 5))])
def test_compact_tables_hold_the_direct_tables_values(shape, tiles):
    goal = goal_board(*shape)
    n = goal.rows * goal.cols
    direct = pdb_module.build_table(goal, tiles)
    compact = pdb_module.build_compact_table(goal, tiles)
    assert len(compact) == math.perm(n, len(tiles))
    for cells in itertools.permutations(range(n), len(tiles)):
        index = sum(cell * n ** i for i, cell in enumerate(cells))
        assert compact[pdb_module.rank_cells(list(cells), n)] == direct[index]


def test_compact_search_expands_the_same_nodes(monkeypatch, tmp_path):
    """The same tables with the compact index: same lengths, same node counts."""
    from puzzlesmith.puzzles.sliding import solve as solver

    boards = ["8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1", "2 4 3 1 5 6 7 8 0"]
    kernels = ("numba", "python")
    direct = [{kernel: solver.solve(PUZZLE.parse(b).board, partition="4-4", kernels=kernel)
               for kernel in kernels} for b in boards]
    monkeypatch.setattr(pdb_module, "MAX_BUILD", 9 ** 4)  # 4 tiles on 3x3: compact
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    assert pdb_module.compact(9, 4)
    database = pdb_module.load_partition(goal_board(3, 3), "4-4")
    assert database.compact and all(len(t) == math.perm(9, 4) for t in database.tables)
    for b, before in zip(boards, direct, strict=True):
        t = PUZZLE.parse(b)
        for kernel in kernels:
            after = solver.solve(t.board, t.goal, partition="4-4", kernels=kernel)
            assert solved_length(after, t) == before[kernel].details["length"]
            assert after.stats.nodes == before[kernel].stats.nodes
        anytime = PUZZLE.solve(t, method="anytime", pdb="4-4")
        assert anytime.optimal and solved_length(anytime, t) == len(before["numba"].solution)


def test_compact_build_states_its_memory_and_reports_progress(monkeypatch, tmp_path):
    goal = goal_board(3, 3)
    need = pdb_module.compact_bytes(9, 4)
    with pytest.raises(LimitReached, match="MB, over the memory budget"):
        pdb_module.build_compact_table(goal, (1, 2, 3, 4), limits=Limits(memory=need - 1))
    seen: list[Stats] = []
    pdb_module.build_compact_table(goal, (1, 2, 3, 4), progress=seen.append,
                                   limits=Limits(memory=2 * need))  # small frontiers grow
    assert seen and seen[-1].extra["phase"].startswith("building pattern database")
    assert seen[-1].extra["bytes"] == need and seen[-1].extra["total"] == math.perm(9, 4)


def test_the_24_puzzle_partition_is_korf_and_felners():
    groups = pdb_module.partition_groups(goal_board(5, 5), "6-6-6-6")
    assert sorted(len(g) for g in groups) == [6, 6, 6, 6]
    assert sorted(t for g in groups for t in g) == list(range(1, 25))
    assert pdb_module.compact(25, 6) and not pdb_module.compact(25, 4)
    assert round(pdb_module.compact_bytes(25, 6) / 1e6) == 1046


def test_status_of_a_board_already_solved():
    result = PUZZLE.solve(PUZZLE.parse("1 2 3 0"), method="anytime")
    assert result.status is Status.SOLVED and result.solution == "" and result.optimal
    assert parse("1 2 3 0").tiles == (1, 2, 3, 0)


def test_anytime_ctrl_c_returns_the_best_so_far():
    board, _ = random_walk(goal_board(5, 5), 200, random.Random(4))
    t = PUZZLE.parse(" ".join(map(str, board.tiles)))
    calls = []

    def progress(stats):
        calls.append(stats.nodes)
        if len(calls) == 3:
            raise KeyboardInterrupt

    result = PUZZLE.solve(t, method="anytime", heuristic="linear-conflict", progress=progress)
    assert result.details["reason"] == "interrupted" and result.optimal is False
    if result.status is Status.SOLVED:
        assert result.details["lower_bound"] <= solved_length(result, t)
