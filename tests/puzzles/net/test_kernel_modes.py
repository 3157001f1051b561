"""Net through the CSP engine's kernels: python, numba and auto give the same answers,
counts and search, auto decides the same way every time, and a small solve never loads
numba."""

from __future__ import annotations

import subprocess
import sys

import pytest

from .helpers import NET

NAMES = [f"net_{style}_{k}x{k}_{i}" for style in ("ust", "grow") for k in (5, 10, 20, 40)
         for i in (1, 2, 3)]


def _runs(board, mode: str) -> list:
    found = []
    for run in (NET.count(board, limit=2, kernels=mode), NET.solve(board, seed=3, kernels=mode)):
        grids = getattr(run, "solutions", None) or [run.solution]
        found.append((run.status, run.stats.nodes, run.stats.extra.get("failures"),
                      getattr(run, "count", None), grids))
    return found


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("connected", [False, True], ids=["local", "connected"])
def test_interpreted_and_compiled_agree(data_dir, name, connected):
    text = (data_dir / "net" / f"{name}.txt").read_text()
    board = NET.parse(text, connected=connected)
    interpreted = _runs(board, "python")
    assert interpreted == _runs(board, "numba") == _runs(board, "auto")
    assert all(run[4] and run[4][0] is not None for run in interpreted)


def test_auto_chooses_the_same_kernels_every_time(data_dir):
    """The choice depends on the model and the node count only: the same run twice reports
    the same kernels and nodes; a 10x10 board stays in Python."""
    board = NET.parse((data_dir / "net" / "net_grow_10x10_1.txt").read_text())
    runs = [NET.solve(board, unique=True) for _ in range(2)]
    assert [(r.stats.extra["kernel"], r.stats.nodes, r.status) for r in runs] == [
        ("python", runs[0].stats.nodes, runs[0].status)] * 2


@pytest.mark.parametrize("flags", [[], ["--connected"]], ids=["local", "connected"])
def test_a_small_solve_loads_no_numba(data_dir, flags):
    path = data_dir / "net" / "net_grow_10x10_1.txt"
    code = ("import sys\n"
            "from puzzlesmith.cli import main\n"
            f"args = ['solve', 'net', *{flags!r}, {str(path)!r}, '--format', 'json']\n"
            "try:\n"
            "    main(args)\n"
            "except SystemExit as stop:\n"
            "    assert stop.code in (0, None), stop.code\n"
            "assert not any(m.startswith('numba') for m in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert '"status": "solved"' in done.stdout


def test_a_small_generation_in_one_command_loads_no_numba():
    """``generate net --size 20x20`` in one command stays interpreted (issue 43)."""
    code = ("import sys\n"
            "from puzzlesmith.cli import main\n"
            "args = ['generate', 'net', '--size', '20x20', '--connected', '--style', 'grow',\n"
            "        '--seed', '1', '--format', 'json']\n"
            "try:\n"
            "    main(args)\n"
            "except SystemExit as stop:\n"
            "    assert stop.code in (0, None), stop.code\n"
            "assert not any(m.startswith('numba') for m in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert '"made": 1' in done.stdout


def test_a_one_shot_generation_moves_to_compiled_kernels_and_makes_the_same_puzzles(
        monkeypatch):
    """Interpreted for the first tile-rounds, then compiled: the same boards as compiled
    throughout (a library process)."""
    import random

    from puzzlesmith.engines import kernels
    from puzzlesmith.puzzles.net import generate

    def made(kind: str) -> tuple:
        kernels.set_process(kind)
        monkeypatch.setattr(generate, "_interpreted", [0])
        monkeypatch.setattr(generate, "loaded", lambda name: False)
        boards = [generate.generate_one(20, 20, connected=True, style="grow",
                                        rng=random.Random(seed), deducible=True)
                  for seed in range(1, 7)]
        return tuple((m.board, m.solution, m.rounds) for m in boards), generate._interpreted[0]

    one_shot, interpreted = made("one-shot")
    assert generate.ONE_SHOT_TILE_ROUNDS <= interpreted < generate.ONE_SHOT_TILE_ROUNDS + 400
    assert generate.kernels_for(400) == "numba"
    assert made("library") == (one_shot, 0)
