"""Generation from a declaration (genres/generate.py): unique, reproducible, at the level asked."""

from pathlib import Path

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.genres.declared import GENRES, declared
from puzzlesmith.genres.deduce import LEVELS, level_at_most, rate
from puzzlesmith.genres.generate import generate, layout, parse_size
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.solve import count
from puzzlesmith.genres.tatham import decode_id
from puzzlesmith.puzzles import get

SIZES = {"lightup": 7, "slitherlink": 5, "nurikabe": 6, "hitori": 6, "shikaku": 7,
         "fillomino": 6, "masyu": 6, "slant": 5, "kurodoko": 6, "heyawake": 5, "norinori": 4,
         "lits": 5}


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
                                             ("slitherlink", "medium"), ("masyu", "easy"),
                                             ("masyu", "hard"), ("slant", "easy"),
                                             ("slant", "medium")])
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


def test_slant_numbers_sit_on_the_grid_points():
    import random

    slant = GENRES["slant"]
    assert layout(slant, 4, 5, random.Random(1)).points
    made = generate(slant, 4, 5, seed=3)
    assert made.givens.points and all(0 <= r <= 4 and 0 <= c <= 5 for r, c in made.givens.numbers)


def test_a_masyu_loop_climbs_to_one_whose_pearls_make_it_unique():
    """A random loop is seldom unique with every pearl it allows; another loop obeying those
    pearls and allowing more takes its place until one is."""
    import random
    from dataclasses import replace

    from puzzlesmith.genres import generate as module
    from puzzlesmith.genres.encoding import Encoding
    from puzzlesmith.results import Stats

    masyu = GENRES["masyu"]
    loop, pearls = masyu.rules
    enc = Encoding(replace(masyu, rules=(loop,)), layout(masyu, 6, 6, random.Random(0)))
    search = module._Search(enc, Stats())
    first = search.random_answer(random.Random(0), 0.6)
    clues = pearls.clues(enc.givens, first)
    answer, more = module._climbed([pearls], enc.givens, first, clues, search)
    search.close()
    assert more.items() >= clues.items()
    assert count(masyu, replace(enc.givens, numbers=more), 2, keep=True).solutions == [answer]


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


@pytest.mark.parametrize(("name", "level"), [("lightup", "hard"), ("slitherlink", "hard")])
def test_a_rating_bounded_to_a_level_is_the_rating_or_beyond(name, level):
    genre, n = GENRES[name], SIZES[name]
    made = generate(genre, n, n, seed=1, difficulty=level)
    full = rate(genre, made.givens)
    assert rate(genre, made.givens, most=level).score == full.score
    assert rate(genre, made.givens, most="medium").level == "beyond"


@pytest.mark.parametrize(("game", "preset"), [("lightup", "7x7b20s4d2"), ("singles", "6x6dk"),
                                              ("loopy", "7x7t0dn")])
def test_the_level_check_agrees_with_the_rating_on_tatham_puzzles(game, preset):
    data = Path(__file__).resolve().parents[1] / "data" / "genres" / "tatham" / game
    for text in (data / f"{preset}.txt").read_text().split()[:3]:
        key, g = decode_id(text)
        genre, level = declared(key), rate(declared(key), g).level
        for most in LEVELS[:4]:
            expected = level if LEVELS.index(level) <= LEVELS.index(most) else None
            assert level_at_most(genre, g, most) == expected


@pytest.mark.parametrize(("name", "kind"), [("shikaku", "borders"), ("fillomino", "numbers")])
def test_area_genres_start_from_a_random_partition_written_as_their_answer(name, kind):
    import random

    from puzzlesmith.genres.partition import answer_of, areas_of, polyominoes, rectangles

    g = Givens(6, 7)
    for seed in range(5):
        if name == "shikaku":
            areas = rectangles(6, 7, random.Random(seed))
            assert all(len({r for r, _ in a}) * len({c for _, c in a}) == len(a) for a in areas)
        else:
            areas = polyominoes(6, 7, 9, random.Random(seed))
            owner = {cell: i for i, area in enumerate(areas) for cell in area}
            beside = [(a, b) for a in owner for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
                      if b in owner and owner[a] != owner[b]]
            assert all(len(areas[owner[a]]) != len(areas[owner[b]]) for a, b in beside)
            assert max(map(len, areas)) <= 9
        answer = answer_of(kind, g, areas)
        assert sorted(map(sorted, areas_of(kind, g, answer))) == sorted(map(sorted, areas))
        clued = Givens(6, 7, {area[0]: len(area) for area in areas})
        assert GENRES[name].check(clued, answer).ok


def test_a_generated_shikaku_has_one_clue_per_rectangle():
    genre = GENRES["shikaku"]
    made = generate(genre, 7, 7, seed=3)
    assert genre.check(made.givens, made.answer).ok  # the check counts clues per rectangle
    assert sum(made.givens.numbers.values()) == 49


@pytest.mark.parametrize("name", ["shikaku", "fillomino"])
def test_the_area_genres_generate_and_make_a_book_from_the_command_line(name, tmp_path):
    from tests.cli.conftest import run_cli

    size = "7" if name == "shikaku" else "5"  # the command rates it: Fillomino's is slow
    code, out, err = run_cli(["generate", name, "--size", size, "--seed", "1"])
    assert code == 0, err
    assert run_cli(["generate", name, "--size", size, "--seed", "1"])[1] == out
    book = tmp_path / "book.pdf"
    code, _, err = run_cli(["book", name, "--count", "1", "--size", "5", "--seed", "1",
                            "--out", book])
    assert code == 0, err
    assert book.read_bytes().startswith(b"%PDF")


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
