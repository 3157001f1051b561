"""Net's rating and hints: consistent with the counts, sound, and enough to finish."""

from __future__ import annotations

from dataclasses import replace

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles.net.board import rotate
from puzzlesmith.results import Limits, Status

from .helpers import NET, manifest

NAMES = [f"net_{style}_{k}x{k}_{i}" for style in ("ust", "grow") for k in (5, 10, 20, 40)
         for i in (1, 2, 3)]


def shared(data_dir, name, connected):
    text = (data_dir / "net" / f"{name}.txt").read_text()
    return NET.parse(text, connected=connected)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("connected", [False, True], ids=["local", "connected"])
def test_rating_agrees_with_the_counts(data_dir, name, connected):
    board = shared(data_dir, name, connected)
    expected = int(manifest(data_dir)[name]["net_count_le2" if connected else
                                               "local_count_le2"])
    rating = NET.rate(board)
    assert rating.status is Status.SOLVED
    if expected == 2:
        assert rating.level == "ambiguous" and rating.solved_by_deductions is False
    else:
        assert rating.level in ("easy", "medium", "tricky", "hard")
        assert rating.solved_by_deductions is (rating.level != "hard")
    if not connected:
        assert rating.level not in ("medium", "tricky")
    rules = rating.details["deductions"]
    assert (rules["search nodes"] > 0) <= (rating.level in ("hard", "ambiguous"))
    body = rating.to_dict()
    assert body["rating"] == rating.level and body["puzzle"] == "net"
    text = NET.report_text("rate", board, rating)
    assert text.startswith(f"rating: {rating.level}")


def play_hints(board, solution, limit=10_000):
    """Follow the hints from the tiles as given until solved; every hinted tile must be the
    unique solution's."""
    state = [list(row) for row in board.tiles]
    rules = set()
    for _ in range(limit):
        step = NET.hint(board, tuple(map(tuple, state)))
        if step.text == "already solved":
            return rules
        assert step.status is Status.SOLVED, step.text
        move = step.move
        i, j = move["row"] - 1, move["column"] - 1
        tile = int(move["tile"], 16)
        assert tile == solution[i][j], step.text
        assert state[i][j] != tile
        rules.add(step.details["rule"])
        state[i][j] = tile
    raise AssertionError("the hints did not finish the puzzle")


@pytest.mark.parametrize("name, connected, level", [
    ("net_ust_5x5_1", False, "easy"), ("net_ust_10x10_1", True, "easy"),
    ("net_grow_10x10_1", True, "medium"), ("net_grow_10x10_3", True, "medium"),
    ("net_ust_20x20_3", True, "tricky"),   # was hard: the dead ends finish it
])
def test_hints_finish_unique_puzzles(data_dir, name, connected, level):
    board = shared(data_dir, name, connected)
    result = NET.solve(board, unique=True)
    assert result.unique is True
    assert NET.rate(board).level == level
    rules = play_hints(board, result.solution)
    assert ("search" in rules) is (level == "hard")
    assert ("dead ends" in rules) is (level == "tricky")
    if level == "easy":
        assert "loops and connectivity" not in rules


def test_hint_names_a_wrongly_turned_forced_tile():
    board = NET.example()
    solution = NET.solve(board).solution
    state = [list(row) for row in solution]
    state[0][0] = rotate(state[0][0])                   # the corner is forced by the border
    step = NET.hint(board, tuple(map(tuple, state)))
    assert (step.move["row"], step.move["column"]) == (1, 1)
    assert step.details["rule"] == "borders"
    assert "edge of the board" in step.text
    assert NET.hint(board, solution).text == "already solved"
    assert NET.hint(board, solution).status is Status.SOLVED


def test_hint_from_the_start_and_the_loop_rule():
    board = replace(NET.parse("3636\n9c9c\n3333\n"), connected=False)
    first = NET.hint(board)
    assert first.status is Status.SOLVED and first.move is not None
    body = first.to_dict()
    assert body["hint"] == first.text and body["row"] == first.move["row"]


def test_hints_explain_loops_and_connectivity():
    """A connected-rule puzzle that needs the tree deductions names them."""
    for seed in range(40):
        made = NET.generate(size="6x6", connected=True, seed=seed).puzzles[0]
        if made.rating == "medium":
            break
    else:
        pytest.skip("no medium puzzle among the seeds")
    rules = play_hints(made.instance, made.solution)
    assert "loops and connectivity" in rules


def test_bad_states_are_refused_with_the_place():
    board = NET.example()
    with pytest.raises(InvalidPuzzle, match="line 2, column 1: tile f is not a rotation"):
        NET.hint(board, (board.tiles[0], (15,) * 11, board.tiles[2]))
    with pytest.raises(InvalidPuzzle, match="not a 3x11 grid"):
        NET.hint(board, ((3,),))


def test_impossible_puzzles_and_limits():
    assert NET.hint(NET.parse("1\n0\n")).status is Status.UNSOLVABLE
    assert NET.rate(NET.parse("33\n33\n", connected=True)).status is Status.UNSOLVABLE
    with pytest.raises(InvalidPuzzle, match="points off"):
        NET.rate(NET.parse("55\n55\n"))
    big = NET.generate(size="12x12", seed=3).puzzles[0].instance
    rating = NET.rate(big, limits=Limits(nodes=0))
    assert rating.status in (Status.SOLVED, Status.GAVE_UP)


@pytest.mark.parametrize("name", NAMES[:8])
@pytest.mark.parametrize("connected", [False, True], ids=["local", "connected"])
def test_explain_agrees_with_the_rating(data_dir, name, connected):
    board = shared(data_dir, name, connected)
    rating = NET.rate(board)
    solved = NET.solve(board, explain=True)
    steps = solved.details["steps"]
    assert solved.details["solved_by_deductions"] is bool(rating.solved_by_deductions)
    rules = rating.details["deductions"]
    assert len(steps) == rules["borders"] + rules["connectors"] + rules[
        "loops and connectivity"] + rules["dead ends"]
    assert all(step.startswith("row ") for step in steps)
    if rating.solved_by_deductions:                    # every step is the tile of the solution
        for step in steps:
            where, rest = step.split(": ", 1)
            i, j = (int(w.split()[1]) - 1 for w in where.split(", "))
            assert f"{solved.solution[i][j]:x}" == rest.split()[0]


def test_explain_on_a_board_without_solution():
    board = NET.parse(NET.format(NET.example()), connected=True)
    solved = NET.solve(board, explain=True)
    assert solved.status is Status.UNSOLVABLE
    assert solved.messages[-1].startswith("the deductions prove there is no solution")
