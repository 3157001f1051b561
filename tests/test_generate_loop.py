"""The one generate loop of the protocol (:meth:`Puzzle.generate`) on a tiny puzzle."""

from __future__ import annotations

import pytest

from puzzlesmith.errors import LimitReached, NoPuzzle, UsageError
from puzzlesmith.puzzles.protocol import Puzzle
from puzzlesmith.results import Generated, Limits, Status
from puzzlesmith.seeds import run_seeds


class Counting(Puzzle):
    """Puzzle k is its seed; ``stop`` (an exception) is raised at puzzle ``stop_at``."""

    name = "counting"

    def __init__(self, stop: BaseException | None = None, stop_at: int = 0):
        self.stop, self.stop_at, self.calls = stop, stop_at, 0

    def check_generate_params(self, *, size: int = 1) -> dict:
        if size < 1:
            raise UsageError(f"size must be at least 1, got {size}")
        return {"size": size}

    def generate_one(self, seed, *, limits, stats, progress=None, size=1) -> Generated:
        if self.stop is not None and self.calls == self.stop_at:
            raise self.stop
        self.calls += 1
        stats.nodes += size
        return Generated(seed, str(seed), seed=seed)


def test_seeds_progress_and_stats():
    seen = []
    result = Counting().generate(seed=7, count=3, size=2, progress=lambda s: seen.append(
        s.extra["made"]))
    assert result.status is Status.SOLVED and "reason" not in result.details
    assert [g.seed for g in result.puzzles] == list(run_seeds(7, 3))
    assert seen == [1, 2, 3] and result.stats.nodes == 6
    assert result.to_dict()["made"] == 3 and result.details["seed"] == 7


@pytest.mark.parametrize(("stop", "status", "why"), [
    (KeyboardInterrupt(), Status.GAVE_UP, "interrupted"),
    (LimitReached("time limit reached while generating"), Status.GAVE_UP,
     "time limit reached while generating"),
    (NoPuzzle("no such board"), Status.UNSOLVABLE, "no such board"),
])
def test_a_stop_keeps_the_puzzles_made_with_one_reason(stop, status, why):
    result = Counting(stop, stop_at=2).generate(seed=1, count=5)
    assert result.status is status and len(result.puzzles) == 2
    assert result.details["reason"] == f"2 of 5 puzzles made: {why}"
    assert not result.messages


def test_bad_parameters_fail_before_any_work():
    puzzle = Counting()
    for count in (0, -1, True, 1.5, 10**10):
        with pytest.raises(UsageError, match="count must be a whole number"):
            puzzle.generate(count=count)
    with pytest.raises(UsageError, match="size"):
        puzzle.generate(size=0)
    assert puzzle.calls == 0


def test_an_expired_deadline_makes_nothing():
    result = Counting().generate(seed=1, count=3, limits=Limits(seconds=0))
    assert result.status is Status.GAVE_UP and result.puzzles == []
    assert result.details["reason"] == "0 of 3 puzzles made: time limit reached while generating"
