"""Every verb of every registered puzzle, through the command line, on real instances.

For each puzzle and each verb in its ``verbs``: ``--format json`` prints one JSON object with
``puzzle``, ``status``, ``seconds`` and ``nodes``, and the exit code follows the status.  The
answer ``solve`` prints is read back by ``check`` (``format_answer`` and ``parse_answer``
agree), and the puzzles ``generate`` prints are read back by ``solve``.
"""

from __future__ import annotations

import json

import pytest

from puzzlesmith.puzzles import get, names
from puzzlesmith.results import EXIT_CODES, Status

from .conftest import run_cli

DATA = "tests/data"
#: A small instance of each puzzle, as the command line takes it, and generation options.
INSTANCES = {
    "starbattle": f"{DATA}/starbattle/ms8_d1.sb",
    "net": f"{DATA}/net/net_ust_5x5_1.txt",
    "sliding": "8 6 7 2 5 4 3 0 1",
    "queens": "8",
    "sudoku": "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
}
#: ``compare`` runs every method and heuristic on its board: an easy one is enough here (the
#: hardest 8-puzzle above took 20-26 s under load, twice; tests/puzzles/sliding tests compare).
COMPARE = {"sliding": "1 2 3 4 5 6 0 7 8"}
GENERATE = {
    "starbattle": ["--size", "6"],
    "net": ["--size", "4x4"],
    "sliding": ["--size", "3"],
    "queens": ["--size", "6"],
    "sudoku": ["--box", "2x2"],
}

PAIRS = [(name, verb) for name in names() for verb in sorted(get(name).verbs)]


def one_object(out: str) -> dict:
    obj = json.loads(out)
    assert {"puzzle", "status", "seconds", "nodes"} <= set(obj), obj
    assert isinstance(obj["seconds"], int | float) and isinstance(obj["nodes"], int), obj
    return obj


def arguments(name: str, verb: str, tmp_path) -> list[str]:
    if verb == "generate":
        return [*GENERATE[name], "--seed", "1"]
    if verb == "bench":
        return ["--repeat", "1"]
    if verb == "check":
        code, answer, err = run_cli(["solve", name, INSTANCES[name]])
        assert code == 0, err
        path = tmp_path / "answer.txt"
        path.write_text(answer)
        return [INSTANCES[name], str(path)]
    if verb == "compare":
        return [COMPARE.get(name, INSTANCES[name])]
    return [INSTANCES[name]]


@pytest.mark.parametrize(("name", "verb"), PAIRS, ids=[f"{v} {n}" for n, v in PAIRS])
def test_verb_prints_one_json_object(name, verb, data_dir, monkeypatch, tmp_path):
    monkeypatch.chdir(_root())
    code, out, err = run_cli([verb, name, *arguments(name, verb, tmp_path),
                              "--format", "json"])
    obj = one_object(out)
    assert obj["puzzle"] == name
    assert "Traceback" not in err
    assert code == EXIT_CODES[Status.SOLVED], (obj, err)


@pytest.mark.parametrize("name", [n for n in names() if "generate" in get(n).verbs])
def test_generated_text_reads_back(name, tmp_path, monkeypatch):
    monkeypatch.chdir(_root())
    code, out, err = run_cli(["generate", name, *GENERATE[name], "--seed", "2"])
    assert code == 0, err
    path = tmp_path / "made.txt"
    path.write_text(out)
    code, out, err = run_cli(["solve", name, str(path), "--format", "json"])
    assert code == 0, err
    assert one_object(out)["status"] == "solved"


def _root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]
