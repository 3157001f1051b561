"""Generation from a declaration (genres/generate.py): unique, reproducible, at the level asked."""

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.genres.declared import GENRES
from puzzlesmith.genres.deduce import rate
from puzzlesmith.genres.generate import generate, layout, parse_size
from puzzlesmith.genres.solve import count
from puzzlesmith.puzzles import get

SIZES = {"lightup": 7, "slitherlink": 5, "nurikabe": 6, "hitori": 6, "kurodoko": 6,
         "heyawake": 5, "norinori": 4, "lits": 5}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_generated_puzzles_are_unique_and_their_answer_is_right(name):
    genre, n = GENRES[name], SIZES[name]
    for seed in range(3):
        made = generate(genre, n, n, seed=seed)
        assert count(genre, made.givens, 2).count == 1
        assert genre.check(made.givens, made.answer).ok


@pytest.mark.parametrize("name", sorted(SIZES))
def test_the_same_seed_makes_the_same_puzzle(name):
    genre, n = GENRES[name], SIZES[name]
    first, again = generate(genre, n, n, seed=5), generate(genre, n, n, seed=5)
    assert (first.givens, first.answer) == (again.givens, again.answer)


@pytest.mark.parametrize(("name", "level"), [("lightup", "easy"), ("lightup", "medium"),
                                             ("lightup", "hard"), ("hitori", "easy"),
                                             ("hitori", "medium"), ("nurikabe", "medium"),
                                             ("slitherlink", "medium")])
def test_a_puzzle_asked_at_a_level_rates_at_that_level(name, level):
    genre, n = GENRES[name], SIZES[name]
    made = generate(genre, n, n, seed=2, difficulty=level)
    assert made.level == level == rate(genre, made.givens).level
    assert count(genre, made.givens, 2).count == 1


def test_light_up_walls_keep_the_half_turn_symmetry():
    import random

    g = layout(GENRES["lightup"], 9, 9, random.Random(4))
    assert g.walls == {(8 - r, 8 - c) for r, c in g.walls}
    assert 0.15 < len(g.walls) / 81 < 0.25


def test_bad_sizes_and_levels_are_refused_before_any_work():
    assert parse_size("6x8") == (6, 8)
    for bad in ("0", "x", "5x5x5", "1000"):
        with pytest.raises(UsageError):
            parse_size(bad)
    with pytest.raises(UsageError):
        generate(GENRES["lightup"], 5, 5, difficulty="impossible")


def test_the_puzzle_generates_through_the_protocol():
    run = get("lightup").generate(seed=3, count=2, size="6x7", difficulty="easy")
    assert [made.rating for made in run.puzzles] == ["easy", "easy"]
    assert all(made.instance.rows == 6 and made.instance.cols == 7 for made in run.puzzles)


def test_regions_are_grown_in_one_piece_and_moves_keep_them_so():
    import random

    from puzzlesmith.genres.regions import flood, grow, moves
    from puzzlesmith.genres.verify import regions as pieces

    rng = random.Random(3)
    for grid in (grow(7, 8, (4, 6), rng), flood([[(0, 0), (0, 1)], [(6, 7)]], 7, 8, rng)):
        rooms = {k: [(r, c) for r in range(7) for c in range(8) if grid[r][c] == k]
                 for k in set(sum(grid, ()))}
        assert all(len(pieces(cells)) == 1 for cells in rooms.values())
        for moved in moves(grid, (3, 3)):
            changed = [(r, c) for r in range(7) for c in range(8) if moved[r][c] != grid[r][c]]
            assert changed == [(3, 3)]
