"""The engines' step events: one per node (or repair), recorded without changing the run."""

from __future__ import annotations

import pytest

from puzzlesmith.engines.events import recorder, recording
from puzzlesmith.engines.exactcover import ExactCover
from puzzlesmith.engines.minconflicts import min_conflicts

PROBLEMS = {
    "plain": lambda: ExactCover({"A": "xy", "B": "x", "C": "y", "D": "yz", "E": "z"}),
    "general": lambda: ExactCover({"a": ["n", "s"], "b": ["n", "s"], "c": ["n"], "d": ["n"]},
                                  multiplicity={"n": 2}, secondary=["s"], pigeonhole=True),
    "unsolvable": lambda: ExactCover({"A": "xy", "B": "yz"}),
}


@pytest.mark.parametrize("name", PROBLEMS)
def test_exact_cover_reports_each_node(name):
    events = []
    with recording(lambda kind, fields: events.append((kind, fields))):
        watched = PROBLEMS[name]().solve(kernels="python")
    assert recorder() is None  # the recorder is set only inside the block
    plain = PROBLEMS[name]().solve(kernels="python")
    assert (watched.status, watched.solution, watched.stats.nodes) == (
        plain.status, plain.solution, plain.stats.nodes)
    assert len(events) == watched.stats.nodes
    kinds = [kind for kind, _ in events]
    assert set(kinds[:-1]) <= {"choose", "undo"}
    if watched.solution is None:
        assert kinds[-1] == "exhausted"
    else:
        assert kinds[-1] == "solution"
        assert sorted(events[-1][1]["taken"]) == sorted(watched.solution)
    for _, fields in events[:-1]:
        assert fields["depth"] >= 1 and fields["option"] is not None


class Pair:
    """Two variables that must differ, both starting at 0."""

    def __init__(self):
        self.assignment = {"a": 0, "b": 0}

    def variables(self):
        return ["a", "b"]

    def values(self, var):
        return (0, 1)

    def value(self, var):
        return self.assignment[var]

    def conflicts(self, var, value):
        return int(self.assignment["b" if var == "a" else "a"] == value)

    def assign(self, var, value):
        self.assignment[var] = value


def test_min_conflicts_reports_its_start_and_repairs():
    events = []
    with recording(lambda kind, fields: events.append((kind, dict(fields)))):
        result = min_conflicts(Pair(), max_steps=10, seed=1)
    assert result.status.value == "solved"
    assert [kind for kind, _ in events] == ["start", "repair"]
    assert (events[1][1]["old"], events[1][1]["new"]) == (0, 1)
