"""The CLI contract on Star Battle: exit codes, one JSON object, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from puzzlesmith.puzzles import starbattle as sb

from .conftest import run_cli as run


@pytest.fixture
def seed_file(tmp_path):
    path = tmp_path / "seed.sb"
    path.write_text(sb.format(sb.example(), sorted(sb.example().given)))
    return str(path)


def test_solve_prints_board(seed_file):
    code, out, _ = run(["solve", "starbattle", seed_file])
    assert code == 0
    assert out.splitlines()[0] == "..*.*......."


def test_solve_json_unique(seed_file):
    code, out, _ = run(["solve", "starbattle", seed_file, "--unique", "--format", "json"])
    answer = json.loads(out)
    assert code == 0 and answer["status"] == "solved" and answer["unique"] is True
    assert answer["solution"][0] == "..*.*......." and answer["agrees_with_file"] is True
    assert {"seconds", "nodes"} <= set(answer)


def test_solve_from_stdin_with_stars_option():
    code, out, _ = run(["solve", "starbattle", "-", "--format", "letters"], stdin=sb.EXAMPLE_6X6)
    assert code == 0 and sum(ch.islower() for ch in out) == 6


def test_not_unique_exits_1():
    grid = "\n".join(["abcdef"] * 6)
    code, out, _ = run(["solve", "starbattle", "-", "--unique", "--format", "json"], stdin=grid)
    answer = json.loads(out)
    assert code == 1 and answer["status"] == "solved" and answer["unique"] is False


def test_count_json_and_limit(tmp_path):
    path = tmp_path / "open.txt"
    path.write_text("ab\nab\n")
    code, out, _ = run(["count", "starbattle", str(path), "--stars", "1", "--format", "json"])
    assert code == 1 and json.loads(out) == {**json.loads(out), "count": 0, "complete": True}
    open_grid = "\n".join(["abcdef"] * 6)
    code, out, _ = run(["count", "starbattle", "-", "--stars", "1", "--limit", "2",
                        "--format", "json"], stdin=open_grid)
    answer = json.loads(out)
    assert code == 0 and answer["count"] == 2 and answer["complete"] is False
    code, out, _ = run(["count", "starbattle", "-", "--stars", "1", "--unique"], stdin=open_grid)
    assert code == 1 and out.strip() == "2+"


def test_no_solution_exit_1():
    code, out, err = run(["solve", "starbattle", "-", "--stars", "1", "--format", "json"],
                         stdin="ab\nab\n")
    assert code == 1 and json.loads(out)["status"] == "unsolvable"


@pytest.mark.parametrize(("stdin", "where"), [("abc\nab\n", "line 2"),
                                              ("ab!\nabc\nabc\n", "line 1, column 3")])
def test_bad_input_exit_2_one_line(stdin, where):
    code, out, err = run(["solve", "starbattle", "-"], stdin=stdin)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and where in err and "Traceback" not in err
    code, out, _ = run(["solve", "starbattle", "-", "--format", "json"], stdin=stdin)
    assert code == 2 and json.loads(out)["status"] == "error"


def test_usage_errors_exit_2_json():
    code, out, _ = run(["solve", "starbattle", "/no/such/file", "--format", "json"])
    assert code == 2 and "no such file" in json.loads(out)["error"]
    code, _, _ = run(["solve", "nosuchpuzzle"])
    assert code == 2


def test_gave_up_exit_3(shared_data):
    path = shared_data / "starbattle" / "hwhab_25x25_6.sb"
    code, out, err = run(["solve", "starbattle", str(path), "--nodes", "5", "--format", "json"])
    answer = json.loads(out)
    assert code == 3 and answer["status"] == "gave-up" and "gave up" in err


def test_render_svg_and_framed(seed_file, tmp_path):
    svg = tmp_path / "board.svg"
    code, _, _ = run(["render", "starbattle", seed_file, "--solve", "--format", "svg",
                      "--out", str(svg)])
    assert code == 0 and svg.read_text().count("<polygon") == 24
    code, out, _ = run(["render", "starbattle", seed_file])
    assert code == 0 and out.startswith("+---+")


def test_demo_and_module_entry_point():
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", "demo"], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0 and "Star Battle" in done.stdout and "*" in done.stdout
