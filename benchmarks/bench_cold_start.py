"""Limits on a cold compile cache: each command with ``--timeout`` runs in a fresh process
whose numba cache (``NUMBA_CACHE_DIR``) is an empty folder, as on a new machine, and must end
within 0.5 s of its limit (issue 24: within 2 s wall for ``--timeout 1``), exit 3 and one JSON
object with ``"status": "gave-up"``.  ``demo`` is timed cold too, with the time of its first
line on stderr (it must not sit silent while kernels compile).

    python benchmarks/bench_cold_start.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROGRAM = [sys.executable, "-m", "puzzlesmith"]


def net_board(folder: Path) -> Path:
    """A 320x320 Net puzzle (generated once, on the warm cache)."""
    path = folder / "net320.txt"
    made = subprocess.run([*PROGRAM, "generate", "net", "--size", "320x320", "--connected",
                           "--allow-search", "--seed", "1"], capture_output=True, text=True)
    if made.returncode != 0:
        raise SystemExit(f"could not make the 320x320 board: {made.stderr.strip()}")
    path.write_text(made.stdout)
    return path


def cold_run(args: list[str]) -> tuple[float, float | None, int, str]:
    """Wall seconds, seconds to the first stderr line, exit code and status of one run."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        began = time.perf_counter()
        process = subprocess.Popen([*PROGRAM, *args], env=env, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first_line = process.stderr.readline()
        said = time.perf_counter() - began if first_line else None
        out, _ = process.communicate()
        took = time.perf_counter() - began
    try:
        status = json.loads(out)["status"]
    except (ValueError, KeyError, TypeError):
        status = "-"
    return took, said, process.returncode, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        board = net_board(Path(folder))
        cases = {
            "generate starbattle --count 1e8": ["generate", "starbattle", "--count",
                                                "100000000", "--timeout", "1"],
            "solve net 320x320 --connected": ["solve", "net", str(board), "--connected",
                                              "--timeout", "1"],
            "count queens 16": ["count", "queens", "16", "--timeout", "1"],
        }
        print(f"{'command (--timeout 1, cold cache)':40} {'median s':>9} {'max s':>7}"
              "  exit  status")
        for name, args in cases.items():
            runs = [cold_run([*args, "--format", "json"]) for _ in range(options.repeat)]
            walls = [r[0] for r in runs]
            print(f"{name:40} {statistics.median(walls):9.2f} {max(walls):7.2f}  "
                  f"{','.join(sorted({str(r[2]) for r in runs})):>4}  "
                  f"{','.join(sorted({r[3] for r in runs}))}")
        took, said, code, _ = cold_run(["demo"])
        print(f"demo, cold cache: {took:.1f} s, exit {code}, first stderr line after "
              f"{'-' if said is None else f'{said:.1f} s'}")


if __name__ == "__main__":
    main()
