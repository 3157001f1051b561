"""Sudoku: top95 solved and proven unique in-process, and generation beside Tatham's Solo.

    python benchmarks/bench_sudoku.py                    # top95: the default, numba, python
    python benchmarks/bench_sudoku.py --kernels python   # the default beside python only
    python benchmarks/bench_sudoku.py --generate 5       # also 5 puzzles per setting

Solving: every top95 puzzle is parsed, solved and proven unique (take two) on the exact-cover
engine, ``--repeat`` times after a warm-up of three puzzles (so compilation is not
counted); a puzzle's time is its best run (the least disturbed by other work); the figures
are the median and the worst over the 95 puzzles, and the whole pass.  The default path
(``solve`` without ``kernels``, in this process: a library process, see
:mod:`puzzlesmith.engines.kernels`) is measured first, then each ``--kernels`` setting beside
it; the default's line says which kernels its runs ended on.  Targets (issues 33, 43): median
under 1 ms, worst under 10 ms, on the default path.

Generation (``--generate N``): N puzzles per setting with ``puzzlesmith``'s generator (the
median seconds per puzzle) and, when ``sgt-solo`` is installed, ``sgt-solo --generate N`` at
the matching parameters in the same run (its mean), and the ratio.  Targets (issue 33):
within 2x.  The load average is printed: other work slows both.
"""

from __future__ import annotations

import argparse
import collections
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from puzzlesmith.bench import spearman
from puzzlesmith.puzzles import get

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' helpers
TOP95 = ROOT / "tests" / "data" / "sudoku" / "top95.txt"
#: (our options, Solo's parameters) per generation setting: the grade by name (Solo's
#: "advanced" and "extreme" beside our "hard" and "extreme"; on Solo's own puzzles our rater
#: calls "advanced" medium and "extreme" hard or extreme, so medium is timed beside
#: "advanced" too); 16x16 at any grade beside Solo's default (basic).
SETTINGS = {
    "classic medium": ({"difficulty": "medium"}, "3x3da"),
    "classic hard": ({"difficulty": "hard"}, "3x3da"),
    "classic extreme": ({"difficulty": "extreme"}, "3x3de"),
    "jigsaw extreme": ({"variant": "jigsaw", "difficulty": "extreme"}, "9jde"),
    "X extreme": ({"variant": "x", "difficulty": "extreme"}, "3x3xde"),
    "16x16": ({"box": "4x4"}, "4x4"),
}

def solve_top95(kernels: str | None, repeat: int) -> None:
    """Time top95 with ``kernels`` (None: the default path, no ``kernels`` argument)."""
    sudoku = get("sudoku")
    chosen = {} if kernels is None else {"kernels": kernels}
    texts = TOP95.read_text().split()
    for text in texts[:3]:  # warm-up: load (or compile) the kernels
        sudoku.solve(sudoku.parse(text), unique=True, **chosen)
    best = [float("inf")] * len(texts)
    nodes = [0] * len(texts)
    ran = collections.Counter()
    began = time.perf_counter()
    for _ in range(repeat):
        for k, text in enumerate(texts):
            start = time.perf_counter()
            result = sudoku.solve(sudoku.parse(text), unique=True, **chosen)
            best[k] = min(best[k], time.perf_counter() - start)
            assert result.unique is True, k
            nodes[k] = result.stats.nodes
            ran[result.stats.extra["kernel"]] += 1
    total = (time.perf_counter() - began) / repeat
    ms = sorted(t * 1000 for t in best)
    setting = "default (no kernels argument)" if kernels is None else f"kernels {kernels}"
    print(f"top95, {setting}, best of {repeat}: median {statistics.median(ms):.2f} ms, "
          f"worst {ms[-1]:.2f} ms, whole pass {total:.2f} s; nodes median "
          f"{statistics.median(nodes):.0f}, worst {max(nodes)}; runs ended on "
          f"{', '.join(f'{name} {n}' for name, n in sorted(ran.items()))}", flush=True)


def generate(count: int) -> None:
    """Per setting: our median seconds per puzzle (seeds 1..count, one puzzle each) and
    Solo's mean (``sgt-solo --generate count``: one run, its only figure), in one run."""
    sudoku = get("sudoku")
    solo = shutil.which("sgt-solo") or shutil.which("/usr/games/sgt-solo")
    sudoku.solve(sudoku.example(), unique=True, kernels="numba")  # warm-up
    for name, (options, params) in SETTINGS.items():
        times = []
        for seed in range(1, count + 1):
            start = time.perf_counter()
            made = sudoku.generate(seed=seed, **options)
            times.append(time.perf_counter() - start)
            assert made.puzzles[0].details["unique"]
        ours = statistics.median(times)
        line = f"{name:16} puzzlesmith median {ours:.3f} s/puzzle"
        if solo:
            start = time.perf_counter()
            subprocess.run([solo, "--generate", str(count), params], check=True,
                           capture_output=True)
            theirs = (time.perf_counter() - start) / count
            line += f"; sgt-solo {params}: {theirs:.3f} s/puzzle; ratio {ours / theirs:.1f}"
        print(line, flush=True)


#: Tatham's grades, in order, as listed in tatham-grades.txt.
SOLO_GRADES = ("basic", "intermediate", "advanced", "extreme")


def agreement() -> None:
    """Spearman's correlation between Solo's grade and ``rate``'s score on 40 Solo puzzles."""
    sudoku = get("sudoku")
    rows = [line.split() for line in (TOP95.parent / "tatham-grades.txt").read_text()
            .splitlines() if line.strip() and not line.startswith("#")]
    grades = [SOLO_GRADES.index(grade) for grade, _ in rows]
    scores = [sudoku.rate(sudoku.parse(game_id)).details["score"] for _, game_id in rows]
    rho = spearman(grades, scores)
    print(f"rating: Spearman {rho:.3f} between Solo's grade and the score ({len(rows)} puzzles)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", nargs="*", default=["numba", "python"],
                        choices=("auto", "python", "numba"),
                        help="settings timed beside the default path (default: numba python)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--generate", type=int, default=0, metavar="N")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for kernels in (None, *args.kernels):
        solve_top95(kernels, args.repeat)
    agreement()
    if args.generate:
        generate(args.generate)


if __name__ == "__main__":
    main()
