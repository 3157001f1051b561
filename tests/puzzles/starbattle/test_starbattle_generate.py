"""The Star Battle generator and the rule-based rater."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle import generator, rules
from puzzlesmith.results import Limits, Status

SB = get("starbattle")
EXAMPLE_6X6 = "AABBCC\nAABCCC\nAABCCC\nDDBBEE\nDDBBEF\nDDBBFF\n"


def regions_connected(puzzle) -> bool:
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


def check(made, rows: int, stars: int, cols: int | None = None) -> None:
    """A generated puzzle: unique by an independent full count, connected, round-trips."""
    cols = cols or rows
    puzzle, solution = made.instance, made.solution
    assert (puzzle.rows, puzzle.columns, puzzle.row_stars[0]) == (rows, cols, stars)
    assert len(puzzle.regions) == rows
    assert SB.is_solution(puzzle, solution)
    assert SB.count(puzzle).count == 1  # a full count, not the generator's own proof
    assert regions_connected(puzzle)
    again = SB.parse(made.text)
    assert again.grid == puzzle.grid and again.given == set(solution)
    assert made.rating in rules.LEVELS and made.details["unique"] is True


def one(**params):
    result = SB.generate(**params)
    assert result.status is Status.SOLVED and len(result.puzzles) == 1, result.messages
    return result.puzzles[0]


@pytest.mark.parametrize(("size", "stars", "seed"), [(5, 1, 0), (6, 1, 1), (8, 1, 2),
                                                     (9, 2, 3), (10, 2, 4)])
def test_generated_puzzles_are_unique_and_connected(size, stars, seed):
    check(one(size=str(size), stars=stars, seed=seed), size, stars)


def test_genetic_method():
    check(one(size="6", stars=1, seed=5, method="genetic"), 6, 1)


def test_non_square_generation():
    """The README's non-square example: 12 rows, 8 columns, 2 per row and region, 3 per
    column (8 rows and 12 columns with 2 per row cannot share 16 stars among 12 columns)."""
    made = one(rows=12, cols=8, stars=2, seed=1)
    check(made, 12, 2, cols=8)
    assert made.instance.column_stars == (3,) * 8
    assert one(size="12x8", stars=2, seed=1).text == made.text
    with pytest.raises(UsageError, match="--rows 12 --cols 8"):
        SB.generate(rows=8, cols=12, stars=2)


def test_generation_is_reproducible_and_counts_seeds():
    a, b = one(size="8", seed=11), one(size="8", seed=11)
    assert a.instance.grid == b.instance.grid and a.solution == b.solution
    assert one(size="8", seed=12).instance.grid != a.instance.grid
    three = SB.generate(size="8", seed=11, count=3)
    assert three.status is Status.SOLVED and [p.seed for p in three.puzzles] == [11, 12, 13]
    assert three.puzzles[0].text == a.text
    assert "seed 11" in a.text.splitlines()[0]
    texts = "\n".join(p.text for p in three.puzzles)
    assert [p.grid for p in SB.parse_all(texts)] == [p.instance.grid for p in three.puzzles]
    unseeded = SB.generate(size="6", stars=1)
    assert unseeded.puzzles[0].seed is not None


def test_bad_sizes_and_methods_fail_before_work():
    with pytest.raises(UsageError, match="unknown method"):
        SB.generate(size="8", method="magic")
    with pytest.raises(UsageError, match="cannot hold"):
        SB.generate(size="4", stars=3)
    for size in ("10x0", "0", "x10", "10x", "", "ten", "8x8x8", "²", "99999999"):
        with pytest.raises(UsageError, match="size"):
            SB.generate(size=size)
    with pytest.raises(UsageError, match="at most 62 rows"):
        SB.generate(size="80", stars=1)
    with pytest.raises(UsageError, match="count"):
        SB.generate(size="8", count=0)


def test_time_limit_gives_up():
    result = SB.generate(size="14", stars=3, seed=1, limits=Limits(seconds=0.0))
    assert result.status is Status.GAVE_UP and result.puzzles == []
    assert "time limit" in result.details["reason"]


def test_node_budget_is_shared_by_every_inner_search():
    result = SB.generate(size="10", stars=2, seed=4, limits=Limits(nodes=30))
    assert result.status is Status.GAVE_UP and result.puzzles == []
    assert result.stats.nodes <= 30 and "node limit" in result.details["reason"]
    enough = SB.generate(size="10", stars=2, seed=4, count=2)
    assert enough.status is Status.SOLVED and enough.stats.nodes > 30
    cut = SB.generate(size="10", stars=2, seed=4, count=2,
                      limits=Limits(nodes=enough.stats.nodes - 1))
    assert cut.status is Status.GAVE_UP and len(cut.puzzles) == 1  # keeps the ones made
    assert cut.puzzles[0].text == enough.puzzles[0].text


def test_a_budget_refuses_work_past_the_deadline():
    budget = generator.Budget(Limits(seconds=0).started())
    made = generator.generate(8, stars=1, seed=1, budget=budget)
    assert made.status is Status.GAVE_UP and made.puzzle is None


def test_rules_never_contradict_the_exact_solver(shared_data):
    """Every cell the rater decides agrees with the known unique solution."""
    for path in sorted((shared_data / "starbattle").glob("*.sb")):
        puzzle = SB.parse(path.read_text())
        if puzzle.rows > 12:
            continue
        explained = rules.explain(puzzle)
        assert explained.steps, path.name
        for cell, value in explained.state.items():
            if value:
                assert (value == 1) == (cell in puzzle.given), (path.name, cell)


def test_rules_on_generated_puzzles():
    for seed in range(4):
        made = one(size="8", seed=seed)
        state = rules.explain(made.instance).state
        assert all((v == 1) == (c in made.solution) for c, v in state.items() if v)


def test_ratings():
    easy = SB.parse("\n".join(["AABBC", "AABBC", "DDDEC", "DDDEE", "DDDEE"]), stars=1)
    rating = SB.rate(SB.parse(EXAMPLE_6X6))
    assert rating.status is Status.SOLVED and rating.solved_by_rules
    assert rating.level in rules.LEVELS[:3]
    assert sum(rating.details["rules"].values()) == rating.stats.nodes
    assert SB.rate(easy).level in rules.LEVELS
    open_grid = SB.parse("\n".join(["abcdef"] * 6))  # many solutions: the rules must stall
    stalled = SB.rate(open_grid)
    assert stalled.level == "needs search" and stalled.status is Status.SOLVED


def test_rules_report_an_impossible_puzzle():
    impossible = SB.parse("ab\nab\n", stars=1)
    rating = SB.rate(impossible)
    assert rating.level == rules.NO_SOLUTION and not rating.solved_by_rules
    assert rating.status is Status.UNSOLVABLE
    assert rules.explain(impossible).steps[-1].rule == "contradiction"


@pytest.mark.parametrize(("size", "stars", "level"), [(8, 1, "easy"), (8, 1, "medium"),
                                                      (10, 2, "medium"), (10, 2, "hard")])
def test_difficulty_is_reached_and_proven(size, stars, level):
    made = one(size=str(size), stars=stars, seed=3, difficulty=level)
    check(made, size, stars)
    assert made.rating == level and SB.rate(made.instance).level == level


def test_impossible_shapes_and_levels_end():
    result = SB.generate(size="4", stars=2, seed=1)
    assert result.status is Status.UNSOLVABLE and "no 4x4 board" in result.details["reason"]
    with pytest.raises(UsageError, match="unknown difficulty"):
        SB.generate(size="8", difficulty="brutal")
