"""Issue 44: every phase under the deadline, writing included; work that cannot end is said."""

from __future__ import annotations

import io
import json

import pytest

from puzzlesmith import cores, pool
from puzzlesmith.cli import contract
from puzzlesmith.errors import LimitReached
from puzzlesmith.puzzles.queens.board import Board
from puzzlesmith.puzzles.queens.counting import count, full_count_nodes
from puzzlesmith.results import Limits

from .conftest import one_line

PAST = Limits(seconds=0.0).started()


class Pipe(io.BytesIO):
    """A stream that cannot take back what it was given."""

    def seekable(self) -> bool:
        return False


def test_a_file_gets_the_whole_answer_or_none_of_it(monkeypatch):
    monkeypatch.setattr(contract, "WRITE_CHUNK", 4)
    stream = io.BytesIO(b"kept ")
    stream.seek(0, io.SEEK_END)
    contract._write_pieces(stream, "0123456789", Limits())
    assert stream.getvalue() == b"kept 0123456789"
    with pytest.raises(LimitReached, match="writing the answer"):
        contract._write_pieces(stream, "more than one chunk", PAST)
    assert stream.getvalue() == b"kept 0123456789"


def test_a_pipe_is_begun_only_with_time_for_the_whole_answer(monkeypatch):
    monkeypatch.setattr(contract, "WRITE_CHUNK", 4)
    pipe = Pipe()
    with pytest.raises(LimitReached, match="would not be written"):
        contract._write_pieces(pipe, "x" * 100, Limits(seconds=1e-9).started())
    assert pipe.getvalue() == b""
    contract._write_pieces(pipe, "x" * 10, Limits(seconds=60).started())
    assert pipe.getvalue() == b"x" * 10


def test_out_file_is_not_left_half_written(tmp_path, monkeypatch):
    monkeypatch.setattr(contract, "WRITE_CHUNK", 4)
    out = tmp_path / "answer.json"
    with pytest.raises(LimitReached):
        contract.write_out("a long answer", str(out), PAST)
    assert list(tmp_path.iterdir()) == []


def test_gave_up_while_writing_is_one_json_object_without_the_answer(toy, monkeypatch):
    from puzzlesmith.cli import app

    real = app.dumps
    monkeypatch.setattr(app, "dumps", lambda value, limits=None: real(value))  # in time
    monkeypatch.setattr(contract, "WRITE_CHUNK", 1 << 10)
    code, out, err = toy(["solve", "toy", "1", "--long", "5000", "--format", "json",
                          "--timeout", "0.1"])  # the toy answers once the limit has passed
    body = json.loads(out)  # exactly one object: nothing of the answer before it
    assert code == 3 and body["status"] == "gave-up" and "rows" not in body
    assert "writing the answer" in one_line(err)


def test_processes_above_the_cores_are_capped_with_a_note(monkeypatch):
    monkeypatch.setattr(cores, "default_jobs", lambda: 2)
    assert cores.usable_jobs(64) == 2 and cores.cap_note(2, "--processes") is None
    assert cores.cap_note(64, "--processes") == \
        "--processes 64 is more than the 2 usable cores: 2 worker processes used"
    assert pool.LocalPool(64).jobs == 2
    result = count(Board(8), processes=64, limits=PAST)
    assert result.stats.extra["processes"] == 2
    assert result.messages == [cores.cap_note(64, "--processes")]


def test_no_worker_starts_after_the_deadline():
    local = pool.LocalPool(2)
    tasks = [{"index": 0, "call": "operator:add", "args": [1, 2], "seconds": None}]
    assert list(local.run(tasks, until=0.0)) == [] and local._workers == []


def test_count_queens_31_says_how_long_it_would_take(cli):
    code, out, err = cli(["count", "queens", "31", "--format", "json"])
    body = json.loads(out)
    assert code == 2 and body["status"] == "error" and "about 10^23 nodes" in body["error"]
    assert "years" in one_line(err) and "--timeout" in one_line(err)
    code, out, err = cli(["count", "queens", "31", "--nodes", "1000", "--format", "json"])
    assert code == 3 and json.loads(out)["status"] == "gave-up"


def test_the_estimate_follows_the_measured_and_known_counts():
    assert full_count_nodes(17) == 1_694_507_380
    growth = [full_count_nodes(n + 1) / full_count_nodes(n) for n in range(17, 31)]
    assert all(5 < g < 20 for g in growth) and growth == sorted(growth)
