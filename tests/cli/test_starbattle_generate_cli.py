"""generate / rate / --explain on the command line."""

from __future__ import annotations

import json

from puzzlesmith.puzzles import starbattle as sb

from .conftest import run_cli as run


def test_generate_prints_sb_with_solution_and_is_reproducible():
    code, out, _ = run(["generate", "starbattle", "--size", "8", "--seed", "4"])
    assert code == 0
    puzzle = sb.parse(out)
    assert puzzle.given and sb.count(puzzle).count == 1
    assert run(["generate", "starbattle", "--size", "8", "--seed", "4"])[1] == out


def test_generate_json_count_and_out(tmp_path):
    target = tmp_path / "made.json"
    code, _, _ = run(["generate", "starbattle", "--size", "6", "--count", "2", "--seed", "1",
                      "--format", "json", "--out", str(target)])
    answer = json.loads(target.read_text())
    assert code == 0 and len(answer["puzzles"]) == 2
    assert all(p["unique"] and p["rating"] in sb.LEVELS for p in answer["puzzles"])


def test_generate_timeout_exit_3_and_bad_size_exit_2():
    code, out, _ = run(["generate", "starbattle", "--size", "14", "--stars", "3", "--timeout",
                        "0", "--format", "json"])
    assert code == 3 and json.loads(out)["status"] == "gave-up"
    code, _, err = run(["generate", "starbattle", "--size", "4", "--stars", "3"])
    assert code == 2 and "cannot hold" in err


def test_rate_and_explain(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(sb.EXAMPLE_6X6)
    code, out, _ = run(["rate", "starbattle", str(path), "--format", "json"])
    answer = json.loads(out)
    assert code == 0 and answer["rating"] in sb.LEVELS and answer["solved_by_rules"]
    code, out, err = run(["solve", "starbattle", str(path), "--explain"])
    assert code == 0 and "neighbours" in err and "the rules solve it" in err


def test_bench_json():
    code, out, _ = run(["bench", "starbattle", "--repeat", "1", "--format", "json"])
    figures = json.loads(out)["seconds"]
    assert code == 0 and {"solve example", "unique example", "generate 8x8/1"} <= set(figures)


def test_rate_impossible_exits_1():
    code, out, err = run(["rate", "starbattle", "-", "--stars", "1", "--format", "json"],
                         stdin="ab\nab\n")
    assert code == 1 and json.loads(out)["rating"] == "no solution" and "Traceback" not in err
