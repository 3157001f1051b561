"""Every heuristic is admissible against exact distances; the pattern databases are exact where
they cover every tile; the compiled evaluation agrees with the Python one."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles import sliding as sl
from puzzlesmith.puzzles.sliding.generate import uniform
from puzzlesmith.puzzles.sliding.pdb import load_partition, partition_groups
from puzzlesmith.results import Limits

from .conftest import PUZZLE

PYTHON_HEURISTICS = ["misplaced", "manhattan", "linear-conflict", "last-move", "corner"]


def _sample(distances: dict, k: int, seed: int = 0) -> list:
    """All boards within 8 moves plus a random sample of the rest."""
    rng = random.Random(seed)
    near = [t for t, d in distances.items() if d <= 8]
    return near + rng.sample(sorted(distances), k)


@pytest.mark.parametrize("name", PYTHON_HEURISTICS)
def test_admissible_on_the_8_puzzle(name, distances_3x3):
    h = sl.make_heuristic(name, sl.goal_board(3, 3))
    for tiles in _sample(distances_3x3, 20000):
        assert h(tiles) <= distances_3x3[tiles], tiles
    assert h(sl.goal_board(3, 3).tiles) == 0


@pytest.mark.parametrize("name", PYTHON_HEURISTICS)
def test_admissible_on_2x4_everywhere(name, distances_2x4):
    h = sl.make_heuristic(name, sl.goal_board(2, 4))
    assert all(h(tiles) <= d for tiles, d in distances_2x4.items())


def test_heuristics_are_ordered_as_expected(distances_3x3):
    """Each refinement dominates the plain Manhattan distance."""
    goal = sl.goal_board(3, 3)
    md = sl.make_heuristic("manhattan", goal)
    refined = [sl.make_heuristic(n, goal) for n in ("linear-conflict", "last-move", "corner")]
    mis = sl.make_heuristic("misplaced", goal)
    for tiles in _sample(distances_3x3, 3000, seed=1):
        assert mis(tiles) <= md(tiles)
        assert all(h(tiles) >= md(tiles) for h in refined)


def test_full_3x3_table_is_exact(distances_3x3):
    h = load_partition(sl.goal_board(3, 3), "8").python_heuristic()
    for tiles in _sample(distances_3x3, 20000, seed=2):
        assert h(tiles) == distances_3x3[tiles]


@pytest.mark.parametrize("partition", ["4-4", "3-3-2", "5-3", "2-2-2-2"])
def test_partial_3x3_tables_are_admissible(partition, distances_3x3):
    goal = sl.goal_board(3, 3)
    h = load_partition(goal, partition).python_heuristic()
    md = sl.make_heuristic("manhattan", goal)
    for tiles in _sample(distances_3x3, 10000, seed=3):
        assert md(tiles) <= h(tiles) <= distances_3x3[tiles]


@pytest.mark.parametrize("partition", ["7", "4-3", "2-2-3"])
def test_2x4_tables(partition, distances_2x4):
    goal = sl.goal_board(2, 4)
    h = load_partition(goal, partition).python_heuristic()
    for tiles, d in distances_2x4.items():
        assert h(tiles) <= d
        if partition == "7":
            assert h(tiles) == d


def test_blank_first_goal_tables(distances_3x3):
    goal = sl.goal_board(3, 3, "first")
    from .conftest import exact_distances

    exact = exact_distances(goal)
    h = load_partition(goal, "4-4").python_heuristic()
    for tiles in _sample(exact, 5000, seed=4):
        assert h(tiles) <= exact[tiles]


def test_partitions_cover_every_tile_once():
    for rows, cols, name in [(4, 4, "6-6-3"), (4, 4, "5-5-5"), (3, 3, "8"), (5, 5, "4-4-4-4-4-4"),
                             (3, 4, "6-5")]:
        goal = sl.goal_board(rows, cols)
        groups = partition_groups(goal, name)
        assert sorted(t for g in groups for t in g) == list(range(1, rows * cols))


@pytest.mark.parametrize("bad", ["6-6", "x-y", "9-6", "16"])
def test_bad_partitions(bad):
    with pytest.raises(UsageError):
        partition_groups(sl.goal_board(4, 4), bad)


def test_unknown_heuristic():
    with pytest.raises(UsageError, match="unknown heuristic"):
        sl.make_heuristic("nope", sl.goal_board(3, 3))


@pytest.mark.parametrize("heuristic, python_name", [
    ("manhattan", "manhattan"), ("linear-conflict", "linear-conflict")])
def test_compiled_initial_heuristic_matches_python(heuristic, python_name):
    rng = random.Random(9)
    for rows, cols in [(3, 3), (4, 4), (3, 5)]:
        goal = sl.goal_board(rows, cols)
        h = sl.make_heuristic(python_name, goal)
        for _ in range(30):
            board = uniform(sl.goal_board(rows, cols), rng)
            result = PUZZLE.solve(board, heuristic=heuristic, limits=Limits(nodes=1))
            assert result.stats.extra["initial_h"] == h(board.tiles)


def test_compiled_pdb_matches_python():
    rng = random.Random(10)
    goal = sl.goal_board(3, 3)
    h = load_partition(goal, "3-3-2").python_heuristic()
    for _ in range(50):
        board = uniform(goal, rng)
        result = PUZZLE.solve(board, heuristic="pdb", pdb="3-3-2", limits=Limits(nodes=1))
        assert result.stats.extra["initial_h"] == h(board.tiles)


def test_several_partitions_take_the_maximum(distances_3x3):
    goal = sl.goal_board(3, 3)
    combined = load_partition(goal, "4-4+5-3")
    assert combined.views == 4  # two partitions, each with its reflection
    h = combined.python_heuristic()
    parts = [load_partition(goal, name).python_heuristic() for name in ("4-4", "5-3")]
    rng = random.Random(11)
    for tiles in _sample(distances_3x3, 3000, seed=5):
        assert h(tiles) == max(p(tiles) for p in parts) <= distances_3x3[tiles]
    for _ in range(30):
        board = uniform(goal, rng)
        result = PUZZLE.solve(board, pdb="4-4+5-3", limits=Limits(nodes=1))
        assert result.stats.extra["initial_h"] == h(board.tiles)


def test_lettered_layouts():
    goal = sl.goal_board(4, 4)
    assert partition_groups(goal, "6-6-3b") != partition_groups(goal, "6-6-3")
    with pytest.raises(UsageError, match="no layout"):
        partition_groups(sl.goal_board(3, 3), "4-4b")
