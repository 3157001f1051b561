"""Independent seeds: runs with different seeds share no puzzle, a run is reproducible, and
every puzzle's reported seed makes it again alone; the same for batch (and so Dask) items."""

from __future__ import annotations

import pytest

from puzzlesmith.batch import generate_items
from puzzlesmith.puzzles import get, names
from puzzlesmith.seeds import puzzle_seed, run_seeds


def test_runs_of_neighbouring_seeds_share_no_seed():
    seeds = [s for run in range(1, 51) for s in run_seeds(run, 20)]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= puzzle_seed(-5, k) < 1 << 62 for k in range(1, 5))


@pytest.mark.parametrize("name", [n for n in names() if "generate" in get(n).verbs])
def test_a_run_is_reproducible_and_each_puzzle_remade_alone(name):
    puzzle = get(name)
    offered = {o.name for o in puzzle.options_for("generate")}
    small = {k: v for k, v in puzzle.quick_params.items() if k in offered}
    first = puzzle.generate(seed=11, count=3, **small).puzzles
    again = puzzle.generate(seed=11, count=3, **small).puzzles
    other = puzzle.generate(seed=12, count=3, **small).puzzles
    assert [p.text for p in first] == [p.text for p in again]
    assert [p.seed for p in first] == list(run_seeds(11, 3))
    assert {p.seed for p in first}.isdisjoint(p.seed for p in other)
    alone = puzzle.generate(seed=first[2].seed, count=1, **small).puzzles[0]
    assert alone.text == first[2].text


def test_batch_items_use_the_same_seeds():
    seeds = list(run_seeds(11, 4))
    assert [item.meta["seed"] for item in generate_items(4, seed=11)] == seeds
    assert [item.id for item in generate_items(2, seed=11)] == \
        [f"seed:{s}" for s in run_seeds(11, 2)]
