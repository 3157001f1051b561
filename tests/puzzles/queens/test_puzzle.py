"""The queens object as the registry returns it: verbs, options, formats, results, demo."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles.queens.board import Board
from puzzlesmith.results import Status


def test_importing_the_puzzle_imports_no_numba():
    code = ("import sys, puzzlesmith.puzzles as p; q = p.get('queens'); "
            "b = q.parse('8'); q.solve(b, method='annealing'); q.solve(b); "
            "q.is_solution(b, [0] * 8); q.render_svg(b); q.hint(b, [0] * 8); "
            "assert not any(m.startswith('numba') for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_surface(queens):
    assert queens.verbs >= {"solve", "count", "generate", "render", "hint", "check"}
    assert queens.inline and queens.styles["solve"][0] == "auto"
    assert {o.name for o in queens.options} >= {"method", "max_queens", "size", "unique"}
    with pytest.raises(UsageError, match="unknown option"):
        queens.solve(Board(8), methdo="backtrack")


def test_solve_result_json(queens):
    result = queens.solve(queens.parse("8"), method="backtrack")
    obj = json.loads(json.dumps(result.to_dict()))
    assert obj["puzzle"] == "queens" and obj["status"] == "solved"
    assert obj["rows"] == [0, 4, 7, 5, 2, 6, 1, 3] and obj["method"] == "backtrack"
    assert isinstance(obj["seconds"], float) and isinstance(obj["nodes"], int)
    text = queens.report_text("solve", Board(8), result, "rows")
    assert queens.parse_answer(Board(8), text) == result.solution


def test_gave_up_result_says_why(queens):
    result = queens.solve(Board(30), method="backtrack", limits=__import__(
        "puzzlesmith.results", fromlist=["Limits"]).Limits(nodes=100))
    assert result.verdict() is Status.GAVE_UP
    assert result.to_dict()["reason"] == "the node limit" and result.to_dict()["rows"] is None


def test_check_verdicts(queens):
    board = Board(4)
    good = queens.is_solution(board, queens.parse_answer(board, "1 3 0 2"))
    assert good.ok and good.status is Status.SOLVED
    assert queens.report_text("check", board, good) == "ok"
    bad = queens.is_solution(board, queens.parse_answer(board, "0 1 2 3"))
    assert not bad and bad.status is Status.UNSOLVABLE and bad.to_dict()["violations"]


def test_example_and_demo(queens):
    example = queens.example()
    assert example.n == 8 and example.givens
    assert queens.count(example).count == 1
    text = queens.demo()
    assert "Q" in text and "724" in text and "verified" in text and "unique: True" in text


@pytest.mark.slow
def test_bench_figures(queens):
    result = queens.bench_figures(seeds=1)
    assert result.status is Status.SOLVED and not result.details["wrong"]
    assert set(result.details["figures"]) >= {"annealing N=32", "count N=14"}
