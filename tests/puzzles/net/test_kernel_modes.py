"""Net through the CSP engine's two kernel modes: the interpreted kernels and the compiled
ones give the same answers, counts and search, and a small solve never loads numba."""

from __future__ import annotations

import subprocess
import sys

import pytest

from puzzlesmith.engines.csp import compiled_kernels

from .helpers import NET

NAMES = [f"net_{style}_{k}x{k}_{i}" for style in ("ust", "grow") for k in (5, 10, 20, 40)
         for i in (1, 2, 3)]


def _runs(board, mode: str) -> list:
    with compiled_kernels(mode):
        found = []
        for run in (NET.count(board, limit=2), NET.solve(board, seed=3)):
            grids = getattr(run, "solutions", None) or [run.solution]
            found.append((run.status, run.stats.nodes, run.stats.extra.get("failures"),
                          getattr(run, "count", None), grids))
        return found


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("connected", [False, True], ids=["local", "connected"])
def test_interpreted_and_compiled_agree(data_dir, name, connected):
    text = (data_dir / "net" / f"{name}.txt").read_text()
    board = NET.parse(text, connected=connected)
    interpreted = _runs(board, "interpreted")
    assert interpreted == _runs(board, "compiled")
    assert all(run[4] and run[4][0] is not None for run in interpreted)


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
