"""Batch speed-up: the same 100-item workload with ``-j 1`` and ``-j 2`` (and, with
``--scheduler``, on a Dask cluster), timed as whole ``puzzlesmith batch`` processes.

    python benchmarks/bench_batch.py                  # generate 100 Star Battles 10x10, 2 stars
    python benchmarks/bench_batch.py --workload solve # the 50 Star Battles of ../shared/data, twice
    python benchmarks/bench_batch.py --jobs 1 2 4 --repeat 3
    python benchmarks/bench_batch.py --scheduler tcp://127.0.0.1:8786

A short warm-up run first loads (or compiles) the kernels, so that compilation is not counted; each
figure is the median wall-clock time of ``--repeat`` runs, start-up of the workers included.
The lines of every run are compared (without their timings): they must be identical.
The machine's load average is printed too: other work slows the wall times.
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

from puzzlesmith.cores import default_jobs

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
WORKLOADS = {
    # name: (verb, puzzle, inputs, options, warm-up options): 100 items each
    "generate": ("generate", "starbattle", [],
                 ["--size", "10", "--stars", "2", "--count", "100", "--seed", "1"],
                 ["--size", "10", "--stars", "2", "--count", "2", "--seed", "1"]),
    "solve": ("solve", "starbattle", [str(DATA / "starbattle")] * 2, ["--unique"],
              ["--unique"]),
}


CPU: list[float] = []  # CPU seconds (user + system) of each run, workers included


def _children_cpu() -> float:
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(verb: str, puzzle: str, inputs: list[str], options: list[str], where: list[str],
        out: Path) -> tuple[float, list[dict]]:
    """Seconds of one whole batch process, and its item lines without timings."""
    command = [sys.executable, "-m", "puzzlesmith", "batch", verb, puzzle, *inputs, *options,
               *where, "--out", str(out)]
    began = time.perf_counter()
    cpu = _children_cpu()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    seconds = time.perf_counter() - began
    CPU.append(_children_cpu() - cpu)
    if done.returncode not in (0, 1):
        sys.exit(f"batch failed ({done.returncode}): {done.stderr.strip()}")
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    return seconds, [{k: v for k, v in x.items() if k != "seconds"} for x in lines]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workload", choices=sorted(WORKLOADS), default="generate")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--scheduler", default=None, help="also time a Dask cluster")
    args = parser.parse_args()
    verb, puzzle, inputs, options, warm = WORKLOADS[args.workload]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "lines.jsonl"
        began = time.perf_counter()
        run(verb, puzzle, inputs[:1], warm, ["-j", "1"], out)  # load or compile the kernels
        print(f"{args.workload}: batch {verb} {puzzle} {' '.join(options)}; warm-up "
              f"{time.perf_counter() - began:.1f} s")
        reference = None
        places = [(f"-j {j}", ["-j", str(j)]) for j in args.jobs]
        if args.scheduler:
            places.append(("dask", ["--scheduler", args.scheduler]))
        figures, cpu = {}, {}
        for label, where in places:
            times = []
            CPU.clear()
            for _ in range(args.repeat):
                seconds, lines = run(verb, puzzle, inputs, options, where, out)
                reference = reference or lines
                if lines != reference:
                    sys.exit(f"{label}: lines differ from {places[0][0]}")
                times.append(seconds)
            figures[label] = statistics.median(times)
            cpu[label] = statistics.median(CPU)
        print(f"{len(reference)} items, the same lines everywhere (timings aside)")
        base = figures[places[0][0]]
        for label, seconds in figures.items():
            print(f"{label:<8} {seconds:8.2f} s   {seconds / base:5.2f} of {places[0][0]}   "
                  f"CPU {cpu[label]:.1f} s")
        print(f"(load average {os.getloadavg()[0]:.2f} on {default_jobs()} cores)")


if __name__ == "__main__":
    main()
