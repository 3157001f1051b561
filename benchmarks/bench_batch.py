"""Batch speed-up: the same 100-item workload with ``-j 1`` and ``-j 2`` (and, with
``--scheduler``, on a Dask cluster), timed as whole ``puzzlesmith batch`` processes.

    python benchmarks/bench_batch.py               # the 50 Star Battles of ../shared/data, twice
    python benchmarks/bench_batch.py --jobs 1 2 4 --repeat 3
    python benchmarks/bench_batch.py --scheduler tcp://127.0.0.1:8786

A warm-up run first loads (or compiles) the kernels, so that compilation is not counted; each
figure is the median wall-clock time of ``--repeat`` runs, start-up of the workers included.
The lines of every run are compared (without their timings): they must be identical.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
WORKLOADS = {
    # name: (verb, puzzle, inputs, options): 100 items each
    "starbattle": ("solve", "starbattle", [str(DATA / "starbattle")] * 2, ["--unique"]),
    "sliding": ("solve", "sliding", [str(DATA / "sliding" / "15puzzle.txt")] * 2, ["--lines"]),
}


def run(verb: str, puzzle: str, inputs: list[str], options: list[str], where: list[str],
        out: Path) -> tuple[float, list[dict]]:
    """Seconds of one whole batch process, and its item lines without timings."""
    command = [sys.executable, "-m", "puzzlesmith", "batch", verb, puzzle, *inputs, *options,
               *where, "--out", str(out)]
    began = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    if done.returncode not in (0, 1):
        sys.exit(f"batch failed ({done.returncode}): {done.stderr.strip()}")
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    return seconds, [{k: v for k, v in x.items() if k != "seconds"} for x in lines]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="starbattle")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--scheduler", default=None, help="also time a Dask cluster")
    args = parser.parse_args()
    verb, puzzle, inputs, options = WORKLOADS[args.workload]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "lines.jsonl"
        began = time.perf_counter()
        _, reference = run(verb, puzzle, inputs, options, ["-j", "1"], out)  # warm-up
        print(f"{args.workload}: {len(reference)} items, warm-up "
              f"{time.perf_counter() - began:.1f} s")
        places = [(f"-j {j}", ["-j", str(j)]) for j in args.jobs]
        if args.scheduler:
            places.append(("dask", ["--scheduler", args.scheduler]))
        figures = {}
        for label, where in places:
            times = []
            for _ in range(args.repeat):
                seconds, lines = run(verb, puzzle, inputs, options, where, out)
                if lines != reference:
                    sys.exit(f"{label}: lines differ from -j 1")
                times.append(seconds)
            figures[label] = statistics.median(times)
        base = figures[places[0][0]]
        for label, seconds in figures.items():
            print(f"{label:<8} {seconds:8.2f} s   {seconds / base:5.2f} of {places[0][0]}")


if __name__ == "__main__":
    main()
