"""The solver traces replay what the engines did: A*'s mirrored frontier predicts each next
expansion, IDA*'s paths lead to the boards expanded under the iteration's bound, min-conflicts
repairs end on a solution, the exact-cover branching finds the solver's solution, and the
deductions end on a solved board.  Every final answer goes through ``is_solution``."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.puzzles import get
from puzzlesmith.serve.api import Settings, handle
from puzzlesmith.serve.trace import _Sliding, queens_minconflicts_steps, sliding_steps
from tests.serve.test_api import PLAYABLE

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)


def boards(count: int, seed: int = 5):
    """Random solvable 3x3 boards (random walks from the goal)."""
    problem, rng = _Sliding(3, 3, GOAL, GOAL), random.Random(seed)
    for _ in range(count):
        tiles = GOAL
        for _ in range(60):
            tiles = rng.choice(list(problem.children(tiles)))[1]
        yield tiles


def replay(tiles, moves):
    problem = _Sliding(3, 3, GOAL, GOAL)
    for move in moves:
        tiles = next(child for letter, child, _ in problem.children(tiles) if letter == move)
    return "".join(str(t) for t in tiles)


def test_a_star_frontier_predicts_each_expansion():
    for tiles in boards(8):
        trail, result = sliding_steps(3, 3, tiles, GOAL, method="astar", steps=10_000)
        assert result.solved and len(trail) == result.stats.nodes
        for step, after in zip(trail, trail[1:], strict=False):
            assert step["frontier"][0][0] == after["state"]
            fs = [g + h for _, g, h in step["frontier"]]
            assert fs == sorted(fs) and step["f"] == step["g"] + step["h"]
        assert trail[-1]["frontier"][0][0] == "123456780"
        assert replay(tiles, result.actions) == "123456780"


def test_ida_star_paths_and_bounds():
    for tiles in boards(8, seed=6):
        trail, result = sliding_steps(3, 3, tiles, GOAL, method="idastar", steps=50_000)
        astar = sliding_steps(3, 3, tiles, GOAL, method="astar", steps=10_000)[1]
        assert result.solved and len(result.actions) == len(astar.actions)  # both optimal
        bounds = [step["bound"] for step in trail]
        assert bounds == sorted(bounds) and bounds[-1] == len(result.actions)
        for step in trail:
            assert replay(tiles, step["path"]) == step["state"]
            assert len(step["path"]) == step["g"] and step["f"] <= step["bound"]


def test_min_conflicts_repairs_end_on_a_solution():
    queens = get("queens")
    board = queens.parse("10")
    solved_runs = 0
    for seed in range(5):
        start, repairs, solved = queens_minconflicts_steps(10, None, seed=seed, steps=5000,
                                                           fixed={0: 3})
        rows = list(start)
        assert rows[0] == 3
        for repair in repairs:
            assert rows[repair["col"]] == repair["from"] and repair["col"] != 0
            rows[repair["col"]] = repair["to"]
        assert queens.is_solution(board, rows).ok == solved
        if solved:  # min-conflicts may stall in a local minimum (it does not restart)
            solved_runs += 1
            assert repairs[-1]["attacked"] == 0
    assert solved_runs >= 3


@pytest.mark.skipif("starbattle" not in PLAYABLE, reason="starbattle is not under test")
def test_exact_cover_branching_finds_the_solution():
    starbattle = get("starbattle")
    text = starbattle.generate(seed=3, size="8", stars=1).puzzles[0].text
    code, trace = handle("starbattle", "trace", {"text": text, "method": "exactcover"},
                         Settings())
    assert code == 200 and trace["status"] == "solved" and not trace["truncated"]
    stars = sorted(tuple(cell) for cell in trace["solution"])
    puzzle = starbattle.parse(text)
    assert starbattle.is_solution(puzzle, stars).ok
    assert stars == sorted(starbattle.solve(puzzle).solution)  # unique: the same stars
    assert trace["steps"][-1]["kind"] == "solution"
    assert trace["nodes"] == sum(s["kind"] in ("take", "fail") for s in trace["steps"])


@pytest.mark.parametrize("name", [n for n in ("starbattle", "net") if n in PLAYABLE])
def test_deductions_end_solved(name):
    puzzle = get(name)
    options = {"size": "6", "stars": 1} if name == "starbattle" else {"size": "5x5"}
    text = puzzle.generate(seed=4, **options).puzzles[0].text
    code, trace = handle(name, "trace", {"text": text, "method": "deductions"}, Settings())
    assert code == 200 and trace["status"] == "solved", trace.get("error")
    last = trace["steps"][-1]["answer"]
    instance = puzzle.parse(text)
    assert puzzle.is_solution(instance, puzzle.parse_answer(instance, last)).ok
