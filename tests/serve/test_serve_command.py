"""``puzzlesmith serve`` as a user starts it, and the front end shipped as package data."""

from __future__ import annotations

import fnmatch
import json
import os
import signal
import subprocess
import sys
import tomllib
import urllib.request
from pathlib import Path

import pytest

import puzzlesmith
from puzzlesmith.serve.server import listen
from tests.interrupt import popen

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "puzzlesmith" / "serve" / "static"


def test_serve_comes_up_answers_and_stops_on_ctrl_c():
    here = str(Path(puzzlesmith.__file__).resolve().parents[1])  # this puzzlesmith, not another
    env = {**os.environ, "PYTHONPATH": here + os.pathsep + os.environ.get("PYTHONPATH", "")}
    process = popen(
        [sys.executable, "-m", "puzzlesmith", "serve", "--port", "0", "--no-warm-up",
         "--quiet"], stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = process.stderr.readline()
        assert "serving on http://127.0.0.1:" in line, line
        url = line.split()[3].rstrip("/")
        with urllib.request.urlopen(url + "/api/puzzles", timeout=30) as response:
            assert json.load(response)["puzzles"]
        with urllib.request.urlopen(url + "/", timeout=30) as response:
            assert b"puzzlesmith" in response.read()
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=15)
        finally:
            if process.poll() is None:
                process.kill()
    assert process.returncode == 0
    assert "Traceback" not in process.stderr.read()


def test_a_port_in_use_is_one_line_and_exit_2(cli):
    taken = listen("127.0.0.1", 0)
    try:
        code, out, err = cli(["serve", "--port", str(taken.getsockname()[1])])
    finally:
        taken.close()
    assert code == 2
    assert err.startswith("error: cannot listen on 127.0.0.1:") and "Traceback" not in err


def test_every_static_file_is_package_data():
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["puzzlesmith"]
    files = [p.relative_to(STATIC.parents[1]).as_posix() for p in STATIC.rglob("*")
             if p.is_file()]
    assert any(f.endswith("index.html") for f in files)
    for name in files:
        assert any(fnmatch.fnmatch(name, pattern) and name.count("/") == pattern.count("/")
                   for pattern in patterns), name


@pytest.fixture
def cli():
    from tests.cli.conftest import run_cli

    return run_cli
