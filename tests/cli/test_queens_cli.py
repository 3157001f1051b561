"""``puzzlesmith solve queens`` and ``count queens``: outputs, JSON, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.cli import main
from puzzlesmith.cli.queens import demo_text
from puzzlesmith.puzzles.queens import is_solution

SRC = Path(__file__).resolve().parents[2] / "src"


def run(capsys, *args):
    with pytest.raises(SystemExit) as done:
        main(list(args))
    out, err = capsys.readouterr()
    return done.value.code or 0, out, err


def test_board_for_small_n(capsys):
    code, out, err = run(capsys, "solve", "queens", "8", "--method", "annealing", "--seed", "1")
    lines = out.splitlines()
    assert code == 0 and err == ""
    assert len(lines) == 8 and all(line.count("K") == 1 and set(line) <= set("K.")
                                   for line in lines)
    rows = [line.index("K") for line in lines]  # column of the queen in each row
    assert is_solution(rows)


def test_rows_for_large_n_and_on_request(capsys):
    code, out, _ = run(capsys, "solve", "queens", "1e3")
    assert code == 0 and is_solution([int(x) for x in out.split()])
    code, out, _ = run(capsys, "solve", "queens", "8", "--format", "rows", "--seed", "2",
                       "--method", "minconflicts")
    assert code == 0 and is_solution([int(x) for x in out.split()])


@pytest.mark.parametrize("method", ["construct", "minconflicts", "annealing", "genetic",
                                    "backtrack"])
def test_json_answer(capsys, method):
    code, out, _ = run(capsys, "solve", "queens", "12", "--method", method, "--seed", "5",
                       "--format", "json")
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "solved" and answer["method"] == method
    assert is_solution(answer["rows"]) and len(answer["rows"]) == 12
    assert answer["seconds"] >= 0 and answer["nodes"] >= 0


def test_same_seed_same_answer(capsys):
    args = ("solve", "queens", "40", "--method", "annealing", "--seed", "9", "--format", "rows")
    assert run(capsys, *args)[1] == run(capsys, *args)[1]


@pytest.mark.parametrize("n", ["2", "3"])
def test_no_solution_exits_1(capsys, n):
    code, out, err = run(capsys, "solve", "queens", n)
    assert code == 1 and out == "" and "no solution" in err
    code, out, _ = run(capsys, "solve", "queens", n, "--format", "json")
    assert code == 1 and json.loads(out) == {**json.loads(out), "status": "unsolvable",
                                             "rows": None}


@pytest.mark.parametrize("args", [
    ["solve", "queens", "abc"], ["solve", "queens", "0"], ["solve", "queens", "2.5"],
    ["solve", "queens", "8", "--method", "simplex"], ["solve", "queens"],
    ["solve", "queens", "5000", "--format", "board"], ["count", "queens", "31"],
    ["count", "queens", "8", "--nodes", "3"], ["solve", "queens", "8", "--seed", "x"],
])
def test_bad_input_exits_2_with_one_line(capsys, args):
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert "Traceback" not in err and err.strip()


def test_bad_input_in_json_mode_is_one_json_object(capsys):
    code, out, _ = run(capsys, "solve", "queens", "abc", "--format", "json")
    assert code == 2 and json.loads(out)["status"] == "error"


def test_gave_up_exits_3(capsys):
    code, out, err = run(capsys, "solve", "queens", "30", "--method", "backtrack", "--nodes",
                         "100", "--format", "json")
    answer = json.loads(out)
    assert code == 3 and answer["status"] == "gave-up" and answer["rows"] is None
    assert "gave up" in err
    code, _, _ = run(capsys, "solve", "queens", "200", "--method", "genetic", "--timeout", "0")
    assert code == 3


def test_count(capsys):
    code, out, _ = run(capsys, "count", "queens", "10")
    assert code == 0 and out.strip() == "724"
    code, out, _ = run(capsys, "count", "queens", "12", "--format", "json")
    answer = json.loads(out)
    assert code == 0 and answer["count"] == 14200 and answer["complete"] is True
    code, out, _ = run(capsys, "count", "queens", "3", "--format", "json")
    answer = json.loads(out)
    assert code == 1 and answer["count"] == 0 and answer["status"] == "unsolvable"


def test_count_timeout_is_incomplete(capsys):
    code, out, _ = run(capsys, "count", "queens", "13", "--timeout", "0", "--format", "json")
    answer = json.loads(out)
    assert code == 3 and answer["complete"] is False


def test_module_entry_point_runs():
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "solve", "queens", "4"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0 and done.stdout == "..K.\nK...\n...K\n.K..\n"


def test_demo_text():
    text = demo_text()
    assert "K" in text and "724" in text and "verified" in text


def test_bench_queens_json(capsys):
    code, out, _ = run(capsys, "bench", "queens", "--seeds", "1", "--format", "json")
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "solved" and answer["wrong"] == []
    assert set(answer["seconds"]) >= {"annealing N=32", "count N=14"}
