"""The Star Battle generator and the rule-based rater."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles import starbattle as sb
from puzzlesmith.results import Limits, Status


def regions_connected(puzzle: sb.StarBattle) -> bool:
    for region in puzzle.regions:
        cells = {(r, c) for r, c in puzzle.cells() if puzzle.grid[r][c] == region}
        todo, seen = [next(iter(cells))], set()
        while todo:
            r, c = todo.pop()
            if (r, c) in seen:
                continue
            seen.add((r, c))
            todo += [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                     if (r + dr, c + dc) in cells]
        if seen != cells:
            return False
    return True


def check(result: sb.GenerateResult, size: int, stars: int) -> None:
    puzzle = result.puzzle
    assert result.status is Status.SOLVED
    assert (puzzle.rows, puzzle.columns, puzzle.row_stars[0]) == (size, size, stars)
    assert len(puzzle.regions) == size
    assert sb.is_solution(puzzle, result.solution)
    assert sb.count(puzzle).count == 1  # an independent full count, not the generator's own
    assert regions_connected(puzzle)
    again = sb.parse(sb.format(puzzle, result.solution))
    assert again.grid == puzzle.grid and again.given == set(result.solution)


@pytest.mark.parametrize(("size", "stars", "seed"), [(5, 1, 0), (6, 1, 1), (8, 1, 2),
                                                     (9, 2, 3), (10, 2, 4)])
def test_generated_puzzles_are_unique_and_connected(size, stars, seed):
    check(sb.generate(size, stars=stars, seed=seed), size, stars)


def test_genetic_method():
    check(sb.generate(6, stars=1, seed=5, method="genetic"), 6, 1)


def test_generation_is_reproducible():
    a, b = sb.generate(8, seed=11), sb.generate(8, seed=11)
    assert a.puzzle.grid == b.puzzle.grid and a.solution == b.solution
    assert sb.generate(8, seed=12).puzzle.grid != a.puzzle.grid


def test_bad_sizes_and_methods_fail_before_work():
    with pytest.raises(UsageError, match="unknown method"):
        sb.generate(8, method="magic")
    with pytest.raises(UsageError, match="cannot hold"):
        sb.generate(4, stars=3)


def test_time_limit_gives_up():
    result = sb.generate(14, stars=3, seed=1, limits=Limits(seconds=0.0))
    assert result.status is Status.GAVE_UP and result.puzzle is None


def test_rules_never_contradict_the_exact_solver(shared_data):
    """Every cell the rater decides agrees with the known unique solution."""
    for path in sorted((shared_data / "starbattle").glob("*.sb")):
        puzzle = sb.parse(path.read_text())
        if puzzle.rows > 12:
            continue
        steps, state = sb.explain(puzzle)
        assert steps, path.name
        for cell, value in state.items():
            if value:
                assert (value == 1) == (cell in puzzle.given), (path.name, cell)


def test_rules_on_generated_puzzles():
    for seed in range(4):
        made = sb.generate(8, seed=seed)
        _, state = sb.explain(made.puzzle)
        assert all((v == 1) == (c in made.solution) for c, v in state.items() if v)


def test_ratings():
    easy = sb.parse("\n".join(["AABBC", "AABBC", "DDDEC", "DDDEE", "DDDEE"]), 1)
    rating = sb.rate(sb.parse(sb.EXAMPLE_6X6))
    assert rating.solved and rating.level in sb.LEVELS[:3]
    assert sum(rating.counts.values()) == len(rating.steps)
    assert sb.rate(easy).level in sb.LEVELS
    open_grid = sb.parse("\n".join(["abcdef"] * 6))  # many solutions: the rules must stall
    assert sb.rate(open_grid).level == "needs search"


def test_rules_report_an_impossible_puzzle():
    impossible = sb.parse("ab\nab\n", 1)
    rating = sb.rate(impossible)
    assert rating.level == sb.NO_SOLUTION and not rating.solved
    assert sb.explain(impossible)[0][-1].rule == "contradiction"


@pytest.mark.parametrize(("size", "stars", "level"), [(8, 1, "easy"), (8, 1, "medium"),
                                                      (10, 2, "medium"), (10, 2, "hard")])
def test_difficulty_is_reached_and_proven(size, stars, level):
    result = sb.generate(size, stars=stars, seed=3, difficulty=level)
    check(result, size, stars)
    assert sb.rate(result.puzzle).level == level


def test_impossible_shapes_and_levels_end():
    assert sb.generate(4, stars=2, seed=1).status is Status.UNSOLVABLE
    with pytest.raises(UsageError, match="unknown difficulty"):
        sb.generate(8, difficulty="brutal")
