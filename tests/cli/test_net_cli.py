"""The Net commands follow the CLI contract: exit codes, one JSON object, clean errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlesmith.cli.net import demo_text
from puzzlesmith.puzzles import net

SRC = Path(__file__).resolve().parents[2] / "src"
SAMPLE = "33000000000\n77373331131\n11111333310\n"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "puzzlesmith", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120)


def test_solve_prints_the_seed_solution_from_stdin():
    done = run("solve", "net", "-", stdin=SAMPLE)
    assert done.returncode == 0
    assert done.stdout.split() == ["c6000000000", "d7ce6c644c2", "11111939310"]


def test_solve_drawing_and_json():
    done = run("solve", "net", "--format", "drawing", stdin=SAMPLE)
    assert done.returncode == 0 and "o----o" in done.stdout
    done = run("solve", "net", "--unique", "--format", "json", stdin=SAMPLE)
    obj = json.loads(done.stdout)
    assert done.returncode == 0 and obj["status"] == "solved" and obj["unique"] is True
    assert obj["solution"] == ["c6000000000", "d7ce6c644c2", "11111939310"]
    assert {"seconds", "nodes"} <= obj.keys()


def test_no_solution_exits_1_with_json():
    done = run("solve", "net", "--connected", "--format", "json", stdin=SAMPLE)
    assert done.returncode == 1
    assert json.loads(done.stdout)["status"] == "unsolvable"


def test_not_unique_exits_1(shared_data):
    path = shared_data / "net" / "net_ust_5x5_2.txt"        # two solutions (manifest)
    done = run("solve", "net", "--unique", "--format", "json", str(path))
    obj = json.loads(done.stdout)
    assert done.returncode == 1 and obj["unique"] is False and obj["status"] == "solved"
    done = run("count", "net", "--format", "json", str(path))
    obj = json.loads(done.stdout)
    assert done.returncode == 0 and obj["complete"] is True and obj["count"] >= 2
    done = run("count", "net", "--limit", "1", "--format", "json", str(path))
    obj = json.loads(done.stdout)
    assert (obj["count"], obj["complete"]) == (1, False)
    done = run("count", "net", "--unique", str(path))
    assert done.returncode == 1


@pytest.mark.parametrize("text, words", [
    ("12\n3g\n", "not a hex digit"), ("12\n345\n", "expected 2"), ("\n", "empty")])
def test_bad_input_exits_2_without_traceback(text, words):
    done = run("solve", "net", stdin=text)
    assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr
    done = run("solve", "net", "--format", "json", stdin=text)
    assert done.returncode == 2 and json.loads(done.stdout)["status"] == "error"


def test_bad_usage_exits_2():
    assert run("solve", "net", "/no/such/file").returncode == 2
    done = run("generate", "net", "--size", "ten", "--format", "json")
    assert done.returncode == 2 and len(done.stdout.strip().splitlines()) == 1


def test_gave_up_exits_3(shared_data):
    path = shared_data / "net" / "net_grow_40x40_2.txt"
    done = run("solve", "net", "--nodes", "1", "--unique", "--format", "json", str(path))
    assert done.returncode == 3 and json.loads(done.stdout)["status"] == "gave-up"


def test_generate_then_solve_round_trip(tmp_path):
    done = run("generate", "net", "--size", "6x7", "--connected", "--seed", "4",
               "--format", "json")
    assert done.returncode == 0
    obj = json.loads(done.stdout)
    board = net.parse("\n".join(obj["puzzle"]))
    solution = net.parse("\n".join(obj["solution"])).tiles
    assert (board.rows, board.cols) == (6, 7)
    assert net.is_solution(board, solution, connected=True)
    path = tmp_path / "g.txt"
    path.write_text("\n".join(obj["puzzle"]) + "\n")
    again = run("solve", "net", "--connected", "--unique", "--format", "json", str(path))
    assert json.loads(again.stdout)["solution"] == obj["solution"]
    assert again.returncode == 0


def test_render_svg_and_drawing(tmp_path):
    out = tmp_path / "board.svg"
    assert run("render", "net", "--format", "svg", "--out", str(out), stdin=SAMPLE) \
        .returncode == 0
    assert out.read_text().startswith("<svg")
    done = run("render", "net", stdin="c6\n93\n")
    assert done.returncode == 0 and done.stdout.count("o") == 4


def test_demo_text_solves_the_sample():
    text = demo_text()
    assert "d7ce6c644c2" in text and "o----o" in text
