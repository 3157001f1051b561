"""Wall time of ``--timeout`` on the largest inputs the size caps admit (issue 25, item 2).

Each case runs the command line in a fresh process with a time limit, ``--repeat`` times, and
reports the exit codes, the median and worst wall time from start to exit and the median
overshoot past the limit (start-up included); the goal is an overshoot under 0.5 s.
The inputs are made in a temporary folder:

* Star Battle 60×60 with fourteen stars (each row its own region), and 200×200 (the size cap);
* N-Queens with N = 20,000,000 (the cap), plain and with ``--format json``;
* a 16×16 sliding board (the default cell cap), solve and bench;
* ``generate starbattle --size 20``;
* ``generate starbattle --size 6 --store`` into a store whose write lock another connection
  holds all along (issue 34: it must end by the limit, exit 3).

    PYTHONPATH=src python benchmarks/bench_limits.py [--only WORD] [--timeout 2] [--repeat 3]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LETTERS = [c for c in map(chr, range(0x100, 0x400)) if c.isalpha()]


def star_battle(path: Path, side: int, stars: int) -> str:
    """A ``side``×``side`` Star Battle whose regions are its rows (a valid, hard model)."""
    rows = ["".join(LETTERS[r] * side) for r in range(side)]
    path.write_text(f"size {side} {side} {stars}\nregions\n" + "\n".join(rows) + "\n")
    return str(path)


def sliding(path: Path, side: int) -> str:
    """A random solvable ``side``×``side`` board (an even number of random swaps of tiles)."""
    rng = random.Random(1)
    tiles = list(range(1, side * side)) + [0]
    for _ in range(side * side):
        a, b = rng.sample(range(side * side - 1), 2)
        c, d = rng.sample([i for i in range(side * side - 1) if i not in (a, b)], 2)
        tiles[a], tiles[b] = tiles[b], tiles[a]
        tiles[c], tiles[d] = tiles[d], tiles[c]
    path.write_text(" ".join(map(str, tiles)) + "\n")
    return str(path)


@contextlib.contextmanager
def locked_store(path: Path):
    """A puzzle store at ``path`` whose write lock a connection holds while inside."""
    from puzzlesmith.store import Store

    Store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def cases(folder: Path, limit: float) -> list[tuple[str, list[str], float]]:
    """(name, command line, limit); a command line with ``--store`` meets a locked store."""
    t = str(limit)
    sb60 = star_battle(folder / "sb60.sb", 60, 14)
    sb200 = star_battle(folder / "sb200.sb", 200, 14)
    board = sliding(folder / "s16.txt", 16)
    return [
        ("solve starbattle 60x60 14 stars", ["solve", "starbattle", sb60, "--timeout", t], limit),
        ("solve starbattle 60x60 --explain",
         ["solve", "starbattle", sb60, "--explain", "--timeout", t], limit),
        ("solve starbattle 200x200 14 stars",
         ["solve", "starbattle", sb200, "--timeout", t], limit),
        ("solve queens 20,000,000", ["solve", "queens", "20000000", "--timeout", t], limit),
        ("solve queens 20,000,000 json",
         ["solve", "queens", "20000000", "--format", "json", "--timeout", t], limit),
        ("solve sliding 16x16", ["solve", "sliding", board, "--timeout", t], limit),
        ("bench sliding 16x16 (per board)", ["bench", "sliding", board, "--timeout", t], limit),
        ("generate starbattle --size 20",
         ["generate", "starbattle", "--size", "20", "--timeout", t], limit),
        ("generate --store, store locked",
         ["generate", "starbattle", "--size", "6", "--stars", "1", "--store", "--db",
          str(folder / "locked.db"), "--timeout", t], limit),
    ]


def run(args: list[str]) -> tuple[int, float]:
    """Exit code and wall seconds of ``puzzlesmith ARGS`` in a fresh process."""
    command = [sys.executable, "-c", "from puzzlesmith.cli import main; main()", *args]
    began = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          env={**os.environ, "PUZZLESMITH_PROGRESS": "0"})
    return done.returncode, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=2.0)
    parser.add_argument("--only", default=None, help="Only the cases whose name has WORD.")
    parser.add_argument("--repeat", type=int, default=3, help="Runs per case (median, worst).")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'case':<36} {'exit':>4} {'median':>7} {'worst':>6} {'limit':>6} {'over':>6}")
        for name, args, limit in cases(Path(folder), options.timeout):
            if options.only and options.only not in name:
                continue
            store = args[args.index("--db") + 1] if "--store" in args else None
            with locked_store(Path(store)) if store else contextlib.nullcontext():
                runs = [run(args) for _ in range(options.repeat)]
            codes = "/".join(sorted({str(code) for code, _ in runs}))
            walls = [wall for _, wall in runs]
            print(f"{name:<36} {codes:>4} {statistics.median(walls):>7.2f} {max(walls):>6.2f} "
                  f"{limit:>6.1f} {statistics.median(walls) - limit:>+6.2f}", flush=True)


if __name__ == "__main__":
    main()
