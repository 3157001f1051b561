"""Sudoku: top95 solved and proven unique in-process, and generation beside Tatham's Solo.

    python benchmarks/bench_sudoku.py                    # top95, kernels numba
    python benchmarks/bench_sudoku.py --kernels python   # the interpreted kernels
    python benchmarks/bench_sudoku.py --generate 5       # also 5 puzzles per setting

Solving: every top95 puzzle is parsed, solved and proven unique (take two) on the exact-cover
engine, ``--repeat`` times after one warm-up pass (so compilation is not counted); a
puzzle's time is its best run (the least disturbed by other work); the figures are the
median and the worst over the 95 puzzles, and the whole pass.  Targets (issue 33): median
under 1 ms, worst under 10 ms.

Generation (``--generate N``): N puzzles per setting with ``puzzlesmith``'s generator and,
when ``sgt-solo`` is installed, ``sgt-solo --generate N`` at the matching parameters in the
same run (median seconds per puzzle).  The load average is printed: other work slows both.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from puzzlesmith.puzzles import get

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' helpers
TOP95 = ROOT / "tests" / "data" / "sudoku" / "top95.txt"
#: (our options, Solo's parameters) per generation setting.
SETTINGS = {
    "classic 9x9": ({}, "3x3"),
    "X 9x9": ({"variant": "x"}, "3x3x"),
    "jigsaw 9x9": ({"variant": "jigsaw"}, "9j"),
    "16x16": ({"box": "4x4"}, "4x4"),
}


def solve_top95(kernels: str, repeat: int) -> None:
    sudoku = get("sudoku")
    texts = TOP95.read_text().split()
    for text in texts[:3]:  # warm-up: load (or compile) the kernels
        sudoku.solve(sudoku.parse(text), unique=True, kernels=kernels)
    best = [float("inf")] * len(texts)
    nodes = [0] * len(texts)
    began = time.perf_counter()
    for _ in range(repeat):
        for k, text in enumerate(texts):
            start = time.perf_counter()
            result = sudoku.solve(sudoku.parse(text), unique=True, kernels=kernels)
            best[k] = min(best[k], time.perf_counter() - start)
            assert result.unique is True, k
            nodes[k] = result.stats.nodes
    total = (time.perf_counter() - began) / repeat
    ms = sorted(t * 1000 for t in best)
    print(f"top95, kernels {kernels}, best of {repeat}: median {statistics.median(ms):.2f} ms, "
          f"worst {ms[-1]:.2f} ms, whole pass {total:.2f} s; nodes median "
          f"{statistics.median(nodes):.0f}, worst {max(nodes)}")


def generate(count: int) -> None:
    sudoku = get("sudoku")
    solo = shutil.which("sgt-solo") or shutil.which("/usr/games/sgt-solo")
    for name, (options, params) in SETTINGS.items():
        start = time.perf_counter()
        made = sudoku.generate(seed=1, count=count, **options)
        ours = (time.perf_counter() - start) / count
        levels = sorted({g.rating for g in made.puzzles})
        line = f"{name:12} puzzlesmith {ours:.3f} s/puzzle ({', '.join(levels)})"
        if solo:
            start = time.perf_counter()
            subprocess.run([solo, "--generate", str(count), params], check=True,
                           capture_output=True)
            line += f"; sgt-solo {params}: {(time.perf_counter() - start) / count:.3f} s/puzzle"
        print(line)


def agreement() -> None:
    """Spearman's correlation between Solo's grade and ``rate``'s score on 40 Solo puzzles."""
    from tests.puzzles.sudoku.test_rating import GRADES, ranks

    sudoku = get("sudoku")
    rows = [line.split() for line in (TOP95.parent / "tatham-grades.txt").read_text()
            .splitlines() if line.strip() and not line.startswith("#")]
    grades = [GRADES.index(grade) for grade, _ in rows]
    scores = [sudoku.rate(sudoku.parse(game_id)).details["score"] for _, game_id in rows]
    rho = statistics.correlation(ranks(grades), ranks(scores))
    print(f"rating: Spearman {rho:.3f} between Solo's grade and the score ({len(rows)} puzzles)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", default="numba", choices=("auto", "python", "numba"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--generate", type=int, default=0, metavar="N")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    solve_top95(args.kernels, args.repeat)
    agreement()
    if args.generate:
        generate(args.generate)


if __name__ == "__main__":
    main()
