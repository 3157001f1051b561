"""The kernel policy (engines/kernels.py): choices checked up front, "auto" decided by size
and node count, and loading compiled kernels under a deadline (a slow compilation is
simulated by a warm-up that waits on an event: no cold cache, no timing asserts)."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from puzzlesmith.engines import kernels
from puzzlesmith.engines.csp import CSP, Search
from puzzlesmith.engines.exactcover import ExactCover
from puzzlesmith.errors import LimitReached, UsageError
from puzzlesmith.results import Limits, Status

SRC = Path(kernels.__file__).parents[2]


def test_choices_are_checked_up_front():
    assert [kernels.check_kernels(k) for k in kernels.KERNELS] == list(kernels.KERNELS)
    with pytest.raises(UsageError, match="'fast'"):
        kernels.check_kernels("fast")
    with pytest.raises(UsageError, match="'fast'"):
        kernels.switch_at("csp", "fast")


def test_auto_is_decided_by_size_and_nodes_only():
    for engine, rule in kernels.AUTO.items():
        assert kernels.switch_at(engine, "python", 10 ** 9) is None
        assert kernels.switch_at(engine, "numba", 0) == 0
        assert kernels.switch_at(engine, "auto", 1) == rule.nodes
        if rule.big is not None:
            assert kernels.switch_at(engine, "auto", rule.big) == 0


def test_a_costlier_node_weighs_on_size_and_budget():
    """Exact cover with the pigeonhole bounds: a 10x10 two-star Star Battle (624 entries)
    moves after a quarter of the budget, a 14x14 one (1,264) starts compiled."""
    weight, rule = kernels.PIGEONHOLE_WEIGHT, kernels.AUTO["exactcover"]
    assert kernels.switch_at("exactcover", "auto", 624, weight) == rule.nodes // weight
    assert kernels.switch_at("exactcover", "auto", 1264, weight) == 0
    assert kernels.switch_at("exactcover", "python", 1264, weight) is None


@pytest.fixture
def slow(monkeypatch):
    """Make the warm-up called NAME wait until the returned event is set (as a cold
    compilation would); the event is set and the thread ended after the test."""
    gate = threading.Event()
    made = []

    def install(name: str) -> threading.Event:
        monkeypatch.delitem(kernels._LOADS, name, raising=False)
        monkeypatch.setitem(kernels._WARM_UPS, name, (f"the {name} kernels", gate.wait))
        made.append(name)
        return gate

    yield install
    gate.set()
    for name in made:
        load = kernels._LOADS.get(name)
        if load is not None:
            load.thread.join(10)


def test_a_deadline_while_loading_raises_and_the_load_goes_on(slow):
    gate = slow("test-slow")
    with pytest.raises(LimitReached, match="compiling the test-slow kernels"):
        kernels.ensure_warm("test-slow", time.monotonic() + 0.1)
    assert kernels.compiling()
    gate.set()
    kernels.ensure_warm("test-slow")          # done: returns at once from now on
    kernels._LOADS["test-slow"].thread.join(10)
    assert not kernels._LOADS["test-slow"].thread.is_alive()


def test_a_failing_warm_up_is_raised_to_the_caller(monkeypatch):
    def broken() -> None:
        raise RuntimeError("no compiler")

    monkeypatch.setitem(kernels._WARM_UPS, "test-broken", ("broken kernels", broken))
    monkeypatch.delitem(kernels._LOADS, "test-broken", raising=False)
    with pytest.raises(RuntimeError, match="no compiler"):
        kernels.ensure_warm("test-broken")


def test_the_notice_is_given_once_for_a_slow_load(slow, monkeypatch):
    gate = slow("test-notice")
    told = []
    monkeypatch.setattr(kernels, "NOTICE_SECONDS", 0.0)
    monkeypatch.setattr(kernels, "_notice", [told.append])
    with pytest.raises(LimitReached):
        kernels.ensure_warm("test-notice", time.monotonic() + 0.2)
    gate.set()
    kernels.ensure_warm("test-notice")
    assert told == ["compiling the test-notice kernels (first run only)..."]


def test_an_exact_cover_search_gives_up_while_its_kernels_compile(slow):
    slow("exactcover")
    problem = ExactCover({"A": "xy", "B": "x", "C": "y"})
    run = problem.solutions(limits=Limits(seconds=0.2).started(), kernels="numba")
    assert list(run) == []
    assert run.status is Status.GAVE_UP and run.driver.stopped_by == "time"
    assert problem.solve(limits=Limits(seconds=0.1).started(),
                         kernels="numba").status is Status.GAVE_UP


def test_a_csp_search_gives_up_while_its_kernels_compile(slow):
    slow("csp")
    p = CSP()
    xs = [p.add_variable(i, range(3)) for i in range(3)]
    p.add_all_different(xs)
    search = Search(p, kernels="numba", limits=Limits(seconds=0.2).started())
    assert list(search) == []
    assert search.status is Status.GAVE_UP and search.stopped_by == "time"


def test_the_command_line_gives_up_during_compilation_and_exits():
    """``count queens 16 --timeout T`` while the queens kernels "compile" forever: one
    JSON object, gave up (stopped by time), exit 3, the progress line on stderr, and the
    process ends although the compiling thread never does.  ``--timeout`` counts from the
    process's start: T is 3 s past the child's imports, however long they took."""
    code = ("import threading\n"
            "import puzzlesmith.puzzles.queens.chunks\n"
            "from puzzlesmith.engines import kernels\n"
            "kernels._WARM_UPS['queens'] = ('the queens kernels', threading.Event().wait)\n"
            "kernels.NOTICE_SECONDS = 0.0  # the notice at once, however long start-up took\n"
            "import sys\n"
            "from puzzlesmith.cli import _process_age, main\n"
            "limit = str((_process_age() or 0.0) + 3)\n"
            "sys.argv = ['puzzlesmith', 'count', 'queens', '16', '--timeout', limit,\n"
            "            '--format', 'json']\n"
            "main()\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 3, done.stderr
    body = json.loads(done.stdout)
    assert body["status"] == "gave-up" and body["stopped_by"] == "time"
    assert "compiling the queens kernels (first run only)" in done.stderr
