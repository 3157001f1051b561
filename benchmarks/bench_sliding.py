"""Sliding-tile figures for issues 3 and 9 (medians; run on an idle machine for stable numbers).

    PYTHONPATH=src python benchmarks/bench_sliding.py [--repeat 5] [--builds] [--section NAME]

Sections (all by default):
  builds   one-time pattern-database build time and size on disk (into a temporary folder)
  seed     the seed's 41-move board: search time and total time, median of --repeat runs
  fifty    all 50 boards of ../shared/data/sliding/15puzzle.txt: total time, nodes per board,
           through the library and through the CLI (``puzzlesmith bench sliding``)
  big      24-puzzle: weighted IDA* on random boards (bound stated), optimal on near boards
  compare  the comparison table (``puzzlesmith compare sliding``) on the seed's board,
           through the library, under one deadline (--compare-timeout, default none)
  anytime  24-puzzle: the boards of ../shared/data/sliding/24puzzle.txt, anytime search with
           the 6-6-6-6 tables (built into the cache first if missing: minutes, ~0.9 GB while
           building, 510 MB on disk), --anytime-seconds each (default 60), --boards I J ...;
           best length, proven lower bound, gap, proven optimal; --peer adds the old weighted
           IDA* (w = 1.5, 4x6 tables) on each board

Pattern databases are taken from the user's cache (built there first if missing), except in
``builds``, which always builds afresh into a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from puzzlesmith.engines.kernels import ensure_warm
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.sliding import Instance, goal_board
from puzzlesmith.puzzles.sliding.generate import random_walk, uniform
from puzzlesmith.puzzles.sliding.pdb import load_partition
from puzzlesmith.results import Limits

PUZZLE = get("sliding")

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "sliding"
SEED = "5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2"


def read(path: Path) -> list[tuple[Instance, int]]:
    out = []
    for line in path.read_text().splitlines():
        words = line.split("#", 1)[0].split()
        if words:
            out.append((PUZZLE.parse(" ".join(words[:-1])), int(words[-1])))
    return out


def cli(*args: str) -> tuple[float, subprocess.CompletedProcess]:
    """Run ``puzzlesmith ARGS`` in a fresh process: (wall seconds, the finished process)."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "puzzlesmith", *args], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    return time.perf_counter() - started, done


def last_line(done: subprocess.CompletedProcess) -> str:
    lines = (done.stdout.strip() or done.stderr.strip() or "(no output)").splitlines()
    return lines[-1] if done.returncode in (0, 1) else f"exit {done.returncode}: {lines[-1]}"


def builds(partitions: list[tuple[int, int, str]]) -> None:
    print("## Pattern databases: one-time build (fresh folder) and size on disk")
    print(f"{'board':>5} {'partition':<12} {'build s':>8} {'CPU s':>7} {'MB':>7}")
    previous = os.environ.get("PUZZLESMITH_CACHE_DIR")
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PUZZLESMITH_CACHE_DIR"] = folder
        try:
            for rows, cols, name in partitions:
                goal = goal_board(rows, cols)
                wall, cpu = time.perf_counter(), time.process_time()
                database = load_partition(goal, name)
                wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
                size = sum(f.stat().st_size for f in database.files) / 1e6
                print(f"{rows}x{cols:<3} {name:<12} {wall:8.1f} {cpu:7.1f} {size:7.1f}")
        finally:
            if previous is None:
                del os.environ["PUZZLESMITH_CACHE_DIR"]
            else:
                os.environ["PUZZLESMITH_CACHE_DIR"] = previous


def seed(repeat: int) -> None:
    print("\n## The seed's 41-move board (tables cached, compiled code warm)")
    board = PUZZLE.example()
    ensure_warm("sliding")
    for partition in ("6-6-3", "6-6-3+6-6-3b", "5-5-5"):
        PUZZLE.solve(board, pdb=partition)  # warm-up: load the tables
        runs = [PUZZLE.solve(board, pdb=partition) for _ in range(repeat)]
        search = statistics.median(r.stats.extra["search_seconds"] for r in runs)
        total = statistics.median(r.stats.seconds for r in runs)
        r = runs[0]
        print(f"pdb {partition}: length {r.details['length']} optimal={r.optimal}, "
              f"{r.stats.nodes:,} nodes; median search {search * 1000:.2f} ms, whole solve() "
              f"{total * 1000:.2f} ms")
    for heuristic in ("linear-conflict", "manhattan"):
        PUZZLE.solve(board, heuristic=heuristic)
        runs = [PUZZLE.solve(board, heuristic=heuristic) for _ in range(repeat)]
        total = statistics.median(r.stats.seconds for r in runs)
        print(f"{heuristic}: length {runs[0].details['length']}, {runs[0].stats.nodes:,} "
              f"nodes, median {total * 1000:.1f} ms")
    wall, done = cli("solve", "sliding", SEED, "--format", "moves")
    print(f"CLI process (start-up, tables, search): {wall:.2f} s, "
          f"{len(done.stdout.strip())} moves" + ("" if done.returncode == 0 else
                                                 f" ({last_line(done)})"))


def fifty(repeat: int) -> None:
    print("\n## All 50 boards of 15puzzle.txt, optimal")
    boards = read(DATA / "15puzzle.txt")
    for partition in ("6-6-3", "6-6-3+6-6-3b", "5-5-5"):
        PUZZLE.solve(boards[0][0], pdb=partition)
        totals, nodes, lengths_ok = [], [], True
        for _ in range(repeat):
            results = [PUZZLE.solve(b, pdb=partition) for b, _ in boards]
            lengths_ok &= all(r.details["length"] == known and PUZZLE.is_solution(b, r.solution)
                              for r, (b, known) in zip(results, boards, strict=True))
            totals.append(sum(r.stats.seconds for r in results))
            nodes = [r.stats.nodes for r in results]
        generated = [r.stats.extra["generated"] for r in results]
        print(f"pdb {partition} + mirror: median total {statistics.median(totals):.2f} s "
              f"(runs: {', '.join(f'{t:.2f}' for t in totals)}); nodes expanded per board: "
              f"median {statistics.median(nodes):,.0f}, mean {statistics.mean(nodes):,.0f}, "
              f"max {max(nodes):,}; generated mean {statistics.mean(generated):,.0f}; "
              f"all lengths = known optimum: {lengths_ok}")
        rate = sum(generated) / sum(r.stats.extra["search_seconds"] for r in results)
        print(f"   {rate / 1e6:.1f} M generated nodes/s")
    result = PUZZLE.bench({"15puzzle.txt": (DATA / "15puzzle.txt").read_text()})
    print(f"library PUZZLE.bench(15puzzle.txt): {result.stats.seconds:.2f} s; "
          f"{result.details['table'].splitlines()[-1]}")
    wall, done = cli("bench", "sliding", str(DATA / "15puzzle.txt"))
    print(f"CLI `puzzlesmith bench sliding 15puzzle.txt`: {wall:.2f} s wall for the process; "
          f"it reports: {last_line(done)}")


def big(count: int) -> None:
    print("\n## 24-puzzle (5x5): weighted IDA* + 4x6 pattern databases, bound stated")
    goal = goal_board(5, 5)
    load_partition(goal)
    for weight in (2.0, 1.5):
        rows = []
        for s in range(count):
            board = Instance(uniform(goal, random.Random(s)), goal)
            rows.append(PUZZLE.solve(board, method="weighted-idastar", weight=weight,
                                     limits=Limits(seconds=30)))
        solved = [r for r in rows if r.details["length"] is not None]
        print(f"w={weight}: {len(solved)}/{count} solved within 30 s; length <= {weight} x "
              f"optimum; median time {statistics.median(r.stats.seconds for r in rows):.2f} s; "
              f"times {[round(r.stats.seconds, 2) for r in rows]} s; "
              f"lengths {[r.details['length'] for r in rows]}; lower bounds (h) "
              f"{[r.stats.extra['initial_h'] for r in rows]}")
    print("optimal on boards made by random moves from the goal (IDA* + 4x6 pdb, 40 s cap):")
    for depth in (100, 150, 200):
        board = Instance(random_walk(goal, depth, random.Random(depth))[0], goal)
        fast = PUZZLE.solve(board, method="weighted-idastar", weight=1.5)
        best = PUZZLE.solve(board, limits=Limits(seconds=40))
        print(f"  {depth} moves: optimal {best.details['length']} ({best.status.value}, "
              f"{best.stats.seconds:.2f} s, {best.stats.nodes:,} nodes); w=1.5 gave "
              f"{fast.details['length']} in {fast.stats.seconds:.3f} s")


def anytime(seconds: float, which: list[int] | None, peer: bool) -> None:
    """The 24-puzzle boards of 24puzzle.txt: anytime search with 6-6-6-6 + mirror."""
    print(f"\n## 24-puzzle anytime (6-6-6-6 + mirror), {seconds:g} s per board, "
          "24puzzle.txt")
    goal = goal_board(5, 5)
    last = [0.0]

    def report(stats) -> None:  # the build's progress bar, on stderr
        if time.monotonic() - last[0] > 30:
            last[0] = time.monotonic()
            extra = stats.extra
            print(f"  {extra.get('phase')}: {100 * extra.get('done', 0) / extra['total']:.0f}%",
                  file=sys.stderr, flush=True)

    wall, cpu = time.perf_counter(), time.process_time()
    database = load_partition(goal, "6-6-6-6", progress=report)
    database.arrays()  # the tables joined in memory (read from the disk cache)
    size = sum(f.stat().st_size for f in database.files) / 1e6
    print(f"tables: {len(database.tables)} x {len(database.tables[0]):,} entries, "
          f"{size:,.0f} MB on disk; loaded/built in {time.perf_counter() - wall:.1f} s "
          f"({time.process_time() - cpu:.1f} s CPU; build {database.build_seconds:.0f} s)")
    boards = [line.split("#", 1)[0].strip()
              for line in (DATA / "24puzzle.txt").read_text().splitlines()]
    boards = [b for b in boards if b]
    picked = which if which else list(range(len(boards)))
    ensure_warm("sliding")
    print(f"{'#':>2} {'length':>6} {'bound':>5} {'gap':>6} {'optimal':>7} {'first':>7} "
          f"{'nodes':>14} {'CPU s':>5}  improvements (s: length)"
          + ("  | peer w=1.5 4x4 pdb" if peer else ""))
    gaps, proven = [], 0
    for i in picked:
        task = PUZZLE.parse(boards[i])
        cpu = time.process_time()
        r = PUZZLE.solve(task, method="anytime", pdb="6-6-6-6", limits=Limits(seconds=seconds))
        cpu = time.process_time() - cpu
        assert r.solution is None or PUZZLE.is_solution(task, r.solution).ok
        first = r.details["improvements"][0][0] if r.details["improvements"] else None
        steps = ", ".join(f"{t:g}: {n}" for t, n, _ in r.details["improvements"])
        line = (f"{i:>2} {r.details['length']:>6} {r.details['lower_bound']:>5} "
                f"{100 * r.details['gap']:>5.1f}% {str(r.optimal):>7} {first:>6.2f}s "
                f"{r.stats.nodes:>14,} {cpu:>5.1f}  {steps}")
        if peer:
            w = PUZZLE.solve(task, method="weighted-idastar", weight=1.5,
                             limits=Limits(seconds=seconds))
            line += f"  | {w.details['length']} in {w.stats.seconds:.1f} s"
        print(line, flush=True)
        gaps.append(r.details["gap"])
        proven += bool(r.optimal)
    print(f"median gap {100 * statistics.median(gaps):.1f}% (max {100 * max(gaps):.1f}%); "
          f"proven optimal: {proven} of {len(picked)}; gap = (length - bound) / length")


def compare(timeout: float | None) -> None:
    print("\n## compare sliding (the seed's board; rows stop at 2,000,000 nodes"
          + (f", the whole table at {timeout:g} s)" if timeout else ")"))
    result = PUZZLE.compare(PUZZLE.example(), limits=Limits(seconds=timeout))
    print(result.details["table"])
    print(f"status {result.status.value}, {result.stats.seconds:.1f} s in all")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--section", action="append",
                        choices=["builds", "seed", "fifty", "big", "compare", "anytime"])
    parser.add_argument("--heavy", action="store_true",
                        help="also build the 5-5-5-5-4 databases for 5x5 (minutes)")
    parser.add_argument("--big-count", type=int, default=5)
    parser.add_argument("--compare-timeout", type=float, default=None)
    parser.add_argument("--anytime-seconds", type=float, default=60)
    parser.add_argument("--boards", type=int, nargs="*", default=None,
                        help="anytime: which boards of 24puzzle.txt (0-based; default all)")
    parser.add_argument("--peer", action="store_true",
                        help="anytime: also weighted IDA* w=1.5 with the default tables")
    args = parser.parse_args()
    sections = args.section or ["builds", "seed", "fifty", "big", "compare"]
    if "builds" in sections:
        partitions = [(3, 3, "8"), (4, 4, "5-5-5"), (4, 4, "6-6-3"), (4, 4, "6-6-3+6-6-3b"),
                      (5, 5, "4-4-4-4-4-4")]
        if args.heavy:
            partitions.append((5, 5, "5-5-5-5-4"))
        builds(partitions)
    if "seed" in sections:
        seed(args.repeat)
    if "fifty" in sections:
        fifty(max(1, min(args.repeat, 3)))
    if "big" in sections:
        big(args.big_count)
    if "compare" in sections:
        compare(args.compare_timeout)
    if "anytime" in sections:
        anytime(args.anytime_seconds, args.boards, args.peer)


if __name__ == "__main__":
    main()
