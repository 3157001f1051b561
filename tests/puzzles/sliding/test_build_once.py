"""Pattern databases are built once, by one process and thread, however many want them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections import Counter

import pytest

from puzzlesmith.errors import LimitReached
from puzzlesmith.puzzles.sliding import goal_board
from puzzlesmith.puzzles.sliding import pdb as pdb_module
from puzzlesmith.results import Limits

#: Wraps ``build_table`` in every process (batch workers too) to log each build.
HOOK = """\
import os
import puzzlesmith.puzzles.sliding.pdb as pdb
_build = pdb.build_table
def build_table(goal, tiles, **kw):
    with open(os.environ["BUILD_LOG"], "a") as log:
        log.write(" ".join(map(str, tiles)) + "\\n")
    return _build(goal, tiles, **kw)
pdb.build_table = build_table
"""

BOARDS = ["1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15", "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15",
          "1 2 3 4 5 6 7 8 9 10 0 11 13 14 15 12", "1 2 3 4 5 6 7 8 9 0 10 11 13 14 15 12"]


def test_batch_on_two_workers_builds_each_table_once(tmp_path):
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(HOOK)
    folder = tmp_path / "in"
    folder.mkdir()
    for k, board in enumerate(BOARDS * 2):
        (folder / f"p{k}.txt").write_text(board + "\n")
    log = tmp_path / "builds"
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "hook"), "BUILD_LOG": str(log),
           "PUZZLESMITH_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "batch", "solve", "sliding",
                           str(folder), "--pdb", "3-3-3-3-3", "-j", "2"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["verdicts"]["solved"] == 8
    builds = Counter(log.read_text().splitlines())
    assert len(builds) == 5 and set(builds.values()) == {1}


def test_threads_wait_for_one_build(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    built, start = Counter(), threading.Barrier(3)
    build = pdb_module.build_table

    def counting(goal, tiles, **options):
        built[tiles] += 1
        return build(goal, tiles, **options)

    monkeypatch.setattr(pdb_module, "build_table", counting)
    goal, loaded = goal_board(3, 3), []

    def load() -> None:
        start.wait()
        loaded.append(pdb_module.load_partition(goal, "2-2-2-2"))

    threads = [threading.Thread(target=load) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(loaded) == 3 and all(d is loaded[0] for d in loaded)
    assert len(built) == 4 and set(built.values()) == {1}


def test_a_wait_for_another_builder_ends_at_the_deadline(tmp_path, monkeypatch):
    from puzzlesmith.cachelock import building

    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    goal = goal_board(3, 3)
    path = pdb_module._file_for(goal, (1, 2))
    held, release = threading.Event(), threading.Event()

    def builder() -> None:
        with building(path):
            held.set()
            release.wait(30)

    thread = threading.Thread(target=builder)
    thread.start()
    held.wait(30)
    try:
        with pytest.raises(LimitReached, match="waiting for another"):
            pdb_module.load_partition(goal, "2-2-2-2", limits=Limits(seconds=0.1).started())
    finally:
        release.set()
        thread.join(30)
