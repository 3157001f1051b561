"""The declared Star Battle agrees with the hand-written package on tests/data/starbattle:
the same solution and the same uniqueness verdict, and its answers pass both checks."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.genres.codec import decode_url
from puzzlesmith.genres.declared import starbattle
from puzzlesmith.genres.givens import Givens
from puzzlesmith.genres.solve import count, solve
from puzzlesmith.puzzles import get
from puzzlesmith.results import Status

PACKAGE = get("starbattle")


def to_givens(instance) -> Givens:
    """The givens of a package instance: regions numbered by first appearance, its one star
    count as ``params["stars"]`` (the declared genre has no cells outside the regions)."""
    counts = {*instance.row_stars, *instance.column_stars, *instance.region_stars.values()}
    assert len(counts) == 1, "the declared genre takes one star count"
    number = {name: i for i, name in enumerate(instance.regions)}
    regions = tuple(tuple(number[ch] for ch in row) for row in instance.grid)
    return Givens(instance.rows, instance.columns, regions=regions,
                  params={"stars": counts.pop()})


def instances(data_dir):
    return [(path.stem, PACKAGE.parse(path.read_text()))
            for path in sorted((data_dir / "starbattle").glob("*.sb"))]


def test_every_puzzle_gets_the_packages_answer_and_verdict(data_dir):
    found = instances(data_dir)
    assert len(found) >= 40
    for name, instance in found:
        g = to_givens(instance)
        ours, theirs = solve(starbattle, g, unique=True), PACKAGE.solve(instance, unique=True)
        assert ours.solution == frozenset(theirs.solution), name
        assert ours.unique is theirs.unique is True, name
        assert count(starbattle, g, 2).count == PACKAGE.count(instance, limit=2).count, name
        assert starbattle.check(g, ours.solution).ok, name
        assert PACKAGE.is_solution(instance, sorted(ours.solution)).ok, name


def test_a_puzzle_with_two_answers_gets_the_same_count(data_dir):
    text = "size 4 4 1\nregions\naabb\naabb\nccdd\nccdd\n"
    instance = PACKAGE.parse(text)
    g = to_givens(instance)
    assert count(starbattle, g, 10).count == PACKAGE.count(instance, limit=10).count
    assert solve(starbattle, g, unique=True).unique is \
        PACKAGE.solve(instance, unique=True).unique


def test_the_puzzlink_url_reads_into_the_declared_genre():
    key, g = decode_url("https://puzz.link/p?starbattle/6/6/1/4ilbhgdnmhou")
    result = solve(starbattle, g, unique=True)
    assert key == starbattle.puzzlink and result.unique is True
    assert starbattle.check(g, result.solution).ok


def test_the_check_names_the_unit_and_the_touching_stars():
    g = Givens(2, 2, regions=((0, 0), (1, 1)), params={"stars": 1})
    assert starbattle.check(g, frozenset({(0, 0), (1, 1)})).violations == [
        "r1c1 and r2c2 touch"]
    assert starbattle.check(g, frozenset({(0, 0)})).violations == [
        "row 2 has 0 marked, expected 1", "column 2 has 0 marked, expected 1",
        "the region at r2c1 has 0 marked, expected 1"]
    assert solve(starbattle, g).status is Status.UNSOLVABLE


def test_deductions_name_their_family():
    g = Givens(2, 3, regions=((0, 0, 1), (0, 1, 1)), params={"stars": 1})
    found = list(starbattle.deductions(g, {(0, 0): True}))
    assert {(0, 1), (1, 0), (1, 1)} <= {c for d in found for c in d.cells if d.value is False}
    assert {d.family for d in found} == {"count", "no-adjacent"}


@pytest.mark.parametrize("params", [{}, {"stars": "2"}, {"stars": -1}])
def test_a_missing_star_count_is_refused(params):
    with pytest.raises(InvalidPuzzle, match="stars"):
        solve(starbattle, Givens(2, 2, regions=((0, 0), (0, 0)), params=params))
