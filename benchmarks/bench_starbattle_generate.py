"""Figures for the Star Battle generator and rater (issue 6).

    python benchmarks/bench_starbattle_generate.py [--seeds 10] [--sizes 8/1,10/2,12/2,14/3,17/4]

For each size: the median and worst time to generate one proven-unique puzzle (default method
"grow", then "genetic" on the small sizes) and the share of each rating among them; the time
to make a puzzle of each difficulty (``--difficulty``); the ratings of the published puzzles
in ../shared/data/starbattle (KrazyDad's numbers grow with difficulty).  Puzzles that hit the
per-puzzle limit count as the limit and are reported.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time
from pathlib import Path

from puzzlesmith.engines.driver import warm_all
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle import generator, rules
from puzzlesmith.results import Limits

sb = get("starbattle")

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "starbattle"


def generation(sizes: list[tuple[int, int]], seeds: int, method: str, limit: float) -> None:
    print(f"\nmethod {method}: seconds per puzzle over {seeds} seeds")
    print(f"{'size':>8} {'median':>8} {'worst':>8} {'gave up':>8}  ratings")
    for size, stars in sizes:
        times, ratings, failed = [], collections.Counter(), 0
        for seed in range(seeds):
            start = time.perf_counter()
            result = sb.generate(size=str(size), stars=stars, seed=seed, method=method,
                                 limits=Limits(seconds=limit))
            times.append(time.perf_counter() - start)
            if not result.puzzles:
                failed += 1
                continue
            made = result.puzzles[0]
            assert sb.is_solution(made.instance, made.solution)
            ratings[made.rating] += 1
        shares = ", ".join(f"{level} {n}" for level, n in sorted(ratings.items()))
        print(f"{size:>5}/{stars:<2} {statistics.median(times):8.2f} {max(times):8.2f} "
              f"{failed:8d}  {shares}", flush=True)


def difficulty(sizes: list[tuple[int, int]], seeds: int, limit: float) -> None:
    print(f"\n--difficulty: seconds per puzzle of each level over {seeds} seeds")
    print(f"{'size':>8} {'level':>8} {'median':>8} {'worst':>8} {'made':>6}")
    for size, stars in sizes:
        for level in generator.DIFFICULTIES:
            times, made = [], 0
            for seed in range(seeds):
                start = time.perf_counter()
                result = sb.generate(size=str(size), stars=stars, seed=seed, difficulty=level,
                                     limits=Limits(seconds=limit))
                times.append(time.perf_counter() - start)
                made += len(result.puzzles)
            print(f"{size:>5}/{stars:<2} {level:>8} {statistics.median(times):8.2f} "
                  f"{max(times):8.2f} {made:>3}/{seeds}", flush=True)


def published() -> None:
    print("\nratings of the published puzzles")
    for path in sorted(DATA.glob("*.sb")):
        puzzle = sb.parse(path.read_text())
        start = time.perf_counter()
        rating = rules.rate(puzzle)
        used = {rule: n for rule, n in rating.counts.items() if n}
        print(f"  {path.stem:22} {puzzle.rows:>2}x{puzzle.columns:<2} {rating.level:13} "
              f"{(time.perf_counter() - start) * 1e3:8.1f} ms  {used}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--sizes", default="8/1,10/2,12/2,14/3,17/4")
    parser.add_argument("--genetic-sizes", default="8/1,10/2")
    parser.add_argument("--difficulty-sizes", default="8/1,10/2")
    parser.add_argument("--limit", type=float, default=120.0, help="seconds per puzzle")
    args = parser.parse_args()

    def sizes(text: str) -> list[tuple[int, int]]:
        return [tuple(map(int, part.split("/"))) for part in text.split(",") if part]

    warm_all()  # load the compiled kernels first
    generation(sizes(args.sizes), args.seeds, "grow", args.limit)
    generation(sizes(args.genetic_sizes), args.seeds, "genetic", args.limit)
    difficulty(sizes(args.difficulty_sizes), args.seeds, min(args.limit, 30.0))
    if DATA.is_dir():
        published()


if __name__ == "__main__":
    main()
