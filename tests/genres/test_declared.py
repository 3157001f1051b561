"""The declared genres: known puzzles solve uniquely and pass the check; hostile input."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.genres import declared
from puzzlesmith.genres.declared import GENRES, hitori, lightup, nurikabe, slitherlink
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.language import Genre, Numbers
from puzzlesmith.genres.solve import count, solutions, solve
from puzzlesmith.results import Limits, Status


def puzzles(data_dir: Path, name: str) -> list[str]:
    """The text grids of ``tests/data/genres/<name>.txt`` (comments dropped)."""
    blocks = re.split(r"\n\n(?=; )", (data_dir / "genres" / f"{name}.txt").read_text().strip())
    return ["\n".join(line for line in block.splitlines() if not line.startswith("; "))
            for block in blocks]


@pytest.mark.parametrize("name", sorted(GENRES))
def test_known_puzzles_are_unique_and_checked(data_dir, name):
    genre = GENRES[name]
    texts = puzzles(data_dir, name)
    assert len(texts) >= 5
    for text in texts:
        g = genre.read(text)
        result = solve(genre, g, unique=True)
        assert result.unique is True, text
        assert genre.check(g, result.solution).ok, text


def test_check_names_the_wrong_cells():
    g = lightup.read("...\n2.#\n.#.")
    verdict = lightup.check(g, frozenset({(0, 0)}))
    assert not verdict.ok and (1, 1) in verdict.details["wrong"]
    assert any("dark" in v for v in verdict.violations)


def test_a_loop_in_two_pieces_is_refused_by_the_check():
    g = slitherlink.read("....\n....")
    square = lambda c: {((0, c), (0, c + 1)), ((1, c), (1, c + 1)),
                        ((0, c), (1, c)), ((0, c + 1), (1, c + 1))}
    two = frozenset(square(0) | square(2))
    assert any("2 pieces" in v for v in slitherlink.check(g, two).violations)


@pytest.mark.parametrize("genre, text", [
    (lightup, "5..\n...\n..."),        # a clue out of range
    (lightup, "1#\n#."),               # a 1 with no open cell beside it
    (nurikabe, "9.\n.."),              # an area bigger than the grid
    (nurikabe, "1.\n.1"),              # the wall cut in two
    (hitori, "11\n11"),                # shading would touch
    (slitherlink, "4.\n.4"),           # two squares meeting at a corner
])
def test_unsolvable_puzzles_have_no_solution(genre, text):
    g = genre.read(text)
    assert solve(genre, g, unique=True).status is Status.UNSOLVABLE
    assert count(genre, g).count == 0


@pytest.mark.parametrize("text, message", [
    ("", "empty"), ("..\n...", "expected 2"), ("x.", "unknown cell 'x'"),
    ("." * 101, "at most 100"),
])
def test_malformed_grids_are_refused(text, message):
    with pytest.raises(InvalidPuzzle, match=message):
        lightup.read(text)


def test_count_is_exact_and_limited():
    g = nurikabe.read("2..\n...\n..2")
    total = count(nurikabe, g).count
    assert total == len(list(solutions(nurikabe, g))) > 1
    assert count(nurikabe, g, 1).count == 1


def test_a_time_limit_gives_up_or_finishes():
    g = lightup.read("\n".join(["." * 12] * 12))
    result = count(lightup, g, limits=Limits(seconds=0.05).started())
    assert result.status in (Status.GAVE_UP, Status.SOLVED)
    assert result.complete == (result.status is Status.SOLVED)


def test_declarations_are_short_and_name_no_engine():
    folder = Path(declared.__file__).parent
    for path in folder.glob("*.py"):
        text = path.read_text()
        assert len(text.splitlines()) <= 80, path.name
        assert "engines" not in text and "pysat" not in text, path.name


def test_numbers_in_cells_take_one_number_each():
    plain = Genre(name="numbers", title="Numbers", unknowns=Numbers(1, 3), rules=())
    result = count(plain, Givens(1, 2, walls=frozenset({(0, 1)})), keep=True)
    assert sorted(map(sorted, result.solutions)) == [[((0, 0), 1)], [((0, 0), 2)], [((0, 0), 3)]]


def test_a_huge_grid_is_refused_before_work():
    with pytest.raises(InvalidPuzzle, match="cells"):
        solve(lightup, Givens(1000, 1000))


def test_a_count_deduces_with_a_reason():
    g = lightup.read("...\n.0.\n...")
    found = list(lightup.deductions(g, {}))
    assert [(set(d.cells), d.value, d.family) for d in found] == [
        ({(0, 1), (1, 0), (1, 2), (2, 1)}, False, "count")]
    assert str(found[0]) == \
        "r1c2, r3c2, r2c1 and r2c3 have no light: the 0 at r2c2 is already met"


def test_givens_outside_the_grid_are_refused():
    with pytest.raises(InvalidPuzzle, match="outside the 2x2 grid"):
        solve(nurikabe, Givens(2, 2, numbers={(2, 0): 1}))
