"""A full count split into sub-problems: the same count and nodes on local worker processes,
in one process, and on a dask.distributed cluster; a deadline stops every part."""

from __future__ import annotations

import json

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles.queens.board import Board
from puzzlesmith.puzzles.queens.counting import KNOWN_COUNTS, _jobs, count_part
from puzzlesmith.results import Limits, Status
from tests.cli.conftest import run_cli


def test_the_parts_add_up_to_the_count():
    for n in (6, 9, 12):
        assert sum(count_part(n, job)[0] for job in _jobs(n)) == KNOWN_COUNTS[n]


def test_local_workers_and_one_process_agree(queens):
    one = queens.count(Board(13), processes=1)
    two = queens.count(Board(13), processes=2)
    assert one.count == two.count == KNOWN_COUNTS[13] and two.complete
    assert one.stats.nodes == two.stats.nodes
    assert two.stats.extra["parts_done"] == two.stats.extra["jobs"] == len(_jobs(13))


def test_a_deadline_stops_the_workers(queens):
    result = queens.count(Board(18), processes=2, limits=Limits(seconds=0.5))
    assert result.status is Status.GAVE_UP and not result.complete
    assert result.details["stopped_by"] == "time" and result.count < KNOWN_COUNTS[18]


def test_a_dask_cluster_gives_the_same_count(queens):
    distributed = pytest.importorskip("distributed")
    local = queens.count(Board(12), processes=2)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        remote = queens.count(Board(12), scheduler=cluster.scheduler_address)
        code, out, err = run_cli(["count", "queens", "11", "--scheduler",
                                  cluster.scheduler_address, "--format", "json"])
    assert remote.count == local.count == KNOWN_COUNTS[12]
    assert remote.stats.nodes == local.stats.nodes
    assert remote.stats.extra["scheduler"] == cluster.scheduler_address
    assert code == 0 and json.loads(out)["count"] == KNOWN_COUNTS[11], err


def test_a_node_limit_is_not_split(queens):
    with pytest.raises(UsageError, match="one process"):
        queens.count(Board(12), limits=Limits(nodes=100), scheduler="tcp://127.0.0.1:1")


def test_count_with_two_jobs_on_the_command_line():
    code, out, err = run_cli(["count", "queens", "12", "-j", "2", "--format", "json"])
    result = json.loads(out)
    assert code == 0 and result["count"] == KNOWN_COUNTS[12] == result["known"], err
    assert result["processes"] == 2


def test_progress_reports_parts_and_solutions(queens):
    seen = []
    result = queens.count(Board(12), processes=2, progress=lambda s: seen.append(dict(s.extra)))
    assert [s["done"] for s in seen] == list(range(1, len(_jobs(12)) + 1))
    assert all(s["total"] == len(_jobs(12)) for s in seen)
    assert seen[-1]["solutions"] == result.count


def test_ctrl_c_stops_a_split_count_without_a_traceback():
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tests.interrupt import PROGRESS_ENV, interrupt_when_running, popen

    root = Path(__file__).resolve().parents[3]
    process = popen([sys.executable, "-m", "puzzlesmith", "count", "queens", "17", "-j", "2",
                     "--format", "json"], cwd=root, text=True, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, env={**os.environ, **PROGRESS_ENV})
    # Once the first part is counted (Ctrl-C while the kernels load ends the run before the
    # count has begun: no partial count to report).
    out, err = interrupt_when_running(process, "counting 17 queens")
    assert process.returncode == 3, err
    assert "Traceback" not in err
    result = json.loads(out)
    assert result["status"] == "gave-up" and result["complete"] is False
    assert result["stopped_by"] == "interrupt"
