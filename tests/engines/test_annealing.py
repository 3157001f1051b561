"""Simulated annealing engine: contract, schedules, restarts, limits, determinism."""

from __future__ import annotations

import random

import pytest

from puzzlesmith.engines.annealing import AnnealResult, Geometric, anneal, auto_schedule
from puzzlesmith.errors import UsageError
from puzzlesmith.results import Limits, Stats, Status


def start(rng):
    return [rng.randrange(-20, 21) for _ in range(6)]


def energy(xs):
    return sum(abs(x) for x in xs)


def move_delta(xs, rng):
    i = rng.randrange(len(xs))
    old = xs[i]
    xs[i] += rng.choice((-1, 1))
    return abs(xs[i]) - abs(old)


def move_plain(xs, rng):
    move_delta(xs, rng)  # returns None: the engine computes the energy


class Undoable:
    def __init__(self):
        self.last = None

    def move(self, xs, rng):
        i = rng.randrange(len(xs))
        self.last = (i, xs[i])
        xs[i] += rng.choice((-1, 1))
        return abs(xs[i]) - abs(self.last[1])

    def undo(self, xs):
        i, old = self.last
        xs[i] = old


SCHEDULE = Geometric(t0=5, alpha=0.9, t_min=0.01, steps=50)


@pytest.mark.parametrize("move", [move_delta, move_plain])
def test_reaches_target_with_or_without_delta(move):
    result = anneal(start, energy, move, schedule=SCHEDULE, seed=1)
    assert isinstance(result, AnnealResult)
    assert result.status is Status.SOLVED
    assert result.energy == 0 == energy(result.state)
    state, best = result
    assert best == 0 and state == result.state


def test_undo_avoids_copies_and_still_solves():
    model = Undoable()
    result = anneal(start, energy, model.move, undo=model.undo, copy=list,
                    schedule=SCHEDULE, seed=2)
    assert result.status is Status.SOLVED and energy(result.state) == 0
    with_copies = anneal(start, energy, move_delta, copy=list, schedule=SCHEDULE, seed=2)
    assert result.stats.extra["copies"] < with_copies.stats.extra["copies"]


def test_best_state_matches_best_energy_without_target():
    result = anneal(start, energy, move_delta, schedule=Geometric(50, 0.5, 1, 20), target=None,
                    restarts=2, seed=3)
    assert result.status is Status.SOLVED
    assert energy(result.state) == result.energy
    assert result.stats.extra["runs"] == 3


def test_same_seed_same_run_and_rng_instance_accepted():
    a = anneal(start, energy, move_delta, schedule=SCHEDULE, seed=7)
    b = anneal(start, energy, move_delta, schedule=SCHEDULE, seed=7)
    c = anneal(start, energy, move_delta, schedule=SCHEDULE, seed=random.Random(7))
    assert a.state == b.state == c.state and a.stats.nodes == b.stats.nodes == c.stats.nodes


def test_impossible_target_gives_up_after_restarts():
    result = anneal(start, energy, move_delta, schedule=Geometric(5, 0.5, 1, 10), target=-1,
                    restarts=2, seed=1)
    assert result.status is Status.GAVE_UP
    assert result.stats.extra["runs"] == 3
    assert result.energy == energy(result.state)


def test_node_limit_stops_unbounded_restarts():
    result = anneal(start, energy, move_delta, schedule=Geometric(5, 0.5, 1, 10), target=-1,
                    restarts=None, limits=Limits(nodes=500), seed=1)
    assert result.status is Status.GAVE_UP
    assert 500 <= result.stats.nodes < 600


def test_progress_callback_is_called_and_engine_is_silent(capsys, monkeypatch):
    import puzzlesmith.engines.annealing as module

    clock = iter(range(10**6))
    monkeypatch.setattr(module.time, "monotonic", lambda: next(clock))
    seen = []
    anneal(start, energy, move_delta, schedule=SCHEDULE, seed=1, progress=seen.append)
    assert seen and all(isinstance(s, Stats) for s in seen)
    assert {"run", "temperature", "energy", "best"} <= set(seen[0].extra)
    assert seen[-1].nodes >= seen[0].nodes > 0
    assert capsys.readouterr() == ("", "")


def test_bad_arguments_raise_usage_error():
    with pytest.raises(UsageError):
        Geometric(t0=1, t_min=2)
    with pytest.raises(UsageError):
        anneal(start, energy, move_delta, restarts=-1)
    with pytest.raises(UsageError):
        anneal(start, energy, move_delta, target=None, restarts=None)


def test_geometric_defaults_are_the_seeds():
    g = Geometric()
    assert (g.t0, g.alpha, g.t_min) == (90.0, 0.997, 0.1)
    temps = list(g.temperatures())
    assert temps[0] == 90 and temps[-1] > 0.1 and len(temps) * g.steps == g.total_steps


def test_auto_schedule_fits_the_move_sizes():
    schedule = auto_schedule(start, energy, move_delta, seed=1, steps=30)
    assert schedule.t0 > schedule.t_min > 0 and schedule.steps == 30
    result = anneal(start, energy, move_delta, schedule=schedule, seed=1)
    assert result.status is Status.SOLVED


def test_auto_schedule_by_name_and_unknown_name():
    result = anneal(start, energy, move_delta, schedule="auto", seed=4)
    assert result.status is Status.SOLVED
    with pytest.raises(UsageError):
        anneal(start, energy, move_delta, schedule="linear")


def test_steps_must_be_a_whole_number():
    """The documented contract: ``steps`` is a number >= 1 (there is no ``steps=None``)."""
    with pytest.raises(UsageError, match="whole number"):
        Geometric(steps=None)
    with pytest.raises(UsageError):
        Geometric(steps=0)


def test_started_limits_share_one_deadline():
    limits = Limits(seconds=0).started()
    result = anneal(start, energy, move_delta, schedule=SCHEDULE, target=-1, restarts=None,
                    limits=limits, seed=1)
    assert result.status is Status.GAVE_UP and result.stats.extra["runs"] == 1
