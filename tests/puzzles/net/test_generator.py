"""Net generation: unique puzzles (checked by brute force), spanning trees, seeds, limits."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles.net.board import Board
from puzzlesmith.puzzles.net.deduce import DEDUCED
from puzzlesmith.puzzles.net.generate import STYLES, generate_one, spanning_tree
from puzzlesmith.results import Limits, Status

from .helpers import NET, brute_force_count


@pytest.mark.parametrize("size, connected, wrap, style", [
    ("3x3", False, False, "ust"), ("4x4", True, False, "grow"), ("3x3", True, True, "ust"),
    ("4x4", False, True, "ust"), ("4x5", True, True, "grow"),
])
def test_generated_puzzles_are_unique_by_brute_force(size, connected, wrap, style):
    result = NET.generate(size=size, connected=connected, wrap=wrap, style=style, seed=11)
    assert result.status is Status.SOLVED and len(result.puzzles) == 1
    made = result.puzzles[0]
    board = NET.parse(made.text, connected=connected, wrap=wrap)
    assert board == made.instance
    assert NET.is_solution(board, made.solution)
    assert brute_force_count(board) == 1
    assert made.rating in ("easy", "medium", "tricky", "hard")
    assert made.details["solved_by_deductions"] is (connected or not wrap)


@pytest.mark.parametrize("connected", [False, True])
@pytest.mark.parametrize("style", STYLES)
def test_generated_10x10_is_unique(connected, style):
    made = NET.generate(size="10x10", connected=connected, style=style, seed=5).puzzles[0]
    check = NET.solve(made.instance, unique=True, seed=99)
    assert check.unique is True and check.solution == made.solution
    assert NET.is_solution(made.instance, made.solution)
    again = NET.generate(size="10x10", connected=connected, style=style, seed=5).puzzles[0]
    assert again.instance == made.instance and again.seed == made.seed == 5


def test_count_makes_puzzles_from_the_runs_seeds():
    from puzzlesmith.seeds import run_seeds

    result = NET.generate(size="4x4", count=3, seed=7, connected=True)
    assert [g.seed for g in result.puzzles] == list(run_seeds(7, 3))
    assert len({g.text for g in result.puzzles}) == 3
    single = NET.generate(size="4x4", seed=result.puzzles[1].seed, connected=True).puzzles[0]
    assert single.text == result.puzzles[1].text
    body = result.to_dict()
    assert body["status"] == "solved" and len(body["puzzles"]) == 3
    assert body["puzzles"][0]["rows"] == body["puzzles"][0]["text"].split()
    text = NET.report_text("generate", None, result, "grid")
    assert text.split("\n")[:4] == body["puzzles"][0]["rows"]
    drawing = NET.report_text("generate", None, result, "drawing")
    assert drawing.count("o") >= 48


def test_random_seed_is_recorded():
    made = NET.generate(size="3x3").puzzles[0]
    again = NET.generate(size="3x3", seed=made.seed).puzzles[0]
    assert again.text == made.text


def test_limits_stop_generation_keeping_what_was_made():
    result = NET.generate(size="20x20", seed=0, max_rounds=1)     # seed 0 needs more rounds
    assert result.status is Status.GAVE_UP and result.puzzles == []
    assert result.details["reason"] == "0 of 1 puzzles made: round limit reached while generating"
    made = NET.generate(size="12x12", seed=1, count=5, limits=Limits(nodes=5),
                        allow_search=True)          # (made by deductions: no search nodes)
    assert made.status is Status.GAVE_UP and len(made.puzzles) < 5
    assert made.stats.nodes <= 5
    made = NET.generate(size="6x6", count=10**6, limits=Limits(seconds=2).started())
    assert made.status is Status.GAVE_UP and len(made.puzzles) < 10**6  # (how many: load)
    assert made.to_dict()["status"] == "gave-up"
    big = NET.generate(size="300x300", limits=Limits(seconds=0.05).started())
    assert big.status is Status.GAVE_UP and big.puzzles == []


@pytest.mark.parametrize("size, error", [
    ("10x0", UsageError), ("x10", UsageError), ("1x1", UsageError),
    ("100000x100000", InvalidPuzzle),
])
def test_bad_sizes_are_refused_before_any_work(size, error):
    with pytest.raises(error):
        NET.generate(size=size)


def test_bad_options_are_refused():
    with pytest.raises(UsageError, match="unknown style"):
        NET.generate(style="spiral")
    with pytest.raises(UsageError, match="count"):
        NET.generate(count=0)
    with pytest.raises(InvalidPuzzle, match="more than the 50 allowed"):
        NET.generate(size="10x10", max_tiles=50)


def test_spanning_trees_are_trees():
    rng = random.Random(3)
    for style in STYLES:
        for wrap in (False, True):
            tree = spanning_tree(7, 9, wrap=wrap, style=style, rng=rng)
            assert NET.is_solution(Board(tree, wrap, connected=True), tree)
            if style == "grow":
                assert all(t != 15 for row in tree for t in row)


def test_generate_one_reports_rounds():
    made = generate_one(6, 6, connected=True, rng=random.Random(2))
    assert made.board is not None and made.rounds >= 1
    assert made.stats.extra["rounds"] == made.rounds


@pytest.mark.parametrize("seed", range(5))
def test_generated_12x12_connected_is_finished_by_the_deductions(seed):
    made = NET.generate(size="12x12", connected=True, seed=seed).puzzles[0]
    assert made.rating in DEDUCED and made.details["solved_by_deductions"]
    solved = NET.solve(made.instance, unique=True, explain=True)
    assert solved.unique is True and solved.details["solved_by_deductions"] is True
    assert solved.solution == made.solution and solved.stats.nodes == 0
    assert solved.messages[-1] == "the deductions solve it, without search"


@pytest.mark.parametrize("connected", [False, True])
def test_allow_search_keeps_the_first_unique_puzzle(connected):
    made = NET.generate(size="10x10", connected=connected, seed=3, allow_search=True)
    one = made.puzzles[0]
    assert NET.solve(one.instance, unique=True).unique is True
    assert one.details["solved_by_deductions"] == (one.rating in DEDUCED)


@pytest.mark.parametrize("size, seed", [("5x5", 0), ("5x6", 1), ("6x6", 2), ("6x6", 3)])
@pytest.mark.parametrize("style", STYLES)
def test_connected_puzzles_made_by_perturbation_are_unique_by_brute_force(size, seed, style):
    made = NET.generate(size=size, connected=True, style=style, seed=seed).puzzles[0]
    assert made.details["solved_by_deductions"] and made.rating in DEDUCED
    assert brute_force_count(made.instance) == 1
    assert NET.is_solution(made.instance, made.solution)


def test_perturbations_keep_a_spanning_tree_and_its_rooting():
    from puzzlesmith.puzzles.net.generate import _grid_steps, _perturb, _rooted, _sections

    rng = random.Random(4)
    for wrap in (False, True):
        rows, cols = 7, 8
        step = _grid_steps(rows, cols, wrap)
        mask = [v for row in spanning_tree(rows, cols, wrap=wrap, style="grow", rng=rng)
                for v in row]
        parent, up = _rooted(mask, step, rows * cols)
        for _ in range(200):
            cells = rng.sample(range(rows * cols), 5)
            for section in _sections(cells, step):
                _perturb(mask, step, section, parent, up, rng, no_cross=True, changed=[])
        grid = tuple(tuple(mask[i * cols:(i + 1) * cols]) for i in range(rows))
        assert NET.is_solution(Board(grid, wrap, connected=True), grid)
        assert all(v != 15 for v in mask)
        assert parent[0] == -1
        for c in range(1, rows * cols):              # each parent link is a tree link
            assert mask[c] & up[c] and step[c][up[c]][0] == parent[c]
            x, hops = c, 0
            while parent[x] >= 0 and hops <= rows * cols:
                x, hops = parent[x], hops + 1
            assert x == 0                            # and leads to the root


def test_generation_progress_reports_rounds_and_open_tiles():
    seen = []
    made = generate_one(12, 12, connected=True, style="grow", deducible=True,
                        rng=random.Random(1), progress=lambda s: seen.append(dict(s.extra)))
    assert made.board is not None and len(seen) == made.rounds
    assert seen[-1]["open"] == 0 and all(s["open"] > 0 for s in seen[:-1])


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("wrap", [False, True])
def test_the_generators_level_is_the_rating(seed, wrap):
    made = generate_one(9, 9, connected=True, style="grow", deducible=True, wrap=wrap,
                        rng=random.Random(seed))
    assert made.level == NET.rate(made.board).level
    assert (made.level == "tricky") >= wrap          # a wrapping board needs the dead ends


@pytest.mark.parametrize("style", STYLES)
def test_wrapping_connected_puzzles_are_finished_by_the_deductions(style):
    """No edge to start from: the dead ends start them (a uniform tree's crosses, which
    have one orientation, may start the loop rule instead); the search agrees."""
    made = NET.generate(size="12x12", connected=True, wrap=True, style=style,
                        seed=4).puzzles[0]
    assert made.rating in DEDUCED and made.details["solved_by_deductions"]
    solved = NET.solve(made.instance, unique=True, explain=True)
    assert solved.unique is True and solved.solution == made.solution
    assert solved.details["solved_by_deductions"] is True
    dead_ends = [step for step in solved.details["steps"] if "(dead ends)" in step]
    assert bool(dead_ends) is (made.rating == "tricky")
    assert made.rating == "tricky" or style == "ust"
    assert all("any other way would lead into dead ends: its branches reach at most"
               in step for step in dead_ends)


def test_progress_line_shows_rounds_and_open_tiles():
    from puzzlesmith.cli.contract import progress_info
    from puzzlesmith.results import Stats

    seen = []
    NET.generate(size="12x12", connected=True, style="grow", seed=2, count=2,
                 progress=lambda s: seen.append(dict(s.extra)))
    rounds = [s["rounds"] for s in seen]
    assert rounds == sorted(rounds) and seen[-2]["open"] == 0
    assert progress_info(Stats(extra={"made": 1, "rounds": 7, "open": 12})) == (
        "1 made, 7 rounds, 12 open")


def test_ctrl_c_stops_a_long_generation(tmp_path):
    import json
    import os
    import subprocess
    import sys

    from tests.interrupt import PROGRESS_ENV, interrupt_when_running, popen

    process = popen([sys.executable, "-m", "puzzlesmith", "generate", "net", "--size",
                     "150x150", "--connected", "--style", "grow", "--count", "50",
                     "--format", "json"], text=True, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, env={**os.environ, **PROGRESS_ENV})
    out, err = interrupt_when_running(process)
    assert process.returncode == 3, err
    assert json.loads(out)["status"] == "gave-up" and "Traceback" not in err
