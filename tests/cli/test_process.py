"""The contract seen from outside: whole processes, Ctrl-C, and what start-up imports."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlesmith.puzzles import names
from tests.interrupt import popen

ROOT = Path(__file__).resolve().parents[2]


def python(code: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def numba_after(argv: list[str]) -> bool:
    """Whether running the CLI with ``argv`` imported any numba module."""
    code = ("import atexit, sys\n"
            "atexit.register(lambda: print('NUMBA', any(m.split('.')[0] == 'numba' "
            "for m in sys.modules), file=sys.stderr))\n"
            "from puzzlesmith.cli import main\n"
            f"main({argv!r})\n")
    _, err = python(code).communicate(timeout=120)
    return "NUMBA True" in err


def test_help_imports_no_numba():
    assert not numba_after(["--help"])
    assert not numba_after(["solve", "--help"])


@pytest.mark.parametrize("name", names())
def test_puzzle_help_imports_no_numba(name):
    assert not numba_after(["solve", name, "--help"])


#: ``python -c LOADING MARK ARGS``: the command line, touching MARK when :func:`main` (inside
#: its Ctrl-C handling) begins to import the program; before that moment, Ctrl-C is Python's.
LOADING = ("import pathlib, sys\n"
           "mark = pathlib.Path(sys.argv.pop(1))\n"
           "class Mark:\n"
           "    def find_spec(self, name, path=None, target=None):\n"
           "        if name == 'puzzlesmith.cli.app':\n"
           "            mark.touch()\n"
           "sys.meta_path.insert(0, Mark())\n"
           "from puzzlesmith.cli import main\n"
           "main()\n")


def interrupted(mark: Path, *args: str, loading: bool = False) -> tuple[int, str, str]:
    """Run ``python -m puzzlesmith ARGS`` (the toy puzzle registered through the
    environment, as a user's own puzzle would be) and press Ctrl-C once the toy has begun its
    search and created the file ``mark``, or (``loading``) once the program begins loading:
    the moment comes from the child, never from the clock, however busy the machine."""
    env = {**os.environ, "PUZZLESMITH_PUZZLES": "toy=tests.cli.toy",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    if loading:
        command = [sys.executable, "-c", LOADING, str(mark), *args]
    else:
        command = [sys.executable, "-m", "puzzlesmith", *args]
        env["TOY_MARK"] = str(mark)
    process = popen(command, cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120  # a bound on a hung child, not a timing assertion
    while not mark.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.005)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    return process.returncode, out, err


def test_ctrl_c_mid_search_gives_up_with_partial_stats(tmp_path):
    code, out, err = interrupted(tmp_path / "searching", "solve", "toy", "1000", "--slow", "0.01",
                                 "--format", "json")
    assert code == 3, err
    obj = json.loads(out)
    assert obj["status"] == "gave-up" and obj["reason"] == "interrupted"
    assert obj["nodes"] > 0  # the statistics reached before Ctrl-C
    assert "Traceback" not in err


def test_ctrl_c_during_start_up(tmp_path):
    code, out, err = interrupted(tmp_path / "loading", "solve", "toy", "1000", "--slow", "0.01",
                                 "--format", "json", loading=True)
    assert code == 3, err
    assert json.loads(out)["status"] == "gave-up"
    assert "Traceback" not in err
