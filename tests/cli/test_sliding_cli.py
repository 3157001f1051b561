"""The CLI contract on sliding tiles: exit codes, one JSON object, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.puzzles import sliding as sl

from .conftest import run_cli as run

SEED = "5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2"
EASY = "1 2 3 4 5 6 0 7 8"


@pytest.fixture(scope="module", autouse=True)
def private_cache(tmp_path_factory):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path_factory.mktemp("pdb")))
        yield


def test_solve_seed_format():
    code, out, err = run(["solve", "sliding", EASY])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "2"
    assert lines[1] == EASY and lines[2] == "-" * 10 and lines[-1] == "1 2 3 4 5 6 7 8 0"


def test_solve_the_seeds_board_json():
    code, out, _ = run(["solve", "sliding", SEED, "--pdb", "5-5-5", "--format", "json"])
    assert code == 0
    obj = json.loads(out)
    assert obj["status"] == "solved" and obj["length"] == 41 and obj["optimal"] is True
    assert sl.apply_moves(sl.parse(SEED), obj["moves"]) == sl.goal_board(4, 4)
    assert obj["nodes"] > 0 and obj["seconds"] >= 0


def test_moves_format_file_stdin_and_out(tmp_path):
    path = tmp_path / "in.dat"
    path.write_text("1 2 3\n4 5 6\n0 7 8\n")
    assert run(["solve", "sliding", str(path), "--format", "moves"])[:2] == (0, "RR\n")
    assert run(["solve", "sliding", "-", "--format", "moves"], stdin=EASY)[:2] == (0, "RR\n")
    out_file = tmp_path / "out.ans"
    code, out, _ = run(["solve", "sliding", str(path), "--out", str(out_file)])
    assert code == 0 and out == "" and out_file.read_text().startswith("2\n")


def test_unsolvable_prints_the_seeds_message():
    code, out, _ = run(["solve", "sliding", "1 2 3 4 5 6 8 7 0"])
    assert code == 1 and out.strip() == sl.NO_SOLUTION
    code, out, _ = run(["solve", "sliding", "1 2 3 4 5 6 8 7 0", "--format", "json"])
    obj = json.loads(out)
    assert code == 1 and obj["status"] == "unsolvable" and obj["optimal"] is False
    assert obj["moves"] is None and obj["length"] is None


@pytest.mark.parametrize("args", [
    ["1 2 3 4 5 6 7 8 8"], ["1 2 3 4 5 6 7 x 0"], ["1 2 3 4 5 0"], ["no-such-file.txt"],
    ["1 2 3 0", "--method", "dfs"], ["1 2 3 0", "--heuristic", "nope"],
    ["1 2 3 0", "--size", "3"], [EASY, "--goal", "1 2 3"], [SEED, "--pdb", "9-9"],
])
def test_bad_input_is_exit_2_with_one_line(args):
    code, out, err = run(["solve", "sliding", *args])
    assert code == 2 and out == ""
    assert "Traceback" not in err
    code, out, _ = run(["solve", "sliding", *args, "--format", "json"])
    assert code == 2 and json.loads(out)["status"] == "error"


def test_gave_up_is_exit_3_with_json():
    args = ["solve", "sliding", "7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4", "--heuristic",
            "manhattan", "--nodes", "1000"]
    code, out, err = run(args)
    assert code == 3 and out == "" and "gave up" in err
    code, out, _ = run([*args, "--format", "json"])
    obj = json.loads(out)
    assert code == 3 and obj["status"] == "gave-up" and obj["optimal"] is False
    assert {"seconds", "nodes", "length", "moves"} <= set(obj)
    code, out, _ = run([*args[:-2], "--timeout", "0", "--format", "json"])
    assert code == 3 and json.loads(out)["status"] == "gave-up"


@pytest.mark.parametrize("method", sl.METHODS)
def test_methods(method):
    code, out, _ = run(["solve", "sliding", EASY, "--method", method, "--format", "json"])
    obj = json.loads(out)
    assert code == 0 and obj["length"] == 2 and obj["method"] == method


def test_goal_and_size_options():
    code, out, _ = run(["solve", "sliding", "1 2 0 3 4 5", "--size", "2x3", "--goal",
                        "blank-first", "--format", "moves"])
    assert code == 0 and out.strip() == "LL"
    code, out, _ = run(["solve", "sliding", "0 1 2 3", "--goal", "1 0 2 3", "--format", "moves"])
    assert code == 0 and out.strip() == "R"


def test_hint():
    code, out, _ = run(["hint", "sliding", EASY])
    assert code == 0 and "2 moves" in out and "tile 7 left" in out
    code, out, _ = run(["hint", "sliding", EASY, "--format", "json"])
    obj = json.loads(out)
    assert obj["distance"] == 2 and obj["move"] == "R" and obj["tile"] == 7
    assert run(["hint", "sliding", "1 2 3 4 5 6 8 7 0"])[0] == 1


def test_compare():
    code, out, _ = run(["compare", "sliding", "8 6 7 2 5 4 3 0 1", "--format", "json"])
    assert code == 0
    obj = json.loads(out)
    rows = obj["rows"]
    pairs = {(r["method"], r["status"]) for r in rows}
    assert pairs >= {("astar", "solved"), ("idastar", "solved")}
    assert all(r["length"] == 31 for r in rows if r["optimal"])
    code, out, _ = run(["compare", "sliding", "8 6 7 2 5 4 3 0 1"])
    assert code == 0 and "misplaced" in out and "optimal" in out


def test_generate():
    code, out, _ = run(["generate", "sliding", "--size", "4", "--seed", "3", "--count", "5"])
    assert code == 0
    boards = [sl.parse(line) for line in out.splitlines()]
    assert len(boards) == 5 and all(sl.is_solvable(b, sl.goal_board(4, 4)) for b in boards)
    assert run(["generate", "sliding", "--size", "4", "--seed", "3", "--count", "5"])[1] == out
    code, out, _ = run(["generate", "sliding", "--size", "3x5", "--moves", "10", "--seed", "1",
                        "--format", "json"])
    obj = json.loads(out)
    assert code == 0 and obj["status"] == "solved" and len(obj["boards"]) == 1
    assert run(["generate", "sliding", "--size", "1x5"])[0] == 2


def test_bench(tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text("# two boards\n1 2 3 4 5 6 0 7 8 2\n8 6 7 2 5 4 3 0 1 31\n")
    code, out, _ = run(["bench", "sliding", str(path), "--format", "json"])
    obj = json.loads(out)
    assert code == 0 and obj["boards"] == 2 and obj["mismatches"] == 0


def test_demo_text():
    from puzzlesmith.cli.sliding import demo_text

    assert "41 moves" in demo_text()


def test_subprocess_entry_point():
    env = {**os.environ, "PYTHONPATH": str(Path(sl.__file__).parents[3])}
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "solve", "sliding", EASY,
                           "--format", "json"], capture_output=True, text=True, env=env,
                          timeout=120)
    assert done.returncode == 0 and json.loads(done.stdout)["length"] == 2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_is_exit_3_with_one_json_object():
    import signal
    import time

    board = sl.format(sl.generate(5, rng=1), one_line=True)
    env = {**os.environ, "PYTHONPATH": str(Path(sl.__file__).parents[3])}
    proc = subprocess.Popen([sys.executable, "-m", "puzzlesmith", "solve", "sliding", board,
                             "--heuristic", "linear-conflict", "--format", "json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    time.sleep(2.0)
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=30)
    finally:
        proc.kill()
    obj = json.loads(out)
    assert proc.returncode == 3 and obj["status"] == "gave-up" and obj["reason"] == "interrupted"


def test_render():
    code, out, _ = run(["render", "sliding", "1 2 3 0"])
    assert code == 0 and out.splitlines()[1] == "| 1 | 2 |"
    code, out, _ = run(["render", "sliding", "2 1 3 0", "--format", "json"])
    assert code == 0 and json.loads(out)["solvable"] is False
