"""The solver traces are recorded by the engines while the puzzle's own solver runs: each
ends where ``solve`` ends (the same answer and node count with the same method, seed and
``kernels="python"``); A*'s frontier predicts each next expansion, IDA*'s paths lead to the
boards expanded under the iteration's bound, min-conflicts repairs replay to the answer, and
the deductions end on a solved board.  Every final answer goes through ``is_solution``."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.puzzles import get
from puzzlesmith.serve.api import Settings, handle
from tests.serve.test_api import PLAYABLE

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
STEPS = {"U": -3, "D": 3, "L": -1, "R": 1}


def children(tiles: tuple) -> dict[str, tuple]:
    """The 3x3 boards one move away, by the blank's move."""
    blank, out = tiles.index(0), {}
    for letter, delta in STEPS.items():
        other = blank + delta
        if 0 <= other < 9 and (abs(delta) == 3 or other // 3 == blank // 3):
            moved = list(tiles)
            moved[blank], moved[other] = moved[other], 0
            out[letter] = tuple(moved)
    return out


def boards(count: int, seed: int = 5):
    """Random solvable 3x3 boards as text (random walks from the goal)."""
    rng = random.Random(seed)
    for _ in range(count):
        tiles = GOAL
        for _ in range(60):
            tiles = rng.choice(list(children(tiles).values()))
        yield tiles, "\n".join(" ".join(map(str, tiles[r:r + 3])) for r in (0, 3, 6))


def replay(tiles: tuple, moves: str) -> str:
    for move in moves:
        tiles = children(tiles)[move]
    return "".join(map(str, tiles))


def watch(name: str, text: str, method: str, **body) -> dict:
    code, trace = handle(name, "trace", {"text": text, "method": method, **body}, Settings())
    assert code == 200, trace
    return trace


def starbattle_text() -> str:
    return get("starbattle").generate(seed=3, size="8", stars=1).puzzles[0].text


def sudoku_text() -> str:
    return get("sudoku").generate(seed=2).puzzles[0].text


#: (puzzle, text, trace method, solve options) of the traces that run a solver.
SOLVERS = [("queens", "8", "minconflicts", {"method": "minconflicts"}),
           ("queens", "12", "minconflicts", {"method": "minconflicts"}),
           ("sliding", "8 6 7\n2 5 4\n3 0 1", "astar",
            {"method": "astar", "heuristic": "manhattan", "kernels": "python"}),
           ("sliding", "7 2 4\n5 0 6\n8 3 1", "idastar",
            {"method": "idastar", "heuristic": "manhattan", "kernels": "python"}),
           ("starbattle", None, "exactcover", {"kernels": "python"}),
           ("sudoku", None, "exactcover", {"kernels": "python"})]


@pytest.mark.parametrize("name, text, method, options", SOLVERS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_trace_ends_where_solve_ends(name, text, method, options, seed):
    if name not in PLAYABLE:
        pytest.skip(f"{name} is not under test")
    text = text or {"starbattle": starbattle_text, "sudoku": sudoku_text}[name]()
    puzzle = get(name)
    instance = puzzle.parse(text)
    trace = watch(name, text, method, seed=seed, steps=8000)
    solved = puzzle.solve(instance, seed=seed, **options)
    assert trace["status"] == solved.status.value == "solved"
    assert trace["nodes"] == solved.stats.nodes and not trace["truncated"]
    if name == "sudoku":  # the digits of the last step are the solver's answer
        assert trace["steps"][-1]["answer"] == trace["solution"]
        solved.solution = puzzle.format_answer(instance, solved.solution)
    answer = {"queens": "start", "sliding": "moves"}.get(name, "solution")
    if name == "queens":  # the start and the repairs end on the solver's answer
        rows = list(trace["start"])
        for step in trace["steps"]:
            assert rows[step["col"]] == step["from"]
            rows[step["col"]] = step["to"]
        trace[answer] = rows
        assert trace["steps"][-1]["attacked"] == 0
    found = [tuple(cell) for cell in trace[answer]] if name == "starbattle" else trace[answer]
    assert found == solved.solution
    final = puzzle.parse_answer(instance, found) if name == "sudoku" else found
    assert puzzle.is_solution(instance, final).ok


def test_a_trace_keeps_at_most_its_steps():
    trace = watch("sliding", "8 6 7\n2 5 4\n3 0 1", "astar", steps=50)
    assert 0 < len(trace["steps"]) <= 50 and trace["truncated"]
    assert trace["status"] == "gave-up" and trace["nodes"] == 50


@pytest.mark.parametrize("seed", range(4))
def test_eight_queens_from_a_players_position_end_solved(seed):
    queens = get("queens")
    board = queens.parse("8")
    state = queens.format_answer(board, [0, 4, None, 1, None, None, None, None], "rows")
    trace = watch("queens", "8", "minconflicts", state=state, seed=seed, steps=3000)
    assert trace["status"] == "solved" and not trace["truncated"]
    rows = list(trace["start"])
    assert rows[:2] == [0, 4] and rows[3] == 1  # the player's queens, where they stood
    for step in trace["steps"]:
        rows[step["col"]] = step["to"]
    assert queens.is_solution(board, rows).ok


def test_min_conflicts_keeps_the_given_queens():
    queens = get("queens")
    text = queens.format(queens.example())
    trace = watch("queens", text, "minconflicts", seed=3)
    given = {c for c, _ in queens.example().givens}
    assert trace["status"] == "solved"
    assert all(step["col"] not in given for step in trace["steps"])


def test_a_star_frontier_predicts_each_expansion():
    for tiles, text in boards(6):
        trace = watch("sliding", text, "astar")
        trail = trace["steps"]
        assert trace["status"] == "solved" and len(trail) == trace["nodes"]
        for step, after in zip(trail, trail[1:], strict=False):
            assert step["frontier"][0][0] == after["state"]
            fs = [g + h for _, g, h in step["frontier"]]
            assert fs == sorted(fs) and step["f"] == step["g"] + step["h"]
        assert trail[-1]["frontier"][0][0] == "123456780"
        assert replay(tiles, trace["moves"]) == "123456780"


def test_ida_star_paths_and_bounds():
    for tiles, text in boards(6, seed=6):
        trace = watch("sliding", text, "idastar")
        astar = watch("sliding", text, "astar")
        assert trace["status"] == "solved" and trace["length"] == astar["length"]  # optimal
        bounds = [step["bound"] for step in trace["steps"]]
        assert bounds == sorted(bounds) and bounds[-1] == trace["length"]
        assert len(trace["steps"]) == trace["nodes"]
        for step in trace["steps"]:
            assert replay(tiles, step["path"]) == step["state"]
            assert len(step["path"]) == step["g"] and step["f"] <= step["bound"]


@pytest.mark.skipif("starbattle" not in PLAYABLE, reason="starbattle is not under test")
def test_exact_cover_branching_finds_the_solution():
    trace = watch("starbattle", starbattle_text(), "exactcover")
    assert trace["status"] == "solved" and not trace["truncated"]
    assert trace["steps"][-1]["kind"] == "solution"
    assert {step["kind"] for step in trace["steps"]} <= {"take", "fail", "solution"}
    last = "".join(trace["steps"][-1]["answer"].split())
    stars = sorted(tuple(cell) for cell in trace["solution"])
    assert sorted(divmod(i, 8) for i, mark in enumerate(last) if mark == "*") == stars


@pytest.mark.parametrize("name", [n for n in ("starbattle", "net") if n in PLAYABLE])
def test_deductions_end_solved(name):
    puzzle = get(name)
    options = {"size": "6", "stars": 1} if name == "starbattle" else {"size": "5x5"}
    text = puzzle.generate(seed=4, **options).puzzles[0].text
    trace = watch(name, text, "deductions")
    assert trace["status"] == "solved", trace.get("error")
    last = trace["steps"][-1]["answer"]
    instance = puzzle.parse(text)
    assert puzzle.is_solution(instance, puzzle.parse_answer(instance, last)).ok
