"""Whole-process fixed cost: a small run of each verb and puzzle against
``puzzlesmith --version`` and ``python -c "import numba"``, measured in the same run (warm
numba cache; medians of interleaved runs).

The commands run as an installed package does, with its bytecode written (``__pycache__``:
``PYTHONDONTWRITEBYTECODE`` is dropped from their environment; ``--no-bytecode`` keeps it,
and every module is then compiled from source in every process).

Issue 9's target: each ``solve`` at most 1.5x ``import numba``.  Issue 43's: ``generate net
--size 20x20 --connected --style grow --count 1`` at most 2.5x ``--version``.

    python benchmarks/bench_startup.py [--repeat 5] [--only generate] [--no-bytecode]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
NET_20 = ["--size", "20x20", "--connected", "--style", "grow"]

#: A small run per verb and puzzle (the first word is the verb).
CASES = {
    "generate net 20x20": ["generate", "net", *NET_20, "--count", "1", "--seed", "1"],
    "generate net 10x10": ["generate", "net", "--size", "10x10", "--connected", "--seed", "1"],
    "generate starbattle 10": ["generate", "starbattle", "--count", "1", "--seed", "1"],
    "generate sudoku": ["generate", "sudoku", "--count", "1", "--seed", "1"],
    "generate sliding": ["generate", "sliding", "--count", "1", "--seed", "1"],
    "solve starbattle": ["solve", "starbattle", str(DATA / "starbattle" / "kd10_ts0145.sb")],
    "solve net": ["solve", "net", str(DATA / "net" / "net_grow_10x10_1.txt")],
    "solve sliding": ["solve", "sliding", "8 6 7 2 5 4 3 0 1"],
    "solve queens": ["solve", "queens", "64"],
    "rate net": ["rate", "net", str(DATA / "net" / "net_grow_10x10_1.txt")],
    "--help": ["--help"],
}
BASELINES = {"--version": ["-m", "puzzlesmith", "--version"],
             "import numba": ["-c", "import numba"]}


def seconds(command: list[str], env: dict[str, str]) -> float:
    """Wall-clock seconds of one whole process (exit 0 or 1 only)."""
    began = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    took = time.perf_counter() - began
    if done.returncode not in (0, 1):
        raise SystemExit(f"{command} failed: {done.stderr.strip()}")
    return took


def commands(only: str | None) -> dict[str, list[str]]:
    """The baselines and the cases (those whose name starts with ``only``) as commands."""
    out = {name: [sys.executable, *argv] for name, argv in BASELINES.items()}
    for name, argv in CASES.items():
        if only is None or name.startswith(only):
            out[name] = [sys.executable, "-m", "puzzlesmith", *argv]
    return out


def medians(todo: dict[str, list[str]], repeat: int, env: dict[str, str]
            ) -> dict[str, float]:
    """Median seconds of each command, run ``repeat`` times interleaved (machine noise hits
    all alike) after one warming run each (numba's cache, the bytecode, the file system)."""
    for command in todo.values():
        seconds(command, env)
    runs: dict[str, list[float]] = {name: [] for name in todo}
    for _ in range(repeat):
        for name, command in todo.items():
            runs[name].append(seconds(command, env))
    return {name: statistics.median(times) for name, times in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", help="only the cases whose name starts with this")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep PYTHONDONTWRITEBYTECODE (modules compiled in every run)")
    args = parser.parse_args()
    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    took = medians(commands(args.only), args.repeat, env)
    version, numba = took["--version"], took["import numba"]
    print(f"{'command':<26} {'median s':>9} {'fixed s':>8} {'/--version':>10} {'/numba':>7}")
    for name, median in took.items():
        print(f"{name:<26} {median:9.3f} {median - version:8.3f} {median / version:10.2f} "
              f"{median / numba:7.2f}")
    bytecode = "no bytecode" if "PYTHONDONTWRITEBYTECODE" in env else "bytecode written"
    print(f"(medians of {args.repeat}, {bytecode}; fixed s: beyond --version)")


if __name__ == "__main__":
    main()
