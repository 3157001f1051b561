"""Whole-process start-up: ``puzzlesmith solve PUZZLE`` on a small instance against
``python -c "import numba"``, measured in the same run (warm numba cache; medians).

Issue 9's target: each ratio at most 1.5.

    python benchmarks/bench_startup.py [--repeat 7]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

CASES = {
    "starbattle": ["solve", "starbattle", str(DATA / "starbattle" / "kd10_ts0145.sb")],
    "net": ["solve", "net", str(DATA / "net" / "net_grow_10x10_1.txt")],
    "sliding": ["solve", "sliding", "8 6 7 2 5 4 3 0 1"],
    "queens": ["solve", "queens", "64"],
    "--help": ["--help"],
}


def seconds(command: list[str]) -> float:
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    took = time.perf_counter() - began
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command} failed: {done.stderr.strip()}")
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    baseline_command = [sys.executable, "-c", "import numba"]
    commands = {name: [sys.executable, "-m", "puzzlesmith", *argv] for name, argv in CASES.items()}
    for command in commands.values():  # warm the numba cache and the file system
        seconds(command)
    runs: dict[str, list[float]] = {name: [] for name in ["import numba", *commands]}
    for _ in range(args.repeat):  # interleaved, so that machine noise hits all alike
        runs["import numba"].append(seconds(baseline_command))
        for name, command in commands.items():
            runs[name].append(seconds(command))
    base = statistics.median(runs["import numba"])
    print(f"{'command':<28} {'median s':>9} {'ratio':>7}")
    for name, times in runs.items():
        median = statistics.median(times)
        print(f"{name:<28} {median:9.3f} {median / base:7.2f}")


if __name__ == "__main__":
    main()
