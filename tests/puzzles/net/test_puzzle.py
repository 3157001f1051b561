"""Net's puzzle object: the protocol surface, JSON of every verb, drawings, demo."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from dataclasses import replace

import pytest

from puzzlesmith.errors import InvalidPuzzle
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.net import render as render_net
from puzzlesmith.puzzles.protocol import VERBS
from puzzlesmith.results import Status

from .helpers import NET


def test_importing_the_puzzle_loads_no_numba():
    code = ("import sys, puzzlesmith.puzzles as p; p.get('net'); "
            "assert not any(m.startswith('numba') for m in sys.modules)")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_surface():
    assert get("net") is NET and NET.name == "net"
    assert NET.verbs == {"solve", "count", "generate", "render", "rate", "hint", "check"}
    assert NET.verbs <= set(VERBS)
    parse_opts = {o.name for o in NET.options_for("solve", "parse")}
    assert parse_opts == {"connected", "wrap", "max_tiles"}
    assert {o.name for o in NET.options_for("generate")} == {
        "size", "connected", "wrap", "style", "max_tiles", "allow_search", "barriers"}
    assert {o.flag for o in NET.options_for("solve", "run")} == {"--unique", "--explain",
                                                                 "--kernels"}
    parse, run = NET.split_params("solve", {"connected": True, "unique": True})
    assert parse == {"connected": True} and run == {"unique": True}


def test_canonical_text_keeps_the_rules_and_barriers():
    board = replace(NET.parse("85c\n6e7\n424\nbarriers\n1 1 down\n"), wrap=True, connected=True)
    assert NET.canonical(board).startswith("net wrap connected\n")
    assert NET.parse(NET.canonical(board)) == board
    assert NET.canonical(NET.example()) == NET.format(NET.example()) + "\n"
    with pytest.raises(InvalidPuzzle, match="line 2: unknown rule 'spin'"):
        NET.parse("\nnet wrap spin\n85c\n")


def test_every_verb_prints_one_json_object():
    board = NET.example()
    solution = NET.solve(board).solution
    results = {
        "solve": NET.solve(board, unique=True),
        "count": NET.count(board, limit=2),
        "generate": NET.generate(size="4x4", seed=1),
        "render": NET.render(board, solution=True),
        "rate": NET.rate(board),
        "hint": NET.hint(board),
        "check": NET.is_solution(board, solution),
    }
    assert set(results) == NET.verbs
    for verb, result in results.items():
        body = json.loads(json.dumps(result.to_dict()))
        assert body["puzzle"] == "net", verb
        assert body["status"] == "solved", verb
        assert isinstance(body["seconds"], float) and isinstance(body["nodes"], int), verb
        assert NET.report_text(verb, board, result) is not None, verb
    assert results["solve"].to_dict()["unique"] is True
    assert results["check"].to_dict()["ok"] is True


def test_checker_lists_violations():
    board = NET.example()
    solution = NET.solve(board).solution
    wrong = (solution[0][:0] + (3,) + solution[0][1:],) + solution[1:]
    check = NET.is_solution(board, wrong)
    assert not check and check.status is Status.UNSOLVABLE
    assert check.violations[0] == "row 1, column 1: its up connector points off the board"
    assert "not a rotation" in NET.is_solution(board, ((15,) * 11,) * 3).violations[0]
    assert "not a 3x11 grid" in NET.is_solution(board, ((1,),)).violations[0]
    looped = NET.is_solution(replace(board, connected=True), solution)
    assert any("loop" in v for v in looped.violations)
    assert NET.report_text("check", board, looped).count("\n") >= 1


def test_render_text_and_svg():
    board = NET.example()
    assert NET.render(board, style="grid").details["drawing"] == NET.format(board)
    solved = NET.render(board, solution=True, style="drawing").details["drawing"]
    assert solved == NET.format_answer(board, NET.solve(board).solution, "drawing")
    svg = NET.render_svg(board)
    assert svg.startswith("<svg") and svg.endswith("</svg>") and 'class="loose"' in svg
    drawn = NET.render_svg(board, NET.solve(board).solution)
    assert 'class="loose"' not in drawn and 'class="source"' in drawn
    unsolvable = NET.render(replace(board, connected=True), solution=True)
    assert unsolvable.status is Status.UNSOLVABLE


def test_render_refuses_huge_boards_before_building():
    big = ((5,) * 1000,) * 300
    with pytest.raises(InvalidPuzzle, match="too big to draw"):
        render_net.render_svg(big)


def test_demo_and_example():
    text = NET.demo()
    assert "c6000000000" in text and "unique: yes" in text and "unsolvable" in text
    assert "rating: easy" in text
    assert NET.example().size == 33


@pytest.mark.parametrize("module", [
    "puzzlesmith.puzzles.net.board", "puzzlesmith.puzzles.net.formats",
    "puzzlesmith.puzzles.net.check", "puzzlesmith.puzzles.net.model",
    "puzzlesmith.puzzles.net.deduce",
    "puzzlesmith.puzzles.net.generate", "puzzlesmith.puzzles.net.puzzle",
    "puzzlesmith.puzzles.net.render", "puzzlesmith.engines.csp", "puzzlesmith.engines.csp_tree",
])
def test_docstring_examples(module):
    import importlib

    assert doctest.testmod(importlib.import_module(module)).failed == 0


def test_docs_python_examples_run():
    import contextlib
    import io
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[3] / "docs" / "net.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), flags=re.S)
    assert blocks
    for block in blocks:
        with contextlib.redirect_stdout(io.StringIO()) as out:
            exec(compile(block, "docs/net.md", "exec"), {})
        assert out.getvalue().startswith("solved True")
