"""Hostile writes and unbounded runs: every write is checked, and nothing runs on silently.

* ``--out /dev/full`` (a device: written directly, never replaced) for images, the store's
  and batch's outputs (every verb of every puzzle: tests/test_conformance.py): exit 2, one
  line on stderr naming the path, and with ``--format json`` one object saying so;
* stdout on ``/dev/full`` (the final flush included) exits 2 with one line; stdout whose
  reader has gone ends quietly with exit 141 (128 + SIGPIPE) and no traceback;
* ``bench`` on a board without solution exits 1 naming it, with its limit per board stated;
* ``--pdb none`` is linear conflict; the blind search only as ``--heuristic zero``;
* off a terminal, long work prints a progress line every few seconds.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlesmith.cli.contract import CLOSED_PIPE, Tracker

from .conftest import errors, one_line, run_cli

FULL = "/dev/full"
pytestmark = pytest.mark.skipif(not os.path.exists(FULL), reason="needs /dev/full (Linux)")
#: A small Star Battle.
STARBATTLE = "tests/data/starbattle/ms8_d1.sb"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def quiet(monkeypatch):
    """No progress lines (a slow machine must not add lines to stderr), run from the root."""
    monkeypatch.setenv("PUZZLESMITH_PROGRESS", "0")
    monkeypatch.chdir(ROOT)


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf", "framed"])
def test_images_on_a_full_device(fmt, data_dir, quiet):
    code, out, err = run_cli(["render", "starbattle", STARBATTLE,
                              "--format", fmt, "--out", FULL])
    assert code == 2 and out == ""
    assert FULL in one_line(err)


def test_out_on_the_null_device_is_written_directly(data_dir, quiet):
    code, out, err = run_cli(["solve", "starbattle", STARBATTLE,
                              "--out", os.devnull])
    assert code == 0, err
    assert Path(os.devnull).is_char_device()


def test_store_export_and_batch_on_a_full_device(tmp_path, data_dir, quiet):
    db = str(tmp_path / "store.db")
    code, _, err = run_cli(["store", "add", "starbattle", STARBATTLE, "--db", db])
    assert code == 0, err
    code, out, err = run_cli(["store", "export", "--db", db, "--out", FULL])
    assert code == 2 and FULL in one_line(err)
    code, out, err = run_cli(["batch", "solve", "starbattle", STARBATTLE,
                              "-j", "0", "--out", FULL])
    assert code == 2 and FULL in one_line(err), err
    assert json.loads(out)["status"] == "error"


# -- stdout: a full device, a closed pipe (real processes) ---------------------------------


def _command(*args: str) -> list[str]:
    return [sys.executable, "-c", "from puzzlesmith.cli import main; main()", *args]


def _env() -> dict:
    return {**os.environ, "PUZZLESMITH_PROGRESS": "0"}


STDOUT_CASES = [
    ("solve", "starbattle", "{sb}"),
    ("solve", "starbattle", "{sb}", "--format", "json"),
    ("render", "starbattle", "{sb}", "--format", "png"),
    ("generate", "sliding", "--size", "3", "--seed", "1"),
    ("count", "queens", "6"),
    ("solve", "queens", "--help"),
]


def _fill(case: tuple[str, ...]) -> list[str]:
    sb = str(ROOT / STARBATTLE)
    return [part.format(sb=sb) for part in case]


@pytest.mark.parametrize("case", STDOUT_CASES, ids=" ".join)
def test_stdout_on_a_full_device_exits_2(case, data_dir):
    with open(FULL, "wb") as full:
        done = subprocess.run(_command(*_fill(case)), stdout=full, stderr=subprocess.PIPE,
                              text=True, env=_env(), timeout=300)
    assert done.returncode == 2, done.stderr
    assert one_line(done.stderr) == "error: cannot write stdout: No space left on device"


@pytest.mark.parametrize("case", [*STDOUT_CASES[:5], ("solve", "starbattle", "/no/such",
                                                       "--format", "json")], ids=" ".join)
def test_stdout_closed_by_its_reader_ends_quietly(case, data_dir):
    read, write = os.pipe()
    os.close(read)  # the reader has gone before the first byte
    try:
        done = subprocess.run(_command(*_fill(case)), stdout=write, stderr=subprocess.PIPE,
                              text=True, env=_env(), timeout=300)
    finally:
        os.close(write)
    assert done.returncode == CLOSED_PIPE, done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert errors(done.stderr) in ([], ["error: no such file: /no/such"])


# -- bench: the contract of solve, board by board ------------------------------------------


def test_bench_sliding_unsolvable_exits_1_naming_the_board(tmp_path, quiet):
    path = tmp_path / "boards.txt"
    path.write_text("1 2 3 4 5 6 0 7 8 2\n1 2 3 4 5 6 8 7 0\n")
    code, out, err = run_cli(["bench", "sliding", str(path)])
    assert code == 1
    assert "line 2: no solution" in err.splitlines()
    assert "limit 60 s a board" in out
    code, out, err = run_cli(["bench", "sliding", str(path), "--timeout", "7",
                              "--format", "json"])
    obj = json.loads(out)
    assert code == 1 and obj["status"] == "unsolvable" and obj["unsolvable"] == [2]
    assert obj["board_seconds"] == 7


def test_bench_generic_unsolvable_exits_1_naming_the_board(tmp_path, quiet):
    path = tmp_path / "three.txt"
    path.write_text("3\n")  # three queens cannot be placed
    code, out, err = run_cli(["bench", "queens", str(path), "--repeat", "1"])
    assert code == 1, err
    assert f"{path}: no solution" in err
    assert "limit 60 s a board" in out


def test_bench_help_states_the_default_limit(quiet):
    code, out, _ = run_cli(["bench", "sliding", "--help"])
    assert code == 0 and "[default: 60]" in " ".join(out.split())


def test_bench_node_limit_is_per_board(tmp_path, quiet):
    path = tmp_path / "boards.txt"
    path.write_text("7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4\n1 2 3 4 5 6 0 7 8 2\n")
    code, out, err = run_cli(["bench", "sliding", str(path), "--nodes", "500", "--pdb", "none",
                              "--format", "json"])
    obj = json.loads(out)
    assert code == 3 and obj["gave_up"] == [1] and obj["boards"] == 2, err
    assert "gave up at line 1" in err


# -- no silent unbounded run ----------------------------------------------------------------


def test_pdb_none_is_linear_conflict(quiet):
    code, out, err = run_cli(["solve", "sliding", "8 6 7 2 5 4 3 0 1", "--pdb", "none",
                              "--format", "json"])
    obj = json.loads(out)
    assert code == 0 and obj["heuristic"] == "linear-conflict" and obj["length"] == 31
    assert "heuristic is 0" not in err
    code, out, err = run_cli(["solve", "sliding", "1 2 3 4 5 6 0 7 8", "--heuristic", "zero"])
    assert code == 0 and "heuristic is 0" in err


def test_progress_lines_off_a_terminal(monkeypatch):
    stream = io.StringIO()
    monkeypatch.setattr(sys, "stderr", stream)
    tracker = Tracker("solve toy")
    with tracker.lines(every=0.01):
        waited = time.monotonic()
        while "solve toy" not in stream.getvalue() and time.monotonic() - waited < 30:
            time.sleep(0.01)
    assert stream.getvalue().startswith("... solve toy: ")
    with tracker.lines(every=0):  # 0: no lines
        pass


def test_formatting_millions_of_rows_checks_the_deadline():
    import numpy as np

    from puzzlesmith.errors import LimitReached
    from puzzlesmith.puzzles.queens import board as model
    from puzzlesmith.results import Limits

    rows = np.arange(model.FORMAT_CHUNK + 2)
    assert model.format_rows(rows, Limits()).endswith(f" {model.FORMAT_CHUNK + 1}")
    assert model.format_rows(list(rows), Limits()) == model.format_rows(rows)
    with pytest.raises(LimitReached, match="writing the answer"):
        model.format_rows(rows, Limits(seconds=0).started())


def test_writing_a_long_answer_honours_the_time_limit(toy):
    code, out, err = toy(["solve", "toy", "1", "--long", "300000", "--format", "json",
                          "--timeout", "1.5"])
    assert code == 3, err
    body = json.loads(out)
    assert body["status"] == "gave-up" and "writing the answer" in body["reason"]
    assert "rows" not in body and err.count("\n") == 1
